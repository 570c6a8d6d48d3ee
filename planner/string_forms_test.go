package planner

import (
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
)

// TestRegexPrefix checks which patterns read as STARTS WITH, and the
// prefix they give.
func TestRegexPrefix(t *testing.T) {
	cases := []struct {
		pattern, prefix string
		ok              bool
	}{
		{`(?s)The.*`, "The", true},
		{`The[\s\S]*`, "The", true},
		{`(?s)a\.b.*`, "a.b", true},
		{`(?s).*`, "", true},
		{`The.*`, "", false}, // the dot stops at a newline
		{`(?i)the.*`, "", false},
		{`(?s)The.+`, "", false},
		{`(?s)The.*x`, "", false},
		{`The`, "", false},
		{`(?s)Th[ea].*`, "", false},
		{`(?s)The.*?`, "The", true}, // lazy or greedy, a whole-string match is the same
		{`(?<=a)b.*`, "", false},    // Java syntax Go rejects
	}
	for _, c := range cases {
		x := &ast.StringMatch{Op: ast.StrRegex, Left: &ast.Variable{Name: "s"}, Right: &ast.Literal{Kind: ast.LitString, Str: c.pattern}}
		got, ok := regexPrefix(x)
		if ok != c.ok {
			t.Errorf("%s: rewritten = %v, want %v", c.pattern, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		m := got.(*ast.StringMatch)
		if m.Op != ast.StrStartsWith || m.Right.(*ast.Literal).Str != c.prefix {
			t.Errorf("%s: got %v %q, want STARTS WITH %q", c.pattern, m.Op, m.Right.(*ast.Literal).Str, c.prefix)
		}
	}
}
