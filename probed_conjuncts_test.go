package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// A conjunct of a group of set tests on one probe may be tested on the
// candidates the others leave instead of built as a set
// (planner/semijoin_conjuncts.go, probedConjuncts): `MATCH (h) WHERE
// (h)-->(:A {id: $p}) AND NOT (h)-[:U]->()` iterates the few nodes
// linked to the anchor and probes each for a U relationship, where the
// set of all nodes with one would be built from every node. The
// generated queries combine narrow tests (from a node sought by value),
// wide ones (a degree, any neighbour, a self-loop) negated or not, in
// ORs, as COUNT { } thresholds and quantifiers, with property tests that
// are null on some nodes and one that fails on some (a division by
// zero), under several leads (a scan, a label scan, an expansion, an
// OPTIONAL MATCH, a WITH) and consumers that count, collect, order and
// limit. They run against row mode on random graphs with self-loops and
// parallel relationships, small ones (every choice priced alike) and
// larger ones (where the probes win).

// probedNarrow are tests few nodes pass.
var probedNarrow = []string{
	"(h)-[:T]->(:A {id: $p})",
	"EXISTS { (h)<-[:U]-({id: $q}) }",
	"(h)--(:A {id: $q})",
	"EXISTS { MATCH (h)-->(x) WHERE x.id = $p }",
	"COUNT { (h)<--({id: $p}) } >= 1",
}

// probedWide are tests most nodes pass or fail, built from every node as
// sets.
var probedWide = []string{
	"NOT (h)-[:U]->()",
	"NOT EXISTS { (h)-[:T]-() }",
	"COUNT { (h)<--() } = 0",
	"COUNT { (h)-->() } >= 2",
	"COUNT { (h)-[:T]->() } < 2",
	"NOT (h)-->(h)",
	"(h)<-[:T]-()",
	"NOT ((h)-[:U]->() OR (h)<-[:U]-())",
	"none(k IN [1, 2] WHERE EXISTS { (h)-->({id: k}) })",
	"NOT EXISTS { (h)-->(y) WHERE y.k = 1 }",
}

// probedOther are conjuncts that are not set tests.
var probedOther = []string{
	"h.k = 1",
	"h.k IS NULL",
	"h.id % 2 = 0",
	"h.id / h.k > 2",
	"h:A",
}

// probedLeads bind h (%s: the WHERE).
var probedLeads = []string{
	"MATCH (h) WHERE %s",
	"MATCH (h:B) WHERE %s",
	"MATCH (a:A {id: $p})-->(h) WHERE %s",
	"MATCH (a:A) WHERE a.id < 9 OPTIONAL MATCH (a)-[:T]->(h) WHERE %s",
	"MATCH (h) WITH h WHERE %s",
	"MATCH (h) WITH DISTINCT h WHERE %s",
	"UNWIND [1, 2, 2, 7] AS i MATCH (h {id: i}) WHERE %s",
}

// probedConsumers read h.
var probedConsumers = []string{
	"RETURN count(h) AS n",
	"RETURN count(DISTINCT h) AS n",
	"RETURN collect(h.id) AS ids",
	"RETURN h.id AS id ORDER BY id LIMIT 3",
	"RETURN h.id AS id, count(*) AS n",
}

func probedQueries(r *rand.Rand, n int) []string {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var out []string
	for len(out) < n {
		first := pick(probedNarrow)
		if r.IntN(4) == 0 {
			first = "NOT " + first // the candidates all but a few
		}
		parts := []string{first, pick(probedWide)}
		if r.IntN(2) == 0 {
			parts = append(parts, pick(probedWide))
		}
		if r.IntN(3) == 0 {
			parts = append(parts, pick(probedNarrow))
		}
		if r.IntN(2) == 0 {
			parts = append(parts, pick(probedOther))
		}
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		out = append(out, fmt.Sprintf(pick(probedLeads), strings.Join(parts, " AND "))+" "+pick(probedConsumers))
	}
	return out
}

// TestProbedConjunctsRowMode runs the generated forms against row mode.
func TestProbedConjunctsRowMode(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 5))
	queries := probedQueries(r, 300)
	params := []map[string]any{
		{"p": int64(3), "q": int64(6)},
		{"p": int64(0), "q": float64(3)},
		{"p": int64(6), "q": nil},
		{"p": int64(9), "q": int64(9)},
	}
	failed, runs := 0, 0
	for _, g := range []struct {
		seed uint64
		n, m int
	}{{3, 24, 80}, {17, 30, 70}, {8, 300, 900}} {
		dbs := planVariants(t, g.seed, g.n, g.m, map[string]*Options{
			"planned":  nil,
			"row-mode": {RowModeOnly: true},
		})
		for _, db := range dbs {
			// k: null on every fourth node, 0 on some (h.id / h.k fails there).
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(y), (y)-[:T]->(x)", nil)
		}
		for k, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", g.seed), q, params[k%len(params)], &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}

// TestProbedConjunctsPlans checks that a wide negated test after a narrow
// one is probed on the narrow one's candidates (a filter after the scan
// of the narrow one's set), not built as a set from every node, and that
// two narrow tests stay one set operation.
func TestProbedConjunctsPlans(t *testing.T) {
	dbs := planVariants(t, 5, 2000, 6000, map[string]*Options{"planned": nil})
	db := dbs["planned"]
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	cases := []struct {
		q, probed string
	}{
		{"MATCH (h) WHERE (h)-[:T]->(:A {id: $p}) AND NOT (h)-[:U]->() RETURN count(h) AS n", "Filter (NOT EXISTS { (h)-[:U]->() })"},
		{"MATCH (h) WHERE NOT EXISTS { (h)<--() } AND EXISTS { (h)<-[:U]-(:A {id: $p}) } RETURN count(h) AS n", "Filter (NOT EXISTS { (h)<--() })"},
		{"MATCH (h) WHERE (h)-[:T]->(:A {id: $p}) AND COUNT { (h)-->() } >= 2 RETURN count(h) AS n", "Filter (COUNT { (h)-->() } >= 2)"},
		{"MATCH (h) WHERE (h)-[:T]->(:A {id: $p}) AND (h)<-[:U]-(:A {id: $q}) RETURN count(h) AS n", ""},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, map[string]any{"p": 3, "q": 6})[0][0].(value.String))
		if c.probed != "" && !strings.Contains(plan, c.probed) || c.probed == "" && !strings.Contains(plan, "(#0 AND #1)") {
			t.Errorf("%s: want %q probed per candidate (or both tests as sets when empty)\n%s", c.q, c.probed, plan)
		}
		if !strings.Contains(plan, "NodeScanSemiJoin (h)") {
			t.Errorf("%s: no scan of the narrow test's set\n%s", c.q, plan)
		}
	}
}
