package shell

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// Keywords are the Cypher keywords the shell completes.
var Keywords = []string{
	"MATCH", "OPTIONAL", "WHERE", "RETURN", "WITH", "UNWIND", "AS", "ORDER", "BY", "ASC", "DESC",
	"ASCENDING", "DESCENDING", "SKIP", "LIMIT", "DISTINCT", "CREATE", "MERGE", "SET", "REMOVE",
	"DELETE", "DETACH", "CALL", "YIELD", "UNION", "ALL", "AND", "OR", "XOR", "NOT", "IN", "IS",
	"NULL", "TRUE", "FALSE", "CASE", "WHEN", "THEN", "ELSE", "END", "EXISTS", "COUNT", "STARTS",
	"ENDS", "CONTAINS", "ON", "EXPLAIN", "PROFILE", "INDEX", "CONSTRAINT", "FOR", "REQUIRE",
	"UNIQUE", "DROP", "IF", "FOREACH",
}

// Commands are the shell commands.
var Commands = []string{":help", ":schema", ":graphs", ":use", ":params", ":explain", ":format",
	":timing", ":source", ":quit", ":exit", ":begin", ":commit", ":rollback", ":history", ":max-rows"}

// completer offers completions from the keywords, the graph's schema, the
// function registry and the parameters. Schema names are fetched lazily
// and refreshed after each statement.
type completer struct {
	s      *Session
	funcs  []string
	loaded bool
	labels []string
	types  []string
	keys   []string
	keysOf map[string][]string // "(Label" or "[TYPE": the keys in use on them
}

func newCompleter(s *Session) *completer {
	c := &completer{s: s}
	for _, f := range functions.All() {
		name := f.Display
		if name == "" {
			name = f.Name
		}
		c.funcs = append(c.funcs, name)
	}
	return c
}

func (c *completer) invalidate() { c.loaded = false }

// column runs q (bounded to two seconds) and returns the strings of its
// first column.
func (c *completer) column(q string) []string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	r, err := c.s.Query(ctx, q)
	if err != nil {
		return nil
	}
	var out []string
	for _, row := range r.Rows {
		if v, ok := row[0].(value.String); ok {
			out = append(out, string(v))
		}
	}
	return out
}

func (c *completer) load() {
	if c.loaded {
		return
	}
	c.loaded = true
	c.labels = c.column("CALL db.labels()")
	c.types = c.column("CALL db.relationshipTypes()")
	c.keys = c.column("CALL db.propertyKeys()")
	c.keysOf = map[string][]string{}
}

// keysSample is how many nodes or relationships of a label or type are
// looked at for their property keys.
const keysSample = 1000

// propertyKeys returns the keys to complete after "v.": those in use on
// v's label or relationship type when line binds v to one (looked at in
// the first keysSample entities), else every key of the graph.
func (c *completer) propertyKeys(line, v string) []string {
	c.load()
	m := regexp.MustCompile(`([(\[])\s*` + regexp.QuoteMeta(v) + "\\s*:\\s*(`[^`]+`|[\\p{L}_][\\p{L}\\p{N}_]*)").FindStringSubmatch(line)
	if m == nil {
		return c.keys
	}
	name := strings.Trim(m[2], "`")
	k := m[1] + name
	keys, ok := c.keysOf[k]
	if !ok {
		q := fmt.Sprintf("MATCH (x:%s) WITH x LIMIT %d UNWIND keys(x) AS k RETURN DISTINCT k", value.QuoteName(name), keysSample)
		if m[1] == "[" {
			q = fmt.Sprintf("MATCH ()-[x:%s]->() WITH x LIMIT %d UNWIND keys(x) AS k RETURN DISTINCT k", value.QuoteName(name), keysSample)
		}
		keys = c.column(q)
		c.keysOf[k] = keys
	}
	if len(keys) == 0 {
		return c.keys
	}
	return keys
}

// caseLike writes keyword kw (upper case) in the case of word, the prefix
// typed: lower, Title or upper.
func caseLike(word, kw string) string {
	rs := []rune(word)
	switch {
	case word == strings.ToLower(word):
		return strings.ToLower(kw)
	case len(rs) > 1 && unicode.IsUpper(rs[0]) && string(rs[1:]) == strings.ToLower(string(rs[1:])):
		return kw[:1] + strings.ToLower(kw[1:])
	}
	return kw
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// complete is a liner.WordCompleter.
func (c *completer) complete(line string, pos int) (head string, completions []string, tail string) {
	rs := []rune(line)
	if pos > len(rs) {
		pos = len(rs)
	}
	start := pos
	for start > 0 && (isWordRune(rs[start-1]) || rs[start-1] == '.') {
		start--
	}
	word := string(rs[start:pos])
	head, tail = string(rs[:start]), string(rs[pos:])
	prev := rune(0)
	if start > 0 {
		prev = rs[start-1]
	}
	if strings.TrimSpace(head) == ":" {
		return head[:strings.IndexByte(head, ':')], match(Commands, ":"+word, false), tail
	}
	if strings.HasPrefix(strings.TrimSpace(line), ":") {
		return head, nil, tail
	}
	// Schema names after ':' in a pattern, property keys after '.', parameters after '$'.
	switch prev {
	case ':':
		c.load()
		if inRelPattern(rs[:start]) {
			return head, quoteAll(match(c.types, word, true)), tail
		}
		return head, quoteAll(match(append(append([]string{}, c.labels...), c.types...), word, true)), tail
	case '$':
		return head, match(SortedKeys(c.s.Params), word, true), tail
	}
	if i := strings.LastIndexByte(word, '.'); i >= 0 && !c.isFuncNamespace(word[:i]) {
		h := head + word[:i+1]
		return h, quoteAll(match(c.propertyKeys(string(rs[:start]), word[:i]), word[i+1:], true)), tail
	}
	if word == "" {
		return head, nil, tail
	}
	var out []string
	for _, k := range match(Keywords, word, false) {
		out = append(out, caseLike(word, k))
	}
	for _, f := range match(c.funcs, word, false) {
		out = append(out, f+"(")
	}
	sort.Strings(out)
	return head, dedupe(out), tail
}

// isFuncNamespace reports whether ns prefixes a function name ("vector.similarity").
func (c *completer) isFuncNamespace(ns string) bool {
	ns = strings.ToLower(ns) + "."
	for _, f := range c.funcs {
		if strings.HasPrefix(strings.ToLower(f), ns) {
			return true
		}
	}
	return false
}

// inRelPattern reports whether the text ends inside a relationship pattern
// ("-[r" with no closing "]").
func inRelPattern(rs []rune) bool {
	for i := len(rs) - 1; i >= 0; i-- {
		switch rs[i] {
		case '[':
			return i > 0 && (rs[i-1] == '-' || rs[i-1] == '<')
		case ']', '(', ')':
			return false
		}
	}
	return false
}

// match returns the candidates with prefix word (case-insensitively unless
// exact is set, in which case a case-insensitive match is used only when no
// exact-case candidate exists).
func match(cands []string, word string, exact bool) []string {
	var out, fold []string
	lw := strings.ToLower(word)
	for _, c := range cands {
		if strings.HasPrefix(c, word) {
			out = append(out, c)
		} else if strings.HasPrefix(strings.ToLower(c), lw) {
			fold = append(fold, c)
		}
	}
	if !exact || len(out) == 0 {
		out = append(out, fold...)
	}
	sort.Strings(out)
	return dedupe(out)
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = value.QuoteName(n)
	}
	return out
}

func dedupe(s []string) []string {
	if len(s) < 2 {
		return s
	}
	out := s[:1]
	for _, x := range s[1:] {
		if x != out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}
