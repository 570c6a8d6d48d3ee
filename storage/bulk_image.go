package storage

import (
	"bufio"
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// A bulk load into a graph that holds nothing yet is streamed: instead of
// building the whole graph as an in-memory version (node pages, both
// adjacency directions, relationship pages), then writing the records and
// later the image from it, Finish
//
//  1. groups the relationships by start node and by end node, each
//     node's ordered by type and id, with counting sorts (csr: 4 bytes per
//     relationship and per node each, in parallel);
//  2. writes the records as one sorted sstable and, at the same time in
//     another goroutine, the graph's image to a temporary file, page by
//     page: each node page (64 nodes with their adjacency in both
//     directions) and relationship page is made in a scratch buffer,
//     encoded and dropped, and the statistics are counted on the way;
//  3. ingests the sstable (the commit point), renames the image into
//     place and opens the new version from it, as Open would: pages are
//     decoded when first read.
//
// Property indexes defined on the empty graph are counted from the sorted
// values of the loaded nodes (uniqueness checked there) and, as after
// Open, built on first use. The memory of the load is the builder's own
// arrays plus the two groupings; nothing of the size of the graph is
// built twice. A load that
// fails before the ingest removes both files and changes nothing; a crash
// between the ingest and the rename leaves a stale image, which Open
// ignores (its sequence is not the graph's) and rebuilds.

// streamable reports whether Finish can stream the load (see above): the
// graph holds no node, relationship or search index (property indexes
// may be defined), the load adds at least one node and fewer than 1<<32
// relationships, and the machine uses images.
func (b *BulkBuilder) streamable() bool {
	base := b.base
	return nativeLittleEndian && base.nextNode == 0 && base.nextRel == 0 &&
		len(base.search) == 0 && !base.hasConstraints() && len(b.labels) > 0 && uint64(len(b.relTyp)) < math.MaxUint32
}

// hasConstraints reports whether the graph has a constraint: a streamed
// load checks only uniqueness (streamedIndexes), so a graph with other
// constraints loads through the path that checks them all (schema.go).
func (v *version) hasConstraints() bool {
	for _, d := range v.schema {
		if d.Constraint {
			return true
		}
	}
	return false
}

// streamedIndexes counts, for each property index of the graph (defined
// while it was empty), the loaded nodes it holds and their distinct
// values, for the image, and checks uniqueness constraints: the values
// are sorted, so equal ones are adjacent. As after Open, an index's tree
// is built when it is first used.
func (b *BulkBuilder) streamedIndexes(v *version) error {
	type entry struct {
		val  value.Value
		node uint32
	}
	for k, ix := range b.base.indexes {
		var es []entry
		for i, ls := range b.labels {
			if _, ok := slices.BinarySearch(ls, k.label); !ok {
				continue
			}
			if val, ok := b.props[i].get(k.key); ok {
				es = append(es, entry{val, uint32(i)})
			}
		}
		slices.SortFunc(es, func(a, b entry) int {
			return cmp.Or(indexOrder(a.val, b.val), cmp.Compare(a.node, b.node))
		})
		distinct := 0
		for j := range es {
			switch {
			case j == 0 || indexOrder(es[j-1].val, es[j].val) != 0:
				distinct++
			case ix.unique:
				return errorf(ErrConstraintViolation, "nodes %d and %d violate the uniqueness constraint on (%d, %d)",
					es[j-1].node, es[j].node, k.label, k.key)
			}
		}
		v.indexes[k] = &propIndex{label: k.label, key: k.key, unique: ix.unique, explicit: ix.explicit,
			entries: int64(len(es)), lazy: &lazyTree{distinct: int64(distinct)}}
		if err := b.ctx.Err(); err != nil {
			return fmt.Errorf("storage: bulk load abandoned: %w", err)
		}
	}
	return nil
}

// csr groups relationship indexes by node: those of node n are
// ord[off[n]:off[n+1]], ordered by type, then by index.
type csr struct {
	off, ord []uint32
}

// typeOrder returns the relationship indexes ordered by type (stably: a
// counting sort), the order newCSR visits them in.
func typeOrder(typ []uint32, ntypes int) []uint32 {
	off := make([]uint32, ntypes+1)
	for _, t := range typ {
		off[t+1]++
	}
	for i := 1; i < len(off); i++ {
		off[i] += off[i-1]
	}
	ord := make([]uint32, len(typ))
	for i, t := range typ {
		ord[off[t]] = uint32(i)
		off[t]++
	}
	return ord
}

// newCSR groups the relationship indexes of byType (every index, ordered
// by type) by keys[index], a node id below n: a stable counting sort, so
// each node's keep the order of byType.
func newCSR(keys, byType []uint32, n int) csr {
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
	for _, i := range byType {
		k := keys[i]
		ord[off[k+1]] = i
		off[k+1]++
	}
	return csr{off: off[: n+1 : n+1], ord: ord}
}

// appendAdjacency sets the adjacency chunk records of every node, in key
// order (node, type, chunk), from the grouping by start node.
func (b *BulkBuilder) appendAdjacency(out *csr, set func(k, v []byte)) {
	gid := b.g.id
	var kbuf, buf []byte
	var rels []uint64
	var nbrs []uint32
	for node := 0; node+1 < len(out.off); node++ {
		ids := out.ord[out.off[node]:out.off[node+1]]
		if len(ids) == 0 {
			continue
		}
		for lo := 0; lo < len(ids); {
			t, c := b.relTyp[ids[lo]], uint64(ids[lo])>>chunkBits
			rels, nbrs = rels[:0], nbrs[:0]
			hi := lo
			for ; hi < len(ids) && b.relTyp[ids[hi]] == t && uint64(ids[hi])>>chunkBits == c; hi++ {
				rels = append(rels, uint64(ids[hi]))
				nbrs = append(nbrs, b.relEnd[ids[hi]])
			}
			buf = appendChunk(buf[:0], c, rels, nbrs)
			kbuf = appendAdjKey(kbuf[:0], gid, uint32(node), t, c)
			set(kbuf, buf)
			lo = hi
		}
	}
}

// nodePager makes the node pages of a streamed load one at a time, in a
// scratch page, and counts the statistics of each node it makes.
type nodePager struct {
	b       *BulkBuilder
	dirs    [2]*csr // Out, In
	page    nodePage
	rels    []uint64
	nbrs    []uint32
	lists   []adjList
	ptrs    []*adjList
	stats   *statsBuilder
	labelOf func(uint32) []uint32
}

// at returns page pi (valid until the next call), or nil past the end.
func (np *nodePager) at(pi uint64) *nodePage {
	b := np.b
	lo := pi * nodePageSize
	hi := min(lo+nodePageSize, uint64(len(b.labels)))
	if lo >= hi {
		return nil
	}
	total := 0
	for _, c := range np.dirs {
		total += int(c.off[hi] - c.off[lo])
	}
	// Every list holds at least one entry: total bounds both counts.
	if cap(np.rels) < total {
		np.rels, np.nbrs = make([]uint64, total), make([]uint32, total)
		np.lists, np.ptrs = make([]adjList, total), make([]*adjList, total)
	}
	p := &np.page
	*p = nodePage{}
	k, nl := 0, 0
	for n := lo; n < hi; n++ {
		i := uint32(n - lo)
		p.alive[i>>6] |= 1 << (i & 63)
		p.labels[i], p.props[i] = b.labels[n], b.props[n]
		for d, c := range np.dirs {
			ids := c.ord[c.off[n]:c.off[n+1]]
			if len(ids) == 0 {
				continue
			}
			other := b.relEnd
			if Direction(d) == In {
				other = b.relStart
			}
			first := nl
			for j := 0; j < len(ids); {
				t, start := b.relTyp[ids[j]], k
				for ; j < len(ids) && b.relTyp[ids[j]] == t; j++ {
					np.rels[k], np.nbrs[k] = uint64(ids[j]), other[ids[j]]
					k++
				}
				l := &np.lists[nl]
				l.typ, l.rels, l.nbrs = t, np.rels[start:k:k], np.nbrs[start:k:k]
				l.bm.Store(nil)
				np.ptrs[nl] = l
				nl++
			}
			p.adj[i][d] = np.ptrs[first:nl:nl]
		}
		np.stats.addNode(p.labels[i], &p.adj[i], np.labelOf)
	}
	return p
}

// relPager makes the relationship pages of a streamed load one at a time.
type relPager struct {
	b    *BulkBuilder
	page relPage
}

// at returns page pi (valid until the next call), or nil past the end.
func (rp *relPager) at(pi uint64) *relPage {
	b := rp.b
	lo := pi * relPageSize
	hi := min(lo+relPageSize, uint64(len(b.relTyp)))
	if lo >= hi {
		return nil
	}
	p := &rp.page
	p.alive = [relPageSize / 64]uint64{}
	p.props = nil
	for id := lo; id < hi; id++ {
		j := uint32(id - lo)
		p.alive[j>>6] |= 1 << (j & 63)
		p.start[j], p.end[j], p.typ[j] = b.relStart[id], b.relEnd[id], b.relTyp[id]
		if len(b.relProps) > 0 {
			if pr, ok := b.relProps[id]; ok {
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
// dictionaries, node bitmaps; its statistics are filled in while the
// node pages are made.
func (b *BulkBuilder) streamedVersion() *version {
	v := newVersion()
	v.dicts = b.dicts
	v.nextNode = uint32(len(b.labels))
	v.nextRel = uint64(len(b.relTyp))
	v.relCount = v.nextRel
	v.all.AddRange(0, uint64(v.nextNode))
	ids := map[uint32][]uint32{}
	for i, ls := range b.labels {
		for _, l := range ls {
			ids[l] = append(ids[l], uint32(i))
		}
		if len(ids) > 0 && i&0xffff == 0xffff {
			for l, ns := range ids {
				bm := v.labels[l]
				if bm == nil {
					bm = roaring.New()
					v.labels[l] = bm
				}
				bm.AddMany(ns)
				ids[l] = ns[:0]
			}
		}
	}
	for l, ns := range ids {
		bm := v.labels[l]
		if bm == nil {
			bm = roaring.New()
			v.labels[l] = bm
		}
		bm.AddMany(ns)
	}
	for _, bm := range v.labels {
		bm.RunOptimize()
	}
	v.all.RunOptimize()
	return v
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
	np := &nodePager{b: b, dirs: [2]*csr{out, in}, stats: sb, labelOf: func(n uint32) []uint32 { return b.labels[n] }}
	rp := &relPager{b: b}
	w := &imageWriter{w: bufio.NewWriterSize(f, 1<<20)}
	encodeImagePages(w, v, b.g.id, seq, np.at, rp.at)
	if w.err == nil {
		w.err = w.w.Flush()
	}
	if w.err == nil {
		w.err = f.Sync()
	}
	if w.err == nil {
		w.err = f.Close()
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
	n := len(b.labels)
	var out, in csr
	byType := typeOrder(b.relTyp, len(b.dicts[dictType].names))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		in = newCSR(b.relEnd, byType, n)
	}()
	out = newCSR(b.relStart, byType, n)
	wg.Wait()
	byType = nil
	v := b.streamedVersion()
	if err := b.streamedIndexes(v); err != nil {
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
	// the same version: equally current).
	s.mu.Lock()
	if !s.closed {
		g.imgSeq.Store(seq)
	}
	s.mu.Unlock()
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
