package search

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
)

// This file holds the persisted forms of the indexes (see the storage
// package's image_search.go for the file around them).

// VectorsFrom returns a published store holding n vectors: ids[i] is the
// node of slot i, norm2[i] its squared norm and data[i*dim:(i+1)*dim] the
// vector, as stored (normalised for cosine). The arrays are used in place
// and never written: they may be a read-only mapping. Nodes must be
// distinct.
func VectorsFrom(dim int, sim Similarity, ids []uint32, norm2, data []float32) (*Vectors, error) {
	n := len(ids)
	if dim < 1 || len(norm2) != n || len(data) != n*dim {
		return nil, errors.New("vector arrays disagree with their count")
	}
	v := NewVectors(dim, sim)
	v.frozen, v.nf = data[:len(data):len(data)], n
	v.ids, v.norm2 = ids[:n:n], norm2[:n:n]
	base := make(map[uint32]int32, n)
	for s, id := range ids {
		base[id] = int32(s)
	}
	if len(base) != n {
		return nil, errors.New("vector arrays hold a node twice")
	}
	v.slot = &cowMap[uint32, int32]{base: base, n: n}
	v.Publish()
	return v, nil
}

// Live calls fn for every live vector in slot order, with its node,
// squared norm and stored vector (not to be kept or changed).
func (v *Vectors) Live(fn func(node uint32, norm2 float32, x []float32)) {
	dead := !v.dead.IsEmpty()
	for s, id := range v.ids {
		if dead && v.dead.Contains(uint32(s)) {
			continue
		}
		fn(id, v.norm2[s], v.at(s))
	}
}

// AppendBinary appends the encoded form of f (without its BM25
// parameters), which DecodeFullText reads back:
//
//	uvarint docs, entries (term, document pairs), positions, terms
//	per document in ascending order: uvarint id delta, uvarint length
//	per term in ascending order: uvarint prefix shared with the previous
//	  term, uvarint suffix length, suffix, uvarint documents, then per
//	  document uvarint id delta, uvarint positions, positions (zigzag
//	  varint deltas)
func (f *FullText) AppendBinary(dst []byte) []byte {
	docs := make([]uint32, 0, f.docLen.len())
	f.docLen.each(func(d uint32, _ int32) bool { docs = append(docs, d); return true })
	slices.Sort(docs)
	terms := make([]string, 0, f.post.len())
	var entries, positions int
	f.post.each(func(t string, p *posting) bool {
		terms = append(terms, t)
		entries += len(p.docs)
		for _, ps := range p.pos {
			positions += len(ps)
		}
		return true
	})
	slices.Sort(terms)
	dst = binary.AppendUvarint(dst, uint64(len(docs)))
	dst = binary.AppendUvarint(dst, uint64(entries))
	dst = binary.AppendUvarint(dst, uint64(positions))
	dst = binary.AppendUvarint(dst, uint64(len(terms)))
	prev := uint32(0)
	for _, d := range docs {
		dl, _ := f.docLen.get(d)
		dst = binary.AppendUvarint(dst, uint64(d-prev))
		dst = binary.AppendUvarint(dst, uint64(dl))
		prev = d
	}
	last := ""
	for _, t := range terms {
		k := 0
		for k < len(t) && k < len(last) && t[k] == last[k] {
			k++
		}
		dst = binary.AppendUvarint(dst, uint64(k))
		dst = binary.AppendUvarint(dst, uint64(len(t)-k))
		dst = append(dst, t[k:]...)
		last = t
		p, _ := f.post.get(t)
		dst = binary.AppendUvarint(dst, uint64(len(p.docs)))
		prev = 0
		for i, d := range p.docs {
			dst = binary.AppendUvarint(dst, uint64(d-prev))
			prev = d
			dst = binary.AppendUvarint(dst, uint64(len(p.pos[i])))
			pp := int32(0)
			for _, x := range p.pos[i] {
				dst = binary.AppendVarint(dst, int64(x)-int64(pp))
				pp = x
			}
		}
	}
	return dst
}

var errBadFullText = errors.New("bad full-text section")

type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint() uint64 {
	x, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err, r.b = errBadFullText, nil
		return 0
	}
	r.b = r.b[n:]
	return x
}

func (r *reader) varint() int64 {
	x, n := binary.Varint(r.b)
	if n <= 0 {
		r.err, r.b = errBadFullText, nil
		return 0
	}
	r.b = r.b[n:]
	return x
}

// count reads a count that cannot exceed the bytes left (each counted
// item takes at least one byte), so a damaged count allocates nothing huge.
func (r *reader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err, r.b = errBadFullText, nil
		return 0
	}
	return int(n)
}

// DecodeFullText reads an index encoded by AppendBinary, published, with
// BM25 parameters k1 and b. Every read is checked: damaged input gives an
// error, never a panic.
func DecodeFullText(data []byte, k1, b float64) (*FullText, error) {
	r := &reader{b: data}
	nd, ne, np, nt := r.count(), r.count(), r.count(), r.count()
	if r.err != nil {
		return nil, r.err
	}
	f := &FullText{K1: k1, B: b}
	docs := make([]uint32, nd)
	docLen := make(map[uint32]int32, nd)
	prev := uint64(0)
	for i := 0; i < nd && r.err == nil; i++ {
		delta := r.uvarint()
		if i > 0 && delta == 0 {
			return nil, errBadFullText
		}
		prev += delta
		dl := r.uvarint()
		if prev > 1<<32-1 || dl > 1<<31-1 {
			return nil, errBadFullText
		}
		docs[i] = uint32(prev)
		docLen[uint32(prev)] = int32(dl)
		f.totalLen += int64(dl)
	}
	if r.err != nil {
		return nil, errBadFullText
	}
	// rank: document id -> its index in docs, a flat array when the ids
	// are dense enough (node ids usually are), else a map.
	var rankFlat []int32
	var rankMap map[uint32]int32
	if nd > 0 && uint64(docs[nd-1]) < 4*uint64(nd)+1024 {
		rankFlat = make([]int32, docs[nd-1]+1)
		for i := range rankFlat {
			rankFlat[i] = -1
		}
		for i, d := range docs {
			rankFlat[d] = int32(i)
		}
	} else {
		rankMap = make(map[uint32]int32, nd)
		for i, d := range docs {
			rankMap[d] = int32(i)
		}
	}
	rank := func(d uint64) int32 {
		if rankFlat != nil {
			if d < uint64(len(rankFlat)) {
				return rankFlat[d]
			}
			return -1
		}
		if i, ok := rankMap[uint32(d)]; ok && d <= 1<<32-1 {
			return i
		}
		return -1
	}
	// One backing array each for document ids and positions, cut per
	// posting with capped slices, so that the decoded index is a few large
	// allocations (and an edit copies only the postings it changes).
	docsAll := make([]uint32, 0, ne)
	posAll := make([]int32, 0, np)
	posHdr := make([][]int32, 0, ne)
	termIDs := make([]int32, 0, ne) // the term of each entry
	termsOf := make([]int32, nd)    // distinct terms per document
	terms := make([]string, 0, nt)
	post := make(map[string]*posting, nt)
	var sb strings.Builder
	last := ""
	for i := 0; i < nt && r.err == nil; i++ {
		k, n := r.uvarint(), r.count()
		if r.err != nil || k > uint64(len(last)) {
			return nil, errBadFullText
		}
		sb.Reset()
		sb.WriteString(last[:k])
		sb.Write(r.b[:n])
		r.b = r.b[n:]
		t := sb.String()
		if i > 0 && t <= last {
			return nil, errBadFullText
		}
		last = t
		terms = append(terms, t)
		m := r.count()
		if m == 0 || len(docsAll)+m > ne {
			return nil, errBadFullText
		}
		d0, h0 := len(docsAll), len(posHdr)
		pd := uint64(0)
		for j := 0; j < m && r.err == nil; j++ {
			delta := r.uvarint()
			if j > 0 && delta == 0 {
				return nil, errBadFullText
			}
			pd += delta
			ri := rank(pd)
			if ri < 0 {
				return nil, errBadFullText
			}
			docsAll = append(docsAll, uint32(pd))
			termIDs = append(termIDs, int32(i))
			termsOf[ri]++
			c := r.count()
			if len(posAll)+c > np {
				return nil, errBadFullText
			}
			p0 := len(posAll)
			x := int64(0)
			for q := 0; q < c && r.err == nil; q++ {
				x += r.varint()
				if x < 0 || x > 1<<31-1 {
					return nil, errBadFullText
				}
				posAll = append(posAll, int32(x))
			}
			posHdr = append(posHdr, posAll[p0:len(posAll):len(posAll)])
		}
		post[t] = &posting{docs: docsAll[d0:len(docsAll):len(docsAll)], pos: posHdr[h0:len(posHdr):len(posHdr)]}
	}
	if r.err != nil || len(r.b) != 0 || len(docsAll) != ne || len(posAll) != np || len(docLen) != nd {
		return nil, errBadFullText
	}
	// The distinct terms of each document, from the postings, cut from one
	// array.
	termsAll := make([]string, ne)
	at := make([]int, nd+1)
	for i, n := range termsOf {
		if n == 0 {
			return nil, errBadFullText
		}
		at[i+1] = at[i] + int(n)
	}
	fill := slices.Clone(at[:nd])
	for e, d := range docsAll {
		ri := rank(uint64(d))
		termsAll[fill[ri]] = terms[termIDs[e]]
		fill[ri]++
	}
	docTerms := make(map[uint32][]string, nd)
	for i, d := range docs {
		docTerms[d] = termsAll[at[i]:at[i+1]:at[i+1]]
	}
	f.docLen = &cowMap[uint32, int32]{base: docLen, n: nd}
	f.docTerms = &cowMap[uint32, []string]{base: docTerms, n: nd}
	f.post = &cowMap[string, *posting]{base: post, n: len(post)}
	f.bytes = memDoc*int64(nd) + memEntry*int64(ne) + memPosition*int64(np)
	for _, t := range terms {
		f.bytes += memTerm + int64(len(t))
	}
	return f, nil
}
