package search

import (
	"math"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

func TestAnalyze(t *testing.T) {
	got := []string{}
	for _, tk := range Analyze("Running RUNS, the Café's naïve 3D-graphs; 東京 München", 0) {
		got = append(got, tk.Term)
	}
	want := []string{"run", "run", "the", "café", "s", "naïve", "3d", "graph", "東京", "münchen"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestBM25HandComputed checks scores against values computed by hand from
// the formula idf = ln(1 + (N-n+0.5)/(n+0.5)),
// score = idf * tf*(k1+1) / (tf + k1*(1-b+b*dl/avgdl)).
func TestBM25HandComputed(t *testing.T) {
	f := NewFullText(1.2, 0.75).Edit()
	f.Add(1, Analyze("apple banana apple", 0)) // dl 3, tf(apple)=2
	f.Add(2, Analyze("banana cherry", 0))      // dl 2
	f.Add(3, Analyze("cherry date elderberry fig", 0))
	f.Publish()
	// N=3, total length 9, avgdl 3.
	// apple: n=1, idf = ln(1 + 2.5/1.5) = ln(8/3) = 0.98082925301
	// doc1: tf=2, dl=3: 0.98082925301 * 2*2.2 / (2 + 1.2*(0.25+0.75*1)) = 0.98082925301*4.4/3.2 = 1.34864022289
	hits := f.Search([]Clause{{Terms: []string{"appl"}}})
	if len(hits) != 1 || hits[0].Node != 1 || !near(hits[0].Score, 1.3486402228911) {
		t.Fatalf("apple: %+v", hits)
	}
	// banana: n=2, idf = ln(1 + 1.5/2.5) = ln(1.6) = 0.47000362924
	// doc1: tf=1, dl=3: 0.47000362924*2.2/(1+1.2) = 0.47000362924
	// doc2: tf=1, dl=2: 0.47000362924*2.2/(1+1.2*(0.25+0.5)) = 0.47000362924*2.2/1.9 = 0.54421472860
	hits = f.Search([]Clause{{Terms: []string{"banana"}}})
	if len(hits) != 2 || hits[0].Node != 2 || !near(hits[0].Score, 0.5442147286003) || !near(hits[1].Score, 0.4700036292457) {
		t.Fatalf("banana: %+v", hits)
	}
	// OR adds: "apple banana" on doc1 = 1.34864022289 + 0.47000362924.
	cl, err := ParseQuery("Apples banana")
	if err != nil {
		t.Fatal(err)
	}
	hits = f.Search(cl)
	if hits[0].Node != 1 || !near(hits[0].Score, 1.3486402228911+0.4700036292457) {
		t.Fatalf("apple banana: %+v", hits)
	}
	// Phrase "banana cherry": only doc2 (doc1 has no cherry); idf sum =
	// ln(1.6) + ln(1.6), phrase tf 1, dl 2: 0.94000725849*2.2/1.9 = 1.08842945720
	cl, _ = ParseQuery(`"banana cherry"`)
	hits = f.Search(cl)
	if len(hits) != 1 || hits[0].Node != 2 || !near(hits[0].Score, 1.0884294572007) {
		t.Fatalf("phrase: %+v", hits)
	}
	cl, _ = ParseQuery(`"cherry banana"`)
	if hits = f.Search(cl); len(hits) != 0 {
		t.Fatalf("reversed phrase: %+v", hits)
	}
	// Prefix: elder* expands to elderberri (dl 4 doc 3).
	cl, _ = ParseQuery("elder*")
	if hits = f.Search(cl); len(hits) != 1 || hits[0].Node != 3 {
		t.Fatalf("prefix: %+v", hits)
	}
	// Removing a document changes N and avgdl; snapshots keep their copy.
	old := f
	g := f.Edit()
	g.Remove(3)
	g.Publish()
	if g.Docs() != 2 || old.Docs() != 3 {
		t.Fatalf("edit isolation: %d %d", g.Docs(), old.Docs())
	}
	// N=2, avgdl 2.5; cherry in doc2 only: idf ln(1+1.5/1.5)=ln 2; dl 2:
	// ln2*2.2/(1+1.2*(0.25+0.75*0.8)) = 0.69314718056*2.2/2.02 = 0.75491277091
	hits = g.Search([]Clause{{Terms: []string{"cherri"}}})
	if len(hits) != 1 || !near(hits[0].Score, 0.7549127709069) {
		t.Fatalf("after remove: %+v", hits)
	}
	if hits = old.Search([]Clause{{Terms: []string{"cherri"}}}); len(hits) != 2 {
		t.Fatalf("old version changed: %+v", hits)
	}
}

func TestParseQueryErrors(t *testing.T) {
	if _, err := ParseQuery(`"open phrase`); err == nil {
		t.Fatal("want error")
	}
}

func randVec(r *rand.Rand, d int) []float32 {
	v := make([]float32, d)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

func bruteForce(sim Similarity, vecs map[uint32][]float32, q []float32, k int, filter *roaring.Bitmap) []Hit {
	var all []Hit
	for id, v := range vecs {
		if filter != nil && !filter.Contains(id) {
			continue
		}
		all = append(all, Hit{id, Score(sim, q, v)})
	}
	SortHits(all)
	return all[:min(k, len(all))]
}

func TestVectorTopKMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for _, sim := range []Similarity{Cosine, Euclidean} {
		const d = 48
		vs := NewVectors(d, sim).Edit()
		ref := map[uint32][]float32{}
		for i := uint32(0); i < 3000; i++ {
			x := randVec(r, d)
			vs.Put(i, x)
			ref[i] = x
		}
		// Replace and delete some, leaving tombstones.
		for i := uint32(0); i < 300; i++ {
			id := uint32(r.Intn(3000))
			if i%2 == 0 {
				x := randVec(r, d)
				vs.Put(id, x)
				ref[id] = x
			} else {
				vs.Remove(id)
				delete(ref, id)
			}
		}
		small, large := roaring.New(), roaring.New()
		for i := uint32(0); i < 3000; i++ {
			if r.Intn(50) == 0 {
				small.Add(i)
			}
			if r.Intn(2) == 0 {
				large.Add(i)
			}
		}
		for trial := 0; trial < 20; trial++ {
			q := randVec(r, d)
			for _, f := range []*roaring.Bitmap{nil, small, large} {
				for _, k := range []int{1, 10, 100} {
					got, err := vs.Search(q, k, f)
					if err != nil {
						t.Fatal(err)
					}
					want := bruteForce(sim, ref, q, k, f)
					if len(got) != len(want) {
						t.Fatalf("%v k=%d: %d hits, want %d", sim, k, len(got), len(want))
					}
					for i := range got {
						// Same node, or a float32 tie with the reference's.
						if got[i].Node != want[i].Node && math.Abs(got[i].Score-want[i].Score) > 1e-5 {
							t.Fatalf("%v k=%d filter=%v rank %d: got %+v want %+v", sim, k, f != nil, i, got[i], want[i])
						}
						if math.Abs(got[i].Score-want[i].Score) > 1e-4*math.Max(1, want[i].Score) {
							t.Fatalf("%v score %d: %v vs %v", sim, i, got[i].Score, want[i].Score)
						}
					}
				}
			}
		}
		vs.Compact()
		q := randVec(r, d)
		got, _ := vs.Search(q, 10, nil)
		want := bruteForce(sim, ref, q, 10, nil)
		for i := range got {
			if got[i].Node != want[i].Node {
				t.Fatalf("after compact rank %d: %+v vs %+v", i, got[i], want[i])
			}
		}
	}
}

func TestVectorChecks(t *testing.T) {
	v := NewVectors(3, Cosine)
	for _, bad := range [][]float32{{1, 2}, {0, 0, 0}, {1, float32(math.NaN()), 1}, {float32(math.Inf(1)), 1, 1}} {
		if err := v.Check(bad); err == nil {
			t.Fatalf("%v accepted", bad)
		}
	}
	if _, err := v.Search([]float32{1, 2}, 3, nil); err == nil {
		t.Fatal("dimension mismatch accepted in query")
	}
}

func TestVectorEditIsolation(t *testing.T) {
	a := NewVectors(2, Euclidean).Edit()
	a.Put(1, []float32{1, 1})
	a.Publish()
	b := a.Edit() // claims the tail: appends in place
	for i := uint32(2); i < 40; i++ {
		b.Put(i, []float32{2, float32(i)})
	}
	c := a.Edit() // a sibling: must copy, not overwrite b's slots
	for i := uint32(100); i < 140; i++ {
		c.Put(i, []float32{3, float32(i)})
	}
	if x, _ := b.Get(2); x[0] != 2 || x[1] != 2 {
		t.Fatalf("b's vector overwritten: %v", x)
	}
	if x, _ := b.Get(39); x[0] != 2 {
		t.Fatalf("b's vector overwritten: %v", x)
	}
	b.Publish()
	c.Publish()
	d := b.Edit()
	d.Put(200, []float32{4, 4})
	if x, _ := c.Get(100); x[0] != 3 {
		t.Fatalf("c's vector overwritten: %v", x)
	}
	if a.Len() != 1 || b.Len() != 39 || c.Len() != 41 || d.Len() != 40 {
		t.Fatal("lengths", a.Len(), b.Len(), c.Len(), d.Len())
	}
	if h, _ := a.Search([]float32{1, 1}, 10, nil); len(h) != 1 {
		t.Fatalf("a sees others' appends: %v", h)
	}
}

func TestRRF(t *testing.T) {
	// text: 1, 2, 3; vector: 3, 1, 4.
	got := RRF(60, []uint32{1, 2, 3}, []uint32{3, 1, 4})
	// 1: 1/61 + 1/62; 3: 1/63 + 1/61; 2: 1/62; 4: 1/63.
	want := []struct {
		n uint32
		s float64
	}{{1, 1.0/61 + 1.0/62}, {3, 1.0/63 + 1.0/61}, {2, 1.0 / 62}, {4, 1.0 / 63}}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i, w := range want {
		if got[i].Node != w.n || !near(got[i].Score, w.s) {
			t.Fatalf("rank %d: %+v, want %+v", i, got[i], w)
		}
	}
	if !slices.Equal(got[1].Ranks, []int{3, 1}) || !slices.Equal(got[3].Ranks, []int{0, 3}) {
		t.Fatalf("ranks: %+v", got)
	}
	if !sort.SliceIsSorted(got, func(i, j int) bool { return got[i].Score > got[j].Score }) {
		t.Fatal("not sorted")
	}
}

func TestHashEmbed(t *testing.T) {
	a, b, c := HashEmbed("graph databases"), HashEmbed("Graph database"), HashEmbed("chocolate cake")
	if Score(Cosine, a, b) <= Score(Cosine, a, c) {
		t.Fatal("lexically close texts are not closer")
	}
	var n float64
	for _, x := range a {
		n += float64(x) * float64(x)
	}
	if math.Abs(n-1) > 1e-5 {
		t.Fatalf("norm² %v", n)
	}
}

func TestCowMap(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	m := newCowMap[int, int]()
	ref := map[int]int{}
	var versions []*cowMap[int, int]
	var refs []map[int]int
	for round := 0; round < 200; round++ {
		m = m.fork()
		for i := 0; i < r.Intn(30); i++ {
			k := r.Intn(500)
			if r.Intn(3) == 0 {
				m.del(k)
				delete(ref, k)
			} else {
				m.set(k, round)
				ref[k] = round
			}
		}
		cp := map[int]int{}
		for k, v := range ref {
			cp[k] = v
		}
		versions, refs = append(versions, m), append(refs, cp)
	}
	for i, v := range versions {
		if v.len() != len(refs[i]) {
			t.Fatalf("version %d: len %d, want %d", i, v.len(), len(refs[i]))
		}
		n := 0
		v.each(func(k, x int) bool {
			if refs[i][k] != x {
				t.Fatalf("version %d key %d: %d want %d", i, k, x, refs[i][k])
			}
			n++
			return true
		})
		for k, x := range refs[i] {
			if y, ok := v.get(k); !ok || y != x {
				t.Fatalf("version %d get %d", i, k)
			}
		}
		if n != len(refs[i]) {
			t.Fatalf("version %d: each saw %d", i, n)
		}
	}
}
