package search

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// FieldGap separates the positions of successive fields of a document so
// that a phrase never matches across two properties.
const FieldGap = 1000

// Default BM25 parameters.
const (
	DefaultK1 = 1.2
	DefaultB  = 0.75
)

// Posting is the documents holding one term, ascending, with the
// term's positions in each.
type Posting struct {
	docs []uint32 // ascending
	pos  [][]int32
	mem  int64 // decoded from a stored index: its estimated bytes
}

// PostingBytes estimates the heap memory of a posting decoded from a
// stored index (what a cache of them counts).
func PostingBytes(p *Posting) int64 { return p.mem }

// entryBytes estimates the memory of p's entries.
func (p *Posting) entryBytes() int64 {
	n := int64(0)
	for _, ps := range p.pos {
		n += memEntry + memPosition*int64(len(ps))
	}
	return n
}

// delta is a term's entry in the overlay of an index: with a base posting
// (bi >= 0), the documents added (Posting) and the base's documents
// removed (gone); without, the whole posting.
type delta struct {
	Posting
	gone []uint32 // ascending, a subset of the base posting's documents
	bi   int      // the term's number in the base, or -1
	bdf  int      // its documents in the base
}

// df is the number of documents of the term.
func (d *delta) df() int { return d.bdf - len(d.gone) + len(d.docs) }

// held reports whether d holds anything (counts in Bytes).
func (d *delta) held() bool { return len(d.docs)+len(d.gone) > 0 }

// FullText is a BM25 inverted index over documents identified by node id.
// A document is the concatenation of several fields (FieldGap apart).
// A published FullText is immutable; Edit returns a private copy.
//
// An index opened from its persisted form (OpenFullText) keeps that as a
// base read in place, and holds in memory only what edits changed: the
// maps below are then an overlay over the base, where a document length
// of -1 marks a document removed and a term's entry lists the documents
// added to and removed from its base posting, so that an edit holds what
// it changed, not the postings it touched.
type FullText struct {
	K1, B    float64
	base     *storedFT                 // nil: every posting is in memory
	docLen   *cowMap[uint32, int32]    // over base; -1: removed
	docTerms *cowMap[uint32, []string] // distinct terms of the documents in docLen
	post     *cowMap[string, *delta]   // over base
	own      map[string]bool           // postings owned by this (unpublished) copy
	docs     int                       // documents
	terms    int                       // distinct terms
	totalLen int64
	bytes    int64 // estimated heap bytes (Bytes)
}

// Estimated heap bytes of the parts of a full-text index: per document
// (its length and term list entries), per term (map entry, string and
// posting headers), per posting entry (id and position list header) and
// per position.
const (
	memDoc      = 64
	memTerm     = 96
	memEntry    = 4 + 24 + 16 // id, position list header, term in the document's list
	memPosition = 4
	memGone     = 4 // a base document removed from a term
)

// Bytes estimates the heap memory the index holds itself (the postings,
// positions, and per-document lengths and term lists; of an opened index,
// those its edits changed), kept up to date by Add and Remove: what a
// store counts against its memory budget. Postings decoded from the base
// are counted by the cache that holds them (CachePostings).
func (f *FullText) Bytes() int64 { return f.bytes }

// NewFullText returns an empty index with the given BM25 parameters.
func NewFullText(k1, b float64) *FullText {
	return &FullText{K1: k1, B: b, docLen: newCowMap[uint32, int32](), docTerms: newCowMap[uint32, []string](),
		post: newCowMap[string, *delta](), own: map[string]bool{}}
}

// Edit returns a copy that may be changed without affecting f.
func (f *FullText) Edit() *FullText {
	c := *f
	c.docLen = f.docLen.fork()
	c.docTerms = f.docTerms.fork()
	c.post = f.post.fork()
	c.own = map[string]bool{}
	return &c
}

// Publish ends editing; the index must not be changed afterwards.
func (f *FullText) Publish() *FullText { f.own = nil; return f }

// Docs is the number of indexed documents.
func (f *FullText) Docs() int { return f.docs }

// Terms is the number of distinct terms.
func (f *FullText) Terms() int { return f.terms }

// StoredTerms is the number of terms of the base an opened index reads in
// place (0 for one built in memory): postings are numbered by them.
func (f *FullText) StoredTerms() int {
	if f.base == nil {
		return 0
	}
	return f.base.terms
}

// DecodePosting decodes posting i of the base (i < StoredTerms).
func (f *FullText) DecodePosting(i uint64) (*Posting, error) {
	if f.base == nil {
		return nil, errBadStored
	}
	return f.base.decode(i)
}

// CachePostings makes an opened index (and its edits) read the postings
// of its base through get, which returns posting i decoded
// (DecodePosting), from a cache or not. Call it before the index is used.
func (f *FullText) CachePostings(get func(i uint64) *Posting) {
	if f.base != nil {
		f.base.get = get
	}
}

// docLength returns the length of document d.
func (f *FullText) docLength(d uint32) (int32, bool) {
	if n, ok := f.docLen.get(d); ok {
		return n, n >= 0
	}
	if f.base != nil {
		return f.base.docLen(d)
	}
	return 0, false
}

// posting returns the posting of term t (nil: none), not to be changed.
func (f *FullText) posting(t string) *Posting {
	if d, ok := f.post.get(t); ok {
		return f.merged(d)
	}
	if f.base != nil {
		if i, ok := f.base.find(t); ok {
			return f.base.get(uint64(i))
		}
	}
	return nil
}

// merged is the posting d makes of its base posting (nil: none).
func (f *FullText) merged(d *delta) *Posting {
	if d.df() == 0 {
		return nil
	}
	if d.bi < 0 {
		return &d.Posting
	}
	b := f.base.get(uint64(d.bi))
	if !d.held() {
		return b
	}
	n := d.df()
	out := &Posting{docs: make([]uint32, 0, n), pos: make([][]int32, 0, n)}
	i, j, g := 0, 0, 0
	for i < len(b.docs) || j < len(d.docs) {
		if i < len(b.docs) && (j >= len(d.docs) || b.docs[i] < d.docs[j]) {
			for g < len(d.gone) && d.gone[g] < b.docs[i] {
				g++
			}
			if g >= len(d.gone) || d.gone[g] != b.docs[i] {
				out.docs = append(out.docs, b.docs[i])
				out.pos = append(out.pos, b.pos[i])
			}
			i++
			continue
		}
		out.docs = append(out.docs, d.docs[j])
		out.pos = append(out.pos, d.pos[j])
		j++
	}
	return out
}

// mut returns the overlay entry of term, owned by f.
func (f *FullText) mut(term string) *delta {
	d, ok := f.post.get(term)
	if ok && f.own[term] {
		return d
	}
	c := &delta{bi: -1}
	if ok {
		c.docs, c.pos, c.gone = slices.Clone(d.docs), slices.Clone(d.pos), slices.Clone(d.gone)
		c.bi, c.bdf = d.bi, d.bdf
	} else if f.base != nil {
		if i, found := f.base.find(term); found {
			c.bi, c.bdf = i, int(f.base.df[i])
		}
	}
	f.post.set(term, c)
	f.own[term] = true
	return c
}

// Remove deletes a document (no-op if absent).
func (f *FullText) Remove(doc uint32) {
	dl, mine := f.docLen.get(doc)
	var terms []string
	switch {
	case mine && dl < 0:
		return
	case mine:
		terms, _ = f.docTerms.get(doc)
	case f.base != nil:
		var ok bool
		if dl, ok = f.base.docLen(doc); !ok {
			return
		}
		terms = f.base.docTerms(doc)
	default:
		return
	}
	for _, t := range terms {
		p := f.mut(t)
		held, live := p.held(), p.df() > 0
		if i, found := slices.BinarySearch(p.docs, doc); found {
			f.bytes -= memEntry + memPosition*int64(len(p.pos[i]))
			p.docs = slices.Delete(p.docs, i, i+1)
			p.pos = slices.Delete(p.pos, i, i+1)
		} else if p.bi >= 0 {
			if j, found := slices.BinarySearch(p.gone, doc); !found {
				p.gone = slices.Insert(p.gone, j, doc)
				f.bytes += memGone
			}
		}
		if live && p.df() == 0 {
			f.terms--
		}
		if held && !p.held() {
			f.bytes -= memTerm + int64(len(t))
		} else if !held && p.held() {
			f.bytes += memTerm + int64(len(t))
		}
		if p.bi < 0 && len(p.docs) == 0 {
			f.post.del(t)
			delete(f.own, t)
		}
	}
	if mine {
		f.bytes -= memDoc
	}
	f.totalLen -= int64(dl)
	f.docs--
	f.docTerms.del(doc)
	if _, stored := f.base.docLen(doc); stored {
		f.docLen.set(doc, -1)
	} else {
		f.docLen.del(doc)
	}
}

// Add indexes a document given its tokens, replacing any earlier version.
// A document with no tokens is not indexed.
func (f *FullText) Add(doc uint32, toks []Token) {
	f.Remove(doc)
	if len(toks) == 0 {
		return
	}
	byTerm := map[string][]int32{}
	var order []string
	for _, t := range toks {
		if _, ok := byTerm[t.Term]; !ok {
			order = append(order, t.Term)
		}
		byTerm[t.Term] = append(byTerm[t.Term], t.Pos)
	}
	for _, t := range order {
		p := f.mut(t)
		if !p.held() {
			f.bytes += memTerm + int64(len(t))
		}
		if p.df() == 0 {
			f.terms++
		}
		f.bytes += memEntry + memPosition*int64(len(byTerm[t]))
		i, _ := slices.BinarySearch(p.docs, doc)
		p.docs = slices.Insert(p.docs, i, doc)
		p.pos = slices.Insert(p.pos, i, byTerm[t])
	}
	f.bytes += memDoc
	f.docs++
	f.docLen.set(doc, int32(len(toks)))
	f.docTerms.set(doc, order)
	f.totalLen += int64(len(toks))
}

// Hit is one search result.
type Hit struct {
	Node  uint32
	Score float64
}

// SortHits orders hits by descending score, then ascending node id.
func SortHits(h []Hit) {
	sort.Slice(h, func(i, j int) bool {
		if h[i].Score != h[j].Score {
			return h[i].Score > h[j].Score
		}
		return h[i].Node < h[j].Node
	})
}

// IDF is the BM25 inverse document frequency of a term in n of N documents:
// ln(1 + (N - n + 0.5) / (n + 0.5)).
func IDF(N, n int) float64 {
	return math.Log(1 + (float64(N)-float64(n)+0.5)/(float64(n)+0.5))
}

// BM25 is the score contribution idf * tf*(k1+1) / (tf + k1*(1 - b + b*dl/avgdl)).
func BM25(idf, tf, dl, avgdl, k1, b float64) float64 {
	return idf * tf * (k1 + 1) / (tf + k1*(1-b+b*dl/avgdl))
}

// Clause is one part of a parsed query: a term, a phrase or a prefix.
type Clause struct {
	Terms  []string // analysed terms (one for a term, several for a phrase)
	Prefix string   // case-folded prefix (word*), unstemmed
}

// ParseQuery parses a query: words, "quoted phrases" and word* prefixes,
// combined by OR (scores add up, as Lucene's default operator does).
func ParseQuery(q string) ([]Clause, error) {
	var out []Clause
	for len(q) > 0 {
		i := strings.IndexByte(q, '"')
		head := q
		if i >= 0 {
			head = q[:i]
		}
		for _, f := range strings.Fields(head) {
			if strings.HasSuffix(f, "*") {
				ws := Words(strings.TrimRight(f, "*"))
				for j, w := range ws {
					if j == len(ws)-1 {
						out = append(out, Clause{Prefix: w})
					} else {
						out = append(out, Clause{Terms: []string{Stem(w)}})
					}
				}
				continue
			}
			for _, t := range Analyze(f, 0) {
				out = append(out, Clause{Terms: []string{t.Term}})
			}
		}
		if i < 0 {
			break
		}
		rest := q[i+1:]
		j := strings.IndexByte(rest, '"')
		if j < 0 {
			return nil, fmt.Errorf("unterminated phrase: %q", q[i:])
		}
		var terms []string
		for _, t := range Analyze(rest[:j], 0) {
			terms = append(terms, t.Term)
		}
		if len(terms) > 0 {
			out = append(out, Clause{Terms: terms})
		}
		q = rest[j+1:]
	}
	return out, nil
}

// Search runs a parsed query and returns every matching document, best
// first. A term scores BM25(tf); a phrase scores BM25 of its frequency with
// the sum of its terms' idf; a prefix scores as the OR of the terms it
// expands to.
func (f *FullText) Search(clauses []Clause) []Hit {
	N := f.docs
	if N == 0 {
		return nil
	}
	avgdl := float64(f.totalLen) / float64(N)
	scores := map[uint32]float64{}
	addTerm := func(t string) {
		p := f.posting(t)
		if p == nil {
			return
		}
		idf := IDF(N, len(p.docs))
		for i, d := range p.docs {
			dl, _ := f.docLength(d)
			scores[d] += BM25(idf, float64(len(p.pos[i])), float64(dl), avgdl, f.K1, f.B)
		}
	}
	for _, c := range clauses {
		switch {
		case c.Prefix != "":
			for _, t := range f.withPrefix(c.Prefix, Stem(c.Prefix)) {
				addTerm(t)
			}
		case len(c.Terms) == 1:
			addTerm(c.Terms[0])
		case len(c.Terms) > 1:
			f.phrase(c.Terms, scores, N, avgdl)
		}
	}
	hits := make([]Hit, 0, len(scores))
	for d, s := range scores {
		hits = append(hits, Hit{d, s})
	}
	SortHits(hits)
	return hits
}

// withPrefix returns the terms that start with one of the prefixes, in
// order.
func (f *FullText) withPrefix(prefixes ...string) []string {
	var out []string
	f.post.each(func(t string, d *delta) bool {
		for _, x := range prefixes {
			if d.df() > 0 && strings.HasPrefix(t, x) {
				out = append(out, t)
				break
			}
		}
		return true
	})
	if s := f.base; s != nil {
		for _, x := range prefixes {
			for i := s.lowerBound(x); i < s.terms && strings.HasPrefix(s.term(i), x); i++ {
				if _, over := f.post.get(s.term(i)); !over {
					out = append(out, s.term(i))
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (f *FullText) phrase(terms []string, scores map[uint32]float64, N int, avgdl float64) {
	ps := make([]*Posting, len(terms))
	idf := 0.0
	for i, t := range terms {
		if ps[i] = f.posting(t); ps[i] == nil {
			return
		}
		idf += IDF(N, len(ps[i].docs))
	}
	for i, d := range ps[0].docs {
		others := make([][]int32, len(terms))
		ok := true
		for j := 1; j < len(terms); j++ {
			k, found := slices.BinarySearch(ps[j].docs, d)
			if !found {
				ok = false
				break
			}
			others[j] = ps[j].pos[k]
		}
		if !ok {
			continue
		}
		freq := 0
		for _, p0 := range ps[0].pos[i] {
			match := true
			for j := 1; j < len(terms); j++ {
				if _, found := slices.BinarySearch(others[j], p0+int32(j)); !found {
					match = false
					break
				}
			}
			if match {
				freq++
			}
		}
		if freq > 0 {
			dl, _ := f.docLength(d)
			scores[d] += BM25(idf, float64(freq), float64(dl), avgdl, f.K1, f.B)
		}
	}
}
