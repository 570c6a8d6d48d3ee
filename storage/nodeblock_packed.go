package storage

import (
	"encoding/binary"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Neighbours of a node block kept compressed (images of version 9 on,
// nodeblock_inplace.go).
//
// In a block of version 8 the neighbours are an aligned array of 4 bytes
// an entry viewed in the image's mapping: at 1 M relationships 8.0 of the
// 14.0 MB of node blocks. From version 9 on each direction's neighbours
// are a stream, decoded on the first read of the direction's neighbours
// into one flat array on the Go heap (no pointers: nothing for the
// collector to mark), kept with the page and shared by every version that
// shares it, as the relationship ids are (relids_packed.go). The page
// pool counts the array from the start, as if decoded, so eviction under
// a MemoryBudget is as before. Degree reads, which read the list records
// only, never decode it; neither do reads of labels and properties.
//
// A list's entries stay in relationship id order (its i-th neighbour
// pairs with its i-th relationship id), so its neighbours are not sorted
// in general; a bulk load numbers relationships by start node, so that
// incoming lists read in id order are mostly ascending, and outgoing
// lists are too when the source lists a node's relationships by end
// node. The stream codes each run of up to nbrBlockLen entries of a list
// in one of two ways, whichever the run allows:
//
//	a run of one entry: uvarint neighbour
//	else: byte h (bit 7: deltas; bits 0-5: width w, 0 to 32), uvarint
//	  base, then bit-packed values of w bits each (least significant
//	  bit first, ceil(count*w/8) bytes):
//	  deltas (a run that never descends): the run's 1st neighbour is
//	    base, and count-1 values follow, each the difference from the
//	    previous neighbour
//	  else (frame of reference): count values, each neighbour - base,
//	    where base is the run's least neighbour
//
// with w the fewest bits that hold the run's largest value. Runs are
// decoded in bulk: one 8-byte load, a shift and a mask per value. A
// direction's stream is read only with its list records (their lengths
// and offsets), which the block's header holds.

// imageVersionPackedNbrs is the first image version whose node blocks
// keep their neighbours compressed.
const imageVersionPackedNbrs = 9

// nbrBlockLen is the most entries one run of a neighbour stream codes.
const nbrBlockLen = 128

// packedNbrs is one direction's neighbours as stored, with the array
// they decode to once read.
type packedNbrs struct {
	b      []byte    // the stream (a view of the image)
	recs   []listRec // the direction's lists, in stream order (offsets ascending)
	n      int       // entries
	damage func(error)
	// dec is the decoded array once ready is set (which orders its
	// write before every read that sees ready); mu serialises the
	// first reads.
	ready uint32 // atomic
	dec   []uint32
	mu    sync.Mutex
}

// nbrs returns the decoded neighbours, decoding them on the first call.
// A stream that fails its checks is reported (damage) and reads as
// neighbour 0 past the failure: wrong answers until the image is
// rebuilt, never a crash.
func (p *packedNbrs) nbrs() []uint32 {
	if atomic.LoadUint32(&p.ready) != 0 {
		return p.dec
	}
	return p.decode()
}

// decode is nbrs' first read, out of line so that the reads after it
// inline.
func (p *packedNbrs) decode() []uint32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if atomic.LoadUint32(&p.ready) == 0 {
		out := make([]uint32, p.n)
		if err := decodeNbrStream(p.b, p.recs, out); err != nil && p.damage != nil {
			p.damage(err)
		}
		p.dec = out
		atomic.StoreUint32(&p.ready, 1)
	}
	return p.dec
}

// bytes is the memory the decoded neighbours take (counted whether
// decoded or not).
func (p *packedNbrs) bytes() int64 { return int64(p.n) * 4 }

// appendNbrStream appends the stream of the lists yielded by each (their
// neighbours in entry order) to dst.
func appendNbrStream(dst []byte, each func(yield func(nbrs []uint32))) []byte {
	each(func(nbrs []uint32) {
		for len(nbrs) > 0 {
			run := nbrs[:min(len(nbrs), nbrBlockLen)]
			nbrs = nbrs[len(run):]
			dst = appendNbrRun(dst, run)
		}
	})
	return dst
}

// appendNbrRun appends one run (1 to nbrBlockLen entries).
func appendNbrRun(dst []byte, run []uint32) []byte {
	if len(run) == 1 {
		return binary.AppendUvarint(dst, uint64(run[0]))
	}
	sorted := true
	lo, hi, dmax := run[0], run[0], uint32(0)
	for k := 1; k < len(run); k++ {
		v := run[k]
		if v < run[k-1] {
			sorted = false
		} else {
			dmax = max(dmax, v-run[k-1])
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if sorted {
		w := bits.Len32(dmax)
		dst = append(dst, 0x80|byte(w))
		dst = binary.AppendUvarint(dst, uint64(run[0]))
		return appendBits(dst, len(run)-1, w, func(k int) uint32 { return run[k+1] - run[k] })
	}
	w := bits.Len32(hi - lo)
	dst = append(dst, byte(w))
	dst = binary.AppendUvarint(dst, uint64(lo))
	return appendBits(dst, len(run), w, func(k int) uint32 { return run[k] - lo })
}

// appendBits appends n values of w bits each (at(k) for k < n), least
// significant bit first, in ceil(n*w/8) bytes.
func appendBits(dst []byte, n, w int, at func(int) uint32) []byte {
	var acc uint64
	have := 0
	for k := range n {
		acc |= uint64(at(k)) << have
		have += w
		for have >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			have -= 8
		}
	}
	if have > 0 {
		dst = append(dst, byte(acc))
	}
	return dst
}

// decodeNbrStream decodes a direction's stream b for lists recs into out
// (one entry per neighbour of the direction). It checks that every
// list's entries stay within out, that every run's header, base and
// values are whole and every neighbour fits 32 bits, and that the stream
// ends where the last list does.
func decodeNbrStream(b []byte, recs []listRec, out []uint32) error {
	bad := func(what string) error { return errorf(ErrCorrupt, "image: neighbours %s", what) }
	for _, r := range recs {
		if uint64(r.off)+uint64(r.n) > uint64(len(out)) {
			return bad("past the block's entries")
		}
		dst := out[r.off : r.off+r.n]
		for len(dst) > 0 {
			run := dst[:min(len(dst), nbrBlockLen)]
			dst = dst[len(run):]
			if len(run) == 1 {
				v, w := binary.Uvarint(b)
				if w <= 0 || v > math.MaxUint32 {
					return bad("truncated or out of range")
				}
				run[0], b = uint32(v), b[w:]
				continue
			}
			if len(b) == 0 {
				return bad("truncated")
			}
			h := b[0]
			width := uint(h & 0x3f)
			base, w := binary.Uvarint(b[1:])
			// (A base past 32 bits fails the range check of the run's
			// values, which include it.)
			if w <= 0 || width > 32 || h&0x40 != 0 {
				return bad("with a bad run header")
			}
			b = b[1+w:]
			n := len(run)
			if h&0x80 != 0 {
				n--
			}
			size := (n*int(width) + 7) / 8
			if size > len(b) {
				return bad("truncated")
			}
			// The values read with 8-byte loads from b, past the run
			// where the stream goes on: bits past the run are masked.
			src := b
			if h&0x80 != 0 {
				if unpackDeltas(run, src, width, base) > math.MaxUint32 {
					return bad("out of range")
				}
			} else if base+uint64(unpackOffsets(run, src, width, uint32(base))) > math.MaxUint32 {
				return bad("out of range")
			}
			b = b[size:]
		}
	}
	if len(b) != 0 {
		return bad("longer than their lists")
	}
	return nil
}

// unpackDeltas sets run[0] to base and each run[k] after it to
// run[k-1] plus the (k-1)-th value of w bits (w <= 32) of src (least
// significant bit first; src holds at least (len(run)-1)*w bits, and
// what it holds past them is not read into the values), and
// returns the last sum (past 32 bits: the run does not fit).
func unpackDeltas(run []uint32, src []byte, w uint, base uint64) uint64 {
	mask := uint64(1)<<w - 1
	sum := base
	run[0] = uint32(sum)
	bit := uint(0)
	k := 1
	// One 8-byte load per value while 8 bytes remain (a value and its
	// shift, at most 32+7 bits, lie within them), bytes at the end.
	for ; k < len(run) && int(bit>>3)+8 <= len(src); k++ {
		sum += binary.LittleEndian.Uint64(src[bit>>3:]) >> (bit & 7) & mask
		run[k] = uint32(sum)
		bit += w
	}
	for ; k < len(run); k++ {
		sum += bitsAt(src, bit) & mask
		run[k] = uint32(sum)
		bit += w
	}
	return sum
}

// unpackOffsets sets each run[k] to base plus the k-th value of w bits
// (w <= 32) of src (as unpackDeltas) and returns the largest value (base
// plus it past 32 bits: the run does not fit).
func unpackOffsets(run []uint32, src []byte, w uint, base uint32) uint32 {
	mask := uint64(1)<<w - 1
	var top uint64
	bit := uint(0)
	k := 0
	for ; k < len(run) && int(bit>>3)+8 <= len(src); k++ {
		x := binary.LittleEndian.Uint64(src[bit>>3:]) >> (bit & 7) & mask
		top = max(top, x)
		run[k] = base + uint32(x)
		bit += w
	}
	for ; k < len(run); k++ {
		x := bitsAt(src, bit) & mask
		top = max(top, x)
		run[k] = base + uint32(x)
		bit += w
	}
	return uint32(top)
}

// bitsAt returns the up to 64 bits of src from bit on (zeros past its
// end).
func bitsAt(src []byte, bit uint) uint64 {
	var x uint64
	for j, i := 0, int(bit>>3); j < 8 && i < len(src); j, i = j+1, i+1 {
		x |= uint64(src[i]) << (8 * j)
	}
	return x >> (bit & 7)
}
