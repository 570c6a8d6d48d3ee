package planner

import (
	"slices"
	"sort"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Conjuncts of one filter that are each a tree of tests on the same
// probe (EXISTS { }, COUNT { } >= k, a pattern predicate, a quantifier
// over a list literal, and their AND/OR/NOT: see semijoin_tree.go) are
// one tree: their AND. `WHERE EXISTS { (q)-->(:T {n: 1}) } AND EXISTS
// { (q)-->(:T {n: 2}) }` asks what `WHERE all(t IN [1, 2] WHERE EXISTS
// { (q)-->(:T {n: t}) })` asks, and a filter a list test became two
// EXISTS (list_existence.go: `$a IN names AND $b IN names` over a COLLECT
// of the matches) asks it too. Decided one conjunct at a time, the first
// set would replace the probe's scan and the second be tested per row
// of it (or each costed against the rows the other left); decided
// together, the scan iterates the intersection of the sets. Each test
// is never null, so the AND of the conjuncts is the AND of their sets,
// and the conjuncts that are not such tests stay in the filter.
//
// The probe is a node variable every leaf of the combined conjuncts
// reads; conjuncts are grouped by each candidate probe in name order and
// the first group of two or more that the semi-join decides more cheaply
// than the tests per row (semiJoinTreeFor's costing) is taken.

// semiJoinConjuncts returns the semi-join deciding two or more of parts,
// the conjuncts of a filter at the end of ops, together, and the parts
// it leaves to the filter; ok is false when no two combine.
func (b *builder) semiJoinConjuncts(parts []ast.Expr, sc *scope, at map[string]int, ops []logical.Op) (_ logical.SemiJoin, rest []ast.Expr, ok bool) {
	if len(parts) < 2 {
		return logical.SemiJoin{}, nil, false
	}
	// The outer node variables each tree-shaped conjunct's leaves all read.
	reads := make([]map[string]bool, len(parts))
	candidates := map[string]bool{}
	for k, p := range parts {
		var leaves []setLeaf
		if _, ok := setTreeOf(p, sc, &leaves); !ok || len(leaves) == 0 {
			continue
		}
		common := leafOuters(leaves[0], sc)
		for _, l := range leaves[1:] {
			o := leafOuters(l, sc)
			for n := range common {
				if !o[n] {
					delete(common, n)
				}
			}
		}
		reads[k] = common
		for n := range common {
			candidates[n] = true
		}
	}
	probes := make([]string, 0, len(candidates))
	for n := range candidates {
		probes = append(probes, n)
	}
	sort.Strings(probes)
	for _, probe := range probes {
		var group []ast.Expr
		rest = rest[:0]
		for k, p := range parts {
			if reads[k][probe] {
				group = append(group, p)
			} else {
				rest = append(rest, p)
			}
		}
		if len(group) < 2 {
			continue
		}
		// Only the conjuncts whose sets pay for themselves are built;
		// the others stay in the filter, tested per row of the
		// semi-join's output (see semijoin_split.go).
		built := b.splitConjuncts(group, probe, sc, at, ops)
		if len(built) < 2 {
			// One set or none: the conjuncts are decided one by one
			// (semiJoinExists), each costed against its own tests.
			continue
		}
		if len(built) < len(group) {
			var kept []ast.Expr
			for k, p := range group {
				if slices.Contains(built, k) {
					kept = append(kept, p)
				}
			}
			rest = rest[:0]
			for _, p := range parts {
				if !slices.ContainsFunc(kept, func(q ast.Expr) bool { return q == p }) {
					rest = append(rest, p)
				}
			}
			group = kept
		}
		if sj, _, ok := b.semiJoinTreeFor(andAll(group), sc, at, ops); ok {
			return sj, rest, true
		}
	}
	return logical.SemiJoin{}, nil, false
}

// leafOuters returns the node variables of sc that a leaf's pattern reads.
func leafOuters(l setLeaf, sc *scope) map[string]bool {
	reads := newVarSet()
	patternVars(l.x.Pattern, &reads)
	addExprVars(l.x.Where, &reads)
	out := map[string]bool{}
	if reads.all {
		return out
	}
	for n := range reads.names {
		if sc.vars[n] == kindNode && sc.has(n) {
			out[n] = true
		}
	}
	return out
}
