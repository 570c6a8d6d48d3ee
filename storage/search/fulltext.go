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

type posting struct {
	docs []uint32 // ascending
	pos  [][]int32
}

// FullText is a BM25 inverted index over documents identified by node id.
// A document is the concatenation of several fields (FieldGap apart).
// A published FullText is immutable; Edit returns a private copy.
type FullText struct {
	K1, B    float64
	docLen   *cowMap[uint32, int32]
	docTerms *cowMap[uint32, []string] // distinct terms of each document
	totalLen int64
	post     *cowMap[string, *posting]
	own      map[string]bool // postings owned by this (unpublished) copy
	bytes    int64           // estimated heap bytes (Bytes)
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
)

// Bytes estimates the heap memory of the index (the postings, positions,
// and per-document lengths and term lists), kept up to date by Add and
// Remove: what a store counts against its memory budget.
func (f *FullText) Bytes() int64 { return f.bytes }

// NewFullText returns an empty index with the given BM25 parameters.
func NewFullText(k1, b float64) *FullText {
	return &FullText{K1: k1, B: b, docLen: newCowMap[uint32, int32](), docTerms: newCowMap[uint32, []string](),
		post: newCowMap[string, *posting](), own: map[string]bool{}}
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
func (f *FullText) Docs() int { return f.docLen.len() }

// Terms is the number of distinct terms.
func (f *FullText) Terms() int { return f.post.len() }

func (f *FullText) mut(term string) *posting {
	p, _ := f.post.get(term)
	if f.own[term] {
		return p
	}
	c := &posting{}
	if p != nil {
		c.docs = slices.Clone(p.docs)
		c.pos = slices.Clone(p.pos)
	}
	f.post.set(term, c)
	f.own[term] = true
	return c
}

// Remove deletes a document (no-op if absent).
func (f *FullText) Remove(doc uint32) {
	terms, ok := f.docTerms.get(doc)
	if !ok {
		return
	}
	for _, t := range terms {
		p := f.mut(t)
		if i, found := slices.BinarySearch(p.docs, doc); found {
			f.bytes -= memEntry + memPosition*int64(len(p.pos[i]))
			p.docs = slices.Delete(p.docs, i, i+1)
			p.pos = slices.Delete(p.pos, i, i+1)
		}
		if len(p.docs) == 0 {
			f.post.del(t)
			delete(f.own, t)
			f.bytes -= memTerm + int64(len(t))
		}
	}
	f.bytes -= memDoc
	dl, _ := f.docLen.get(doc)
	f.totalLen -= int64(dl)
	f.docLen.del(doc)
	f.docTerms.del(doc)
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
		if len(p.docs) == 0 {
			f.bytes += memTerm + int64(len(t))
		}
		f.bytes += memEntry + memPosition*int64(len(byTerm[t]))
		i, _ := slices.BinarySearch(p.docs, doc)
		p.docs = slices.Insert(p.docs, i, doc)
		p.pos = slices.Insert(p.pos, i, byTerm[t])
	}
	f.bytes += memDoc
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
	N := f.docLen.len()
	if N == 0 {
		return nil
	}
	avgdl := float64(f.totalLen) / float64(N)
	scores := map[uint32]float64{}
	addTerm := func(t string) {
		p, _ := f.post.get(t)
		if p == nil {
			return
		}
		idf := IDF(N, len(p.docs))
		for i, d := range p.docs {
			dl, _ := f.docLen.get(d)
			scores[d] += BM25(idf, float64(len(p.pos[i])), float64(dl), avgdl, f.K1, f.B)
		}
	}
	for _, c := range clauses {
		switch {
		case c.Prefix != "":
			stem := Stem(c.Prefix)
			var terms []string
			f.post.each(func(t string, _ *posting) bool {
				if strings.HasPrefix(t, c.Prefix) || strings.HasPrefix(t, stem) {
					terms = append(terms, t)
				}
				return true
			})
			for _, t := range terms {
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

func (f *FullText) phrase(terms []string, scores map[uint32]float64, N int, avgdl float64) {
	ps := make([]*posting, len(terms))
	idf := 0.0
	for i, t := range terms {
		if ps[i], _ = f.post.get(t); ps[i] == nil {
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
			dl, _ := f.docLen.get(d)
			scores[d] += BM25(idf, float64(freq), float64(dl), avgdl, f.K1, f.B)
		}
	}
}
