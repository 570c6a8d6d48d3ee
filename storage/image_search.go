package storage

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"math"
	"slices"
	"unsafe"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/storage/search"
)

// The search image of a graph persists its full-text and vector indexes
// (searchindex.go) beside the graph's image, so that the first search after
// an open maps an index (postings decoded as read) instead of
// building it from every node. It is one file, search-<gid>.cyq, written by
// the image writer and versioned by the commit sequence:
//
//	per index, 8-byte aligned: a meta block, then a data block
//	footer: gid u32, version u32, seq u64, index count u32, 0 u32,
//	        per index (meta offset, meta length, data offset, data length)
//	        u64s, crc32 of the meta block u32, crc32 of the data block u32,
//	        crc32 of the footer so far u32
//	footer length u64, magic (8 bytes)
//
// A meta block is uvarint n (vectors: their count; full-text: 0) and the
// index definition as JSON. A vector data block is the n node ids (u32),
// padded to 8 bytes, their squared norms (f32), padded, and the n vectors
// (dim f32 each, normalised for cosine): one flat array, mapped and scanned
// in place, so the vectors are not on the Go heap. A full-text data block
// is search.FullText.Encode (delta-compressed postings with positions,
// terms, per-document term lists, then flat arrays of offsets, document
// ids and lengths): the arrays are searched in place and a term's
// posting is decoded when a query or an edit reads it, into a cache of
// the index's postings that the store's page pool bounds with the graphs'
// pages (evicting the oldest, under a MemoryBudget), so only the postings
// in use are on the Go heap, and an index larger than the budget answers
// queries (decoding again what was evicted).
//
// The file of sequence S serves an open at sequence T when the graph's
// image has a sequence I <= S <= T and its journal chains from I to T (or
// I == T): an index is then the section's plus the nodes the journal after
// I logged, re-indexed from the opened version on first use (the journal
// after S is part of it, and re-indexing a node is idempotent, since an
// index is a function of its definition and the nodes). A definition that
// differs from the section's, a stale or missing file, or a section that
// fails its checksum (checked on first use, before anything is decoded)
// falls back to building the index, with the reason logged.
const (
	searchMagic   = "cyqsrch\x01"
	searchVersion = 2
	searchEntry   = 4*8 + 4 + 4
	searchFixed   = 4 + 4 + 8 + 4 + 4
)

func searchImageName(gid uint32) string { return fmt.Sprintf("search-%d%s", gid, imageSuffix) }

// searchFile is what an open found in a graph's search image.
type searchFile struct {
	seq     uint64
	entries map[string]*storedSearch
	mapped  []byte // the file's mapping (nil: read into memory)
}

// storedSearch is one persisted index: checked and decoded on first use.
type storedSearch struct {
	def  string // the definition, as JSON
	n    int
	off  uint64 // of data in the file
	data []byte
	crc  uint32
	// bad is called with the reason when the section cannot be used.
	bad func(reason string)
	// release, if not nil, drops the file's mapped pages from the
	// process's resident set (releaseMapping): set under a MemoryBudget
	// for a mapped section larger than the image's release threshold.
	release func()
	// pool bounds the full-text postings decoded from the section (the
	// store's page pool).
	pool *pagePool
	// logf reports a posting that cannot be decoded (read as empty).
	logf func(format string, args ...any)
}

// searchState is what the image writer last wrote (or an open found
// usable) for a graph: its sequence and the definitions it holds.
type searchState struct {
	seq  uint64
	defs map[string]string
}

func viewU32(b []byte) []uint32 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

func viewF32(b []byte) []float32 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&b[0])), len(b)/4)
}

func pad8(n uint64) uint64 { return (n + 7) &^ 7 }

// readSearchFile reads graph gid's search image: (nil, nil) when there is
// none, an error when it cannot be used. Only the footer and the meta
// blocks are read and checked; the data stays mapped.
func readSearchFile(fs vfs.FS, dir string, gid uint32) (*searchFile, error) {
	if !nativeLittleEndian {
		return nil, nil
	}
	data, mapped, err := mapFile(fs, fs.PathJoin(dir, searchImageName(gid)))
	if data == nil || err != nil {
		return nil, err
	}
	n := uint64(len(data))
	if string(data[n-8:]) != searchMagic {
		return nil, fmt.Errorf("bad magic")
	}
	fl := binary.LittleEndian.Uint64(data[n-16:])
	if fl < searchFixed+4 || fl > n-16 || (fl-searchFixed-4)%searchEntry != 0 {
		return nil, fmt.Errorf("bad footer length")
	}
	base := n - 16 - fl
	ft := data[base : n-16]
	if crc32.ChecksumIEEE(ft[:fl-4]) != binary.LittleEndian.Uint32(ft[fl-4:]) {
		return nil, fmt.Errorf("footer checksum mismatch")
	}
	if binary.LittleEndian.Uint32(ft) != gid {
		return nil, fmt.Errorf("graph %d in the file of graph %d", binary.LittleEndian.Uint32(ft), gid)
	}
	if binary.LittleEndian.Uint32(ft[4:]) != searchVersion {
		return nil, fmt.Errorf("unknown version")
	}
	sf := &searchFile{seq: binary.LittleEndian.Uint64(ft[8:]), entries: map[string]*storedSearch{}}
	if mapped {
		sf.mapped = data
	}
	count := uint64(binary.LittleEndian.Uint32(ft[16:]))
	if count != (fl-searchFixed-4)/searchEntry {
		return nil, fmt.Errorf("bad index count")
	}
	for i := uint64(0); i < count; i++ {
		e := ft[searchFixed+i*searchEntry:]
		var blk [2][]byte
		var at [2]uint64
		for j := range blk {
			off, ln := binary.LittleEndian.Uint64(e[j*16:]), binary.LittleEndian.Uint64(e[j*16+8:])
			if off > base || ln > base-off || off%8 != 0 {
				return nil, fmt.Errorf("section out of range")
			}
			blk[j], at[j] = data[off:off+ln:off+ln], off
		}
		if crc32.ChecksumIEEE(blk[0]) != binary.LittleEndian.Uint32(e[32:]) {
			return nil, fmt.Errorf("meta checksum mismatch")
		}
		cnt, k := binary.Uvarint(blk[0])
		if k <= 0 || cnt > math.MaxInt32 {
			return nil, fmt.Errorf("bad meta block")
		}
		var def SearchIndexDef
		if err := json.Unmarshal(blk[0][k:], &def); err != nil {
			return nil, fmt.Errorf("bad meta block: %v", err)
		}
		sf.entries[def.Name] = &storedSearch{def: string(blk[0][k:]), n: int(cnt), off: at[1], data: blk[1], crc: binary.LittleEndian.Uint32(e[36:])}
	}
	return sf, nil
}

// load decodes the stored index def as of v, re-indexing touched; nil
// (after calling bad) when the section cannot be used.
func (st *storedSearch) load(def SearchIndexDef, v *version, touched *roaring.Bitmap) *searchIdx {
	fail := func(reason string) *searchIdx {
		if st.bad != nil {
			st.bad(reason)
		}
		return nil
	}
	if crc32.ChecksumIEEE(st.data) != st.crc {
		return fail("checksum mismatch")
	}
	ix := &searchIdx{def: def}
	if def.Kind == SearchFulltext {
		ft, err := search.OpenFullText(st.data, def.K1, def.B)
		if err != nil {
			return fail(err.Error())
		}
		// (The checksum was good: a posting fails to decode only if
		// the writer was wrong.)
		ix.postings = newPageCache(uint64(ft.StoredTerms()), func(i uint64) *search.Posting {
			p, err := ft.DecodePosting(i)
			if err != nil {
				if st.logf != nil {
					st.logf("search index %q: posting %d of the search image: %v (read as empty)", def.Name, i, err)
				}
				return &search.Posting{}
			}
			return p
		}, search.PostingBytes, st.pool)
		ft.CachePostings(ix.postings.get)
		ix.ft = ft
		// Each query reads postings in place, then releases them.
		ix.release = st.release
	} else {
		n, d := uint64(st.n), uint64(def.Dim)
		ids := pad8(4 * n)
		if uint64(len(st.data)) != 2*ids+4*n*d {
			return fail("vector section size disagrees with its count")
		}
		sim, _ := search.ParseSimilarity(def.Similarity)
		vec, err := search.VectorsFrom(def.Dim, sim, viewU32(st.data[:4*n]), viewF32(st.data[ids:ids+4*n]), viewF32(st.data[2*ids:]))
		if err != nil {
			return fail(err.Error())
		}
		ix.vec = vec
		// Each query scans the vectors in place, then releases them.
		ix.release = st.release
	}
	// The check read the whole section.
	if st.release != nil {
		st.release()
	}
	if touched == nil || touched.IsEmpty() {
		return ix
	}
	n := &searchIdx{def: def, release: ix.release, postings: ix.postings}
	if ix.ft != nil {
		n.ft = ix.ft.Edit()
	} else {
		n.vec = ix.vec.Edit()
	}
	it := touched.Iterator()
	for it.HasNext() {
		n.update(v, it.Next())
	}
	if n.ft != nil {
		n.ft.Publish()
	} else {
		n.vec.Compact()
		n.vec.Publish()
	}
	return n
}

// openSearch makes the search indexes defs of v, graph gid opened from an
// image of sequence base brought up to sequence seq by the journal js
// (nil: none), lazy: stored ones from the graph's search image when it
// serves this open, others built.
func (s *Store) openSearch(v *version, gid uint32, base, seq uint64, js *journalState, defs []SearchIndexDef) {
	s.searchFiles.Delete(gid)
	if len(defs) == 0 {
		v.rebuildSearch(defs)
		return
	}
	sf, err := readSearchFile(s.opts.FS, s.dir, gid)
	reason := ""
	switch {
	case err != nil:
		reason = "its search image is unusable: " + err.Error()
	case sf == nil:
		reason = "no search image"
	case sf.seq < base || sf.seq > seq:
		reason = fmt.Sprintf("the search image of commit %d does not serve commit %d (image %d)", sf.seq, seq, base)
		sf = nil
	}
	var nodes, rels *roaring.Bitmap
	if js != nil {
		nodes, rels = roaring.New(), roaring.New()
		for id := range js.nodes {
			nodes.Add(id)
		}
		for id := range js.rels {
			if id <= math.MaxUint32 {
				rels.Add(uint32(id))
			}
		}
	}
	v.search = make(map[string]*searchIdx, len(defs))
	state := &searchState{defs: map[string]string{}}
	for _, d := range defs {
		js, _ := json.Marshal(d)
		var st *storedSearch
		if sf != nil {
			st = sf.entries[d.Name]
		}
		if st == nil || st.def != string(js) {
			why := reason
			if why == "" {
				why = "its definition is not in the search image"
			}
			s.opts.Logger.Infof("graph %d: search index %q is built on first use: %s", gid, d.Name, why)
			v.search[d.Name] = lazySearchIdx(d, v)
			continue
		}
		touched := nodes
		if d.Rel {
			touched = rels
		}
		s.serveStored(gid, d.Name, st, sf, state)
		v.search[d.Name] = lazyStoredIdx(d, v, st, touched)
		state.defs[d.Name] = string(js)
	}
	if sf != nil {
		state.seq = sf.seq
		s.searchFiles.Store(gid, state)
	}
}

// serveStored readies the section st of index name in graph gid's search
// image sf (whose state is state) to serve the index: its damage is
// logged and drops state, its postings are cached in the page pool, and
// under a MemoryBudget a large mapped section is released from the
// resident set after each query.
func (s *Store) serveStored(gid uint32, name string, st *storedSearch, sf *searchFile, state *searchState) {
	st.bad = func(why string) {
		s.opts.Logger.Errorf("graph %d: search index %q: the search image is damaged (%s); the index is rebuilt", gid, name, why)
		s.searchFiles.CompareAndDelete(gid, state)
	}
	if b := s.opts.MemoryBudget; b > 0 && sf.mapped != nil && int64(len(st.data)) > max(b/8, 1<<20) {
		mapped := sf.mapped
		st.release = func() { releaseMapping(mapped) }
	}
	st.pool = s.pages
	st.logf = func(format string, args ...any) {
		s.opts.Logger.Errorf("graph %d: "+format, append([]any{gid}, args...)...)
	}
}

// adoptSearchImage serves graph g's search indexes held wholly in memory
// (searchIdx.onHeap) from the search image of sequence seq just written
// from v, as an open would: an index built in memory (CREATE, a rebuild, no
// usable search image at the open, a vector index compacted by edits),
// edited or not since, is then read in place from the file (full-text
// postings decoded as queries read them into the page pool, counted and
// evicted under a MemoryBudget; vectors scanned in the mapping), and the
// heap form is released once no snapshot reads it (snapshots keep the
// version they started on). It swaps only while v is g's current version,
// taking the writer slot so that no commit starts from v meanwhile; after
// a commit the next image write adopts its own.
func (s *Store) adoptSearchImage(ctx context.Context, g *Graph, seq uint64, v *version) {
	if len(v.search) == 0 || g.cur.Load() != v {
		return
	}
	x, _ := s.searchFiles.Load(g.id)
	state, _ := x.(*searchState)
	if state == nil || state.seq != seq {
		return
	}
	sf, err := readSearchFile(s.opts.FS, s.dir, g.id)
	if err != nil || sf == nil || sf.seq != seq {
		return
	}
	if err := g.acquireWriter(ctx); err != nil {
		return
	}
	defer g.releaseWriter()
	if g.cur.Load() != v || g.dropped.Load() {
		return
	}
	nv := *v
	nv.search = make(map[string]*searchIdx, len(v.search))
	adopted := false
	for name, ix := range v.search {
		nv.search[name] = ix
		// Only an index held wholly on the heap is swapped: one read
		// from a search image already, edited or not, keeps its file
		// (each adoption maps the new file for the life of the
		// process). The write built every index.
		if !ix.data().onHeap() {
			continue
		}
		st := sf.entries[name]
		if st == nil || st.def != state.defs[name] {
			continue
		}
		if def, _ := json.Marshal(ix.def); st.def != string(def) {
			continue
		}
		s.serveStored(g.id, name, st, sf, state)
		nv.search[name] = lazyStoredIdx(ix.def, &nv, st, nil)
		adopted = true
	}
	if adopted {
		g.cur.Store(&nv)
	}
}

// needsSearchImage reports whether graph g's search image should be
// written: g has search indexes and its search image is older than its
// image, or lacks one of them.
func (s *Store) needsSearchImage(g *Graph) bool {
	v := g.cur.Load()
	if len(v.search) == 0 {
		return false
	}
	x, _ := s.searchFiles.Load(g.id)
	st, _ := x.(*searchState)
	if st == nil || st.seq < g.imgSeq.Load() || len(st.defs) != len(v.search) {
		return true
	}
	for name, ix := range v.search {
		b, _ := json.Marshal(ix.def)
		if st.defs[name] != string(b) {
			return true
		}
	}
	return false
}

// writeSearchImage writes the search image of graph gid for version v of
// sequence seq (temporary file, synced, renamed), building the indexes
// not built yet; when cheapOnly, it writes nothing if one would have to be
// built from the nodes (an open does not pay for that).
func (s *Store) writeSearchImage(gid uint32, seq uint64, v *version, cheapOnly bool) {
	if !nativeLittleEndian || s.opts.ReadOnly {
		return
	}
	s.searchWrite.Lock()
	defer s.searchWrite.Unlock()
	names := make([]string, 0, len(v.search))
	for name, ix := range v.search {
		if cheapOnly && ix.unbuilt() && ix.lazy.stored == nil {
			return
		}
		names = append(names, name)
	}
	slices.Sort(names)
	fs := s.opts.FS
	if len(names) == 0 {
		_ = fs.Remove(fs.PathJoin(s.dir, searchImageName(gid)))
		s.searchFiles.Delete(gid)
		return
	}
	state := &searchState{seq: seq, defs: map[string]string{}}
	err := func() (err error) {
		final := fs.PathJoin(s.dir, searchImageName(gid))
		tmp := final + ".tmp"
		f, err := fs.Create(tmp, "")
		if err != nil {
			return err
		}
		defer func() {
			if f != nil {
				_ = f.Close()
			}
			if err != nil {
				_ = fs.Remove(tmp)
			}
		}()
		w := &searchWriter{w: bufio.NewWriterSize(f, 256<<10)}
		ft := binary.LittleEndian.AppendUint32(nil, gid)
		ft = binary.LittleEndian.AppendUint32(ft, searchVersion)
		ft = binary.LittleEndian.AppendUint64(ft, seq)
		ft = binary.LittleEndian.AppendUint32(ft, uint32(len(names)))
		ft = binary.LittleEndian.AppendUint32(ft, 0)
		for _, name := range names {
			ix := v.search[name].data()
			def, _ := json.Marshal(ix.def)
			state.defs[name] = string(def)
			n := 0
			if ix.vec != nil {
				n = ix.vec.Len()
			}
			meta := append(binary.AppendUvarint(nil, uint64(n)), def...)
			mOff, mCRC := w.block(func() { w.write(meta) })
			dOff, dCRC := w.block(func() {
				if ix.ft != nil {
					ix.ft.Encode(w.write)
					return
				}
				writeVectors(w, ix.vec, n)
			})
			for _, x := range []uint64{mOff[0], mOff[1], dOff[0], dOff[1]} {
				ft = binary.LittleEndian.AppendUint64(ft, x)
			}
			ft = binary.LittleEndian.AppendUint32(ft, mCRC)
			ft = binary.LittleEndian.AppendUint32(ft, dCRC)
		}
		ft = binary.LittleEndian.AppendUint32(ft, crc32.ChecksumIEEE(ft))
		w.pad()
		w.write(ft)
		w.write(binary.LittleEndian.AppendUint64(nil, uint64(len(ft))))
		w.write([]byte(searchMagic))
		if w.err == nil {
			w.err = syncClose(w.w, f)
			f = nil
		}
		if w.err == nil {
			w.err = publishFile(fs, tmp, final, s.dir)
		}
		return w.err
	}()
	if err != nil {
		s.opts.Logger.Errorf("graph %d: write search image: %v", gid, err)
		return
	}
	s.searchFiles.Store(gid, state)
}

// writeVectors writes the n live vectors of vec as a vector data block.
func writeVectors(w *searchWriter, vec *search.Vectors, n int) {
	ids := make([]uint32, 0, n)
	norm2 := make([]float32, 0, n)
	vec.Live(func(id uint32, n2 float32, _ []float32) {
		ids = append(ids, id)
		norm2 = append(norm2, n2)
	})
	w.write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ids))), 4*len(ids)))
	w.pad()
	w.write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(norm2))), 4*len(norm2)))
	w.pad()
	vec.Live(func(_ uint32, _ float32, x []float32) {
		w.write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x))), 4*len(x)))
	})
}

// searchWriter writes a search image, with a checksum per block.
type searchWriter struct {
	w   *bufio.Writer
	off uint64
	crc uint32
	err error
}

func (w *searchWriter) write(b []byte) {
	if w.err != nil || len(b) == 0 {
		return
	}
	w.crc = crc32.Update(w.crc, crc32.IEEETable, b)
	_, w.err = w.w.Write(b)
	w.off += uint64(len(b))
}

func (w *searchWriter) pad() {
	var zero [8]byte
	if p := pad8(w.off) - w.off; p > 0 {
		w.write(zero[:p])
	}
}

// block writes one 8-byte aligned block with fill: its (offset, length)
// and checksum.
func (w *searchWriter) block(fill func()) (at [2]uint64, crc uint32) {
	w.pad()
	at[0], w.crc = w.off, 0
	fill()
	return [2]uint64{at[0], w.off - at[0]}, w.crc
}
