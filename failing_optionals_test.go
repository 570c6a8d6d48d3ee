package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestFailingOptionalsMatchRowMode generates queries with an OPTIONAL
// MATCH whose new variables nothing after it reads, followed by an
// aggregation that does not see repeated rows (count(DISTINCT v), with
// and without grouping keys, several such counts, a union of collects
// unwound and counted distinct) and near-misses (count(*), a count of
// the OPTIONAL's variable, a later read of it). The OPTIONAL MATCH has a
// WHERE or inline test that fails on some matches (division by zero,
// arithmetic on a string, a property of an integer), that may fail but
// does not on this graph, or that cannot fail. The planner leaves such an
// OPTIONAL MATCH out only where matching it cannot fail
// (planner/failing_optionals.go); each query is compared with the same
// query planned row by row.
func TestFailingOptionalsMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (a {id: $x})", "MATCH (a:A)", "MATCH (a) WHERE a.id < 5", "MATCH (a:A)-->(b)",
		"UNWIND [1, 2] AS d MATCH (a {id: $x})", "MATCH (a {id: $x}) WITH a, 7 AS w",
	}
	optionals := []string{
		"OPTIONAL MATCH (a)-->(x) WHERE 10 / x.k > 2", "OPTIONAL MATCH (a)<--(x) WHERE 10 % x.k = 1",
		"OPTIONAL MATCH (a)-->(x) WHERE 10 / (x.id % 3) > 2", "OPTIONAL MATCH (a)-->(x) WHERE x.s + 1 > 0",
		"OPTIONAL MATCH (a)-->(x) WHERE x.k.year = 1", "OPTIONAL MATCH (a)-->(x {k: 10 / (a.id % 3)})",
		"OPTIONAL MATCH (a)-->(x WHERE 6 / x.k > 1)", "OPTIONAL MATCH (a)-[r]->(x) WHERE 5 / (r.w - 1) > 0",
		"OPTIONAL MATCH (a)-->(x) WHERE 10 / (x.k + 5) > 0", "OPTIONAL MATCH (a)-->(x) WHERE x.k > 2",
		"OPTIONAL MATCH (a)-->(x) WHERE x.k IS NULL", "OPTIONAL MATCH (a)-->(x)", "OPTIONAL MATCH (a)<-[:T]-(x:B)",
		"OPTIONAL MATCH (x:A) WHERE 9 / (x.id - 3) > 0", "OPTIONAL MATCH (a)-->(x) WHERE toInteger(x.s) > 1",
		"OPTIONAL MATCH (a)-->(x) WHERE w / x.k > 1", "OPTIONAL MATCH (a)-->(x) WHERE x.k / w > 0",
		"OPTIONAL MATCH (a)-->(x) WHERE w.k > 1", "OPTIONAL MATCH (w)-->(x)",
	}
	rests := []string{
		"MATCH (y)-->(a) RETURN count(DISTINCT y) AS n", "MATCH (a)-->(y) RETURN count(DISTINCT y) AS n, count(DISTINCT a) AS m",
		"MATCH (a)-->(y) RETURN a, count(DISTINCT y) AS n", "RETURN count(DISTINCT a) AS n",
		"MATCH (a)<--(y) OPTIONAL MATCH (y)-->(z) RETURN count(DISTINCT y) AS n, count(DISTINCT z) AS m",
		"MATCH (a)-->(y) WITH collect(a) + collect(y) AS vs UNWIND vs AS v RETURN count(DISTINCT v) AS n",
		"MATCH (a)-->(y) WITH collect(DISTINCT a) + collect(DISTINCT y) AS vs UNWIND vs AS v RETURN count(DISTINCT v) AS n",
		"MATCH (y)-->(a) RETURN count(*) AS n", "MATCH (y)-->(a) RETURN count(DISTINCT x) AS n",
		"MATCH (y)-->(x) RETURN count(DISTINCT y) AS n", "RETURN a.id AS a, count(DISTINCT a) AS n",
	}
	r := rand.New(rand.NewPCG(31, 5))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 400 {
		q := prefixes[r.IntN(len(prefixes))] + " " + optionals[r.IntN(len(optionals))] + " " + rests[r.IntN(len(rests))]
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedIdxRowMode, sparseKeys, "MATCH (x) WHERE x.id % 5 = 1 SET x.s = 'w' + x.id", "MATCH ()-[r]->() SET r.w = id(r) % 4")
		params := map[string]any{"x": int(seed) * 3}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
