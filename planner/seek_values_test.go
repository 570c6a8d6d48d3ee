package planner

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// hubStats is fakeStats where :User {id: 7} has 50,000 relationships each
// way and every other User 5 (the mean is 5).
type hubStats struct{ fakeStats }

func (hubStats) SeekDegree(label, key string, v value.Value, typ string, out bool) float64 {
	if label != "User" || key != "id" {
		return -1
	}
	if n, ok := v.(value.Int); ok && n == 7 {
		return 50000
	}
	return 5
}

// TestSeekOfKnownValues: a seek keyed by a variable an UNWIND of a list
// known when planning binds is estimated as the seek of those values:
// the hub's degree, not the mean, whether the UNWIND is written before
// the MATCH or after it, and the mean of the values' degrees for a list.
func TestSeekOfKnownValues(t *testing.T) {
	for _, c := range []struct{ id string }{{"7"}, {"8"}} {
		forms := []string{
			"MATCH (u:User {id: " + c.id + "})-->()-->(x) RETURN count(DISTINCT x) AS n",
			"UNWIND [" + c.id + "] AS k MATCH (u:User {id: k})-->()-->(x) RETURN count(DISTINCT x) AS n",
			"MATCH (u:User)-->()-->(x) UNWIND [" + c.id + "] AS k MATCH (u) WHERE u.id = k RETURN count(DISTINCT x) AS n",
			"UNWIND [" + c.id + "] AS j MATCH (u:User)-->()-->(x) UNWIND [j] AS k MATCH (u) WHERE u.id = k RETURN count(DISTINCT x) AS n",
			"MATCH (u:User)-[r]->(m) WITH u AS w, m, r UNWIND [" + c.id + "] AS k MATCH (w) WHERE w.id = k MATCH (m)-[s]->(x) WHERE r <> s RETURN count(DISTINCT x) AS n",
			// A renaming WITH passes a MATCH whose WHERE quantifies.
			"MATCH (u:User)-[r]->(m) WITH u AS w, m, r UNWIND [" + c.id + "] AS k MATCH (w) WHERE any(i IN [k] WHERE w.id = i) MATCH (m)-[s]->(x) WHERE r <> s RETURN count(DISTINCT x) AS n",
		}
		lit := compileWith(t, hubStats{}, forms[0]).Cost
		for _, q := range forms[1:] {
			comp := compileWith(t, hubStats{}, q)
			if r := comp.Cost / lit; r > 1.5 || r < 1/1.5 {
				t.Errorf("%s: costs %.4g, the literal seek %.4g\n%s", q, comp.Cost, lit, comp.Plan.Explain())
			}
		}
	}
	hub := compileWith(t, hubStats{}, "UNWIND [7] AS k MATCH (u:User {id: k})-->()-->(x) RETURN count(DISTINCT x) AS n").Cost
	other := compileWith(t, hubStats{}, "UNWIND [8] AS k MATCH (u:User {id: k})-->()-->(x) RETURN count(DISTINCT x) AS n").Cost
	both := compileWith(t, hubStats{}, "UNWIND [7, 8] AS k MATCH (u:User {id: k})-->()-->(x) RETURN count(DISTINCT x) AS n").Cost
	if hub < 100*other {
		t.Errorf("the hub's seek costs %.4g, another's %.4g: the hub's degree is not read", hub, other)
	}
	if both < hub || math.IsInf(both, 0) {
		t.Errorf("a list with the hub costs %.4g, the hub alone %.4g", both, hub)
	}
}

// TestRenameQuantifier: a quantifier's own variable keeps its name and
// shadows the renaming; a renaming that it would capture is refused.
func TestRenameQuantifier(t *testing.T) {
	v := func(n string) *ast.Variable { return &ast.Variable{Name: n} }
	q := &ast.Quantifier{Kind: ast.QuantAny, Var: v("i"), In: v("l"),
		Where: &ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{v("x"), v("i")}}}
	out, ok := renameExpr(q, map[string]string{"l": "l2", "x": "y", "i": "z"})
	if !ok {
		t.Fatal("not renamed")
	}
	got := out.(*ast.Quantifier)
	cmp := got.Where.(*ast.Comparison)
	if got.In.(*ast.Variable).Name != "l2" || cmp.Operands[0].(*ast.Variable).Name != "y" || cmp.Operands[1].(*ast.Variable).Name != "i" {
		t.Errorf("renamed to %+v", got)
	}
	if _, ok := renameExpr(q, map[string]string{"l": "l", "x": "i"}); ok {
		t.Error("x renamed to i, which the quantifier's i captures")
	}
}

// TestUnwindOfOnePassesSubqueries: an UNWIND of one element moves before
// a MATCH whose WHERE holds a subquery, so its equality chooses the start
// as the literal does; not when the subquery names its variable.
func TestUnwindOfOnePassesSubqueries(t *testing.T) {
	for _, c := range []struct{ lit, q string }{
		{"MATCH (a:User {id: 8}), (c:User) WHERE EXISTS { (a)-->()-->(c) } RETURN count(*) AS n",
			"MATCH (a:User), (c:User) WHERE EXISTS { MATCH (a)-->()-->(c) } UNWIND [8] AS k MATCH (a) WHERE a.id = k RETURN count(*) AS n"},
		{"MATCH (a:User {id: 8}), (c:User) WHERE NOT EXISTS { (a)-->()-->(c) } RETURN count(*) AS n",
			"MATCH (a:User), (c:User) WHERE NOT EXISTS { MATCH (a)-->()-->(c) } WITH a, c UNWIND [8] AS k MATCH (a) WHERE a.id = k RETURN count(*) AS n"},
	} {
		lit := compileWith(t, hubStats{}, c.lit).Cost
		comp := compileWith(t, hubStats{}, c.q)
		if r := comp.Cost / lit; r > 1.5 || r < 1/1.5 {
			t.Errorf("%s: costs %.4g, the literal seek %.4g\n%s", c.q, comp.Cost, lit, comp.Plan.Explain())
		}
	}
	q := "MATCH (a:User) WHERE EXISTS { MATCH (a)-->(k) } UNWIND [8] AS k MATCH (a) WHERE a.id = k RETURN count(*) AS n"
	comp := compileWith(t, hubStats{}, q)
	if _, first := comp.Plan.Pipelines[0].Ops[1].(logical.Unwind); first {
		t.Errorf("%s: the UNWIND moved before a subquery naming k\n%s", q, comp.Plan.Explain())
	}
}

// TestQuantifiedEqualityKeepsStart: a clause moved to the front of a run
// for the equality its WHERE writes as a quantifier keeps that equality,
// which then chooses its start.
func TestQuantifiedEqualityKeepsStart(t *testing.T) {
	for _, where := range []string{"n1.id = 7", "any(i IN [7] WHERE n1.id = i)", "n1.id IN [7]"} {
		q := "MATCH (a:User)-[r1]->(n2) MATCH (n2)-[r2]->(n1) WHERE " + where + " AND r1 <> r2 RETURN a.id AS id, count(*) AS n"
		comp := compileWith(t, hubStats{}, q)
		if got := startVar(comp); got != "n1" {
			t.Errorf("%s: starts at %s, want n1\n%s", q, got, comp.Plan.Explain())
		}
	}
}

// TestStartOfKnownValues: a chain's start is priced with the values an
// UNWIND before it binds: of two seeks, the hub's (u, 50,000
// relationships) is not the start, whether its key is a literal, an
// UNWIND's variable or a variable an UNWIND of that variable binds, and
// the plans cost the same.
func TestStartOfKnownValues(t *testing.T) {
	forms := []string{
		"MATCH (u:User {id: 7})-->(m)<--(v:User {id: 8}) RETURN count(*) AS n",
		"UNWIND [7] AS k MATCH (u:User {id: k})-->(m)<--(v:User {id: 8}) RETURN count(*) AS n",
		"UNWIND [7] AS j UNWIND [j] AS k MATCH (u:User {id: k})-->(m)<--(v:User {id: 8}) RETURN count(*) AS n",
		"UNWIND [7] AS k MATCH (u:User)-->(m)<--(v:User) WHERE u.id = k AND v.id = 8 RETURN count(*) AS n",
	}
	lit := compileWith(t, hubStats{}, forms[0])
	for _, q := range forms {
		c := compileWith(t, hubStats{}, q)
		if v := startVar(c); v != "v" {
			t.Errorf("%s starts at %s, not at the seek of v\n%s", q, v, c.Plan.Explain())
		}
		if r := c.Cost / lit.Cost; r > 1.5 || r < 1/1.5 {
			t.Errorf("%s: costs %.4g, the literal seek %.4g\n%s", q, c.Cost, lit.Cost, c.Plan.Explain())
		}
	}
}
