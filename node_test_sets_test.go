package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestNodeTestSetsMatchRowMode generates filters that test one node of a
// pattern against constants — an OR split into branches whose later
// branches exclude the earlier disjuncts ((P) IS NULL OR NOT P), a
// disjunct kept as a filter, a plain equality, IN, a null test (true of
// nodes without the property), a test that fails on some nodes — over
// expansions whose end carries a label a check proves, or that every
// relationship of the type implies (W relationships all end at :A and
// start at :B), or no label, with the node also null (OPTIONAL MATCH),
// or rebound by a WITH to a value null on some rows or to a map of its
// properties, NOT of tests null on some nodes (seekable by an index on
// k in one variant: NOT P is no exclusion), over variable-length expansions and quantified paths (a
// minimum of 0 too, whose end may be the start), with parallel
// relationships and self-loops, and consumers that count
// rows, count distinct nodes, fold a CASE on the excluded disjunct, list
// the rows or make them distinct. The planner decides such a test as
// membership in the set of the nodes that pass it, built once
// (planner/node_test_sets.go); each query is compared with the same
// query planned row by row, on stores with and without indexes.
func TestNodeTestSetsMatchRowMode(t *testing.T) {
	t.Parallel()
	patterns := []string{
		"MATCH (u)-[:W]->(v:A) WHERE %s",
		"MATCH (u:B)-[:W]->(v) WHERE %s",
		"MATCH (u)-[r]->(v) WHERE %s",
		"MATCH (v:A)<-[:W]-(u) WHERE %s",
		"MATCH (u)-[:T]-(v) WHERE %s",
		"OPTIONAL MATCH (u:B {id: $y})-[:W]->(v) WITH u, v WHERE %s",
		"OPTIONAL MATCH (v:A {id: $x})<-[:W]-(u) WITH u, v WHERE %s",
		"MATCH (u:A)-->(v) WHERE %s",
		"MATCH (v {id: $x}) OPTIONAL MATCH (v)<-[:U]-(u) WITH u, v WHERE %s",
		"MATCH (u:B)-[:W]->(v:A) WHERE %s",
		// variable-length expansions binding u: a last hop of W into u
		// implies :B; an empty trail (minimum 0) leaves u the start
		"MATCH (v {id: $x}) MATCH (v)<-[:W*1..2]-(u) WHERE %s",
		"MATCH (v {id: $x}) MATCH (v)-[:W*1..3]-(u) WHERE %s",
		"MATCH (v:A) MATCH (v)<-[:W*0..2]-(u) WHERE %s",
		"MATCH (v) MATCH (v)<-[:W*0..1]-(u) WHERE %s",
		"MATCH (v:A) MATCH (v) (()<-[:W]-()){1,2} (u) WHERE %s",
		"MATCH (v:A) MATCH (v) (()<-[:W]-()){0,1} (u) WHERE %s",
		"MATCH (v:A) MATCH (v)<-[*1..2]-(u:B) WHERE %s",
		// u rebound to a value that is null on some rows, after the
		// expansion that bound the node.
		"MATCH (v:A)<-[:W]-(u) WITH v, CASE WHEN v.id %% 2 = 0 THEN u END AS u WHERE %s",
		"MATCH (u)-[:W]->(v:A) WITH v, CASE WHEN u.id %% 3 <> 1 THEN u END AS u WHERE %s",
		// u rebound to a map of the node's properties: the same tests,
		// and no node to be a member of a set.
		"MATCH (v:A)<-[:W]-(u) WITH v, u {.id, .k} AS u WHERE %s",
		"MATCH (u:B)-[:W]->(v) WITH v, {id: u.id, k: u.k} AS u WHERE %s",
		// The same rebindings of a node the statement labels, reached
		// by an expansion the planner keeps (a variable-length one, or
		// rows listed): a map has properties the tests read but is in
		// no set of nodes, so only the kind of u on the rows (never
		// null, a node) keeps the set from deciding the test.
		"MATCH (v:A)<-[:W]-(u:B) WITH v, u {.id, .k} AS u WHERE %s",
		"MATCH (v:A) MATCH (v)<-[:W*1..2]-(u:B) WITH v, u {.id, .k} AS u WHERE %s",
		"MATCH (v:A) MATCH (v)<-[:W*1..2]-(u:B) WITH v, CASE WHEN v.id %% 2 = 0 THEN u END AS u WHERE %s",
		"MATCH (v:A) MATCH (v)-[:W*1..2]-(u:B) WITH v, CASE WHEN u.id %% 3 <> 1 THEN u ELSE u {.k} END AS u WHERE %s",
	}
	conds := []string{
		"u.id = $y OR v.id = $x", "v.id = $x OR u.id = $y", "(u.id = $y OR v.id = $x) AND u.k = 1",
		"v.id = $x AND ((u.id = $y) IS NULL OR u.id <> $y)", "v.id = $x AND u.id = $y", "v.id = $x AND u.k IS NULL",
		"v.id = $x AND NOT u.k IS NULL", "u.k = 1 OR v.k = 2", "u.id = $y OR v.k = 2", "v.id = $x AND u.id IN [$y, 3]",
		"v.id = $x AND u.id / (u.id - 3) = 1", "v.id = $x AND u.k < 2 OR u.id = $y", "v.id = $x AND NOT u.id = $y",
		"v.id = $x AND u.id <> $y", "v.id = $x AND (u.k = 1) IS NULL", "v.id IN [$x, 0] AND u.k = 0",
		"u.id = $y OR v.id = $x OR u.k = 2", "v.id = $x AND u:A", "v.id = $x AND u.id = v.id",
		// NOT of a test that is null on some nodes (no property k): not
		// the exclusion (P) IS NULL OR NOT P, which keeps those nodes.
		"v.id = $x AND NOT u.k < 2", "v.id = $x AND NOT (u.k = 1)", "v.id = $x AND NOT u.k IN [1, 2]",
		"v.id = $x AND ((u.k < 2) IS NULL OR NOT u.k < 2)",
		// NOT of a seekable test null on the nodes without k (indexed
		// in one variant): NOT P is not the exclusion, which keeps them.
		"v.id = $x AND NOT u.k = 1", "v.id = $x AND NOT u.k IN [0, 2]", "v.id = $x AND ((u.k = 1) IS NULL OR NOT u.k = 1)",
		"v.id = $x AND u.k = 2", "u.k = 2", "NOT u.k = 1", "u.id = $y", "(u.k = 1) IS NULL OR NOT u.k = 1", "u.k IN [0, 1]",
	}
	returns := []string{
		"RETURN count(*) AS n",
		"RETURN count(DISTINCT u) AS n",
		"WITH CASE WHEN u.id = $y THEN v ELSE u END AS x RETURN count(DISTINCT x) AS n",
		"RETURN u.id AS a, v.id AS b",
		"RETURN DISTINCT u.id AS a",
		"WITH CASE WHEN u.id = $y THEN v.id ELSE u.id END AS x RETURN x, count(*) AS n",
		"RETURN collect(DISTINCT v.id) AS vs",
	}
	r := rand.New(rand.NewPCG(57, 3))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 700 {
		q := fmt.Sprintf(patterns[r.IntN(len(patterns))], conds[r.IntN(len(conds))]) + " " + returns[r.IntN(len(returns))]
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		// Enough nodes that an expansion gives more rows than a seek of
		// the excluded nodes costs (the set is used only then).
		dbs := planVariants(t, seed, 40, 60+int(seed)*20, plannedIdxRowMode)
		for name, db := range dbs {
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			// Every W relationship starts at a :B and ends at an :A, a
			// pair of them parallel.
			mustRun(t, db, "MATCH (a:B), (c:A) WHERE (a.id + c.id) % 4 = 1 CREATE (a)-[:W]->(c)", nil)
			mustRun(t, db, "MATCH (a:B {id: 1}), (c:A {id: 3}) CREATE (a)-[:W]->(c)", nil)
			if name == "planned-idx" {
				mustRun(t, db, "CREATE INDEX FOR (n:B) ON (n.id)", nil)
				mustRun(t, db, "CREATE INDEX FOR (n:B) ON (n.k)", nil)
			}
		}
		for _, p := range [][2]int{{3, 1}, {int(seed) * 3, 3*int(seed) + 1}} {
			params := map[string]any{"x": p[0], "y": p[1]}
			for _, q := range queries {
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
