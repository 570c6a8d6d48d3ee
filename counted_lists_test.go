package cyq

import (
	"fmt"
	"testing"
)

// TestCountedListsMatchRowMode runs queries whose collected lists are read
// by their size in the next clause (which the planner reads as counts,
// and, after an OPTIONAL MATCH, as per-row COUNT { }s), and queries where
// the list is read otherwise, on random graphs, against the same queries
// planned row by row.
func TestCountedListsMatchRowMode(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, collect(b) AS bs WITH a, size(bs) AS n WHERE n > 1 RETURN a.id, n",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b:B) WITH a, collect(b) AS bs RETURN a.id, size(bs) AS n ORDER BY n DESC, a.id LIMIT 5",
		"MATCH (a:A) OPTIONAL MATCH (a)-->(b)-->(c) WHERE c.id > $x WITH a, collect(DISTINCT c) AS cs RETURN a.id, size(cs) AS n",
		"MATCH (a) OPTIONAL MATCH (a)<-[:U]-(b) WITH a.id % 3 AS k, collect(b.id) AS ids WITH k, size(ids) AS n RETURN k, n",
		"MATCH (a:A)-->(b) WITH a, collect(b) AS bs WITH a, size(bs) AS n, size(bs) AS m RETURN a.id, n + m",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, collect(b) AS bs WITH a, size(bs) AS n, bs RETURN a.id, n, size(bs)",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, collect(b) AS bs WHERE size(bs) > 0 RETURN a.id, size(bs)",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, collect(b) AS bs RETURN a.id, size(bs) AS n ORDER BY -size(bs), a.id",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, collect(b) AS bs RETURN a.id, [x IN bs | x.id] AS ids, size(bs) AS n",
	}
	for seed := uint64(1); seed <= 3; seed++ {
		sets, rows := plannedAndRowMode(t)
		randomGraph(t, sets, seed, 40, 120)
		randomGraph(t, rows, seed, 40, 120)
		for _, q := range queries {
			p := map[string]any{"x": 10}
			want := fmt.Sprint(canonical(mustRun(t, rows, q, p)))
			if got := fmt.Sprint(canonical(mustRun(t, sets, q, p))); got != want {
				t.Errorf("seed %d: %s\n got  %s\n want %s", seed, q, got, want)
			}
		}
	}
}
