package vm

import "github.com/cyqdb/cyq/value"

// A grouping or DISTINCT key that holds a long list (a list collected
// earlier and carried on every row: `WITH h, collect(v) AS outs OPTIONAL
// MATCH ... WITH outs, collect(w) AS ins`) would be encoded in full on
// every row, each element in turn, so that the row costs the length of
// the list however few steps it takes. Lists are values: one that is met
// again with the same backing array and length is the same list. So a
// table remembers, per key register, the last long list it encoded and
// its encoding, and appends that encoding when the list comes again; and
// a grouping whose key registers are all long lists met again, with the
// same node keys, is the last row's group, looked up without any key.

// listMemoMin is the length from which a list's key encoding is
// remembered (as IN remembers a list's hash set: hashInMin).
const listMemoMin = hashInMin

// listMemo is the last long list met in one key register and its key
// encoding.
type listMemo struct {
	first *value.Value
	n     int
	enc   []byte
}

// same reports whether v is the list the memo holds.
func (lm *listMemo) same(v value.Value) bool {
	l, ok := v.(value.List)
	return ok && len(l) >= listMemoMin && lm.first == &l[0] && lm.n == len(l)
}

// appendKey appends v's key encoding to b, from the memo of register
// position j when v is the long list it holds.
func (t *table) appendKey(b []byte, j int, v value.Value) []byte {
	l, ok := v.(value.List)
	if !ok || len(l) < listMemoMin {
		return value.AppendKey(b, v)
	}
	for len(t.lists) <= j {
		t.lists = append(t.lists, listMemo{})
	}
	lm := &t.lists[j]
	if !lm.same(v) {
		lm.first, lm.n = &l[0], len(l)
		lm.enc = value.AppendKey(lm.enc[:0], v)
	}
	return append(b, lm.enc...)
}

// lastGroup is the group of the last row whose key registers all held
// long lists, with those lists and its node keys.
type lastGroup struct {
	ok    bool
	lists []listMemo
	n     []uint64
	g     int
}

// sameGroup reports whether the current row's keys are those of the last
// group remembered: every key register the same long list, and the same
// node keys.
func (t *table) sameGroup(m *Machine, rs []int32, ns []int32) (int, bool) {
	lg := &t.last
	if !lg.ok || len(lg.lists) != len(rs) || len(lg.n) != len(ns) {
		return 0, false
	}
	for j, r := range rs {
		if !lg.lists[j].same(m.R[r]) {
			return 0, false
		}
	}
	for j, n := range ns {
		if lg.n[j] != m.N[n] {
			return 0, false
		}
	}
	return lg.g, true
}

// rememberGroup records group g for the current row's keys when every key
// register holds a long list (and there is one at least).
func (t *table) rememberGroup(m *Machine, rs []int32, ns []int32, g int) {
	lg := &t.last
	lg.ok = false
	if len(rs) == 0 {
		return
	}
	lg.lists = lg.lists[:0]
	for _, r := range rs {
		l, ok := m.R[r].(value.List)
		if !ok || len(l) < listMemoMin {
			return
		}
		lg.lists = append(lg.lists, listMemo{first: &l[0], n: len(l)})
	}
	lg.n = lg.n[:0]
	for _, n := range ns {
		lg.n = append(lg.n, m.N[n])
	}
	lg.g, lg.ok = g, true
}
