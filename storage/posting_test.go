package storage

import (
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
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
