package storage

import (
	"math/rand"
	"slices"
	"testing"
)

// TestPairsRandom: over random graphs with hubs (lists past
// bitmapCacheMin), self-loops, parallel relationships, two types and
// deleted nodes, in a snapshot and in a transaction with writes of its
// own, Linked answers as Neighbors(...).Contains does for every pair of
// nodes, direction and type, and RelsBetween lists exactly the
// relationships Expand reports between the pair in each direction (with
// Both a self-loop once).
func TestPairsRandom(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		s, _ := openMem(t)
		g := mustGraph(t, s, DefaultGraph)
		tx := begin(t, g)
		r := must(tx.TypeIDOrCreate("R"))(t)
		q := must(tx.TypeIDOrCreate("Q"))(t)
		const n = 120
		var ns []uint32
		for i := 0; i < n; i++ {
			ns = append(ns, must(tx.CreateNode(nil, nil))(t))
		}
		rnd := rand.New(rand.NewSource(seed))
		addRels := func(tx *Tx, ns []uint32, k int) {
			for i := 0; i < k; i++ {
				a, b := ns[rnd.Intn(len(ns))], ns[rnd.Intn(len(ns))]
				switch rnd.Intn(8) {
				case 0, 2, 3:
					a = ns[rnd.Intn(3)] // hubs: lists past bitmapCacheMin
				case 1:
					b = a // self-loops
				}
				ty := r
				if rnd.Intn(3) == 0 {
					ty = q
				}
				must(tx.CreateRel(a, b, ty, nil))(t)
				if rnd.Intn(6) == 0 {
					must(tx.CreateRel(a, b, ty, nil))(t) // parallel
				}
			}
		}
		addRels(tx, ns, 4*n)
		check(t, tx.DeleteNode(ns[n-1], true))
		check(t, tx.Commit())
		live := ns[:n-1]
		checkPairs := func(rd interface {
			Reader
		}) {
			for i := 0; i < 3000; i++ {
				a, b := live[rnd.Intn(len(live))], live[rnd.Intn(len(live))]
				if i%7 == 0 {
					a = live[rnd.Intn(3)]
				}
				if i%11 == 0 {
					b = a
				}
				for _, d := range []Direction{Out, In, Both} {
					for _, ty := range []uint32{r, q, AnyType} {
						if got, want := rd.Linked(a, d, ty, b), rd.Neighbors(a, d, ty).Contains(b); got != want {
							t.Fatalf("seed %d: Linked(%d, %v, %d, %d) = %v, want %v", seed, a, d, ty, b, got, want)
						}
					}
				}
				cmp := func(x, y [4]uint64) int {
					return slices.Compare(x[:], y[:])
				}
				for _, d := range []Direction{Out, In, Both} {
					var want, got [][4]uint64
					rd.Expand(a, d, AnyType, func(rel uint64, nbr uint32, typ uint32) bool {
						if nbr == b {
							s, e, _, _ := rd.Rel(rel)
							want = append(want, [4]uint64{rel, uint64(s), uint64(e), uint64(typ)})
						}
						return true
					})
					rd.RelsBetween(a, b, d, func(rel uint64, start, end, typ uint32) bool {
						got = append(got, [4]uint64{rel, uint64(start), uint64(end), uint64(typ)})
						return true
					})
					slices.SortFunc(want, cmp)
					slices.SortFunc(got, cmp)
					if !slices.Equal(got, want) {
						t.Fatalf("seed %d: RelsBetween(%d, %d, %v) = %v, want %v", seed, a, b, d, got, want)
					}
				}
			}
		}
		snap := g.Snapshot()
		checkPairs(snap)
		tx = begin(t, g)
		addRels(tx, live, n)
		checkPairs(tx)
		tx.Rollback()
	}
}
