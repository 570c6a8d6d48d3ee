package vm

import "github.com/cyqdb/cyq/value"

// ListMemoSpec names the table of one OpListMemo / OpListMemoPut pair: a
// value computed from a list (the list of its elements' keys, mapped by
// code between the two instructions) remembered for the last list met,
// by identity. A list carried to every row (a collected value unwound, a
// parameter) is then mapped once instead of once per row; a list that
// differs per row is mapped per row, as without the memo.
//
// The planner pairs it with a rank over the mapped list (OpRankList), so
// that the sorted keys, kept by the mapped list's identity, are sorted
// once too. The code between the two instructions must compute the same
// value from the same list on every row: it reads only the list's
// elements, parameters and the graph, in a query that writes nothing.
type ListMemoSpec struct{}

// mappedList is the last list met by an OpListMemo and the value mapped
// from it.
type mappedList struct {
	list, mapped value.List
	size         int64 // the memory charged for mapped
}

// listMemoGet is OpListMemo: it returns the value remembered for the list
// in v when v is the same list as the last one remembered.
func (m *Machine) listMemoGet(aux int32, v value.Value) (value.Value, bool) {
	l, ok := v.(value.List)
	t := m.table(aux).mappedList
	if !ok || t == nil || !sameList(t.list, l) {
		return nil, false
	}
	return t.mapped, true
}

// listMemoPut is OpListMemoPut: it remembers the value mapped from the
// list src (only a non-empty list mapped to a list: anything else is
// cheap to compute again, or not a list's keys).
func (m *Machine) listMemoPut(aux int32, src, mapped value.Value) error {
	l, ok := src.(value.List)
	ml, mok := mapped.(value.List)
	if !ok || !mok || len(l) == 0 {
		return nil
	}
	t := m.table(aux)
	if t.mappedList != nil {
		m.release(t.mappedList.size)
	}
	size := int64(48 + 16*len(ml))
	t.mappedList = &mappedList{list: l, mapped: ml, size: size}
	return m.account(size)
}
