package planner

import (
	"slices"
	"strings"
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

// TestTypeSetOf checks which conjuncts read as a set of types of r, and
// the set.
func TestTypeSetOf(t *testing.T) {
	cases := []struct {
		cond string
		want string // "": not a type test of r; "!" before a complement
	}{
		{"type(r) = 'T'", "T"},
		{"'T' = type(r)", "T"},
		{"type(r) IN ['U', 'T', 'U']", "T,U"},
		{"type(r) = 'T' OR type(r) IN ['V'] OR 'U' = type(r)", "T,U,V"},
		{"TYPE(r) = 'T'", "T"},
		{"type(r) <> 'T'", "!T"},
		{"'T' <> type(r)", "!T"},
		{"NOT type(r) = 'T'", "!T"},
		{"NOT type(r) IN ['T', 'U']", "!T,U"},
		{"r:T", "T"},
		{"NOT r:T", "!T"},
		{"r:!T", "!T"},
		{"r:T|U", "T,U"},
		{"r:!(T|U)", "!T,U"},
		{"r:!T&!U", "!T,U"},
		{"r:T&U", ""},
		{"r:%", "!"},
		{"r:!T|U", "!T"},
		{"type(r) <> 'T' AND type(r) <> 'U'", "!T,U"},
		{"type(r) <> 'T' OR type(r) = 'T'", "!"},
		{"type(r) <> 'T' AND r:U|T", "U"},
		{"NOT (type(r) = 'T' OR r:U)", "!T,U"},
		{"type(r) = 'T' XOR r:T|U", "U"},
		{"type(r) = 'T' AND type(r) = 'U'", ""},
		{"type(r) < 'T'", "-"},
		{"type(r) = 1", "-"},
		{"type(r) = $t", "-"},
		{"type(r) IN $ts", "-"},
		{"type(r) IN ['T', null]", "-"},
		{"NOT type(r) IN ['T', null]", "-"},
		{"type(r) = 'T' OR a.k = 1", "-"},
		{"type(a) = 'T'", "-"},
		{"a:T", "-"},
		{"r:$('T')", "-"},
	}
	for _, c := range cases {
		s, ok := typeSetOf(whereOf(t, c.cond), "r")
		got := "-"
		if ok {
			got = strings.Join(s.names, ",")
			if s.except {
				got = "!" + got
			}
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.cond, got, c.want)
		}
	}
	// A complement lists the dictionary's other types.
	all := func() ([]string, bool) { return []string{"U", "T", "V"}, true }
	got, ok := typeSet{names: []string{"T"}, except: true}.resolve(all)
	if !ok || !slices.Equal(got, []string{"U", "V"}) {
		t.Errorf("resolve !T: got %v (%v)", got, ok)
	}
	if _, ok := anyType.resolve(func() ([]string, bool) { return nil, false }); ok {
		t.Errorf("resolve without a dictionary: got ok")
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
