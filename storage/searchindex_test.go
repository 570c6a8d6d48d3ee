package storage

import (
	"context"
	"errors"
	"testing"

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
