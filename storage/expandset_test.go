package storage

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// TestExpandSetRandom: over a random graph with hubs, ExpandSet of
// frontiers from one node to all of them equals the union of their
// Neighbors, whether it gathers them sparse (small and large lists) or
// dense (frontiers with maxID/32 relationships or more).
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

// TestExpandSetExceptRandom: over random graphs with self-loops, parallel
// relationships, two types and deleted nodes, ExpandSetExcept equals
// ExpandSet minus except for frontiers and visited sets of every size, in
// every direction; the bottom-up step agrees with it whenever it finishes
// (run here without a budget), and gives up when its budget runs out.
func TestExpandSetExceptRandom(t *testing.T) {
	charges := 0 // steps that charged a buffer
	defer func() {
		if charges == 0 {
			t.Error("no step charged a buffer")
		}
	}()
	for seed := int64(1); seed <= 3; seed++ {
		s, _ := openMem(t)
		g := mustGraph(t, s, DefaultGraph)
		tx := begin(t, g)
		r := must(tx.TypeIDOrCreate("R"))(t)
		q := must(tx.TypeIDOrCreate("Q"))(t)
		rnd := rand.New(rand.NewSource(seed))
		n := 200 + rnd.Intn(800)
		var ns []uint32
		for i := 0; i < n; i++ {
			ns = append(ns, must(tx.CreateNode(nil, nil))(t))
		}
		for i := 0; i < (2+rnd.Intn(6))*n; i++ {
			a, b := ns[rnd.Intn(n)], ns[rnd.Intn(n)]
			switch rnd.Intn(12) {
			case 0:
				b = a // self-loop
			case 1:
				a = ns[rnd.Intn(4)] // hubs
			case 2:
				must(tx.CreateRel(a, b, r, nil))(t) // parallel
			}
			ty := r
			if rnd.Intn(3) == 0 {
				ty = q
			}
			must(tx.CreateRel(a, b, ty, nil))(t)
		}
		for i := 0; i < n/20; i++ {
			if id := ns[rnd.Intn(n)]; tx.NodeExists(id) {
				check(t, tx.DeleteNode(id, true))
			}
		}
		check(t, tx.Commit())
		snap := g.Snapshot()
		random := func(size int) *roaring.Bitmap {
			b := roaring.New()
			for k := 0; k < size; k++ {
				b.Add(ns[rnd.Intn(n)]) // deleted nodes too
			}
			return b
		}
		for round := 0; round < 100; round++ {
			front := random(1 << rnd.Intn(10))
			except := random(rnd.Intn(2 * n))
			if rnd.Intn(3) == 0 {
				except.Or(front) // a BFS's frontier is in its visited set
			}
			for _, d := range []Direction{Out, In, Both} {
				for _, ty := range []uint32{r, q, AnyType, 99} {
					want := snap.ExpandSet(front, d, ty)
					want.AndNot(except)
					if got := snap.ExpandSetExcept(front, except, d, ty); !got.Equals(want) {
						t.Fatalf("seed %d round %d %v %d: ExpandSetExcept has %d nodes, want %d", seed, round, d, ty, got.GetCardinality(), want.GetCardinality())
					}
					// Charged: the same set, every charge given back, and
					// a refused charge stops the step with its error.
					var held, peak int64
					charged, err := snap.ExpandSetCharged(front, except, d, ty, func(n int64) error {
						held += n
						peak = max(peak, held)
						return nil
					})
					if peak > 0 {
						charges++
					}
					if err != nil || !charged.Equals(want) || held != 0 {
						t.Fatalf("seed %d round %d %v %d: charged step has %d nodes (%v), %d bytes left charged", seed, round, d, ty, charged.GetCardinality(), err, held)
					}
					refused := errors.New("refused")
					charged, err = snap.ExpandSetCharged(front, except, d, ty, func(n int64) error {
						if n > 0 {
							return refused
						}
						return nil
					})
					if peak > 0 && (err != refused || !charged.IsEmpty()) || peak == 0 && (err != nil || !charged.Equals(want)) {
						t.Fatalf("seed %d round %d %v %d: refused step: %v, %d nodes (peak charge %d)", seed, round, d, ty, err, charged.GetCardinality(), peak)
					}
					got, ok, _ := snap.expandBottomUp(front, except, d, ty, ^uint64(0), nil)
					if !ok || !got.Equals(want) {
						t.Fatalf("seed %d round %d %v %d: bottom-up has %d nodes (finished %v), want %d", seed, round, d, ty, got.GetCardinality(), ok, want.GetCardinality())
					}
					if _, ok, _ := snap.expandBottomUp(front, except, d, ty, 0, nil); ok && !want.IsEmpty() {
						t.Fatalf("seed %d round %d %v %d: bottom-up finished within no budget", seed, round, d, ty)
					}
				}
			}
		}
	}
}
