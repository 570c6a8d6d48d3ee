package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// A rank whose WHERE also holds equalities of keys with values of the
// row, a partition,
//
//	NOT EXISTS { MATCH (m:A) WHERE m.s = n.s AND m.k > n.k }          n.k is the greatest of n's string
//	COUNT { (h)-->(c) WHERE c.kind = x.kind AND c.id < x.id }          x's place among h's like-kind neighbours
//	COLLECT { MATCH (m:A) WHERE m.s = n.s AND m.k < n.k RETURN max(m.k) AS k }
//	size([y IN xs WHERE y.s = x.s AND y.k > x.k])
//
// is the rank within the partition of the siblings (the elements) whose
// equality keys equal the row's values: the keys sorted once by
// (partition, key) (vm.RankEq leading the tuple: the binary search for
// the row's partition value finds its run, and the rest of the tuple is
// searched within the run). Without it the equality's value joins the
// group (a group per distinct value, its siblings enumerated once per
// group), or, where the value reads the same row variable as the range
// (n above), the group is the row and the rank stays per row.
//
// When the reading is exact:
//   - The equality is `K = V` (either side first) with K reading only the
//     siblings' variables (the element) and V only the row's, both
//     operands the rank accepts (that cannot fail for siblings; paths
//     whose reads the rank makes or leaves to the per-element form for
//     lists), and K not a bare variable (a node or relationship, which
//     would only be tested one by one).
//   - `K = V` is true exactly when the partition's run holds K: equality
//     and the sort's order agree on numbers (1 = 1.0), strings and
//     booleans; null and NaN equal nothing; keys of other kinds (lists,
//     temporal values) are tested one by one by value equality, and an
//     extreme for a value of such a kind is left to the per-row form.
//   - The conjunction keeps a sibling exactly when the equality is true
//     and the range counts: which is the partition's rank.
//   - Every partition leads the tuple, and at least one range comparison
//     follows in a count (a partition alone is a count of equal values,
//     not a rank).

// rankEquality reports whether c is `K = V` (or `V = K`) with K reading
// only inner variables, not a bare variable, and V only the
// environment's, both accepted by safe, and returns them.
func rankEquality(c ast.Expr, inner map[string]bool, sc *scope, safe func(ast.Expr) bool) (key, val ast.Expr, ok bool) {
	x, isCmp := c.(*ast.Comparison)
	if !isCmp || len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq || len(x.Operands) != 2 {
		return nil, nil, false
	}
	side := func(e ast.Expr) (innerOnly, outerOnly bool) { return rankSide(e, inner, sc, safe) }
	l, r := x.Operands[0], x.Operands[1]
	lIn, lOut := side(l)
	rIn, rOut := side(r)
	switch {
	case lIn && rOut:
		key, val = l, r
	case rIn && lOut:
		key, val = r, l
	default:
		return nil, nil, false
	}
	if _, bare := key.(*ast.Variable); bare {
		return nil, nil, false
	}
	return key, val, true
}

// readsBeyond reports whether operand e reads a variable not in names
// (the variables of the patterns it matches included: operandVars).
func readsBeyond(e ast.Expr, names map[string]bool) bool {
	vs, _ := operandVars(e)
	for n := range vs {
		if !names[n] {
			return true
		}
	}
	return false
}

// rankPartitioned reads where as a rank with partitions: rankTuple of the
// whole, or a conjunction of one rankTuple and equalities (rankEquality),
// the equalities' keys and values leading the tuples with vm.RankEq.
func rankPartitioned(where ast.Expr, inner map[string]bool, sc *scope, safe func(ast.Expr) bool) (keys, vals []ast.Expr, cmps []vm.RankCmp, ok bool) {
	if keys, vals, cmps, ok = rankTuple(where, inner, sc, safe); ok {
		return keys, vals, cmps, true
	}
	var tk, tv []ast.Expr
	var tc []vm.RankCmp
	found := false
	for _, c := range conjuncts(where) {
		if k, v, ok := rankEquality(c, inner, sc, safe); ok {
			keys, vals, cmps = append(keys, k), append(vals, v), append(cmps, vm.RankEq)
			continue
		}
		k, v, cs, ok := rankTuple(c, inner, sc, safe)
		if !ok || found {
			return nil, nil, nil, false
		}
		tk, tv, tc, found = k, v, cs, true
	}
	if !found || len(cmps) == 0 {
		return nil, nil, nil, false
	}
	return append(keys, tk...), append(vals, tv...), append(cmps, tc...), true
}
