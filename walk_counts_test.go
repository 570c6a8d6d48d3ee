package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// A run of expansions from a node bound before it to a node sought by
// constant values, whose other nodes and relationships nothing reads
// later, under a consumer that counts the rows, passes each row on once
// per walk: a WalkCount counts every node's walks once from the anchor
// (planner/walk_counts.go). A test of a WITH's rows that reads only
// variables the WITH passes on unchanged moves before it
// (planner/filters_before_projections.go). The generated queries bind b
// in several ways (WITH DISTINCT, a plain WITH with a test of its own, a
// rename, an OPTIONAL MATCH that may leave b null, an UNWIND, the same
// MATCH), run one to three hops to a node sought by a literal, a
// parameter (null, a float, absent) or a label and property, in one
// MATCH or two (relationship uniqueness across the run or not), and
// consume the rows with counting consumers (count(*), count(b), sum,
// avg, collect, ORDER BY with LIMIT, a WITH that counts per b, an
// OPTIONAL MATCH after) and some that ignore multiplicity. The graph has
// parallel relationships and self-loops at the anchors, where the number
// of walks and the number of distinct paths differ.

// walkLeads bind a and b before the run; the last ones test the WITH's
// rows (a test that moves before it, one that reads a renamed variable
// and may not).
var walkLeads = []string{
	"MATCH (a:A {id: $p})-->(b) WITH DISTINCT a, b",
	"MATCH (a:A {id: $p})-[:T]-(b) WITH a, b",
	"MATCH (a:A {id: $p})<--(c) WITH a, c AS b",
	"MATCH (a:A) WHERE a.id < 7 OPTIONAL MATCH (a)-[:U]->(b) WITH a, b",
	"UNWIND [1, 2, 4, 2, 8, 3] AS i MATCH (b {id: i}) WITH b, b AS a",
	"MATCH (a:A {id: $p})-->()-->(b) WITH DISTINCT a, b WHERE NOT EXISTS { (a)-->(b) }",
	"MATCH (a:A {id: $p})-->(b) WITH a, b WHERE b.k > 0",
	"MATCH (a:A {id: $p})-->(c)-->(b) WITH DISTINCT a, b, c AS x WHERE EXISTS { (x)-[:T]->(b) }",
	"MATCH (a:A)-[:T]->(b) WHERE a.k = 1 WITH a, b ORDER BY b.id LIMIT 6",
	"MATCH (a:A {id: $p}) MATCH (a)-->(b)",
	"MATCH (a:A {id: $p})-->(c)-->(b) WITH DISTINCT a, b WHERE EXISTS { (c)-[:T]->(b) }",
	"MATCH (a:A)-->(c)-[:T]-(b) WITH DISTINCT a, b WHERE EXISTS { (c)<-[:U]-(b) }",
	"MATCH (a:A {id: $p})-[:T]->(c)-->(b) WITH a, b WHERE NOT EXISTS { (c)-->(b) }",
}

// walkEnds are the run's far ends: sought by constant values, and two
// that are not (left per row).
var walkEnds = []string{
	"(:A {id: $q})",
	"({id: $q})",
	"(:A {id: 3})",
	"(:B {k: $k})",
	"(z:A WHERE z.id = $q AND z.k >= 0)",
	"(:A)",
}

// walkConsumers read the rows after the run: counting ones first, then
// some that ignore multiplicity.
var walkConsumers = []string{
	"RETURN count(*) AS n",
	"RETURN count(b) AS n",
	"RETURN b.id AS id, count(*) AS n",
	"RETURN a.id AS aid, count(*) AS n",
	"RETURN sum(b.k) AS s, avg(b.id) AS m",
	"RETURN a.id AS aid, collect(b.id) AS ids",
	"RETURN b.id AS id ORDER BY id DESC LIMIT 4",
	"WITH b, count(*) AS c RETURN b.id AS id, c",
	"WITH b RETURN count(*) AS n, count(DISTINCT b) AS d",
	"WITH a, b OPTIONAL MATCH (b)-[:U]->(y) RETURN count(y) AS n, count(*) AS m",
	"RETURN count(DISTINCT b) AS n",
	"RETURN DISTINCT b.id AS id",
}

// walkPlaces place the run (%[1]s) after the lead (%[2]s): in its own
// MATCH, with a filter of its own, split over two MATCH clauses (no
// uniqueness between them: %[3]s and %[4]s its two parts), with an inner
// node read later, or optional.
var walkPlaces = []string{
	"%[2]s MATCH (b)%[1]s",
	"%[2]s MATCH (b)%[1]s WHERE b.id <> 5",
	"%[2]s MATCH (b)%[3]s(x) MATCH (x)%[4]s",
	"%[2]s MATCH (b)%[3]s(x)%[4]s",
	"%[2]s MATCH (b)%[3]s(x)%[4]s WITH a, b, x",
	"%[2]s OPTIONAL MATCH (b)%[1]s",
}

// walkQueries are the generated queries.
func walkQueries() []string {
	r := rand.New(rand.NewPCG(21, 5))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 420 {
		end := pick(walkEnds)
		form := pick(walkPlaces)
		hop := func() string { return fmt.Sprintf(pick(runHops), "") }
		q := fmt.Sprintf(form, runPath(r, 1+r.IntN(3), end), pick(walkLeads), hop(), hop()+end)
		consumer := pick(walkConsumers)
		if strings.Contains(form, "WITH a, b, x") && r.IntN(2) == 0 {
			consumer = "RETURN count(x) AS n"
		}
		queries = append(queries, q+" "+consumer)
	}
	// The same relationship twice: taken twice across two MATCH clauses,
	// never within one pattern; a self-loop or a parallel relationship
	// is one walk each.
	for _, lead := range walkLeads[:3] {
		for _, run := range []string{
			"MATCH (b)-[:T]-(x) MATCH (x)-[:T]-(:A {id: $q})",
			"MATCH (b)-[:T]-(x)-[:T]-(:A {id: $q})",
			"MATCH (b)-->(x) MATCH (x)<--(y {id: $q})",
			"MATCH (b)-->(x)<--(y {id: $q})",
			"MATCH (b)-[:U]-(:A {id: 3})",
			"MATCH (b)-[:T]->(x)-[:T]->(:A {id: 3})",
		} {
			for _, c := range []string{"RETURN count(*) AS n", "RETURN b.id AS id, count(*) AS n ORDER BY id", "RETURN collect(b.id) AS ids"} {
				queries = append(queries, lead+" "+run+" "+c)
			}
		}
	}
	return queries
}

// walkGraphs are the planned variants on seeded random graphs, with
// parallel relationships and self-loops at the anchors (ids 3 and 6),
// k null on every fourth node and a second :A node with id 3.
func walkGraphs(t *testing.T, seed uint64) map[string]*DB {
	dbs := rowModeGraphs(t, seed, 24, 80, plannedIdxRowMode, sparseKeys, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(y)", "MATCH (x {id: 6}), (y {id: 1}), (z {id: 2}) CREATE (y)-[:T]->(x), (y)-[:T]->(x), (z)-[:U]->(x), (z)-[:U]->(x), (x)-[:U]->(x), (z)-[:T]->(y), (z)-[:T]->(y)")
	return dbs
}

// TestWalkCountsRowMode runs the generated queries on the planned
// variants and compares them with row mode.
func TestWalkCountsRowMode(t *testing.T) {
	t.Parallel()
	queries := walkQueries()
	params := []map[string]any{
		{"p": int64(3), "q": int64(6), "k": int64(1)},
		{"p": int64(0), "q": float64(3), "k": int64(2)},
		{"p": int64(6), "q": nil, "k": nil},
		{"p": int64(3), "q": int64(3), "k": int64(1)},
		{"p": int64(9), "q": int64(6), "k": int64(0)},
		{"p": int64(6), "q": int64(3), "k": int64(1)},
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{3, 17} {
		dbs := walkGraphs(t, seed)
		for k, q := range queries {
			p := params[k%len(params)]
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// TestWalkCountsPlans checks that the run under a counting consumer is a
// WalkCount (so that the test above compares it), that it stays an
// expansion where an inner node is read later or the far end is not
// sought by constant values, and that a test of a WITH's rows meets the
// set operator before it.
func TestWalkCountsPlans(t *testing.T) {
	dbs := planVariants(t, 5, 30, 90, plannedOnly)
	db := dbs["planned"]
	cases := []struct {
		q, want string
		has     bool
	}{
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)<--(:A {id: $q}) RETURN count(*) AS n", "WalkCount (b)", true},
		{"MATCH (:A {id: $p})-->(b) WITH b MATCH (b)-[:T]->()-->(:A {id: $q}) RETURN b.id AS id, count(*) AS n", "WalkCount (b)", true},
		{"MATCH (:A {id: $p})-->(b) WITH b MATCH (b)<-[:U]-()-[:T]-()-->(:A {id: $q}) RETURN collect(b.id) AS ids", "WalkCount (b)", true},
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)-[:T]->(x)-->(:A {id: $q}) RETURN x.id AS id, count(*) AS n", "WalkCount", false},
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)-[:T]->()-->(:A) RETURN count(*) AS n", "WalkCount", false},
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)<--(:A {id: $q}) RETURN count(DISTINCT b) AS n", "WalkCount", false},
		{"MATCH (h:A {id: $p})-->()-->(w) WITH DISTINCT h, w WHERE NOT EXISTS { (h)-->(w) } RETURN count(DISTINCT w) AS n", "Project h, w", false},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, map[string]any{"p": 3, "q": 6})[0][0].(value.String))
		if got := strings.Contains(plan, c.want); got != c.has {
			t.Errorf("%s: %q in the plan %v, want %v\n%s", c.q, c.want, got, c.has, plan)
		}
	}
}
