package storage

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
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
//	sections (little-endian arrays, indexed by node or relationship id)
//	footer: per section (offset u64, length u64), then gid u32,
//	        version u32, seq u64, nextNode u64, nextRel u64, relCount u64,
//	        crc32 of the small sections u32, crc32 of the footer so far u32
//	footer length u64, magic (8 bytes)
//
// Fixed-size arrays are viewed in place (no decoding); every offset read
// from them is checked before use, so a damaged image can give wrong
// answers until it is noticed but never a crash. The small sections
// (bitmaps, statistics, indexes) are checksummed and decoded at open.
const (
	imageMagic   = "cyqimg\x00\x01"
	imageVersion = 1
	imageSuffix  = ".cyq"
)

// Sections of an image, in file order.
const (
	secNodeAlive = iota // u64 words, one bit per node id
	secLabelOff         // u32 [nextNode+1] into secLabelIDs
	secLabelIDs         // u32
	secPropOff          // u64 [nextNode+1] into secPropBlob
	secPropBlob         // encoded property maps (appendProps)
	secAdjOffOut        // u64 [nextNode+1] into the Out entry arrays
	secAdjTypOut        // u32 per entry; a node's entries sorted by (type, rel)
	secAdjRelOut        // u64 per entry
	secAdjNbrOut        // u32 per entry
	secAdjOffIn         // the same for In
	secAdjTypIn
	secAdjRelIn
	secAdjNbrIn
	secRelAlive    // u64 words, one bit per relationship id
	secRelStart    // u32 [nextRel]
	secRelEnd      // u32 [nextRel]
	secRelTyp      // u32 [nextRel]
	secRelPropOff  // u64 [nextRel+1] into secRelPropBlob, or empty when no relationship has properties
	secRelPropBlob // encoded property maps
	secBitmaps     // uvarint count, then (uvarint label or AnyLabel for all nodes, uvarint length, roaring bytes)
	secStats       // encodeStats
	secIndexes     // uvarint count, then (label, key, flags, entries, distinct) uvarints
	numSections
)

// nativeLittleEndian: images are little-endian and viewed in place, so
// other machines do not use them (every open rebuilds from the records).
var nativeLittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func imageName(gid uint32) string { return fmt.Sprintf("image-%d%s", gid, imageSuffix) }

// image is an opened image file.
type image struct {
	gid      uint32
	seq      uint64
	nextNode uint32
	nextRel  uint64
	relCount uint64

	nodeAlive   []uint64
	labelOff    []uint32
	labelIDs    []uint32
	propOff     []uint64
	propBlob    []byte
	adjOff      [2][]uint64
	adjTyp      [2][]uint32
	adjRel      [2][]uint64
	adjNbr      [2][]uint32
	relAlive    []uint64
	relStart    []uint32
	relEnd      []uint32
	relTyp      []uint32
	relPropOff  []uint64
	relPropBlob []byte

	bitmaps, stats, indexes []byte

	// damaged is called once when a page fails its checks.
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

func viewU32(b []byte) ([]uint32, bool) {
	if len(b)%4 != 0 || (len(b) > 0 && uintptr(unsafe.Pointer(&b[0]))%4 != 0) {
		return nil, false
	}
	if len(b) == 0 {
		return nil, true
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4), true
}

// readImage opens the image of graph gid: (nil, nil) when there is none,
// an error wrapping ErrCorrupt when it cannot be used.
func readImage(fs vfs.FS, dir string, gid uint32) (*image, error) {
	if !nativeLittleEndian {
		return nil, nil
	}
	f, err := fs.Open(fs.PathJoin(dir, imageName(gid)))
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, errorf(ErrCorrupt, "image: %v", err)
	}
	size := st.Size()
	if size < 16 || size > int64(^uint(0)>>1) {
		return nil, errorf(ErrCorrupt, "image: size %d", size)
	}
	var data []byte
	if fd := f.Fd(); fd != vfs.InvalidFd {
		data, err = mmapFile(fd, int(size))
	}
	if data == nil {
		// No descriptor (in-memory filesystems) or no mmap: one flat,
		// pointer-free buffer, 8-byte aligned.
		words := make([]uint64, (size+7)/8)
		data = unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), size)
		if _, err = f.ReadAt(data, 0); err != nil && err != io.EOF {
			return nil, errorf(ErrCorrupt, "image: %v", err)
		}
	}
	img, err := parseImage(data)
	if err != nil {
		return nil, err
	}
	if img.gid != gid {
		return nil, errorf(ErrCorrupt, "image: graph %d in the file of graph %d", img.gid, gid)
	}
	return img, nil
}

const footerFixed = numSections*16 + 4 + 4 + 8*4 + 4 + 4

func parseImage(data []byte) (*image, error) {
	bad := func(what string) (*image, error) { return nil, errorf(ErrCorrupt, "image: %s", what) }
	n := len(data)
	if string(data[n-8:]) != imageMagic {
		return bad("bad magic")
	}
	fl := binary.LittleEndian.Uint64(data[n-16:])
	if fl != footerFixed || uint64(n-16) < fl {
		return bad("bad footer length")
	}
	ft := data[n-16-int(fl) : n-16]
	if crc32.ChecksumIEEE(ft[:len(ft)-4]) != binary.LittleEndian.Uint32(ft[len(ft)-4:]) {
		return bad("footer checksum mismatch")
	}
	var secs [numSections][]byte
	base := uint64(n - 16 - int(fl))
	for i := range secs {
		off, ln := binary.LittleEndian.Uint64(ft[i*16:]), binary.LittleEndian.Uint64(ft[i*16+8:])
		if off > base || ln > base-off {
			return bad("section out of range")
		}
		secs[i] = data[off : off+ln : off+ln]
	}
	p := ft[numSections*16:]
	img := &image{gid: binary.LittleEndian.Uint32(p)}
	if binary.LittleEndian.Uint32(p[4:]) != imageVersion {
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
	if small != binary.LittleEndian.Uint32(p[40:]) {
		return bad("checksum mismatch")
	}
	ok := true
	u64 := func(i int, want uint64) []uint64 {
		s, good := viewU64(secs[i])
		if !good || (want != ^uint64(0) && uint64(len(s)) != want) {
			ok = false
		}
		return s
	}
	u32 := func(i int, want uint64) []uint32 {
		s, good := viewU32(secs[i])
		if !good || (want != ^uint64(0) && uint64(len(s)) != want) {
			ok = false
		}
		return s
	}
	any := ^uint64(0)
	img.nodeAlive = u64(secNodeAlive, (nn+63)/64)
	img.labelOff = u32(secLabelOff, nn+1)
	img.labelIDs = u32(secLabelIDs, any)
	img.propOff = u64(secPropOff, nn+1)
	img.propBlob = secs[secPropBlob]
	for d := 0; d < 2; d++ {
		s := d * 4
		img.adjOff[d] = u64(secAdjOffOut+s, nn+1)
		img.adjTyp[d] = u32(secAdjTypOut+s, img.relCount)
		img.adjRel[d] = u64(secAdjRelOut+s, img.relCount)
		img.adjNbr[d] = u32(secAdjNbrOut+s, img.relCount)
	}
	img.relAlive = u64(secRelAlive, (img.nextRel+63)/64)
	img.relStart = u32(secRelStart, img.nextRel)
	img.relEnd = u32(secRelEnd, img.nextRel)
	img.relTyp = u32(secRelTyp, img.nextRel)
	img.relPropOff = u64(secRelPropOff, any)
	if len(img.relPropOff) != 0 && uint64(len(img.relPropOff)) != img.nextRel+1 {
		ok = false
	}
	img.relPropBlob = secs[secRelPropBlob]
	img.bitmaps, img.stats, img.indexes = secs[secBitmaps], secs[secStats], secs[secIndexes]
	if !ok {
		return bad("section sizes disagree with the counts")
	}
	return img, nil
}

// nodePage materialises page pi of the node table (nil: no live node).
func (img *image) nodePage(pi uint64) *nodePage {
	if pi >= uint64(len(img.nodeAlive)) {
		return nil
	}
	w := img.nodeAlive[pi]
	if w == 0 {
		return nil
	}
	p := &nodePage{}
	var lists []adjList
	var ptrs []*adjList
	for b := w; b != 0; b &= b - 1 {
		i := uint32(trailingZeros(b))
		id := uint64(pi)<<nodePageBits | uint64(i)
		if id >= uint64(img.nextNode) {
			img.damage(fmt.Errorf("node %d beyond the node count", id))
			break
		}
		p.alive[0] |= 1 << i
		lo, hi := img.labelOff[id], img.labelOff[id+1]
		if lo <= hi && uint64(hi) <= uint64(len(img.labelIDs)) {
			if hi > lo {
				p.labels[i] = slices.Clone(img.labelIDs[lo:hi])
			}
		} else {
			img.damage(fmt.Errorf("labels of node %d", id))
		}
		plo, phi := img.propOff[id], img.propOff[id+1]
		if plo <= phi && phi <= uint64(len(img.propBlob)) {
			if b := img.propBlob[plo:phi]; len(b) > 0 {
				ps, n, err := decodeProps(b)
				if err != nil || n != len(b) {
					img.damage(fmt.Errorf("properties of node %d", id))
				} else {
					p.props[i] = ps
				}
			}
		} else {
			img.damage(fmt.Errorf("properties of node %d", id))
		}
		for d := 0; d < 2; d++ {
			lo, hi := img.adjOff[d][id], img.adjOff[d][id+1]
			if lo > hi || hi > uint64(len(img.adjTyp[d])) {
				img.damage(fmt.Errorf("adjacency of node %d", id))
				continue
			}
			if lo == hi {
				continue
			}
			typs := img.adjTyp[d][lo:hi]
			runs := 1
			for j := 1; j < len(typs); j++ {
				if typs[j] != typs[j-1] {
					runs++
				}
			}
			if len(lists) < runs {
				lists = make([]adjList, max(runs, 64))
			}
			if len(ptrs) < runs {
				ptrs = make([]*adjList, max(runs, 64))
			}
			ls := ptrs[:runs:runs]
			ptrs = ptrs[runs:]
			k, start := 0, 0
			for j := 1; j <= len(typs); j++ {
				if j < len(typs) && typs[j] == typs[start] {
					continue
				}
				a, e := lo+uint64(start), lo+uint64(j)
				l := &lists[0]
				lists = lists[1:]
				// Capacity = length: an append by a writer copies
				// instead of writing into the image.
				l.typ, l.rels, l.nbrs = typs[start], img.adjRel[d][a:e:e], img.adjNbr[d][a:e:e]
				ls[k] = l
				k++
				start = j
			}
			p.adj[i][d] = ls
		}
	}
	return p
}

// relPage materialises page pi of the relationship table (nil: no live
// relationship).
func (img *image) relPage(pi uint64) *relPage {
	w0 := pi * (relPageSize / 64)
	if w0 >= uint64(len(img.relAlive)) {
		return nil
	}
	words := img.relAlive[w0:min(w0+relPageSize/64, uint64(len(img.relAlive)))]
	if popcount(words) == 0 {
		return nil
	}
	p := &relPage{}
	first := pi << relPageBits
	for wi, w := range words {
		for b := w; b != 0; b &= b - 1 {
			j := uint32(wi*64 + trailingZeros(b))
			id := first + uint64(j)
			if id >= img.nextRel {
				img.damage(fmt.Errorf("relationship %d beyond the counter", id))
				break
			}
			p.alive[j>>6] |= 1 << (j & 63)
			p.start[j], p.end[j], p.typ[j] = img.relStart[id], img.relEnd[id], img.relTyp[id]
			if len(img.relPropOff) == 0 {
				continue
			}
			lo, hi := img.relPropOff[id], img.relPropOff[id+1]
			if lo > hi || hi > uint64(len(img.relPropBlob)) {
				img.damage(fmt.Errorf("properties of relationship %d", id))
				continue
			}
			if b := img.relPropBlob[lo:hi]; len(b) > 0 {
				ps, n, err := decodeProps(b)
				if err != nil || n != len(b) {
					img.damage(fmt.Errorf("properties of relationship %d", id))
					continue
				}
				if p.props == nil {
					p.props = map[uint32]props{}
				}
				p.props[j] = ps
			}
		}
	}
	return p
}

// ---- page cache ----

// pageCache holds pages materialised from an image, shared by every
// version of the graph (the image never changes while the store is open).
// A hit is one atomic load. With a limit, the oldest pages are evicted once
// more than limit are held; readers that still hold an evicted page keep it.
type pageCache[P any] struct {
	slots []atomic.Pointer[P]
	load  func(pi uint64) *P
	limit int
	size  int64 // estimated bytes per page

	mu   sync.Mutex
	ring []uint64 // loaded page indexes, oldest first from head
	head int
	held atomic.Int64
}

func newPageCache[P any](pages uint64, load func(uint64) *P, limit int, size int64) *pageCache[P] {
	return &pageCache[P]{slots: make([]atomic.Pointer[P], pages), load: load, limit: limit, size: size}
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
	c.held.Add(1)
	if c.limit > 0 {
		c.mu.Lock()
		c.ring = append(c.ring, pi)
		for len(c.ring)-c.head > c.limit {
			old := c.ring[c.head]
			c.head++
			c.slots[old].Store(nil)
			c.held.Add(-1)
		}
		if c.head > len(c.ring)/2 && c.head > 1024 {
			c.ring = append(c.ring[:0], c.ring[c.head:]...)
			c.head = 0
		}
		c.mu.Unlock()
	}
	return p
}

// bytes estimates the memory held by cached pages.
func (c *pageCache[P]) bytes() int64 {
	if c == nil {
		return 0
	}
	return c.held.Load() * c.size
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
	w.hash = s == secBitmaps || s == secStats || s == secIndexes
}

func (w *imageWriter) end(s int) {
	w.secs[s][1] = w.off - w.secs[s][0]
	w.hash = false
}

func (w *imageWriter) u32(x uint32) {
	binary.LittleEndian.PutUint32(w.buf[:4], x)
	w.write(w.buf[:4])
}

func (w *imageWriter) u64(x uint64) {
	binary.LittleEndian.PutUint64(w.buf[:8], x)
	w.write(w.buf[:8])
}

// imageNode is what the image holds of one node, read from whichever of
// the version's own pages or its base image holds the node.
type imageNode struct {
	alive  bool
	labels []uint32
	props  []byte
	adj    [2]struct {
		typ  []uint32 // nil: the entries come from lists
		rels []uint64
		nbrs []uint32
		ls   []*adjList
	}
}

// imageSource reads a version for writing its image without materialising
// base pages.
type imageSource struct {
	v       *version
	nodeImg *image // base image of v's node table, or nil
	relImg  *image // base image of v's relationship table, or nil
	scratch []byte
}

func (s *imageSource) node(id uint32, n *imageNode) {
	*n = imageNode{}
	pi := uint64(id >> nodePageBits)
	if p := s.v.nodes.own(pi); p != nil || s.nodeImg == nil {
		if p == nil {
			return
		}
		i := id & (nodePageSize - 1)
		if !p.isAlive(i) {
			return
		}
		n.alive, n.labels = true, p.labels[i]
		if len(p.props[i]) > 0 {
			s.scratch = appendProps(s.scratch[:0], p.props[i])
			n.props = s.scratch
		}
		for d := 0; d < 2; d++ {
			n.adj[d].ls = p.adj[i][d]
		}
		return
	}
	// Not in v's own pages: the page of the base image, read in place.
	// (The base was checked when it was opened; damaged offsets are
	// clamped, and the writer rewrites what it can read.)
	img := s.nodeImg
	if uint64(id) >= uint64(img.nextNode) || img.nodeAlive[pi]&(1<<(id&63)) == 0 {
		return
	}
	n.alive = true
	if lo, hi := img.labelOff[id], img.labelOff[id+1]; lo <= hi && uint64(hi) <= uint64(len(img.labelIDs)) {
		n.labels = img.labelIDs[lo:hi]
	}
	if lo, hi := img.propOff[id], img.propOff[id+1]; lo <= hi && hi <= uint64(len(img.propBlob)) {
		n.props = img.propBlob[lo:hi]
	}
	for d := 0; d < 2; d++ {
		lo, hi := img.adjOff[d][id], img.adjOff[d][id+1]
		if lo <= hi && hi <= uint64(len(img.adjTyp[d])) {
			n.adj[d].typ, n.adj[d].rels, n.adj[d].nbrs = img.adjTyp[d][lo:hi], img.adjRel[d][lo:hi], img.adjNbr[d][lo:hi]
		} else {
			n.adj[d].typ = []uint32{}
		}
	}
}

func (n *imageNode) degree(d int) uint64 {
	if n.adj[d].typ != nil {
		return uint64(len(n.adj[d].typ))
	}
	var k uint64
	for _, l := range n.adj[d].ls {
		k += uint64(len(l.rels))
	}
	return k
}

// rel reports relationship id's endpoints, type and encoded properties.
func (s *imageSource) rel(id uint64) (alive bool, start, end, typ uint32, ps []byte) {
	pi := id >> relPageBits
	if p := s.v.rels.own(pi); p != nil || s.relImg == nil {
		if p == nil {
			return
		}
		j := uint32(id & (relPageSize - 1))
		if !p.isAlive(j) {
			return
		}
		if pr := p.props[j]; len(pr) > 0 {
			s.scratch = appendProps(s.scratch[:0], pr)
			ps = s.scratch
		}
		return true, p.start[j], p.end[j], p.typ[j], ps
	}
	img := s.relImg
	if id >= img.nextRel || img.relAlive[id>>6]&(1<<(id&63)) == 0 {
		return
	}
	if len(img.relPropOff) > 0 {
		if lo, hi := img.relPropOff[id], img.relPropOff[id+1]; lo <= hi && hi <= uint64(len(img.relPropBlob)) {
			ps = img.relPropBlob[lo:hi]
		}
	}
	return true, img.relStart[id], img.relEnd[id], img.relTyp[id], ps
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
	w := &imageWriter{w: bufio.NewWriterSize(f, 1<<20)}
	src := &imageSource{v: v, nodeImg: v.nodes.baseImage(), relImg: v.rels.baseImage()}
	encodeImage(w, src, v, gid, seq)
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
	if w.err == nil {
		w.err = fs.Rename(tmp, final)
	}
	if w.err == nil {
		if d, derr := fs.OpenDir(dir); derr == nil {
			w.err = d.Sync()
			_ = d.Close()
		}
	}
	if w.err != nil {
		return fmt.Errorf("storage: write image: %w", w.err)
	}
	return nil
}

func encodeImage(w *imageWriter, src *imageSource, v *version, gid uint32, seq uint64) {
	nn := uint64(v.nextNode)
	var n imageNode
	nodes := func(fn func(id uint32)) {
		for id := uint64(0); id < nn && w.err == nil; id++ {
			fn(uint32(id))
		}
	}
	w.begin(secNodeAlive)
	for pi := uint64(0); pi < (nn+63)/64; pi++ {
		var word uint64
		for i := uint64(0); i < 64 && pi*64+i < nn; i++ {
			src.node(uint32(pi*64+i), &n)
			if n.alive {
				word |= 1 << i
			}
		}
		w.u64(word)
	}
	w.end(secNodeAlive)
	w.begin(secLabelOff)
	var off uint64
	nodes(func(id uint32) {
		w.u32(uint32(off))
		src.node(id, &n)
		off += uint64(len(n.labels))
	})
	w.u32(uint32(off))
	w.end(secLabelOff)
	w.begin(secLabelIDs)
	nodes(func(id uint32) {
		src.node(id, &n)
		for _, l := range n.labels {
			w.u32(l)
		}
	})
	w.end(secLabelIDs)
	w.begin(secPropOff)
	off = 0
	nodes(func(id uint32) {
		w.u64(off)
		src.node(id, &n)
		off += uint64(len(n.props))
	})
	w.u64(off)
	w.end(secPropOff)
	w.begin(secPropBlob)
	nodes(func(id uint32) {
		src.node(id, &n)
		w.write(n.props)
	})
	w.end(secPropBlob)
	for d := 0; d < 2; d++ {
		s := d * 4
		w.begin(secAdjOffOut + s)
		off = 0
		nodes(func(id uint32) {
			w.u64(off)
			src.node(id, &n)
			off += n.degree(d)
		})
		w.u64(off)
		w.end(secAdjOffOut + s)
		for part := 1; part <= 3; part++ {
			w.begin(secAdjOffOut + s + part)
			nodes(func(id uint32) {
				src.node(id, &n)
				a := &n.adj[d]
				if a.typ != nil {
					switch part {
					case 1:
						for _, t := range a.typ {
							w.u32(t)
						}
					case 2:
						for _, r := range a.rels {
							w.u64(r)
						}
					case 3:
						for _, x := range a.nbrs {
							w.u32(x)
						}
					}
					return
				}
				for _, l := range a.ls {
					for j := range l.rels {
						switch part {
						case 1:
							w.u32(l.typ)
						case 2:
							w.u64(l.rels[j])
						case 3:
							w.u32(l.nbrs[j])
						}
					}
				}
			})
			w.end(secAdjOffOut + s + part)
		}
	}
	nr := v.nextRel
	rels := func(fn func(alive bool, start, end, typ uint32, ps []byte)) {
		for id := uint64(0); id < nr && w.err == nil; id++ {
			fn(src.rel(id))
		}
	}
	w.begin(secRelAlive)
	var word uint64
	for id := uint64(0); id < nr; id++ {
		if ok, _, _, _, _ := src.rel(id); ok {
			word |= 1 << (id & 63)
		}
		if id&63 == 63 || id == nr-1 {
			w.u64(word)
			word = 0
		}
	}
	w.end(secRelAlive)
	for part, sec := range []int{secRelStart, secRelEnd, secRelTyp} {
		w.begin(sec)
		rels(func(alive bool, start, end, typ uint32, _ []byte) {
			w.u32([3]uint32{start, end, typ}[part])
		})
		w.end(sec)
	}
	anyProps := false
	rels(func(alive bool, _, _, _ uint32, ps []byte) { anyProps = anyProps || len(ps) > 0 })
	w.begin(secRelPropOff)
	if anyProps {
		off = 0
		rels(func(_ bool, _, _, _ uint32, ps []byte) {
			w.u64(off)
			off += uint64(len(ps))
		})
		w.u64(off)
	}
	w.end(secRelPropOff)
	w.begin(secRelPropBlob)
	if anyProps {
		rels(func(_ bool, _, _, _ uint32, ps []byte) { w.write(ps) })
	}
	w.end(secRelPropBlob)

	w.begin(secBitmaps)
	w.write(encodeBitmaps(v))
	w.end(secBitmaps)
	w.begin(secStats)
	w.write(encodeStats(v.stats))
	w.end(secStats)
	w.begin(secIndexes)
	w.write(encodeIndexInfo(v))
	w.end(secIndexes)
	small := w.crc

	ft := make([]byte, 0, footerFixed)
	for _, s := range w.secs {
		ft = binary.LittleEndian.AppendUint64(ft, s[0])
		ft = binary.LittleEndian.AppendUint64(ft, s[1])
	}
	ft = binary.LittleEndian.AppendUint32(ft, gid)
	ft = binary.LittleEndian.AppendUint32(ft, imageVersion)
	ft = binary.LittleEndian.AppendUint64(ft, seq)
	ft = binary.LittleEndian.AppendUint64(ft, nn)
	ft = binary.LittleEndian.AppendUint64(ft, nr)
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
