package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// An existence or count test whose pattern does not name the probe,
// reading it only in its WHERE (`MATCH (n:A) WHERE EXISTS { MATCH (m:A)
// WHERE m.v = n.v AND m <> n }`), is a semi-join whose set is the pattern
// with the probe as a part of its own, planned once
// (planner/semijoin_probe_parts.go). The generated queries bind the probe
// by label scans, an expansion that repeats it, an OPTIONAL MATCH that
// may leave it null, an UNWIND of ids, a WITH that adds a value, and
// filters that keep only probes a failing body cannot fail on; the
// bodies join their matches to the probe by equalities of properties of
// mixed types (1 and 1.0, lists, NaN, null), IN, comparisons, node
// equality and inequality, relationship properties, a value of the row
// besides the probe, and expressions that may fail (division by zero,
// size() of a number) on probes the row never holds; the tests are
// EXISTS, NOT EXISTS, COUNT { } thresholds, a disjunction and a
// projection. They run against row mode on random graphs with
// self-loops and parallel relationships.

// ppLeads bind the probe n.
var ppLeads = []string{
	"MATCH (n:A)",
	"MATCH (n)",
	"MATCH (n:B) WHERE n.id > 4 WITH n",
	"MATCH (x:A)-->(n) WITH n",
	"OPTIONAL MATCH (n:A {id: $p}) WITH n",
	"UNWIND [1, 2, 3, 3, 40] AS i MATCH (n {id: i}) WITH n",
	"MATCH (n:A) WITH n, n.v AS v",
	"MATCH (x:A)-->(n) WHERE n.w <> 0 WITH n",
	"MATCH (n) WHERE n.v IS :: STRING WITH n",
}

// ppBodies are patterns that do not name n, joined to it in their WHERE.
var ppBodies = []string{
	"MATCH (m:A) WHERE m.v = n.v AND m <> n",
	"MATCH (m:B) WHERE m.v = n.v",
	"MATCH (m) WHERE m.w > n.w",
	"MATCH (m:A)-->(k) WHERE k.v = n.v",
	"MATCH (m:A {id: $p}) WHERE m.v = n.v AND m <> n",
	"MATCH (m)-[r:T]->() WHERE r.w = n.w",
	"MATCH (m:A) WHERE m = n",
	"MATCH (m:A) WHERE m.v IN [n.v, 1]",
	"MATCH (m:A)-[:U]->(m2) WHERE m2.id = n.id + 1",
	"MATCH (m:A) WHERE m.id / n.w > 1",
	"MATCH (m:A) WHERE size(n.v) > m.id",
	"MATCH (m:B) WHERE m.v = n.v AND m.id > n.id",
	"MATCH (m:A {v: n.v})",
}

// ppTests use the body (%s) as a test.
var ppTests = []string{
	"WHERE EXISTS { %s }",
	"WHERE NOT EXISTS { %s }",
	"WHERE COUNT { %s } >= 2",
	"WHERE COUNT { %s } < 3",
	"WHERE EXISTS { %s } OR n.id = 4",
	"WITH n, EXISTS { %s } AS e WHERE e",
}

// ppConsumers read the rows kept.
var ppConsumers = []string{
	"RETURN count(*) AS c",
	"RETURN n.id AS id ORDER BY id",
	"RETURN collect(DISTINCT n.id) AS ids",
	"RETURN count(DISTINCT n) AS c",
	"RETURN n.v AS v, count(*) AS c",
}

// TestSemiJoinProbePartsRowMode runs the generated queries against row
// mode.
func TestSemiJoinProbePartsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 11))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 420 {
		lead, body := pick(ppLeads), pick(ppBodies)
		if strings.Contains(lead, " AS v") && r.IntN(2) == 0 {
			body = "MATCH (m:A) WHERE m.v = v AND m.id <> n.id"
		}
		queries = append(queries, lead+" "+fmt.Sprintf(pick(ppTests), body)+" "+pick(ppConsumers))
	}
	params := []map[string]any{{"p": int64(3)}, {"p": int64(0)}, {"p": nil}, {"p": int64(99)}}
	failed, runs, sets, errs := 0, 0, 0, 0
	for _, seed := range []uint64{6, 23} {
		dbs := planVariants(t, seed, 30, 110, plannedRowMode)
		for _, db := range dbs {
			mustRun(t, db, `MATCH (x) SET x.v = CASE x.id % 9 WHEN 0 THEN 1 WHEN 1 THEN 1.0 WHEN 2 THEN 'a'
				WHEN 3 THEN [1, 2] WHEN 4 THEN [1.0, 2] WHEN 5 THEN 0.0 / 0.0 WHEN 6 THEN 2 ELSE null END,
				x.w = CASE WHEN x.id % 5 = 0 THEN 'b' ELSE x.id % 4 END`, nil)
			mustRun(t, db, "MATCH ()-[r]->(y) SET r.w = y.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, v: 1, w: 1})-[:T]->(x), (y)-[:U]->(y)", nil)
			// Nodes without relationships or labels, some with w = 0:
			// probes the leads with a label or an expansion never hold.
			mustRun(t, db, "UNWIND range(100, 139) AS i CREATE ({id: i, v: i % 3, w: i % 2})", nil)
		}
		for k, q := range queries {
			p := params[k%len(params)]
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, p), "error:") {
				errs++
			}
			if plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, p); strings.Contains(plan, "in set of n built") {
				sets++
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	if sets == 0 {
		t.Errorf("no query was planned with the set of n")
	}
	t.Logf("%d queries, %d runs, %d planned with the set of n, %d errors in row mode", len(queries), runs, sets, errs)
}

// TestSemiJoinProbePartsPlans checks that a test whose pattern does not
// name the probe scans the set of probes built once, and that one whose
// WHERE may fail on a probe stays a test per row.
func TestSemiJoinProbePartsPlans(t *testing.T) {
	db := planVariants(t, 5, 120, 400, plannedOnly)["planned"]
	mustRun(t, db, "MATCH (x) SET x.v = x.id % 7", nil)
	cases := []struct {
		q    string
		semi bool
	}{
		{"MATCH (n:A) WHERE EXISTS { MATCH (m:B) WHERE m.v = n.v AND m.id > 100 } RETURN count(n) AS c", true},
		{"MATCH (n:A) WHERE NOT EXISTS { MATCH (m:B) WHERE m.v = n.v AND m.id > n.id } RETURN count(n) AS c", true},
		{"MATCH (n:A) WHERE EXISTS { MATCH (m:B) WHERE m.id / n.v > 100 } RETURN count(n) AS c", false},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, nil)[0][0].(value.String))
		if got := strings.Contains(plan, "in set of n built once"); got != c.semi {
			t.Errorf("%s: set of n %v, want %v\n%s", c.q, got, c.semi, plan)
		}
	}
}
