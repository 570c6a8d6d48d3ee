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
		sj, cost, _, ok := b.semiJoinTreeOn(andAll(group), probe, sc, at, ops)
		if !ok {
			continue
		}
		sj, kept := b.probedConjuncts(group, probe, sj, cost, sc, at, ops)
		rest = rest[:0]
		for _, p := range parts {
			if !slices.Contains(kept, p) {
				rest = append(rest, p)
			}
		}
		return sj, rest, true
	}
	return logical.SemiJoin{}, nil, false
}

// A conjunct of the group need not be a set: with the others' sets
// deciding the candidates, it may be tested on each candidate left (its
// pattern matched from the bound probe) instead of its own set built
// (its pattern expanded from its other end, or from every node when it
// has none: `NOT (h)-[:R]->()` is the set of all nodes with an R out,
// where the candidates are a few). probedConjuncts drops from the group,
// one at a time while the price falls, the conjunct whose per-candidate
// tests (the cost of its tests per row at the rows the others' semi-join
// leaves) plus the others' semi-join cost less than the group's
// semi-join; the dropped conjuncts go to the filter after it, where
// semiJoinExists prices them again on those rows. A test on matches is
// never null and the AND of the conjuncts is the same whichever of them
// decides first, so the rows are the same.

// probedConjuncts returns the semi-join deciding the conjuncts of group
// it keeps, and those conjuncts, from sj deciding all of group at cost.
func (b *builder) probedConjuncts(group []ast.Expr, probe string, sj logical.SemiJoin, cost float64, sc *scope, at map[string]int, ops []logical.Op) (logical.SemiJoin, []ast.Expr) {
	for len(group) > 1 {
		improved := false
		for k := range group {
			others := slices.Delete(slices.Clone(group), k, k+1)
			osj, ocost, _, ok := b.semiJoinTreeOn(andAll(others), probe, sc, at, ops)
			if !ok {
				continue
			}
			after := append(slices.Clone(ops), logical.Filter{Pred: andAll(others)})
			probes, ok := b.perRowTestsCost(group[k], probe, sc, at, after)
			if !ok || ocost+probes >= cost {
				continue
			}
			sj, cost, group, improved = osj, ocost+probes, others, true
			break
		}
		if !improved {
			break
		}
	}
	if t := sj.Tree; len(group) == 1 && len(sj.More) == 0 {
		// one test left: the plain semi-join (anti-join) of its leaf
		switch {
		case t.Op == logical.SetLeaf:
			sj.Tree, sj.Pred = nil, group[0]
		case t.Op == logical.SetNot && t.Kids[0].Op == logical.SetLeaf:
			sj.Tree, sj.Anti, sj.Pred = nil, true, group[0]
			if u, isNot := group[0].(*ast.Unary); isNot && u.Op == ast.OpNot {
				sj.Pred = u.Expr // "not in" says it
			}
		}
	}
	return sj, group
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
