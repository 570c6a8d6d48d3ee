package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestOptionalCountPositionsMatchRowMode generates an OPTIONAL MATCH
// followed by a grouping whose items use count(v) of the optional
// pattern's variable inside an expression (count(b) > 0, count(b) * 2 +
// 1, NOT count(b) > 1, 10 / count(b), under CASE, AND, next to other
// aggregates), grouped by a relationship of a directed hop (one row per
// group when the hop starts from rows unique in its start), by a node,
// by a property, by nothing, by a property of the optional pattern's
// node, over rows that repeat (UNWIND, a hop from a
// node reached twice, an undirected hop), rows with nulls (an OPTIONAL
// MATCH before), parallel relationships, self-loops and optional bodies
// that fail on some matches. The planner reads such a count as the
// COUNT { } per row it is (planner/optional_count.go), a grouping of
// single rows as a projection (planner/aggregate_forms.go) and moves the
// count into the comparison that reads it (planner/fold_projection_chain.go);
// each query is compared with the same query planned row by row, on a
// store with and without an index on :A(id).
func TestOptionalCountPositionsMatchRowMode(t *testing.T) {
	t.Parallel()
	outers := []string{
		"MATCH (a)-[r]->(c)",
		"MATCH (a)<-[r]-(c)",
		"MATCH (a)-[r]-(c)",
		"MATCH (a:A {id: $x})-[r]->(c)",
		"MATCH (a:A)-[r:T]->(c)",
		"MATCH (a) MATCH (a)-[r]->(c)",
		"UNWIND [1, 1] AS d MATCH (a {id: $x})-[r]->(c)",
		"MATCH (z)-->(a)-[r]->(c)",
		"OPTIONAL MATCH (a:A {id: $x})-[r]->(c)",
		"MATCH (a:A) WITH DISTINCT a MATCH (a)-[r]->(c)",
		"MATCH (a)-->(z) WITH a, z MATCH (a)-[r]->(c)",
		"MATCH (a)-[r]->(c) WITH a, r, c MATCH (a)-[r]->(c)",
		"MATCH ()-[r]->() MATCH (a)-[r]->(c)",
	}
	optionals := []string{
		"OPTIONAL MATCH (c)-[b]->(a)",
		"OPTIONAL MATCH (c)-[b:U]->(x)",
		"OPTIONAL MATCH (c)-[b]-(x) WHERE x.k = 1",
		"OPTIONAL MATCH (c)-->(b)",
		"OPTIONAL MATCH (c)-[b]->(c)",
		"OPTIONAL MATCH (c)-[b]->(x) WHERE 6 / (x.id - 7) > 0",
		"OPTIONAL MATCH (c)-[b]->(x:A)",
	}
	keys := []string{"r", "a", "c", "r, a", "a.id AS g", "", "r, c.k AS ck", "r, b.k AS bk"}
	items := []string{
		"count(b) > 0", "count(b) = 0", "count(b) * 2 + 1", "NOT count(b) > 1", "count(b) > 0 AND a.k = 1",
		"CASE WHEN count(b) > 0 THEN 1 ELSE 0 END", "count(b) IS NULL", "count(b) + count(b)",
		"count(b) > 0 OR count(*) > 1", "count(DISTINCT b) > 0", "-count(b)", "count(b) > $one",
		"10 / count(b)", "count(b) >= 2", "size(collect(b)) > 0", "count(b) > 0 = (a.k = 1)",
		"count(b) + count(*)", "count(b) = 1 AND count(*) = 1", "count(b) + sum(a.k)", "a.k = 1 AND count(b) > 0",
		"CASE WHEN a.k = 1 THEN count(b) END", "coalesce(a.k, count(b))", "0 < count(b) < 2", "1 <= count(b) <= 1",
	}
	r := rand.New(rand.NewPCG(43, 7))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 700 {
		key := keys[r.IntN(len(keys))]
		item := items[r.IntN(len(items))]
		proj := item + " AS t"
		if key != "" {
			proj = key + ", " + proj
		}
		var ret string
		switch r.IntN(3) {
		case 0:
			ret = "RETURN t, count(*) AS n"
		case 1:
			ret = "RETURN *"
		default:
			ret = "WHERE t IS NOT NULL RETURN count(*) AS n, collect(t) AS ts"
		}
		q := fmt.Sprintf("%s %s WITH %s %s", outers[r.IntN(len(outers))], optionals[r.IntN(len(optionals))], proj, ret)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedIdxRowMode, sparseKeys)
		params := map[string]any{"x": int(seed) * 3, "one": 1}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
