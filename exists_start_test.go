package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// A node of a pattern chain that an existence test of the MATCH's WHERE
// reads alone among the chain's variables is an alternative start of the
// chain (planner/exists_start.go): started there, the chain scans the set
// the test's semi-join builds instead of a label. The generated queries
// put such a test (EXISTS, NOT EXISTS, a COUNT { } threshold, a pattern
// predicate) on one node of a chain of one to three hops, with near
// misses the rule leaves alone (a test of two chain nodes, of a chain
// relationship, under OR, a test that may raise an error, a node bound
// before the MATCH), under consumers that count paths, ignore
// multiplicity, order and limit, group or collect, and in OPTIONAL MATCH
// and a second MATCH clause. They run against row mode on random graphs
// with self-loops, parallel relationships and a property null on some
// nodes.

// startChains are the chains (%[1]s, %[2]s: hops; %[3]s a third).
var startChains = []string{
	"(a:A)%[1]s(c:B)",
	"(a:A)%[1]s(c)",
	"(c:B)%[1]s(a:A)",
	"(a:A)%[1]s(m)%[2]s(c:B)",
	"(a)%[1]s(m:A)%[2]s(c:B)",
	"(c:B)%[1]s(m)%[2]s(a:A)",
	"(a:A)%[1]s(m)%[2]s(c)%[3]s(z:A)",
}

var startHops = []string{"-[%s:T]->", "<-[%s:T]-", "-[%s:U]->", "-[%s]-", "<-[%s]-", "-[%s:T|U]->"}

// startTests are the WHERE tests: on c alone first (the rule's), then
// near misses.
var startTests = []string{
	"EXISTS { (c)-[:U]->(:A {id: $p}) }",
	"EXISTS { (c)<-[:T]-(:A {id: $p}) }",
	"EXISTS { MATCH (c)-[:T]->(x)-[:T]->(y:A) WHERE y.id = $p }",
	"(c)-[:T]-({id: $p})",
	"NOT EXISTS { (c)-[:U]->() }",
	"COUNT { (c)-[:T]->() } >= 2",
	"COUNT { (c)<--(:A) } < 2",
	"EXISTS { (c)-->(:A {id: $p}) } AND c.k = 1",
	"EXISTS { (c)-[:T]->(x) WHERE x.k > 0 }",
	// Near misses.
	"EXISTS { (c)-->(a) }",
	"EXISTS { (c)-[:T]->(:A {id: $p}) } OR a.k = 0",
	"EXISTS { (c)-[:T]->(x) WHERE x.k / (x.id % 2) > 0 }",
	"EXISTS { (c)-[:T]->(x) WHERE x.id = r1.w }",
	"EXISTS { (c)-[:T]->(x) WHERE x.k = a.k }",
}

var startConsumers = []string{
	"RETURN count(*) AS n",
	"RETURN count(DISTINCT c) AS n",
	"RETURN a.id AS aid, count(*) AS n",
	"RETURN DISTINCT c.id AS id",
	"RETURN a.id AS aid, c.id AS cid ORDER BY aid, cid LIMIT 4",
	"RETURN collect(DISTINCT a.id) AS ids",
	"WITH a, count(c) AS d RETURN sum(d) AS n, max(d) AS top",
}

// startPlaces place the MATCH (%[1]s: chain, %[2]s: test).
var startPlaces = []string{
	"MATCH %[1]s WHERE %[2]s",
	"MATCH %[1]s WHERE %[2]s AND a.id <> 4",
	"OPTIONAL MATCH %[1]s WHERE %[2]s",
	"MATCH (q:A {id: $p}) MATCH %[1]s WHERE %[2]s",
	"MATCH (c:B) WHERE c.id < 9 WITH c MATCH %[1]s WHERE %[2]s",
}

// startChain returns chain with its hops filled, their relationships
// named r1, r2, r3.
func startChain(r *rand.Rand, chain string) string {
	h := func(k int) string { return fmt.Sprintf(startHops[r.IntN(len(startHops))], fmt.Sprintf("r%d", k)) }
	return fmt.Sprintf(chain, h(1), h(2), h(3))
}

// TestExistenceTestedStartRowMode runs the generated queries against row
// mode.
func TestExistenceTestedStartRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(19, 7))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 420 {
		place := pick(startPlaces)
		consumer := pick(startConsumers)
		if strings.HasPrefix(place, "OPTIONAL") && strings.Contains(consumer, "ORDER BY") {
			consumer = "RETURN count(c) AS n, count(*) AS rows"
		}
		queries = append(queries, fmt.Sprintf(place, startChain(r, pick(startChains)), pick(startTests))+" "+consumer)
	}
	params := []map[string]any{{"p": int64(3)}, {"p": int64(0)}, {"p": nil}, {"p": int64(6)}, {"p": 3.0}}
	failed, runs, scans := 0, 0, 0
	for _, seed := range []uint64{4, 21} {
		dbs := rowModeGraphs(t, seed, 27, 90, plannedIdxRowMode, sparseKeys, "MATCH ()-[r]->(y) SET r.w = y.id % 5", "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(y), (x)-[:T]->(x)")
		for k, q := range queries {
			p := params[k%len(params)]
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
			plan := string(mustRun(t, dbs["planned-idx"], "EXPLAIN "+q, p)[0][0].(value.String))
			if strings.Contains(plan, "NodeScanSemiJoin (c") {
				scans++
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	if scans == 0 {
		t.Errorf("no generated query starts at the set of its existence test")
	}
	t.Logf("%d queries, %d runs, %d plans (of %d) scan the test's set", len(queries), runs, scans, 2*len(queries))
}

// TestExistenceTestedStartPlans checks that a chain whose rarer label
// would start it starts instead at the node a selective existence test
// keeps, scanning the test's set (NodeScanSemiJoin), when that costs
// less; a test of two chain nodes, and a node bound before, keep the
// heuristic's start.
func TestExistenceTestedStartPlans(t *testing.T) {
	dbs := planVariants(t, 8, 300, 900, map[string]*Options{"planned-idx": nil})
	db := dbs["planned-idx"]
	cases := []struct {
		q    string
		scan bool
	}{
		{"MATCH (a:A)-[:T]->(c:B) WHERE EXISTS { (c)-[:U]->(:A {id: $p}) } RETURN count(*) AS n", true},
		{"MATCH (a:A)<-[:T]-(c:B) WHERE EXISTS { (c)<-[:T]-(:A {id: $p}) } RETURN a.id AS id, count(*) AS n", true},
		{"MATCH (a:A)-[:T]->(m)-[:U]->(c:B) WHERE EXISTS { MATCH (c)-[:T]->(:A {id: $p}) } RETURN count(DISTINCT a) AS n", true},
		{"MATCH (c:B)-[:T]->(a:A) WHERE (c)<-[:U]-(:A {id: $p}) RETURN collect(a.id) AS ids", true},
		{"MATCH (a:A)-[:T]->(c:B) WHERE COUNT { (c)<-[:T]-(:A {id: $p}) } >= 1 RETURN count(*) AS n", true},
		{"MATCH (a:A)-[:T]->(c:B) WHERE EXISTS { (c)-[:U]->(a) } RETURN count(*) AS n", false},
		{"MATCH (c:B {id: $q}) MATCH (a:A)-[:T]->(c) WHERE EXISTS { (c)-[:U]->(:A {id: $p}) } RETURN count(*) AS n", false},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, map[string]any{"p": 3, "q": 4})[0][0].(value.String))
		if got := strings.Contains(plan, "NodeScanSemiJoin (c"); got != c.scan {
			t.Errorf("%s: starts at the test's set %v, want %v\n%s", c.q, got, c.scan, plan)
		}
	}
}
