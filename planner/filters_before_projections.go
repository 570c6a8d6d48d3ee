package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// filtersBeforeProjections moves a filter before a WITH boundary that
// only passes variables on when the filter reads nothing the boundary
// changes: `MATCH (h {id: $x})-->()-->(w) WITH DISTINCT h, w WHERE NOT
// EXISTS { (h)-->(w) }` tests the rows of the expansion as the WHERE
// written in the MATCH does, so the test meets the operator that bound
// its variables and may be applied to its set (setLabelTests) rather
// than to one row per node.
//
// The boundary is a projection whose every item is a variable under its
// own name (it computes nothing, so every variable keeps its value and
// the scope is the same on both sides), a selection of columns (Select)
// or a DISTINCT; for the last two, every name the filter mentions (the
// variables of the patterns and subqueries nested in it included) is
// one the boundary passes on or one not bound before it (the pattern's
// own): a name the boundary drops but that is bound before it would
// read that binding instead of the filter's own, and across DISTINCT a
// value that differs between duplicates. A semi-join reads only its
// probe and keys. The rows and
// their order are the same on both sides of a projection or a
// selection, so the filter tests the same rows in the same order (and
// raises an error on the same row). Across DISTINCT it tests the
// duplicates too: the filter reads only columns of the DISTINCT, so a
// row and its duplicates pass or fail together, and the first of them
// stays first; a duplicate raises the error its first row raises.
func filtersBeforeProjections(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 1; i < len(ops); i++ {
		reads, ok := testReads(ops[i])
		if !ok {
			continue
		}
		passed, ok := passedUnchanged(ops[i-1])
		if !ok {
			continue
		}
		sc, _, ok := scopeAt(ops, i-1)
		if !ok {
			continue
		}
		inside := true
		for n := range reads.names {
			inside = inside && (passed == nil || slices.Contains(passed, n) || !sc.has(n))
		}
		if !inside {
			continue
		}
		out := slices.Clone(ops)
		out[i-1], out[i] = ops[i], ops[i-1]
		return out, true
	}
	return ops, false
}

// passedUnchanged returns the variables op passes on unchanged when it is
// a WITH boundary that computes nothing: a selection of columns or a
// DISTINCT over columns (their columns), or a projection of variables
// under their own names (nil: it passes every variable).
func passedUnchanged(op logical.Op) ([]string, bool) {
	switch o := op.(type) {
	case logical.Select:
		return o.Vars, true
	case logical.Distinct:
		return o.Vars, true
	case logical.Project:
		// It binds its items to themselves and keeps every other
		// variable in scope: nil, it passes them all.
		if !identitySubst(o.Subst) || len(o.Items) == 0 {
			return nil, false
		}
		for _, it := range o.Items {
			if !projectsItself(o, it.Name) {
				return nil, false
			}
		}
		return nil, true
	}
	return nil, false
}

// testReads returns the names a test of rows mentions: a filter's (the
// variables of the patterns and subqueries nested in it included), or a
// semi-join's probe and keys (its build reads nothing else of the row).
// ok is false for other operators, a semi-join that binds its probe, and
// a filter whose names are not known.
func testReads(op logical.Op) (varSet, bool) {
	switch o := op.(type) {
	case logical.Filter:
		if o.Vectorised || !identitySubst(o.Subst) {
			return varSet{}, false
		}
		reads := newVarSet()
		addExprVars(o.Pred, &reads)
		return reads, !reads.all && !reads.aggs && len(reads.names) > 0
	case logical.SemiJoin:
		if o.Scan {
			return varSet{}, false
		}
		return newVarSet(append([]string{o.Probe}, o.Keys()...)...), true
	}
	return varSet{}, false
}
