package vm

import "github.com/cyqdb/cyq/value"

// ValueMemoSpec names the table of one OpValueMemo / OpValueMemoPut pair:
// a value computed by the code between the two instructions, remembered
// for every tuple of key values met (R[Keys...] and the ids in
// N[IDs...]), not only the last. The planner puts a subquery whose value
// is decided by a few values the row holds (a node's property, a
// relationship, a string) between the pair, so that rows sharing those
// values, in any order, share one computation.
//
// A tuple is found again only when every value of it is value.Same as
// the remembered one (of the same kind and content: 1 and 1.0 differ),
// so the value remembered is the one the code would compute for it. At
// most MaxValueMemoEntries tuples are kept, holding at most
// MaxValueMemoBytes, and none beyond the memory budget: past any of them
// the code runs for every new tuple, as without the memo.
type ValueMemoSpec struct {
	Keys []int32 // R registers of the key values
	IDs  []int32 // N registers of the key entities (node or relationship ids)
}

// MaxValueMemoEntries and MaxValueMemoBytes bound the tuples a
// ValueMemoSpec keeps and the memory they hold.
const (
	MaxValueMemoEntries = 1 << 14
	MaxValueMemoBytes   = 16 << 20
)

// valueMemo is a ValueMemoSpec's remembered tuples, found by the
// canonical encoding of their values (equal encodings group values that
// may still differ in kind; Same decides), and the tuple last missed,
// which OpValueMemoPut remembers with the value computed for it.
type valueMemo struct {
	entries map[string][]valueMemoEntry
	n       int
	bytes   int64
	pending valueMemoEntry
	key     string
	full    bool
	buf     []byte
}

type valueMemoEntry struct {
	keys []value.Value
	ids  []uint64
	v    value.Value
}

func (e *valueMemoEntry) same(keys []value.Value, ids []uint64) bool {
	for i, k := range keys {
		if !value.Same(e.keys[i], k) {
			return false
		}
	}
	for i, id := range ids {
		if e.ids[i] != id {
			return false
		}
	}
	return true
}

// valueMemoGet is OpValueMemo: the value remembered for the key
// registers' values, if any; else it keeps the tuple for the next
// OpValueMemoPut.
func (m *Machine) valueMemoGet(aux int32) (value.Value, bool) {
	s := m.prog.Aux[aux].(*ValueMemoSpec)
	t := m.table(aux)
	if t.valueMemo == nil {
		t.valueMemo = &valueMemo{entries: map[string][]valueMemoEntry{}}
	}
	vm := t.valueMemo
	keys := make([]value.Value, len(s.Keys))
	ids := make([]uint64, len(s.IDs))
	b := vm.buf[:0]
	for i, r := range s.Keys {
		keys[i] = m.R[r]
		b = value.AppendKey(b, keys[i])
	}
	for i, r := range s.IDs {
		ids[i] = m.N[r]
		b = appendUint64(b, ids[i])
	}
	vm.buf = b
	for i := range vm.entries[string(b)] {
		if e := &vm.entries[string(b)][i]; e.same(keys, ids) {
			return e.v, true
		}
	}
	vm.pending = valueMemoEntry{keys: keys, ids: ids}
	vm.key = string(b)
	return nil, false
}

// valueMemoPut is OpValueMemoPut: it remembers v for the tuple the last
// OpValueMemo missed, within the entry bound and the memory budget.
func (m *Machine) valueMemoPut(aux int32, v value.Value) {
	t := m.table(aux)
	vm := t.valueMemo
	if vm == nil || vm.pending.keys == nil || vm.full {
		return
	}
	size := int64(64+len(vm.key)+16*(len(vm.pending.keys)+len(vm.pending.ids))) + value.Size(v)
	if vm.n >= MaxValueMemoEntries || vm.bytes+size > MaxValueMemoBytes || m.fits(size) != nil {
		vm.full = true
		return
	}
	e := vm.pending
	e.v = v
	vm.entries[vm.key] = append(vm.entries[vm.key], e)
	vm.n++
	vm.bytes += size
	vm.pending = valueMemoEntry{}
	_ = m.account(size)
}

func appendUint64(b []byte, x uint64) []byte {
	return append(b, byte(x>>56), byte(x>>48), byte(x>>40), byte(x>>32), byte(x>>24), byte(x>>16), byte(x>>8), byte(x))
}
