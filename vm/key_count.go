package vm

import (
	"math"
	"slices"
	"sort"

	"github.com/cyqdb/cyq/value"
)

// KeyCountSpec is the aux operand of OpKeyCountAdd and OpKeyCount: the
// rows of a build side counted by key. A build row is kept under the
// values of its Keys registers, with the value of its Ord register (when
// Ord >= 0) and those of its Ents registers (entities the probing row's
// must differ from). A probe reads, from its first register on, one
// value per key, then the ordering operand when Ord >= 0, then one
// entity per Ents; it counts the build rows whose keys equal its own,
// for which probe Op build is true (Op "<", "<=", ">" or ">="), and
// whose entities all differ from its own.
//
// Keys must be values whose joinKey encoding is equal exactly when the
// values are (null and NaN excepted, which equal nothing): numbers,
// strings, booleans, nodes and relationships. The planner uses it only
// for keys of those kinds.
type KeyCountSpec struct {
	Keys []int32
	Ord  int32
	Op   string
	Ents []int32
	// NCorr is the number of values OpKeyCountOnce reads: the build
	// runs once per distinct tuple of them.
	NCorr int
}

// keyCounts is a KeyCountSpec's build rows, by key.
type keyCounts struct {
	groups map[string]*keyGroup
	built  map[string]bool // the correlation tuples built (OpKeyCountOnce)
	keyBuf []byte
}

// keyGroup is the build rows of one key: their number, their ordering
// values (in the order added, and split by kind and sorted at the first
// probe) and, per entity slot, the rows holding each entity.
type keyGroup struct {
	n    int64
	ords []value.Value
	ents []map[string][]int32

	sealed            bool
	nums, strs, bools []value.Value // sorted by value.Order, which is Compare on each
	other             []value.Value // lists, maps, temporal values: compared one by one
}

func (m *Machine) keyCounts(aux int32) *keyCounts {
	if m.keyTables == nil {
		m.keyTables = map[int32]*keyCounts{}
	}
	t := m.keyTables[aux]
	if t == nil {
		t = &keyCounts{groups: map[string]*keyGroup{}}
		m.keyTables[aux] = t
	}
	return t
}

// never reports whether v makes an ordering test null or false whatever
// it is compared with: null, or NaN.
func never(v value.Value) bool {
	switch x := v.(type) {
	case nil, value.Null:
		return true
	case value.Float:
		return math.IsNaN(float64(x))
	}
	return false
}

func isNull(v value.Value) bool {
	switch v.(type) {
	case nil, value.Null:
		return true
	}
	return false
}

// keyCountAdd adds the current build row to the table of aux. A row
// whose key is null or NaN, whose ordering value is null or NaN, or one
// of whose entities is null, can pass no probe and is left out.
func (m *Machine) keyCountAdd(aux int32) error {
	spec := m.prog.Aux[aux].(*KeyCountSpec)
	t := m.keyCounts(aux)
	b := t.keyBuf[:0]
	for _, r := range spec.Keys {
		var ok bool
		if b, ok = joinKey(b, m.R[r]); !ok {
			t.keyBuf = b
			return nil
		}
		b = append(b, 0)
	}
	t.keyBuf = b
	var ord value.Value
	if spec.Ord >= 0 {
		if ord = m.R[spec.Ord]; never(ord) {
			return nil
		}
	}
	for _, r := range spec.Ents {
		if isNull(m.R[r]) {
			return nil
		}
	}
	g := t.groups[string(b)]
	grow := int64(16)
	if g == nil {
		g = &keyGroup{}
		if len(spec.Ents) > 0 {
			g.ents = make([]map[string][]int32, len(spec.Ents))
			for i := range g.ents {
				g.ents[i] = map[string][]int32{}
			}
		}
		t.groups[string(b)] = g
		grow += int64(len(b)) + 96
	}
	row := int32(g.n)
	g.n++
	if spec.Ord >= 0 {
		g.ords = append(g.ords, ord)
		grow += value.Size(ord)
	}
	for i, r := range spec.Ents {
		k := string(value.AppendKey(nil, m.R[r]))
		g.ents[i][k] = append(g.ents[i][k], row)
		grow += int64(len(k)) + 24
	}
	return m.account(grow)
}

// keyCount is the number of build rows of aux that pass the tests
// against the probe values from R[first] on (see KeyCountSpec).
func (m *Machine) keyCount(aux, first int32) int64 {
	spec := m.prog.Aux[aux].(*KeyCountSpec)
	t := m.keyCounts(aux)
	b := t.keyBuf[:0]
	at := first
	for range spec.Keys {
		var ok bool
		if b, ok = joinKey(b, m.R[at]); !ok {
			t.keyBuf = b
			return 0
		}
		b = append(b, 0)
		at++
	}
	t.keyBuf = b
	g := t.groups[string(b)]
	if g == nil {
		return 0
	}
	var ord value.Value
	if spec.Ord >= 0 {
		if ord = m.R[at]; never(ord) {
			return 0
		}
		at++
	}
	n := g.n
	if spec.Ord >= 0 {
		n = g.countOrd(spec.Op, ord)
	}
	if len(spec.Ents) == 0 || n == 0 {
		return n
	}
	// The rows counted that hold one of the probe's entities fail the
	// test that they differ: found by entity, each taken once.
	var seen []int32
	for i := range spec.Ents {
		e := m.R[at+int32(i)]
		if isNull(e) {
			return 0 // null <> x is null
		}
		for _, row := range g.ents[i][string(value.AppendKey(nil, e))] {
			if slices.Contains(seen, row) {
				continue
			}
			seen = append(seen, row)
			if spec.Ord < 0 || value.CompareOp(spec.Op, ord, g.ords[row]) == value.True {
				n--
			}
		}
	}
	return n
}

// countOrd is the number of the group's rows w for which v op w is true.
func (g *keyGroup) countOrd(op string, v value.Value) int64 {
	if !g.sealed {
		g.seal()
	}
	var class []value.Value
	switch value.KindOf(v) {
	case value.KindInt, value.KindFloat:
		class = g.nums
	case value.KindString:
		class = g.strs
	case value.KindBool:
		class = g.bools
	default:
		// Only values of v's own kind compare with it.
		var n int64
		for _, w := range g.other {
			if value.CompareOp(op, v, w) == value.True {
				n++
			}
		}
		return n
	}
	// Within a class Compare is a total order (numbers without NaN
	// exactly, int against float too), the one the class is sorted by.
	below := func(strict bool) int64 { // the w with w < v (strict) or w <= v
		return int64(sort.Search(len(class), func(i int) bool {
			c, _ := value.Compare(class[i], v)
			if strict {
				return c >= 0
			}
			return c > 0
		}))
	}
	size := int64(len(class))
	switch op {
	case "<":
		return size - below(false)
	case "<=":
		return size - below(true)
	case ">":
		return below(true)
	case ">=":
		return below(false)
	}
	return 0
}

// seal splits the group's ordering values by kind and sorts those of the
// kinds Compare orders totally.
func (g *keyGroup) seal() {
	g.sealed = true
	for _, w := range g.ords {
		switch value.KindOf(w) {
		case value.KindInt, value.KindFloat:
			g.nums = append(g.nums, w)
		case value.KindString:
			g.strs = append(g.strs, w)
		case value.KindBool:
			g.bools = append(g.bools, w)
		default:
			g.other = append(g.other, w)
		}
	}
	for _, c := range [][]value.Value{g.nums, g.strs, g.bools} {
		slices.SortFunc(c, value.Order)
	}
}

// keyCountOnce reports whether the build of aux already ran for the
// correlation values from R[first] on, and marks them built. Values that
// equal nothing (null, NaN) are built each time: a row holding them
// matches no key, so the build adds nothing any probe finds.
func (m *Machine) keyCountOnce(aux, first int32) (bool, error) {
	spec := m.prog.Aux[aux].(*KeyCountSpec)
	t := m.keyCounts(aux)
	var b []byte
	for i := 0; i < spec.NCorr; i++ {
		var ok bool
		if b, ok = joinKey(b, m.R[first+int32(i)]); !ok {
			return false, nil
		}
		b = append(b, 0)
	}
	if t.built == nil {
		t.built = map[string]bool{}
	}
	if t.built[string(b)] {
		return true, nil
	}
	t.built[string(b)] = true
	return false, m.account(int64(len(b)) + 48)
}
