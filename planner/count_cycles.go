package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countCycles turns a closed directed triangle (a)-->(b)-->(c)-->(a)
// whose rows are only counted (count(*), nothing after it reads b, c or
// the relationships) into a CycleCount: per relationship a->b, the size of
// out(b) AND in(a) (the VM falls back to exact enumeration where parallel
// relationships or self-loops make sets and MATCH differ).
func countCycles(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	directed := func(e logical.Expand) bool { return e.Dir == ast.DirRight || e.Dir == ast.DirLeft }
	for i := 0; i+2 < len(ops); i++ {
		e1, ok1 := ops[i].(logical.Expand)
		e2, ok2 := ops[i+1].(logical.Expand)
		e3, ok3 := ops[i+2].(logical.Expand)
		if !ok1 || !ok2 || !ok3 {
			continue
		}
		if !directed(e1) || !directed(e2) || !directed(e3) || e1.ToBound || e2.ToBound || !e3.ToBound {
			continue
		}
		if e2.From != e1.To || e3.From != e2.To || e3.To != e1.From || e1.RelBound || e2.RelBound || e3.RelBound || len(e1.Distinct) > 0 {
			continue
		}
		if req.After[i+2].Live.hasAny(e1.To, e2.To, e1.Rel, e2.Rel, e3.Rel) {
			continue
		}
		// The VM counts cycles of three distinct relationships, as one
		// MATCH matches them: the three hops must be of one MATCH (each
		// distinct from the ones before it), not a hop of one MATCH
		// closed by two of the next, which may walk the first hop's
		// relationship again.
		if !sameVars(e2.Distinct, e1.Rel) || !sameVars(e3.Distinct, e1.Rel, e2.Rel) {
			continue
		}
		// The rows must reach an aggregation of count(*) one for one.
		agg := -1
	scan:
		for j := i + 3; j < len(ops); j++ {
			switch ops[j].(type) {
			case logical.Project, logical.Select, logical.Filter:
			case logical.Aggregate:
				agg = j
				break scan
			default:
				break scan
			}
		}
		if agg < 0 {
			continue
		}
		a := ops[agg].(logical.Aggregate)
		allStar := len(a.Aggs) > 0
		for _, c := range a.Aggs {
			allStar = allStar && c.Call.Star
		}
		if !allStar {
			continue
		}
		into := b.fresh("cycles")
		cc := logical.CycleCount{Var: e1.From, Into: into, Hops: [3]logical.Hop{{Dir: e1.Dir, Types: e1.Types}, {Dir: e2.Dir, Types: e2.Types}, {Dir: e3.Dir, Types: e3.Types}}}
		aggs := make([]logical.AggCall, len(a.Aggs))
		for k, c := range a.Aggs {
			aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{&ast.Variable{Name: into}}}}
		}
		a.Aggs = aggs
		out := keepThrough(replace(ops, agg, 1, a), i+3, agg, into)
		return replace(out, i, 3, cc), true
	}
	return ops, false
}

// sameVars reports whether vars holds exactly the names want, in any
// order.
func sameVars(vars []string, want ...string) bool {
	if len(vars) != len(want) {
		return false
	}
	for _, w := range want {
		if !slices.Contains(vars, w) {
			return false
		}
	}
	return true
}
