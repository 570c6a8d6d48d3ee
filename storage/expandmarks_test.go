package storage

import (
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// TestPackMarks: packing random byte marks gives the words with the same
// bits set, and leaves the marks clear for the next use.
func TestPackMarks(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	for round := 0; round < 200; round++ {
		words := 1 + rnd.Intn(40)
		marks := make([]byte, 64*words)
		want := make([]uint64, words)
		density := rnd.Intn(64) + 1
		for i := range marks {
			if rnd.Intn(density) == 0 {
				marks[i] = 1
				want[i/64] |= 1 << (i % 64)
			}
		}
		got := make([]uint64, words)
		packMarks(got, marks)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("round %d word %d: %064b, want %064b", round, i, got[i], want[i])
			}
		}
		for i, m := range marks {
			if m != 0 {
				t.Fatalf("round %d: mark %d left set", round, i)
			}
		}
	}
}

// TestExpandSetForms: ExpandSet equals the union of the frontier's
// Neighbors in each of its three forms (sparse, bits, bytes), one after
// another on the same pooled buffers, over graphs with hubs, self-loops,
// parallel relationships, two types and deleted nodes (whose ids may
// exceed every live one).
func TestExpandSetForms(t *testing.T) {
	forms := map[string]int{}
	steps, bad := 0, 0
	for seed := int64(1); seed <= 4; seed++ {
		s, _ := openMem(t)
		g := mustGraph(t, s, DefaultGraph)
		tx := begin(t, g)
		r := must(tx.TypeIDOrCreate("R"))(t)
		q := must(tx.TypeIDOrCreate("Q"))(t)
		rnd := rand.New(rand.NewSource(seed))
		n := 100 + rnd.Intn(1500)
		var ns []uint32
		for i := 0; i < n; i++ {
			ns = append(ns, must(tx.CreateNode(nil, nil))(t))
		}
		for i := 0; i < (1+rnd.Intn(8))*n; i++ {
			a, b := ns[rnd.Intn(n)], ns[rnd.Intn(n)]
			switch rnd.Intn(10) {
			case 0:
				b = a
			case 1:
				a = ns[rnd.Intn(3)]
			case 2:
				must(tx.CreateRel(a, b, r, nil))(t)
			}
			ty := r
			if rnd.Intn(3) == 0 {
				ty = q
			}
			must(tx.CreateRel(a, b, ty, nil))(t)
		}
		// Delete some of the highest ids, so that lists may name nodes
		// past the live maximum until they are cleaned.
		for i := 0; i < n/10; i++ {
			if id := ns[n-1-rnd.Intn(n/5)]; tx.NodeExists(id) {
				check(t, tx.DeleteNode(id, true))
			}
		}
		check(t, tx.Commit())
		snap := g.Snapshot()
		v := snap.version
		maxID := v.all.Maximum()
		for round := 0; round < 150; round++ {
			front := roaring.New()
			for k := 1 << rnd.Intn(11); k > 0; k-- {
				front.Add(ns[rnd.Intn(n)])
			}
			for _, d := range []Direction{Out, In, Both} {
				for _, ty := range []uint32{r, q, AnyType} {
					want := roaring.New()
					front.Iterate(func(x uint32) bool {
						want.Or(snap.Neighbors(x, d, ty))
						return true
					})
					got := snap.ExpandSet(front, d, ty)
					steps++
					if !got.Equals(want) {
						if bad++; bad <= 3 {
							t.Errorf("seed %d round %d (%d nodes) %v %d: %d neighbours, want %d", seed, round, front.GetCardinality(), d, ty, got.GetCardinality(), want.GetCardinality())
						}
					}
					entries := v.entriesUpTo(front, d, ty, ^uint64(0))
					bound := uint64(maxID) / 32
					switch {
					case front.GetCardinality()*v.averageDegree(d, ty)*countFirstFactor < bound:
						forms["sparse"]++
					case entries >= uint64(maxID)/markFactor:
						forms["bytes"]++
					case entries >= bound:
						forms["bits"]++
					default:
						forms["sparse"]++
					}
				}
			}
		}
	}
	for _, f := range []string{"sparse", "bits", "bytes"} {
		if forms[f] < 50 {
			t.Errorf("only %d steps gathered as %s: %v", forms[f], f, forms)
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d steps wrong", bad, steps)
	}
	t.Logf("steps per form: %v", forms)
}

// TestParallelSteps: on a graph large enough for set-expansion steps to
// share their work between goroutines, for frontiers and visited sets of
// many sizes, in every direction and type, whether they run on one
// goroutine or several: ExpandSet equals the union of the frontier's
// Neighbors, and the bottom-up step equals ExpandSet minus the visited
// set (and gives up when its budget runs out).
func TestParallelSteps(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	r := must(tx.TypeIDOrCreate("R"))(t)
	q := must(tx.TypeIDOrCreate("Q"))(t)
	rnd := rand.New(rand.NewSource(11))
	const n = 20000
	ns := make([]uint32, n)
	for i := range ns {
		ns[i] = must(tx.CreateNode(nil, nil))(t)
	}
	for i := 0; i < 3*n; i++ {
		a, b := ns[rnd.Intn(n)], ns[rnd.Intn(n)]
		switch rnd.Intn(12) {
		case 0:
			b = a
		case 1:
			a = ns[rnd.Intn(4)]
		case 2:
			must(tx.CreateRel(a, b, r, nil))(t)
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
	v := snap.version
	random := func(size int) *roaring.Bitmap {
		b := roaring.New()
		for k := 0; k < size; k++ {
			b.Add(ns[rnd.Intn(n)])
		}
		return b
	}
	steps, bad, parallel, gaveUp, shared := 0, 0, 0, 0, 0
	for round := 0; round < 40; round++ {
		front := random(1 << (7 + rnd.Intn(8)))
		except := random(rnd.Intn(n))
		except.Or(front)
		if ex := except.GetCardinality(); ex+parallelMin <= (uint64(v.all.Maximum())/64+1)*64 {
			parallel++
		}
		for _, d := range []Direction{Out, In, Both} {
			for _, ty := range []uint32{r, q, AnyType} {
				want := snap.ExpandSet(front, d, ty)
				union := roaring.New()
				front.Iterate(func(x uint32) bool {
					union.Or(snap.Neighbors(x, d, ty))
					return true
				})
				if !want.Equals(union) {
					if bad++; bad <= 3 {
						t.Errorf("round %d %v %d: ExpandSet has %d nodes, want %d", round, d, ty, want.GetCardinality(), union.GetCardinality())
					}
				}
				if v.entriesUpTo(front, d, ty, ^uint64(0)) >= max(topDownParallelMin, uint64(v.all.Maximum())/markFactor) {
					shared++
				}
				want = union
				want.AndNot(except)
				got, ok, err := v.expandBottomUp(front, except, d, ty, ^uint64(0), nil)
				check(t, err)
				steps++
				if !ok || !got.Equals(want) {
					if bad++; bad <= 3 {
						t.Errorf("round %d %v %d: bottom-up ok=%v", round, d, ty, ok)
					}
				}
				if _, ok, _ := v.expandBottomUp(front, except, d, ty, uint64(rnd.Intn(100)), nil); !ok {
					gaveUp++
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d steps wrong", bad, steps)
	}
	if parallel < 10 || gaveUp < 100 || shared < 30 {
		t.Errorf("only %d bottom-up rounds on several goroutines, %d steps gave up, %d top-down steps shared", parallel, gaveUp, shared)
	}
	t.Logf("%d steps: %d bottom-up rounds on several goroutines, %d gave up, %d top-down steps shared", steps, parallel, gaveUp, shared)
}
