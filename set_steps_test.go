package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestWideSetStepsMatchRowMode compares set-mode expansions with row-mode
// enumeration on graphs of 20,000 nodes and more, where the second step
// from a hub is wide enough to gather its neighbours one byte per node and
// to share its work between goroutines (top-down from 32,768
// relationships, bottom-up from 8,192 unvisited nodes), with self-loops,
// parallel relationships, two types, every direction, labels on the end
// node, filters and deleted nodes.
func TestWideSetStepsMatchRowMode(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("loads graphs of 20,000 nodes twice")
	}
	queries := []string{
		"MATCH (a {id: $x})-[*1..2]->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})<-[*1..2]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[*1..2]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[:T*1..2]->(b:B) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})<-[:T|U*1..2]-(b) WHERE b.id % 5 = 0 RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[*0..2]->(b) RETURN count(DISTINCT b), sum(DISTINCT b.id)",
		"MATCH (a {id: $x})-->()-->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})<--()<--(b:A) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[:T]->()<-[:U]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-->()-->(b) WITH DISTINCT b RETURN count(b), max(b.id)",
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		n := 20000 + r.IntN(4000)
		var rels []any
		add := func(s, e int) {
			t := "T"
			if r.IntN(3) == 0 {
				t = "U"
			}
			rels = append(rels, map[string]any{"s": s, "e": e, "t": t})
		}
		// Hubs: node 0 points to half the graph and half the graph points
		// to node 1, so that the second step from them is wide.
		for e := 2; e < n; e++ {
			if r.IntN(2) == 0 {
				add(0, e)
			}
			if r.IntN(2) == 0 {
				add(e, 1)
			}
		}
		for i := 0; i < n*3; i++ {
			s, e := r.IntN(n), r.IntN(n)
			switch r.IntN(20) {
			case 0:
				e = s // self-loop
			case 1:
				add(s, e) // parallel
			}
			add(s, e)
		}
		load := func(o *Options) *DB {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			mustRun(t, db, "UNWIND range(0, $n - 1) AS i CREATE (x:N {id: i}) WITH x, i WHERE i % 3 = 0 SET x:A", map[string]any{"n": n})
			mustRun(t, db, "MATCH (x) WHERE x.id % 3 <> 0 SET x:B", nil)
			mustRun(t, db, "CREATE INDEX FOR (x:N) ON (x.id)", nil)
			mustRun(t, db, `UNWIND $rels AS p MATCH (s:N {id: p.s}), (e:N {id: p.e})
				FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T]->(e))
				FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U]->(e))`, map[string]any{"rels": rels})
			mustRun(t, db, "MATCH (x) WHERE x.id % 101 = 7 DETACH DELETE x", nil)
			return db
		}
		dbs := map[string]*DB{"planned": load(nil), "row-mode": load(&Options{RowModeOnly: true})}
		for _, q := range queries {
			for _, x := range []int{0, 1, 3} {
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d (%d nodes, %d rels)", seed, n, len(rels)), q, map[string]any{"x": x}, &runs, &failed)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs", runs)
}
