package vm

import (
	"slices"

	"github.com/cyqdb/cyq/value"
)

// A list comprehension or quantifier whose test reads the element through
// a one-hop pattern with another node, [w IN ws WHERE (w)-->(v)] or
// all(w IN ws WHERE (w)-->(v)), asks one adjacency question per element:
// is the element a neighbour of v along the hop? OpListAdjFilter answers
// those questions for the whole list in one instruction, from v's
// neighbour bitmaps (m.adjacent, the test OpCheckAdjacent makes per row),
// and drops the elements whose answer settles them for the consumer (an
// element whose test is false adds nothing to a comprehension, a count or
// any/none/single; one whose test is true changes no all()). The kept
// elements, in their order and with their duplicates, go through the
// comprehension's own loop, which evaluates its whole test on them as
// before: so only elements the loop would pass over without effect are
// skipped, and every value and error of the loop is kept.
//
// An answer is known only where the pattern's evaluation cannot fail: the
// element and the other end are each a node or null (a pattern with a
// null end does not match). An element of another kind is kept (the loop
// raises its error there), and so is every element when the other end is
// of another kind.

// ListAdjSpec is OpListAdjFilter's description.
type ListAdjSpec struct {
	// Hop goes from the other end to the element.
	Hop ExpandSpec
	// Drop is the answer whose elements are dropped.
	Drop bool
}

// listAdjFilter is OpListAdjFilter: xsv without the elements whose
// adjacency test with the node in other is spec.Drop.
func (m *Machine) listAdjFilter(xsv, other value.Value, spec *ListAdjSpec) value.Value {
	xs, ok := xsv.(value.List)
	if !ok || len(xs) == 0 {
		return xsv // null, a scalar or nothing: the loop decides
	}
	from := NullID
	switch o := other.(type) {
	case value.Node:
		from = uint64(o.ID)
	case nil, value.Null:
	default:
		return xsv // the pattern fails on the other end: the loop raises it
	}
	m.steps += int64(len(xs))
	var kept value.List
	for i, x := range xs {
		var t bool
		switch n := x.(type) {
		case value.Node:
			t = m.adjacent(from, uint64(n.ID), &spec.Hop)
		case nil, value.Null:
			t = false
		default:
			t = !spec.Drop // undecided: kept for the loop
		}
		if t == spec.Drop {
			if kept == nil {
				kept = append(make(value.List, 0, len(xs)-1), xs[:i]...)
			}
			continue
		}
		if kept != nil {
			kept = append(kept, x)
		}
	}
	if kept == nil {
		return xsv
	}
	return slices.Clip(kept)
}
