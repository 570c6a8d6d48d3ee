package vm

import (
	"encoding/binary"
	"math"

	"github.com/cyqdb/cyq/value"
)

// ValueJoinSpec is the aux operand of OpJoinAdd and OpJoinProbe: a hash
// join by value. The build side's rows are kept with the registers R and
// N (its variables), under the key the registers Keys hold when the row
// is added; a probe with the same number of key values yields the rows
// whose keys may equal them, in the order they were added.
type ValueJoinSpec struct {
	R, N []int32
	Keys []int32
}

// joinTable is a ValueJoinSpec's rows, by key.
type joinTable struct {
	rows   []tableRow
	byKey  map[string][]int32
	keyBuf []byte
}

// joinKey appends to dst a key of v such that two values that are equal
// (value.Equal is true) get the same key; values that are not equal may
// share one, so the probe's candidates are checked by the equality itself
// (the planner keeps it as a filter after the join). Numbers compare by
// value as in AppendKey (1 and 1.0 alike; a large integer and a float
// that rounds to it apart, as = says), strings, booleans, nodes,
// relationships and paths by their encoding, lists and maps element by
// element; temporal values, vectors and other extensions only by kind
// (their equality is not the encoding's: two zoned datetimes of one
// instant, or -0.0 and 0.0 in a vector, are equal). ok is false when v
// is null or NaN: it equals nothing.
func joinKey(dst []byte, v value.Value) (out []byte, ok bool) {
	switch x := v.(type) {
	case nil, value.Null:
		return dst, false
	case value.Float:
		if math.IsNaN(float64(x)) {
			return dst, false
		}
	case value.List:
		dst = append(dst, 'L')
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, e := range x {
			dst = joinElemKey(dst, e)
		}
		return dst, true
	case value.Map:
		dst = append(dst, 'M')
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		var small [8]string
		for _, k := range x.AppendKeys(small[:0]) {
			dst = binary.AppendUvarint(dst, uint64(len(k)))
			dst = append(dst, k...)
			dst = joinElemKey(dst, x[k])
		}
		return dst, true
	case value.Vector, value.Extension:
		return append(dst, 'X', byte(value.KindOf(v))), true
	}
	return value.AppendKey(dst, v), true
}

// joinElemKey is joinKey of an element of a list or map: a null or NaN
// element makes the whole value unequal to everything, but is encoded
// (with a tag of its own) rather than dropping the value, the equality
// after the join deciding.
func joinElemKey(dst []byte, v value.Value) []byte {
	out, ok := joinKey(dst, v)
	if !ok {
		return append(dst, 'N')
	}
	return out
}

func (m *Machine) joinTable(aux int32) *joinTable {
	if m.joins == nil {
		m.joins = map[int32]*joinTable{}
	}
	t := m.joins[aux]
	if t == nil {
		t = &joinTable{byKey: map[string][]int32{}}
		m.joins[aux] = t
	}
	return t
}

// key returns the key of the values in R[first:first+n], false when one
// of them equals nothing.
func (t *joinTable) key(R []value.Value, regs []int32) ([]byte, bool) {
	b := t.keyBuf[:0]
	for _, r := range regs {
		var ok bool
		if b, ok = joinKey(b, R[r]); !ok {
			t.keyBuf = b
			return nil, false
		}
		b = append(b, 0)
	}
	t.keyBuf = b
	return b, true
}

// joinAdd adds the current row of the build side to the table.
func (m *Machine) joinAdd(aux int32) error {
	spec := m.prog.Aux[aux].(*ValueJoinSpec)
	t := m.joinTable(aux)
	k, ok := t.key(m.R, spec.Keys)
	if !ok {
		return nil
	}
	row := tableRow{r: make([]value.Value, len(spec.R)), n: make([]uint64, len(spec.N))}
	for i, r := range spec.R {
		row.r[i] = m.R[r]
	}
	for i, n := range spec.N {
		row.n[i] = m.N[n]
	}
	idx := int32(len(t.rows))
	t.rows = append(t.rows, row)
	grow := rowBytes(row) + 8
	list, seen := t.byKey[string(k)]
	if !seen {
		grow += int64(len(k)) + 48
	}
	t.byKey[string(k)] = append(list, idx)
	return m.account(grow)
}

// joinProbe points cursor c at the build rows whose key may equal the
// values in R[first:], one per key register of the spec.
func (m *Machine) joinProbe(c *cursor, aux int32, first int32) {
	spec := m.prog.Aux[aux].(*ValueJoinSpec)
	t := m.joinTable(aux)
	regs := make([]int32, len(spec.Keys))
	for i := range regs {
		regs[i] = first + int32(i)
	}
	c.joinRows, c.pos = nil, 0
	c.join = t
	c.joinSpec = spec
	if k, ok := t.key(m.R, regs); ok {
		c.joinRows = t.byKey[string(k)]
	}
}

// joinNext restores the next candidate row's registers; false when there
// is none left.
func (m *Machine) joinNext(c *cursor) bool {
	if c.pos >= len(c.joinRows) {
		return false
	}
	row := &c.join.rows[c.joinRows[c.pos]]
	c.pos++
	for i, r := range c.joinSpec.R {
		m.R[r] = row.r[i]
	}
	for i, n := range c.joinSpec.N {
		m.N[n] = row.n[i]
	}
	return true
}
