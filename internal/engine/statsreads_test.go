package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// flipGraph has 1,000 A nodes, each with R relationships to 100 T nodes
// (100,000 of them), the first b of which also carry label B.
func flipGraph(tb testing.TB, eng *Engine, b int) {
	tb.Helper()
	for _, q := range []string{
		"CREATE INDEX FOR (a:A) ON (a.j)",
		"UNWIND range(0, 999) AS j CREATE (:A {j: j})",
		"UNWIND range(0, 99999) AS i MATCH (a:A {j: i % 1000}) CREATE (a)-[:R]->(:T {i: i})",
	} {
		mustQuery(tb, eng, q, nil)
	}
	mustQuery(tb, eng, "MATCH (t:T) WHERE t.i < $b SET t:B", map[string]any{"b": b})
}

// freshPlan plans q anew (the cache emptied) and returns its EXPLAIN.
func freshPlan(t *testing.T, eng *Engine, q string) string {
	t.Helper()
	eng.plans.invalidate()
	c, err := eng.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	return c.Plan.Explain()
}

func graphCounts(t *testing.T, eng *Engine) (nodes, rels uint64) {
	g, err := eng.Graph()
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	return snap.NodeCount(), snap.RelCount()
}

// TestPlanFollowsCommittedCounts checks that a cached plan is planned
// again when a commit moves a count its estimates read to another class,
// with no new label, type or key, the node and relationship counts
// unchanged and no image written: label B grows from 10 nodes to 100,000
// and the join that started from B's 10 nodes starts from A's 1,000. A
// write that keeps every class keeps the plan.
func TestPlanFollowsCommittedCounts(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	flipGraph(t, eng, 10)
	const q = "MATCH (a:A)-[:R]->(b:B) RETURN a.j, b.i"
	first, err := eng.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	small := first.Plan.Explain()
	if n := mustQuery(t, eng, q, nil); n != 10 {
		t.Fatalf("%d rows, want 10", n)
	}
	// One more B node: 11 is in 10's class, the plan stays.
	mustQuery(t, eng, "MATCH (t:T {i: 10}) SET t:B", nil)
	before := eng.PlanCacheCounts()
	if again, _ := eng.Compile(q); again != first {
		t.Errorf("planned again after a write that keeps every count's class:\n%s", again.Plan.Explain())
	}
	if got := eng.PlanCacheCounts(); got.Hits != before.Hits+1 {
		t.Errorf("%d hits, want 1", got.Hits-before.Hits)
	}
	nodes, rels := graphCounts(t, eng)
	mustQuery(t, eng, "MATCH (t:T) SET t:B", nil)
	if n, r := graphCounts(t, eng); n != nodes || r != rels {
		t.Fatalf("the write changed the node or relationship count")
	}
	before = eng.PlanCacheCounts()
	after, err := eng.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	if got := eng.PlanCacheCounts(); got.Compiles != before.Compiles+1 {
		t.Errorf("not planned again after label B grew from 11 to 100,000 nodes")
	}
	large := after.Plan.Explain()
	if large == small {
		t.Fatalf("the same plan for 11 and for 100,000 B nodes:\n%s", large)
	}
	if fresh := freshPlan(t, eng, q); fresh != large {
		t.Errorf("the plan after the write:\n%s\nplanned from scratch:\n%s", large, fresh)
	}
	if n := mustQuery(t, eng, q, nil); n != 100000 {
		t.Fatalf("%d rows, want 100000", n)
	}
}

// TestPlanFollowsRandomRelabelling relabels random shares of the T nodes
// between B and C over a sequence of commits and checks after each that
// the plan the cache serves is the one planned from scratch (B's count
// moves class at every step), for queries reading label, pattern and
// distinct-value counts.
func TestPlanFollowsRandomRelabelling(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	flipGraph(t, eng, 0)
	queries := []string{
		"MATCH (a:A)-[:R]->(b:B) RETURN a.j, b.i",
		"MATCH (c:C)<-[:R]-(a:A)-[:R]->(b:B) RETURN count(*)",
		"MATCH (b:B), (c:C) WHERE b.i = c.i RETURN count(*)",
		"MATCH (b:B) WHERE b.i = 7 MATCH (b)<-[:R]-(a)-[:R]->(c:C) RETURN c.i",
	}
	mustQuery(t, eng, "MATCH (t:T) WHERE t.i % 7 = 0 SET t:C", nil)
	r := rand.New(rand.NewSource(3))
	sizes := []int{10, 100000, 30, 3000, 100000, 1, 500}
	for step, b := range sizes {
		mustQuery(t, eng, "MATCH (t:T) REMOVE t:B", nil)
		mustQuery(t, eng, "MATCH (t:T) WHERE t.i < $b SET t:B", map[string]any{"b": b})
		if r.Intn(2) == 0 {
			mustQuery(t, eng, "MATCH (t:T) REMOVE t:C", nil)
			mustQuery(t, eng, "MATCH (t:T) WHERE t.i % $m = 0 SET t:C", map[string]any{"m": 1 + r.Intn(5000)})
		}
		for _, q := range queries {
			got, err := eng.Compile(q)
			if err != nil {
				t.Fatal(err)
			}
			cached := got.Plan.Explain()
			if step > 0 && b != sizes[step-1] {
				// B's count moved class: the cache planned again.
				if fresh := freshPlan(t, eng, q); fresh != cached {
					t.Errorf("step %d (%d B nodes): %s: the cache served\n%s\nplanned from scratch:\n%s", step, b, q, cached, fresh)
				}
			}
		}
		t.Log(fmt.Sprint("step ", step, ": ", b, " B nodes"))
	}
}
