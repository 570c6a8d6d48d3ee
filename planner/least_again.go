package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// leastAgain searches breadth-first, instead of enumerating trails, a
// variable-length pattern matched again at the least length an earlier
// aggregation found for the same pattern between the same two nodes:
//
//	MATCH p = (a)-[*1..4]->(b) WITH a, b, min(length(p)) AS d
//	MATCH q = (a)-[*1..4]->(b) WHERE length(q) = d
//
// Why it is exact. The aggregation groups by both end nodes (and maybe
// more keys, each read from the row the trails came from), so d is, per
// pair, the least length of the pattern's trails from a to b within its
// bounds: every trail of a row's pair reaches its group. The second
// expansion, from the same two nodes (passed on unchanged), with the
// same types, direction, bounds, property map and per-node tests, has
// the same trails; the filter keeps those of length d, which are the
// least trails of the pair — exactly what the search with every least
// path (AllShortestPaths, leastTrailsSearch's all) yields, one row
// each, bound the same way from a to b. The filter stays (it holds of
// every path the search yields), so nothing after it sees another row.
// With an extra constant (min(length(p) + 1) AS d, length(q) + 1 = d)
// the same holds when both add the same one.
//
// Errors: the filter's other conjuncts must be tests that cannot fail:
// the trails the search does not yield are those the length test drops,
// and a test that may fail would have been evaluated on them (a test
// that cannot fail decides first, deciding_operands.go). Order: the
// rows' order must not matter after the expansion (the search yields
// them in another order).
func leastAgain(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.VarExpand)
		if !ok || !o.ToBound || o.Mode == logical.SetMode || o.ListBound || len(o.Distinct) > 0 || o.Group != nil || o.From == o.To {
			continue
		}
		if req.After[i].Ordered {
			continue
		}
		pb := pathBindOf(ops, i)
		if pb != i+1 || pb+1 >= len(ops) {
			continue
		}
		bind := ops[pb].(logical.PathBind)
		if len(bind.Lists) != 1 || !bind.Lists[0] || len(bind.Nodes) != 2 || bind.Nodes[0] != o.From || bind.Nodes[1] != o.To {
			continue
		}
		if req.After[pb].Live.has(o.RelList) {
			continue // the relationship list is read apart from the path
		}
		f, ok := ops[pb+1].(logical.Filter)
		if !ok || f.Subst != nil {
			continue
		}
		d, extra, found := "", 0, false
		entities := map[string]bool{o.From: true, o.To: true}
		safe := true
		for _, c := range conjuncts(f.Pred) {
			if v, e, isLen := lengthIsVar(c, bind.Var); isLen && !found {
				d, extra, found = v, e, true
				continue
			}
			safe = safe && pathTestNeverFails(c, bind.Var, entities, b.kinds())
		}
		if !found || !safe {
			continue
		}
		if !b.leastFoundBefore(ops[:i], o, d, extra) {
			continue
		}
		return replace(ops, i, 2, leastTrailsSearch(o, bind.Var, true)), true
	}
	return ops, false
}

// lengthIsVar reports whether c compares a length of path q with a
// variable for equality (length(q) = d, d = size(nodes(q)) - 1): the
// variable and the constant the length adds.
func lengthIsVar(c ast.Expr, q string) (string, int, bool) {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return "", 0, false
	}
	for k := range 2 {
		p, extra, isLen := pathLength(cmp.Operands[k])
		v, isVar := varName(cmp.Operands[1-k])
		if isLen && isVar && p == q && v != q {
			return v, extra, true
		}
	}
	return "", 0, false
}

// leastFoundBefore reports whether ops (the operators before expansion
// o) bind d to the least length, plus extra, of o's pattern between o's
// two nodes: a projection of min(X) of an aggregation grouped by both
// nodes, X a length of a path of the same pattern between them plus
// extra, with nothing after it but projections and selections that
// pass the two nodes and d on and tests.
func (b *builder) leastFoundBefore(ops []logical.Op, o logical.VarExpand, d string, extra int) bool {
	ends := []string{o.From, o.To, d}
	j := len(ops) - 1
	var proj logical.Project
	for ; j >= 0; j-- {
		switch x := ops[j].(type) {
		case logical.Select, logical.Filter, logical.NodeFilter, logical.RelFilter:
			continue
		case logical.Project:
			proj = x
		default:
			return false
		}
		break
	}
	if j < 1 {
		return false
	}
	agg, ok := ops[j-1].(logical.Aggregate)
	if !ok {
		return false
	}
	// The projection passes both nodes on from the aggregation's keys
	// of the same names and binds d to a min of the aggregation.
	var call *logical.AggCall
	for _, it := range proj.Items {
		if !slices.Contains(ends, it.Name) {
			continue
		}
		if it.Name == d {
			fc, isCall := it.Expr.(*ast.FunctionCall)
			if !isCall {
				return false
			}
			for k, c := range agg.Aggs {
				if fc == c.Call || c.Name != "" && b.aggRefs[fc] == c.Name {
					call = &agg.Aggs[k]
				}
			}
			continue
		}
		if v, isVar := varName(it.Expr); !isVar || v != it.Name {
			return false
		}
	}
	if call == nil || call.Call.Star || len(call.Call.Namespace) > 0 || len(call.Call.Args) != 1 || !strings.EqualFold(call.Call.Name, "min") {
		return false
	}
	p, e, isLen := pathLength(call.Call.Args[0])
	if !isLen || e != extra {
		return false
	}
	keys := 0
	for _, k := range agg.Keys {
		if v, isVar := varName(k.Expr); isVar && v == k.Name && (v == o.From || v == o.To) {
			keys++
		}
		if exprReads(k.Expr, p) {
			return false
		}
	}
	if keys != 2 {
		return false
	}
	// The path: a search of the least trails (leastTrails) or the
	// expansion itself, with nothing between it and the aggregation but
	// tests that do not read the path.
	for k := j - 2; k >= 0; k-- {
		switch x := ops[k].(type) {
		case logical.ShortestPath:
			if x.Path != p {
				return false
			}
			return samePattern(x, leastTrailsSearch(o, "", false))
		case logical.PathBind:
			if x.Var != p {
				return false
			}
			if k == 0 {
				return false
			}
			v, isExp := ops[k-1].(logical.VarExpand)
			if !isExp || pathBindOf(ops, k-1) != k || len(v.Distinct) > 0 || v.ListBound || v.Group != nil {
				return false
			}
			return samePattern(leastTrailsSearch(v, "", false), leastTrailsSearch(o, "", false))
		default:
			if !isTest(x) || usesOf(x).has(p) {
				return false
			}
		}
	}
	return false
}

// samePattern reports whether two searches (leastTrailsSearch's form of
// an expansion) cross the same trails between the same two nodes: the
// same ends, direction, types, bounds, property map and tests, and no
// pre-filter or other selection. Without tests, one may run from the
// other end (its direction reversed).
func samePattern(x, y logical.ShortestPath) bool {
	if len(x.Steps) == 0 && len(y.Steps) == 0 && x.From == y.To && x.To == y.From && x.From != x.To {
		y.From, y.To, y.Dir = y.To, y.From, reverseDir(y.Dir)
	}
	if x.From != y.From || x.To != y.To || x.Dir != y.Dir || x.Min != y.Min || x.Max != y.Max || x.K != 0 || y.K != 0 || x.Groups || y.Groups || x.Mode != y.Mode {
		return false
	}
	if x.Pred != nil || y.Pred != nil || len(x.Crossing) > 0 || len(y.Crossing) > 0 {
		return false
	}
	tx, ty := slices.Clone(x.Types), slices.Clone(y.Types)
	slices.Sort(tx)
	slices.Sort(ty)
	if !slices.Equal(tx, ty) {
		return false
	}
	if (x.Props == nil) != (y.Props == nil) || x.Props != nil && ast.FormatExpr(x.Props) != ast.FormatExpr(y.Props) {
		return false
	}
	if len(x.Steps) != len(y.Steps) {
		return false
	}
	for k := range x.Steps {
		if x.Steps[k].Nodes != y.Steps[k].Nodes || x.Steps[k].Var != y.Steps[k].Var || ast.FormatExpr(x.Steps[k].Pred) != ast.FormatExpr(y.Steps[k].Pred) {
			return false
		}
	}
	return true
}
