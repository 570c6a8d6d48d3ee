package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldRenames removes a projection that only passes variables on, under
// their names or new ones (`WITH c AS w`, `WITH a, c`, `WITH *`), with the
// selections after it, right before an aggregation, which then reads the
// original variables under the new names: `WITH c AS w RETURN
// count(DISTINCT w)` aggregates c itself. The aggregation ends the scope,
// so nothing after it can read the projection's names; without the
// projection, a set-at-a-time operator or a count rule before it sees
// the aggregation as it does when the query is written without the WITH.
func foldRenames(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	// Every such projection goes in one call, so that the rules after
	// this one in the same round see the expansion right before the
	// aggregation when several WITH clauses stood between.
	changed := false
	for {
		next, ok := foldRename(ops)
		if !ok {
			return ops, changed
		}
		ops, changed = next, true
	}
}

// foldRename folds the first projection (or run of selections) before
// an aggregation that foldRenames removes.
func foldRename(ops []logical.Op) ([]logical.Op, bool) {
	for j, op := range ops {
		a, ok := op.(logical.Aggregate)
		if !ok {
			continue
		}
		i := j // ops[i:j] are the selections right before the aggregation
		for i > 0 {
			if _, sel := ops[i-1].(logical.Select); !sel {
				break
			}
			i--
		}
		if i > 0 {
			if p, ok := ops[i-1].(logical.Project); ok && !p.Vectorised && len(p.Subst) == 0 && len(p.Items) > 0 {
				if m, ok := variableItems(p); ok {
					if out, ok := renameAggregate(a, m); ok {
						return replace(ops, i-1, j-i+2, out), true
					}
				}
			}
		}
		if i < j {
			// Selections alone (WITH * passes every variable): the
			// aggregation reads only what they keep.
			return replace(ops, i, j-i), true
		}
	}
	return ops, false
}

// variableItems maps the names of a projection whose every item is a
// variable to those variables; false when an item computes something.
func variableItems(p logical.Project) (map[string]string, bool) {
	m := make(map[string]string, len(p.Items))
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok {
			return nil, false
		}
		m[it.Name] = v.Name
	}
	return m, true
}

// renameAggregate rewrites a's keys and aggregate arguments through m
// (projected name -> source variable), keeping every output name; false
// when a reads a name m does not cover or an expression renameExpr does
// not handle.
func renameAggregate(a logical.Aggregate, m map[string]string) (logical.Aggregate, bool) {
	out := a
	out.Keys = make([]logical.Item, len(a.Keys))
	for i, k := range a.Keys {
		e, ok := renameExpr(k.Expr, m)
		if !ok {
			return a, false
		}
		out.Keys[i] = logical.Item{Expr: e, Name: k.Name}
	}
	out.Aggs = make([]logical.AggCall, len(a.Aggs))
	for i, c := range a.Aggs {
		call := *c.Call
		args, ok := renameAll(c.Call.Args, m)
		if !ok {
			return a, false
		}
		call.Args = args
		out.Aggs[i] = logical.AggCall{Call: &call, Name: c.Name, IntSum: c.IntSum}
	}
	return out, true
}
