package storage

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2"
	"github.com/cyqdb/cyq/value"
)

// A bulk load is streamed: instead of building the whole graph as an
// in-memory version (node pages, both adjacency directions, relationship
// pages), then writing the records and later the image from it, Finish
//
//  1. groups the new relationships by start node and by end node, each
//     node's ordered by type and id, with counting sorts (csr: 4 bytes per
//     relationship and per node each, in parallel);
//  2. writes the records as one sorted sstable and, at the same time in
//     another goroutine, the graph's image to a temporary file, page by
//     page: each node page (64 nodes with their adjacency in both
//     directions) and relationship page is made in a scratch buffer by
//     merging the graph's page (read without being cached) with the new
//     relationships of its nodes, encoded and dropped, and the statistics
//     are counted on the way; pages the load does not change are copied
//     from the old image as stored;
//  3. ingests the sstable (the commit point), renames the image into
//     place and opens the new version from it, as Open would: pages are
//     decoded when first read.
//
// New relationship ids are above every existing one, so merging a node's
// adjacency list with its new entries is an append, and only the last
// adjacency chunk record of a list (the chunk holding the graph's next
// relationship id) is rewritten with old entries.
//
// Property indexes are counted from the sorted values of the loaded nodes
// merged with those of the graph's nodes (uniqueness checked there) and,
// as after Open, built on first use; search indexes too are rebuilt on
// first use. The other constraints are checked on the loaded nodes and
// relationships before anything is written (bulk_constraints.go). The
// memory of the load is the builder's own arrays, the two
// groupings and a label-set id per existing node; nothing of the size of
// the graph is built twice. A load that fails before the ingest removes
// both files and changes nothing; a crash between the ingest and the
// rename leaves a stale image, which Open ignores (its sequence is not
// the graph's) and rebuilds.

// streamable reports whether Finish can stream the load (see above): the
// graph has at least one node afterwards, the load adds fewer than 1<<32
// relationships, and the machine uses images. Constraints are checked on
// the stream (streamedIndexes, streamedConstraints).
func (b *BulkBuilder) streamable() bool {
	base := b.base
	return nativeLittleEndian && uint64(base.nextNode)+uint64(b.nodes.len()) > 0 &&
		uint64(len(b.relTyp)) < math.MaxUint32
}

// peekPage returns page pi of t as the version reads it, without adding
// it to the shared page cache (a load reads every page once).
func peekPage[P any](t *pageTable[P], pi uint64) *P {
	if p := t.own(pi); p != nil {
		return p
	}
	c := t.base
	if c == nil || pi >= uint64(len(c.slots)) {
		return nil
	}
	if p := c.slots[pi].Load(); p != nil {
		return p
	}
	if c.load == nil {
		return nil
	}
	return c.load(pi)
}

// indexEntry is one node's value in a property index.
type indexEntry struct {
	val  value.Value
	node uint32
}

func compareIndexEntries(a, b indexEntry) int {
	return cmp.Or(indexOrder(a.val, b.val), cmp.Compare(a.node, b.node))
}

// baseIndexEntries returns the entries of the graph's nodes for property
// index k, sorted: read from the index's run and changes when it has a
// run, else from its tree, else page by page from the node pages of the
// label (indexEntries).
func (b *BulkBuilder) baseIndexEntries(k indexKey) []indexEntry {
	var es []indexEntry
	b.base.indexEntries(b.base.indexes[k], func(val value.Value, n uint32) {
		es = append(es, indexEntry{val, n})
	})
	return es
}

// eachLabelledNode calls fn with every live node of the label in base and
// its properties, reading the node pages in order without caching them
// (peekPage); it stops at fn's first error and returns it.
func eachLabelledNode(base *version, label uint32, fn func(n uint32, ps props) error) error {
	bm := base.labels[label]
	if bm == nil {
		return nil
	}
	var p *nodePage
	pi := uint64(math.MaxUint64)
	it := bm.Iterator()
	for it.HasNext() {
		n := it.Next()
		if q := uint64(n >> nodePageBits); q != pi {
			pi, p = q, peekPage(&base.nodes, q)
		}
		i := n & (nodePageSize - 1)
		if p == nil || !p.isAlive(i) {
			continue
		}
		if err := fn(n, p.props[i]); err != nil {
			return err
		}
	}
	return nil
}

// streamedIndexes counts, for each property index of the graph, the nodes
// it holds and their distinct values after the load, for the image, and
// checks uniqueness constraints: the loaded values are sorted and merged
// with the graph's, so equal ones are adjacent. As after Open, an index's
// tree is built when it is first used.
func (b *BulkBuilder) streamedIndexes(v *version) error {
	first := b.base.nextNode
	for k, ix := range b.base.indexes {
		// Counted first: grown by appending, the slice would
		// allocate several times its size on the way.
		n := 0
		for i := range b.nodes.len() {
			if b.nodes.hasLabel(i, k.label) {
				if _, ok := b.nodes.prop(i, k.key); ok {
					n++
				}
			}
		}
		es := make([]indexEntry, 0, n)
		for i := range b.nodes.len() {
			if !b.nodes.hasLabel(i, k.label) {
				continue
			}
			if val, ok := b.nodes.prop(i, k.key); ok {
				es = append(es, indexEntry{val, first + uint32(i)})
			}
		}
		slices.SortFunc(es, compareIndexEntries)
		old := b.baseIndexEntries(k)
		distinct := 0
		var prev *indexEntry
		// The merged entries are the index's run in the image the load
		// writes (indexrun.go): into an empty index, the loaded ones as
		// they are, without a second copy.
		var all []indexEntry
		if len(old) > 0 {
			all = make([]indexEntry, 0, len(old)+len(es))
		}
		for i, j := 0, 0; i < len(old) || j < len(es); {
			var e *indexEntry
			if j == len(es) || (i < len(old) && compareIndexEntries(old[i], es[j]) < 0) {
				e = &old[i]
				i++
			} else {
				e = &es[j]
				j++
			}
			switch {
			case prev == nil || indexOrder(prev.val, e.val) != 0:
				distinct++
			case ix.unique:
				return errorf(ErrConstraintViolation, "nodes %d and %d violate the uniqueness constraint on (%d, %d)",
					prev.node, e.node, k.label, k.key)
			}
			prev = e
			if len(old) > 0 {
				all = append(all, *e)
			}
		}
		if len(old) == 0 {
			all = es
		}
		v.indexes[k] = &propIndex{label: k.label, key: k.key, unique: ix.unique, explicit: ix.explicit,
			entries: int64(len(all)), lazy: &lazyTree{distinct: int64(distinct)}, pending: all}
		if err := b.ctx.Err(); err != nil {
			return fmt.Errorf("storage: bulk load abandoned: %w", err)
		}
	}
	return nil
}

// labelSets gives the label set of every node of the graph before the
// load as an id into sets: 4 bytes per node, for the statistics, which
// count relationships by the labels of their end nodes.
type labelSets struct {
	id   []uint32
	sets [][]uint32
}

func newLabelSets(v *version) *labelSets {
	ls := &labelSets{id: make([]uint32, v.nextNode), sets: [][]uint32{nil}}
	labels := make([]uint32, 0, len(v.labels))
	for l := range v.labels {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	next := map[[2]uint32]uint32{}
	buf := make([]uint32, 4096)
	for _, l := range labels {
		it := v.labels[l].ManyIterator()
		for n := it.NextMany(buf); n > 0; n = it.NextMany(buf) {
			for _, node := range buf[:n] {
				if int(node) >= len(ls.id) {
					continue
				}
				s := ls.id[node]
				t, ok := next[[2]uint32{s, l}]
				if !ok {
					t = uint32(len(ls.sets))
					ls.sets = append(ls.sets, append(slices.Clip(ls.sets[s]), l))
					next[[2]uint32{s, l}] = t
				}
				ls.id[node] = t
			}
		}
	}
	return ls
}

// csr groups relationship indexes by node: those of node n are
// ord[off[n]:off[n+1]], ordered by type, then by index.
type csr struct {
	off, ord []uint32
}

// newCSR groups the relationship indexes by keys[index], a node id below
// n, each node's ordered by type, then by index: a counting sort by node
// (stable, so each node's are in index order), then each node's sorted
// by type (sortByType). Nothing of the size of all relationships is
// allocated besides the result.
func newCSR(keys, typ []uint32, n, ntypes int) csr {
	off := make([]uint32, n+2)
	for _, k := range keys {
		off[k+2]++
	}
	for i := 2; i < len(off); i++ {
		off[i] += off[i-1]
	}
	// off[k+1] is now where key k starts; filling moves it to where k
	// ends, which is where k+1 starts.
	ord := make([]uint32, len(keys))
	for i, k := range keys {
		ord[off[k+1]] = uint32(i)
		off[k+1]++
	}
	c := csr{off: off[: n+1 : n+1], ord: ord}
	c.sortByType(typ, ntypes)
	return c
}

// sortByType orders each node's relationship indexes (in index order) by
// type, stably: short runs by insertion, long ones by counting into a
// scratch as long as the longest (a hub's), mid-sized ones (fewer than
// the types, so that clearing the counts would dominate) by merging.
func (c csr) sortByType(typ []uint32, ntypes int) {
	cnt := make([]uint32, ntypes+1)
	var scratch []uint32
	byType := func(a, b uint32) int { return cmp.Compare(typ[a], typ[b]) }
	for node := 0; node+1 < len(c.off); node++ {
		seg := c.ord[c.off[node]:c.off[node+1]]
		sorted := true
		for j := 1; j < len(seg) && sorted; j++ {
			sorted = typ[seg[j-1]] <= typ[seg[j]]
		}
		switch {
		case sorted:
		case len(seg) <= 32:
			for j := 1; j < len(seg); j++ {
				for k := j; k > 0 && typ[seg[k-1]] > typ[seg[k]]; k-- {
					seg[k-1], seg[k] = seg[k], seg[k-1]
				}
			}
		case len(seg) < ntypes:
			slices.SortStableFunc(seg, byType)
		default:
			clear(cnt)
			for _, i := range seg {
				cnt[typ[i]+1]++
			}
			for t := 1; t < len(cnt); t++ {
				cnt[t] += cnt[t-1]
			}
			scratch = append(scratch[:0], seg...)
			for _, i := range scratch {
				seg[cnt[typ[i]]] = i
				cnt[typ[i]]++
			}
		}
	}
}

// appendAdjacency sets the adjacency chunk records holding new
// relationships, in key order (node, type, chunk), from the grouping by
// start node. A list's chunk holding the graph's next relationship id
// may hold older entries too: that record is rewritten with them.
func (b *BulkBuilder) appendAdjacency(out *csr, set func(k, v []byte)) error {
	gid := b.g.id
	base := b.base
	firstRel := base.nextRel
	c0 := firstRel >> chunkBits
	shared := firstRel&(1<<chunkBits-1) != 0
	var kbuf, buf []byte
	var rels []uint64
	var nbrs []uint32
	for node := 0; node+1 < len(out.off); node++ {
		ids := out.ord[out.off[node]:out.off[node+1]]
		if len(ids) == 0 {
			continue
		}
		for lo := 0; lo < len(ids); {
			t, c := b.relTyp[ids[lo]], (firstRel+uint64(ids[lo]))>>chunkBits
			rels, nbrs = rels[:0], nbrs[:0]
			kbuf = appendAdjKey(kbuf[:0], gid, uint32(node), t, c)
			if shared && c == c0 && uint32(node) < base.nextNode {
				var err error
				if rels, nbrs, err = b.oldChunk(kbuf, c, rels, nbrs); err != nil {
					return err
				}
			}
			hi := lo
			for ; hi < len(ids) && b.relTyp[ids[hi]] == t && (firstRel+uint64(ids[hi]))>>chunkBits == c; hi++ {
				rels = append(rels, firstRel+uint64(ids[hi]))
				nbrs = append(nbrs, b.relEnd[ids[hi]])
			}
			buf = appendChunk(buf[:0], c, rels, nbrs)
			set(kbuf, buf)
			lo = hi
		}
	}
	return nil
}

// oldChunk appends to rels and nbrs the entries of the graph's adjacency
// chunk record key (chunk c), if there is one.
func (b *BulkBuilder) oldChunk(key []byte, c uint64, rels []uint64, nbrs []uint32) ([]uint64, []uint32, error) {
	val, closer, err := b.g.s.db.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return rels, nbrs, nil
	}
	if err != nil {
		return rels, nbrs, fmt.Errorf("storage: bulk: reading an adjacency chunk: %w", err)
	}
	defer closer.Close()
	d := &decoder{b: val}
	prev := c << chunkBits
	for i, n := 0, d.count(); i < n; i++ {
		prev += d.uvarint()
		rels, nbrs = append(rels, prev), append(nbrs, d.u32())
	}
	if err := d.done(); err != nil {
		return rels, nbrs, errorf(ErrCorrupt, "adjacency chunk: %v", err)
	}
	return rels, nbrs, nil
}

// nodePager makes the node pages of a streamed load one at a time, in a
// scratch page, and counts the statistics of every node.
type nodePager struct {
	b    *BulkBuilder
	dirs [2]*csr // Out, In
	page nodePage
	// scratch arrays of the page's adjacency, per direction, reused
	rels    [2]relIDs
	nbrs    [2][]uint32
	recs    [2][]listRec
	stats   *statsBuilder
	labelOf func(uint32) []uint32
}

// at returns page pi (valid until the next call), or nil past the end
// or when the page is the graph's unchanged page, which the image writer
// copies from the old image.
func (np *nodePager) at(pi uint64) *nodePage {
	b, base := np.b, np.b.base
	first := uint64(base.nextNode)
	lo := pi * nodePageSize
	hi := min(lo+nodePageSize, first+uint64(b.nodes.len()))
	if lo >= hi {
		return nil
	}
	var bp *nodePage
	if lo < first {
		bp = peekPage(&base.nodes, pi)
	}
	// fresh counts the new relationships of the page's nodes, nlists
	// their runs of one type (a list each at most).
	fresh, nlists := 0, 0
	for _, c := range np.dirs {
		fresh += int(c.off[hi] - c.off[lo])
		for n := lo; n < hi; n++ {
			ids := c.ord[c.off[n]:c.off[n+1]]
			for j := range ids {
				if j == 0 || b.relTyp[ids[j]] != b.relTyp[ids[j-1]] {
					nlists++
				}
			}
		}
	}
	if fresh == 0 && hi <= first {
		if bp != nil {
			for w := bp.alive[0]; w != 0; w &= w - 1 {
				i := trailingZeros(w)
				np.stats.addNode(uint32(pi*nodePageSize)+uint32(i), bp.labels[i], bp.nodeAdj(uint32(i)), np.labelOf)
			}
		}
		return base.nodes.own(pi)
	}
	total := fresh
	if bp != nil {
		for w := bp.alive[0]; w != 0; w &= w - 1 {
			i := uint32(trailingZeros(w))
			for d := Out; d <= In; d++ {
				ls := bp.lists(i, d)
				nlists += ls.len()
				total += ls.entries()
			}
		}
	}
	firstRel := base.nextRel
	p := &np.page
	*p = nodePage{}
	var bs [2]adjBuilder
	for d := range bs {
		// The scratch grows geometrically: a hub's page is the largest.
		if np.rels[d].cap() < total {
			n := max(total, 2*np.rels[d].cap())
			np.rels[d], np.nbrs[d] = relIDs{narrow: make([]uint32, 0, n)}, make([]uint32, 0, n)
		}
		if cap(np.recs[d]) < nlists {
			np.recs[d] = make([]listRec, 0, max(nlists, 2*cap(np.recs[d])))
		}
		p.adj[d].lists, p.adj[d].rels, p.adj[d].nbrs = np.recs[d][:0], np.rels[d].truncated(), np.nbrs[d][:0]
		bs[d] = adjBuilder{d: &p.adj[d], scratch: true}
	}
	for n := lo; n < hi; n++ {
		i := uint32(n - lo)
		if n < first {
			if bp == nil || !bp.isAlive(i) {
				continue
			}
			p.labels[i], p.props[i] = bp.labels[i], bp.props[i]
		} else {
			p.labels[i], p.props[i] = b.nodes.labels(int(n-first)), b.nodes.props(int(n-first))
		}
		p.alive[i>>6] |= 1 << (i & 63)
		for d, c := range np.dirs {
			bl := &bs[d]
			bl.node(i)
			var ol adjLists
			if n < first {
				ol = bp.lists(i, Direction(d))
			}
			ids := c.ord[c.off[n]:c.off[n+1]]
			other := b.relEnd
			if Direction(d) == In {
				other = b.relStart
			}
			for j, o := 0, 0; j < len(ids) || o < ol.len(); {
				if j == len(ids) || (o < ol.len() && ol.at(o).typ < b.relTyp[ids[j]]) {
					l := ol.at(o) // unchanged
					bl.list(l.typ, l.rels(), l.nbrs)
					o++
					continue
				}
				t := b.relTyp[ids[j]]
				var old adjList
				if o < ol.len() && ol.at(o).typ == t {
					old = ol.at(o)
					o++
				}
				end := j
				for end < len(ids) && b.relTyp[ids[end]] == t {
					end++
				}
				oldRels := old.rels()
				k := bl.grow(t, oldRels.len()+end-j)
				for x := range old.nbrs {
					bl.setEntry(k, oldRels.at(x), old.nbrs[x])
					k++
				}
				for ; j < end; j++ {
					bl.setEntry(k, firstRel+uint64(ids[j]), other[ids[j]])
					k++
				}
			}
		}
	}
	for d := range bs {
		// Keep the grown scratch for the next page.
		np.recs[d], np.rels[d], np.nbrs[d] = p.adj[d].lists[:0], p.adj[d].rels.truncated(), p.adj[d].nbrs[:0]
		bs[d].finish()
	}
	for w := p.alive[0]; w != 0; w &= w - 1 {
		i := uint32(trailingZeros(w))
		np.stats.addNode(uint32(lo)+i, p.labels[i], p.nodeAdj(i), np.labelOf)
	}
	return p
}

// relPager makes the relationship pages of a streamed load one at a time.
type relPager struct {
	b    *BulkBuilder
	page relPage
}

// at returns page pi (valid until the next call), or nil past the end or
// when the page is the graph's unchanged page (copied from the old image).
func (rp *relPager) at(pi uint64) *relPage {
	b, base := rp.b, rp.b.base
	firstRel := base.nextRel
	lo := pi * relPageSize
	hi := min(lo+relPageSize, firstRel+uint64(len(b.relTyp)))
	if lo >= hi {
		return nil
	}
	if hi <= firstRel {
		return base.rels.own(pi)
	}
	p := &rp.page
	p.alive = [relPageSize / 64]uint64{}
	p.props = nil
	if lo < firstRel {
		if bp := peekPage(&base.rels, pi); bp != nil {
			*p = *bp
			p.props = cloneMap(bp.props)
		}
	}
	for id := max(lo, firstRel); id < hi; id++ {
		j, x := uint32(id-lo), id-firstRel
		p.alive[j>>6] |= 1 << (j & 63)
		p.start[j], p.end[j], p.typ[j] = b.relStart[x], b.relEnd[x], b.relTyp[x]
		if len(b.relProps) > 0 {
			if pr, ok := b.relProps[x]; ok {
				if p.props == nil {
					p.props = map[uint32]props{}
				}
				p.props[j] = pr
			}
		}
	}
	return p
}

// streamedVersion is the small part of the new version: counters,
// dictionaries, node bitmaps, and the graph's image for the pages the
// load leaves as they are; its statistics are filled in while the node
// pages are made.
func (b *BulkBuilder) streamedVersion() *version {
	base := b.base
	v := newVersion()
	v.dicts = b.dicts
	first := base.nextNode
	v.nextNode = first + uint32(b.nodes.len())
	v.nextRel = base.nextRel + uint64(len(b.relTyp))
	v.relCount = base.relCount + uint64(len(b.relTyp))
	v.nodes = pageTable[nodePage]{base: base.nodes.base, img: base.nodes.img}
	v.rels = pageTable[relPage]{base: base.rels.base, img: base.rels.img}
	v.all = base.all.Clone()
	v.all.AddRange(uint64(first), uint64(v.nextNode))
	maps.Copy(v.labels, base.labels)
	touched := map[uint32]bool{}
	flush := func(ids map[uint32][]uint32) {
		for l, ns := range ids {
			if !touched[l] {
				touched[l] = true
				if old := base.labels[l]; old != nil {
					v.labels[l] = old.Clone()
				} else {
					v.labels[l] = roaring.New()
				}
			}
			v.labels[l].AddMany(ns)
			ids[l] = ns[:0]
		}
	}
	ids := map[uint32][]uint32{}
	for i := range b.nodes.len() {
		for _, l := range b.nodes.labels(i) {
			ids[l] = append(ids[l], first+uint32(i))
		}
		if len(ids) > 0 && i&0xffff == 0xffff {
			flush(ids)
		}
	}
	flush(ids)
	for l := range touched {
		v.labels[l].RunOptimize()
	}
	v.all.RunOptimize()
	v.vkcell = b.streamedKinds()
	return v
}

// streamedKinds is the value kinds of the streamed load's version: its
// base's and those of the nodes and relationships added; unknown when
// the base's are (the image write counts them then).
func (b *BulkBuilder) streamedKinds() *kindsCell {
	c := &kindsCell{}
	counts := b.base.kindsAbsolute()
	if counts == nil {
		return c
	}
	for i := range b.nodes.len() {
		addNodeKinds(counts, b.nodes.labels(i), b.nodes.props(i), 1)
	}
	for i, typ := range b.relTyp {
		addRelKinds(counts, typ, b.relProps[uint64(i)], 1)
	}
	c.p.Store(&kindsBase{counts: counts})
	return c
}

// writeImageTmp writes the image of the streamed load for commit seq to
// a temporary file (removed by Open if left behind) and returns its path.
func (b *BulkBuilder) writeImageTmp(v *version, seq uint64, out, in *csr) (path string, err error) {
	s := b.g.s
	fs := s.opts.FS
	path = fs.PathJoin(s.dir, fmt.Sprintf("image-%d-bulk-%d%s.tmp", b.g.id, time.Now().UnixNano(), imageSuffix))
	f, err := fs.Create(path, "")
	if err != nil {
		return "", fmt.Errorf("storage: bulk image: %w", err)
	}
	defer func() {
		if f != nil {
			_ = f.Close()
		}
		if err != nil {
			_ = fs.Remove(path)
		}
	}()
	sb := newStatsBuilder()
	// The counters are encoded by encodeImagePages after the node pages,
	// which fill them.
	v.stats = sb.data()
	first := b.base.nextNode
	labelOf := func(n uint32) []uint32 { return b.nodes.labels(int(n - first)) }
	if first > 0 {
		ls := newLabelSets(b.base)
		labelOf = func(n uint32) []uint32 {
			if n < first {
				return ls.sets[ls.id[n]]
			}
			return b.nodes.labels(int(n - first))
		}
	}
	np := &nodePager{b: b, dirs: [2]*csr{out, in}, stats: sb, labelOf: labelOf}
	rp := &relPager{b: b}
	w := &imageWriter{w: bufio.NewWriterSize(f, 1<<20)}
	encodeImagePages(w, v, b.g.id, seq, np.at, rp.at)
	if w.err == nil {
		w.err = syncClose(w.w, f)
		f = nil
	}
	if w.err != nil {
		return "", fmt.Errorf("storage: bulk image: %w", w.err)
	}
	return path, nil
}

// finishStreamed is Finish for a streamed load (see above). The caller
// holds the writer slot and has validated the endpoints.
func (b *BulkBuilder) finishStreamed() error {
	s, g := b.g.s, b.g
	v := b.streamedVersion()
	n := int(v.nextNode)
	var out, in csr
	ntypes := len(b.dicts[dictType].names)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		in = newCSR(b.relEnd, b.relTyp, n, ntypes)
	}()
	out = newCSR(b.relStart, b.relTyp, n, ntypes)
	wg.Wait()
	if err := b.streamedIndexes(v); err != nil {
		return err
	}
	if err := b.streamedConstraints(); err != nil {
		return err
	}
	if err := b.ctx.Err(); err != nil {
		return fmt.Errorf("storage: bulk load abandoned: %w", err)
	}
	seq, err := b.commitStreamed(v, &out, &in)
	if err != nil {
		return err
	}
	// The image is current unless Close wrote another meanwhile (from
	// the same version: equally current); the journal before it is
	// garbage. If the image could not be used, the folder writes one.
	if seq != math.MaxUint64 {
		s.mu.Lock()
		if !s.closed {
			g.imgSeq.Store(seq)
			if st, err := s.opts.FS.Stat(s.opts.FS.PathJoin(s.dir, imageName(g.id))); err == nil {
				g.imgSize.Store(st.Size())
			}
			g.journalChanges.Store(0)
			s.dropJournal(g.id, seq)
		}
		s.mu.Unlock()
	}
	b.report(BulkDone)
	return nil
}

// commitStreamed writes the sstable and the image, ingests the sstable
// and publishes the version opened from the image, all while commits are
// allowed (Close waits for it) and the commit sequence is held.
func (b *BulkBuilder) commitStreamed(v *version, out, in *csr) (seq uint64, err error) {
	s, g := b.g.s, b.g
	fs := s.opts.FS
	if err := s.beginWrite(); err != nil {
		return 0, err
	}
	defer s.endWrite()
	s.seqMu.Lock()
	defer s.seqMu.Unlock()
	seq = s.seq + 1
	b.report(BulkWriting)
	var sstPaths []string
	var sstErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sstPaths, _, sstErr = b.writeSST(v, seq, out)
	}()
	imgPath, imgErr := b.writeImageTmp(v, seq, out, in)
	wg.Wait()
	removeSSTs := func() {
		for _, p := range sstPaths {
			_ = fs.Remove(p)
		}
	}
	if sstErr != nil || imgErr != nil {
		removeSSTs()
		if imgErr == nil {
			_ = fs.Remove(imgPath)
		}
		return 0, cmp.Or(sstErr, imgErr)
	}
	if err := b.ctx.Err(); err != nil {
		removeSSTs()
		_ = fs.Remove(imgPath)
		return 0, fmt.Errorf("storage: bulk load abandoned: %w", err)
	}
	b.report(BulkIngest)
	err = s.db.Ingest(b.ctx, sstPaths)
	removeSSTs()
	if err != nil {
		_ = fs.Remove(imgPath)
		return 0, fmt.Errorf("storage: bulk ingest: %w", err)
	}
	s.committed(seq, g)
	// Committed. The image goes into place; if it cannot be used, the
	// graph is read from its records (as Open would).
	nv := b.openStreamed(imgPath, seq)
	if nv == nil {
		if nv, err = loadVersion(s.db, g.id); err != nil {
			return 0, fmt.Errorf("storage: bulk load committed but not readable: %w", err)
		}
		seq = math.MaxUint64 // no current image
	}
	if invariants {
		if err := nv.checkConsistency(); err != nil {
			panic("storage: invariant violated after bulk load: " + err.Error())
		}
	}
	s.mem.Add(nv.mem - b.base.mem)
	g.cur.Store(nv)
	return seq, nil
}

// openStreamed renames the image of a committed streamed load into place
// and opens the graph from it (nil on failure, which is logged).
func (b *BulkBuilder) openStreamed(tmp string, seq uint64) *version {
	s, gid := b.g.s, b.g.id
	fs := s.opts.FS
	if err := fs.Rename(tmp, fs.PathJoin(s.dir, imageName(gid))); err != nil {
		_ = fs.Remove(tmp)
		s.opts.Logger.Errorf("graph %d: bulk image: %v", gid, err)
		return nil
	}
	if d, err := fs.OpenDir(s.dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	img, err := readImage(fs, s.dir, gid)
	if err == nil && img == nil {
		err = fmt.Errorf("image missing")
	}
	if err == nil && img.seq != seq {
		err = fmt.Errorf("image of sequence %d, not %d", img.seq, seq)
	}
	var v *version
	if err == nil {
		v, err = s.versionFromImage(img, gid, nil)
	}
	if err != nil {
		s.opts.Logger.Errorf("graph %d: bulk image: %v", gid, err)
		return nil
	}
	return v
}
