package storage

import (
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// TestExpandSetRandom: over a random graph with hubs, ExpandSet of
// frontiers from one node to all of them equals the union of their
// Neighbors, whether it stays sparse, turns dense part-way (after
// lists small and large were gathered) or is dense from the start.
func TestExpandSetRandom(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	r := must(tx.TypeIDOrCreate("R"))(t)
	q := must(tx.TypeIDOrCreate("Q"))(t)
	const n = 3000
	var ns []uint32
	for i := 0; i < n; i++ {
		ns = append(ns, must(tx.CreateNode(nil, nil))(t))
	}
	rnd := rand.New(rand.NewSource(7))
	for i := 0; i < 4*n; i++ {
		a := ns[rnd.Intn(n)]
		if rnd.Intn(10) == 0 {
			a = ns[rnd.Intn(5)] // hubs: lists past bitmapCacheMin
		}
		ty := r
		if rnd.Intn(3) == 0 {
			ty = q
		}
		must(tx.CreateRel(a, ns[rnd.Intn(n)], ty, nil))(t)
	}
	check(t, tx.Commit())
	snap := g.Snapshot()
	for round := 0; round < 200; round++ {
		front := roaring.New()
		size := 1 << rnd.Intn(12)
		for k := 0; k < size; k++ {
			front.Add(ns[rnd.Intn(n)])
		}
		if rnd.Intn(4) == 0 {
			front.Add(ns[rnd.Intn(5)])
		}
		for _, d := range []Direction{Out, In, Both} {
			for _, ty := range []uint32{r, q, AnyType} {
				want := roaring.New()
				front.Iterate(func(x uint32) bool {
					want.Or(snap.Neighbors(x, d, ty))
					return true
				})
				if got := snap.ExpandSet(front, d, ty); !got.Equals(want) {
					t.Fatalf("round %d (%d nodes) %v %d: %d neighbours, want %d", round, front.GetCardinality(), d, ty, got.GetCardinality(), want.GetCardinality())
				}
			}
		}
	}
}
