package vm

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// degreeList is a graph that knows only its nodes' degrees.
type degreeList struct {
	Graph
	deg        []int
	concurrent bool
}

func (g degreeList) Degree(n uint32, _ Direction, _ uint32) int { return g.deg[n] }
func (g degreeList) ConcurrentReads() bool                      { return g.concurrent }

// wantDegreeTop is degreeTop's answer by its definition: the nodes (of
// degree > 0 unless keepZero) fewer than k of which have a strictly
// better degree; all of them when k is not a count.
func wantDegreeTop(nodes *roaring.Bitmap, deg []int, k int64, desc, keepZero bool) *roaring.Bitmap {
	if k < 0 {
		return nodes
	}
	var rows []uint32
	for _, n := range nodes.ToArray() {
		if deg[n] > 0 || keepZero {
			rows = append(rows, n)
		}
	}
	out := roaring.New()
	for _, n := range rows {
		better := 0
		for _, o := range rows {
			if worse(deg[n], deg[o], desc) {
				better++
			}
		}
		if int64(better) < k {
			out.Add(n)
		}
	}
	return out
}

// TestDegreeTop checks degreeTop against its definition on random degree
// lists (many ties, zeros), node sets with gaps, k from 0 to beyond the
// nodes, both orders, with and without zero degrees, on one goroutine and
// shared between several taking small ranges, and that LIMIT or SKIP
// values that are no counts keep every node.
func TestDegreeTop(t *testing.T) {
	defer func(c, p uint64) { degreeTopChunk, degreeTopParallelMin = c, p }(degreeTopChunk, degreeTopParallelMin)
	degreeTopChunk, degreeTopParallelMin = 8, 1
	r := rand.New(rand.NewPCG(18, 1))
	runs, failed := 0, 0
	for round := 0; round < 400; round++ {
		n := 1 + r.IntN(200)
		deg := make([]int, n)
		spread := 1 + r.IntN(6)
		for i := range deg {
			deg[i] = r.IntN(spread)
			if r.IntN(20) == 0 {
				deg[i] = 50 + r.IntN(3)
			}
		}
		nodes := roaring.New()
		for i := 0; i < n; i++ {
			if r.IntN(4) > 0 {
				nodes.Add(uint32(i))
			}
		}
		g := degreeList{deg: deg, concurrent: r.IntN(2) == 0}
		for _, desc := range []bool{true, false} {
			for _, keepZero := range []bool{true, false} {
				k := int64(r.IntN(n + 5))
				var limit, skip value.Value = value.Int(k), nil
				if k > 0 && r.IntN(2) == 0 {
					s := r.Int64N(k + 1)
					limit, skip = value.Int(k-s), value.Int(s)
				}
				want := wantDegreeTop(nodes, deg, k, desc, keepZero)
				switch r.IntN(8) {
				case 0:
					limit = value.Int(-1)
					want = nodes
				case 1:
					skip = value.String("1")
					want = nodes
				case 2:
					limit = value.NullValue
					want = nodes
				}
				m := NewMachine(context.Background(), &Program{}, g, nil, nil, Limits{})
				got, err := m.degreeTop(nodes, &DegreeTopSpec{KeepZero: keepZero, Desc: desc}, limit, skip)
				runs++
				if err != nil {
					t.Fatal(err)
				}
				// got holds want, and besides only nodes the degree read
				// after the scan drops (degree zero, without keepZero).
				extra := roaring.AndNot(got, want)
				ok := roaring.AndNot(want, got).IsEmpty() && roaring.AndNot(got, nodes).IsEmpty()
				for _, n := range extra.ToArray() {
					ok = ok && !keepZero && deg[n] == 0
				}
				if !ok {
					failed++
					if failed <= 10 {
						t.Errorf("round %d, %d nodes, desc %v, keepZero %v, limit %v, skip %v:\n got %v\nwant %v\ndegrees %v", round, nodes.GetCardinality(), desc, keepZero, limit, skip, got.ToArray(), want.ToArray(), degreesOf(nodes, deg))
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d differ", runs, failed)
}

func degreesOf(nodes *roaring.Bitmap, deg []int) string {
	var s []string
	for _, n := range nodes.ToArray() {
		s = append(s, fmt.Sprintf("%d:%d", n, deg[n]))
	}
	slices.Sort(s)
	return fmt.Sprint(s)
}

// TestDegreeTopLimits checks that a cancelled query stops, and that the
// nodes read count as steps against the budget.
func TestDegreeTopLimits(t *testing.T) {
	deg := make([]int, 5000)
	for i := range deg {
		deg[i] = i % 7
	}
	nodes := roaring.New()
	nodes.AddRange(0, 5000)
	g := degreeList{deg: deg, concurrent: true}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := NewMachine(ctx, &Program{}, g, nil, nil, Limits{})
	if _, err := m.degreeTop(nodes, &DegreeTopSpec{Desc: true}, value.Int(3), nil); err == nil {
		t.Error("a cancelled query ran to its end")
	}
	m = NewMachine(context.Background(), &Program{}, g, nil, nil, Limits{MaxSteps: 1000})
	if _, err := m.degreeTop(nodes, &DegreeTopSpec{Desc: true}, value.Int(3), nil); err == nil {
		t.Error("5,000 degrees read under a budget of 1,000 steps")
	}
	m = NewMachine(context.Background(), &Program{}, g, nil, nil, Limits{MaxSteps: 100000})
	if _, err := m.degreeTop(nodes, &DegreeTopSpec{Desc: true}, value.Int(3), nil); err != nil || m.steps < 5000 {
		t.Errorf("steps %d, error %v", m.steps, err)
	}
}
