package storage

import (
	"cmp"
	"container/heap"
	"encoding/binary"
	"maps"
	"math"
	"reflect"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/cyqdb/cyq/value"
)

// Value statistics: per (label, key) a property sketch (PropStats) and per
// (label, type, direction) the nodes of highest degree (TopDegree). They
// are computed from every node while an image is written (a bulk load, a
// journal fold, a rebuild) and persisted in the image's value section.
//
// Commits keep what can be kept exactly: a (label, key)'s Nodes (the
// label's count) and Rows (every commit counts the change in nodes
// holding the key per label: version.vrows, and logs it in its journal
// record, so that an open that replays the journal adds the same
// changes: valueDelta), the histogram's rows scaled with them. The
// distinct count follows inserted values through its registers
// (valuestats_hll.go), and the most common values through a small
// summary per (label, key) of the values commits added and took away
// (valuestats_tally.go). The rest is not maintained: a top-N list or a
// histogram cannot be kept exact under deletes without the full counts,
// and keeping the full counts costs memory in proportion to the distinct
// values. Instead, as statistics in serious engines are, they are refreshed when
// the data changed by more than staleFraction of what they were computed
// over: every commit counts its node and relationship changes, the
// statistics read as absent (the planner samples instead) once the count
// passes the fraction, and the next image written computes them afresh
// (a graph whose statistics went stale asks for an image: needsImage).
// Below the fraction an image write carries them over unchanged.

const (
	// sketchMCVs is the most-common values kept per (label, key).
	sketchMCVs = 32
	// sketchCounters is the counters of the heavy-hitter summary that
	// finds them (space-saving: a value's count is overestimated by at
	// most rows/sketchCounters).
	sketchCounters = 4 * sketchMCVs
	// sketchBuckets is the equi-depth histogram buckets of ordered values.
	sketchBuckets = 8
	// sketchReservoir is the values sampled for the histogram.
	sketchReservoir = 1024
	// hllBits sets the distinct-count registers (2^hllBits): a standard
	// error of 1.04/sqrt(2^hllBits), 1.6%.
	hllBits = 12
	// TopDegreeNodes is the nodes kept per (label, type, direction).
	TopDegreeNodes = 1024
	// topPropBytes bounds the encoded properties a listed node keeps
	// (nodes with more keep none: NodeDegree.Props).
	topPropBytes = 48
	// staleFraction is the share of changed nodes and relationships past
	// which value statistics are stale.
	staleFraction = 0.2
	// refreshFloor is the least changes for which stale statistics ask
	// for an image.
	refreshFloor = 4096
)

// ValueCount is a value and the number of nodes holding it.
type ValueCount struct {
	Value value.Value
	Count uint64
}

// PropStats summarises property key over the nodes of a label (AnyLabel:
// every node).
type PropStats struct {
	// Nodes is the label's node count and Rows the nodes among them with
	// a (non-null) value, when computed.
	Nodes, Rows uint64
	// Distinct estimates the distinct values among Rows.
	Distinct float64
	// MCV lists the most common values (each held by at least two nodes),
	// most common first; a count is a lower bound, exact for a value
	// counted from its first occurrence.
	MCV []ValueCount
	// Bounds, when not nil, are the sketchBuckets+1 bounds of an
	// equi-depth histogram over the values of one ordered kind (numbers
	// or strings, whichever more values have; long strings by prefix),
	// and BoundsRows the rows of that kind.
	Bounds     []value.Value
	BoundsRows uint64
}

// MCVRows is the rows the most common values account for.
func (p PropStats) MCVRows() uint64 {
	n := uint64(0)
	for _, m := range p.MCV {
		n += m.Count
	}
	return n
}

// EqualRows estimates the rows whose value equals v: its count when it is
// a most common value, else the rows the most common values leave shared
// evenly by the other distinct values.
func (p PropStats) EqualRows(v value.Value) float64 {
	for _, m := range p.MCV {
		if value.Equal(m.Value, v) == value.True {
			return float64(m.Count)
		}
	}
	rest := float64(p.Rows) - float64(p.MCVRows())
	others := p.Distinct - float64(len(p.MCV))
	if rest <= 0 {
		return 0
	}
	if others < 1 {
		others = 1
	}
	return rest / others
}

// RangeRows estimates the rows whose value satisfies op ("<", "<=", ">",
// ">=") against v from the histogram; ok is false without one of v's kind.
func (p PropStats) RangeRows(op string, v value.Value) (float64, bool) {
	if len(p.Bounds) < 2 || sameKind(p.Bounds[0], v) == 0 {
		return 0, false
	}
	if s, ok := v.(value.String); ok && len(s) > sketchPrefix {
		v = s[:sketchPrefix]
	}
	below := p.fractionBelow(v) // share of the kind's rows below v
	frac := below
	if op == ">" || op == ">=" {
		frac = 1 - below
	}
	return max(frac, 0) * float64(p.BoundsRows), true
}

// fractionBelow is the histogram's share of values below v, interpolated
// linearly inside a bucket of numbers (half a bucket for strings).
func (p PropStats) fractionBelow(v value.Value) float64 {
	b := p.Bounds
	nb := float64(len(b) - 1)
	if c, _ := value.Compare(v, b[0]); c <= 0 {
		return 0
	}
	if c, _ := value.Compare(v, b[len(b)-1]); c > 0 {
		return 1
	}
	i := sort.Search(len(b), func(i int) bool { c, _ := value.Compare(b[i], v); return c >= 0 }) // b[i-1] < v <= b[i]
	part := 0.5
	lo, ok1 := number(b[i-1])
	hi, ok2 := number(b[i])
	x, ok3 := number(v)
	if ok1 && ok2 && ok3 && hi > lo {
		part = (x - lo) / (hi - lo)
	}
	return (float64(i-1) + part) / nb
}

func number(v value.Value) (float64, bool) {
	switch x := v.(type) {
	case value.Int:
		return float64(x), true
	case value.Float:
		return float64(x), true
	}
	return 0, false
}

// sameKind is 1 for numbers, 2 for strings when a and b are both, else 0.
func sameKind(a, b value.Value) int {
	ka, kb := orderedKind(a), orderedKind(b)
	if ka != 0 && ka == kb {
		return ka
	}
	return 0
}

func orderedKind(v value.Value) int {
	switch v.(type) {
	case value.Int, value.Float:
		return 1
	case value.String:
		return 2
	}
	return 0
}

// NodeDegree is a node and its degree.
type NodeDegree struct {
	Node   uint32
	Degree uint64
	// props are the node's properties when computed, if they are small
	// (see Prop).
	props props
	kept  bool
}

// Prop returns property key of the node as it was when the statistics
// were computed; known is false when the node's properties were too large
// to keep (read them from the graph then).
func (n NodeDegree) Prop(key uint32) (v value.Value, ok, known bool) {
	if !n.kept {
		return nil, false, false
	}
	v, ok = n.props.get(key)
	return v, ok, true
}

type topKey struct {
	label, typ uint32
	dir        Direction
}

// valueStats is a version's value statistics: the encoded body of the
// image's value section, decoded when first read. It is shared by the
// versions that carry it over and never changes.
type valueStats struct {
	// nodes and rels are the graph's counts when computed.
	nodes, rels uint64
	body        []byte
	once        sync.Once
	props       map[indexKey]PropStats
	top         map[topKey][]NodeDegree
	// regs are the distinct-count registers per (label, key) (pair);
	// hasRegs is false for statistics read from an image written before
	// they were kept (the next image write computes them).
	regs    map[uint64]*hllRegs
	hasRegs bool
	regsRaw []byte // regs encoded (appendRegs)
	// rows is the sum of props' Rows.
	rows uint64
	err  error
}

func (vs *valueStats) decoded() *valueStats {
	vs.once.Do(func() {
		vs.props, vs.top, vs.err = decodeValueBody(vs.body)
		if vs.err == nil && vs.hasRegs {
			d := &decoder{b: vs.regsRaw}
			vs.regs = decodeRegs(d)
			vs.err = d.done()
		}
		vs.sumRows()
	})
	return vs
}

func (vs *valueStats) sumRows() {
	vs.rows = 0
	for _, p := range vs.props {
		vs.rows += p.Rows
	}
}

// rowsTotal is the sum of the Rows of every (label, key).
func (vs *valueStats) rowsTotal() uint64 {
	if vs.decoded().err != nil {
		return 0
	}
	return vs.rows
}

// statsCell holds a graph's value statistics for all its versions: a
// journal fold computes them from one version and every version, older
// or newer, reads them from then on (estimates need not match a version
// exactly).
type statsCell struct {
	p atomic.Pointer[cellState]
}

// cellState is value statistics and the vchanges of the version they
// were computed from (or carried over to, less the changes carried).
type cellState struct {
	vs *valueStats
	at int64
	// rows is the vrows of the version the statistics were computed
	// from, when known (rowsKnown): the Rows of a later (or earlier)
	// version are the computed ones plus the difference. Unknown after an
	// open that replayed journal records written before they logged the
	// change in rows (valueDelta).
	rows      *counters[uint64]
	rowsKnown bool
	// regsFrom is the registers of the version the statistics were
	// computed from (or carried over as of): registers a later version
	// shares with it are included in vs.regs (regsOf). removedAt is
	// that version's vremoved (less the removals an image carried over).
	regsFrom  *regSet
	removedAt int64
	// tallyFrom is the value summaries of the version the statistics
	// were computed from (or carried over as of): a later version's
	// summaries count from them (valuestats_tally.go).
	tallyFrom map[uint64]*mcvTally
}

// rowsGet is v's vrows counter k (0 without one).
func (v *version) rowsGet(k uint64) int64 {
	if v.vrows == nil {
		return 0
	}
	return v.vrows.get(k)
}

// sameKeys reports whether a and b hold non-null values for the same keys.
func sameKeys(a, b props) bool {
	i, j := 0, 0
	for {
		for i < len(a) && value.IsNull(a[i].val) {
			i++
		}
		for j < len(b) && value.IsNull(b[j].val) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i].key != b[j].key {
			return false
		}
		i++
		j++
	}
}

func (v *version) cellState() *cellState {
	if v.vcell == nil {
		return nil
	}
	return v.vcell.p.Load()
}

// valueStatsCurrent returns v's value statistics when they are current
// (not stale), else nil.
func (v *version) valueStatsCurrent() *valueStats {
	cs := v.cellState()
	if cs == nil || cs.stale(v) {
		return nil
	}
	if cs.vs.decoded().err != nil {
		return nil
	}
	return cs.vs
}

// stale reports whether v changed by more than staleFraction since the
// statistics were computed.
func (cs *cellState) stale(v *version) bool {
	return float64(v.vchanges-cs.at) > staleFraction*float64(max(cs.vs.nodes+cs.vs.rels, 16))
}

// valueStatsStale reports whether v's value statistics are stale and
// worth an image to refresh them: past refreshFloor changes (false
// without any). A small graph's stale statistics wait for the next image
// (the planner samples every node of a small graph meanwhile).
func (v *version) valueStatsStale() bool {
	cs := v.cellState()
	return cs != nil && cs.stale(v) && v.vchanges-cs.at >= refreshFloor
}

// rowsSince is the change in rows of (label, key) from the version cs
// was computed from to v (0 when unknown).
func (cs *cellState) rowsSince(v *version, k uint64) int64 {
	if !cs.rowsKnown {
		return 0
	}
	d := v.rowsGet(k)
	if cs.rows != nil {
		d -= cs.rows.get(k)
	}
	return d
}

// newKeys reports whether nodes of v took a (label, key) the statistics
// have nothing on (an image write then computes them afresh).
func (cs *cellState) newKeys(v *version) bool {
	if !cs.rowsKnown || v.vrows == nil || cs.vs.decoded().err != nil {
		return false
	}
	found := false
	v.vrows.each(func(k uint64, _ int64) {
		if _, ok := cs.vs.props[indexKey{uint32(k >> 32), uint32(k)}]; !ok && cs.rowsSince(v, k) > 0 {
			found = true
		}
	})
	return found
}

// carried returns cs as of v, for an image of v that carries the
// statistics over: the rows (and nodes) v's, so that a reopen reads them
// as they were; the staleness still counts from the computation. nil
// when nothing moved or the rows are unknown.
func (cs *cellState) carried(v *version) *cellState {
	if !cs.rowsKnown || !cs.vs.hasRegs || cs.vs.decoded().err != nil {
		return nil
	}
	moved := false
	props := make(map[indexKey]PropStats, len(cs.vs.props))
	for k := range cs.vs.props {
		p, _ := v.propStatsOf(cs, k.label, k.key)
		if !reflect.DeepEqual(p, cs.vs.props[k]) {
			moved = true
		}
		props[k] = p
	}
	// The registers as of v: the statistics' raised by v's commits.
	regs := cs.vs.regs
	if v.vregs != nil && v.vregs != cs.regsFrom {
		regs = maps.Clone(regs)
		if regs == nil {
			regs = map[uint64]*hllRegs{}
		}
		v.vregs.each(func(k uint64, r *hllRegs) {
			if regs[k] != r {
				regs[k] = r
				moved = true
			}
		})
	}
	if !moved {
		return nil
	}
	vs := &valueStats{nodes: cs.vs.nodes, rels: cs.vs.rels, props: props, top: cs.vs.top, regs: regs, hasRegs: true}
	vs.once.Do(func() {})
	vs.sumRows()
	vs.body = encodeValueBody(vs.props, vs.top)
	vs.regsRaw = appendRegs(nil, vs.regs)
	return &cellState{vs: vs, at: cs.at, rows: v.vrows, rowsKnown: true, regsFrom: v.vregs, removedAt: cs.removedAt, tallyFrom: v.vtally}
}

// PropStats implements Reader: Nodes and Rows are v's own (when the
// change in rows since the computation is known), the rest as computed.
func (v *version) PropStats(label, key uint32) (PropStats, bool) {
	if v.valueStatsCurrent() == nil {
		return PropStats{}, false
	}
	return v.propStatsOf(v.cellState(), label, key)
}

// propStatsOf is PropStats from the statistics of cs.
func (v *version) propStatsOf(cs *cellState, label, key uint32) (PropStats, bool) {
	n := v.NodeCount()
	if label != AnyLabel {
		n = v.LabelCount(label)
	}
	p, ok := cs.vs.props[indexKey{label, key}]
	d := cs.rowsSince(v, pair(label, key))
	regs := v.regsOf(cs, pair(label, key))
	if !ok {
		if d > 0 && regs != nil && cs.vs.hasRegs {
			// Nodes took the key since: their rows and distinct
			// values are known, not which values are common.
			p := PropStats{Nodes: n, Rows: uint64(d), Distinct: max(min(regs.estimate(), float64(d)), 1)}
			p.MCV = v.tallied(cs, pair(label, key), nil, p.Rows)
			p.Distinct = max(p.Distinct, float64(len(p.MCV)))
			return p, true
		}
		if d > 0 {
			// Nothing is known of its values (read as absent: the
			// planner samples).
			return PropStats{}, false
		}
		// Computed, and no node of the label has the key.
		return PropStats{Nodes: n}, true
	}
	p.Nodes = n
	if d != 0 {
		rows := uint64(max(int64(p.Rows)+d, 0))
		if p.Rows > 0 {
			p.BoundsRows = uint64(math.Round(float64(p.BoundsRows) * float64(rows) / float64(p.Rows)))
		}
		p.Rows = rows
	}
	p.MCV = v.tallied(cs, pair(label, key), p.MCV, p.Rows)
	if regs != nil {
		if cs.vs.hasRegs {
			p.Distinct = regs.estimate()
		} else {
			// Registers of the values inserted since, over an
			// estimate from an image that kept none.
			p.Distinct = max(p.Distinct, regs.estimate())
		}
	}
	p.Distinct = max(min(p.Distinct, float64(p.Rows)), float64(len(p.MCV)), 1)
	return p, true
}

// TopDegree implements Reader.
func (v *version) TopDegree(label, typ uint32, dir Direction) ([]NodeDegree, bool) {
	vs := v.valueStatsCurrent()
	if vs == nil {
		return nil, false
	}
	return vs.top[topKey{label, typ, dir}], true
}

// ---- computing ----

// valueStatsBuilder computes value statistics node page by node page.
// Its accumulators are found for every value and degree of every node, so
// they are keyed by one integer (pair): label<<32 | key, and per
// direction (Out, In) label<<32 | type.
type valueStatsBuilder struct {
	props map[uint64]*propAcc
	top   [2]map[uint64]*topHeap
	nodes uint64
}

// pair packs two 32-bit ids into a builder key.
func pair(hi, lo uint32) uint64 { return uint64(hi)<<32 | uint64(lo) }

func newValueStatsBuilder() *valueStatsBuilder {
	return &valueStatsBuilder{props: map[uint64]*propAcc{}, top: [2]map[uint64]*topHeap{{}, {}}}
}

// addPage adds the live nodes of page pi.
func (b *valueStatsBuilder) addPage(pi uint64, p *nodePage) {
	if p == nil {
		return
	}
	for i := uint32(0); i < nodePageSize; i++ {
		if p.isAlive(i) {
			b.addNode(uint32(pi*nodePageSize)+i, p.labels[i], p.props[i], p.nodeAdj(i))
		}
	}
}

func (b *valueStatsBuilder) addNode(id uint32, ls []uint32, ps props, adj [2]adjLists) {
	b.nodes++
	for _, pr := range ps {
		if value.IsNull(pr.val) {
			continue
		}
		h := valueHash(pr.val)
		b.acc(AnyLabel, pr.key).add(pr.val, h)
		for _, l := range ls {
			b.acc(l, pr.key).add(pr.val, h)
		}
	}
	for d := Out; d <= In; d++ {
		total := 0
		for _, l := range adj[d].all() {
			n := len(l.nbrs)
			if n == 0 {
				continue
			}
			total += n
			b.offer(ls, ps, l.typ, d, id, uint64(n))
		}
		if total > 0 {
			b.offer(ls, ps, AnyType, d, id, uint64(total))
		}
	}
}

func (b *valueStatsBuilder) offer(ls []uint32, ps props, typ uint32, d Direction, id uint32, deg uint64) {
	b.topOf(AnyLabel, typ, d).offer(id, deg, ps)
	for _, l := range ls {
		b.topOf(l, typ, d).offer(id, deg, ps)
	}
}

func (b *valueStatsBuilder) acc(label, key uint32) *propAcc {
	k := pair(label, key)
	a := b.props[k]
	if a == nil {
		a = &propAcc{counted: map[uint64]uint8{}}
		b.props[k] = a
	}
	return a
}

func (b *valueStatsBuilder) topOf(label, typ uint32, d Direction) *topHeap {
	k := pair(label, typ)
	t := b.top[d][k]
	if t == nil {
		t = &topHeap{}
		b.top[d][k] = t
	}
	return t
}

// topHeap keeps the TopDegreeNodes nodes of highest degree (a min-heap).
type topHeap []NodeDegree

func (h topHeap) Len() int { return len(h) }
func (h topHeap) Less(i, j int) bool {
	return h[i].Degree < h[j].Degree || h[i].Degree == h[j].Degree && h[i].Node > h[j].Node
}
func (h topHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *topHeap) Push(x any)   { *h = append(*h, x.(NodeDegree)) }
func (h *topHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (h *topHeap) offer(id uint32, deg uint64, ps props) {
	if len(*h) < TopDegreeNodes {
		heap.Push(h, NodeDegree{Node: id, Degree: deg, props: ps})
		return
	}
	if deg > (*h)[0].Degree {
		(*h)[0] = NodeDegree{Node: id, Degree: deg, props: ps}
		heap.Fix(h, 0)
	}
}

// propAcc accumulates one (label, key): the row count, distinct-count
// registers (HyperLogLog), a space-saving heavy-hitter summary and a
// reservoir sample of the values.
type propAcc struct {
	rows uint64
	hll  [1 << hllBits]uint8
	// The space-saving counters: ss holds them in slots that never move,
	// byCount orders the slots as a min-heap by count and at gives each
	// slot's place in it, so keeping the heap in order moves bytes, not
	// map entries; counted maps a value hash to its slot and changes only
	// when a counter is taken over by a new value.
	counted map[uint64]uint8
	ss      []ssEntry
	byCount []uint8
	at      [sketchCounters]uint8
	res     []value.Value
}

type ssEntry struct {
	h          uint64
	v          value.Value
	count, err uint64
}

func (a *propAcc) add(v value.Value, h uint64) {
	a.rows++
	r, rank := hllPlace(h)
	if rank > a.hll[r] {
		a.hll[r] = rank
	}
	if s, ok := a.counted[h]; ok {
		a.ss[s].count++
		a.ssDown(int(a.at[s]))
	} else if len(a.ss) < sketchCounters {
		s := uint8(len(a.ss))
		a.ss = append(a.ss, ssEntry{h: h, v: keepValue(v), count: 1})
		a.counted[h] = s
		a.byCount = append(a.byCount, s)
		a.at[s] = s
		a.ssUp(int(s))
	} else {
		s := a.byCount[0]
		m := a.ss[s]
		delete(a.counted, m.h)
		a.ss[s] = ssEntry{h: h, v: keepValue(v), count: m.count + 1, err: m.count}
		a.counted[h] = s
		a.ssDown(0)
	}
	// Reservoir sampling with a fixed pseudo-random sequence.
	if len(a.res) < sketchReservoir {
		a.res = append(a.res, keepValue(v))
	} else if j := splitmix64(a.rows) % a.rows; j < sketchReservoir {
		a.res[j] = keepValue(v)
	}
}

// ssCount is the count of the counter at place i of the heap.
func (a *propAcc) ssCount(i int) uint64 { return a.ss[a.byCount[i]].count }

func (a *propAcc) ssSwap(i, j int) {
	a.byCount[i], a.byCount[j] = a.byCount[j], a.byCount[i]
	a.at[a.byCount[i]] = uint8(i)
	a.at[a.byCount[j]] = uint8(j)
}

func (a *propAcc) ssUp(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if a.ssCount(p) <= a.ssCount(i) {
			return
		}
		a.ssSwap(i, p)
		i = p
	}
}

func (a *propAcc) ssDown(i int) {
	for {
		l := 2*i + 1
		if l >= len(a.byCount) {
			return
		}
		m := l
		if r := l + 1; r < len(a.byCount) && a.ssCount(r) < a.ssCount(l) {
			m = r
		}
		if a.ssCount(i) <= a.ssCount(m) {
			return
		}
		a.ssSwap(i, m)
		i = m
	}
}

// keepValue bounds what a sketch keeps of a value (a prefix of a long
// string, which orders nearly as the value).
func keepValue(v value.Value) value.Value {
	if s, ok := v.(value.String); ok && len(s) > sketchPrefix {
		return s[:sketchPrefix]
	}
	return v
}

// sketchPrefix is how much of a long string value a sketch keeps.
const sketchPrefix = 64

// valueHash hashes a value so that equal values (Int 1 and Float 1.0)
// hash alike.
func valueHash(v value.Value) uint64 {
	switch x := v.(type) {
	case value.Int:
		return splitmix64(uint64(x))
	case value.Float:
		if f := float64(x); f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			return splitmix64(uint64(int64(f)))
		}
		return splitmix64(math.Float64bits(float64(x)) ^ 0x5bd1e995)
	case value.String:
		return splitmix64(fnv64a(string(x)) ^ 0x27d4eb2f165667c5)
	case value.Bool:
		if x {
			return splitmix64(0x1b873593)
		}
		return splitmix64(0xcc9e2d51)
	}
	return splitmix64(fnv64a(value.Format(v)) ^ 0x165667b19e3779f9)
}

// fnv64a is the 64-bit FNV-1a hash of s (hash/fnv's, without its
// allocations: every commit hashes the values it writes).
func fnv64a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// splitmix64 is the SplitMix64 mix of x.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// distinct estimates the distinct values from the registers (HyperLogLog
// with linear counting for small counts), at most the rows.
func (a *propAcc) distinct() float64 {
	return max(min(hllEstimate(&a.hll), float64(a.rows)), 1)
}

func (a *propAcc) finish(nodes uint64) PropStats {
	p := PropStats{Nodes: nodes, Rows: a.rows, Distinct: a.distinct()}
	ss := slices.Clone(a.ss)
	sort.Slice(ss, func(i, j int) bool { return ss[i].count-ss[i].err > ss[j].count-ss[j].err })
	for _, e := range ss {
		if len(p.MCV) == sketchMCVs || e.count-e.err < 2 {
			break
		}
		p.MCV = append(p.MCV, ValueCount{e.v, e.count - e.err})
	}
	if len(p.MCV) > 0 && p.Distinct < float64(len(p.MCV)) {
		p.Distinct = float64(len(p.MCV))
	}
	var nums, strs []value.Value
	for _, v := range a.res {
		switch orderedKind(v) {
		case 1:
			if f, _ := number(v); !math.IsNaN(f) {
				nums = append(nums, v)
			}
		case 2:
			strs = append(strs, v)
		}
	}
	vals := nums
	if len(strs) > len(nums) {
		vals = strs
	}
	if len(vals) >= 2 {
		slices.SortFunc(vals, func(x, y value.Value) int { c, _ := value.Compare(x, y); return c })
		p.Bounds = make([]value.Value, sketchBuckets+1)
		for i := range p.Bounds {
			p.Bounds[i] = vals[i*(len(vals)-1)/sketchBuckets]
		}
		p.BoundsRows = uint64(math.Round(float64(a.rows) * float64(len(vals)) / float64(len(a.res))))
	}
	return p
}

// stats returns the statistics of the nodes added, those of v.
func (b *valueStatsBuilder) stats(v *version) *valueStats {
	vs := &valueStats{nodes: v.NodeCount(), rels: v.relCount, props: map[indexKey]PropStats{}, top: map[topKey][]NodeDegree{},
		regs: make(map[uint64]*hllRegs, len(b.props)), hasRegs: true}
	vs.once.Do(func() {})
	for pk, a := range b.props {
		k := indexKey{label: uint32(pk >> 32), key: uint32(pk)}
		n := b.nodes
		if k.label != AnyLabel {
			if bm := v.labels[k.label]; bm != nil {
				n = bm.GetCardinality()
			}
		}
		vs.props[k] = a.finish(n)
		r := a.hll
		vs.regs[pk] = denseRegs(&r)
	}
	vs.sumRows()
	for d, top := range b.top {
		for pk, h := range top {
			vs.top[topKey{label: uint32(pk >> 32), typ: uint32(pk), dir: Direction(d)}] = finishTop(h)
		}
	}
	vs.body = encodeValueBody(vs.props, vs.top)
	vs.regsRaw = appendRegs(nil, vs.regs)
	return vs
}

// finishTop orders a top-degree heap by degree (then node) and keeps the
// properties of the nodes whose encoding is short.
func finishTop(h *topHeap) []NodeDegree {
	t := slices.Clone([]NodeDegree(*h))
	sort.Slice(t, func(i, j int) bool {
		return t[i].Degree > t[j].Degree || t[i].Degree == t[j].Degree && t[i].Node < t[j].Node
	})
	for i := range t {
		t[i].kept = len(appendProps(nil, t[i].props)) <= topPropBytes
		if !t[i].kept {
			t[i].props = nil
		}
	}
	return t
}

// ---- encoding ----

// The value section: uvarint changes since computed, (image version 5
// on) uvarint values taken away since computed, uvarint nodes and rels
// when computed, (version 5 on) uvarint length of the body, then the
// body: uvarint count, per (label, key) uvarint label,
// key, nodes, rows, u64 distinct bits, uvarint MCV count, per MCV the
// value (AppendValue) and uvarint count, uvarint bound count, bounds
// (AppendValue), uvarint bounds rows; uvarint count, per (label, type,
// direction) uvarint label, type, direction, count, then per node
// uvarint node and degree; after the body (version 5 on) the
// distinct-count registers (appendRegs). An empty section: no
// statistics.

func encodeValueSection(v *version) []byte {
	cs := v.cellState()
	if cs == nil {
		return nil
	}
	vs := cs.vs
	out := binary.AppendUvarint(nil, uint64(max(v.vchanges-cs.at, 0)))
	if imageWriteVersion >= 5 {
		out = binary.AppendUvarint(out, uint64(max(v.vremoved-cs.removedAt, 0)))
	}
	out = binary.AppendUvarint(out, vs.nodes)
	out = binary.AppendUvarint(out, vs.rels)
	if imageWriteVersion < 5 {
		return append(out, vs.body...)
	}
	out = binary.AppendUvarint(out, uint64(len(vs.body)))
	out = append(out, vs.body...)
	return append(out, vs.regsRaw...)
}

func decodeValueSection(b []byte, version uint32) (vs *valueStats, changes, removed int64, err error) {
	if len(b) == 0 {
		return nil, 0, 0, nil
	}
	d := &decoder{b: b}
	changes = int64(d.uvarint())
	if version >= 5 {
		removed = int64(d.uvarint())
	}
	vs = &valueStats{nodes: d.uvarint(), rels: d.uvarint(), hasRegs: version >= 5}
	if d.err != nil {
		return nil, 0, 0, d.err
	}
	// The body is read where the image holds it (mappings stay for the
	// process's life, as the pages read from them do), decoded when the
	// planner first asks: an open neither copies nor decodes it.
	vs.body = d.b
	if vs.hasRegs {
		vs.body = d.bytes(d.uvarint())
		vs.regsRaw = d.b
		if d.err != nil {
			return nil, 0, 0, d.err
		}
	}
	return vs, changes, removed, nil
}

func encodeValueBody(ps map[indexKey]PropStats, top map[topKey][]NodeDegree) []byte {
	keys := make([]indexKey, 0, len(ps))
	for k := range ps {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b indexKey) int {
		if a.label != b.label {
			return cmp.Compare(a.label, b.label)
		}
		return cmp.Compare(a.key, b.key)
	})
	out := binary.AppendUvarint(nil, uint64(len(keys)))
	for _, k := range keys {
		p := ps[k]
		out = binary.AppendUvarint(out, uint64(k.label))
		out = binary.AppendUvarint(out, uint64(k.key))
		out = binary.AppendUvarint(out, p.Nodes)
		out = binary.AppendUvarint(out, p.Rows)
		out = binary.LittleEndian.AppendUint64(out, math.Float64bits(p.Distinct))
		out = binary.AppendUvarint(out, uint64(len(p.MCV)))
		for _, m := range p.MCV {
			out, _ = AppendValue(out, m.Value)
			out = binary.AppendUvarint(out, m.Count)
		}
		out = binary.AppendUvarint(out, uint64(len(p.Bounds)))
		for _, x := range p.Bounds {
			out, _ = AppendValue(out, x)
		}
		out = binary.AppendUvarint(out, p.BoundsRows)
	}
	tks := make([]topKey, 0, len(top))
	for k := range top {
		tks = append(tks, k)
	}
	slices.SortFunc(tks, func(a, b topKey) int {
		if a.label != b.label {
			return cmp.Compare(a.label, b.label)
		}
		if a.typ != b.typ {
			return cmp.Compare(a.typ, b.typ)
		}
		return int(a.dir) - int(b.dir)
	})
	out = binary.AppendUvarint(out, uint64(len(tks)))
	for _, k := range tks {
		out = binary.AppendUvarint(out, uint64(k.label))
		out = binary.AppendUvarint(out, uint64(k.typ))
		out = binary.AppendUvarint(out, uint64(k.dir))
		out = binary.AppendUvarint(out, uint64(len(top[k])))
		for _, n := range top[k] {
			out = binary.AppendUvarint(out, uint64(n.Node))
			out = binary.AppendUvarint(out, n.Degree)
			// The node's properties when small (a byte count of 0:
			// not kept; else 1 + the bytes of appendProps).
			if n.kept {
				pb := appendProps(nil, n.props)
				out = binary.AppendUvarint(out, uint64(len(pb))+1)
				out = append(out, pb...)
			} else {
				out = binary.AppendUvarint(out, 0)
			}
		}
	}
	return out
}

func decodeValueBody(b []byte) (map[indexKey]PropStats, map[topKey][]NodeDegree, error) {
	d := &decoder{b: b}
	ps := map[indexKey]PropStats{}
	val := func() value.Value {
		if d.err != nil {
			return nil
		}
		x, n, err := DecodeValue(d.b)
		if err != nil {
			d.err = err
			return nil
		}
		d.advance(n)
		return x
	}
	for i, n := 0, d.count(); i < n && d.err == nil; i++ {
		k := indexKey{d.u32(), d.u32()}
		p := PropStats{Nodes: d.uvarint(), Rows: d.uvarint()}
		if raw := d.bytes(8); len(raw) == 8 {
			p.Distinct = math.Float64frombits(binary.LittleEndian.Uint64(raw))
		}
		for j, m := 0, d.count(); j < m && d.err == nil; j++ {
			p.MCV = append(p.MCV, ValueCount{val(), d.uvarint()})
		}
		for j, m := 0, d.count(); j < m && d.err == nil; j++ {
			p.Bounds = append(p.Bounds, val())
		}
		p.BoundsRows = d.uvarint()
		ps[k] = p
	}
	top := map[topKey][]NodeDegree{}
	for i, n := 0, d.count(); i < n && d.err == nil; i++ {
		k := topKey{d.u32(), d.u32(), Direction(d.uvarint())}
		var t []NodeDegree
		for j, m := 0, d.count(); j < m && d.err == nil; j++ {
			n := NodeDegree{Node: d.u32(), Degree: d.uvarint()}
			if c := d.uvarint(); c > 0 {
				n.kept = true
				if pb := d.bytes(c - 1); len(pb) > 0 {
					ps, m, err := decodeProps(pb)
					if err == nil && m != len(pb) {
						err = errorf(ErrCorrupt, "image: bad property map")
					}
					if err != nil && d.err == nil {
						d.err = err
					}
					n.props = ps
				}
			}
			t = append(t, n)
		}
		top[k] = t
	}
	if err := d.done(); err != nil {
		return nil, nil, err
	}
	return ps, top, nil
}
