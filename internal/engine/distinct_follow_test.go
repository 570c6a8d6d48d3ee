package engine

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// TestPlanFollowsCommittedDistinct checks that the distinct count of an
// unindexed property follows commits between image writes: A's p goes
// from 10 distinct values over 1,000 nodes to 100,010 over 101,000 (one
// commit, no image written, the statistics still current: the graph has
// 600,000 relationships besides), and the join of A and B on unknown
// values of p and q, which started from B (20 nodes a value of q against
// 100 of p), starts from A (one node a value); the plan cache plans it
// again. Without the commits' distinct-count registers the estimate stays
// at 10 and the plan with it.
func TestPlanFollowsCommittedDistinct(t *testing.T) {
	eng, err := Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	g := engineGraph(t, eng)
	const as, bs, bg = 1000, 20000, 600000
	load := storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		a, bl, p, q, r, s := b.LabelID("A"), b.LabelID("B"), b.PropKeyID("p"), b.PropKeyID("q"), b.TypeID("R"), b.TypeID("S")
		for i := 0; i < as; i++ {
			if _, err := b.AddNode([]uint32{a}, map[uint32]value.Value{p: value.Int(int64(i % 10))}); err != nil {
				return err
			}
		}
		for i := 0; i < bs; i++ {
			if _, err := b.AddNode([]uint32{bl}, map[uint32]value.Value{q: value.Int(int64(i % 1000))}); err != nil {
				return err
			}
		}
		for i := 0; i < as; i++ {
			if _, err := b.AddRel(uint32(i), uint32(as+i*7%bs), r, nil); err != nil {
				return err
			}
		}
		for i := 0; i < bg; i++ {
			if _, err := b.AddRel(uint32(as+i%bs), uint32(as+(i*7919)%bs), s, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err := g.BulkLoad(context.Background(), load, nil); err != nil {
		t.Fatal(err)
	}
	s := currentStats(t, eng)
	if d := s.DistinctValues("A", "p"); math.Abs(d-10) > 0.5 {
		t.Fatalf("distinct p after the load: %v, want 10", d)
	}
	const q = "MATCH (a:A)-[:R]->(b:B) WHERE a.p = $x AND b.q = $y RETURN count(*)"
	first, err := eng.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	before := first.Plan.Explain()
	mustQuery(t, eng, "UNWIND range(1, 100000) AS i CREATE (:A {p: 100 + i})", nil)
	s = currentStats(t, eng)
	if _, ok := s.persisted("A", "p"); !ok {
		t.Fatal("the value statistics went stale: the test needs them current")
	}
	if d := s.DistinctValues("A", "p"); d < 100010*0.95 || d > 100010*1.05 {
		t.Errorf("distinct p after the commit: %v, want 100,010 within 5%%", d)
	}
	counts := eng.PlanCacheCounts()
	after, err := eng.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	if got := eng.PlanCacheCounts(); got.Compiles != counts.Compiles+1 {
		t.Error("not planned again after p's distinct values grew from 10 to 100,010")
	}
	flipped := after.Plan.Explain()
	if flipped == before {
		t.Fatalf("the same plan for 10 and for 100,010 distinct values of p:\n%s", flipped)
	}
	// The scan that starts the plan: B's before, A's after.
	first1, first2 := startScan(before), startScan(flipped)
	if !strings.Contains(first1, ":B") || !strings.Contains(first2, ":A") {
		t.Errorf("the plan should start from B, then from A:\n%s\nthen\n%s", before, flipped)
	}
	if fresh := freshPlan(t, eng, q); fresh != flipped {
		t.Errorf("the plan after the write:\n%s\nplanned from scratch:\n%s", flipped, fresh)
	}
}

// startScan is the innermost (last) line of an EXPLAIN naming a label
// scan or seek: where the plan starts.
func startScan(explain string) string {
	lines := strings.Split(strings.TrimSpace(explain), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], ":A") || strings.Contains(lines[i], ":B") {
			return lines[i]
		}
	}
	return ""
}
