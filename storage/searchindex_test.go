package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

func searchGraph(t *testing.T) (*Store, *Graph) {
	s, _ := openMem(t)
	g, err := s.CreateGraph("g")
	if err != nil {
		t.Fatal(err)
	}
	return s, g
}

func ftCount(t *testing.T, r Reader, q string) int {
	t.Helper()
	h, err := QueryFulltext(r, "ft", q)
	if err != nil {
		t.Fatal(err)
	}
	return len(h)
}

func TestSearchIndexTxAndSnapshots(t *testing.T) {
	_, g := searchGraph(t)
	tx := begin(t, g)
	l, _ := tx.LabelIDOrCreate("Doc")
	k, _ := tx.PropKeyIDOrCreate("text")
	v, _ := tx.PropKeyIDOrCreate("v")
	a, _ := tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: value.String("alpha beta"), v: value.Vector{1, 0}})
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}}); err != nil {
		t.Fatal(err)
	}
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "vec", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"v"}, Dim: 2, Similarity: "euclidean"}); err != nil {
		t.Fatal(err)
	}
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}}); !errors.Is(err, ErrExists) {
		t.Fatalf("duplicate: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	before := g.Snapshot()
	tx = begin(t, g)
	b, _ := tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: value.String("beta gamma"), v: value.List{value.Int(0), value.Int(1)}})
	if err := tx.SetNodeProp(a, v, value.Vector{1, 2, 3}); !errors.Is(err, ErrInvalidProperty) {
		t.Fatalf("dimension mismatch: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	after := g.Snapshot()
	if ftCount(t, before, "beta") != 1 || ftCount(t, after, "beta") != 2 {
		t.Fatal("snapshot isolation")
	}
	h, err := QueryVector(after, "vec", []float32{0, 1}, 1, nil)
	if err != nil || len(h) != 1 || h[0].Node != b || h[0].Score != 1 {
		t.Fatalf("vector from list: %v %v", h, err)
	}
	// Rolled back writes never reach the index.
	tx = begin(t, g)
	tx.SetNodeProp(a, k, value.String("delta"))
	tx.Rollback()
	if ftCount(t, g.Snapshot(), "delta") != 0 || ftCount(t, g.Snapshot(), "alpha") != 1 {
		t.Fatal("rollback leaked")
	}
	// Delete and label removal.
	tx = begin(t, g)
	if err := tx.DeleteNode(a, true); err != nil {
		t.Fatal(err)
	}
	if err := tx.RemoveLabel(b, l); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if ftCount(t, g.Snapshot(), "beta") != 0 {
		t.Fatal("delete/unlabel not applied")
	}
	if h, _ := QueryVector(g.Snapshot(), "vec", []float32{0, 1}, 5, nil); len(h) != 0 {
		t.Fatalf("vector after unlabel: %v", h)
	}
	tx = begin(t, g)
	if err := tx.DropSearchIndex("ft"); err != nil {
		t.Fatal(err)
	}
	if err := tx.DropSearchIndex("ft"); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	tx.Commit()
	if _, err := QueryFulltext(g.Snapshot(), "ft", "beta"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("dropped: %v", err)
	}
	if infos := SearchIndexes(g.Snapshot()); len(infos) != 1 || infos[0].Name != "vec" {
		t.Fatalf("infos: %+v", infos)
	}
}

func TestSearchIndexReopenAndBulk(t *testing.T) {
	s, fs := openMem(t)
	g, _ := s.CreateGraph("g")
	tx := begin(t, g)
	tx.LabelIDOrCreate("Doc")
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}, K1: 2, B: 0.5}); err != nil {
		t.Fatal(err)
	}
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "vec", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"v"}, Dim: 2, Similarity: "euclidean"}); err != nil {
		t.Fatal(err)
	}
	tx.Commit()
	err := g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		l, k, v := b.LabelID("Doc"), b.PropKeyID("text"), b.PropKeyID("v")
		for i := 0; i < 100; i++ {
			text := "even"
			if i%2 == 1 {
				text = "odd"
			}
			if _, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.String(text), v: value.Vector{1, float32(i)}}); err != nil {
				return err
			}
		}
		return nil
	}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if ftCount(t, g.Snapshot(), "odd") != 50 {
		t.Fatal("bulk load not indexed")
	}
	s.Close()
	s2, err := Open("db", &Options{FS: fs})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	g2 := mustGraph(t, s2, "g")
	snap := g2.Snapshot()
	if ftCount(t, snap, "even") != 50 {
		t.Fatal("not rebuilt at open")
	}
	def, ok := SearchIndex(snap, "ft")
	if !ok || def.K1 != 2 || def.B != 0.5 {
		t.Fatalf("def: %+v", def)
	}
	h, err := QueryVector(snap, "vec", []float32{1, 99}, 3, nil)
	if err != nil || len(h) != 3 || h[0].Node != 99 {
		t.Fatalf("vector after reopen: %v %v", h, err)
	}
}

// BenchmarkSearchIndexedCommit is the cost of a one-node commit on a graph
// of 20,000 nodes under a full-text and a 64-dimension vector index (the
// per-commit copy of the indexes' top-level maps dominates).
func BenchmarkSearchIndexedCommit(b *testing.B) {
	s, _ := openMem(b)
	g, _ := s.CreateGraph("g")
	ctx := context.Background()
	err := g.BulkLoad(ctx, BulkSourceFunc(func(bb *BulkBuilder) error {
		l, k, v := bb.LabelID("Doc"), bb.PropKeyID("text"), bb.PropKeyID("v")
		for i := 0; i < 20000; i++ {
			vec := make(value.Vector, 64)
			vec[i%64] = 1
			if _, err := bb.AddNode([]uint32{l}, map[uint32]value.Value{k: value.String("doc number " + string(rune('a'+i%26)) + " text"), v: vec}); err != nil {
				return err
			}
		}
		return nil
	}), nil)
	if err != nil {
		b.Fatal(err)
	}
	tx, _ := g.Begin(ctx)
	tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}})
	tx.CreateSearchIndex(SearchIndexDef{Name: "vec", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"v"}, Dim: 64})
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	k, _ := g.Snapshot().PropKeyID("text")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tx, _ := g.Begin(ctx)
		if err := tx.SetNodeProp(uint32(i%20000), k, value.String("changed text")); err != nil {
			b.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestEmbedWorkAndStore(t *testing.T) {
	_, g := searchGraph(t)
	tx := begin(t, g)
	doc, _ := tx.LabelIDOrCreate("Doc")
	other, _ := tx.LabelIDOrCreate("Other")
	text, _ := tx.PropKeyIDOrCreate("text")
	emb, _ := tx.PropKeyIDOrCreate("emb")
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "pv", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"emb"}, Dim: 2, Embedder: "ollama:m", Source: "text"}); err != nil {
		t.Fatal(err)
	}
	if err := tx.CreateSearchIndex(SearchIndexDef{Name: "dv", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"emb2"}, Dim: 256, Embedder: "default", Source: "text"}); err != nil {
		t.Fatal(err)
	}
	a, _ := tx.CreateNode([]uint32{doc}, map[uint32]value.Value{text: value.String("alpha")})
	b, _ := tx.CreateNode([]uint32{doc}, map[uint32]value.Value{text: value.String("beta"), emb: value.Vector{1, 1}}) // has a vector
	tx.CreateNode([]uint32{doc}, map[uint32]value.Value{text: value.Int(3)})                                          // not text
	tx.CreateNode([]uint32{other}, map[uint32]value.Value{text: value.String("gamma")})                               // not indexed
	work := tx.EmbedWork()
	if len(work) != 1 || len(work["pv"]) != 1 || work["pv"][0] != (EmbedTask{a, "alpha"}) {
		t.Fatalf("work: %+v", work)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	if p, err := PendingEmbeds(snap, "pv", nil, 0); err != nil || len(p) != 1 || p[0].Node != a {
		t.Fatalf("pending: %v %v", p, err)
	}
	if p, err := PendingEmbeds(snap, "pv", roaring.BitmapOf(b, a+100), 0); err != nil || len(p) != 0 {
		t.Fatalf("pending among nodes: %v %v", p, err)
	}
	if _, err := PendingEmbeds(snap, "dv", nil, 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("default embedder index: %v", err)
	}
	snap.Close()

	tx = begin(t, g)
	if len(tx.EmbedWork()) != 0 {
		t.Fatal("work without writes")
	}
	if _, err := tx.StoreEmbedding("pv", EmbedTask{a, "alpha"}, []float32{1, 2, 3}); !errors.Is(err, ErrInvalidProperty) {
		t.Fatalf("wrong dimension: %v", err)
	}
	if stored, err := tx.StoreEmbedding("pv", EmbedTask{a, "stale text"}, []float32{1, 2}); stored || err != nil {
		t.Fatalf("stale text stored: %v %v", stored, err)
	}
	if stored, err := tx.StoreEmbedding("pv", EmbedTask{b, "beta"}, []float32{1, 2}); stored || err != nil {
		t.Fatalf("existing vector replaced: %v %v", stored, err)
	}
	if stored, err := tx.StoreEmbedding("pv", EmbedTask{a, "alpha"}, []float32{1, 2}); !stored || err != nil {
		t.Fatalf("store: %v %v", stored, err)
	}
	if _, err := tx.StoreEmbedding("dv", EmbedTask{a, "alpha"}, []float32{1, 2}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("default embedder index: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	snap = g.Snapshot()
	defer snap.Close()
	if p, _ := PendingEmbeds(snap, "pv", nil, 0); len(p) != 0 {
		t.Fatalf("still pending: %v", p)
	}
	if hits, err := QueryVector(snap, "pv", []float32{1, 2}, 1, nil); err != nil || len(hits) != 1 || hits[0].Node != a {
		t.Fatalf("stored vector not indexed: %v %v", hits, err)
	}
	// Changing the text makes the node pending again.
	tx = begin(t, g)
	if err := tx.SetNodeProp(a, text, value.String("alpha two")); err != nil {
		t.Fatal(err)
	}
	if w := tx.EmbedWork(); len(w["pv"]) != 1 || w["pv"][0].Text != "alpha two" {
		t.Fatalf("work after SET: %+v", w)
	}
	tx.Rollback()
}

// TestSearchIndexLazyAgainstEager: after a reopen the search indexes are
// built on first use, and commits leave an unread index unbuilt; random
// writes, interleaved at random with queries (which build it) and reopens,
// must give the hits of an index built from scratch on the same version.
func TestSearchIndexLazyAgainstEager(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	rng := rand.New(rand.NewSource(7))
	words := []string{"alpha", "beta", "gamma", "delta", "eps"}
	tx := begin(t, g)
	doc := must(tx.LabelIDOrCreate("Doc"))(t)
	text := must(tx.PropKeyIDOrCreate("text"))(t)
	vk := must(tx.PropKeyIDOrCreate("v"))(t)
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}}))
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "vec", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"v"}, Dim: 2, Similarity: "euclidean"}))
	check(t, tx.Commit())
	compare := func(snap *Snapshot) {
		t.Helper()
		fresh := *snap.version
		fresh.search = map[string]*searchIdx{}
		for name, ix := range snap.search {
			fresh.search[name] = snap.version.buildSearchIdx(ix.def)
		}
		freshSnap := &Snapshot{&fresh}
		for _, w := range words {
			a, err := QueryFulltext(snap, "ft", w)
			check(t, err)
			b, err := QueryFulltext(freshSnap, "ft", w)
			check(t, err)
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%q: %v, built from scratch %v", w, a, b)
			}
		}
		a, err := QueryVector(snap, "vec", []float32{1, 1}, 5, nil)
		check(t, err)
		b, err := QueryVector(freshSnap, "vec", []float32{1, 1}, 5, nil)
		check(t, err)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("vector: %v, built from scratch %v", a, b)
		}
	}
	var nodes []uint32
	for round := 0; round < 60; round++ {
		tx := begin(t, g)
		for i := 0; i < 1+rng.Intn(8); i++ {
			switch op := rng.Intn(5); {
			case op < 2 || len(nodes) == 0:
				n := must(tx.CreateNode([]uint32{doc}, map[uint32]value.Value{
					text: value.String(words[rng.Intn(5)] + " " + words[rng.Intn(5)]),
					vk:   value.Vector{float32(rng.Intn(9)), float32(rng.Intn(9) + 1)}}))(t)
				nodes = append(nodes, n)
			case op == 2:
				n := nodes[rng.Intn(len(nodes))]
				if tx.NodeExists(n) {
					check(t, tx.SetNodeProp(n, text, value.String(words[rng.Intn(5)])))
				}
			case op == 3:
				n := nodes[rng.Intn(len(nodes))]
				if tx.NodeExists(n) {
					if tx.NodeHasLabel(n, doc) {
						check(t, tx.RemoveLabel(n, doc))
					} else {
						check(t, tx.AddLabel(n, doc))
					}

				}
			default:
				n := nodes[rng.Intn(len(nodes))]
				if tx.NodeExists(n) {
					check(t, tx.DeleteNode(n, true))
				}
			}
		}
		check(t, tx.Commit())
		switch rng.Intn(4) {
		case 0:
			compare(g.Snapshot())
		case 1:
			check(t, s.Close())
			s, err = Open("db", &Options{FS: fs})
			check(t, err)
			g = mustGraph(t, s, DefaultGraph)
			if ix := g.Snapshot().search["ft"]; !ix.unbuilt() {
				t.Fatal("a reopened graph built its full-text index at open")
			}
		}
	}
	compare(g.Snapshot())
	check(t, s.Close())
}
