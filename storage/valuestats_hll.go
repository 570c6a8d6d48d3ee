package storage

import (
	"encoding/binary"
	"maps"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/cyqdb/cyq/value"
)

// Distinct counts that follow commits. The distinct estimate of a
// (label, key) is made from HyperLogLog registers (hllBits of them): an
// image write that computes the statistics fills them from every node and
// the image keeps them (valuestats.go, the value section); every commit
// adds the values of the nodes it wrote to the registers of its version
// (copy-on-write: a commit copies the registers of a (label, key) only
// when one of its values raises one, so a snapshot stays one pointer),
// and an open that replays a journal adds the values of the nodes the
// journal logs, the same function over the same node states. A register
// only grows: values taken away (a node deleted, a value overwritten or
// removed, a label removed) stay counted, so the estimate is an upper
// bound of the distinct values (within the sketch's error) until an image
// write computes it afresh. The values taken away are counted (vremoved)
// and an image write recomputes the statistics once they pass the
// sketch's standard error of the rows they were computed over
// (removalsStale).
//
// The histogram does not take in inserted values (its rows are scaled to
// the exact rows); the most common values do, through a small summary
// per (label, key) that a commit copies only when it writes that (label,
// key) (valuestats_tally.go).

// hllStdErr is the registers' relative standard error, 1.04/sqrt(m).
var hllStdErr = 1.04 / math.Sqrt(1<<hllBits)

// hllRegs is one (label, key)'s registers: a dense array shared by the
// registers copied from it and a short sorted patch of the registers
// raised since (a commit copies the patch, not the array, and folds it
// into a new array once it holds hllPatchMax). Shared registers never
// change: est caches their estimate.
type hllRegs struct {
	base  *[1 << hllBits]uint8 // nil: all zero
	patch []uint32             // place<<8 | register, by place; above base
	est   atomic.Uint64        // math.Float64bits of the estimate + 1; 0: not yet
}

// hllPatchMax is the registers a patch holds before it is folded into a
// new array: a commit that raises a register copies at most this many
// uint32s, and an array is copied once per hllPatchMax raises.
const hllPatchMax = 128

func denseRegs(r *[1 << hllBits]uint8) *hllRegs { return &hllRegs{base: r} }

// get is register i.
func (h *hllRegs) get(i int) uint8 {
	if j := h.find(i); j < len(h.patch) && int(h.patch[j]>>8) == i {
		return uint8(h.patch[j])
	}
	if h.base == nil {
		return 0
	}
	return h.base[i]
}

// find is the index in the patch of the first place at least i.
func (h *hllRegs) find(i int) int {
	lo, hi := 0, len(h.patch)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(h.patch[m]>>8) < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// dense returns the registers as one array (the base when nothing is
// patched; do not change it).
func (h *hllRegs) dense() *[1 << hllBits]uint8 {
	if len(h.patch) == 0 && h.base != nil {
		return h.base
	}
	r := new([1 << hllBits]uint8)
	if h.base != nil {
		*r = *h.base
	}
	for _, p := range h.patch {
		r[p>>8] = uint8(p)
	}
	return r
}

// clone is a copy of h for the caller to raise.
func (h *hllRegs) clone() *hllRegs {
	if h == nil {
		return &hllRegs{}
	}
	return &hllRegs{base: h.base, patch: slices.Clone(h.patch)}
}

// set sets register i to rank (above its value); only on a clone owned
// by the caller.
func (h *hllRegs) set(i int, rank uint8) {
	p := uint32(i)<<8 | uint32(rank)
	j := h.find(i)
	if j < len(h.patch) && int(h.patch[j]>>8) == i {
		h.patch[j] = p
		return
	}
	h.patch = slices.Insert(h.patch, j, p)
	if len(h.patch) >= hllPatchMax {
		h.base, h.patch = h.dense(), nil
	}
}

// hllPlace is the register of hash h and the rank it offers it.
func hllPlace(h uint64) (int, uint8) {
	return int(h >> (64 - hllBits)), uint8(bits.LeadingZeros64(h<<hllBits|1<<(hllBits-1)) + 1)
}

// estimate is the distinct count the registers estimate (HyperLogLog with
// linear counting for small counts).
func (h *hllRegs) estimate() float64 {
	if e := h.est.Load(); e != 0 {
		return math.Float64frombits(e - 1)
	}
	e := hllEstimate(h.dense())
	h.est.Store(math.Float64bits(e) + 1)
	return e
}

func hllEstimate(regs *[1 << hllBits]uint8) float64 {
	const m = 1 << hllBits
	sum, zeros := 0.0, 0
	for _, r := range regs {
		sum += math.Ldexp(1, -int(r))
		if r == 0 {
			zeros++
		}
	}
	e := 0.7213 / (1 + 1.079/m) * m * m / sum
	if e <= 2.5*m && zeros > 0 {
		e = m * math.Log(float64(m)/float64(zeros))
	}
	return e
}

// regSet is a version's registers of the (label, key)s whose values its
// commits (since the graph was opened) added, each the registers of the
// statistics they started from raised by those values; a (label, key)
// without is read from the statistics (regsOf). Copy-on-write like
// counters: a fork shares base and copies the small delta.
type regSet struct {
	base, delta map[uint64]*hllRegs
}

func (s *regSet) get(k uint64) *hllRegs {
	if s == nil {
		return nil
	}
	if r, ok := s.delta[k]; ok {
		return r
	}
	return s.base[k]
}

func (s *regSet) fork() *regSet {
	if s == nil {
		return &regSet{base: map[uint64]*hllRegs{}}
	}
	if len(s.delta) > 16+len(s.base)/8 {
		m := make(map[uint64]*hllRegs, len(s.base)+len(s.delta))
		s.each(func(k uint64, r *hllRegs) { m[k] = r })
		return &regSet{base: m}
	}
	return &regSet{base: s.base, delta: cloneMap(s.delta)}
}

func (s *regSet) each(fn func(uint64, *hllRegs)) {
	if s == nil {
		return
	}
	for k, r := range s.base {
		if _, ok := s.delta[k]; !ok {
			fn(k, r)
		}
	}
	for k, r := range s.delta {
		fn(k, r)
	}
}

// regsOf is the registers of (label, key) pair k as of v, read against
// the statistics cs: v's own when its commits raised them since cs was
// computed, else those of cs (nil: none). Registers v holds from before a
// computation (a commit that raced an image write) contain every value
// the computation saw, so they stay an upper bound.
func (v *version) regsOf(cs *cellState, k uint64) *hllRegs {
	if v.vregs != nil && v.vregs != cs.regsFrom {
		if r := v.vregs.get(k); r != nil {
			return r
		}
	}
	if cs.vs.decoded().err != nil {
		return nil
	}
	return cs.vs.regs[k]
}

// valueDelta is what one commit changes in the value statistics beyond
// the counts: the change in nodes holding each (label, key) (rows) and
// the (label, key) values it took away (removed). A commit logs it in its
// journal record; an open that replays the journal adds what every record
// logs, as the commit added it (applyValueDelta).
type valueDelta struct {
	rows    map[uint64]int64
	removed int64
	// moves are the values added and taken away, for the value
	// summaries (valuestats_tally.go); not logged: an open makes them
	// again from the nodes the records log (valuestats_replay.go).
	moves []tallyMove
}

// valueDelta computes the value delta of tx's commit: for each node
// written, what it held before is taken away and what it holds now added.
func (tx *Tx) valueDelta() valueDelta {
	d := valueDelta{rows: map[uint64]int64{}}
	// In ascending ids, the order of the journal record, so that an open
	// replaying it tallies the values in the same order (replayTally).
	for _, id := range slices.Sorted(maps.Keys(tx.dirtyNodes)) {
		bp, bi := tx.base.node(id)
		np, ni := tx.version.node(id)
		var bl, nl []uint32
		var bps, nps props
		if bp != nil {
			bl, bps = bp.labels[bi], bp.props[bi]
		}
		if np != nil {
			nl, nps = np.labels[ni], np.props[ni]
		}
		d.removed += removedValues(bl, bps, nl, nps)
		d.moves = tallyMoves(d.moves, bl, bps, nl, nps)
		if slices.Equal(bl, nl) && sameKeys(bps, nps) {
			continue // values changed, not who holds them
		}
		addRowsTo(d.rows, bl, bps, -1)
		addRowsTo(d.rows, nl, nps, 1)
	}
	return d
}

// removedValues counts the (label, key) values a node held (labels bl,
// properties bps) and no longer holds (nl, nps).
func removedValues(bl []uint32, bps props, nl []uint32, nps props) int64 {
	n := int64(0)
	for _, pr := range bps {
		if value.IsNull(pr.val) {
			continue
		}
		if nv, ok := nps.get(pr.key); !ok || value.Equal(nv, pr.val) != value.True {
			n += 1 + int64(len(bl))
			continue
		}
		for _, l := range bl {
			if !slices.Contains(nl, l) {
				n++
			}
		}
	}
	return n
}

func addRowsTo(m map[uint64]int64, ls []uint32, ps props, n int64) {
	for _, pr := range ps {
		if value.IsNull(pr.val) {
			continue
		}
		m[pair(AnyLabel, pr.key)] += n
		for _, l := range ls {
			m[pair(l, pr.key)] += n
		}
	}
}

// applyValueDelta adds d and the values of the nodes now written (each
// node's labels and properties, yielded by nodes) to v, a version owned
// by the caller: a commit's new version, or the version an open builds
// from a journal.
func (v *version) applyValueDelta(d valueDelta, nodes func(yield func([]uint32, props) bool)) {
	if len(d.rows) > 0 {
		rows := v.vrows
		if rows == nil {
			rows = newCounters[uint64]()
		} else {
			rows = rows.fork()
		}
		for k, n := range d.rows {
			if n != 0 {
				rows.add(k, n)
			}
		}
		v.vrows = rows
	}
	v.vremoved += d.removed
	v.applyTally(d.moves)
	v.addValues(nodes)
}

// addValues raises v's registers by the values of nodes: each value is
// hashed once and offered to the registers of AnyLabel and each label of
// its node; the registers of a (label, key) are found once per call and
// copied (from v's, or the statistics') the first time a value raises
// one. Most values raise none: a rank at most the dense array's register
// is turned away without reading the patch.
func (v *version) addValues(nodes func(yield func([]uint32, props) bool)) {
	cs := v.cellState()
	var set *regSet
	type pairRegs struct {
		k     uint64
		cur   *hllRegs
		owned bool
	}
	var found []pairRegs // the (label, key)s offered to, few per commit
	var index map[uint64]int
	find := func(k uint64) int {
		if index != nil {
			if i, ok := index[k]; ok {
				return i
			}
		} else {
			for i := range found {
				if found[i].k == k {
					return i
				}
			}
		}
		var cur *hllRegs
		if cs != nil {
			cur = v.regsOf(cs, k)
		} else {
			cur = v.vregs.get(k)
		}
		found = append(found, pairRegs{k: k, cur: cur})
		if index == nil && len(found) > 16 {
			index = make(map[uint64]int, 2*len(found))
			for i, f := range found {
				index[f.k] = i
			}
		} else if index != nil {
			index[k] = len(found) - 1
		}
		return len(found) - 1
	}
	offer := func(k uint64, reg int, rank uint8) {
		i := find(k)
		cur := found[i].cur
		if cur != nil && (cur.base != nil && rank <= cur.base[reg] || cur.get(reg) >= rank) {
			return
		}
		if set == nil {
			if cs != nil && v.vregs == cs.regsFrom {
				// The statistics were computed from v: they hold
				// every value v's registers hold.
				set = &regSet{base: map[uint64]*hllRegs{}}
			} else {
				set = v.vregs.fork()
			}
		}
		if !found[i].owned {
			cur = cur.clone()
			set.put(k, cur)
			found[i].cur, found[i].owned = cur, true
		}
		cur.set(reg, rank)
	}
	for ls, ps := range nodes {
		for _, pr := range ps {
			if value.IsNull(pr.val) {
				continue
			}
			reg, rank := hllPlace(valueHash(pr.val))
			offer(pair(AnyLabel, pr.key), reg, rank)
			for _, l := range ls {
				offer(pair(l, pr.key), reg, rank)
			}
		}
	}
	if set != nil {
		v.vregs = set
	}
}

func (s *regSet) put(k uint64, r *hllRegs) {
	if s.delta == nil {
		s.delta = map[uint64]*hllRegs{}
	}
	s.delta[k] = r
}

// removalsStale reports whether the values taken away since cs was
// computed passed the registers' standard error of the rows it counted:
// the estimates, upper bounds, may then be off by more than the sketch's
// error, and the next image write computes them afresh.
func (cs *cellState) removalsStale(v *version) bool {
	return float64(v.vremoved-cs.removedAt) > hllStdErr*float64(max(cs.vs.rowsTotal(), 64))
}

// ---- encoding ----

// The journal's value delta, at the end of a record: uvarint count, per
// (label, key) uvarint label, key and varint change in rows; uvarint
// values taken away. A record without (written before it was logged)
// leaves the rows unknown.

func appendValueDelta(b []byte, d valueDelta) []byte {
	keys := make([]uint64, 0, len(d.rows))
	for k, n := range d.rows {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		b = binary.AppendUvarint(b, k>>32)
		b = binary.AppendUvarint(b, uint64(uint32(k)))
		b = binary.AppendVarint(b, d.rows[k])
	}
	return binary.AppendUvarint(b, uint64(d.removed))
}

func decodeValueDelta(d *decoder) valueDelta {
	vd := valueDelta{rows: map[uint64]int64{}}
	for i, n := 0, d.count(); i < n && d.err == nil; i++ {
		k := pair(d.u32(), d.u32())
		vd.rows[k] += d.varint()
	}
	vd.removed = int64(d.uvarint())
	return vd
}

// The registers in the value section (image version 5 on): uvarint
// count, per (label, key) uvarint label, key, then uvarint n: n = 0, all
// registers dense (1 << hllBits bytes); else n-1 non-zero registers, each
// uvarint place (delta from the previous) and its byte.

func appendRegs(out []byte, regs map[uint64]*hllRegs) []byte {
	keys := make([]uint64, 0, len(regs))
	for k := range regs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out = binary.AppendUvarint(out, uint64(len(keys)))
	for _, k := range keys {
		out = binary.AppendUvarint(out, k>>32)
		out = binary.AppendUvarint(out, uint64(uint32(k)))
		r := regs[k].dense()
		nz := 0
		for _, x := range r {
			if x != 0 {
				nz++
			}
		}
		if 3*nz >= len(r) {
			out = binary.AppendUvarint(out, 0)
			out = append(out, r[:]...)
			continue
		}
		out = binary.AppendUvarint(out, uint64(nz)+1)
		prev := 0
		for i, x := range r {
			if x != 0 {
				out = binary.AppendUvarint(out, uint64(i-prev))
				out = append(out, x)
				prev = i
			}
		}
	}
	return out
}

func decodeRegs(d *decoder) map[uint64]*hllRegs {
	regs := map[uint64]*hllRegs{}
	for i, n := 0, d.count(); i < n && d.err == nil; i++ {
		k := pair(d.u32(), d.u32())
		r := new([1 << hllBits]uint8)
		h := denseRegs(r)
		c := d.uvarint()
		if c == 0 {
			copy(r[:], d.bytes(1<<hllBits))
		} else {
			at := uint64(0)
			for j := uint64(0); j < c-1 && d.err == nil; j++ {
				at += d.uvarint()
				x := d.bytes(1)
				if at >= 1<<hllBits {
					d.err = errorf(ErrCorrupt, "image: bad distinct-count register")
				}
				if d.err == nil {
					r[at] = x[0]
				}
			}
		}
		regs[k] = h
	}
	return regs
}

// writtenNodes yields the labels and properties of the nodes tx's commit
// leaves alive among those it wrote.
func (tx *Tx) writtenNodes(yield func([]uint32, props) bool) {
	for id := range tx.dirtyNodes {
		if p, i := tx.version.node(id); p != nil && !yield(p.labels[i], p.props[i]) {
			return
		}
	}
}
