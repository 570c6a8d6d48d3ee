package storage

import (
	"encoding/binary"
	"slices"
	"unsafe"
)

// Node blocks with their adjacency in place (images of version 7 on).
//
// A node page decoded from a block of the older format (image.go) holds
// its adjacency on the Go heap: per entry a 4-byte neighbour and a 4-byte
// relationship id (8 when the page's ids need 64 bits), decoded from
// varints into arrays the page owns. At 5 M relationships those arrays are
// 80 MB of a warm whole-graph query's live heap, and the collector lets
// the heap grow to twice what is live before it runs. A block of this
// format stores the same arrays as they are used, aligned, so that a
// decoded page's neighbours and relationship ids are views into the
// image's mapping: off the Go heap (nothing for the collector to mark or
// to pace by), in the kernel's page cache (clean file pages it may drop
// under pressure and read again), with nothing decoded per entry.
//
// That is safe because the mapping is never unmapped (mmap_unix.go) and
// is read-only, and because nothing writes into a decoded page's entry
// arrays: a writer owns a page's records, not its entries (adjdir.go),
// and writes entries only in a list's reserved capacity or past the end
// of the arrays; every list of a decoded page has a capacity equal to its
// length and each direction's arrays a capacity equal to theirs, so every
// write copies the entries to the heap first (Go's append). An image read
// into memory instead of mapped (a filesystem without mappings) is one
// heap array the views share.
//
// A block of this format is
//
//	uvarint liveness word; uvarint entries, lists, labels (totals of the page)
//	byte width of a relationship id (4 or 8)
//	per live node: uvarint label count, labels (uvarint deltas);
//	  uvarint property bytes, properties (appendProps);
//	  per direction (Out, In): uvarint list count, then per list
//	    uvarint type (delta from the previous list's), uvarint length
//	zeros to a multiple of 8 bytes from the block's start
//	neighbours: u32 per entry, the outgoing lists' (in node, then type
//	  order), then the incoming lists', then zeros to a multiple of 8
//	relationship ids: one per entry in the same order, u32 or u64 (width),
//	  then zeros to a multiple of 8
//
// From version 8 on the relationship ids are instead
//
//	u32 bytes of the outgoing lists' stream, u32 bytes of the incoming
//	  lists' stream, the two streams (relids_packed.go: per list a first id
//	  and runs of gaps), then zeros to a multiple of 8
//
// and width is the width the ids decode to. At 5 M relationships of a
// bulk-loaded power-law graph this takes the ids from 4 bytes an entry to
// about one (outgoing lists are runs of consecutive ids, incoming ones
// gaps of a few bytes), and the neighbours, which set expansions read,
// stay an array viewed in place.
//
// From version 9 on the neighbours are instead
//
//	u32 bytes of the outgoing lists' stream, u32 bytes of the incoming
//	  lists' stream, the two streams (nodeblock_packed.go: per list runs
//	  of bit-packed deltas or offsets), then zeros to a multiple of 8
//
// decoded per direction on their first read.
//
// in native (little-endian) byte order; images are only used on such
// machines. Every block's length is a multiple of 8 and the section
// starts 8-aligned, so every block, and its arrays, are 8-aligned in the
// file and in the mapping. A block that is not (a damaged index) is
// reported as damaged.

// imageVersionInPlace is the first image version whose node blocks hold
// their adjacency in place, imageVersionPacked the first whose blocks
// keep the relationship ids compressed (relids_packed.go).
const (
	imageVersionInPlace = 7
	imageVersionPacked  = 8
)

// inPlaceNodeBlocks reports whether images of version v have node blocks
// of this format.
func inPlaceNodeBlocks(v uint32) bool { return v >= imageVersionInPlace }

// nodeBlockFormat names the node block format of images of version v:
// blocks are copied from one image into another only between versions of
// the same format.
func nodeBlockFormat(v uint32) int {
	switch {
	case v >= imageVersionPackedNbrs:
		return 3
	case v >= imageVersionPacked:
		return 2
	case v >= imageVersionInPlace:
		return 1
	}
	return 0
}

// appendNodeBlockInPlace encodes node page p (see above) in block format
// format (nodeBlockFormat) after dst: from format 2 (version 8) on, its
// relationship ids as compressed streams (relids_packed.go), from format
// 3 (version 9) on its neighbours too (nodeblock_packed.go).
func appendNodeBlockInPlace(dst []byte, p *nodePage, format int) []byte {
	packed := format >= 2
	start := len(dst)
	entries, lists, labels, wide := nodePageTotals(p)
	width := 4
	if wide {
		width = 8
	}
	ids := width
	if packed {
		ids = 3
	}
	// Room for the block at once (the node heads aside): a hub's block is
	// megabytes, and grown by appends (a quarter at a time past 256
	// bytes) it left a trail of garbage arrays that raised a bulk load's
	// peak heap by about the block's size several times over (1 M
	// relationships: load peak RSS 77-78 MB in version 7, 73-74 with the
	// room made first).
	dst = slices.Grow(dst, 64+8*lists+(4+ids)*entries)
	dst = binary.AppendUvarint(dst, p.alive[0])
	dst = binary.AppendUvarint(dst, uint64(entries))
	dst = binary.AppendUvarint(dst, uint64(lists))
	dst = binary.AppendUvarint(dst, uint64(labels))
	dst = append(dst, byte(width))
	var pb []byte
	for w := p.alive[0]; w != 0; w &= w - 1 {
		i := trailingZeros(w)
		dst, pb = appendNodeHead(dst, pb, p, i)
		for d := Out; d <= In; d++ {
			ls := p.lists(uint32(i), d)
			dst = binary.AppendUvarint(dst, uint64(ls.len()))
			typ := uint32(0)
			for j := range ls.len() {
				t := ls.typ(j)
				dst = binary.AppendUvarint(dst, uint64(t-typ))
				typ = t
				dst = binary.AppendUvarint(dst, uint64(ls.count(j)))
			}
		}
	}
	pad := func() {
		for (len(dst)-start)%8 != 0 {
			dst = append(dst, 0)
		}
	}
	pad()
	if format >= 3 {
		dst = appendStreams(dst, func(d Direction, dst []byte) []byte {
			return appendNbrStream(dst, func(yield func([]uint32)) {
				for w := p.alive[0]; w != 0; w &= w - 1 {
					ls := p.lists(uint32(trailingZeros(w)), d)
					for j := range ls.len() {
						yield(ls.nbrs(j))
					}
				}
			})
		})
	} else {
		for d := Out; d <= In; d++ {
			for w := p.alive[0]; w != 0; w &= w - 1 {
				ls := p.lists(uint32(trailingZeros(w)), d)
				for j := range ls.len() {
					for _, n := range ls.nbrs(j) {
						dst = binary.LittleEndian.AppendUint32(dst, n)
					}
				}
			}
		}
	}
	pad()
	if packed {
		dst = appendStreams(dst, func(d Direction, dst []byte) []byte {
			return appendIDStream(dst, func(yield func(relIDs)) {
				for w := p.alive[0]; w != 0; w &= w - 1 {
					for _, l := range p.lists(uint32(trailingZeros(w)), d).all() {
						yield(l.rels())
					}
				}
			})
		})
		pad()
		return dst
	}
	for d := Out; d <= In; d++ {
		for w := p.alive[0]; w != 0; w &= w - 1 {
			for _, l := range p.lists(uint32(trailingZeros(w)), d).all() {
				rels := l.rels()
				for e := range rels.len() {
					if wide {
						dst = binary.LittleEndian.AppendUint64(dst, rels.at(e))
					} else {
						dst = binary.LittleEndian.AppendUint32(dst, uint32(rels.at(e)))
					}
				}
			}
		}
	}
	pad()
	return dst
}

// decodeNodePageInPlace decodes a block of version 7: the page's labels,
// properties and list records are decoded, its neighbours and
// relationship ids are views of b.
func decodeNodePageInPlace(b []byte) (*nodePage, error) {
	return decodeNodeBlockInPlace(b, 1, nil)
}

// decodeNodePagePacked decodes a block of version 8 on: as
// decodeNodePageInPlace, but its relationship ids are kept compressed,
// decoded on their first read (a stream that fails its checks then is
// reported to damage).
func decodeNodePagePacked(b []byte, damage func(error)) (*nodePage, error) {
	return decodeNodeBlockInPlace(b, 2, damage)
}

// decodeNodePagePackedNbrs decodes a block of version 9 on: as
// decodeNodePagePacked, but its neighbours too are kept compressed,
// decoded on their first read (nodeblock_packed.go).
func decodeNodePagePackedNbrs(b []byte, damage func(error)) (*nodePage, error) {
	return decodeNodeBlockInPlace(b, 3, damage)
}

// decodeNodeBlockInPlace decodes a block of format format
// (nodeBlockFormat, 1 to 3).
func decodeNodeBlockInPlace(b []byte, format int, damage func(error)) (*nodePage, error) {
	packed := format >= 2
	d := &decoder{b: b}
	alive := d.uvarint()
	if alive == 0 {
		return nil, d.err
	}
	var nEntries int
	if format >= 3 {
		// Compressed neighbours take less than a byte an entry (a run of
		// one neighbour repeated, with runs of consecutive ids, is a few
		// bytes for nbrBlockLen entries), but at least a byte for every
		// run: more entries than that is damage, not a page to make
		// arrays for.
		if n := d.uvarint(); n <= nbrBlockLen*uint64(len(b)) {
			nEntries = int(n)
		} else if d.err == nil {
			d.err = errorf(ErrCorrupt, "image: bad count")
		}
	} else {
		nEntries = d.count()
	}
	nLists, nLabels := d.count(), d.count()
	var width int
	if w := d.bytes(1); len(w) == 1 {
		width = int(w[0])
	}
	if d.err != nil {
		return nil, d.err
	}
	if width != 4 && width != 8 {
		return nil, errorf(ErrCorrupt, "image: bad relationship id width")
	}
	recs := make([]listRec, nLists)
	labels := make([]uint32, nLabels)
	p := &nodePage{}
	p.alive[0] = alive
	var nIn [nodePageSize]uint32 // incoming lists per node
	llo, lhi := 0, nLists        // records taken from the front (Out) and the back (In)
	var eOut, eIn uint32         // entries of each direction so far
	next := uint32(0)            // Out's at[next...] not yet set
	for w := alive; w != 0 && d.err == nil; w &= w - 1 {
		i := uint32(trailingZeros(w))
		readNodeHead(d, &labels, p, i)
		for ; next <= i; next++ {
			p.adj[Out].at[next] = uint32(llo)
		}
		for dir := Out; dir <= In && d.err == nil; dir++ {
			k := d.count()
			if k > lhi-llo {
				d.err = errorf(ErrCorrupt, "image: block totals disagree")
				break
			}
			var rs []listRec
			if dir == Out {
				rs, llo = recs[llo:llo+k], llo+k
			} else {
				lhi -= k
				rs = recs[lhi : lhi+k]
				nIn[i] = uint32(k)
			}
			typ := uint32(0)
			for j := range rs {
				typ += d.u32()
				n := d.u32()
				e := &eOut
				if dir == In {
					e = &eIn
				}
				if uint64(*e)+uint64(n) > uint64(nEntries) {
					d.err = errorf(ErrCorrupt, "image: block totals disagree")
					break
				}
				rs[j] = listRec{typ: typ, off: *e, n: n, cap: n}
				*e += n
			}
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	if llo != lhi || int(eOut)+int(eIn) != nEntries {
		return nil, errorf(ErrCorrupt, "image: block totals disagree")
	}
	// The arrays: after the records, at 8-byte boundaries from b's start.
	pos := align8(len(b) - len(d.b))
	nbrEnd := pos + 4*nEntries
	var nbrStreams [2][]byte
	if format >= 3 {
		ss, n, ok := splitStreams(b[min(pos, len(b)):])
		if !ok {
			return nil, errorf(ErrCorrupt, "image: block length disagrees with its totals")
		}
		nbrStreams, nbrEnd = ss, pos+n
	}
	relPos := align8(nbrEnd)
	var rels relIDs
	var streams [2][]byte
	ok2 := true
	if packed {
		if relPos+8 > len(b) {
			return nil, errorf(ErrCorrupt, "image: block length disagrees with its totals")
		}
		ss, n, ok := splitStreams(b[relPos:])
		if !ok || align8(relPos+n) != len(b) {
			return nil, errorf(ErrCorrupt, "image: block length disagrees with its totals")
		}
		streams = ss
	} else {
		relEnd := relPos + width*nEntries
		if align8(relEnd) != len(b) {
			return nil, errorf(ErrCorrupt, "image: block length disagrees with its totals")
		}
		if width == 4 {
			rels.narrow, ok2 = viewU32Checked(b[relPos:relEnd])
		} else {
			rels.wide, ok2 = viewU64(b[relPos:relEnd])
		}
	}
	var nbrs []uint32
	ok1 := true
	if format < 3 {
		nbrs, ok1 = viewU32Checked(b[pos:nbrEnd])
	} else {
		// Nothing is viewed in place, but blocks start 8-aligned: one
		// that does not is read from a damaged index.
		ok1 = uintptr(unsafe.Pointer(&b[0]))%8 == 0
	}
	if !ok1 || !ok2 {
		return nil, errorf(ErrCorrupt, "image: node block misaligned")
	}
	if llo == 0 && len(nbrStreams[Out]) != 0 || lhi == nLists && len(nbrStreams[In]) != 0 {
		return nil, errorf(ErrCorrupt, "image: neighbours of a direction without lists")
	}
	for ; next <= nodePageSize; next++ {
		p.adj[Out].at[next] = uint32(llo)
	}
	out, in := &p.adj[Out], &p.adj[In]
	if llo > 0 {
		out.lists = recs[:llo:llo]
		if format >= 3 {
			out.pn = &packedNbrs{b: nbrStreams[Out], recs: out.lists, n: int(eOut), damage: damage}
		} else {
			out.nbrs = nbrs[:eOut:eOut]
		}
		if packed {
			out.packed = &packedIDs{b: streams[Out], recs: out.lists, n: int(eOut), wide: width == 8, damage: damage}
		} else {
			out.rels = rels.slice(0, int(eOut))
		}
		out.cacheBitmaps()
	}
	if lhi < nLists {
		// Incoming records were taken from the back, the first node's
		// last: reverse the whole run, then each node's lists, to put the
		// nodes in order and each node's lists back in type order; their
		// offsets (counted from the first incoming entry, in the order
		// the lists were read) are then ascending, as the entries were
		// written.
		rs := recs[lhi:nLists:nLists]
		slices.Reverse(rs)
		k := uint32(0)
		for i := range uint32(nodePageSize) {
			in.at[i] = k
			slices.Reverse(rs[k : k+nIn[i]])
			k += nIn[i]
		}
		in.at[nodePageSize] = k
		in.lists = rs
		if format >= 3 {
			in.pn = &packedNbrs{b: nbrStreams[In], recs: rs, n: int(eIn), damage: damage}
		} else {
			in.nbrs = nbrs[eOut:nEntries:nEntries]
		}
		if packed {
			in.packed = &packedIDs{b: streams[In], recs: rs, n: int(eIn), wide: width == 8, damage: damage}
		} else {
			in.rels = rels.slice(int(eOut), nEntries)
		}
		in.cacheBitmaps()
	}
	return p, nil
}

// appendStreams appends a stream per direction as a block section holds
// them: both streams' lengths (u32 each), then the streams.
func appendStreams(dst []byte, stream func(d Direction, dst []byte) []byte) []byte {
	at := len(dst)
	dst = append(dst, make([]byte, 8)...)
	for d := Out; d <= In; d++ {
		from := len(dst)
		dst = stream(d, dst)
		binary.LittleEndian.PutUint32(dst[at+4*int(d):], uint32(len(dst)-from))
	}
	return dst
}

// splitStreams splits a section written by appendStreams at b's start
// into its two streams and returns them with the section's length.
func splitStreams(b []byte) (streams [2][]byte, n int, ok bool) {
	if len(b) < 8 {
		return streams, 0, false
	}
	outLen := uint64(binary.LittleEndian.Uint32(b))
	inLen := uint64(binary.LittleEndian.Uint32(b[4:]))
	end := 8 + outLen + inLen
	if end > uint64(len(b)) {
		return streams, 0, false
	}
	streams[Out], streams[In] = b[8:8+outLen], b[8+outLen:end]
	return streams, int(end), true
}

func align8(n int) int { return (n + 7) &^ 7 }

// viewU32Checked is viewU64 for 32-bit values (viewU32 of the search
// image assumes an aligned length).
func viewU32Checked(b []byte) ([]uint32, bool) {
	if len(b)%4 != 0 || (len(b) > 0 && uintptr(unsafe.Pointer(&b[0]))%4 != 0) {
		return nil, false
	}
	if len(b) == 0 {
		return nil, true
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4), true
}
