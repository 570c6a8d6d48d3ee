package metamorphic

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseChain reads one path pattern in the small syntax the questions use:
// an optional "p = ", then node patterns (v:L1:L2 {k: v, ...}) joined by
// relationship patterns -->, <--, --, -[v:T1|T2]->, <-[*1..3]-,
// -[v:T*2]-. Property values are literals without commas or braces (or
// $name placeholders).
func ParseChain(s string) (Chain, error) {
	var c Chain
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "="); i > 0 && !strings.ContainsAny(s[:i], "({[") {
		c.Path = strings.TrimSpace(s[:i])
		s = strings.TrimSpace(s[i+1:])
	}
	for {
		if !strings.HasPrefix(s, "(") {
			return c, fmt.Errorf("pattern %q: want a node pattern", s)
		}
		end := strings.Index(s, ")")
		if end < 0 {
			return c, fmt.Errorf("pattern %q: unclosed node pattern", s)
		}
		n, err := parseNode(s[1:end])
		if err != nil {
			return c, err
		}
		c.Nodes = append(c.Nodes, n)
		s = s[end+1:]
		if s == "" {
			return c, nil
		}
		r, rest, err := parseRel(s)
		if err != nil {
			return c, err
		}
		c.Rels = append(c.Rels, r)
		s = rest
	}
}

func parseNode(s string) (Node, error) {
	var n Node
	head, props, hasProps := strings.Cut(s, "{")
	if hasProps {
		body, ok := strings.CutSuffix(strings.TrimSpace(props), "}")
		if !ok {
			return n, fmt.Errorf("node pattern %q: unclosed map", s)
		}
		for _, kv := range strings.Split(body, ",") {
			k, v, ok := strings.Cut(kv, ":")
			if !ok {
				return n, fmt.Errorf("node pattern %q: bad map entry %q", s, kv)
			}
			n.Props = append(n.Props, Prop{Key: strings.TrimSpace(k), Val: strings.TrimSpace(v)})
		}
	}
	parts := strings.Split(strings.TrimSpace(head), ":")
	n.Var = strings.TrimSpace(parts[0])
	for _, l := range parts[1:] {
		n.Labels = append(n.Labels, strings.TrimSpace(l))
	}
	return n, nil
}

func parseRel(s string) (Rel, string, error) {
	var r Rel
	left := strings.HasPrefix(s, "<")
	s = strings.TrimPrefix(s, "<")
	if !strings.HasPrefix(s, "-") {
		return r, "", fmt.Errorf("pattern %q: want a relationship pattern", s)
	}
	s = s[1:]
	if strings.HasPrefix(s, "[") {
		end := strings.Index(s, "]")
		if end < 0 {
			return r, "", fmt.Errorf("pattern %q: unclosed relationship pattern", s)
		}
		body := s[1:end]
		s = s[end+1:]
		if head, length, ok := strings.Cut(body, "*"); ok {
			body = head
			r.VarLen = true
			lo, hi, ranged := strings.Cut(length, "..")
			var err1, err2 error
			r.Min, err1 = strconv.Atoi(lo)
			r.Max = r.Min
			if ranged {
				if lo == "" {
					r.Min, err1, r.Short = 1, nil, true
				}
				r.Max, err2 = strconv.Atoi(hi)
			}
			if err1 != nil || err2 != nil {
				return r, "", fmt.Errorf("relationship length %q: want *n, *m..n or *..n", length)
			}
		}
		v, types, _ := strings.Cut(body, ":")
		r.Var = strings.TrimSpace(v)
		if types != "" {
			r.Types = strings.Split(types, "|")
		}
	}
	right := strings.HasPrefix(s, "->")
	switch {
	case right:
		s = s[2:]
	case strings.HasPrefix(s, "-"):
		s = s[1:]
	default:
		return r, "", fmt.Errorf("pattern %q: relationship pattern not closed", s)
	}
	switch {
	case left && right:
		return r, "", fmt.Errorf("relationship pattern <-...-> is not a direction")
	case left:
		r.Dir = In
	case right:
		r.Dir = Out
	default:
		r.Dir = Both
	}
	return r, s, nil
}

// mustChain is ParseChain for the package's own question table.
func mustChain(s string) Chain {
	c, err := ParseChain(s)
	if err != nil {
		panic(err)
	}
	return c
}
