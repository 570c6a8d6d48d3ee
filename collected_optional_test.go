package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// A list collected from an OPTIONAL MATCH that starts a query and read
// afterwards only by NOT v IN xs tests of nodes is the OPTIONAL MATCH's
// matches, as one collected from a MATCH is (planner/list_existence.go,
// collectedMembership): the row the OPTIONAL MATCH gives when nothing
// matches holds null, which collect drops. The generated queries collect
// nodes (DISTINCT or not, from patterns that match nothing, match
// self-loops or parallel relationships, filtered by a property null on
// some nodes) and, as near misses, relationships, values often null, an
// expression that is not null on that row, next to a count(*) that
// counts it, or per group; they test the list by NOT IN in a later
// MATCH, OPTIONAL MATCH or WITH, alone or under OR, positively, by a
// value's membership, and read it again as a value (its size, its first
// element) or not. Each runs against row mode on random graphs.

var collectedOptionalSources = []string{
	"OPTIONAL MATCH (x:A)-[:T]->(y) WITH collect(y) AS xs",
	"OPTIONAL MATCH (x {id: $v})-->(y) WITH collect(DISTINCT y) AS xs",
	"OPTIONAL MATCH (x:A)-[:U]->(y:A) WHERE y.k = 1 WITH collect(y) AS xs",
	"OPTIONAL MATCH (x)-[:U]->(x) WITH collect(x) AS xs",
	"OPTIONAL MATCH (x {id: 9999})-->(y) WITH collect(y) AS xs",
	"OPTIONAL MATCH (x:B)<-[:T]-(y:A) WITH collect(DISTINCT x) AS xs",
	"MATCH (x:A)-[:T]->(y) WITH collect(y) AS xs",
	// near misses
	"OPTIONAL MATCH (x:A)-[r:T]->(y) WITH collect(r) AS xs",
	"OPTIONAL MATCH (x:A)-->(y) WITH collect(y.k) AS xs",
	"OPTIONAL MATCH (x {id: $v})-->(y) WITH collect(coalesce(y, x)) AS xs",
	"OPTIONAL MATCH (x {id: $v})-[:T]->(y) WITH count(*) AS c, collect(y) AS xs",
	"OPTIONAL MATCH (x:A)-->(y) WITH x, collect(y) AS xs",
	"OPTIONAL MATCH (x:A)-->(y) WITH DISTINCT collect(y) AS xs",
	"OPTIONAL MATCH (x:A)-->(y) WITH collect(y) AS xs WHERE size(xs) > 1",
}

var collectedOptionalUses = []string{
	"MATCH (q) WHERE NOT q IN xs",
	"MATCH (p:B)-[:T]->(q) WHERE NOT q IN xs AND q.k IS NOT NULL",
	"MATCH (q) WHERE NOT q IN xs OR q.k = 1",
	"MATCH (q) WHERE q IN xs",
	"MATCH (q) WHERE NOT q.k IN xs",
	"OPTIONAL MATCH (q:A) WHERE NOT q IN xs",
	"MATCH (q) WITH q, xs WHERE NOT q IN xs",
	"OPTIONAL MATCH (q:A)-[:U]->(:B) WITH q, xs WHERE NOT q IN xs",
	"UNWIND [1, null, 4] AS i MATCH (q {id: i}) WHERE NOT q IN xs",
	"MATCH (q) WHERE NOT q IN xs AND NOT (q)-[:U]->()",
	"MATCH (q:A) WHERE NOT q IN xs MATCH (q)-->(z) WHERE NOT z IN xs",
}

var collectedOptionalConsumers = []string{
	"RETURN count(*) AS n",
	"RETURN count(DISTINCT q) AS n",
	"RETURN collect(q.id) AS ids",
	"RETURN q.id AS id ORDER BY id LIMIT 4",
	"RETURN count(q) AS n, size(xs) AS m",
	"RETURN xs[0] IS NULL AS e, count(*) AS n",
}

// TestCollectedOptionalRowMode runs the generated forms against row mode.
func TestCollectedOptionalRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(33, 4))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 400 {
		queries = append(queries, pick(collectedOptionalSources)+" "+pick(collectedOptionalUses)+" "+pick(collectedOptionalConsumers))
	}
	params := []map[string]any{{"v": int64(3)}, {"v": int64(6)}, {"v": nil}, {"v": int64(9999)}}
	failed, runs := 0, 0
	for _, seed := range []uint64{2, 11, 19} {
		dbs := rowModeGraphs(t, seed, 20, 30+int(seed)*6, plannedRowMode, sparseKeys, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(x)")
		for k, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params[k%len(params)], &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}

// TestCollectedOptionalPlans checks that a list collected from an
// OPTIONAL MATCH and read by NOT IN is not collected: the test is an
// existence test of the pattern.
func TestCollectedOptionalPlans(t *testing.T) {
	db := planVariants(t, 4, 30, 60, plannedOnly)["planned"]
	for _, c := range []struct {
		q          string
		collection bool
	}{
		{"OPTIONAL MATCH (x:A)-[:T]->(y) WITH collect(y) AS xs MATCH (q:B) WHERE NOT q IN xs RETURN count(*) AS n", false},
		{"OPTIONAL MATCH (x {id: 3})-->(y) WITH collect(DISTINCT y) AS xs MATCH (p)-->(q) WHERE NOT q IN xs RETURN count(DISTINCT q) AS n", false},
		{"OPTIONAL MATCH (x:A)-[:T]->(y) WITH collect(y) AS xs MATCH (q:B) WHERE NOT q IN xs RETURN count(*) AS n, size(xs) AS m", true},
		{"OPTIONAL MATCH (x:A)-[r:T]->(y) WITH collect(r) AS xs MATCH ()-[q]->() WHERE NOT q IN xs RETURN count(*) AS n", true},
	} {
		plan := fmt.Sprint(mustRun(t, db, "EXPLAIN "+c.q, nil)[0][0])
		if got := strings.Contains(plan, "collect("); got != c.collection {
			t.Errorf("%s: collected %v, want %v\n%s", c.q, got, c.collection, plan)
		}
	}
}
