package vm

import (
	"container/heap"
	"encoding/binary"
	"hash/maphash"
	"math"
	"slices"

	"github.com/cyqdb/cyq/value"
)

// table is a materialised intermediate result: a buffer, a sort, a
// grouping aggregation or a distinct set.
type table struct {
	spec     *TableSpec
	agg      *AggSpec
	distinct *DistinctSpec

	rows     []tableRow
	finished bool

	// grp is a grouping aggregation's groups (groups.go).
	grp groups
	// seen is a DISTINCT table's keys: their encodings in seenArena,
	// found through an open-addressing table (no Go map, no string per
	// key).
	seen      bytesIndex
	seenArena []byte
	keyBuf    []byte
	distBuf   []byte
	// lists and last remember long lists met in key registers
	// (key_memo.go).
	lists  []listMemo
	last   lastGroup
	argBuf []value.Value

	// Slabs the rows' slices are cut from: one allocation per chunk of
	// rows instead of two per row.
	slabR []value.Value
	slabN []uint64

	// rank is a RankSpec's sorted keys per group (ranks.go).
	rank *rankCache
	// rankList is a ListRankSpec's sorted keys of the last list (rank_lists.go).
	rankList *listRankCache
	// mappedList is a ListMemoSpec's last list and the value mapped from it
	// (mapped_lists.go).
	mappedList *mappedList
	// valueMemo is a ValueMemoSpec's remembered tuples and values
	// (value_memo.go).
	valueMemo *valueMemo
	// foldSum is a FoldSumSpec's prefix sums of the last list
	// (fold_sums.go).
	foldSum *foldSumCache
}

// slabChunk bounds the slabs a table's rows are cut from; the first slab
// is small and each next one twice the last, so a table of a few rows does
// not pay for thousands.
const slabChunk = 4096

// slabAlloc cuts n elements from *slab, starting a new slab when it is full.
func slabAlloc[T any](slab *[]T, n int) []T {
	if n == 0 {
		return nil
	}
	if len(*slab)+n > cap(*slab) {
		*slab = make([]T, 0, max(n, min(slabChunk, max(16, 2*cap(*slab)))))
	}
	i := len(*slab)
	*slab = (*slab)[:i+n]
	return (*slab)[i : i+n : i+n]
}

func (t *table) allocR(n int) []value.Value { return slabAlloc(&t.slabR, n) }
func (t *table) allocN(n int) []uint64      { return slabAlloc(&t.slabN, n) }

type tableRow struct {
	r []value.Value
	n []uint64
}

// len returns the number of rows the table holds.
func (t *table) len() int {
	if t.agg != nil {
		return t.grp.n
	}
	return len(t.rows)
}

func (m *Machine) table(aux int32) *table {
	if int(aux) < len(m.tables) {
		if t := m.tables[aux]; t != nil {
			return t
		}
	} else {
		m.tables = make([]*table, len(m.prog.Aux))
	}
	t := &table{}
	switch s := m.prog.Aux[aux].(type) {
	case *TableSpec:
		t.spec = s
	case *AggSpec:
		t.agg = s
		t.spec = &s.Table
	case *DistinctSpec:
		t.distinct = s
	}
	m.tables[aux] = t
	return t
}

func (t *table) reset() {
	t.rows = t.rows[:0]
	t.finished = false
	if t.agg != nil {
		t.grp = groups{}
	}
	t.slabR, t.slabN = nil, nil
	t.seen, t.seenArena = bytesIndex{}, nil
	t.rank = nil
	t.rankList = nil
	t.mappedList = nil
	// valueMemo stays: its values hold for the whole run, and what it
	// holds stays charged.
	t.last.ok = false
}

func (m *Machine) account(n int64) error {
	m.memory += n
	if m.charge != nil && m.memory-m.charged >= chargeChunk {
		d := m.memory - m.charged
		m.charged += d
		m.charge(d)
	}
	if m.stats != nil && m.memPC < len(m.prog.OpOf) {
		if op := m.prog.OpOf[m.memPC]; int(op) < len(m.stats.OpMemory) {
			m.stats.OpMemory[op] += n
		}
	}
	if m.limits.MaxMemory > 0 && m.memory > m.limits.MaxMemory {
		return memoryErr(m.limits.MaxMemory)
	}
	return nil
}

// release gives back n bytes that account charged for a structure the
// run no longer holds (a finished search), keeping the peak for Stats.
func (m *Machine) release(n int64) {
	m.peak = max(m.peak, m.memory)
	m.memory -= n
}

// fits reports a memory-budget error when n more bytes would not fit
// beside what the query holds. Values being built (a list or string that
// a function, a concatenation or a comprehension produces) are checked
// with it: they are transient, so they are not added to the account.
func (m *Machine) fits(n int64) error {
	if m.limits.MaxMemory > 0 && m.memory+n > m.limits.MaxMemory {
		return memoryErr(m.limits.MaxMemory)
	}
	return nil
}

// fitsValue is fits for a value just built (value.Size: bounded time).
func (m *Machine) fitsValue(v value.Value) error { return m.fits(value.Size(v)) }

// rowBytes is what a buffered row holds: its slots and the values in them.
func rowBytes(row tableRow) int64 {
	n := int64(8*len(row.n) + 48)
	for _, v := range row.r {
		n += value.Size(v)
	}
	return n
}

func (t *table) add(m *Machine) error {
	topN := t.spec.TopN >= 0 && len(t.spec.SortKeys) > 0
	if topN {
		k := m.N[t.spec.TopN]
		if k == 0 {
			return nil
		}
		if uint64(len(t.rows)) >= k {
			// Full: a row enters only if it sorts before the current worst.
			worst := t.rows[0].r
			better := false
			for ki, pos := range t.spec.SortKeys {
				c := value.Order(m.R[t.spec.R[pos]], worst[pos])
				if t.spec.Desc[ki] {
					c = -c
				}
				if c != 0 {
					better = c < 0
					break
				}
			}
			if !better {
				return nil
			}
		}
	}
	full := topN && uint64(len(t.rows)) >= m.N[t.spec.TopN]
	var row tableRow
	if full {
		// The row that sorts last leaves: the new one takes its slots.
		row = t.rows[0]
	} else {
		row = tableRow{r: t.allocR(len(t.spec.R)), n: t.allocN(len(t.spec.N))}
	}
	for i, r := range t.spec.R {
		row.r[i] = m.R[r]
	}
	for i, n := range t.spec.N {
		row.n[i] = m.N[n]
	}
	t.finished = false
	if topN {
		h := (*worstFirst)(t)
		if full {
			heap.Fix(h, 0)
			return nil
		}
		heap.Push(h, row)
		return m.account(rowBytes(row))
	}
	t.rows = appendDoubling(t.rows, row)
	return m.account(rowBytes(row))
}

// appendDoubling appends, doubling the capacity when full: append grows
// large slices by about 1.25x, which copies a big table several times over.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		n := make([]T, len(s), max(4, 2*cap(s)))
		copy(n, s)
		s = n
	}
	return append(s, v)
}

// less orders two rows by the table's sort keys.
func (t *table) cmp(a, b []value.Value) int {
	for k, pos := range t.spec.SortKeys {
		c := value.Order(a[pos], b[pos])
		if c != 0 {
			if t.spec.Desc[k] {
				return -c
			}
			return c
		}
	}
	return 0
}

// worstFirst is a heap of a top-k table's rows with the row that sorts last
// on top, so it is the one replaced. Ties keep the earlier row (stability).
type worstFirst table

func (h *worstFirst) Len() int { return len(h.rows) }
func (h *worstFirst) Less(i, j int) bool {
	return (*table)(h).cmp(h.rows[i].r, h.rows[j].r) > 0
}
func (h *worstFirst) Swap(i, j int) { h.rows[i], h.rows[j] = h.rows[j], h.rows[i] }
func (h *worstFirst) Push(x any)    { h.rows = append(h.rows, x.(tableRow)) }
func (h *worstFirst) Pop() any {
	r := h.rows[len(h.rows)-1]
	h.rows = h.rows[:len(h.rows)-1]
	return r
}

func (t *table) restore(m *Machine, i int) {
	if t.agg != nil {
		t.restoreGroup(m, i)
		return
	}
	row := &t.rows[i]
	for j, r := range t.spec.R {
		m.R[r] = row.r[j]
	}
	for j, n := range t.spec.N {
		m.N[n] = row.n[j]
	}
}

func (t *table) key(m *Machine, rs []int32, ns []int32) []byte {
	b := t.keyBuf[:0]
	for j, r := range rs {
		b = t.appendKey(b, j, m.R[r])
	}
	for _, n := range ns {
		b = binary.BigEndian.AppendUint64(b, m.N[n])
	}
	t.keyBuf = b
	return b
}

// seenBefore reports whether the distinct key registers held these values
// before, and remembers them; what the table grows by is charged.
func (t *table) seenBefore(m *Machine) (bool, error) {
	k := t.key(m, t.distinct.R, t.distinct.N)
	h := maphash.Bytes(groupSeed, k)
	if _, ok := t.seen.get(h, k, t.seenArena); ok {
		return true, nil
	}
	_, arena, n := t.seen.add(h, k, t.seenArena)
	t.seenArena = arena
	return false, m.account(n)
}

// intKey returns the group key as an integer when the grouping is by one
// value that is an integer (or an integral float: 1 and 1.0 are one group)
// or by one node; ok is false otherwise.
func (t *table) intKey(m *Machine) (int64, bool) {
	s := t.agg
	switch {
	case s.NumKeyR == 1 && len(s.Table.N) == 0:
		switch v := m.R[s.Table.R[0]].(type) {
		case value.Int:
			return int64(v), true
		case value.Float:
			f := float64(v)
			if f == math.Trunc(f) && f >= -9.2e18 && f <= 9.2e18 {
				return int64(f), true
			}
		}
	case s.NumKeyR == 0 && len(s.Table.N) == 1:
		return int64(m.N[s.Table.N[0]]), true
	}
	return 0, false
}

// denseSlack bounds the dense array's range to this many entries per
// group (plus a fixed allowance), so sparse keys go to the
// hash index.
const denseSlack, denseBase = 8, 4096

// finish completes the table before it is read: aggregates are computed
// and sorts are ordered. It runs once per fill.
func (t *table) finish(m *Machine) error {
	if t.finished {
		return nil
	}
	t.finished = true
	if t.agg != nil {
		return t.finishGroups(m)
	}
	if len(t.spec.SortKeys) > 0 {
		slices.SortStableFunc(t.rows, func(a, b tableRow) int { return t.cmp(a.r, b.r) })
	}
	return nil
}
