package vm

import (
	"container/heap"
	"encoding/binary"
	"math"
	"slices"

	"github.com/cyqdb/cyq/functions"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
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

	// A grouping aggregation keeps its groups in slots (chunked: growing
	// never copies them) and finds them by key in groups, in ints (keys
	// that are one integer or one node id) or, for small non-negative
	// integer keys, in dense (group index + 1, 0 for none). The maps are
	// Go maps, which grow table by table (at most 1,024 slots are rehashed
	// at a time), so none of them is presized from the planner's estimate.
	slots    chunked[groupSlot]
	groups   map[string]int
	ints     map[int64]int
	dense    paged
	seenKeys map[string]struct{}
	keyBuf   []byte
	argBuf   []value.Value

	// Slabs the rows' slices are cut from: one allocation per chunk of
	// rows instead of two per row.
	slabR    []value.Value
	slabN    []uint64
	slabAgg  []Aggregator
	slabSums []int64
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

func (t *table) allocR(n int) []value.Value   { return slabAlloc(&t.slabR, n) }
func (t *table) allocN(n int) []uint64        { return slabAlloc(&t.slabN, n) }
func (t *table) allocSums(n int) []int64      { return slabAlloc(&t.slabSums, n) }
func (t *table) allocAggs(n int) []Aggregator { return slabAlloc(&t.slabAgg, n) }

type tableRow struct {
	r []value.Value
	n []uint64
}

// groupSlot is one group of an aggregation: its row (keys, then results
// once finished) and its aggregation state.
type groupSlot struct {
	row tableRow
	st  groupState
}

// len returns the number of rows the table holds.
func (t *table) len() int {
	if t.agg != nil {
		return t.slots.len()
	}
	return len(t.rows)
}

// row returns row i.
func (t *table) row(i int) *tableRow {
	if t.agg != nil {
		return &t.slots.at(i).row
	}
	return &t.rows[i]
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
		t.seenKeys = map[string]struct{}{}
	}
	m.tables[aux] = t
	return t
}

func (t *table) reset() {
	t.rows = t.rows[:0]
	t.finished = false
	if t.agg != nil {
		t.slots = chunked[groupSlot]{}
		t.groups = nil
		t.ints = nil
		t.dense = paged{}
	}
	t.slabR, t.slabN, t.slabAgg, t.slabSums = nil, nil, nil, nil
	if t.seenKeys != nil {
		t.seenKeys = map[string]struct{}{}
	}
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
	row := tableRow{r: t.allocR(len(t.spec.R)), n: t.allocN(len(t.spec.N))}
	if topN {
		// Replaced rows are not reused from the slab: allocate on their own.
		row = tableRow{r: make([]value.Value, len(t.spec.R)), n: make([]uint64, len(t.spec.N))}
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
		if uint64(len(t.rows)) >= m.N[t.spec.TopN] {
			t.rows[0] = row
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
	row := t.row(i)
	for j, r := range t.spec.R {
		m.R[r] = row.r[j]
	}
	for j, n := range t.spec.N {
		m.N[n] = row.n[j]
	}
}

func (t *table) key(m *Machine, rs []int32, ns []int32) []byte {
	b := t.keyBuf[:0]
	for _, r := range rs {
		b = value.AppendKey(b, m.R[r])
	}
	for _, n := range ns {
		b = binary.BigEndian.AppendUint64(b, m.N[n])
	}
	t.keyBuf = b
	return b
}

func (t *table) seen(m *Machine) bool {
	k := t.key(m, t.distinct.R, t.distinct.N)
	if _, ok := t.seenKeys[string(k)]; ok {
		return true
	}
	t.seenKeys[string(k)] = struct{}{}
	return false
}

// groupState is one group's aggregators and, when an aggregate is
// DISTINCT, what it has seen.
type groupState struct {
	aggs     []Aggregator
	sums     []int64        // SumInts aggregates, by aggregate index
	distinct *groupDistinct // nil when no aggregate is DISTINCT
}

// groupDistinct holds, by aggregate index, what each DISTINCT aggregate of
// a group has seen. groupState keeps a pointer to it, not the slice, so a
// group without DISTINCT aggregates (most of them) costs 8 bytes for it.
type groupDistinct struct {
	by []distinctSeen
}

// distinctSeen records the values (or node ids) a DISTINCT aggregate has
// already taken.
type distinctSeen struct {
	seen  map[string]struct{}
	nodes *roaring.Bitmap
}

// distinctAt returns what aggregate i of n has seen in this group,
// making the group's records on first use.
func (st *groupState) distinctAt(i, n int) *distinctSeen {
	if st.distinct == nil {
		st.distinct = &groupDistinct{by: make([]distinctSeen, n)}
	}
	return &st.distinct.by[i]
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

// intGroup finds the group of an integer key: in the dense array for
// small non-negative keys, else in the map.
func (t *table) intGroup(k int64) (int, bool) {
	if k >= 0 {
		if d := t.dense.get(k); d > 0 {
			return int(d - 1), true
		}
	}
	if t.ints == nil {
		return 0, false
	}
	g, ok := t.ints[k]
	return g, ok
}

// denseSlack bounds the dense array's range to this many entries per
// group (plus a fixed allowance), so sparse keys stay in the map.
const denseSlack, denseBase = 8, 4096

// mapEntryBytes is what one map entry is charged besides its key bytes.
const mapEntryBytes = 32

// setIntGroup records a new group g for key k: in the dense array when k
// is small compared with the number of groups, else in the map. Each new
// page of the dense array, or map entry, is charged.
func (t *table) setIntGroup(m *Machine, k int64, g int) error {
	if k >= 0 && k < int64(denseSlack*(g+1)+denseBase) && k < 1<<31-1 {
		if n := t.dense.set(k, int32(g+1)); n > 0 {
			return m.account(n)
		}
		return nil
	}
	if t.ints == nil {
		t.ints = map[int64]int{}
	}
	t.ints[k] = g
	return m.account(mapEntryBytes)
}

// sumsOnly reports whether every aggregate is an integer sum.
func (s *AggSpec) sumsOnly() bool {
	for _, a := range s.Aggs {
		if !a.SumInts {
			return false
		}
	}
	return true
}

// group finds (or creates) the group of the current row's keys.
func (t *table) group(m *Machine) (int, error) {
	s := t.agg
	var g int
	var ok bool
	var keyBytes int
	var ik int64
	var isInt bool
	if s.NumKeyR == 0 && len(s.Table.N) == 0 {
		// A global aggregation: its one group, no key to look up.
		if t.slots.len() > 0 {
			return 0, nil
		}
	} else if ik, isInt = t.intKey(m); isInt {
		g, ok = t.intGroup(ik)
	} else {
		k := t.key(m, s.Table.R[:s.NumKeyR], s.Table.N)
		g, ok = t.groups[string(k)]
		if !ok {
			if t.groups == nil {
				t.groups = map[string]int{}
			}
			t.groups[string(k)] = t.slots.len()
			keyBytes = len(k) + mapEntryBytes
		}
	}
	if !ok {
		g = t.slots.len()
		if isInt {
			if err := t.setIntGroup(m, ik, g); err != nil {
				return 0, err
			}
		}
		row := tableRow{r: t.allocR(len(s.Table.R)), n: t.allocN(len(s.Table.N))}
		for i := 0; i < s.NumKeyR; i++ {
			row.r[i] = m.R[s.Table.R[i]]
		}
		for i, n := range s.Table.N {
			row.n[i] = m.N[n]
		}
		var st groupState
		if !s.sumsOnly() { // integer sums need no aggregator objects
			st.aggs = t.allocAggs(len(s.Aggs))
		}
		for i, a := range s.Aggs {
			if a.SumInts {
				if st.sums == nil {
					st.sums = t.allocSums(len(s.Aggs))
				}
				continue
			}
			st.aggs[i] = a.New()
			if a.Distinct {
				st.distinctAt(i, len(s.Aggs))
			}
		}
		// The slot's chunk (when a new one is cut) and what the group
		// holds besides: its values, ids, aggregators and key.
		n := t.slots.push(groupSlot{row: row, st: st}, s.EstGroups)
		n += int64(16*len(row.r) + 8*len(row.n) + 64*len(st.aggs) + keyBytes)
		if err := m.account(n); err != nil {
			return 0, err
		}
	}
	return g, nil
}

// aggStep feeds the current row to its group's aggregates.
func (t *table) aggStep(m *Machine) error {
	s := t.agg
	g, err := t.group(m)
	if err != nil {
		return err
	}
	st := &t.slots.at(g).st
	for i, a := range s.Aggs {
		if a.SumInts {
			n, _ := m.R[a.Args[0]].(value.Int)
			sum, carry := st.sums[i], int64(n)
			if (carry > 0 && sum > math.MaxInt64-carry) || (carry < 0 && sum < math.MinInt64-carry) {
				return cyqerr.Runtimef(cyqerr.ArithmeticError, "IntegerOverflow", "the sum overflows a 64-bit integer")
			}
			st.sums[i] = sum + carry
			continue
		}
		args := t.argBuf[:0]
		for _, r := range a.Args {
			args = append(args, m.R[r])
		}
		t.argBuf = args
		if a.Distinct {
			if len(args) > 0 && value.IsNull(args[0]) {
				continue
			}
			d := st.distinctAt(i, len(s.Aggs))
			if n, ok := args[0].(value.Node); ok && len(args) == 1 {
				// Distinct nodes: a bitmap of ids, no key encoding.
				if d.nodes == nil {
					d.nodes = roaring.New()
				}
				if !d.nodes.CheckedAdd(n.ID) {
					continue
				}
			} else {
				var kb []byte
				for _, v := range args {
					kb = value.AppendKey(kb, v)
				}
				if d.seen == nil {
					d.seen = map[string]struct{}{}
				}
				if _, dup := d.seen[string(kb)]; dup {
					continue
				}
				d.seen[string(kb)] = struct{}{}
				if err := m.account(int64(len(kb)) + 48); err != nil {
					return err
				}
			}
		}
		agg := st.aggs[i]
		if err := agg.Add(args); err != nil {
			return err
		}
		if _, keeps := agg.(functions.Retaining); keeps && len(args) > 0 && !value.IsNull(args[0]) {
			if err := m.account(value.Size(args[0]) + 16); err != nil {
				return err
			}
		}
	}
	return nil
}

// aggSet feeds a whole node set to the current row's group: every
// aggregate of the spec is a SetCount count(DISTINCT n), whose distinct
// bitmap takes the union, or a SetCount count(*) (SumInts), whose sum
// takes the set's size (OpAggSet).
func (t *table) aggSet(m *Machine, set *roaring.Bitmap) error {
	g, err := t.group(m)
	if err != nil {
		return err
	}
	st := &t.slots.at(g).st
	for i, a := range t.agg.Aggs {
		if a.SumInts {
			st.sums[i] += int64(set.GetCardinality())
			continue
		}
		d := st.distinctAt(i, len(t.agg.Aggs))
		if d.nodes == nil {
			d.nodes = roaring.New()
		}
		d.nodes.Or(set)
	}
	return nil
}

// finish completes the table before it is read: aggregates are computed
// and sorts are ordered. It runs once per fill.
func (t *table) finish(m *Machine) error {
	if t.finished {
		return nil
	}
	t.finished = true
	if s := t.agg; s != nil {
		if t.slots.len() == 0 && s.NumKeyR == 0 && len(s.Table.N) == 0 {
			// A global aggregation over no rows still yields one row.
			row := tableRow{r: make([]value.Value, len(s.Table.R))}
			aggs := make([]Aggregator, len(s.Aggs))
			for i, a := range s.Aggs {
				aggs[i] = a.New()
			}
			t.slots.push(groupSlot{row: row, st: groupState{aggs: aggs}}, 1)
		}
		for g := range t.slots.len() {
			slot := t.slots.at(g)
			row, st := &slot.row, &slot.st
			for i := range s.Aggs {
				if s.Aggs[i].SetCount && !s.Aggs[i].SumInts {
					var n uint64
					if d := st.distinct; d != nil && d.by[i].nodes != nil {
						n = d.by[i].nodes.GetCardinality()
					}
					row.r[s.NumKeyR+i] = value.Int(int64(n))
					continue
				}
				if s.Aggs[i].SumInts {
					var n int64
					if st.sums != nil {
						n = st.sums[i]
					}
					row.r[s.NumKeyR+i] = value.Int(n)
					continue
				}
				v, err := st.aggs[i].Result()
				if err != nil {
					return err
				}
				row.r[s.NumKeyR+i] = v
			}
		}
	}
	if len(t.spec.SortKeys) > 0 {
		slices.SortStableFunc(t.rows, func(a, b tableRow) int { return t.cmp(a.r, b.r) })
	}
	return nil
}
