package storage

import (
	"encoding/binary"
	"math"
	"sync/atomic"
)

// Relationship ids of a node block kept compressed (images of version 8
// on, nodeblock_inplace.go).
//
// Set expansions, degree reads, breadth-first searches and neighbour
// bitmaps read a list's neighbours only; its relationship ids are read
// where a query binds or compares relationships (row-at-a-time
// expansions, relationship uniqueness, property reads of r) and by
// writers. A block therefore keeps its neighbours as an aligned array
// viewed in place, and its relationship ids as a stream decoded on the
// first read of a direction's ids: into one array on the Go heap, kept
// with the page (the page pool counts it from the start, as if decoded,
// so eviction under a MemoryBudget is as before), shared by every
// version that shares the page.
//
// Within a list the ids are strictly ascending, and a bulk load numbers
// a node's outgoing relationships of one type mostly consecutively, so
// each list is written as
//
//	varint first id, as a difference from the previous list's last id
//	  (0 before the direction's first list)
//	then, until the list's length is reached, one token per run:
//	  uvarint g > 0: the next id is the previous + 1 + g
//	  uvarint 0, uvarint k: the next 1 + k ids follow the previous by 1
//
// A direction's stream is read only with its list records (their lengths
// and offsets), which the block's header holds.

// packedIDs is one direction's relationship ids as stored, with the
// array they decode to once read.
type packedIDs struct {
	b      []byte    // the stream (a view of the image)
	recs   []listRec // the direction's lists, in stream order (offsets ascending)
	n      int       // entries
	wide   bool      // ids past 2^32: decoded to 64 bits
	damage func(error)
	dec    atomic.Pointer[relIDs]
}

// ids returns the decoded ids, decoding them on the first call. A stream
// that fails its checks is reported (damage) and reads as zero ids past
// the failure, as a damaged block's other reads give wrong answers until
// the image is rebuilt, never a crash.
func (p *packedIDs) ids() relIDs {
	if r := p.dec.Load(); r != nil {
		return *r
	}
	r, err := p.decode()
	if err != nil && p.damage != nil {
		p.damage(err)
	}
	if !p.dec.CompareAndSwap(nil, &r) {
		return *p.dec.Load()
	}
	return r
}

// bytes is the memory the decoded ids take (counted whether decoded or
// not).
func (p *packedIDs) bytes() int64 {
	if p.wide {
		return int64(p.n) * 8
	}
	return int64(p.n) * 4
}

// decode decodes the stream into a fresh array of length and capacity
// p.n.
func (p *packedIDs) decode() (relIDs, error) {
	var out relIDs
	if p.wide {
		out.wide = make([]uint64, p.n)
	} else {
		out.narrow = make([]uint32, p.n)
	}
	return out, walkIDStream(p.b, p.recs, p.n, p.wide, func(k int, id uint64) {
		if out.wide != nil {
			out.wide[k] = id
		} else {
			out.narrow[k] = uint32(id)
		}
	})
}

// walkIDStream reads a direction's stream b for lists recs (n entries in
// all) and calls set for every entry with its index and id. It checks
// that every list's entries stay within n, that the ids ascend within a
// list and fit the width (32 bits unless wide), and that the stream ends
// where the last list does.
func walkIDStream(b []byte, recs []listRec, n int, wide bool, set func(k int, id uint64)) error {
	maxID := uint64(math.MaxUint32)
	if wide {
		maxID = math.MaxUint64
	}
	bad := func(what string) error { return errorf(ErrCorrupt, "image: relationship ids %s", what) }
	prev := uint64(0)
	for _, r := range recs {
		if uint64(r.off)+uint64(r.n) > uint64(n) {
			return bad("past the block's entries")
		}
		if r.n == 0 {
			continue
		}
		d, w := binary.Varint(b)
		if w <= 0 {
			return bad("truncated")
		}
		b = b[w:]
		id := prev + uint64(d)
		if (d < 0 && id > prev) || (d > 0 && id < prev) || id > maxID {
			return bad("out of range")
		}
		k, end := int(r.off), int(r.off+r.n)
		set(k, id)
		for k++; k < end; {
			g, w := binary.Uvarint(b)
			if w <= 0 {
				return bad("truncated")
			}
			b = b[w:]
			run := uint64(1)
			if g == 0 {
				x, w := binary.Uvarint(b)
				if w <= 0 {
					return bad("truncated")
				}
				b = b[w:]
				if x >= uint64(end-k) {
					return bad("run past its list")
				}
				run += x
			}
			for ; run > 0; run-- {
				if id >= maxID || g > maxID-id-1 {
					return bad("out of range")
				}
				id += 1 + g
				g = 0
				set(k, id)
				k++
			}
		}
		prev = id
	}
	if len(b) != 0 {
		return bad("longer than its lists")
	}
	return nil
}

// appendIDStream appends the stream of the lists yielded by each (their
// ids strictly ascending) to dst.
func appendIDStream(dst []byte, each func(yield func(rels relIDs))) []byte {
	prev := uint64(0)
	each(func(rels relIDs) {
		n := rels.len()
		if n == 0 {
			return
		}
		id := rels.at(0)
		dst = binary.AppendVarint(dst, int64(id-prev))
		for k := 1; k < n; {
			next := rels.at(k)
			if g := next - id - 1; g > 0 {
				dst = binary.AppendUvarint(dst, g)
				id = next
				k++
				continue
			}
			// A run of ids one apart: its length after the first.
			e := k + 1
			for e < n && rels.at(e) == rels.at(e-1)+1 {
				e++
			}
			dst = binary.AppendUvarint(dst, 0)
			dst = binary.AppendUvarint(dst, uint64(e-k-1))
			id = rels.at(e - 1)
			k = e
		}
		prev = id
	})
	return dst
}
