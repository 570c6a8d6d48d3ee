package storage

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/objstorage/objstorageprovider"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cyqdb/cyq/value"
)

// BulkPhase names a stage of a bulk load.
type BulkPhase string

// Bulk load phases, in order.
const (
	BulkAdding   BulkPhase = "adding"   // the source is adding nodes and relationships
	BulkBuilding BulkPhase = "building" // in-memory structures are being built
	BulkWriting  BulkPhase = "writing"  // the sorted run is being written as an sstable
	BulkIngest   BulkPhase = "ingesting"
	BulkDone     BulkPhase = "done"
)

// BulkProgress reports the state of a bulk load.
type BulkProgress struct {
	Phase   BulkPhase
	Nodes   uint64 // nodes added so far
	Rels    uint64 // relationships added so far
	Elapsed time.Duration
}

// BulkSource feeds a bulk load: Load adds nodes and relationships to b.
type BulkSource interface {
	Load(b *BulkBuilder) error
}

// BulkSourceFunc adapts a function to BulkSource.
type BulkSourceFunc func(b *BulkBuilder) error

// Load implements BulkSource.
func (f BulkSourceFunc) Load(b *BulkBuilder) error { return f(b) }

// BulkLoad adds the nodes and relationships of src to the graph without
// going through transactions: it builds the in-memory structures directly,
// writes the new records as one sorted sstable and ingests it into Pebble
// (atomically: after a crash either all of it or none is present), then
// publishes the new version. progress, if not nil, is called at each phase
// and every 1<<20 added items. The graph's writer slot is held throughout.
// The graph's constraints are checked on what the load adds
// (ErrConstraintViolation, nothing written); the memory budget applies.
func (g *Graph) BulkLoad(ctx context.Context, src BulkSource, progress func(BulkProgress)) error {
	b, err := g.NewBulkBuilder(ctx, progress)
	if err != nil {
		return err
	}
	defer b.Abort()
	if err := src.Load(b); err != nil {
		return err
	}
	return b.Finish()
}

// BulkBuilder collects one bulk load; see Graph.BulkLoad. Node ids are
// assigned at AddNode (continuing the graph's id sequence), relationship
// ids at AddRel. It is not safe for concurrent use.
type BulkBuilder struct {
	g        *Graph
	ctx      context.Context
	base     *version
	dicts    [3]*dict
	progress func(BulkProgress)
	start    time.Time
	done     bool

	nodes    bulkNodes // the new nodes, by index
	relStart []uint32
	relEnd   []uint32
	relTyp   []uint32
	relProps map[uint64]props // by index of new relationship
	next     uint64           // next progress report
}

// NewBulkBuilder starts a bulk load, taking the graph's writer slot until
// Finish or Abort.
func (g *Graph) NewBulkBuilder(ctx context.Context, progress func(BulkProgress)) (*BulkBuilder, error) {
	if g.s.opts.ReadOnly {
		return nil, ErrReadOnly
	}
	if err := g.acquireWriter(ctx); err != nil {
		return nil, err
	}
	base := g.cur.Load()
	b := &BulkBuilder{g: g, ctx: ctx, base: base, progress: progress, start: time.Now(),
		nodes: newBulkNodes(), relProps: map[uint64]props{}, next: 1 << 20}
	for i := range b.dicts {
		b.dicts[i] = base.dicts[i].clone()
	}
	b.report(BulkAdding)
	return b, nil
}

func (b *BulkBuilder) report(p BulkPhase) {
	if b.progress != nil {
		b.progress(BulkProgress{Phase: p, Nodes: uint64(b.nodes.len()), Rels: uint64(len(b.relTyp)), Elapsed: time.Since(b.start)})
	}
}

func (b *BulkBuilder) tick() {
	if n := uint64(b.nodes.len() + len(b.relTyp)); n >= b.next {
		b.next = n + 1<<20
		b.report(BulkAdding)
	}
}

func (b *BulkBuilder) dictID(kind int, name string) uint32 {
	d := b.dicts[kind]
	if id, ok := d.ids[name]; ok {
		return id
	}
	id := uint32(len(d.names))
	d.names = append(d.names, name)
	d.ids[name] = id
	return id
}

// LabelID returns the id of a label, creating it if needed.
func (b *BulkBuilder) LabelID(name string) uint32 { return b.dictID(dictLabel, name) }

// TypeID returns the id of a relationship type, creating it if needed.
func (b *BulkBuilder) TypeID(name string) uint32 { return b.dictID(dictType, name) }

// PropKeyID returns the id of a property key, creating it if needed.
func (b *BulkBuilder) PropKeyID(name string) uint32 { return b.dictID(dictKey, name) }

// Reserve pre-sizes the builder for about nodes more nodes and rels more
// relationships, avoiding regrowth when the source knows its size.
func (b *BulkBuilder) Reserve(nodes, rels int) {
	if nodes > 0 {
		b.nodes.grow(nodes)
	}
	if rels > 0 {
		b.relStart = slices.Grow(b.relStart, rels)
		b.relEnd = slices.Grow(b.relEnd, rels)
		b.relTyp = slices.Grow(b.relTyp, rels)
	}
}

// AddNode adds a node and returns its id. labels is retained (not copied)
// when already strictly increasing, so callers may share one slice among
// many nodes; they must not modify it afterwards.
func (b *BulkBuilder) AddNode(labels []uint32, ps map[uint32]value.Value) (uint32, error) {
	if b.done {
		return 0, ErrTxDone
	}
	id := uint64(b.base.nextNode) + uint64(b.nodes.len())
	if id >= math.MaxUint32 {
		return 0, fmt.Errorf("storage: node id space exhausted")
	}
	for _, l := range labels {
		if int(l) >= len(b.dicts[dictLabel].names) {
			return 0, errorf(ErrNotFound, "label id %d", l)
		}
	}
	if !strictlyIncreasing(labels) {
		labels = slices.Clone(labels)
		slices.Sort(labels)
		labels = slices.Compact(labels)
	}
	var pr props
	if len(ps) > 0 {
		var err error
		if pr, err = makeProps(ps); err != nil {
			return 0, err
		}
		for _, p := range pr {
			if int(p.key) >= len(b.dicts[dictKey].names) {
				return 0, errorf(ErrNotFound, "property key id %d", p.key)
			}
		}
	}
	b.nodes.add(labels, pr)
	b.tick()
	return uint32(id), nil
}

func strictlyIncreasing(ls []uint32) bool {
	for i := 1; i < len(ls); i++ {
		if ls[i] <= ls[i-1] {
			return false
		}
	}
	return true
}

// AddNodes adds n nodes with the same labels and no properties and returns
// the id of the first; the others follow consecutively.
func (b *BulkBuilder) AddNodes(n int, labels []uint32) (uint32, error) {
	first := b.base.nextNode + uint32(b.nodes.len())
	if n <= 0 {
		return first, nil
	}
	if _, err := b.AddNode(labels, nil); err != nil {
		return 0, err
	}
	ls := b.nodes.labels(b.nodes.len() - 1)
	if uint64(first)+uint64(n) >= math.MaxUint32 {
		return 0, fmt.Errorf("storage: node id space exhausted")
	}
	b.nodes.addN(n-1, ls)
	b.tick()
	return first, nil
}

// AddRel adds a relationship and returns its id. Endpoints may be existing
// nodes or nodes added to this builder; they are checked by Finish.
func (b *BulkBuilder) AddRel(start, end, typ uint32, ps map[uint32]value.Value) (uint64, error) {
	if b.done {
		return 0, ErrTxDone
	}
	if int(typ) >= len(b.dicts[dictType].names) {
		return 0, errorf(ErrNotFound, "relationship type id %d", typ)
	}
	idx := uint64(len(b.relTyp))
	if len(ps) > 0 {
		pr, err := makeProps(ps)
		if err != nil {
			return 0, err
		}
		for _, p := range pr {
			if int(p.key) >= len(b.dicts[dictKey].names) {
				return 0, errorf(ErrNotFound, "property key id %d", p.key)
			}
		}
		if pr != nil {
			b.relProps[idx] = pr
		}
	}
	b.relStart = append(b.relStart, start)
	b.relEnd = append(b.relEnd, end)
	b.relTyp = append(b.relTyp, typ)
	if idx&0xffff == 0xffff {
		b.tick()
	}
	return b.base.nextRel + idx, nil
}

// Abort abandons the load (a no-op after Finish).
func (b *BulkBuilder) Abort() {
	if !b.done {
		b.done = true
		b.g.releaseWriter()
	}
}

var bulkSeq atomic.Uint64

// bulkFilePrefix names the temporary sstables of bulk loads in the store
// directory; Open removes leftovers.
const bulkFilePrefix = "bulk-"

// Finish validates, builds, writes, ingests and publishes the load.
func (b *BulkBuilder) Finish() error {
	if b.done {
		return ErrTxDone
	}
	defer b.Abort()
	if err := b.ctx.Err(); err != nil {
		return fmt.Errorf("storage: bulk load abandoned: %w", err)
	}
	b.report(BulkBuilding)
	base := b.base
	first := base.nextNode
	limit := uint64(first) + uint64(b.nodes.len())
	for i := range b.relTyp {
		for _, n := range [2]uint32{b.relStart[i], b.relEnd[i]} {
			if uint64(n) >= limit || (n < first && !base.all.Contains(n)) {
				return errorf(ErrNotFound, "bulk relationship %d: node(%d)", i, n)
			}
		}
	}
	if b.streamable() {
		return b.finishStreamed()
	}
	w := b.build()
	if err := b.ctx.Err(); err != nil {
		return fmt.Errorf("storage: bulk load abandoned: %w", err)
	}
	if budget := b.g.s.opts.MemoryBudget; budget > 0 {
		if total := b.g.s.mem.Load() - base.mem + w.mem; total > budget {
			return errorf(ErrMemoryBudget, "bulk load would use about %d bytes in memory, over the budget of %d", total, budget)
		}
	}
	for k, ix := range base.indexes {
		nix, err := w.buildIndex(k.label, k.key, ix.unique)
		if err != nil {
			return err
		}
		nix.explicit = ix.explicit
		w.indexes[k] = nix
	}
	w.rebuildSearch(base.searchDefs()) // full-text and vector indexes (searchindex.go)
	w.schema = base.schema
	if err := w.checkSchema(b.added(base, w)); err != nil { // constraints (schema.go)
		return err
	}
	if err := b.g.s.beginWrite(); err != nil {
		return err
	}
	defer b.g.s.endWrite()
	b.report(BulkWriting)
	s := b.g.s
	// The sstable carries the commit sequence number (seq.go), so the
	// ingest is ordered with commits.
	s.seqMu.Lock()
	defer s.seqMu.Unlock()
	seq := s.seq + 1
	paths, _, err := b.writeSST(w, seq, nil)
	if err != nil {
		return err
	}
	b.report(BulkIngest)
	err = s.db.Ingest(b.ctx, paths)
	for _, p := range paths {
		_ = s.opts.FS.Remove(p)
	}
	if err != nil {
		return fmt.Errorf("storage: bulk ingest: %w", err)
	}
	s.committed(seq, b.g)
	if invariants {
		if err := w.checkConsistency(); err != nil {
			panic("storage: invariant violated after bulk load: " + err.Error())
		}
	}
	b.g.s.mem.Add(w.mem - base.mem)
	b.g.cur.Store(w)
	b.report(BulkDone)
	return nil
}

// build makes the new version: base plus everything added.
func (b *BulkBuilder) build() *version {
	base := b.base
	w := *base
	v := &w
	v.dicts = b.dicts
	first := base.nextNode
	v.nextNode = first + uint32(b.nodes.len())
	v.nextRel = base.nextRel + uint64(len(b.relTyp))
	v.relCount = base.relCount + uint64(len(b.relTyp))
	// Node pages: all copied (adjacency is rebuilt for every node).
	v.nodes = pageTable[nodePage]{}
	for pi, p := range base.nodes.all() {
		c := *p
		v.nodes.set(pi, &c, nil)
	}
	v.all = base.all.Clone()
	v.all.AddRange(uint64(first), uint64(v.nextNode))
	v.labels = cloneMap(base.labels)
	touched := map[uint32]*roaring.Bitmap{}
	for i := range b.nodes.len() {
		ls := b.nodes.labels(i)
		id := first + uint32(i)
		p, j := v.ensureNodePage(id)
		p.alive[j>>6] |= 1 << (j & 63)
		p.labels[j] = ls
		p.props[j] = b.nodes.props(i)
		for _, l := range ls {
			bm := touched[l]
			if bm == nil {
				if old := base.labels[l]; old != nil {
					bm = old.Clone()
				} else {
					bm = roaring.New()
				}
				touched[l] = bm
				v.labels[l] = bm
			}
			bm.Add(id)
		}
	}
	// Relationship pages: copy the last partial page, add new ones.
	v.rels = base.rels.clone()
	ownDir := map[uint64]bool{}
	ownPage := map[uint64]bool{}
	for i := range b.relTyp {
		id := base.nextRel + uint64(i)
		pi := id >> relPageBits
		p := v.rels.get(pi)
		if !ownPage[pi] {
			if p == nil {
				p = &relPage{}
			} else {
				c := *p
				c.props = cloneMap(p.props)
				p = &c
			}
			v.rels.set(pi, p, ownDir)
			ownPage[pi] = true
		}
		j := uint32(id & (relPageSize - 1))
		p.alive[j>>6] |= 1 << (j & 63)
		p.start[j], p.end[j], p.typ[j] = b.relStart[i], b.relEnd[i], b.relTyp[i]
		if pr, ok := b.relProps[uint64(i)]; ok {
			if p.props == nil {
				p.props = map[uint32]props{}
			}
			p.props[j] = pr
		}
	}
	v.indexes = map[indexKey]*propIndex{}
	v.buildAdjacency()
	v.recomputeStats()
	v.countAdded(base, first)
	v.mem = v.estimateMem()
	return v
}

// countAdded counts the nodes from first on and the relationships v adds
// to base in the value statistics' change counts (valuestats.go), as
// commits count theirs.
func (v *version) countAdded(base *version, first uint32) {
	if v.nextNode == first && v.relCount == base.relCount {
		return
	}
	d := valueDelta{rows: map[uint64]int64{}}
	added := func(yield func([]uint32, props) bool) {
		for id := first; id < v.nextNode; id++ {
			if p, i := v.node(id); p != nil && !yield(p.labels[i], p.props[i]) {
				return
			}
		}
	}
	kd := map[kindKey]int64{}
	for ls, ps := range added {
		addRowsTo(d.rows, ls, ps, 1)
		addNodeKinds(kd, ls, ps, 1)
	}
	for id := base.nextRel; id < v.nextRel; id++ {
		if p, i := v.rel(id); p != nil {
			addRelKinds(kd, p.typ[i], p.props[i], 1)
		}
	}
	v.applyValueDelta(d, added)
	v.applyKinds(kd)
	v.vchanges = base.vchanges + int64(v.nextNode-first) + int64(v.relCount-base.relCount)
}

// estimateMem walks a version and estimates its in-memory size.
func (v *version) estimateMem() int64 {
	var m int64
	for _, d := range v.dicts {
		for _, n := range d.names {
			m += 48 + 2*int64(len(n))
		}
	}
	for _, p := range v.nodes.all() {
		if p == nil {
			continue
		}
		for i := uint32(0); i < nodePageSize; i++ {
			if !p.isAlive(i) {
				continue
			}
			m += memNode + memLabel*int64(len(p.labels[i]))
			for _, pr := range p.props[i] {
				m += propSize(pr.val)
			}
			for d := Out; d <= In; d++ {
				m += int64(p.lists(i, d).len()) * memAdjList
			}
		}
	}
	m += int64(v.relCount) * (memRel + 24)
	for _, p := range v.rels.all() {
		if p == nil {
			continue
		}
		for _, ps := range p.props {
			for _, pr := range ps {
				m += propSize(pr.val)
			}
		}
	}
	for _, ix := range v.indexes {
		inf := ix.info()
		m += int64(inf.Distinct)*memIndex + int64(inf.Entries)*4
	}
	return m
}

// writeSST writes every record the load creates or changes, in key order,
// to two sstables and returns their paths (to be ingested together) and
// the key count. The store-level records (the commit sequence) go to a
// table of their own: they overlap keys the store holds already, while
// the graph's records of a load into an empty graph overlap none, so
// Pebble places that table in the bottom level without compacting it.
// The adjacency of the new relationships comes from out when it is not
// nil (a streamed load, bulk_image.go), else from v.
func (b *BulkBuilder) writeSST(v *version, seq uint64, out *csr) (paths []string, n int, err error) {
	fs := b.g.s.opts.FS
	defer func() {
		if err != nil {
			for _, p := range paths {
				_ = fs.Remove(p)
			}
			paths = nil
		}
	}()
	gid := b.g.id
	p, k, err := b.writeTable(func(set func(k, v []byte)) error {
		set(keyStoreSeq, binary.BigEndian.AppendUint64(nil, seq))
		set(graphSeqKey(gid), binary.BigEndian.AppendUint64(nil, seq))
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	paths = append(paths, p)
	n += k
	p, k, err = b.writeTable(func(set func(k, v []byte)) error { return b.graphRecords(v, out, set) })
	if err != nil {
		return paths, 0, err
	}
	return append(paths, p), n + k, nil
}

// writeTable writes the records fill sets (in key order) to a new
// sstable and returns its path and key count.
func (b *BulkBuilder) writeTable(fill func(set func(k, v []byte)) error) (path string, n int, err error) {
	s := b.g.s
	fs := s.opts.FS
	path = fs.PathJoin(s.dir, fmt.Sprintf("%s%d-%d.sst", bulkFilePrefix, time.Now().UnixNano(), bulkSeq.Add(1)))
	f, err := fs.Create(path, "")
	if err != nil {
		return "", 0, fmt.Errorf("storage: bulk: %w", err)
	}
	wr := sstable.NewWriter(objstorageprovider.NewFileWritable(f), s.popts.MakeWriterOptions(0, s.db.TableFormat()))
	defer func() {
		if wr != nil {
			_ = wr.Close()
		}
		if err != nil {
			_ = fs.Remove(path)
		}
	}()
	ferr := fill(func(k, val []byte) {
		if err == nil {
			err = wr.Set(k, val)
			n++
		}
	})
	if ferr != nil {
		err = ferr
		return "", 0, err
	}
	if err != nil {
		return "", 0, fmt.Errorf("storage: bulk write: %w", err)
	}
	cerr := wr.Close()
	wr = nil
	if cerr != nil {
		err = fmt.Errorf("storage: bulk write: %w", cerr)
		return "", 0, err
	}
	return path, n, nil
}

// graphRecords sets the graph's records of the load in key order.
func (b *BulkBuilder) graphRecords(v *version, out *csr, set func(k, v []byte)) error {
	gid := b.g.id
	base := b.base
	var buf, kbuf []byte
	// 'a': adjacency chunks holding new relationships.
	if out != nil {
		if err := b.appendAdjacency(out, set); err != nil {
			return err
		}
	} else if len(b.relTyp) > 0 {
		starts := slices.Clone(b.relStart)
		slices.Sort(starts)
		starts = slices.Compact(starts)
		firstNew := base.nextRel
		for _, node := range starts {
			for _, l := range v.lists(node, Out).all() {
				rels := l.rels()
				n := rels.len()
				lo := rels.search(firstNew)
				if lo == n {
					continue
				}
				c0 := rels.at(lo) >> chunkBits
				lo = rels.search(c0 << chunkBits)
				for lo < n {
					c := rels.at(lo) >> chunkBits
					hi := lo
					for hi < n && rels.at(hi)>>chunkBits == c {
						hi++
					}
					buf = appendChunk(buf[:0], c, rels.uint64s(lo, hi), l.nbrs[lo:hi])
					kbuf = appendAdjKey(kbuf[:0], gid, node, l.typ, c)
					set(kbuf, buf)
					lo = hi
				}
			}
		}
	}
	// 'd': new dictionary entries.
	for kind := range b.dicts {
		for id := len(base.dicts[kind].names); id < len(b.dicts[kind].names); id++ {
			set(dictKeyOf(gid, byte(kind), uint32(id)), []byte(b.dicts[kind].names[id]))
		}
	}
	// 'm': counters.
	set(metaKey(gid), encodeMeta(v.nextNode, v.nextRel))
	// 'n': new nodes.
	for i := range b.nodes.len() {
		buf = b.nodes.appendRecord(buf[:0], i)
		kbuf = appendNodeKey(kbuf[:0], gid, base.nextNode+uint32(i))
		set(kbuf, buf)
	}
	// 'r': properties of new relationships.
	if len(b.relProps) > 0 {
		idx := make([]uint64, 0, len(b.relProps))
		for k := range b.relProps {
			idx = append(idx, k)
		}
		slices.Sort(idx)
		for _, k := range idx {
			buf = appendProps(buf[:0], b.relProps[k])
			set(relKey(gid, base.nextRel+k), buf)
		}
	}
	return nil
}
