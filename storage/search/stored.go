package search

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"sort"
	"strings"
	"unsafe"
)

// A full-text index is persisted (Encode) in a form that is read in place
// (OpenFullText): the term dictionary, the document lengths and the
// per-document term lists are flat arrays searched where they lie (a
// read-only mapping, in the storage package), and a term's posting is
// decoded only when a query or an edit reads it, through a cache the
// caller provides (CachePostings), so that an index larger than memory
// answers queries with the postings they need. The encoding, written in
// one pass:
//
//	postings  per term, ascending: per document, uvarint id delta,
//	          uvarint positions, positions (zigzag varint deltas)
//	terms     the terms' bytes, ascending, concatenated
//	forward   per document, ascending: uvarint terms, then the term
//	          numbers (uvarint deltas)
//	          (padding to 8 bytes)
//	u64 arrays: posting offsets (terms+1), term offsets (terms+1),
//	          forward offsets (docs+1)
//	u32 arrays, each padded to 8 bytes: document ids, ascending
//	          (docs), document lengths (docs), document frequencies
//	          (terms), and, when the ids are dense, the rank of each id
//	          up to the largest (MaxUint32: none)
//	footer    u64s: docs, terms, total length, postings bytes, terms
//	          bytes, forward bytes, rank entries, format tag
//
// The arrays are read as native little-endian words, so data must be
// 8-byte aligned (OpenFullText copies it if it is not).

const (
	ftFooterLen = 8 * 8
	ftFormatTag = 0x317478657466 // "ftext1"
)

// storedFT is a full-text index read in place from its encoding.
type storedFT struct {
	docs, terms             int
	totalLen                int64
	posts, strs, fwd        []byte
	postOff, strOff, fwdOff []uint64
	ids, lens, df, rank     []uint32
	// get returns term i's posting: decoded each time unless a cache is
	// set (CachePostings).
	get func(i uint64) *Posting
}

var errBadStored = errors.New("bad full-text section")

func viewU64(b []byte) []uint64 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), len(b)/8)
}

func viewU32(b []byte) []uint32 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

func pad8(n uint64) uint64 { return (n + 7) &^ 7 }

// OpenFullText returns a published index with BM25 parameters k1 and b
// that reads data (written by Encode) in place: the caller keeps data
// unchanged for as long as the index or any edit of it is used. Its
// structure (sizes, offsets, order of ids and terms) is checked here;
// postings are decoded when read.
func OpenFullText(data []byte, k1, b float64) (*FullText, error) {
	if len(data) > 0 && uintptr(unsafe.Pointer(&data[0]))%8 != 0 {
		c := make([]byte, len(data)) // (the heap aligns allocations of 8 bytes or more)
		copy(c, data)
		data = c
	}
	n := uint64(len(data))
	if n < ftFooterLen || n%8 != 0 {
		return nil, errBadStored
	}
	ft := viewU64(data[n-ftFooterLen:])
	if ft[7] != ftFormatTag {
		return nil, errBadStored
	}
	for _, x := range ft[:7] {
		if x > n {
			return nil, errBadStored
		}
	}
	docs, terms, totalLen := ft[0], ft[1], ft[2]
	nPosts, nStrs, nFwd, nRank := ft[3], ft[4], ft[5], ft[6]
	at := uint64(0)
	take := func(size uint64) []byte {
		if size > n-at {
			at = n + 1
			return nil
		}
		b := data[at : at+size : at+size]
		at += size
		return b
	}
	s := &storedFT{docs: int(docs), terms: int(terms), totalLen: int64(totalLen)}
	s.posts, s.strs, s.fwd = take(nPosts), take(nStrs), take(nFwd)
	take(pad8(at) - at)
	s.postOff = viewU64(take(8 * (terms + 1)))
	s.strOff = viewU64(take(8 * (terms + 1)))
	s.fwdOff = viewU64(take(8 * (docs + 1)))
	s.ids = viewU32(take(pad8(4 * docs)))
	s.lens = viewU32(take(pad8(4 * docs)))
	s.df = viewU32(take(pad8(4 * terms)))
	s.rank = viewU32(take(pad8(4 * nRank)))
	if at != n-ftFooterLen || docs > math.MaxUint32 || terms > math.MaxUint32 || nRank > 1<<32 {
		return nil, errBadStored
	}
	s.ids, s.lens, s.df, s.rank = s.ids[:docs], s.lens[:docs], s.df[:terms], s.rank[:nRank]
	if !offsetsOK(s.postOff, nPosts) || !offsetsOK(s.strOff, nStrs) || !offsetsOK(s.fwdOff, nFwd) {
		return nil, errBadStored
	}
	var sum int64
	for i, d := range s.ids {
		if i > 0 && d <= s.ids[i-1] || s.lens[i] == 0 || s.lens[i] > math.MaxInt32 || s.fwdOff[i+1] == s.fwdOff[i] {
			return nil, errBadStored
		}
		sum += int64(s.lens[i])
	}
	if sum != s.totalLen {
		return nil, errBadStored
	}
	for i := range s.terms {
		if s.df[i] == 0 || s.df[i] > uint32(docs) || s.postOff[i+1] == s.postOff[i] || i > 0 && s.term(i) <= s.term(i-1) {
			return nil, errBadStored
		}
	}
	if nRank > 0 {
		if docs == 0 || nRank != uint64(s.ids[docs-1])+1 {
			return nil, errBadStored
		}
		seen := 0
		for id, r := range s.rank {
			if r == math.MaxUint32 {
				continue
			}
			if uint64(r) >= docs || s.ids[r] != uint32(id) {
				return nil, errBadStored
			}
			seen++
		}
		if seen != int(docs) {
			return nil, errBadStored
		}
	}
	s.get = func(i uint64) *Posting {
		p, err := s.decode(i)
		if err != nil {
			return &Posting{}
		}
		return p
	}
	f := NewFullText(k1, b)
	f.base, f.docs, f.terms, f.totalLen = s, s.docs, s.terms, s.totalLen
	return f.Publish(), nil
}

// offsetsOK reports whether off ascends from 0 to end.
func offsetsOK(off []uint64, end uint64) bool {
	if len(off) == 0 || off[0] != 0 || off[len(off)-1] != end {
		return false
	}
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return false
		}
	}
	return true
}

// term is term i, read in place (not to be kept past the data).
func (s *storedFT) term(i int) string {
	b := s.strs[s.strOff[i]:s.strOff[i+1]]
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// find returns the number of term t.
func (s *storedFT) find(t string) (int, bool) {
	i := s.lowerBound(t)
	return i, i < s.terms && s.term(i) == t
}

// lowerBound is the number of the first term >= t.
func (s *storedFT) lowerBound(t string) int {
	return sort.Search(s.terms, func(i int) bool { return s.term(i) >= t })
}

// docRank returns the rank of document d among the stored ones.
func (s *storedFT) docRank(d uint32) (int, bool) {
	if s.rank != nil {
		if uint64(d) < uint64(len(s.rank)) && s.rank[d] != math.MaxUint32 {
			return int(s.rank[d]), true
		}
		return 0, false
	}
	return slices.BinarySearch(s.ids, d)
}

// docLen returns the length of stored document d (none in a nil base).
func (s *storedFT) docLen(d uint32) (int32, bool) {
	if s == nil {
		return 0, false
	}
	r, ok := s.docRank(d)
	if !ok {
		return 0, false
	}
	return int32(s.lens[r]), true
}

// termIDs appends the term numbers of the document of rank r to dst.
func (s *storedFT) termIDs(r int, dst []uint32) ([]uint32, error) {
	rd := &reader{b: s.fwd[s.fwdOff[r]:s.fwdOff[r+1]]}
	n := rd.count()
	t := uint64(0)
	for j := 0; j < n && rd.err == nil; j++ {
		delta := rd.uvarint()
		if j > 0 && delta == 0 {
			return dst, errBadStored
		}
		t += delta
		if t >= uint64(s.terms) {
			return dst, errBadStored
		}
		dst = append(dst, uint32(t))
	}
	if rd.err != nil || len(rd.b) != 0 || n == 0 {
		return dst, errBadStored
	}
	return dst, nil
}

// docTerms returns the distinct terms of stored document d (copies).
func (s *storedFT) docTerms(d uint32) []string {
	r, ok := s.docRank(d)
	if !ok {
		return nil
	}
	ids, _ := s.termIDs(r, nil)
	out := make([]string, len(ids))
	for i, t := range ids {
		out[i] = strings.Clone(s.term(int(t)))
	}
	return out
}

// decode decodes the posting of term i.
func (s *storedFT) decode(i uint64) (*Posting, error) {
	if i >= uint64(s.terms) {
		return nil, errBadStored
	}
	r := &reader{b: s.posts[s.postOff[i]:s.postOff[i+1]]}
	m := int(s.df[i])
	p := &Posting{docs: make([]uint32, 0, m), pos: make([][]int32, 0, m)}
	var all []int32
	d := uint64(0)
	for j := 0; j < m && r.err == nil; j++ {
		delta := r.uvarint()
		if j > 0 && delta == 0 {
			return nil, errBadStored
		}
		d += delta
		c := r.count()
		if d > math.MaxUint32 || c == 0 {
			return nil, errBadStored
		}
		if cap(all)-len(all) < c {
			all = make([]int32, 0, max(c, len(r.b)/2, 16))
		}
		p0 := len(all)
		x := int64(0)
		for q := 0; q < c && r.err == nil; q++ {
			x += r.varint()
			if x < 0 || x > math.MaxInt32 {
				return nil, errBadStored
			}
			all = append(all, int32(x))
		}
		p.docs = append(p.docs, uint32(d))
		p.pos = append(p.pos, all[p0:len(all):len(all)])
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, errBadStored
	}
	p.mem = memTerm + int64(len(s.term(int(i)))) + p.entryBytes()
	return p, nil
}

// ---- writing ----

// Encode writes the persisted form of f (without its BM25 parameters),
// which OpenFullText reads, through write, in order. Postings f has not
// changed since it was opened are copied as they are, not decoded.
func (f *FullText) Encode(write func([]byte)) {
	s := f.base
	// The terms, ascending: the stored ones merged with those of the
	// overlay (which override them).
	var mine []string
	f.post.each(func(t string, _ *delta) bool { mine = append(mine, t); return true })
	slices.Sort(mine)
	var remap []int32 // stored term number -> new one (-1: gone)
	if s != nil {
		remap = make([]int32, s.terms)
	}
	newID := make(map[string]uint32, len(mine))
	var terms []string
	var postOff, strOff []uint64
	var df []uint32
	var off uint64
	var buf []byte
	si := 0
	for mi := 0; mi < len(mine) || s != nil && si < s.terms; {
		var t string
		fromBase := -1
		var p *Posting
		switch {
		case s == nil || si >= s.terms:
			t = mine[mi]
			mi++
		case mi >= len(mine) || s.term(si) < mine[mi]:
			t, fromBase = s.term(si), si
			remap[si] = int32(len(terms))
			si++
		default:
			t = mine[mi]
			mi++
			if s.term(si) == t {
				remap[si] = -1
				si++
				if q, _ := f.post.get(t); q.df() > 0 {
					remap[si-1] = int32(len(terms))
				}
			}
		}
		postOff = append(postOff, off)
		if fromBase >= 0 {
			raw := s.posts[s.postOff[fromBase]:s.postOff[fromBase+1]]
			write(raw)
			off += uint64(len(raw))
			df = append(df, s.df[fromBase])
			terms = append(terms, t)
			continue
		}
		d, _ := f.post.get(t)
		if p = f.merged(d); p == nil {
			postOff = postOff[:len(postOff)-1]
			continue
		}
		newID[t] = uint32(len(terms))
		buf = buf[:0]
		prev := uint32(0)
		for i, d := range p.docs {
			buf = binary.AppendUvarint(buf, uint64(d-prev))
			prev = d
			buf = binary.AppendUvarint(buf, uint64(len(p.pos[i])))
			pp := int32(0)
			for _, x := range p.pos[i] {
				buf = binary.AppendVarint(buf, int64(x)-int64(pp))
				pp = x
			}
		}
		write(buf)
		off += uint64(len(buf))
		df = append(df, uint32(len(p.docs)))
		terms = append(terms, t)
	}
	postOff = append(postOff, off)
	nPosts := off
	off = 0
	for _, t := range terms {
		strOff = append(strOff, off)
		write(unsafe.Slice(unsafe.StringData(t), len(t)))
		off += uint64(len(t))
	}
	strOff = append(strOff, off)
	nStrs := off
	// The documents, ascending: the stored ones merged with the overlay's.
	var added []uint32
	f.docLen.each(func(d uint32, n int32) bool {
		if n >= 0 {
			added = append(added, d)
		}
		return true
	})
	slices.Sort(added)
	ids := make([]uint32, 0, f.docs)
	lens := make([]uint32, 0, f.docs)
	fwdOff := make([]uint64, 0, f.docs+1)
	off = 0
	var tids []uint32
	emit := func(d uint32, n int32, tids []uint32) {
		slices.Sort(tids)
		buf = binary.AppendUvarint(buf[:0], uint64(len(tids)))
		prev := uint32(0)
		for _, t := range tids {
			buf = binary.AppendUvarint(buf, uint64(t-prev))
			prev = t
		}
		write(buf)
		fwdOff = append(fwdOff, off)
		off += uint64(len(buf))
		ids = append(ids, d)
		lens = append(lens, uint32(n))
	}
	ai, ri := 0, 0
	for ai < len(added) || s != nil && ri < s.docs {
		if s == nil || ri >= s.docs || ai < len(added) && added[ai] < s.ids[ri] {
			d := added[ai]
			ai++
			n, _ := f.docLen.get(d)
			tids = tids[:0]
			ts, _ := f.docTerms.get(d)
			for _, t := range ts {
				tids = append(tids, newID[t])
			}
			emit(d, n, tids)
			continue
		}
		d, r := s.ids[ri], ri
		ri++
		if _, over := f.docLen.get(d); over {
			continue // removed, or re-added (above)
		}
		tids, _ = s.termIDs(r, tids[:0])
		for i, t := range tids {
			tids[i] = uint32(remap[t])
		}
		emit(d, int32(s.lens[r]), tids)
	}
	fwdOff = append(fwdOff, off)
	nFwd := off
	var rank []uint32
	if n := len(ids); n > 0 && uint64(ids[n-1]) < 2*uint64(n)+1024 {
		rank = make([]uint32, ids[n-1]+1)
		for i := range rank {
			rank[i] = math.MaxUint32
		}
		for r, d := range ids {
			rank[d] = uint32(r)
		}
	}
	var zero [8]byte
	write(zero[:pad8(nPosts+nStrs+nFwd)-(nPosts+nStrs+nFwd)])
	u64s := func(xs []uint64) {
		buf = buf[:0]
		for _, x := range xs {
			buf = binary.LittleEndian.AppendUint64(buf, x)
		}
		write(buf)
	}
	u32s := func(xs []uint32) {
		buf = buf[:0]
		for _, x := range xs {
			buf = binary.LittleEndian.AppendUint32(buf, x)
		}
		if len(xs)%2 == 1 {
			buf = append(buf, 0, 0, 0, 0)
		}
		write(buf)
	}
	u64s(postOff)
	u64s(strOff)
	u64s(fwdOff)
	u32s(ids)
	u32s(lens)
	u32s(df)
	u32s(rank)
	u64s([]uint64{uint64(len(ids)), uint64(len(terms)), uint64(f.totalLen), nPosts, nStrs, nFwd, uint64(len(rank)), ftFormatTag})
}

// AppendBinary appends the encoding of f (Encode) to dst.
func (f *FullText) AppendBinary(dst []byte) []byte {
	f.Encode(func(b []byte) { dst = append(dst, b...) })
	return dst
}
