package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// distinctTupleCount reads a count of distinct tuples written as one
// value, `count(DISTINCT [a, c])` or `count(DISTINCT {a: a, c: c})` with
// variables for items, as the DISTINCT of the rows on those variables
// followed by count(*): `WITH DISTINCT a, c RETURN count(*)`. A list or
// map literal is never null, so the count counts every row's tuple once
// (nulls among the items included, as a DISTINCT row keeps them), and two
// tuples are the same list or map exactly when their items are the same
// values item by item, as DISTINCT compares rows. Once a DISTINCT, it is
// what the other rules read: dropped where the rows are distinct on those
// variables already (a set expansion's pairs, dropDistinctRows), handed
// to a set count. The literal is no longer built and hashed per row.
//
// The aggregation may be grouped when every key reads only items that
// are nodes or relationships: a key is then the same on every row of a
// tuple (an entity is equal only to itself), so the tuples are counted
// per group as before and a key that fails fails on a row that is kept.
// (A scalar item could be equal to a value a key tells apart, 1 and 1.0,
// so then there must be no key.) The count must be the aggregation's
// only aggregate: any other would see the tuples once instead of every
// row.
func distinctTupleCount(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		a, ok := op.(logical.Aggregate)
		if !ok || len(a.Aggs) != 1 {
			continue
		}
		vars, ok := tupleVars(a.Aggs[0].Call)
		if !ok {
			continue
		}
		if len(a.Keys) > 0 {
			entities := entitiesAt(ops, i)
			inTuple := map[string]bool{}
			for _, v := range vars {
				inTuple[v] = entities[v]
			}
			keyed := true
			for _, k := range a.Keys {
				for v := range exprVars(k.Expr) {
					keyed = keyed && inTuple[v]
				}
			}
			if !keyed {
				continue
			}
		}
		count := a
		count.Aggs = []logical.AggCall{{Call: &ast.FunctionCall{Span: a.Aggs[0].Call.Span, Name: "count", Star: true}, Name: a.Aggs[0].Name}}
		return replace(ops, i, 1, logical.Distinct{Vars: vars}, count), true
	}
	return ops, false
}

// tupleVars returns the distinct variables of call when it is
// count(DISTINCT [v1, ...]) or count(DISTINCT {k1: v1, ...}) with a
// variable for every item.
func tupleVars(call *ast.FunctionCall) ([]string, bool) {
	if call == nil || !call.Distinct || call.Star || len(call.Namespace) != 0 || len(call.Args) != 1 || !strings.EqualFold(call.Name, "count") {
		return nil, false
	}
	var items []ast.Expr
	switch l := call.Args[0].(type) {
	case *ast.ListLiteral:
		items = l.Items
	case *ast.MapLiteral:
		seen := map[string]bool{}
		for _, e := range l.Entries {
			if seen[e.Key] {
				return nil, false
			}
			seen[e.Key] = true
			items = append(items, e.Value)
		}
	default:
		return nil, false
	}
	if len(items) == 0 {
		return nil, false
	}
	var vars []string
	for _, it := range items {
		v, ok := varName(it)
		if !ok {
			return nil, false
		}
		if !contains(vars, v) {
			vars = append(vars, v)
		}
	}
	return vars, true
}
