package cyq

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// Conjuncts that test one probe's matches are decided set by set or row
// by row as their prices say (planner/semijoin_split.go): the sets of
// some are built and intersected, the others tested per row of what
// those sets let through. The generated queries bind the probe in
// several ways (a scan, a labelled scan, a WITH, a distinct expansion
// from an anchor, an OPTIONAL MATCH that may leave it null), filter it
// with two to four conjuncts drawn from tests with small sets (an
// anchor's neighbours), tests with large ones (NOT EXISTS of a common
// relationship, a degree of two or more), trees of tests (OR, NOT, XOR),
// and conjuncts that are no tests (property comparisons with nulls,
// arithmetic, a conversion that may be null), and consume the rows with
// counts, lists, ordered pages and groups. They run against row mode on
// random graphs with self-loops, parallel relationships and a property
// null on some nodes.

// splitLeads bind n.
var splitLeads = []string{
	"MATCH (n)",
	"MATCH (n:A)",
	"MATCH (n:B)",
	"MATCH (n) WITH n",
	"MATCH (:A {id: $p})-[:T]-(n) WITH DISTINCT n",
	"MATCH (a:A) WHERE a.id < 30 OPTIONAL MATCH (a)-[:U]->(n) WITH DISTINCT n",
	"UNWIND range(0, 60, 3) AS i MATCH (n {id: i})",
}

// splitSmall are tests whose sets are small: an anchor's neighbours.
var splitSmall = []string{
	"(n)-[:T]->(:A {id: $p})",
	"EXISTS { (n)<-[:U]-({id: $q}) }",
	"(:A {id: $p})-->(n)",
	"COUNT { (n)-[:T]-(:A {id: $p}) } >= 2",
	"EXISTS { (n)-[]-(x {id: $q}) WHERE x.k IS NOT NULL }",
	"NOT EXISTS { (n)-[:T]->(:A {id: $p}) }",
}

// splitLarge are tests whose sets are most of the graph (or its
// complement).
var splitLarge = []string{
	"NOT (n)-[:U]->()",
	"NOT EXISTS { (n)-[:T]-() }",
	"(n)-->()",
	"COUNT { (n)-->() } >= 2",
	"COUNT { (n)<-[:T]-() } < 3",
	"NOT (n)<-[:T]-(:B)",
	"EXISTS { (n)-[:T]->(m) WHERE m.k > 0 }",
	"((n)-[:U]->() OR (n)<-[:T]-(:A {id: $q}))",
	"NOT ((n)-[:T]->() AND (n)<-[:U]-())",
	"((n)-[:U]-() XOR (n)-[:T]->(n))",
}

// splitOthers are conjuncts that are no tests on matches.
var splitOthers = []string{
	"n.k > 0",
	"n.k IS NULL",
	"n.id % 2 = 0",
	"n.k <> 1",
	"toInteger(n.k) >= 1",
	"(n.k = 1 OR (n)-[:U]->())",
	"n.id <> $p",
}

// splitConsumers read n's rows.
var splitConsumers = []string{
	"RETURN count(n) AS c",
	"RETURN n.id AS id ORDER BY id",
	"RETURN count(DISTINCT n) AS c, sum(n.id) AS s",
	"WITH n ORDER BY n.id DESC LIMIT 3 RETURN collect(n.id) AS ids",
	"RETURN n.k AS k, count(*) AS c ORDER BY k",
}

// splitQuery draws one query.
func splitQuery(r *rand.Rand) string {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	conj := []string{pick(splitSmall), pick(splitLarge)}
	switch r.IntN(4) {
	case 0:
		conj = append(conj, pick(splitOthers))
	case 1:
		conj = append(conj, pick(splitLarge))
	case 2:
		conj = append(conj, pick(splitSmall), pick(splitOthers))
	default:
		conj = append(conj, pick(splitSmall))
	}
	r.Shuffle(len(conj), func(i, j int) { conj[i], conj[j] = conj[j], conj[i] })
	return fmt.Sprintf("%s WHERE %s %s", pick(splitLeads), strings.Join(conj, " AND "), pick(splitConsumers))
}

// TestSplitConjunctsRowMode runs the generated queries against row mode
// and checks that some of them plan a split: a semi-join followed by a
// test on matches per row.
func TestSplitConjunctsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 5))
	var queries []string
	for len(queries) < 400 {
		queries = append(queries, splitQuery(r))
	}
	params := []map[string]any{
		{"p": int64(3), "q": int64(6)},
		{"p": int64(0), "q": float64(3)},
		{"p": int64(6), "q": nil},
		{"p": int64(9), "q": int64(9)},
		{"p": "x", "q": int64(12)},
	}
	failed, runs, split := 0, 0, 0
	for _, seed := range []uint64{3, 17} {
		dbs := planVariants(t, seed, 120, 360, plannedIdxRowMode)
		for _, db := range dbs {
			// k: null on every fourth node; a second :A node with id 3,
			// with a self-loop and a parallel relationship.
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(x)", nil)
		}
		for k, q := range queries {
			p := params[k%len(params)]
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
			if seed == 3 && splitPlanned(t, dbs["planned"], q, p) {
				split++
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d queries, %d runs, %d planned with some tests built as sets and others tested per row", len(queries), runs, split)
	if split < len(queries)/10 {
		t.Errorf("only %d of %d queries split their tests between sets and rows", split, len(queries))
	}
}

// splitPlanned reports whether q's plan has a semi-join and, after it, a
// test on matches per row.
func splitPlanned(t *testing.T, db *DB, q string, p map[string]any) bool {
	t.Helper()
	rows, err := db.Query(t.Context(), "EXPLAIN "+q, p)
	if err != nil {
		return false
	}
	all, err := rows.All()
	if err != nil || len(all) == 0 {
		return false
	}
	plan := string(all[0][0].(value.String))
	filter := strings.Index(plan, "+Filter (")
	semi := strings.Index(plan, "SemiJoin (n)")
	if filter < 0 || semi < filter {
		return false
	}
	line := plan[filter:]
	if end := strings.IndexByte(line, '\n'); end >= 0 {
		line = line[:end]
	}
	return strings.Contains(line, "EXISTS {") || strings.Contains(line, "COUNT {")
}

// builtSet matches a semi-join's set in a plan (not a note's mention of one).
var builtSet = regexp.MustCompile(`built (once|per \w+)[:{ ]`)

// TestSplitConjunctsPlans checks the split on a graph where one test's set
// is an anchor's few neighbours and the other's is nearly every node:
// the first is built, the second tested on the nodes it lets through; and
// where both sets are small, both are built.
func TestSplitConjunctsPlans(t *testing.T) {
	dbs := planVariants(t, 5, 400, 1200, plannedOnly)
	db := dbs["planned"]
	cases := []struct {
		q         string
		perRow    string // the test left per row ("": none)
		setsBuilt int
	}{
		{"MATCH (n) WHERE (n)-[:T]->(:A {id: $p}) AND NOT (n)-[:U]->() RETURN count(n) AS c", "NOT EXISTS { (n)-[:U]->() }", 1},
		{"MATCH (n) WHERE NOT (n)-[:U]->() AND n.id > 2 AND (:A {id: $p})-->(n) RETURN count(n) AS c", "NOT EXISTS { (n)-[:U]->() }", 1},
		{"MATCH (n) WHERE (n)-[:T]->(:A {id: $p}) AND (n)<-[:U]-(:A {id: $q}) RETURN count(n) AS c", "", 2},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, map[string]any{"p": 3, "q": 6})[0][0].(value.String))
		built := len(builtSet.FindAllString(plan, -1))
		perRow := c.perRow != "" && strings.Contains(plan, "Filter (") && strings.Contains(plan[strings.Index(plan, "Filter ("):], c.perRow)
		if built != c.setsBuilt || perRow != (c.perRow != "") {
			t.Errorf("%s: %d sets built, test per row %v; want %d and %q\n%s", c.q, built, perRow, c.setsBuilt, c.perRow, plan)
		}
	}
}
