package vm

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// groups is the state of a grouping aggregation, kept by column and
// indexed by group number, so that the collector has next to nothing to
// scan and a new group allocates nothing of its own:
//
//   - each key value register is a column of cells (kind and 8 bytes: the
//     integer, the float's bits, or for the other kinds an index into
//     others, the one column of interface values), each key id register a
//     column of ids;
//   - a group is found by its key in dense (small non-negative integer
//     keys), in ints (other integer keys: one integer value or one node
//     id) or in encoded (every other key, by its canonical encoding, kept
//     once in arena): open-addressing tables of ints, no Go maps;
//   - each aggregate is a column: a count, a row count or an integer sum
//     is one int64 per group; the other built-in aggregates keep flat
//     columns too (groups_flat.go); an aggregate of no flat form keeps one
//     Aggregator per group; a DISTINCT aggregate also keeps, for the groups
//     that have seen a value, what they have seen.
//
// Every column grows in chunks (chunked: no copying once past the first
// chunk) and every byte a column, an index or the arena allocates is
// charged to the query's memory budget.
type groups struct {
	n      int
	cols   []keyCol
	ids    []chunked[uint64]
	others chunked[value.Value]

	dense   paged
	ints    intIndex
	encoded bytesIndex
	arena   []byte
	byEntry chunked[int32] // encoded's entries' groups

	aggs []aggCol
	// frozen: the results were handed out (they point into the integer
	// columns), so a further step must copy the columns first.
	frozen bool
}

// keyCol is one key value register's column.
type keyCol struct {
	kind chunked[value.Kind]
	bits chunked[int64]
}

// aggMode is how an aggregate column keeps its groups' state.
type aggMode uint8

const (
	aggObject  aggMode = iota // an Aggregator per group
	aggRows                   // count(*): one int64 per group
	aggCount                  // count(x): non-null arguments, one int64 per group
	aggSum                    // an integer sum (SumInts), one int64 per group
	aggSet                    // count(DISTINCT n) fed node sets (SetCount)
	aggSetList                // collect(DISTINCT n) fed node sets (SetCount, SetList)
)

// aggCol is one aggregate's column. The flat modes' columns are made
// only for a flat aggregate, so a count or a sum carries none of them.
type aggCol struct {
	mode aggMode
	ints chunked[int64]
	objs chunked[Aggregator]
	seen chunked[*distinctSeen] // DISTINCT aggregates only
	res  chunked[value.Value]   // aggObject: results, once finished; aggAvg: duration results
	*flatCols
}

// flatCols are the columns of a flat aggregate (groups_flat.go).
type flatCols struct {
	kind  chunked[value.Kind]
	vals  chunked[value.Value]
	acc   chunked[accCell]
	items chunked[value.Value]
	owner chunked[int32]
	lists chunked[value.List]
	// last is the group of the arena's last value while the arena is in
	// group order (mixed false); owner is kept only once it is not.
	last  int32
	mixed bool
}

// distinctSeen records the values (or node ids) a DISTINCT aggregate of
// one group has already taken.
type distinctSeen struct {
	seen  map[string]struct{}
	nodes *roaring.Bitmap
	// order is the ids of nodes in the order they were first taken
	// (aggSetList): the list collect(DISTINCT n) returns.
	order []uint32
}

// modeOf picks the column form of an aggregate.
func modeOf(a *AggCall) aggMode {
	switch {
	case a.SetCount && a.SumInts:
		return aggSum // count(*) fed node sets: the sum of their sizes
	case a.SetCount && a.SetList:
		return aggSetList
	case a.SetCount:
		return aggSet
	case a.SumInts:
		return aggSum
	case a.Star:
		return aggRows
	case len(a.Args) == 1 && strings.EqualFold(a.Name, "count"):
		return aggCount
	}
	if mode, ok := flatMode(a); ok {
		return mode
	}
	return aggObject
}

// init sets the columns up for spec s.
func (gs *groups) init(s *AggSpec) {
	gs.cols = make([]keyCol, s.NumKeyR)
	gs.ids = make([]chunked[uint64], len(s.Table.N))
	gs.aggs = make([]aggCol, len(s.Aggs))
	for i := range s.Aggs {
		a := &gs.aggs[i]
		a.mode = modeOf(&s.Aggs[i])
		if a.flat() {
			a.flatCols = &flatCols{}
		}
	}
}

// groupSeed seeds the hash of encoded keys.
var groupSeed = maphash.MakeSeed()

// find returns the group of the current row's keys, making it when new.
func (t *table) find(m *Machine) (int, error) {
	s, gs := t.agg, &t.grp
	if gs.cols == nil && gs.ids == nil {
		gs.init(s)
	}
	if s.NumKeyR == 0 && len(s.Table.N) == 0 {
		// A global aggregation: its one group, no key to look up.
		if gs.n > 0 {
			return 0, nil
		}
		return gs.add(m, s, 0)
	}
	if ik, ok := t.intKey(m); ok {
		if ik >= 0 {
			if d := gs.dense.get(ik); d > 0 {
				return int(d - 1), nil
			}
		}
		if g, ok := gs.ints.get(ik); ok {
			return g, nil
		}
		g := gs.n
		var n int64
		if ik >= 0 && ik < int64(denseSlack*(g+1)+denseBase) && ik < 1<<31-1 {
			n = gs.dense.set(ik, int32(g+1))
		} else {
			n = gs.ints.put(ik, g)
		}
		if err := m.account(n); err != nil {
			return 0, err
		}
		return gs.add(m, s, 0)
	}
	rs := s.Table.R[:s.NumKeyR]
	if g, ok := t.sameGroup(m, rs, s.Table.N); ok {
		return g, nil
	}
	k := t.key(m, rs, s.Table.N)
	h := maphash.Bytes(groupSeed, k)
	if e, ok := gs.encoded.get(h, k, gs.arena); ok {
		g := int(*gs.byEntry.at(e))
		t.rememberGroup(m, rs, s.Table.N, g)
		return g, nil
	}
	// The encoded keys' entries are the groups they make (others take
	// none): entry numbers and group numbers differ when both kinds of
	// key occur, so the entry maps to its group.
	_, arena, n := gs.encoded.add(h, k, gs.arena)
	gs.arena = arena
	n += gs.byEntry.push(int32(gs.n), 0)
	if err := m.account(n); err != nil {
		return 0, err
	}
	g, err := gs.add(m, s, 0)
	if err == nil {
		t.rememberGroup(m, rs, s.Table.N, g)
	}
	return g, err
}

// add makes a group of the current row's keys and returns its number;
// extra is charged with what it allocates.
func (gs *groups) add(m *Machine, s *AggSpec, extra int64) (int, error) {
	g := gs.n
	gs.n++
	hint := s.EstGroups
	n := extra
	for c := range gs.cols {
		col := &gs.cols[c]
		v := m.R[s.Table.R[c]]
		var b int64
		k := value.KindNull
		switch x := v.(type) {
		case value.Int:
			k, b = value.KindInt, int64(x)
		case value.Float:
			k, b = value.KindFloat, int64(math.Float64bits(float64(x)))
		default:
			k, b = value.KindList, int64(gs.others.len()) // any kind kept in others
			n += gs.others.push(v, hint)
		}
		n += col.kind.push(k, hint)
		n += col.bits.push(b, hint)
	}
	for c, r := range s.Table.N {
		n += gs.ids[c].push(m.N[r], hint)
	}
	for i := range gs.aggs {
		a := &gs.aggs[i]
		switch {
		case a.mode == aggObject:
			n += a.objs.push(s.Aggs[i].New(), hint) + 64
		case a.flat():
			n += a.addGroup(hint)
		default:
			n += a.ints.push(0, hint)
		}
		if s.Aggs[i].Distinct {
			n += a.seen.push(nil, hint)
		}
	}
	if err := m.account(n); err != nil {
		return 0, err
	}
	return g, nil
}

// distinctAt returns what aggregate i of group g has seen, making its
// record on first use.
func (gs *groups) distinctAt(i, g int) *distinctSeen {
	p := gs.aggs[i].seen.at(g)
	if *p == nil {
		*p = &distinctSeen{}
	}
	return *p
}

// thaw copies the integer columns whose values were handed out, so that
// those values stay as they were when the table is stepped again.
func (gs *groups) thaw() {
	if !gs.frozen {
		return
	}
	gs.frozen = false
	for i := range gs.aggs {
		ch := gs.aggs[i].ints.chunks
		for j, c := range ch {
			ch[j] = append(make([]int64, 0, cap(c)), c...)
		}
	}
}

// aggStep feeds the current row to its group's aggregates; an error an
// aggregate raises is reported at that aggregate's call (aggAt).
func (t *table) aggStep(m *Machine) error {
	s := t.agg
	g, err := t.find(m)
	if err != nil {
		return err
	}
	gs := &t.grp
	gs.thaw()
	for i := range s.Aggs {
		a := &s.Aggs[i]
		col := &gs.aggs[i]
		switch col.mode {
		case aggSum:
			n, _ := m.R[a.Args[0]].(value.Int)
			p := col.ints.at(g)
			sum, carry := *p, int64(n)
			if (carry > 0 && sum > math.MaxInt64-carry) || (carry < 0 && sum < math.MinInt64-carry) {
				return m.aggAt(a, cyqerr.Runtimef(cyqerr.ArithmeticError, "IntegerOverflow", "the sum overflows a 64-bit integer"))
			}
			*p = sum + carry
			continue
		case aggRows:
			*col.ints.at(g)++
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
			d := gs.distinctAt(i, g)
			if n, ok := args[0].(value.Node); ok && len(args) == 1 {
				// Distinct nodes: a bitmap of ids, no key encoding.
				if d.nodes == nil {
					d.nodes = roaring.New()
				}
				if !d.nodes.CheckedAdd(n.ID) {
					continue
				}
			} else {
				kb := t.distBuf[:0]
				for _, v := range args {
					kb = value.AppendKey(kb, v)
				}
				t.distBuf = kb
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
		if col.mode == aggCount {
			if !value.IsNull(args[0]) {
				*col.ints.at(g)++
			}
			continue
		}
		if col.flat() {
			if err := col.flatStep(m, g, args); err != nil {
				return m.aggAt(a, err)
			}
			continue
		}
		agg := *col.objs.at(g)
		if err := agg.Add(args); err != nil {
			return m.aggAt(a, err)
		}
		if _, keeps := agg.(functions.Retaining); keeps && len(args) > 0 && !value.IsNull(args[0]) {
			if err := m.account(value.Size(args[0]) + 16); err != nil {
				return err
			}
		}
	}
	return nil
}

// aggAt places err, raised by aggregate a, at a's call when the error has
// no position of its own and a's is known.
func (m *Machine) aggAt(a *AggCall, err error) error {
	if !a.Placed || m.prog.Source == "" {
		return err
	}
	e := cyqerr.Wrap(err, cyqerr.Internal, cyqerr.Runtime)
	if !e.Pos.IsValid() {
		e.At(m.prog.Source, int(a.Offset))
	}
	return e
}

// aggSet feeds a whole node set to the current row's group: every
// aggregate of the spec is a SetCount count(DISTINCT n), whose distinct
// bitmap takes the union, a SetCount collect(DISTINCT n) (SetList), which
// also appends the set's new nodes in id order, or a SetCount count(*)
// (SumInts), whose sum takes the set's size (OpAggSet). An empty set is
// no row: it adds no group.
func (t *table) aggSet(m *Machine, set *roaring.Bitmap) error {
	if set.IsEmpty() {
		return nil
	}
	g, err := t.find(m)
	if err != nil {
		return err
	}
	t.grp.thaw()
	for i := range t.agg.Aggs {
		if t.grp.aggs[i].mode == aggSum {
			*t.grp.aggs[i].ints.at(g) += int64(set.GetCardinality())
			continue
		}
		d := t.grp.distinctAt(i, g)
		if d.nodes == nil {
			d.nodes = roaring.New()
		}
		if t.grp.aggs[i].mode == aggSetList {
			// the set's nodes not taken before, in id order: the order
			// in which one row per node of the set would reach them
			fresh := roaring.AndNot(set, d.nodes)
			if err := m.account(4 * int64(fresh.GetCardinality())); err != nil {
				return err
			}
			d.order = append(d.order, fresh.ToArray()...)
		}
		d.nodes.Or(set)
	}
	return nil
}

// finishGroups computes the aggregates' results.
func (t *table) finishGroups(m *Machine) error {
	s, gs := t.agg, &t.grp
	if gs.cols == nil && gs.ids == nil {
		gs.init(s)
	}
	if gs.n == 0 && s.NumKeyR == 0 && len(s.Table.N) == 0 {
		// A global aggregation over no rows still yields one row.
		if _, err := gs.add(m, s, 0); err != nil {
			return err
		}
	}
	gs.thaw()
	for i := range gs.aggs {
		col := &gs.aggs[i]
		switch col.mode {
		case aggSet:
			for g := range gs.n {
				var n uint64
				if d := *col.seen.at(g); d != nil && d.nodes != nil {
					n = d.nodes.GetCardinality()
				}
				*col.ints.at(g) = int64(n)
			}
		case aggSetList:
			col.res = chunked[value.Value]{}
			var n int64
			for g := range gs.n {
				var l value.List
				if d := *col.seen.at(g); d != nil {
					l = make(value.List, len(d.order))
					for k, id := range d.order {
						l[k] = value.Node{ID: id}
					}
				}
				if l == nil {
					l = value.List{}
				}
				n += col.res.push(l, gs.n) + value.Size(l)
			}
			if err := m.account(n); err != nil {
				return err
			}
		case aggObject:
			col.res = chunked[value.Value]{}
			var n int64
			for g := range gs.n {
				v, err := (*col.objs.at(g)).Result()
				if err != nil {
					return err
				}
				n += col.res.push(v, gs.n)
			}
			if err := m.account(n); err != nil {
				return err
			}
		default:
			if col.flat() {
				n, err := col.flatFinish(gs.n)
				if err != nil {
					return err
				}
				if err := m.account(n); err != nil {
					return err
				}
			}
		}
	}
	gs.frozen = true
	return nil
}

// restoreGroup loads group g's keys and results into their registers.
func (t *table) restoreGroup(m *Machine, g int) {
	s, gs := t.agg, &t.grp
	for c := range gs.cols {
		col := &gs.cols[c]
		b := col.bits.at(g)
		var v value.Value
		switch *col.kind.at(g) {
		case value.KindInt:
			v = boxInt(b)
		case value.KindFloat:
			v = boxFloat(b)
		default:
			v = *gs.others.at(int(*b))
		}
		m.R[s.Table.R[c]] = v
	}
	for c, r := range s.Table.N {
		m.N[r] = *gs.ids[c].at(g)
	}
	for i := range gs.aggs {
		col := &gs.aggs[i]
		r := s.Table.R[s.NumKeyR+i]
		switch {
		case col.mode == aggObject || col.mode == aggSetList:
			m.R[r] = *col.res.at(g)
		case col.flat():
			m.R[r] = col.flatResult(g)
		default:
			m.R[r] = boxInt(col.ints.at(g))
		}
	}
}

// intIndex is an open-addressing hash table from an integer key to a
// group number (Fibonacci hashing, linear probing, at most half full).
type intIndex struct {
	slots []int32 // group + 1; 0 for an empty slot
	keys  []int64
	n     int
	shift uint8
}

// get returns the group of key k.
func (x *intIndex) get(k int64) (int, bool) {
	if x.n == 0 {
		return 0, false
	}
	mask := len(x.slots) - 1
	for i := int((uint64(k) * 0x9E3779B97F4A7C15) >> x.shift); ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if x.keys[i] == k {
			return int(s - 1), true
		}
	}
}

// put records group g for key k (not present) and returns the bytes it
// allocated.
func (x *intIndex) put(k int64, g int) int64 {
	var alloc int64
	if 2*(x.n+1) > len(x.slots) {
		old, oldKeys := x.slots, x.keys
		size := max(16, 2*len(x.slots))
		x.slots, x.keys = make([]int32, size), make([]int64, size)
		x.shift = uint8(64 - bits.TrailingZeros(uint(size)))
		alloc = 12 * int64(size)
		for i, s := range old {
			if s != 0 {
				x.insert(oldKeys[i], s)
			}
		}
	}
	x.insert(k, int32(g+1))
	x.n++
	return alloc
}

func (x *intIndex) insert(k int64, s int32) {
	mask := len(x.slots) - 1
	i := int((uint64(k) * 0x9E3779B97F4A7C15) >> x.shift)
	for x.slots[i] != 0 {
		i = (i + 1) & mask
	}
	x.slots[i], x.keys[i] = s, k
}

// bytesIndex is an open-addressing hash table from an encoded key (kept
// in an arena, a length then the bytes, at the offset offs holds for its
// entry) to an entry number (a group, a distinct key). A slot is 8 bytes:
// the hash's high 32 bits and the entry number + 1 (0: empty).
type bytesIndex struct {
	slots []uint64
	offs  chunked[uint64] // by entry: the key's offset in the arena
	n     int
}

// keyAt returns the encoded key at off in arena.
func keyAt(arena []byte, off uint64) []byte {
	l, w := binary.Uvarint(arena[off:])
	start := off + uint64(w)
	return arena[start : start+l]
}

// get returns the entry of key k, whose hash is h.
func (x *bytesIndex) get(h uint64, k, arena []byte) (int, bool) {
	if x.n == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	hi := h >> 32
	for i := hi & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if s>>32 == hi {
			e := int(uint32(s)) - 1
			if string(keyAt(arena, *x.offs.at(e))) == string(k) {
				return e, true
			}
		}
	}
}

// add appends key k, whose hash is h, to arena and records it as the next
// entry (not present); it returns the entry, the arena and the bytes it
// allocated.
func (x *bytesIndex) add(h uint64, k, arena []byte) (int, []byte, int64) {
	var alloc int64
	off, before := len(arena), cap(arena)
	arena = binary.AppendUvarint(arena, uint64(len(k)))
	arena = append(arena, k...)
	if c := cap(arena); c != before {
		alloc += int64(c)
	}
	e := x.n
	alloc += x.offs.push(uint64(off), 0)
	if 2*(x.n+1) > len(x.slots) {
		old := x.slots
		size := max(16, 2*len(x.slots))
		x.slots = make([]uint64, size)
		alloc += 8 * int64(size)
		for _, s := range old {
			if s != 0 {
				x.insert(s)
			}
		}
	}
	x.insert(h>>32<<32 | uint64(e+1))
	x.n++
	return e, arena, alloc
}

// insert places slot s: probing starts at the hash's high bits (the
// ones the slot keeps), so a table that grows rehashes from its slots.
func (x *bytesIndex) insert(s uint64) {
	mask := uint64(len(x.slots) - 1)
	i := s >> 32 & mask
	for x.slots[i] != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = s
}
