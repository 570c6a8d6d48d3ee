package planner

import (
	"slices"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// whereOf parses `MATCH (a)-[r]->(b) WHERE <cond> RETURN 1` and returns
// the WHERE expression.
func whereOf(t *testing.T, cond string) ast.Expr {
	t.Helper()
	st, err := parser.Parse("MATCH (a)-[r]->(b) WHERE " + cond + " RETURN 1")
	if err != nil {
		t.Fatalf("%s: %v", cond, err)
	}
	return st.Query.Parts[0].Clauses[0].(*ast.Match).Where
}

// TestTypeTestOf checks which conjuncts read as a set of types of r.
func TestTypeTestOf(t *testing.T) {
	cases := []struct {
		cond  string
		types []string // nil: not a type test of r
	}{
		{"type(r) = 'T'", []string{"T"}},
		{"'T' = type(r)", []string{"T"}},
		{"type(r) IN ['U', 'T', 'U']", []string{"T", "U"}},
		{"type(r) = 'T' OR type(r) IN ['V'] OR 'U' = type(r)", []string{"T", "U", "V"}},
		{"TYPE(r) = 'T'", []string{"T"}},
		{"type(r) <> 'T'", nil},
		{"type(r) < 'T'", nil},
		{"type(r) = 1", nil},
		{"type(r) = $t", nil},
		{"type(r) IN $ts", nil},
		{"type(r) IN ['T', null]", nil},
		{"type(r) = 'T' OR a.k = 1", nil},
		{"type(r) = 'T' AND type(r) = 'U'", nil}, // a conjunction, split before
		{"NOT type(r) = 'T'", nil},
		{"type(a) = 'T'", nil},
	}
	for _, c := range cases {
		got, ok := typeTestOf(whereOf(t, c.cond), "r")
		if ok != (c.types != nil) || !slices.Equal(got, c.types) {
			t.Errorf("%s: got %v (%v), want %v", c.cond, got, ok, c.types)
		}
	}
}

// TestLabelDisjunction checks which ORs of label tests merge, and what
// they merge into.
func TestLabelDisjunction(t *testing.T) {
	cases := []struct{ cond, want string }{
		{"a:A OR a:B", "(a:A|B)"},
		{"a:A OR b:B OR a:C", "((a:A|C) OR (b:B))"},
		{"a:A OR a.k = 1 OR a:B:C", "((a:A|B&C) OR (a.k = 1))"},
		{"a:A OR b:B", ""},
		{"a:A OR a.k = 1", ""},
		{"a:A OR a:$(x)", ""},
	}
	for _, c := range cases {
		e := whereOf(t, c.cond)
		b, isOr := e.(*ast.Binary)
		if !isOr {
			t.Fatalf("%s: not an OR", c.cond)
		}
		got := ""
		if out := labelDisjunction(b); out != nil {
			got = ast.FormatExpr(out)
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.cond, got, c.want)
		}
	}
	neg := whereOf(t, "NOT a:A|B")
	if got := ast.FormatExpr(labelNegation(neg.(*ast.Unary))); got != "(a:!(A|B))" {
		t.Errorf("NOT a:A|B: got %q", got)
	}
}
