package planner

import (
	"github.com/cyqdb/cyq/planner/logical"
)

// mayFailCrossed reports whether op evaluates something that may fail
// on the rows that reach it, so that a test moved from after op to
// before it would drop rows on which row mode raises op's error: a
// filter with a conjunct that may fail (filterCannotFail), an index
// seek whose value may fail (cannotFail: `MATCH (c:A {id: a.k * 2})`
// planned as a seek keyed by the row), or a projection computing a value
// that may fail. Whether the move is otherwise allowed (it keeps the
// rows) is the caller's to decide.
func (b *builder) mayFailCrossed(op logical.Op, entities, paths map[string]bool) bool {
	switch o := op.(type) {
	case logical.Filter:
		return o.Subst != nil || o.Vectorised || !b.filterCannotFail(o, entities)
	case logical.NodeIndexSeek:
		return !b.cannotFail(o.Value, entities, paths)
	case logical.NodeSetSeek:
		return o.List != nil && !b.cannotFail(o.List, entities, paths)
	case logical.Project:
		if o.Subst != nil || o.Vectorised {
			return true
		}
		for _, it := range o.Items {
			if !b.cannotFail(it.Expr, entities, paths) {
				return true
			}
		}
	}
	return false
}

// failsBetween reports whether an operator of ops after j and before i
// may fail (mayFailCrossed): a test at i does not move to j past it.
func (b *builder) failsBetween(ops []logical.Op, j, i int) bool {
	entities, paths := entityVars(ops, nil), pathVars(ops)
	for k := j + 1; k < i; k++ {
		if b.mayFailCrossed(ops[k], entities, paths) {
			return true
		}
	}
	return false
}
