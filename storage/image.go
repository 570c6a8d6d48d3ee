package storage

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
)

// The image of a graph (see doc.go, "The persisted image") is one file,
// image-<gid>.cyq, made of 8-byte aligned sections followed by a footer:
//
//	sections (see below)
//	footer: per section (offset u64, length u64), then gid u32,
//	        version u32, seq u64, nextNode u64, nextRel u64, relCount u64,
//	        crc32 of the small sections u32, crc32 of the footer so far u32
//	footer length u64, magic (8 bytes)
//
// The node and relationship tables are stored as one compressed block per
// page (64 nodes, 1024 relationships), found through an array of block
// offsets; a page is decoded when first touched. A node block holds:
//
//	uvarint liveness word; uvarint entries, lists, labels (totals of the page)
//	per live node: uvarint label count, labels (uvarint deltas);
//	  uvarint property bytes, properties (appendProps);
//	  per direction (Out, In): uvarint list count, then per list
//	    uvarint type (delta from the previous list's), uvarint length,
//	    per entry uvarint relationship id (delta from the previous
//	    entry's, the first from 0) and uvarint neighbour
//
// and a relationship block: 16 uvarint liveness words, then per live
// relationship uvarint start, end, type, property bytes and the
// properties. Every read is bounds-checked, so a damaged image can give
// wrong answers until it is noticed but never a crash. The small sections
// (bitmaps, statistics, indexes) are checksummed and decoded at open.
const (
	imageMagic = "cyqimg\x00\x04"
	// imageVersion is the version images are written with. Version 9
	// keeps the neighbours of node blocks compressed too
	// (nodeblock_packed.go), decoded when first read; version 8
	// keeps the relationship ids of node blocks compressed
	// (relids_packed.go), decoded when first read. Version 7 stores the
	// adjacency of node blocks in place (nodeblock_inplace.go); images of
	// version 6 and 7 still open, their node blocks decoded as before,
	// and are rewritten in the new format when rewritten for any reason
	// (a block is copied into a new image only when both formats agree). Version 6 added the index runs (indexrun.go:
	// secRunBlocks, secRunDir). An image of version 5, or of version 4
	// (value statistics without the distinct-count registers,
	// valuestats_hll.go), still opens: its footer lists the sections
	// before those, its indexes build their trees on first use as
	// before, and a writable open of one with property indexes rewrites
	// it at once (openGraphVersion); a read-only open reads it as it is.
	imageVersion = 9
	imageSuffix  = ".cyq"
)

// imageWriteVersion is the version images (and journal records) are
// written with: imageVersion, but for tests that write them as an older
// version did.
var imageWriteVersion uint32 = imageVersion

// Sections of an image, in file order.
const (
	secNodeBlocks = iota // node page blocks
	secNodeIndex         // u64 [node pages + 1]: block offsets in secNodeBlocks
	secRelBlocks         // relationship page blocks
	secRelIndex          // u64 [relationship pages + 1]
	secBitmaps           // uvarint count, then (uvarint label or AnyLabel for all nodes, uvarint length, roaring bytes)
	secStats             // encodeStats
	secIndexes           // uvarint count, then (label, key, entries, distinct) uvarints
	secValues            // value statistics (valuestats.go); empty: none
	secRunBlocks         // index runs (indexrun.go); version 6 on
	secRunDir            // where each index's run is (indexrun.go)
	numSections
	// numSectionsV5 is the number of sections of an image of version 4
	// or 5.
	numSectionsV5 = secRunBlocks
)

// nativeLittleEndian: block offsets are little-endian and viewed in place,
// so other machines do not use images (every open reads the records).
var nativeLittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func imageName(gid uint32) string { return fmt.Sprintf("image-%d%s", gid, imageSuffix) }

func nodePages(nextNode uint32) uint64 { return (uint64(nextNode) + nodePageSize - 1) / nodePageSize }
func relPages(nextRel uint64) uint64   { return (nextRel + relPageSize - 1) / relPageSize }

// image is an opened image file.
type image struct {
	size     int64 // bytes of the file
	gid      uint32
	version  uint32
	seq      uint64
	nextNode uint32
	nextRel  uint64
	relCount uint64

	nodeBlocks []byte
	nodeIndex  []uint64
	relBlocks  []byte
	relIndex   []uint64

	bitmaps, stats, indexes, values []byte
	runBlocks, runDir               []byte // empty before version 6

	// mapped is the file's mapping (nil when it was read into memory).
	// The pages of it a process has read count in its resident set
	// until released (releaseMapped); the kernel keeps them in its page
	// cache either way. With releaseEvery > 0 (a store opened under a
	// MemoryBudget), the mapping is released whenever the blocks read
	// since the last release (touched) add up to more than that, so that
	// reading the image leaves at most about that much of it resident.
	mapped       []byte
	releaseEvery int64
	touched      atomic.Int64

	// damaged is called once when a block fails its checks.
	damaged  func(error)
	damageMu sync.Once
}

func (img *image) damage(err error) {
	img.damageMu.Do(func() {
		if img.damaged != nil {
			img.damaged(err)
		}
	})
}

// ---- reading ----

func viewU64(b []byte) ([]uint64, bool) {
	if len(b)%8 != 0 || (len(b) > 0 && uintptr(unsafe.Pointer(&b[0]))%8 != 0) {
		return nil, false
	}
	if len(b) == 0 {
		return nil, true
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), len(b)/8), true
}

// readImage opens the image of graph gid: (nil, nil) when there is none,
// an error wrapping ErrCorrupt when it cannot be used.
func readImage(fs vfs.FS, dir string, gid uint32) (*image, error) {
	if !nativeLittleEndian {
		return nil, nil
	}
	data, mapped, err := mapFile(fs, fs.PathJoin(dir, imageName(gid)))
	if data == nil || err != nil {
		if err != nil {
			err = errorf(ErrCorrupt, "image: %v", err)
		}
		return nil, err
	}
	img, err := parseImage(data)
	if err != nil {
		return nil, err
	}
	img.size = int64(len(data))
	if mapped {
		img.mapped = data
	}
	if img.gid != gid {
		return nil, errorf(ErrCorrupt, "image: graph %d in the file of graph %d", img.gid, gid)
	}
	return img, nil
}

// mapFile maps the image file at path read-only (mapped), or, without a
// descriptor (in-memory filesystems) or mmap, reads it into one flat,
// pointer-free buffer, 8-byte aligned: nil when there is no file.
func mapFile(fs vfs.FS, path string) (data []byte, mapped bool, err error) {
	f, err := fs.Open(path)
	if err != nil {
		return nil, false, nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	size := st.Size()
	if size < 16 || size > int64(^uint(0)>>1) {
		return nil, false, fmt.Errorf("size %d", size)
	}
	if fd := f.Fd(); fd != vfs.InvalidFd {
		data, _ = mmapFile(fd, int(size))
	}
	if data != nil {
		return data, true, nil
	}
	words := make([]uint64, (size+7)/8)
	data = unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), size)
	if _, err = f.ReadAt(data, 0); err != nil && err != io.EOF {
		return nil, false, err
	}
	return data, false, nil
}

// releaseMapped drops the image's mapped pages from the process's
// resident set (a no-op for an image read into memory). Slices of the
// mapping stay valid: the mapping is shared and read-only, so a page
// read again is faulted back in from the kernel's page cache.
func (img *image) releaseMapped() {
	if img.mapped != nil {
		img.touched.Store(0)
		releaseMapping(img.mapped)
	}
}

// read notes that n bytes of the mapping were read (see releaseEvery).
func (img *image) read(n int64) {
	if img.releaseEvery > 0 && img.touched.Add(n) > img.releaseEvery {
		img.releaseMapped()
	}
}

// mappedResident is how much of the image's mapping a store opened
// without a MemoryBudget reads before it lets the mapping's pages go
// (releaseMapped). Every page is decoded into the page cache on first read,
// so its mapped bytes are needed again only for values read from it and
// for pages decoded again after an eviction. (At 5 M relationships the
// mapped pages a whole-graph query left resident were 55 MB of a warm
// peak of 335 MB; letting them go every 8 MiB read took the peak to
// 274 MB.)
const mappedResident = 8 << 20

// footerLen is the length of the footer of an image of ns sections.
func footerLen(ns int) uint64 { return uint64(ns)*16 + 4 + 4 + 8*4 + 4 + 4 }

func parseImage(data []byte) (*image, error) {
	bad := func(what string) (*image, error) { return nil, errorf(ErrCorrupt, "image: %s", what) }
	n := len(data)
	if string(data[n-8:]) != imageMagic {
		return bad("bad magic")
	}
	fl := binary.LittleEndian.Uint64(data[n-16:])
	ns := numSections
	if fl == footerLen(numSectionsV5) {
		ns = numSectionsV5
	}
	if fl != footerLen(ns) || uint64(n-16) < fl {
		return bad("bad footer length")
	}
	ft := data[n-16-int(fl) : n-16]
	if crc32.ChecksumIEEE(ft[:len(ft)-4]) != binary.LittleEndian.Uint32(ft[len(ft)-4:]) {
		return bad("footer checksum mismatch")
	}
	var secs [numSections][]byte
	base := uint64(n - 16 - int(fl))
	for i := range secs[:ns] {
		off, ln := binary.LittleEndian.Uint64(ft[i*16:]), binary.LittleEndian.Uint64(ft[i*16+8:])
		if off > base || ln > base-off {
			return bad("section out of range")
		}
		secs[i] = data[off : off+ln : off+ln]
	}
	p := ft[ns*16:]
	img := &image{gid: binary.LittleEndian.Uint32(p)}
	img.version = binary.LittleEndian.Uint32(p[4:])
	if ns == numSections && (img.version < 6 || img.version > imageVersion) || ns == numSectionsV5 && img.version != 5 && img.version != 4 {
		return bad("unknown version")
	}
	img.seq = binary.LittleEndian.Uint64(p[8:])
	nn := binary.LittleEndian.Uint64(p[16:])
	img.nextRel = binary.LittleEndian.Uint64(p[24:])
	img.relCount = binary.LittleEndian.Uint64(p[32:])
	if nn > 1<<32 {
		return bad("node count")
	}
	img.nextNode = uint32(nn)
	small := crc32.ChecksumIEEE(secs[secBitmaps])
	small = crc32.Update(small, crc32.IEEETable, secs[secStats])
	small = crc32.Update(small, crc32.IEEETable, secs[secIndexes])
	small = crc32.Update(small, crc32.IEEETable, secs[secValues])
	small = crc32.Update(small, crc32.IEEETable, secs[secRunDir])
	if small != binary.LittleEndian.Uint32(p[40:]) {
		return bad("checksum mismatch")
	}
	var ok1, ok2 bool
	img.nodeBlocks, img.relBlocks = secs[secNodeBlocks], secs[secRelBlocks]
	img.nodeIndex, ok1 = viewU64(secs[secNodeIndex])
	img.relIndex, ok2 = viewU64(secs[secRelIndex])
	if !ok1 || !ok2 || uint64(len(img.nodeIndex)) != nodePages(img.nextNode)+1 || uint64(len(img.relIndex)) != relPages(img.nextRel)+1 {
		return bad("section sizes disagree with the counts")
	}
	img.bitmaps, img.stats, img.indexes, img.values = secs[secBitmaps], secs[secStats], secs[secIndexes], secs[secValues]
	img.runBlocks, img.runDir = secs[secRunBlocks], secs[secRunDir]
	return img, nil
}

// block returns block pi of a table, or nil when it is out of range.
func (img *image) block(blocks []byte, index []uint64, pi uint64) []byte {
	if pi+1 >= uint64(len(index)) {
		return nil
	}
	lo, hi := index[pi], index[pi+1]
	if lo > hi || hi > uint64(len(blocks)) {
		img.damage(fmt.Errorf("block %d out of range", pi))
		return nil
	}
	img.read(int64(hi - lo))
	return blocks[lo:hi]
}

// decodePage decodes block pi of a table (nil: no live entry, or a
// damaged block, which is reported).
func decodePage[P any](img *image, blocks []byte, index []uint64, pi uint64, decode func([]byte) (*P, error)) *P {
	b := img.block(blocks, index, pi)
	if len(b) == 0 {
		return nil
	}
	p, err := decode(b)
	if err != nil {
		img.damage(fmt.Errorf("page %d: %w", pi, err))
		return nil
	}
	return p
}

// nodePage decodes page pi of the node table (nil: no live node).
func (img *image) nodePage(pi uint64) *nodePage {
	switch nodeBlockFormat(img.version) {
	case 3:
		return decodePage(img, img.nodeBlocks, img.nodeIndex, pi, func(b []byte) (*nodePage, error) {
			return decodeNodePagePackedNbrs(b, func(err error) { img.damage(fmt.Errorf("page %d: %w", pi, err)) })
		})
	case 2:
		return decodePage(img, img.nodeBlocks, img.nodeIndex, pi, func(b []byte) (*nodePage, error) {
			return decodeNodePagePacked(b, func(err error) { img.damage(fmt.Errorf("page %d: %w", pi, err)) })
		})
	case 1:
		return decodePage(img, img.nodeBlocks, img.nodeIndex, pi, decodeNodePageInPlace)
	}
	return decodePage(img, img.nodeBlocks, img.nodeIndex, pi, decodeNodePage)
}

func decodeNodePage(b []byte) (*nodePage, error) {
	d := &decoder{b: b}
	alive := d.uvarint()
	if alive == 0 {
		return nil, d.err
	}
	nEntries, nLists, nLabels := d.count(), d.count(), d.count()
	if d.err != nil {
		return nil, d.err
	}
	// One allocation per kind for the whole page: the page's adjacency is
	// contiguous, and the arrays hold no pointers for the GC to scan.
	a := pageArena{rels: relIDs{narrow: make([]uint32, nEntries)}, nbrs: make([]uint32, nEntries), recs: make([]listRec, nLists)}
	a.ehi, a.lhi = nEntries, nLists
	labels := make([]uint32, nLabels)
	p := &nodePage{}
	p.alive[0] = alive
	var nIn [nodePageSize]uint32 // incoming lists per node
	next := uint32(0)            // Out's at[next...] not yet set
	for w := alive; w != 0 && d.err == nil; w &= w - 1 {
		// (take returns nil after an error; the loop then stops.)
		i := uint32(trailingZeros(w))
		readNodeHead(d, &labels, p, i)
		for ; next <= i; next++ {
			p.adj[Out].at[next] = uint32(a.llo)
		}
		for dir := Out; dir <= In; dir++ {
			recs := a.records(dir == In, d.count(), d)
			nIn[i] = uint32(len(recs)) * uint32(dir)
			typ := uint32(0)
			for j := range recs {
				typ += d.u32()
				nbrs, off := a.entries(dir == In, d.count(), d)
				if nbrs == nil {
					break
				}
				recs[j] = listRec{typ: typ, off: uint32(off), n: uint32(len(nbrs)), cap: uint32(len(nbrs))}
				prev := uint64(0)
				for e := range nbrs {
					prev += d.uvarint()
					a.rels.set(off+e, prev)
					nbrs[e] = d.u32()
				}
			}
		}
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	if a.elo != a.ehi || a.llo != a.lhi {
		return nil, errorf(ErrCorrupt, "image: block totals disagree")
	}
	for ; next <= nodePageSize; next++ {
		p.adj[Out].at[next] = uint32(a.llo)
	}
	out, in := &p.adj[Out], &p.adj[In]
	if a.llo > 0 {
		out.lists, out.rels, out.nbrs = a.recs[:a.llo:a.llo], a.rels.slice(0, a.elo), a.nbrs[:a.elo:a.elo]
		out.cacheBitmaps()
	}
	if a.lhi < nLists {
		// Incoming records were taken from the back, the first node's
		// last: reverse the whole run, then each node's lists, to put the
		// nodes in order and each node's lists back in type order.
		recs := a.recs[a.lhi:nLists:nLists]
		slices.Reverse(recs)
		k := uint32(0)
		for i := range uint32(nodePageSize) {
			in.at[i] = k
			slices.Reverse(recs[k : k+nIn[i]])
			k += nIn[i]
		}
		in.at[nodePageSize] = k
		for j := range recs {
			recs[j].off -= uint32(a.ehi)
		}
		in.lists, in.rels, in.nbrs = recs, a.rels.slice(a.ehi, nEntries), a.nbrs[a.ehi:nEntries:nEntries]
		in.cacheBitmaps()
	}
	return p, nil
}

// pageArena hands out the adjacency of a node page being decoded from
// arrays sized by the page's totals: outgoing lists and entries from the
// front of the arrays, incoming ones from the back. A set expansion in one
// direction then reads that direction's lists and neighbours of a page as
// one run of memory instead of every other run, which is what bounds it
// (its work per neighbour is one store into a word array).
type pageArena struct {
	rels     relIDs
	nbrs     []uint32
	recs     []listRec
	elo, ehi int // entries [0,elo) and [ehi,len) are taken
	llo, lhi int // records
}

// entries takes m entries, from the back when back is set, and returns
// their neighbours and offset (the ids are a.rels from there); past the
// totals it records an error in d and returns nil.
func (a *pageArena) entries(back bool, m int, d *decoder) ([]uint32, int) {
	if d.err != nil {
		return nil, 0
	}
	if m > a.ehi-a.elo {
		d.err = errorf(ErrCorrupt, "image: block totals disagree")
		return nil, 0
	}
	lo := a.elo
	if back {
		a.ehi -= m
		lo = a.ehi
	} else {
		a.elo += m
	}
	return a.nbrs[lo : lo+m : lo+m], lo
}

// records takes k list records (nil for k = 0), from the back when back
// is set.
func (a *pageArena) records(back bool, k int, d *decoder) []listRec {
	if k == 0 || d.err != nil {
		return nil
	}
	if k > a.lhi-a.llo {
		d.err = errorf(ErrCorrupt, "image: block totals disagree")
		return nil
	}
	if back {
		a.lhi -= k
		return a.recs[a.lhi : a.lhi+k : a.lhi+k]
	}
	a.llo += k
	return a.recs[a.llo-k : a.llo : a.llo]
}

// take cuts the next k elements (capacity k) off *s; past its end it
// records an error in d and returns nil.
func take[T any](s *[]T, k int, d *decoder) []T {
	if k > len(*s) {
		if d.err == nil {
			d.err = errorf(ErrCorrupt, "image: block totals disagree")
		}
		return nil
	}
	t := (*s)[:k:k]
	*s = (*s)[k:]
	return t
}

// relPage decodes page pi of the relationship table (nil: no live
// relationship).
func (img *image) relPage(pi uint64) *relPage {
	return decodePage(img, img.relBlocks, img.relIndex, pi, decodeRelPage)
}

func decodeRelPage(b []byte) (*relPage, error) {
	d := &decoder{b: b}
	p := &relPage{}
	for w := range p.alive {
		p.alive[w] = d.uvarint()
	}
	if popcount(p.alive[:]) == 0 {
		return nil, d.err
	}
	for wi, w := range p.alive {
		for ; w != 0 && d.err == nil; w &= w - 1 {
			j := uint32(wi*64 + trailingZeros(w))
			p.start[j], p.end[j], p.typ[j] = d.u32(), d.u32(), d.u32()
			if ps := d.props(); len(ps) > 0 {
				if p.props == nil {
					p.props = map[uint32]props{}
				}
				p.props[j] = ps
			}
		}
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	return p, nil
}

// ---- page cache ----

// pageCache holds pages decoded from an image, shared by every version of
// the graph (the image never changes while the store is open). A hit is
// one atomic load. The store's page pool (pagepool.go) evicts the oldest
// pages of all caches once they hold more than its limit (estimated by
// size); readers that still hold an evicted page keep it.
type pageCache[P any] struct {
	slots []atomic.Pointer[P]
	load  func(pi uint64) *P
	size  func(*P) int64
	pool  *pagePool // nil: pages stay cached once read
	// patched lists the pages load patches with the journal (overlay.go):
	// an image written from the table encodes them instead of copying
	// their blocks.
	patched map[uint64]bool

	held atomic.Int64 // bytes
}

func newPageCache[P any](pages uint64, load func(uint64) *P, size func(*P) int64, pool *pagePool) *pageCache[P] {
	return &pageCache[P]{slots: make([]atomic.Pointer[P], pages), load: load, size: size, pool: pool}
}

// evict implements pageEvicter.
func (c *pageCache[P]) evict(pi uint64, size int64) {
	c.slots[pi].Store(nil)
	c.held.Add(-size)
}

func (c *pageCache[P]) pages() uint64 { return uint64(len(c.slots)) }

func (c *pageCache[P]) get(pi uint64) *P {
	if pi >= uint64(len(c.slots)) {
		return nil
	}
	s := &c.slots[pi]
	if p := s.Load(); p != nil {
		return p
	}
	p := c.load(pi)
	if p == nil {
		return nil
	}
	if !s.CompareAndSwap(nil, p) {
		if q := s.Load(); q != nil {
			return q
		}
		return p
	}
	n := c.size(p)
	c.held.Add(n)
	c.pool.admit(c, pi, n)
	return p
}

// peek returns page pi, cached or read for this call only (not cached).
func (c *pageCache[P]) peek(pi uint64) *P {
	if pi >= uint64(len(c.slots)) {
		return nil
	}
	if p := c.slots[pi].Load(); p != nil {
		return p
	}
	return c.load(pi)
}

// bytes estimates the memory held by cached pages.
func (c *pageCache[P]) bytes() int64 {
	if c == nil {
		return 0
	}
	return c.held.Load()
}

// nodePageBytes is the memory of a decoded node page: its struct, its
// adjacency arrays, labels and properties.
func nodePageBytes(p *nodePage) int64 {
	n := int64(unsafe.Sizeof(*p)) + p.adj[Out].bytes() + p.adj[In].bytes()
	for i := range p.labels {
		n += memLabel * int64(len(p.labels[i]))
		for _, pr := range p.props[i] {
			n += propSize(pr.val)
		}
	}
	return n
}

// relPageBytes estimates the memory of a decoded relationship page.
func relPageBytes(p *relPage) int64 {
	n := int64(unsafe.Sizeof(*p))
	for _, ps := range p.props {
		n += 16
		for _, pr := range ps {
			n += propSize(pr.val)
		}
	}
	return n
}

// ---- writing ----

type imageWriter struct {
	w    *bufio.Writer
	off  uint64
	secs [numSections][2]uint64
	buf  [8]byte
	err  error
	crc  uint32
	hash bool
}

func (w *imageWriter) write(b []byte) {
	if w.err != nil {
		return
	}
	if w.hash {
		w.crc = crc32.Update(w.crc, crc32.IEEETable, b)
	}
	_, w.err = w.w.Write(b)
	w.off += uint64(len(b))
}

func (w *imageWriter) pad() {
	var zero [8]byte
	if pad := (8 - w.off%8) % 8; pad > 0 {
		w.write(zero[:pad])
	}
}

func (w *imageWriter) begin(s int) {
	w.pad()
	w.secs[s][0] = w.off
	w.hash = s == secBitmaps || s == secStats || s == secIndexes || s == secValues || s == secRunDir
}

func (w *imageWriter) end(s int) {
	w.secs[s][1] = w.off - w.secs[s][0]
	w.hash = false
}

func (w *imageWriter) u64(x uint64) {
	binary.LittleEndian.PutUint64(w.buf[:8], x)
	w.write(w.buf[:8])
}

// writeImage writes v's image for commit sequence seq: to a temporary
// file, synced, then renamed over the graph's image.
func writeImage(fs vfs.FS, dir string, gid uint32, seq uint64, v *version) (err error) {
	if !nativeLittleEndian {
		return nil
	}
	final := fs.PathJoin(dir, imageName(gid))
	tmp := final + ".tmp"
	f, err := fs.Create(tmp, "")
	if err != nil {
		return fmt.Errorf("storage: write image: %w", err)
	}
	defer func() {
		if f != nil {
			_ = f.Close()
		}
		if err != nil {
			_ = fs.Remove(tmp)
		}
	}()
	w := &imageWriter{w: bufio.NewWriterSize(f, 64<<10)}
	encodeImage(w, v, gid, seq)
	if w.err == nil {
		w.err = syncClose(w.w, f)
		f = nil
	}
	if w.err == nil {
		w.err = publishFile(fs, tmp, final, dir)
	}
	if w.err != nil {
		return fmt.Errorf("storage: write image: %w", w.err)
	}
	return nil
}

// syncClose flushes bw, syncs f and closes it, returning the first error;
// f is closed in every case.
func syncClose(bw *bufio.Writer, f vfs.File) error {
	err := bw.Flush()
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// publishFile renames the written file tmp over final and syncs dir, so
// that the rename survives a crash.
func publishFile(fs vfs.FS, tmp, final, dir string) error {
	if err := fs.Rename(tmp, final); err != nil {
		return err
	}
	d, err := fs.OpenDir(dir)
	if err != nil {
		return nil
	}
	err = d.Sync()
	_ = d.Close()
	return err
}

// readNodeHead decodes what appendNodeHead wrote for node i of page p:
// its labels, taken from the page's label array, and its properties.
func readNodeHead(d *decoder, labels *[]uint32, p *nodePage, i uint32) {
	if ls := take(labels, d.count(), d); len(ls) > 0 {
		prev := uint32(0)
		for j := range ls {
			prev += d.u32()
			ls[j] = prev
		}
		p.labels[i] = ls
	}
	p.props[i] = d.props()
}

// appendNodeHead encodes node i of page p's labels (delta-coded ids) and
// properties (length-prefixed, built in scratch pb) after dst: the part
// of a node's record every image version writes the same way. It
// returns dst and the scratch buffer for reuse.
func appendNodeHead(dst, pb []byte, p *nodePage, i int) ([]byte, []byte) {
	dst = binary.AppendUvarint(dst, uint64(len(p.labels[i])))
	prev := uint32(0)
	for _, l := range p.labels[i] {
		dst = binary.AppendUvarint(dst, uint64(l-prev))
		prev = l
	}
	pb = pb[:0]
	if len(p.props[i]) > 0 {
		pb = appendProps(pb, p.props[i])
	}
	dst = binary.AppendUvarint(dst, uint64(len(pb)))
	return append(dst, pb...), pb
}

// nodePageTotals is what a node block's head records of page p, the
// entries, lists and labels of its live nodes, and whether a relationship
// id of its lists needs more than 32 bits.
func nodePageTotals(p *nodePage) (entries, lists, labels int, wide bool) {
	for i := uint32(0); i < nodePageSize; i++ {
		if !p.isAlive(i) {
			continue
		}
		labels += len(p.labels[i])
		for d := Out; d <= In; d++ {
			ls := p.lists(i, d)
			lists += ls.len()
			entries += ls.entries()
			for _, l := range ls.all() {
				if rels := l.rels(); rels.len() > 0 && rels.at(rels.len()-1) > math.MaxUint32 {
					wide = true // (ids are sorted within a list)
				}
			}
		}
	}
	return entries, lists, labels, wide
}

// appendNodeBlock encodes node page p in the format of images before
// version 7 (see the format above; nodeblock_inplace.go for version 7's and 8's).
func appendNodeBlock(dst []byte, p *nodePage) []byte {
	entries, lists, labels, _ := nodePageTotals(p)
	dst = binary.AppendUvarint(dst, p.alive[0])
	dst = binary.AppendUvarint(dst, uint64(entries))
	dst = binary.AppendUvarint(dst, uint64(lists))
	dst = binary.AppendUvarint(dst, uint64(labels))
	var pb []byte
	for w := p.alive[0]; w != 0; w &= w - 1 {
		i := trailingZeros(w)
		dst, pb = appendNodeHead(dst, pb, p, i)
		for d := Out; d <= In; d++ {
			ls := p.lists(uint32(i), d)
			dst = binary.AppendUvarint(dst, uint64(ls.len()))
			typ := uint32(0)
			for _, l := range ls.all() {
				dst = binary.AppendUvarint(dst, uint64(l.typ-typ))
				typ = l.typ
				rels := l.rels()
				dst = binary.AppendUvarint(dst, uint64(rels.len()))
				prev := uint64(0)
				for e := range rels.len() {
					r := rels.at(e)
					dst = binary.AppendUvarint(dst, r-prev)
					prev = r
					dst = binary.AppendUvarint(dst, uint64(l.nbrs[e]))
				}
			}
		}
	}
	return dst
}

// appendRelBlock encodes relationship page p.
func appendRelBlock(dst []byte, p *relPage) []byte {
	for _, w := range p.alive {
		dst = binary.AppendUvarint(dst, w)
	}
	var pb []byte
	for wi, w := range p.alive {
		for ; w != 0; w &= w - 1 {
			j := uint32(wi*64 + trailingZeros(w))
			dst = binary.AppendUvarint(dst, uint64(p.start[j]))
			dst = binary.AppendUvarint(dst, uint64(p.end[j]))
			dst = binary.AppendUvarint(dst, uint64(p.typ[j]))
			pb = pb[:0]
			if ps := p.props[j]; len(ps) > 0 {
				pb = appendProps(pb, ps)
			}
			dst = binary.AppendUvarint(dst, uint64(len(pb)))
			dst = append(dst, pb...)
		}
	}
	return dst
}

// copyRelease is how many bytes of a mapped image writeBlocks copies
// before releasing the pages it read.
const copyRelease = 32 << 20

// writeBlocks writes one block per page of a table: a page the version
// holds itself (own) is encoded, one the journal patches (base, if not
// nil, marks those it patched) is decoded with its patch and encoded, one
// it reads from its base image (img, if not nil) is copied as stored
// when the base image's blocks have the format written (sameFormat), and
// else decoded (decodeBase) and encoded. observe, if not nil, is called
// with every page index and the page when one was decoded (nil for a
// block copied as stored).
func writeBlocks[P any](w *imageWriter, own func(uint64) *P, base *pageCache[P], img *image, pages uint64, blocks, index int,
	baseBlock func(*image, uint64) []byte, sameFormat func(*image) bool, decodeBase func(*image, uint64) *P,
	encode func([]byte, *P) []byte, observe func(uint64, *P)) {
	copyBase := img != nil && sameFormat(img)
	offs := make([]uint64, 0, pages+1)
	w.begin(blocks)
	var buf []byte
	copied := 0
	for pi := uint64(0); pi < pages && w.err == nil; pi++ {
		offs = append(offs, w.off-w.secs[blocks][0])
		if p := own(pi); p != nil {
			buf = encode(buf[:0], p)
			w.write(buf)
			if observe != nil {
				observe(pi, p)
			}
		} else if base != nil && base.patched[pi] {
			if p := base.load(pi); p != nil {
				buf = encode(buf[:0], p)
				w.write(buf)
				if observe != nil {
					observe(pi, p)
				}
			}
		} else if img != nil && !copyBase {
			if p := decodeBase(img, pi); p != nil {
				buf = encode(buf[:0], p)
				w.write(buf)
				if observe != nil {
					observe(pi, p)
				}
			}
		} else if img != nil {
			b := baseBlock(img, pi)
			w.write(b)
			if observe != nil {
				observe(pi, nil)
			}
			// Each block is copied once: the pages of the mapping
			// need not stay resident (an image rewrite would hold the
			// whole old image otherwise).
			if copied += len(b); copied >= copyRelease {
				img.releaseMapped()
				copied = 0
			}
		}
	}
	offs = append(offs, w.off-w.secs[blocks][0])
	w.end(blocks)
	w.begin(index)
	for _, o := range offs {
		w.u64(o)
	}
	w.end(index)
}

func encodeImage(w *imageWriter, v *version, gid uint32, seq uint64) {
	encodeImagePages(w, v, gid, seq, v.nodes.own, v.rels.own)
}

// encodeImagePages is encodeImage with the table pages v holds itself
// given by nodeAt and relAt (page index -> page; nil: none, or the
// base image's), called in page order: a bulk load (bulk_image.go) makes
// each page when it is written instead of holding the tables. The small
// sections are encoded from v after every page.
func encodeImagePages(w *imageWriter, v *version, gid uint32, seq uint64, nodeAt func(uint64) *nodePage, relAt func(uint64) *relPage) {
	// Value statistics are computed from the node pages as they are
	// written when there are none or they are stale (valuestats.go); a
	// block copied as stored is decoded for them.
	var vb *valueStatsBuilder
	var observe func(uint64, *nodePage)
	if cs := v.cellState(); cs == nil || cs.stale(v) || !cs.rowsKnown || cs.newKeys(v) || !cs.vs.hasRegs || cs.removalsStale(v) {
		vb = newValueStatsBuilder()
		observe = func(pi uint64, p *nodePage) {
			if p == nil && v.nodes.img != nil {
				p = v.nodes.img.nodePage(pi)
			}
			vb.addPage(pi, p)
		}
	}
	// Value kinds are counted from the node and relationship pages as
	// they are written when the version's are unknown
	// (valuestats_kinds.go).
	var kb *kindsBuilder
	if _, ok := v.kindsBase(); !ok && imageWriteVersion >= 5 {
		kb = &kindsBuilder{counts: map[kindKey]int64{}}
		inner := observe
		observe = func(pi uint64, p *nodePage) {
			if p == nil && v.nodes.img != nil {
				p = v.nodes.img.nodePage(pi)
			}
			if inner != nil {
				inner(pi, p)
			}
			kb.addNodePage(p)
		}
	}
	var observeRel func(uint64, *relPage)
	if kb != nil {
		observeRel = func(pi uint64, p *relPage) {
			if p == nil && v.rels.img != nil {
				p = v.rels.img.relPage(pi)
			}
			kb.addRelPage(p)
		}
	}
	format := nodeBlockFormat(imageWriteVersion)
	writeBlocks(w, nodeAt, v.nodes.base, v.nodes.img, nodePages(v.nextNode), secNodeBlocks, secNodeIndex,
		func(img *image, pi uint64) []byte { return img.block(img.nodeBlocks, img.nodeIndex, pi) },
		func(img *image) bool { return nodeBlockFormat(img.version) == format }, (*image).nodePage,
		func(dst []byte, p *nodePage) []byte {
			switch {
			case p.alive[0] == 0:
				return dst
			case format > 0:
				return appendNodeBlockInPlace(dst, p, format)
			}
			return appendNodeBlock(dst, p)
		}, observe)
	writeBlocks(w, relAt, v.rels.base, v.rels.img, relPages(v.nextRel), secRelBlocks, secRelIndex,
		func(img *image, pi uint64) []byte { return img.block(img.relBlocks, img.relIndex, pi) },
		func(*image) bool { return true }, (*image).relPage,
		func(dst []byte, p *relPage) []byte {
			if popcount(p.alive[:]) == 0 {
				return dst
			}
			return appendRelBlock(dst, p)
		}, observeRel)
	w.begin(secBitmaps)
	w.write(encodeBitmaps(v))
	w.end(secBitmaps)
	w.begin(secStats)
	w.write(encodeStats(v.stats))
	w.end(secStats)
	w.begin(secIndexes)
	w.write(encodeIndexInfo(v))
	w.end(secIndexes)
	if vb != nil && w.err == nil {
		if v.vcell == nil {
			v.vcell = &statsCell{}
		}
		v.vcell.p.Store(&cellState{vs: vb.stats(v), at: v.vchanges, rows: v.vrows, rowsKnown: true, regsFrom: v.vregs, removedAt: v.vremoved, tallyFrom: v.vtally})
	} else if cs := v.cellState(); cs != nil && w.err == nil {
		// Carried over: the rows as of v, for a reopen to read.
		if c := cs.carried(v); c != nil {
			v.vcell.p.CompareAndSwap(cs, c)
		}
	}
	var kinds map[kindKey]int64
	if kb != nil {
		if w.err == nil {
			// The counts of v, from now on known to every version
			// (each adds its commits' change since v's).
			kinds = kb.counts
			if v.vkcell != nil {
				v.vkcell.p.CompareAndSwap(nil, &kindsBase{counts: kinds, from: v.vkinds})
			}
		}
	} else if imageWriteVersion >= 5 {
		kinds = v.kindsAbsolute()
	}
	w.begin(secValues)
	w.write(appendKindsTrailer(encodeValueSection(v), kinds))
	w.end(secValues)
	ns := numSections
	if imageWriteVersion < 6 {
		ns = numSectionsV5 // as an older version wrote them (tests)
	} else {
		dir := encodeRuns(w, v)
		w.begin(secRunDir)
		w.write(dir)
		w.end(secRunDir)
	}
	small := w.crc

	ft := make([]byte, 0, footerLen(ns))
	for _, s := range w.secs[:ns] {
		ft = binary.LittleEndian.AppendUint64(ft, s[0])
		ft = binary.LittleEndian.AppendUint64(ft, s[1])
	}
	ft = binary.LittleEndian.AppendUint32(ft, gid)
	ft = binary.LittleEndian.AppendUint32(ft, imageWriteVersion)
	ft = binary.LittleEndian.AppendUint64(ft, seq)
	ft = binary.LittleEndian.AppendUint64(ft, uint64(v.nextNode))
	ft = binary.LittleEndian.AppendUint64(ft, v.nextRel)
	ft = binary.LittleEndian.AppendUint64(ft, v.relCount)
	ft = binary.LittleEndian.AppendUint32(ft, small)
	ft = binary.LittleEndian.AppendUint32(ft, crc32.ChecksumIEEE(ft))
	w.pad()
	w.write(ft)
	w.u64(uint64(len(ft)))
	w.write([]byte(imageMagic))
}

func encodeBitmaps(v *version) []byte {
	var out []byte
	out = binary.AppendUvarint(out, uint64(len(v.labels)+1))
	add := func(l uint32, b *roaring.Bitmap) {
		bs, _ := b.ToBytes()
		out = binary.AppendUvarint(out, uint64(l))
		out = binary.AppendUvarint(out, uint64(len(bs)))
		out = append(out, bs...)
	}
	add(AnyLabel, v.all)
	ls := make([]uint32, 0, len(v.labels))
	for l := range v.labels {
		ls = append(ls, l)
	}
	slices.Sort(ls)
	for _, l := range ls {
		add(l, v.labels[l])
	}
	return out
}
