package storage

import (
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// TestPostingTree builds index trees with addTo from random (value, node)
// pairs and checks every posting against a plain bitmap per value: the
// inline and bitmap forms, their union over a range, and uniqueness.
func TestPostingTree(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 50; round++ {
		tree := newIndexTree()
		want := map[int64]*roaring.Bitmap{}
		var entries int64
		for i, n := 0, rng.Intn(300); i < n; i++ {
			k, node := int64(rng.Intn(1+round)), uint32(rng.Intn(40))
			size, _, dup := addTo(tree, value.Int(k), node, false)
			if dup {
				t.Fatal("duplicate without unique")
			}
			if want[k] == nil {
				want[k] = roaring.New()
			}
			if want[k].CheckedAdd(node) {
				entries++
				if size == 0 {
					t.Fatalf("new node %d of %d not counted", node, k)
				}
			} else if size != 0 {
				t.Fatalf("node %d of %d counted twice", node, k)
			}
		}
		if tree.Len() != len(want) {
			t.Fatalf("%d values, want %d", tree.Len(), len(want))
		}
		all := roaring.New()
		var ps []posting
		tree.AscendFunc(minBound, maxBound, func(v value.Value, p posting) bool {
			w := want[int64(v.(value.Int))]
			if !p.bitmap().Equals(w) || p.card() != w.GetCardinality() || p.min() != w.Minimum() {
				t.Fatalf("value %v: %v, want %v", v, p.bitmap(), w)
			}
			if (p.bm == nil) != (w.GetCardinality() == 1) {
				t.Fatalf("value %v of %d nodes: inline %v", v, w.GetCardinality(), p.bm == nil)
			}
			for n := uint32(0); n < 40; n++ {
				if p.contains(n) != w.Contains(n) {
					t.Fatalf("value %v contains %d: %v", v, n, p.contains(n))
				}
			}
			all.Or(w)
			ps = append(ps, p)
			return true
		})
		if !unionPostings(ps).Equals(all) {
			t.Fatalf("union %v, want %v", unionPostings(ps), all)
		}
		// unique: a second node under a value is refused and named.
		for k, w := range want {
			if _, dupOf, dup := addTo(tree, value.Int(k), 1000, true); !dup || dupOf != w.Minimum() {
				t.Fatalf("unique add under %d: dup %v of %d", k, dup, dupOf)
			}
			break
		}
	}
}

// TestIndexOverBudget: an index opened from an image whose tree would take
// the store past its budget does not stop the open; reads answer by
// scanning instead of building it, and the same as with the tree. (An
// image of version 5, without index runs, opened read-only: a version 6
// image's indexes read their runs and build no tree.)
func TestIndexOverBudget(t *testing.T) {
	fs := vfs.NewMem()
	imageWriteVersion = 5
	defer func() { imageWriteVersion = imageVersion }()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	person := must(tx.LabelIDOrCreate("Person"))(t)
	key := must(tx.PropKeyIDOrCreate("id"))(t)
	check(t, tx.CreateIndex(person, key))
	for i := 0; i < 3000; i++ {
		must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{key: value.Int(int64(i % 2500))}))(t)
	}
	check(t, tx.Commit())
	want := g.Snapshot()
	check(t, s.Close())
	imageWriteVersion = imageVersion

	// The budget that holds everything but half the tree.
	s, err = Open("db", &Options{FS: fs, ReadOnly: true})
	check(t, err)
	used, _ := s.MemoryUsage()
	tight := used - s.unbuiltMem()/2
	if s.unbuiltMem() == 0 {
		t.Fatal("no unbuilt index tree after opening from the image")
	}
	check(t, s.Close())
	for _, budget := range []int64{0, tight, 64 << 20} {
		s, err := Open("db", &Options{FS: fs, MemoryBudget: budget, ReadOnly: true})
		if err != nil {
			t.Fatalf("budget %d: %v", budget, err)
		}
		snap := mustGraph(t, s, DefaultGraph).Snapshot()
		ix := snap.indexes[indexKey{person, key}]
		if ix == nil || ix.lazy == nil {
			t.Fatal("index not opened from the image")
		}
		for _, v := range []value.Value{value.Int(7), value.Int(2600), value.Int(2499), value.Float(100)} {
			if got, w := snap.IndexSeek(person, key, v), want.IndexSeek(person, key, v); !got.Equals(w) {
				t.Fatalf("budget %d: seek %v = %v, want %v", budget, v, got, w)
			}
		}
		if got, w := snap.IndexRange(person, key, value.Int(10), value.Int(20), true, false), want.IndexRange(person, key, value.Int(10), value.Int(20), true, false); !got.Equals(w) {
			t.Fatalf("budget %d: range = %v, want %v", budget, got, w)
		}
		built := ix.lazy.built.Load()
		if over := budget == tight; built == over {
			t.Fatalf("budget %d: tree built %v", budget, built)
		}
		check(t, s.Close())
	}
}
