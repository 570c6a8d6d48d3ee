package search

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
)

var vocab = []string{"alpha", "beta", "gamma", "delta", "graph", "graphs", "node", "nodes", "query", "vector", "cypher", "edge"}

func randText(r *rand.Rand) string {
	s := ""
	for i, n := 0, r.Intn(8); i < n; i++ {
		s += vocab[r.Intn(len(vocab))] + " "
	}
	return s
}

func randomFullText(r *rand.Rand, docs int) *FullText {
	f := NewFullText(DefaultK1, DefaultB).Edit()
	for i := 0; i < docs*2; i++ {
		d := uint32(r.Intn(docs))
		if r.Intn(5) == 0 {
			f.Remove(d)
			continue
		}
		toks := Analyze(randText(r), 0)
		toks = append(toks, Analyze(randText(r), int32(len(toks))+FieldGap)...)
		f.Add(d, toks)
	}
	return f.Publish()
}

var queries = []string{"alpha", "beta gamma", `"graph node"`, "gra*", "no*", "cypher edge vector", `"alpha beta" delta`}

func sameSearch(t *testing.T, a, b *FullText) {
	t.Helper()
	if a.Docs() != b.Docs() || a.Terms() != b.Terms() {
		t.Fatalf("docs %d/%d terms %d/%d", a.Docs(), b.Docs(), a.Terms(), b.Terms())
	}
	for _, q := range queries {
		cl, err := ParseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		if ha, hb := a.Search(cl), b.Search(cl); !reflect.DeepEqual(ha, hb) {
			t.Fatalf("%q: %v != %v", q, ha, hb)
		}
	}
}

// reopen encodes f and opens the encoding.
func reopen(t *testing.T, f *FullText) *FullText {
	t.Helper()
	g, err := OpenFullText(f.AppendBinary(nil), f.K1, f.B)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomEdits applies the same n random edits to every index of fs,
// documents numbered below docs times spread.
func randomEdits(r *rand.Rand, n int, docs, spread uint32, fs ...*FullText) {
	for i := 0; i < n; i++ {
		d := uint32(r.Intn(int(docs))) * spread
		if r.Intn(3) == 0 {
			for _, f := range fs {
				f.Remove(d)
			}
			continue
		}
		toks := Analyze(randText(r), 0)
		for _, f := range fs {
			f.Add(d, toks)
		}
	}
}

// TestFullTextRoundTrip: an index opened from its encoding answers as the
// one encoded, stays equal to it under the same edits (removing and
// re-adding stored documents, emptying and re-creating stored terms), and
// encodes byte for byte as it does, over generations of open, edit and
// encode; with dense and sparse document ids.
func TestFullTextRoundTrip(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewSource(seed))
		spread := uint32(1)
		if seed%2 == 0 {
			spread = 1 + uint32(r.Intn(100000))
		}
		mem := NewFullText(DefaultK1, DefaultB).Edit()
		randomEdits(r, 1+r.Intn(600), 1+uint32(r.Intn(300)), spread, mem)
		mem.Publish()
		g := reopen(t, mem)
		sameSearch(t, mem, g)
		for gen := 0; gen < 4; gen++ {
			me, ge := mem.Edit(), g.Edit()
			randomEdits(r, r.Intn(80), 400, spread, me, ge)
			me.Publish()
			ge.Publish()
			sameSearch(t, me, ge)
			sameSearch(t, mem, g) // the originals are untouched
			if a, b := me.AppendBinary(nil), ge.AppendBinary(nil); !reflect.DeepEqual(a, b) {
				t.Fatalf("seed %d generation %d: an edited opened index encodes differently from the same index in memory", seed, gen)
			}
			mem, g = me, reopen(t, ge)
			sameSearch(t, mem, g)
		}
	}
}

// TestOpenFullTextDamaged: truncated or altered input gives an error or
// an index that answers queries and takes edits and encodes, never a
// panic.
func TestOpenFullTextDamaged(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	b := randomFullText(r, 100).AppendBinary(nil)
	opened := 0
	for i := 0; i < 3000; i++ {
		c := append([]byte(nil), b...)
		switch i % 3 {
		case 0:
			c = c[:r.Intn(len(c))]
		default:
			c[r.Intn(len(c))] ^= byte(1 + r.Intn(255))
		}
		f, err := OpenFullText(c, DefaultK1, DefaultB)
		if err != nil {
			continue
		}
		opened++
		for _, q := range queries {
			cl, _ := ParseQuery(q)
			f.Search(cl)
		}
		e := f.Edit()
		randomEdits(r, 20, 120, 1, e)
		e.Publish().AppendBinary(nil)
	}
	if opened == 0 {
		t.Fatal("no damaged input opened: the edits after opening were not exercised")
	}
}

// TestOpenFullTextLazy: opening decodes no posting; a query decodes the
// postings of its terms only.
func TestOpenFullTextLazy(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	f := randomFullText(r, 300)
	g := reopen(t, f)
	var decoded []uint64
	g.CachePostings(func(i uint64) *Posting {
		decoded = append(decoded, i)
		p, err := g.DecodePosting(i)
		if err != nil {
			t.Fatal(err)
		}
		return p
	})
	if len(decoded) != 0 {
		t.Fatalf("opening decoded postings %v", decoded)
	}
	cl, _ := ParseQuery("alpha")
	g.Search(cl)
	if len(decoded) != 1 || g.base.term(int(decoded[0])) != "alpha" {
		t.Fatalf("a one-term query decoded postings %v of %d", decoded, g.StoredTerms())
	}
}

// TestVectorsFrom: a store on persisted arrays answers as the store it was
// written from, under edits too, and never writes the arrays.
func TestVectorsFrom(t *testing.T) {
	for _, sim := range []Similarity{Cosine, Euclidean} {
		t.Run(sim.String(), func(t *testing.T) {
			r := rand.New(rand.NewSource(3))
			const dim = 8
			v := NewVectors(dim, sim).Edit()
			for i := 0; i < 600; i++ {
				n := uint32(r.Intn(300))
				if r.Intn(4) == 0 {
					v.Remove(n)
				} else {
					v.Put(n, randVec(r, dim))
				}
			}
			v.Publish()
			var ids []uint32
			var norm2, data []float32
			v.Live(func(id uint32, n2 float32, x []float32) {
				ids = append(ids, id)
				norm2 = append(norm2, n2)
				data = append(data, x...)
			})
			frozen := append([]float32(nil), data...)
			p, err := VectorsFrom(dim, sim, ids, norm2, data)
			if err != nil {
				t.Fatal(err)
			}
			same := func(a, b *Vectors) {
				t.Helper()
				if a.Len() != b.Len() {
					t.Fatalf("len %d != %d", a.Len(), b.Len())
				}
				for i := 0; i < 5; i++ {
					q := randVec(r, dim)
					ha, _ := a.Search(q, a.Len(), nil)
					hb, _ := b.Search(q, b.Len(), nil)
					if !reflect.DeepEqual(ha, hb) {
						t.Fatalf("search: %v != %v", ha, hb)
					}
				}
				for n := uint32(0); n < 300; n++ {
					xa, oka := a.Get(n)
					xb, okb := b.Get(n)
					if oka != okb || !reflect.DeepEqual(xa, xb) {
						t.Fatalf("node %d: %v %v", n, xa, xb)
					}
				}
			}
			same(v, p)
			for round := 0; round < 5; round++ {
				ve, pe := v.Edit(), p.Edit()
				for i := 0; i < 80; i++ {
					n := uint32(r.Intn(320))
					if r.Intn(3) == 0 {
						ve.Remove(n)
						pe.Remove(n)
					} else {
						x := randVec(r, dim)
						ve.Put(n, x)
						pe.Put(n, x)
					}
				}
				ve.Compact()
				pe.Compact()
				v, p = ve.Publish(), pe.Publish()
				same(v, p)
			}
			if !reflect.DeepEqual(frozen, data) {
				t.Fatal("the persisted arrays were written")
			}
			if _, err := VectorsFrom(dim, sim, []uint32{1, 1}, []float32{1, 1}, make([]float32, 2*dim)); err == nil {
				t.Fatal("a node twice was accepted")
			}
		})
	}
}

func ExampleVectorsFrom() {
	v, _ := VectorsFrom(2, Euclidean, []uint32{7, 9}, []float32{1, 4}, []float32{1, 0, 0, 2})
	h, _ := v.Search([]float32{0, 2}, 1, nil)
	fmt.Println(h[0].Node, h[0].Score)
	// Output: 9 1
}

// BenchmarkOpenFullText opens a full-text index of 200,000 documents of
// 12 words drawn (Zipf) from 5,000, as an open's first query does.
func BenchmarkOpenFullText(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	z := rand.NewZipf(r, 1.1, 2, 4999)
	f := NewFullText(DefaultK1, DefaultB).Edit()
	for d := uint32(0); d < 200_000; d++ {
		toks := make([]Token, 12)
		for j := range toks {
			toks[j] = Token{Term: fmt.Sprintf("w%dx", z.Uint64()), Pos: int32(j)}
		}
		f.Add(d, toks)
	}
	data := f.Publish().AppendBinary(nil)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := OpenFullText(data, DefaultK1, DefaultB); err != nil {
			b.Fatal(err)
		}
	}
}

// walkBytes recomputes the estimate Bytes keeps, from the whole index.
// For an opened index, that is the overlay its edits made.
func walkBytes(f *FullText) int64 {
	n := int64(0)
	f.docLen.each(func(_ uint32, l int32) bool {
		if l >= 0 {
			n += memDoc
		}
		return true
	})
	f.post.each(func(t string, p *delta) bool {
		if p.held() {
			n += memTerm + int64(len(t)) + memGone*int64(len(p.gone))
		}
		for _, ps := range p.pos {
			n += memEntry + memPosition*int64(len(ps))
		}
		return true
	})
	return n
}

// TestFullTextBytes: the memory estimate that Add and Remove keep equals
// one recomputed from the whole index, after random edits, and after
// edits of an opened index (which holds nothing on the heap until
// edited); it grows with the index and is 0 for an empty one.
func TestFullTextBytes(t *testing.T) {
	if b := NewFullText(DefaultK1, DefaultB).Bytes(); b != 0 {
		t.Fatalf("an empty index: %d bytes", b)
	}
	for seed := int64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewSource(seed))
		f := randomFullText(r, 1+r.Intn(300))
		if got, want := f.Bytes(), walkBytes(f); got != want || (f.Docs() > 0 && got <= 0) {
			t.Fatalf("seed %d: Bytes %d, recomputed %d", seed, got, want)
		}
		g := reopen(t, f)
		if g.Bytes() != 0 {
			t.Fatalf("seed %d: an opened index holds %d bytes", seed, g.Bytes())
		}
		ge := g.Edit()
		for range 50 {
			d := uint32(r.Intn(400))
			if r.Intn(3) == 0 {
				ge.Remove(d)
			} else {
				ge.Add(d, Analyze(randText(r), 0))
			}
		}
		ge.Publish()
		if got, want := ge.Bytes(), walkBytes(ge); got != want {
			t.Fatalf("seed %d: after edits Bytes %d, recomputed %d", seed, got, want)
		}
		if g.Bytes() != 0 {
			t.Fatal("editing a copy changed the original's estimate")
		}
	}
}
