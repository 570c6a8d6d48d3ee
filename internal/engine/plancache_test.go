package engine

import (
	"context"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// impliedLabelGraph creates messages, each with a HAS_CREATOR relationship
// to a person: every HAS_CREATOR relationship ends at a Person, so plans
// of (m)-[:HAS_CREATOR]->(p:Person) need not check p's label (they rely
// on the data). The Doc nodes also have a creator (a Person or not).
func impliedLabelGraph(tb testing.TB, eng *Engine) {
	tb.Helper()
	for _, q := range []string{
		"CREATE INDEX FOR (m:Message) ON (m.id)",
		"UNWIND range(0, 99) AS i CREATE (:Person {id: i})",
		"UNWIND range(0, 1999) AS i MATCH (p:Person {id: i % 100}) CREATE (:Message {id: i})-[:HAS_CREATOR]->(p)",
		"UNWIND range(0, 199) AS i MATCH (p:Person {id: i % 100}) CREATE (:Doc {id: i})-[:AUTHOR]->(p)",
		"CREATE (:Doc {id: 1000})-[:AUTHOR]->(:Bot {id: 1})",
	} {
		mustQuery(tb, eng, q, nil)
	}
}

func mustQuery(tb testing.TB, eng *Engine, q string, params map[string]any) int {
	tb.Helper()
	rows, err := eng.Query(context.Background(), q, params)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	all, err := rows.All()
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return len(all)
}

// BenchmarkPlanCache runs a point query whose plan relies on the data
// (the end node's label is implied by the statistics) and one whose plan
// does not, each many times: both should cost a cached plan's run.
func BenchmarkPlanCache(b *testing.B) {
	eng, err := Open("", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	impliedLabelGraph(b, eng)
	for _, c := range []struct{ name, query string }{
		{"data-dependent", "MATCH (m:Message {id: $id})-[:HAS_CREATOR]->(p:Person) RETURN p.id"},
		{"plain", "MATCH (m:Message {id: $id})-[:HAS_CREATOR]->(p) RETURN p.id"},
	} {
		b.Run(c.name, func(b *testing.B) {
			params := map[string]any{"id": 77}
			for b.Loop() {
				if n := mustQuery(b, eng, c.query, params); n != 1 {
					b.Fatalf("%d rows", n)
				}
			}
		})
	}
}

// TestPlanCacheChecksAssumedCounts checks that a plan relying on the data
// (a label implied by exact counts) is reused while the counts hold and
// replaced once a write changes them, so the query still answers right.
func TestPlanCacheChecksAssumedCounts(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	impliedLabelGraph(t, eng)
	const q = "MATCH (m:Message {id: $id})-[:HAS_CREATOR]->(p:Person) RETURN p.id"
	first, err := eng.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Assumes) == 0 {
		t.Fatalf("the plan does not rely on the data:\n%s", first.Plan.Explain())
	}
	if again, _ := eng.Compile(q); again != first {
		t.Errorf("the plan was compiled again while its counts hold")
	}
	// A write elsewhere keeps the counts, and the plan.
	mustQuery(t, eng, "CREATE (:Person {id: 500})", nil)
	if again, _ := eng.Compile(q); again != first {
		t.Errorf("the plan was compiled again after a write that keeps its counts")
	}
	// A message whose creator is not a Person (no new label, type or key,
	// the node count's magnitude unchanged): the label must be checked.
	mustQuery(t, eng, "MATCH (d:Doc {id: 0}) CREATE (:Message {id: 5000})-[:HAS_CREATOR]->(d)", nil)
	if n := mustQuery(t, eng, q, map[string]any{"id": 5000}); n != 0 {
		t.Errorf("a Doc was returned as a Person: %d rows", n)
	}
	if n := mustQuery(t, eng, q, map[string]any{"id": 77}); n != 1 {
		t.Errorf("%d rows for a message with a Person creator, want 1", n)
	}
	if again, _ := eng.Compile(q); again == first || len(again.Assumes) > 0 {
		t.Errorf("the plan was not replaced after its counts changed:\n%s", again.Plan.Explain())
	}
}

// TestPlanCacheReuse checks that a query is planned once and then reused:
// on the engine's graph, on another graph named by USE (whose engine is
// made per statement and shares the cache), and that a new label, type
// or property key (which the cost model reads) has the plan made again.
func TestPlanCacheReuse(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if _, err := eng.Store().CreateGraph("other"); err != nil {
		t.Fatal(err)
	}
	mustQuery(t, eng, "CREATE (:A {k: 1})-[:R]->(:B)", nil)
	mustQuery(t, eng, "USE other CREATE (:A {k: 1})", nil)
	for _, c := range []struct{ query, change string }{
		{"MATCH (a:A)-[:R]->(b) RETURN a.k, b", "CREATE (:C)"},
		{"USE other MATCH (a:A) RETURN a.k", "USE other CREATE ()-[:S]->()"},
		{"MATCH (a:A) WHERE a.k = 1 RETURN count(*)", "CREATE ({q: 2})"},
	} {
		mustQuery(t, eng, c.query, nil)
		before := eng.PlanCacheCounts()
		mustQuery(t, eng, c.query, nil)
		mustQuery(t, eng, c.query, nil)
		if got := eng.PlanCacheCounts(); got.Compiles != before.Compiles || got.Hits != before.Hits+2 {
			t.Errorf("%s: %d compiles and %d hits over two runs, want 0 and 2", c.query, got.Compiles-before.Compiles, got.Hits-before.Hits)
		}
		mustQuery(t, eng, c.change, nil)
		before = eng.PlanCacheCounts()
		mustQuery(t, eng, c.query, nil)
		if got := eng.PlanCacheCounts(); got.Compiles != before.Compiles+1 {
			t.Errorf("%s: not planned again after %s", c.query, c.change)
		}
	}
}

// BenchmarkPlanCacheHit is the cost of finding a cached plan and checking
// that it still holds (parsing comes from the statement cache): what
// every run of a cached query pays before its program starts.
func BenchmarkPlanCacheHit(b *testing.B) {
	eng, err := Open("", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	impliedLabelGraph(b, eng)
	const q = "MATCH (m:Message {id: $id})-[:HAS_CREATOR]->(p:Person) RETURN p.id"
	first, err := eng.Compile(q)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if c, _ := eng.Compile(q); c != first {
			b.Fatal("planned again")
		}
	}
}

// BenchmarkPlanCacheHitParams is BenchmarkPlanCacheHit for a run with
// parameter values: the hit also derives the values' estimate class (the
// seek's degree probe) and checks the plan serves it.
func BenchmarkPlanCacheHitParams(b *testing.B) {
	eng, err := Open("", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	impliedLabelGraph(b, eng)
	const q = "MATCH (m:Message {id: $id})-[:HAS_CREATOR]->(p:Person) RETURN p.id"
	st, err := eng.Parse(q)
	if err != nil {
		b.Fatal(err)
	}
	g, err := eng.Graph()
	if err != nil {
		b.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	params := map[string]value.Value{"id": value.Int(77)}
	first, err := eng.compile(st, q, snap, params)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if c, _ := eng.compile(st, q, snap, params); c != first {
			b.Fatal("planned again")
		}
	}
}
