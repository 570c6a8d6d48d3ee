package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldRenames removes a projection that only renames variables
// (`WITH c AS w`) right before an aggregation, which then reads the
// original variables under the new names: `WITH c AS w RETURN count(DISTINCT
// w)` aggregates c itself. The aggregation ends the scope, so nothing
// after it can read the projection's names; without the projection, a
// set-at-a-time operator before it hands its set to the aggregation as
// it does when the query is written without the rename.
func foldRenames(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		p, ok := ops[i].(logical.Project)
		if !ok || p.Vectorised || len(p.Subst) > 0 || len(p.Items) == 0 {
			continue
		}
		a, ok := ops[i+1].(logical.Aggregate)
		if !ok {
			continue
		}
		m := make(map[string]string, len(p.Items))
		renames := false
		for _, it := range p.Items {
			v, ok := it.Expr.(*ast.Variable)
			if !ok {
				m = nil
				break
			}
			m[it.Name] = v.Name
			renames = renames || v.Name != it.Name
		}
		if m == nil || !renames {
			continue
		}
		out, ok := renameAggregate(a, m)
		if !ok {
			continue
		}
		return replace(ops, i, 2, out), true
	}
	return ops, false
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
