package storage

import (
	"encoding/binary"
	"math"
	"sync"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2"
)

// ---- small sections ----

func encodeStats(st *statsData) []byte {
	var out []byte
	rel := st.relsPerType.merged()
	out = binary.AppendUvarint(out, uint64(len(rel)))
	for k, n := range rel {
		out = binary.AppendUvarint(out, uint64(k))
		out = binary.AppendVarint(out, n)
	}
	out = appendTriples(out, st.triples)
	out = binary.AppendUvarint(out, uint64(len(st.degree)))
	for k, c := range st.degree {
		h := c.merged()
		out = binary.AppendUvarint(out, uint64(k.typ))
		out = append(out, byte(k.dir))
		out = binary.AppendUvarint(out, uint64(len(h)))
		for d, n := range h {
			out = binary.AppendUvarint(out, uint64(d))
			out = binary.AppendVarint(out, n)
		}
	}
	// The self-loop counts come last: a record written before they were
	// kept ends early and fails to decode, so that the graph is read
	// from its records rather than opened without them.
	return appendTriples(out, st.loops)
}

// appendTriples appends a count and the non-zero counters of c.
func appendTriples(out []byte, c *counters[tripleKey]) []byte {
	tr := c.merged()
	out = binary.AppendUvarint(out, uint64(len(tr)))
	for k, n := range tr {
		out = binary.AppendUvarint(out, uint64(k.start))
		out = binary.AppendUvarint(out, uint64(k.typ))
		out = binary.AppendUvarint(out, uint64(k.end))
		out = binary.AppendVarint(out, n)
	}
	return out
}

// triples reads the counters appendTriples wrote into c.
func (d *decoder) triples(c *counters[tripleKey]) {
	for i, n := 0, d.count(); i < n; i++ {
		k := tripleKey{d.u32(), d.u32(), d.u32()}
		c.base[k] = d.varint()
	}
}

// decoder reads uvarints and varints from an image section; the first
// malformed read sets err and every later one returns 0.
type decoder struct {
	b   []byte
	err error
}

// advance skips n bytes just read (n <= 0: a malformed read).
func (d *decoder) advance(n int) {
	if n <= 0 {
		d.err = errorf(ErrCorrupt, "image: truncated section")
		return
	}
	d.b = d.b[n:]
}

// next reads one value with read (binary.Uvarint or binary.Varint).
func next[T uint64 | int64](d *decoder, read func([]byte) (T, int)) T {
	if d.err != nil {
		return 0
	}
	x, n := read(d.b)
	d.advance(n)
	return x
}

func (d *decoder) uvarint() uint64 { return next(d, binary.Uvarint) }

func (d *decoder) u32() uint32 {
	x := d.uvarint()
	if x > math.MaxUint32 {
		d.err = errorf(ErrCorrupt, "image: value out of range")
	}
	return uint32(x)
}

func (d *decoder) varint() int64 { return next(d, binary.Varint) }

// props reads a length-prefixed property map.
func (d *decoder) props() props {
	pb := d.bytes(d.uvarint())
	if len(pb) == 0 {
		return nil
	}
	ps, n, err := decodeProps(pb)
	if err == nil && n != len(pb) {
		err = errorf(ErrCorrupt, "image: bad property map")
	}
	if err != nil && d.err == nil {
		d.err = err
	}
	return ps
}

func (d *decoder) bytes(n uint64) []byte {
	if d.err != nil {
		return nil
	}
	if n > uint64(len(d.b)) {
		d.err = errorf(ErrCorrupt, "image: truncated section")
		return nil
	}
	b := d.b[:n]
	d.b = d.b[n:]
	return b
}

// count reads an element count, bounded by the bytes left (each element
// takes at least one byte).
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.err = errorf(ErrCorrupt, "image: bad count")
		return 0
	}
	return int(n)
}

func (d *decoder) done() error {
	if d.err == nil && len(d.b) != 0 {
		d.err = errorf(ErrCorrupt, "image: trailing bytes in a section")
	}
	return d.err
}

func decodeStats(b []byte) (*statsData, error) {
	d := &decoder{b: b}
	st := newStatsData()
	for i, n := 0, d.count(); i < n; i++ {
		k := d.u32()
		st.relsPerType.base[k] = d.varint()
	}
	d.triples(st.triples)
	for i, n := 0, d.count(); i < n; i++ {
		typ := d.u32()
		dir := Direction(d.bytes(1)[0:1][0])
		h := map[int]int64{}
		for j, m := 0, d.count(); j < m; j++ {
			deg := d.uvarint()
			h[int(deg)] = d.varint()
		}
		st.degree[degKey{typ, dir}] = &counters[int]{base: h}
	}
	d.triples(st.loops)
	return st, d.done()
}

func encodeIndexInfo(v *version) []byte {
	out := binary.AppendUvarint(nil, uint64(len(v.indexes)))
	for _, inf := range v.Indexes() {
		out = binary.AppendUvarint(out, uint64(inf.Label))
		out = binary.AppendUvarint(out, uint64(inf.Key))
		out = binary.AppendUvarint(out, inf.Entries)
		out = binary.AppendUvarint(out, inf.Distinct)
	}
	return out
}

func decodeBitmaps(b []byte) (all *roaring.Bitmap, labels map[uint32]*roaring.Bitmap, err error) {
	d := &decoder{b: b}
	labels = map[uint32]*roaring.Bitmap{}
	for i, n := 0, d.count(); i < n && d.err == nil; i++ {
		l := d.u32()
		bs := d.bytes(d.uvarint())
		bm := roaring.New()
		if d.err == nil {
			if err := bm.UnmarshalBinary(bs); err != nil {
				return nil, nil, errorf(ErrCorrupt, "image: bitmap: %v", err)
			}
		}
		if l == AnyLabel {
			all = bm
		} else {
			labels[l] = bm
		}
	}
	if err := d.done(); err != nil {
		return nil, nil, err
	}
	if all == nil {
		return nil, nil, errorf(ErrCorrupt, "image: no node bitmap")
	}
	return all, labels, nil
}

// ---- lazily built index trees ----

// lazyTree is the value tree of an index opened from an image, built from
// the base version on first use.
type lazyTree struct {
	once     sync.Once
	build    func() *indexTree
	tree     *indexTree
	built    atomic.Bool
	distinct int64
	// mem is the tree's estimated bytes, counted in the store's memory
	// from the open on; fits reports whether the store's estimate is
	// within its budget (nil: no budget).
	mem  int64
	fits func() bool
}

// t returns the index's value tree, building it on first use.
func (ix *propIndex) t() *indexTree {
	if ix.tree != nil {
		return ix.tree
	}
	l := ix.lazy
	l.once.Do(func() {
		l.tree = l.build()
		l.built.Store(true)
	})
	return l.tree
}

// seekTree returns the value tree for a read, or nil when the tree is
// not built yet and the store is over its MemoryBudget: the read then
// scans the label's nodes (slower, within the page cache's bound) instead
// of building a tree that does not fit. Writers use t(): their commit is
// checked against the budget.
func (ix *propIndex) seekTree() *indexTree {
	if ix.tree != nil {
		return ix.tree
	}
	if l := ix.lazy; !l.built.Load() && l.fits != nil && !l.fits() {
		return nil
	}
	return ix.t()
}

// unbuiltMem is the estimated bytes of v's index trees opened from an
// image and not built yet.
func (v *version) unbuiltMem() int64 {
	var n int64
	for _, ix := range v.indexes {
		if ix.lazy != nil && ix.tree == nil && !ix.lazy.built.Load() {
			n += ix.lazy.mem
		}
	}
	return n
}

// distinct is the number of distinct values, without building a lazy tree.
func (ix *propIndex) distinct() int {
	if ix.run != nil {
		return int(ix.ndistinct)
	}
	if ix.tree == nil {
		// A lazy tree is never changed (a writer clones it), so the
		// count stored with the image stays exact.
		return int(ix.lazy.distinct)
	}
	return ix.t().Len()
}

// fillIndex adds every node of v with label and property key to ix. With
// unique it stops at the first duplicate value and returns the two nodes.
// It reads the node pages without caching them (pageTable.peek): building
// an index reads one value of every labelled node, and a graph's pages
// decoded for that would stay resident after the first seek.
func (v *version) fillIndex(ix *propIndex, unique bool) (size int64, dupA, dupB uint32, dup bool) {
	lb := v.labels[ix.label]
	if lb == nil {
		return 0, 0, 0, false
	}
	var p *nodePage
	cur := ^uint64(0)
	it := lb.Iterator()
	for it.HasNext() {
		n := it.Next()
		if pi := uint64(n >> nodePageBits); pi != cur {
			cur, p = pi, v.nodes.peek(pi)
		}
		i := n & (nodePageSize - 1)
		if p == nil || !p.isAlive(i) {
			continue
		}
		val, ok := p.props[i].get(ix.key)
		if !ok {
			continue
		}
		add, dupOf, dup := addTo(ix.tree, val, n, unique)
		if dup {
			return size, dupOf, n, true
		}
		if add > 0 {
			ix.entries++
			size += add
		}
	}
	return size, 0, 0, false
}

// ---- opening a graph from its image ----

// catalog collects the records Open reads besides nodes and adjacency.
type catalog struct {
	idxDefs    []idxDef
	searchDefs []SearchIndexDef
}

type idxDef struct {
	k     indexKey
	flags byte
}

// catalogRecord applies one dictionary, index or search-index record to v.
func (v *version) catalogRecord(tag byte, k, val []byte, cat *catalog) error {
	switch tag {
	case tagDict:
		if len(k) != 5 || k[0] > dictKey {
			return errorf(ErrCorrupt, "bad dictionary key")
		}
		d := v.dicts[k[0]]
		id := binary.BigEndian.Uint32(k[1:])
		if int64(id) != int64(len(d.names)) {
			return errorf(ErrCorrupt, "dictionary ids not dense")
		}
		name := string(val)
		if _, dup := d.ids[name]; dup {
			return errorf(ErrCorrupt, "duplicate dictionary name %q", name)
		}
		d.names = append(d.names, name)
		d.ids[name] = id
		v.mem += 48 + 2*int64(len(name))
	case tagIndex:
		if len(k) != 8 || len(val) != 1 || val[0] == 0 || val[0] > 3 {
			return errorf(ErrCorrupt, "bad index record")
		}
		cat.idxDefs = append(cat.idxDefs, idxDef{indexKey{binary.BigEndian.Uint32(k), binary.BigEndian.Uint32(k[4:])}, val[0]})
	case tagSearch:
		d, err := decodeSearchDef(val)
		if err != nil {
			return err
		}
		cat.searchDefs = append(cat.searchDefs, d)
	case tagSchema:
		d, err := decodeSchemaDef(val)
		if err != nil {
			return err
		}
		if v.schema == nil {
			v.schema = map[string]*SchemaDef{}
		}
		v.schema[d.Name] = d
	}
	return nil
}

// readMeta reads the graph's id counters.
func readMeta(db *pebble.DB, gid uint32) (nextNode uint32, nextRel uint64, err error) {
	mv, closer, err := db.Get(metaKey(gid))
	switch {
	case err == pebble.ErrNotFound:
		return 0, 0, nil
	case err != nil:
		return 0, 0, errorf(ErrCorrupt, "%v", err)
	}
	defer closer.Close()
	if len(mv) != 12 {
		return 0, 0, errorf(ErrCorrupt, "bad meta record")
	}
	return binary.BigEndian.Uint32(mv), binary.BigEndian.Uint64(mv[4:]), nil
}

// versionFromImage opens graph gid from its image (nil: from the empty
// graph of sequence 0) brought up to date by the journal js (nil: the
// image is current): dictionaries and index definitions come from Pebble,
// everything else from the image and the journal.
func (s *Store) versionFromImage(img *image, gid uint32, js *journalState) (*version, error) {
	v := newVersion()
	nn, nr, err := readMeta(s.db, gid)
	if err != nil {
		return nil, err
	}
	var imgNodes uint32
	var imgRels uint64
	if img != nil {
		imgNodes, imgRels = img.nextNode, img.nextRel
		v.relCount = img.relCount
	}
	if nn < imgNodes || nr < imgRels || (js == nil && (nn != imgNodes || nr != imgRels)) {
		return nil, errorf(ErrCorrupt, "image counters disagree with the store")
	}
	v.nextNode, v.nextRel = nn, nr
	var cat catalog
	for _, tag := range []byte{tagDict, tagIndex, tagSearch, tagSchema} {
		lo := append(graphPrefix(gid), tag)
		it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: append(graphPrefix(gid), tag+1)})
		if err != nil {
			return nil, errorf(ErrCorrupt, "%v", err)
		}
		for ok := it.First(); ok; ok = it.Next() {
			if err := v.catalogRecord(tag, it.Key()[len(lo):], it.Value(), &cat); err != nil {
				_ = it.Close()
				return nil, err
			}
		}
		if err := it.Close(); err != nil {
			return nil, errorf(ErrCorrupt, "%v", err)
		}
	}
	indexInfo := []byte{0}
	if img != nil {
		if v.all, v.labels, err = decodeBitmaps(img.bitmaps); err != nil {
			return nil, err
		}
		if v.stats, err = decodeStats(img.stats); err != nil {
			return nil, err
		}
		values := img.values
		var kinds map[kindKey]int64
		if img.version >= 5 {
			if values, kinds, err = splitKindsTrailer(values); err != nil {
				return nil, err
			}
		}
		// The image's value kinds (unknown in an image written
		// before they were kept); the journal, below, adds its
		// changes.
		v.vkcell = &kindsCell{}
		if kinds != nil {
			v.vkcell.p.Store(&kindsBase{counts: kinds})
		}
		vs, changes, removed, err := decodeValueSection(values, img.version)
		if err != nil {
			return nil, err
		}
		if vs != nil {
			// The rows are the image's (an image write carries them
			// over as of its version: carried); the journal, patched
			// below, changes them.
			v.vcell.p.Store(&cellState{vs: vs, at: -changes, rowsKnown: true, removedAt: -removed})
		}
		indexInfo = img.indexes
		img.damaged = func(err error) { s.imageDamaged(gid, err) }
		// The image's pages read count in the resident set beside
		// the pages decoded from them (image.go): they are let go
		// every eighth of the budget read, or without one every
		// mappedResident, so that a whole-graph query does not leave
		// the image resident twice, mapped and decoded.
		img.releaseEvery = mappedResident
		if b := s.opts.MemoryBudget; b > 0 {
			img.releaseEvery = max(b/8, 1<<20)
		}
	}
	var nodeLoad func(uint64) *nodePage
	var relLoad func(uint64) *relPage
	if img != nil {
		nodeLoad, relLoad = img.nodePage, img.relPage
	}
	if js != nil {
		if nodeLoad, relLoad, err = s.patchJournal(v, img, gid, js); err != nil {
			return nil, err
		}
		v.vchanges += js.changes
		// The journal's value deltas, as the commits applied them.
		if js.valuesKnown {
			js.values.moves = js.replayTally(img)
			v.applyValueDelta(js.values, js.writtenNodes)
		} else {
			// A record from before the deltas were logged: the
			// registers still take in the values logged, the rows
			// stay the image's until the next image write.
			v.addValues(js.writtenNodes)
			if cs := v.cellState(); cs != nil && cs.rowsKnown && js.changes > 0 {
				v.vcell.p.Store(&cellState{vs: cs.vs, at: cs.at, removedAt: cs.removedAt})
			}
		}
		if js.kindsKnown {
			v.applyKinds(js.kinds)
		} else {
			v.vkcell = &kindsCell{}
		}
		indexInfo = js.indexes
	}
	// Node and relationship pages share the store's page pool.
	v.nodes = pageTable[nodePage]{base: newPageCache(nodePages(v.nextNode), nodeLoad, nodePageBytes, s.pages), img: img}
	v.rels = pageTable[relPage]{base: newPageCache(relPages(v.nextRel), relLoad, relPageBytes, s.pages), img: img}
	if js != nil {
		v.nodes.base.patched, v.rels.base.patched = js.nodePatched, js.relPatched
	}
	for _, b := range v.labels {
		v.mem += int64(b.GetSizeInBytes())
	}
	v.mem += int64(v.all.GetSizeInBytes())
	v.mem += 32 * int64(len(v.stats.triples.base)+len(v.stats.loops.base)+len(v.stats.relsPerType.base))
	infos := map[indexKey][2]uint64{}
	d := &decoder{b: indexInfo}
	for i, n := 0, d.count(); i < n; i++ {
		k := indexKey{d.u32(), d.u32()}
		infos[k] = [2]uint64{d.uvarint(), d.uvarint()}
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	runs := map[indexKey]runLoc{}
	if img != nil {
		if runs, err = decodeRunDir(img.runDir); err != nil {
			return nil, err
		}
	}
	var fits func() bool
	if budget := s.opts.MemoryBudget; budget > 0 {
		fits = func() bool { return s.mem.Load() <= budget }
	}
	for _, def := range cat.idxDefs {
		if err := v.checkIDs(def.k.label, dictLabel); err != nil {
			return nil, err
		}
		if err := v.checkIDs(def.k.key, dictKey); err != nil {
			return nil, err
		}
		inf, ok := infos[def.k]
		if !ok {
			return nil, errorf(ErrCorrupt, "image lacks index (%d, %d)", def.k.label, def.k.key)
		}
		ix := &propIndex{label: def.k.label, key: def.k.key, unique: def.flags&indexFlagUnique != 0,
			explicit: def.flags&indexFlagExplicit != 0, entries: int64(inf[0])}
		if loc, ok := runs[def.k]; ok {
			// Read through the image's run (indexrun.go); the journal's
			// changes are added below.
			if ix.run, err = openRun(img, loc, s.pages); err != nil {
				return nil, err
			}
			ix.ndistinct = int64(inf[1])
			v.indexes[def.k] = ix
			continue
		}
		label, key := def.k.label, def.k.key
		mem := int64(inf[1])*memIndex + int64(inf[0])*4
		ix.lazy = &lazyTree{distinct: int64(inf[1]), mem: mem, fits: fits, build: func() *indexTree {
			b := &propIndex{label: label, key: key, tree: newIndexTree()}
			v.fillIndex(b, false)
			return b.tree
		}}
		v.indexes[def.k] = ix
		v.mem += mem
	}
	if len(infos) != len(cat.idxDefs) {
		return nil, errorf(ErrCorrupt, "image indexes disagree with the store")
	}
	if js != nil && img != nil {
		journalRunDelta(v, img, js)
	}
	base, seq := uint64(0), uint64(0)
	if img != nil {
		base, seq = img.seq, img.seq
	}
	if js != nil {
		seq = js.seq
	}
	s.openSearch(v, gid, base, seq, js, cat.searchDefs) // image_search.go
	if img != nil {
		// The small sections are decoded (copied) and the journal's
		// pages patched: what the open read of the mapping, and what
		// the kernel mapped around it (the run directory sits after the
		// runs' blocks), need not stay resident (image.go).
		img.releaseMapped()
	}
	return v, nil
}

// imageDamaged is called when a page of graph gid's image fails its checks:
// the image is removed so that the next open rebuilds the graph from its
// records.
func (s *Store) imageDamaged(gid uint32, err error) {
	s.opts.Logger.Errorf("image of graph %d is damaged (%v); it will be rebuilt at the next open", gid, err)
	if !s.opts.ReadOnly {
		_ = s.opts.FS.Remove(s.opts.FS.PathJoin(s.dir, imageName(gid)))
	}
}

// graphOpen describes how a graph was opened.
type graphOpen struct {
	imgSeq      uint64 // sequence of the image on disk (0: none)
	imgSize     int64  // its bytes
	changes     int64  // journal changes applied
	unjournaled uint64 // the graph's sequence when its journal does not chain from imgSeq (else 0)
	rebuilt     bool   // read from the records (neither image nor journal could be used)
	indexDDL    uint64 // the graph's sequence when the image's index runs are out of date (runsOutOfDate; else 0)
}

// openGraphVersion opens graph gid at sequence seq: from its image when
// the image is current; from its image (or, without one, the empty graph)
// and the journal when the journal chains from the image to seq; else by
// reading every record, after which a fresh image is written (unless
// read-only) and the graph is reopened from it. A journal past
// journalLimit, or whose pages and replay (the node states it logs) would
// take more than an eighth of the memory budget, is folded into a new
// image at once.
func (s *Store) openGraphVersion(gid uint32, seq uint64) (v *version, st graphOpen, err error) {
	img, err := readImage(s.opts.FS, s.dir, gid)
	if err != nil {
		s.opts.Logger.Errorf("ignoring the image of graph %d: %v", gid, err)
	}
	if img != nil && img.seq > seq {
		s.opts.Logger.Errorf("ignoring the image of graph %d: its commit %d is past the graph's %d", gid, img.seq, seq)
		img = nil
	}
	base := uint64(0)
	if img != nil {
		base = img.seq
	}
	var js *journalState
	if base < seq {
		var ok bool
		js, ok, err = s.readJournal(gid, base, seq)
		if err != nil {
			s.opts.Logger.Errorf("graph %d: ignoring its journal: %v", gid, err)
		}
		if !ok {
			js = nil
		}
	}
	if img != nil && (base == seq || js != nil) || img == nil && js != nil {
		if v, err := s.versionFromImage(img, gid, js); err == nil {
			if img != nil {
				st.imgSeq, st.imgSize = img.seq, img.size
			}
			// An image from before the index runs (version 4 or 5) with
			// property indexes is rewritten at once by a writable open:
			// its indexes would otherwise build their trees from every
			// labelled node's page on first use.
			migrate := migrateOldImages && img != nil && img.version < 6 && imageWriteVersion >= 6 && len(v.indexes) > 0 && !s.opts.ReadOnly
			if migrate && js == nil {
				return s.writeAndReopen(gid, seq, v, st)
			}
			if js == nil {
				return v, st, nil
			}
			st.changes = js.changes
			if img != nil && img.version >= 6 && runsOutOfDate(img, v) {
				st.indexDDL = seq // (needsImage)
			}
			budget := s.opts.MemoryBudget
			if s.opts.ReadOnly || !migrate && js.changes <= s.journalLimit(st.imgSize) && (budget <= 0 || js.mem+js.replaced <= budget/8) {
				return v, st, nil
			}
			return s.writeAndReopen(gid, seq, v, st)
		} else {
			s.opts.Logger.Errorf("graph %d: ignoring its image and journal: %v", gid, err)
		}
	}
	v, err = loadVersion(s.db, gid)
	if err != nil {
		return nil, graphOpen{}, err
	}
	// (At sequence 0 the graph has never been committed to: reading its
	// records reads nothing.)
	st.rebuilt, st.unjournaled = seq > 0, seq
	if s.opts.ReadOnly || !nativeLittleEndian || v.nextNode == 0 {
		// (An empty graph is read as fast as its image.)
		return v, st, nil
	}
	return s.writeAndReopen(gid, seq, v, st)
}

// runsOutOfDate reports whether the index runs of img (version 6 on)
// differ in their set of indexes from v, the version opened from img and
// its journal: an index created since the image has no run, and one
// dropped since it left its run, which only an image rewrite removes.
// Either makes the image due for a rewrite (needsImage), so that a drop
// followed by a crash does not leave the dropped index's run in the
// image until it is rewritten for another reason.
func runsOutOfDate(img *image, v *version) bool {
	for _, ix := range v.indexes {
		if ix.run == nil {
			return true
		}
	}
	runs, err := decodeRunDir(img.runDir)
	if err != nil {
		return false // versionFromImage read the same directory
	}
	for k := range runs {
		if v.indexes[k] == nil {
			return true
		}
	}
	return false
}

// migrateOldImages: a writable open rewrites an image of version 4 or 5
// holding property indexes (openGraphVersion); off only in tests that
// open such an image as it is.
var migrateOldImages = true

// writeAndReopen writes v as graph gid's image of sequence seq, drops the
// journal it folds in and reopens the graph from the image (keeping v if
// that fails).
func (s *Store) writeAndReopen(gid uint32, seq uint64, v *version, st graphOpen) (*version, graphOpen, error) {
	if err := writeImage(s.opts.FS, s.dir, gid, seq, v); err != nil {
		s.opts.Logger.Errorf("graph %d: %v", gid, err)
		st.unjournaled = seq
		return v, st, nil
	}
	s.dropJournal(gid, seq)
	s.writeSearchImage(gid, seq, v, true)
	st.imgSeq, st.changes = seq, 0
	img, err := readImage(s.opts.FS, s.dir, gid)
	if err == nil && img != nil {
		st.imgSize = img.size
		if iv, err := s.versionFromImage(img, gid, nil); err == nil {
			return iv, st, nil
		}
	}
	return v, st, nil
}
