package planner

import (
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// TestRegexForm checks which patterns read as STARTS WITH, ENDS WITH or
// CONTAINS, and the test they give.
func TestRegexForm(t *testing.T) {
	cases := []struct {
		pattern, want string // want "" when the pattern stays
	}{
		{`(?s)The.*`, `s STARTS WITH 'The'`},
		{`The[\s\S]*`, `s STARTS WITH 'The'`},
		{`(?s)a\.b.*`, `s STARTS WITH 'a.b'`},
		{`(?s).*`, `s ENDS WITH ''`},
		{`The.*`, `(s STARTS WITH 'The') AND (NOT (s CONTAINS '\n'))`}, // the dot stops at a newline
		{`.*an.*`, `(s CONTAINS 'an') AND (NOT (s CONTAINS '\n'))`},
		{`(?s).*an.*`, `s CONTAINS 'an'`},
		{`[\s\S]*an[\s\S]*`, `s CONTAINS 'an'`},
		{`.*s`, `(s ENDS WITH 's') AND (NOT (s CONTAINS '\n'))`},
		{`(?s).*s`, `s ENDS WITH 's'`},
		{`[^\n]*an`, `(s ENDS WITH 'an') AND (NOT (s CONTAINS '\n'))`},
		{`.*`, `(s ENDS WITH '') AND (NOT (s CONTAINS '\n'))`},
		{`(?s).*a\nb.*`, `s CONTAINS 'a\nb'`},
		{`.*a\nb.*`, ""}, // never matches: the literal holds a newline the dots exclude
		{`(?s).*an.*?`, `s CONTAINS 'an'`},
		{`(?i)the.*`, ""},
		{`(?s)The.+`, ""},
		{`(?s)The.*x`, ""},
		{`The`, ""}, // equality on strings, but null on other values
		{`(?s)Th[ea].*`, ""},
		{`(?s).*a.*b.*`, ""},
		{`(?s).*an.*`[4:], `(s CONTAINS 'an') AND (NOT (s CONTAINS '\n'))`},
		{`(?s:.*)an.*`, ""}, // two kinds of dot
		{`(?<=a)b.*`, ""},   // Java syntax Go rejects
	}
	for _, c := range cases {
		x := &ast.StringMatch{Op: ast.StrRegex, Left: &ast.Variable{Name: "s"}, Right: &ast.Literal{Kind: ast.LitString, Str: c.pattern}}
		got, ok := regexForm(x)
		if ok != (c.want != "") {
			t.Errorf("%s: rewritten = %v, want %v", c.pattern, ok, c.want != "")
			continue
		}
		if ok && ast.FormatExpr(got) != "("+c.want+")" {
			t.Errorf("%s: got %s, want %s", c.pattern, ast.FormatExpr(got), c.want)
		}
	}
	// A dot that stops at newlines reads s twice: only a plain s.
	x := &ast.StringMatch{Op: ast.StrRegex, Left: &ast.FunctionCall{Name: "toLower", Args: []ast.Expr{&ast.Variable{Name: "s"}}}, Right: &ast.Literal{Kind: ast.LitString, Str: ".*an.*"}}
	if got, ok := regexForm(x); ok {
		t.Errorf("toLower(s) =~ '.*an.*' became %s", ast.FormatExpr(got))
	}
}

// TestSubstringScanForm checks which quantifiers read as CONTAINS.
func TestSubstringScanForm(t *testing.T) {
	cases := []struct {
		expr string
		ok   bool
	}{
		{`any(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i, 2) = 'an')`, true},
		{`any(i IN range(0, size(p.name) - 2) WHERE 'an' = substring(p.name, i, 2))`, true},
		{`any(i IN range(0, size(p.name) - 2, 1) WHERE substring(p.name, i, 2) = 'an')`, true},
		{`any(i IN range(0, size(s) - 1) WHERE substring(s, i, 1) = 'é')`, true},
		{`any(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i, 3) = 'ann')`, false}, // the last window is short
		{`any(i IN range(0, size(p.name) - 3) WHERE substring(p.name, i, 2) = 'an')`, false},
		{`any(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i, 2) = 'a')`, false},
		{`any(i IN range(1, size(p.name) - 2) WHERE substring(p.name, i, 2) = 'an')`, false},
		{`any(i IN range(0, size(p.name) - 2, 2) WHERE substring(p.name, i, 2) = 'an')`, false},
		{`any(i IN range(0, size(p.name) - 2) WHERE substring(p.title, i, 2) = 'an')`, false},
		{`any(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i + 1, 2) = 'an')`, false},
		{`all(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i, 2) = 'an')`, false},
		{`any(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i, 2) <> 'an')`, false},
		{`any(i IN range(0, size(i) - 2) WHERE substring(i, i, 2) = 'an')`, false},
	}
	for _, c := range cases {
		st, err := parser.Parse("WITH {} AS p, '' AS s RETURN " + c.expr + " AS x")
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		cl := st.Query.Parts[0].Clauses
		q, ok := cl[len(cl)-1].(*ast.Return).Projection.Items[0].Expr.(*ast.Quantifier)
		if !ok {
			t.Fatalf("%s: not a quantifier", c.expr)
		}
		got := substringScanForm(q)
		if (got != nil) != c.ok {
			t.Errorf("%s: rewritten = %v, want %v", c.expr, got != nil, c.ok)
		}
	}
}
