package parser

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
)

// tckQuery is one query text extracted from the TCK corpus.
type tckQuery struct {
	File     string
	Scenario string
	Kind     string // "setup", "query" or "control"
	Text     string
	// SyntaxError is the expected compile-time SyntaxError detail of the
	// scenario ("" when none); it applies to Kind == "query".
	SyntaxError string
}

var (
	reScenario = regexp.MustCompile(`^\s*Scenario(?: Outline)?:\s*(.*)$`)
	reExamples = regexp.MustCompile(`^\s*Examples:`)
	reSyntax   = regexp.MustCompile(`^\s*Then a SyntaxError should be raised at compile time: (\S+)`)
	rePlace    = regexp.MustCompile(`<([^<>\s]+)>`)
)

// tckQueries extracts every query of the corpus, expanding Scenario Outlines
// (a small line-based reader; the conformance runner parses Gherkin
// properly).
func tckQueries(tb testing.TB) []tckQuery {
	tb.Helper()
	dir := testenv.TCKFeatures(tb)
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".feature") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	var out []tckQuery
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		out = append(out, extractFeature(rel, string(data))...)
	}
	return out
}

type scenarioText struct {
	name    string
	queries []tckQuery
	syntax  string
	header  []string
	rows    [][]string
}

func extractFeature(file, text string) []tckQuery {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var scs []*scenarioText
	var cur *scenarioText
	inExamples := false
	lastStep := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "#") {
			continue
		}
		if m := reScenario.FindStringSubmatch(line); m != nil {
			cur = &scenarioText{name: m[1]}
			scs = append(scs, cur)
			inExamples = false
			continue
		}
		if cur == nil {
			continue
		}
		if reExamples.MatchString(line) {
			inExamples = true
			cur.header = nil
			continue
		}
		if m := reSyntax.FindStringSubmatch(line); m != nil {
			cur.syntax = m[1]
		}
		if trim == `"""` {
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			var body []string
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != `"""`; i++ {
				l := lines[i]
				if len(l) >= indent && strings.TrimSpace(l[:indent]) == "" {
					l = l[indent:]
				} else {
					l = strings.TrimLeft(l, " \t")
				}
				body = append(body, l)
			}
			kind := ""
			switch {
			case strings.Contains(lastStep, "having executed"):
				kind = "setup"
			case strings.Contains(lastStep, "executing control query"):
				kind = "control"
			case strings.Contains(lastStep, "executing query"):
				kind = "query"
			}
			if kind != "" {
				cur.queries = append(cur.queries, tckQuery{File: file, Scenario: cur.name, Kind: kind, Text: strings.Join(body, "\n")})
			}
			continue
		}
		if inExamples && strings.HasPrefix(trim, "|") {
			cells := splitRow(trim)
			if cur.header == nil {
				cur.header = cells
			} else {
				cur.rows = append(cur.rows, cells)
			}
			continue
		}
		if trim != "" {
			lastStep = trim
		}
	}
	var out []tckQuery
	for _, sc := range scs {
		rows := sc.rows
		if len(rows) == 0 {
			rows = [][]string{nil}
		}
		for _, row := range rows {
			sub := func(s string) string {
				return rePlace.ReplaceAllStringFunc(s, func(m string) string {
					name := m[1 : len(m)-1]
					for k, h := range sc.header {
						if h == name && k < len(row) {
							return row[k]
						}
					}
					return m
				})
			}
			for _, q := range sc.queries {
				q.Text = sub(q.Text)
				if q.Kind == "query" {
					q.SyntaxError = sub(sc.syntax)
				}
				out = append(out, q)
			}
		}
	}
	return out
}

// splitRow splits a Gherkin table row, honouring \| and \\ escapes.
func splitRow(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	var cells []string
	var b strings.Builder
	for i := 0; i < len(row); i++ {
		c := row[i]
		switch {
		case c == '\\' && i+1 < len(row):
			i++
			switch row[i] {
			case 'n':
				b.WriteByte('\n')
			case '|', '\\':
				b.WriteByte(row[i])
			default:
				b.WriteByte('\\')
				b.WriteByte(row[i])
			}
		case c == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return cells
}
