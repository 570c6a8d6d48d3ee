package planner

import (
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// returnedExpr parses `RETURN e` and returns e.
func returnedExpr(t *testing.T, e string) ast.Expr {
	t.Helper()
	st, err := parser.Parse("RETURN " + e)
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	return st.Query.Parts[0].Clauses[0].(*ast.Return).Projection.Items[0].Expr
}

// TestExprWork checks that expressions are priced by the steps they run:
// a comparison of a property with a parameter about one expansion step
// (the unit a row costs), more operands and calls more, a comprehension
// over a list its body per element.
func TestExprWork(t *testing.T) {
	w := func(e string) float64 { return exprWork(returnedExpr(t, e)) }
	simple := w("n.id = $p")
	if simple < 0.5 || simple > 2 {
		t.Errorf("n.id = $p: %.2f units, want about one expansion step", simple)
	}
	for _, pair := range [][2]string{
		{"n.id = $p", "n.id = $p AND n.k > 2"},
		{"n.id = $p", "toUpper(n.name) = $p"},
		{"toUpper(n.name) = $p", "size([x IN n.xs WHERE toUpper(x) = $p]) > 0"},
		{"n.k > 2", "n.k + 1 > 2"},
	} {
		if a, b := w(pair[0]), w(pair[1]); a >= b {
			t.Errorf("%s priced %.2f, not below %s at %.2f", pair[0], a, pair[1], b)
		}
	}
}

// TestHopTestsPriced checks that a set expansion's test on the nodes its
// hop reaches is priced once per node reached: the expansion that tests
// each neighbour costs more than the one that does not, by about the
// test's work per neighbour, and a costlier test costs more.
func TestHopTestsPriced(t *testing.T) {
	b := &builder{stats: fakeStats{}, aggRefs: map[*ast.FunctionCall]string{}}
	chain := func(pred string) float64 {
		h := logical.Hop{Dir: ast.DirRight, Types: []string{"LINKS"}, Var: "x"}
		if pred != "" {
			h.Pred = returnedExpr(t, pred)
		}
		pl := &logical.Pipeline{Ops: []logical.Op{logical.Start{}, logical.NodeScan{Var: "u", Label: "User"},
			logical.ExpandChain{From: "u", To: "x", Hops: []logical.Hop{h}}}}
		return b.cost(pl)
	}
	plain, tested, costly := chain(""), chain("x.name = $p"), chain("toUpper(x.name) STARTS WITH $p")
	if !(plain < tested && tested < costly) {
		t.Errorf("the expansion costs %.4g untested, %.4g testing a property, %.4g testing a function of it: want increasing", plain, tested, costly)
	}
}
