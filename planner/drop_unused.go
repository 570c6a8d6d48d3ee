package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// dropUnused removes, at every operator, what it computes that no
// consumer reads (the live variables of the required-properties
// analysis), when computing it can neither fail nor have an effect
// (cannotFail):
//
//   - a projection item (`WITH a AS b` whose b is not used, the node and
//     relationship lists of a quantified path pattern's group variables
//     never named again, a column an aggregation computed that nothing
//     reads any more); a projection left with no items goes too;
//   - a named path's binding (`MATCH p = (a)-[*1..3]->(c) RETURN
//     count(DISTINCT c)`): its relationships then need not be enumerated;
//   - an aggregate (count, collect, min or max of what cannot fail): a
//     grouping left without aggregates is DISTINCT on its keys, never
//     less (`WITH c, count(*) AS unused RETURN count(*)` counts the
//     distinct c), and tells the operators before it that multiplicity no
//     longer matters; without keys an aggregation gives one row even of no
//     input rows, so it keeps one aggregate;
//   - a WITH boundary's variable that nothing after it reads.
//
// What is dropped may make what it read unused in turn; the rule loop
// runs to a fixed point.
func dropUnused(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	paths := map[string]bool{} // names bound to paths so far
	for i, op := range ops {
		entities := entityVars(ops[:i], nil)
		live := req.After[i].Live
		switch o := op.(type) {
		case logical.PathBind:
			if !live.has(o.Var) {
				return replace(ops, i, 1), true
			}
			paths[o.Var] = true
		case logical.ShortestPath:
			paths[o.Path] = o.Path != ""
		case logical.Project:
			var keep []logical.Item
			for _, it := range o.Items {
				if live.has(it.Name) || !b.cannotFail(it.Expr, entities, paths) {
					keep = append(keep, it)
				}
			}
			if len(keep) == len(o.Items) {
				continue
			}
			if len(keep) == 0 {
				return replace(ops, i, 1), true
			}
			o.Items = keep
			return replace(ops, i, 1, o), true
		case logical.Aggregate:
			if out, ok := b.dropAggregates(ops, i, o, live, entities, paths); ok {
				return out, true
			}
		case logical.Select:
			var keep []string
			for _, v := range o.Vars {
				if live.has(v) {
					keep = append(keep, v)
				}
			}
			if len(keep) < len(o.Vars) {
				return replace(ops, i, 1, logical.Select{Vars: keep}), true
			}
		}
	}
	return ops, false
}

// dropAggregates drops the aggregates of a (ops[i]) whose results are not
// live and whose evaluation cannot fail.
func (b *builder) dropAggregates(ops []logical.Op, i int, a logical.Aggregate, live varSet, entities, paths map[string]bool) ([]logical.Op, bool) {
	var keep, dropped []logical.AggCall
	for _, c := range a.Aggs {
		if live.has(c.Name) || !b.aggregateTotal(c, entities, paths) {
			keep = append(keep, c)
		} else {
			dropped = append(dropped, c)
		}
	}
	switch {
	case len(dropped) == 0:
		return ops, false
	case len(keep) > 0:
		a.Aggs = keep
		return replace(ops, i, 1, a), true
	case len(a.Keys) > 0:
		return replace(ops, i, 1, distinctOn(a.Keys)...), true
	case len(a.Aggs) == 1:
		return ops, false
	}
	// One row of no keys: keep one aggregate, a count when there is one
	// (a count is the cheapest and other rules read it from scans and
	// degrees).
	one := dropped[0]
	for _, c := range dropped {
		if strings.EqualFold(c.Call.Name, "count") {
			one = c
			break
		}
	}
	a.Aggs = []logical.AggCall{one}
	return replace(ops, i, 1, a), true
}

// aggregateTotal reports whether an aggregate raises no error and has no
// effect on any input: count, collect, min or max of what cannot fail
// (min and max order values of any type), and a sum of counts the planner
// introduced.
func (b *builder) aggregateTotal(c logical.AggCall, entities, paths map[string]bool) bool {
	if c.IntSum {
		return true
	}
	if len(c.Call.Namespace) > 0 {
		return false
	}
	switch strings.ToLower(c.Call.Name) {
	case "count", "collect", "min", "max":
	default:
		return false
	}
	for _, arg := range c.Call.Args {
		if !b.cannotFail(arg, entities, paths) {
			return false
		}
	}
	return true
}

// total reports whether evaluating e can neither fail nor have an effect
// whatever the row: literals, parameters, variables, the result of an
// aggregation (an aggregate call after it), and lists, slices by literal
// bounds, nodes() and relationships() of the named paths (paths holds the
// names bound to paths before).
func (b *builder) total(e ast.Expr, paths map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.ListLiteral:
		for _, it := range x.Items {
			if !b.total(it, paths) {
				return false
			}
		}
		return true
	case *ast.Slice:
		for _, bound := range []ast.Expr{x.From, x.To} {
			if l, ok := bound.(*ast.Literal); bound != nil && (!ok || l.Kind != ast.LitInt) {
				return false
			}
		}
		return b.total(x.Expr, paths)
	case *ast.FunctionCall:
		if _, ok := b.aggRefs[x]; ok {
			return true
		}
		name := strings.ToLower(x.Name)
		if len(x.Namespace) > 0 || x.Distinct || len(x.Args) != 1 || (name != "nodes" && name != "relationships") {
			return false
		}
		v, ok := x.Args[0].(*ast.Variable)
		return ok && paths[v.Name]
	}
	return false
}

// distinctOn is a grouping without aggregates: the keys' values, once
// each.
func distinctOn(keys []logical.Item) []logical.Op {
	var items []logical.Item
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.Name
		if v, ok := k.Expr.(*ast.Variable); ok && v.Name == k.Name {
			continue
		}
		items = append(items, k)
	}
	if len(items) == 0 {
		return []logical.Op{logical.Distinct{Vars: names}}
	}
	return []logical.Op{logical.Project{Items: items}, logical.Distinct{Vars: names}}
}
