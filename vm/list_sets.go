package vm

import (
	"slices"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// A comprehension that keeps the elements of one list found (or not
// found) in another, [x IN xs WHERE x IN ys] and [x IN xs WHERE NOT x IN
// ys], is a set operation on the lists' nodes: x IN ys for a node x asks
// whether x's id is in the set of ys's node ids, and is unknown rather
// than false only when ys holds a null (no other value compares as
// unknown with a node: a list, a map or a scalar is simply another kind).
// all/any/none/single over the same tests (subset, intersection,
// disjointness) is answered from the counts of true and unknown tests.
// OpListSetFilter runs such a comprehension as one instruction: the set of
// ys's nodes is built once per list (the same list met again, a list
// collected per group and read on every row of the group, is the same
// slice), and the answer is kept for the last pair of lists met at the
// instruction, so a comprehension re-evaluated on every row of an UNWIND
// or a join that does not change its lists costs one step per row. An
// element that is not a node is tested as IN tests it (hashed, inset.go),
// so the answer is the comprehension's for every list.

// List-set filter modes (OpListSetFilter's D operand).
const (
	// ListSetNot keeps the elements whose test is false (NOT x IN ys).
	ListSetNot = 1 << iota
	// ListSetSize gives the number of elements kept, not the list.
	ListSetSize
	// ListSetScalarList reads a ys that is neither a list nor null as a
	// list of that one value (ys is a quantifier's list, any(y IN ys
	// WHERE y = x), which iterates a scalar once); otherwise such a ys
	// is IN's type error.
	ListSetScalarList
	// ListSetQuantifier gives a quantifier's answer over the tests (the
	// kind in the bits from ListSetKindShift), not the list.
	ListSetQuantifier
)

// ListSetKindShift places a quantifier's kind in a list-set filter's mode:
// 0 all, 1 any, 2 none, 3 single.
const ListSetKindShift = 4

// quantified is a quantifier's answer from the number of elements, of
// true tests and of unknown ones: a decisive element settles it, else an
// unknown one makes it unknown, else it is the kind's default (the
// planner's loop decides so too).
func quantified(kind int32, all, trues, nulls int) value.Value {
	f := all - trues - nulls
	var decisive, settled, otherwise bool
	switch kind {
	case 0: // all
		decisive, settled, otherwise = f > 0, false, true
	case 1: // any
		decisive, settled, otherwise = trues > 0, true, false
	case 2: // none
		decisive, settled, otherwise = trues > 0, false, true
	default: // single
		decisive, settled, otherwise = trues > 1, false, trues == 1
	}
	if decisive {
		return value.Bool(settled)
	}
	if nulls > 0 {
		return value.NullValue
	}
	return value.Bool(otherwise)
}

// nodeSet is a list's node ids, and whether it holds a null.
type nodeSet struct {
	first *value.Value
	n     int
	ids   *roaring.Bitmap
	null  bool
}

// listSetMemo is the last answer of one OpListSetFilter instruction.
type listSetMemo struct {
	xs, ys   *value.Value
	nx, ny   int
	res      value.Value
	nullList bool // ys was null (identity unset)
}

// listSetsMax bounds the node sets a run keeps (the lists of many groups
// each met once need not stay).
const listSetsMax = 64

// listNodeSet returns the node set of l, built once per list.
func (m *Machine) listNodeSet(l value.List) *nodeSet {
	for _, s := range m.nodeSets {
		if s.first == &l[0] && s.n == len(l) {
			return s
		}
	}
	s := &nodeSet{first: &l[0], n: len(l), ids: roaring.New()}
	for _, e := range l {
		switch x := e.(type) {
		case value.Node:
			s.ids.Add(x.ID)
		case nil, value.Null:
			s.null = true
		}
	}
	m.steps += int64(len(l))
	if len(m.nodeSets) >= listSetsMax {
		m.nodeSets = m.nodeSets[:0]
	}
	m.nodeSets = append(m.nodeSets, s)
	return s
}

// first returns the address of l's first element (nil for an empty list).
func first(l value.List) *value.Value {
	if len(l) == 0 {
		return nil
	}
	return &l[0]
}

// listSetFilter is OpListSetFilter at pc: [x IN xs WHERE x IN ys] (NOT
// x IN ys with ListSetNot), or its size with ListSetSize.
func (m *Machine) listSetFilter(pc int, xsv, ysv value.Value, mode int32) (value.Value, error) {
	var xs value.List
	switch l := xsv.(type) {
	case nil, value.Null:
		return value.NullValue, nil // a comprehension over null is null
	case value.List:
		xs = l
	default:
		xs = value.List{l} // as OpOpenList iterates a scalar
	}
	kind := mode >> ListSetKindShift & 3
	if len(xs) == 0 {
		if mode&ListSetQuantifier != 0 {
			return quantified(kind, 0, 0, 0), nil
		}
		if mode&ListSetSize != 0 {
			return value.Int(0), nil
		}
		return value.List{}, nil
	}
	if mode&ListSetScalarList != 0 {
		switch ysv.(type) {
		case nil, value.Null, value.List:
		default:
			ysv = value.List{ysv}
		}
	}
	ys, isList := ysv.(value.List)
	memo := m.listSetMemos[pc]
	if memo != nil && memo.xs == &xs[0] && memo.nx == len(xs) &&
		(isList && !memo.nullList && memo.ys == first(ys) && memo.ny == len(ys) || !isList && memo.nullList && value.IsNull(ysv)) {
		return memo.res, nil
	}
	var set *nodeSet
	if isList && len(ys) > 0 {
		set = m.listNodeSet(ys)
	}
	neg := mode&ListSetNot != 0
	var kept value.List
	count, nulls := 0, 0
	for _, x := range xs {
		var t value.Tri
		if n, isNode := x.(value.Node); isNode && set != nil {
			switch {
			case set.ids.Contains(n.ID):
				t = value.True
			case set.null:
				t = value.Unknown
			default:
				t = value.False
			}
		} else {
			v, err := m.in(pc, x, ysv)
			if err != nil {
				return nil, err
			}
			if v, ok := v.(value.Bool); ok {
				t = value.TriOf(bool(v))
			} else {
				t = value.Unknown
			}
		}
		if neg {
			t = t.Not()
		}
		switch t {
		case value.True:
			count++
			if mode&(ListSetSize|ListSetQuantifier) == 0 {
				kept = append(kept, x)
			}
		case value.Unknown:
			nulls++
		}
	}
	m.steps += int64(len(xs))
	var res value.Value
	if mode&ListSetQuantifier != 0 {
		res = quantified(kind, len(xs), count, nulls)
	} else if mode&ListSetSize != 0 {
		res = value.Int(int64(count))
	} else {
		res = slices.Clip(append(value.List{}, kept...))
	}
	if memo == nil {
		memo = &listSetMemo{}
		if m.listSetMemos == nil {
			m.listSetMemos = map[int]*listSetMemo{}
		}
		m.listSetMemos[pc] = memo
	}
	// (a ys neither list nor null failed at the first element: IN's error)
	*memo = listSetMemo{xs: &xs[0], nx: len(xs), ys: first(ys), ny: len(ys), res: res, nullList: !isList}
	return res, nil
}
