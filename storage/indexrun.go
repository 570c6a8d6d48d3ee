package storage

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"unsafe"

	"github.com/RaduBerinde/btreemap"
	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// Index runs: the entries of a property index stored in the image.
//
// An image of version 6 holds, per property index of its graph, the
// index's (value, node) entries as one sorted run: ordered by indexOrder
// (value.Order: Int 1 and Float 1.0 are one value, as in the in-memory
// tree), then by node. Nodes without the key hold no entry (null is never
// stored). The run is cut into blocks of at most runBlockEntries entries;
// a block is
//
//	uvarint entries in the block
//	groups until the entries are taken: the value (AppendValue),
//	  uvarint m, then m nodes (uvarint: the first as is, then deltas)
//
// (a value whose nodes do not fit in one block starts the next one
// again). After a run's blocks, padded to 8 bytes, come the u64 offsets
// of its blocks (one more than there are blocks), relative to the run's
// start. secRunBlocks holds the runs one after the other; secRunDir (one
// of the checksummed small sections) lists them: uvarint count, then per
// run label, key, start in secRunBlocks, bytes of blocks and blocks.
//
// A seek finds the first block that may hold its value by binary search
// on the blocks' first values (each decoded from the block in place), then
// reads blocks from there until their values pass it. Blocks are decoded
// on first read into a page cache of the run that the store's page pool
// bounds, like node pages: a seek decodes no node page.
//
// A version opened from such an image holds the run as its index's base
// and, beside it, what the commits since the image changed (runDelta): the
// nodes whose entry of the run no longer holds (gone) and the entries
// added since (add, a tree as in-memory indexes have). Every node has at
// most one entry in an index (its one value of the key), so an entry of
// the run holds iff its node is not gone; a node whose value changed is
// gone from the run and has its new value in add.
const runBlockEntries = 128

// runLoc locates an index's run in secRunBlocks.
type runLoc struct {
	start, blockBytes, blocks uint64
}

// indexRun is one index's run in an opened image.
type indexRun struct {
	img    *image
	blocks []byte
	offs   []uint64
	cache  *pageCache[runPage]
}

// runPage is one decoded block: groups of nodes sharing a value.
type runPage struct {
	vals  []value.Value
	ends  []uint32 // group i holds nodes[ends[i-1]:ends[i]]
	nodes []uint32
}

func (p *runPage) group(i int) []uint32 {
	lo := uint32(0)
	if i > 0 {
		lo = p.ends[i-1]
	}
	return p.nodes[lo:p.ends[i]]
}

func runPageBytes(p *runPage) int64 {
	n := int64(unsafe.Sizeof(*p)) + int64(len(p.nodes))*4 + int64(len(p.ends))*4
	for _, v := range p.vals {
		n += propSize(v)
	}
	return n
}

// decodeRunDir reads secRunDir (empty before version 6: no runs).
func decodeRunDir(b []byte) (map[indexKey]runLoc, error) {
	out := map[indexKey]runLoc{}
	if len(b) == 0 {
		return out, nil
	}
	d := &decoder{b: b}
	for i, n := 0, d.count(); i < n && d.err == nil; i++ {
		k := indexKey{d.u32(), d.u32()}
		out[k] = runLoc{d.uvarint(), d.uvarint(), d.uvarint()}
	}
	return out, d.done()
}

// openRun returns the run at loc of img, or an error when loc does not
// fit the section.
func openRun(img *image, loc runLoc, pool *pagePool) (*indexRun, error) {
	sec := img.runBlocks
	offStart := (loc.start + loc.blockBytes + 7) &^ 7
	offEnd := offStart + 8*(loc.blocks+1)
	if loc.start > uint64(len(sec)) || loc.blockBytes > uint64(len(sec))-loc.start || offEnd > uint64(len(sec)) || offEnd < offStart {
		return nil, errorf(ErrCorrupt, "image: index run out of range")
	}
	offs, ok := viewU64(sec[offStart:offEnd])
	if !ok {
		return nil, errorf(ErrCorrupt, "image: index run offsets misaligned")
	}
	r := &indexRun{img: img, blocks: sec[loc.start : loc.start+loc.blockBytes], offs: offs}
	r.cache = newPageCache(loc.blocks, r.decode, runPageBytes, pool)
	return r, nil
}

func (r *indexRun) nblocks() int { return len(r.offs) - 1 }

// block returns the bytes of block i (nil when damaged: reported).
func (r *indexRun) block(i int) []byte {
	lo, hi := r.offs[i], r.offs[i+1]
	if lo > hi || hi > uint64(len(r.blocks)) {
		r.img.damage(fmt.Errorf("index run block %d out of range", i))
		return nil
	}
	r.img.read(int64(hi - lo))
	return r.blocks[lo:hi]
}

// decode decodes block i.
func (r *indexRun) decode(i uint64) *runPage {
	b := r.block(int(i))
	if b == nil {
		return nil
	}
	p, err := decodeRunBlock(b)
	if err != nil {
		r.img.damage(fmt.Errorf("index run block %d: %w", i, err))
		return nil
	}
	return p
}

func decodeRunBlock(b []byte) (*runPage, error) {
	d := &decoder{b: b}
	n := d.count()
	p := &runPage{nodes: make([]uint32, 0, n)}
	for len(p.nodes) < n && d.err == nil {
		v, k, err := DecodeValue(d.b)
		if err != nil {
			return nil, err
		}
		d.b = d.b[k:]
		m := d.count()
		if m == 0 || len(p.nodes)+m > n {
			return nil, errorf(ErrCorrupt, "image: bad index run block")
		}
		prev := uint32(0)
		for j := 0; j < m; j++ {
			prev += d.u32()
			p.nodes = append(p.nodes, prev)
		}
		p.vals = append(p.vals, v)
		p.ends = append(p.ends, uint32(len(p.nodes)))
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	return p, nil
}

// first decodes block i's first value in place (nil: damaged or empty).
func (r *indexRun) first(i int) value.Value {
	if p := r.cache.slots[i].Load(); p != nil && len(p.vals) > 0 {
		return p.vals[0]
	}
	b := r.block(i)
	_, n := binary.Uvarint(b)
	if n <= 0 {
		return nil
	}
	v, _, err := DecodeValue(b[n:])
	if err != nil {
		return nil
	}
	return v
}

// startBlock is the first block that may hold a value not below lo: the
// last block whose first value is below lo (the one before the first
// block starting at or above it), or 0.
func (r *indexRun) startBlock(lo value.Value) int {
	i, j := 0, r.nblocks()
	for i < j {
		h := int(uint(i+j) >> 1)
		f := r.first(h)
		if f != nil && indexOrder(f, lo) < 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return max(i-1, 0)
}

// scan calls fn with every group of the run whose value lies between lo
// and hi (by indexOrder; nil: unbounded), in order, until fn returns false.
// A value may come in several groups (one per block it spans).
func (r *indexRun) scan(lo, hi value.Value, fn func(v value.Value, nodes []uint32) bool) {
	b := 0
	if lo != nil {
		b = r.startBlock(lo)
	}
	for ; b < r.nblocks(); b++ {
		p := r.cache.get(uint64(b))
		if p == nil {
			continue
		}
		for g, v := range p.vals {
			if lo != nil && indexOrder(v, lo) < 0 {
				continue
			}
			if hi != nil && indexOrder(v, hi) > 0 {
				return
			}
			if !fn(v, p.group(g)) {
				return
			}
		}
	}
}

// ---- an index read through its run and the changes since ----

// runHas reports whether the run holds node under a value equal to v.
func (ix *propIndex) runHas(v value.Value, node uint32) bool {
	found := false
	ix.run.scan(v, v, func(_ value.Value, nodes []uint32) bool {
		_, found = slices.BinarySearch(nodes, node)
		return !found
	})
	return found
}

// eqNodes is the set of nodes of ix whose value equals v by indexOrder.
func (ix *propIndex) eqNodes(v value.Value) *roaring.Bitmap {
	if ix.run == nil {
		if _, p, ok := ix.t().Get(v); ok {
			return p.bitmap()
		}
		return roaring.New()
	}
	out := roaring.New()
	ix.run.scan(v, v, func(_ value.Value, nodes []uint32) bool {
		out.AddMany(nodes)
		return true
	})
	if ix.gone != nil {
		out.AndNot(ix.gone)
	}
	if ix.add != nil {
		if _, p, ok := ix.add.Get(v); ok {
			if p.bm != nil {
				out.Or(p.bm)
			} else {
				out.Add(p.one)
			}
		}
	}
	return out
}

// rangeNodes is the union of the nodes of ix whose values lie between lo
// and hi by indexOrder (nil: unbounded) and pass keep.
func (ix *propIndex) rangeNodes(lo, hi value.Value, keep func(value.Value) bool) *roaring.Bitmap {
	start, stop := btreemap.Min[value.Value](), btreemap.Max[value.Value]()
	if lo != nil {
		start = btreemap.GE(lo)
	}
	if hi != nil {
		stop = btreemap.LE(hi)
	}
	var ps []posting
	collect := func(k value.Value, b posting) bool {
		if keep(k) {
			ps = append(ps, b)
		}
		return true
	}
	if ix.run == nil {
		ix.t().AscendFunc(start, stop, collect)
		return unionPostings(ps)
	}
	out := roaring.New()
	ix.run.scan(lo, hi, func(k value.Value, nodes []uint32) bool {
		if keep(k) {
			out.AddMany(nodes)
		}
		return true
	})
	if ix.gone != nil {
		out.AndNot(ix.gone)
	}
	if ix.add != nil {
		ix.add.AscendFunc(start, stop, collect)
		out.Or(unionPostings(ps))
	}
	return out
}

// groups calls fn with every value of ix and its nodes, in indexOrder,
// until fn returns false (nodes is not to be changed).
func (ix *propIndex) groups(fn func(v value.Value, nodes *roaring.Bitmap) bool) {
	if ix.run == nil {
		ix.t().AscendFunc(minBound, maxBound, func(v value.Value, p posting) bool { return fn(v, p.bitmap()) })
		return
	}
	type grp struct {
		v value.Value
		p posting
	}
	var added []grp
	if ix.add != nil {
		ix.add.AscendFunc(minBound, maxBound, func(v value.Value, p posting) bool {
			added = append(added, grp{v, p})
			return true
		})
	}
	var cur value.Value
	var nodes *roaring.Bitmap
	stopped := false
	flush := func() bool {
		for len(added) > 0 && (cur == nil || indexOrder(added[0].v, cur) < 0) {
			if !fn(added[0].v, added[0].p.bitmap()) {
				return false
			}
			added = added[1:]
		}
		if cur == nil {
			return true
		}
		if len(added) > 0 && indexOrder(added[0].v, cur) == 0 {
			nodes.Or(added[0].p.bitmap())
			added = added[1:]
		}
		if !nodes.IsEmpty() && !fn(cur, nodes) {
			return false
		}
		cur, nodes = nil, nil
		return true
	}
	ix.run.scan(nil, nil, func(v value.Value, ns []uint32) bool {
		if cur != nil && indexOrder(cur, v) != 0 {
			if !flush() {
				stopped = true
				return false
			}
		}
		if cur == nil {
			cur, nodes = v, roaring.New()
		}
		for _, n := range ns {
			if ix.gone == nil || !ix.gone.Contains(n) {
				nodes.Add(n)
			}
		}
		return true
	})
	if !stopped && flush() {
		flush() // the added values after the run's last
	}
}

// view returns the index's entries as a tree: its own, or for an index
// read through a run, a tree built from the run and the changes since
// (for checks).
func (ix *propIndex) view() *indexTree {
	if ix.run == nil {
		return ix.t()
	}
	t := newIndexTree()
	ix.groups(func(v value.Value, nodes *roaring.Bitmap) bool {
		if nodes.GetCardinality() == 1 {
			t.ReplaceOrInsert(v, posting{one: nodes.Minimum()})
		} else {
			t.ReplaceOrInsert(v, posting{bm: nodes.Clone()})
		}
		return true
	})
	return t
}

// ---- writing runs ----

// runWriter encodes one run's blocks.
type runWriter struct {
	w      *imageWriter
	start  uint64 // offset of the run in the file
	offs   []uint64
	block  []byte // the groups of the block being filled
	n      int    // its entries
	cur    value.Value
	nodes  []uint32
	blocks int
}

func (rw *runWriter) add(v value.Value, node uint32) {
	if rw.cur != nil && indexOrder(rw.cur, v) != 0 {
		rw.endGroup()
	}
	if rw.cur == nil {
		rw.cur = v
	}
	rw.nodes = append(rw.nodes, node)
	if rw.n++; rw.n == runBlockEntries {
		rw.flush()
	}
}

func (rw *runWriter) endGroup() {
	if len(rw.nodes) == 0 {
		rw.cur = nil
		return
	}
	var err error
	if rw.block, err = AppendValue(rw.block, rw.cur); err != nil && rw.w.err == nil {
		rw.w.err = err
	}
	rw.block = binary.AppendUvarint(rw.block, uint64(len(rw.nodes)))
	prev := uint32(0)
	for _, n := range rw.nodes {
		rw.block = binary.AppendUvarint(rw.block, uint64(n-prev))
		prev = n
	}
	rw.nodes = rw.nodes[:0]
	rw.cur = nil
}

// flush ends the block (a value whose nodes go on starts the next block
// again: add opens a group for it).
func (rw *runWriter) flush() {
	if rw.n == 0 {
		return
	}
	rw.endGroup()
	rw.offs = append(rw.offs, rw.w.off-rw.start)
	var hdr [binary.MaxVarintLen64]byte
	rw.w.write(hdr[:binary.PutUvarint(hdr[:], uint64(rw.n))])
	rw.w.write(rw.block)
	rw.block, rw.n = rw.block[:0], 0
	rw.blocks++
}

// encodeRuns writes the run of every index of v into secRunBlocks and
// returns secRunDir.
func encodeRuns(w *imageWriter, v *version) []byte {
	ks := make([]indexKey, 0, len(v.indexes))
	for k := range v.indexes {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b indexKey) int { return cmp.Or(cmp.Compare(a.label, b.label), cmp.Compare(a.key, b.key)) })
	dir := binary.AppendUvarint(nil, uint64(len(ks)))
	w.begin(secRunBlocks)
	for _, k := range ks {
		w.pad()
		rw := &runWriter{w: w, start: w.off}
		v.indexEntries(v.indexes[k], rw.add)
		rw.flush()
		blockBytes := w.off - rw.start
		rw.offs = append(rw.offs, blockBytes)
		w.pad()
		for _, o := range rw.offs {
			w.u64(o)
		}
		dir = binary.AppendUvarint(dir, uint64(k.label))
		dir = binary.AppendUvarint(dir, uint64(k.key))
		dir = binary.AppendUvarint(dir, rw.start-w.secs[secRunBlocks][0])
		dir = binary.AppendUvarint(dir, blockBytes)
		dir = binary.AppendUvarint(dir, uint64(rw.blocks))
	}
	w.end(secRunBlocks)
	return dir
}

// indexEntries calls fn with every entry of ix in (indexOrder, node)
// order: from its tree or its run and changes, from the entries a bulk
// load sorted (pending), or, for an index whose tree is not built, from
// the nodes of its label read (not cached) and sorted.
func (v *version) indexEntries(ix *propIndex, fn func(value.Value, uint32)) {
	switch {
	case ix.pending != nil:
		for _, e := range ix.pending {
			fn(e.val, e.node)
		}
	case ix.run != nil || ix.tree != nil || ix.lazy.built.Load():
		ix.groups(func(val value.Value, nodes *roaring.Bitmap) bool {
			it := nodes.Iterator()
			for it.HasNext() {
				fn(val, it.Next())
			}
			return true
		})
	default:
		var es []indexEntry
		_ = eachLabelledNode(v, ix.label, func(n uint32, ps props) error {
			if val, ok := ps.get(ix.key); ok {
				es = append(es, indexEntry{val, n})
			}
			return nil
		})
		slices.SortFunc(es, compareIndexEntries)
		for _, e := range es {
			fn(e.val, e.node)
		}
	}
}

// ---- the changes of a journal ----

// journalRunDelta sets, for every index of v read through a run of img,
// the changes the journal js made since the image: a node the journal
// logs is gone from the run when its entry in the image differs from its
// entry now, and its entry now is added. Only the logged nodes' pages of
// the image are decoded.
func journalRunDelta(v *version, img *image, js *journalState) {
	var runs []*propIndex
	for _, ix := range v.indexes {
		if ix.run != nil {
			runs = append(runs, ix)
		}
	}
	if len(runs) == 0 || len(js.nodes) == 0 {
		return
	}
	nodes := make([]uint32, 0, len(js.nodes))
	for n := range js.nodes {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	entry := func(labels []uint32, ps props, ix *propIndex) (value.Value, bool) {
		if !slices.Contains(labels, ix.label) {
			return nil, false
		}
		return ps.get(ix.key)
	}
	var p *nodePage
	cur := ^uint64(0)
	for _, n := range nodes {
		if pi := uint64(n >> nodePageBits); pi != cur {
			cur, p = pi, img.nodePage(pi)
		}
		i := n & (nodePageSize - 1)
		st := js.nodes[n]
		for _, ix := range runs {
			var was, now value.Value
			var wasOK, nowOK bool
			if p != nil && p.isAlive(i) {
				was, wasOK = entry(p.labels[i], p.props[i], ix)
			}
			if st.alive {
				now, nowOK = entry(st.labels, st.props, ix)
			}
			if wasOK && nowOK && indexOrder(was, now) == 0 {
				continue
			}
			if wasOK {
				if ix.gone == nil {
					ix.gone = roaring.New()
				}
				ix.gone.Add(n)
				v.mem += 4
			}
			if nowOK {
				if ix.add == nil {
					ix.add = newIndexTree()
				}
				v.mem += treeAdd(ix.add, now, n, nil)
			}
		}
	}
}

// treeAdd adds node under v in t and returns the estimated bytes added
// (0: it was there). With tx not nil the bitmaps of t are shared with
// other versions: one is copied before it is changed (bitmapMut) and a
// new one is recorded as the transaction's; with nil, t and its bitmaps
// are the caller's own.
func treeAdd(t *indexTree, v value.Value, node uint32, tx *Tx) int64 {
	_, p, ok := t.Get(v)
	switch {
	case !ok:
		t.ReplaceOrInsert(v, posting{one: node})
		return memIndex + 4
	case p.bm == nil:
		if p.one == node {
			return 0
		}
		b := roaring.BitmapOf(p.one, node)
		if tx != nil {
			tx.ownBitmap[b] = true
		}
		t.ReplaceOrInsert(v, posting{bm: b})
	default:
		b := p.bm
		if tx != nil {
			b = tx.bitmapMut(p.bm)
		}
		if b != p.bm {
			t.ReplaceOrInsert(v, posting{bm: b})
		}
		if !b.CheckedAdd(node) {
			return 0
		}
	}
	return 4
}

// treeRemove removes node from under v in t and returns the estimated
// bytes freed (0: it was not there; see treeAdd for tx).
func treeRemove(t *indexTree, v value.Value, node uint32, tx *Tx) int64 {
	_, p, ok := t.Get(v)
	if !ok || !p.contains(node) {
		return 0
	}
	if p.bm == nil {
		t.Delete(v)
		return memIndex + 4
	}
	// A bitmap holds two or more nodes: with one left, the posting
	// holds it inline.
	b := p.bm
	if tx != nil {
		b = tx.bitmapMut(p.bm)
	}
	b.Remove(node)
	if b.GetCardinality() == 1 {
		t.ReplaceOrInsert(v, posting{one: b.Minimum()})
	} else {
		t.ReplaceOrInsert(v, posting{bm: b})
	}
	return 4
}
