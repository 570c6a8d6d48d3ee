package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// dropSeekedTests drops a filter's conjunct `v IN list` when v was bound
// by a seek of the nodes that very list holds (a NodeSetSeek with
// Nodes: `WITH collect(o) AS os MATCH (o)-->(p) WHERE o IN os` seeks o
// from os): every node the seek binds is in the list, so the test is true
// on every row, and is left as a per-row membership test in a list
// otherwise (which, after a set expansion from v, also keeps the reached
// set from going whole to count(DISTINCT ...)). The conjunct must name
// the list exactly as the seek does, and neither v nor any variable the
// list reads is bound again between the seek and the filter.
func dropSeekedTests(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Vectorised {
			continue
		}
		_, at, ok := scopeAt(ops, i)
		if !ok {
			continue
		}
		parts := conjuncts(f.Pred)
		for k, c := range parts {
			in, ok := c.(*ast.In)
			if !ok {
				continue
			}
			v, ok := in.Expr.(*ast.Variable)
			if !ok {
				continue
			}
			j, bound := at[v.Name]
			if !bound {
				continue
			}
			seek, ok := ops[j].(logical.NodeSetSeek)
			if !ok || !seek.Nodes || seek.Var != v.Name || ast.FormatExpr(seek.List) != ast.FormatExpr(in.List) {
				continue
			}
			reads := newVarSet()
			addExprVars(in.List, &reads)
			if reads.all {
				continue
			}
			stable := true
			for n := range reads.names {
				if p, ok := at[n]; ok && p >= j {
					stable = false
				}
			}
			if !stable {
				continue
			}
			rest := append(append([]ast.Expr(nil), parts[:k]...), parts[k+1:]...)
			if len(rest) == 0 {
				return replace(ops, i, 1), true
			}
			f.Pred = andAll(rest)
			return replace(ops, i, 1, f), true
		}
	}
	return ops, false
}
