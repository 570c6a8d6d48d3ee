package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// Runs of expansions from a node bound before them, whose other nodes and
// relationships nothing reads later, under consumers that ignore the
// rows' multiplicity, are existence tests decided on the set reached
// backwards from the far end (planner/semijoin_runs.go). The generated
// queries bind the start node in several ways (a WITH DISTINCT, a plain
// WITH, a rename, an OPTIONAL MATCH that may leave it null, an UNWIND of
// a list, a relationship of the same MATCH), run one to three hops in
// either direction to a node sought by constant values, a label, a bound
// node, or nothing, and consume the rows with distinct consumers and
// counted ones (where the walks' multiplicity matters and the run must
// stay). Some read an inner node or relationship later, or make two
// relationships of one pattern differ where a second MATCH would not.
// They run against row mode on random graphs with self-loops, parallel
// relationships and a property null on some nodes.

// runLeads bind b (and a) before the run.
var runLeads = []string{
	"MATCH (a:A {id: $p})-->(b) WITH DISTINCT a, b",
	"MATCH (a:A {id: $p})-[:T]-(b) WITH a, b",
	"MATCH (a:A {id: $p})<--(c) WITH a, c AS b",
	"MATCH (a:A) WHERE a.id < 7 OPTIONAL MATCH (a)-[:U]->(b) WITH a, b",
	"UNWIND [1, 2, 4, 2, 8] AS i MATCH (b {id: i}) WITH b, b AS a",
	"MATCH (a)-[:T]->(b) WHERE a.k = 1 WITH DISTINCT a, b",
}

// runHops are single hops (%s: the relationship's variable).
var runHops = []string{"-[%s]->", "<-[%s]-", "-[%s:T]->", "<-[%s:U]-", "-[%s]-", "-[%s:T|U]-"}

// runEnds are the run's far ends.
var runEnds = []string{
	"(:A {id: $q})",
	"({id: $q})",
	"(:B {k: $k})",
	"(:A)",
	"(a)",
	"()",
	"(z:B WHERE z.k > 0)",
}

// runConsumers read b's rows after the run: distinct consumers first,
// then those that count the walks.
var runConsumers = []string{
	"RETURN count(DISTINCT b) AS n",
	"WITH DISTINCT b RETURN b.id AS id ORDER BY id",
	"RETURN DISTINCT b.id AS id, a.id AS aid",
	"RETURN collect(DISTINCT b.id) AS ids",
	"WITH DISTINCT a, b RETURN a.id AS aid, count(b) AS n",
	"RETURN count(*) AS n",
	"RETURN b.id AS id, count(*) AS n",
	"RETURN a.id AS aid, collect(b.id) AS ids",
	"WITH b ORDER BY b.id, id(b) LIMIT 3 RETURN count(DISTINCT b) AS n",
}

// runPlaces place the run (%[1]s) after the lead (%[2]s), in its own
// MATCH, in two MATCH clauses (no uniqueness between them), with a
// filter of its own, or read later (x, r1: not a run).
var runPlaces = []string{
	"%[2]s MATCH (b)%[1]s",
	"%[2]s MATCH (b)%[1]s WHERE b.id <> 5",
	"%[2]s MATCH (b)%[3]s(x) MATCH (x)%[4]s",
	"%[2]s MATCH (b)%[3]s(x)%[4]s WITH a, b, x",
	"%[2]s MATCH (b)%[1]s, (b)-[r9]->(y)",
	"%[2]s OPTIONAL MATCH (b)%[1]s",
}

// runPath returns a run of n hops from b to end, naming its
// relationships r1.. and its inner nodes m1..
func runPath(r *rand.Rand, n int, end string) string {
	var s strings.Builder
	for k := 1; k <= n; k++ {
		s.WriteString(fmt.Sprintf(runHops[r.IntN(len(runHops))], fmt.Sprintf("r%d", k)))
		if k < n {
			if r.IntN(3) == 0 {
				s.WriteString(fmt.Sprintf("(m%d:B)", k))
			} else {
				s.WriteString(fmt.Sprintf("(m%d)", k))
			}
		}
	}
	return s.String() + end
}

// TestSemiJoinRunsRowMode runs the generated forms against row mode.
func TestSemiJoinRunsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 3))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 360 {
		end := pick(runEnds)
		form := pick(runPlaces)
		hop := func() string { return fmt.Sprintf(pick(runHops), "") }
		q := fmt.Sprintf(form, runPath(r, 1+r.IntN(3), end), pick(runLeads), hop(), hop()+end)
		consumer := pick(runConsumers)
		if strings.Contains(form, "WITH a, b, x") && r.IntN(2) == 0 {
			consumer = "RETURN count(DISTINCT x) AS n"
		}
		queries = append(queries, q+" "+consumer)
	}
	// Back to the start node over the relationship just taken: allowed
	// across two MATCH clauses, not within one pattern.
	for _, lead := range runLeads {
		for _, run := range []string{
			"MATCH (b)-[:T]-(x) MATCH (x)-[:T]-(:A {id: $q})",
			"MATCH (b)-[:T]-(x)-[:T]-(:A {id: $q})",
			"MATCH (b)-->(x) MATCH (x)<--(y {id: $q})",
			"MATCH (b)-->(x)<--(y {id: $q})",
			"MATCH (b)-[:T]->(x) MATCH (x)-[:T]-()-[:U]-({id: $q})",
		} {
			for _, c := range []string{"RETURN count(DISTINCT b) AS n", "RETURN collect(DISTINCT b.id) AS ids", "RETURN count(*) AS n"} {
				queries = append(queries, lead+" "+run+" "+c)
			}
		}
	}
	// The same relationship twice: a self-loop or a parallel one must be
	// taken twice in two MATCH clauses, never in one pattern.
	for _, q := range []string{
		"MATCH (a:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)-[:T]->(x)<-[:T]-(c:A {id: $q}) RETURN count(DISTINCT b) AS n",
		"MATCH (a:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)-[:T]->(x) MATCH (x)<-[:T]-(c) WHERE c = b RETURN count(DISTINCT b) AS n",
		"MATCH (b) WITH DISTINCT b MATCH (b)-[r1]-(x)-[r2]-(b) RETURN count(DISTINCT b) AS n",
		"MATCH (b) WITH DISTINCT b MATCH (b)-[r1]-(x) MATCH (x)-[r2]-(b) RETURN count(DISTINCT b) AS n",
		"MATCH (b) WITH DISTINCT b MATCH (b)-->(b) RETURN collect(b.id) AS ids",
		"MATCH (a:A {id: $p})-[s]-(b) MATCH (b)-[t]-(:A {id: $q}) RETURN count(DISTINCT b) AS n",
		"MATCH (a:A {id: $p})-[s]-(b)-[t]-(:A {id: $q}) RETURN count(DISTINCT b) AS n",
	} {
		queries = append(queries, q)
	}
	params := []map[string]any{
		{"p": int64(3), "q": int64(6), "k": int64(1)},
		{"p": int64(0), "q": float64(3), "k": int64(2)},
		{"p": int64(6), "q": nil, "k": nil},
		{"p": int64(3), "q": int64(3), "k": int64(1)},
		{"p": int64(9), "q": int64(9), "k": int64(0)},
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{3, 17} {
		dbs := planVariants(t, seed, 24, 80, plannedIdxRowMode)
		mustRun(t, dbs["planned-idx"], "CREATE INDEX FOR (n:B) ON (n.k)", nil)
		for _, db := range dbs {
			// k: null on every fourth node; a second :A node with id 3.
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(y)", nil)
		}
		for k, q := range queries {
			p := params[k%len(params)]
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// TestSemiJoinRunsPlans checks that the run is decided as a semi-join on
// the set reached from the far end where the consumer ignores
// multiplicity, and stays an expansion where it counts the walks or
// reads an inner variable.
func TestSemiJoinRunsPlans(t *testing.T) {
	dbs := planVariants(t, 5, 30, 90, plannedOnly)
	db := dbs["planned"]
	cases := []struct {
		q    string
		semi bool
	}{
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)<--(:A {id: $q}) RETURN count(DISTINCT b) AS n", true},
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)-[:T]->()-->(:A {id: $q}) RETURN count(DISTINCT b) AS n", true},
		{"MATCH (:A {id: $p})-->(b) WITH b MATCH (b)<-[:U]-()-[:T]-()-->(:A {id: $q}) RETURN DISTINCT b.id AS id", true},
		{"MATCH (:A {id: $p})-->(b) WITH b MATCH (b)-[:T]->()-->(:A {id: $q}) RETURN count(*) AS n", false},
		{"MATCH (:A {id: $p})-->(b) WITH DISTINCT b MATCH (b)-[:T]->(x)-->(:A {id: $q}) RETURN count(DISTINCT x) AS n", false},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, map[string]any{"p": 3, "q": 6})[0][0].(value.String))
		if got := strings.Contains(plan, "SemiJoin (b)"); got != c.semi {
			t.Errorf("%s: semi-join %v, want %v\n%s", c.q, got, c.semi, plan)
		}
	}
}

// TestSemiJoinRunsMiddleProbe runs, against row mode, runs whose probe
// sits between a node sought by value and the far end, with their clauses
// written from either end in either order: the run's expansions then
// chain onto either end of the pattern built for the test (an expansion
// whose end node starts the pattern goes in front of it, its direction as
// written). Small graphs, where the semi-join scan of the probe wins on
// cost, and larger ones, where expansions from the sought node do.
func TestSemiJoinRunsMiddleProbe(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	h := func() string { return fmt.Sprintf(pick(runHops), "") }
	var queries []string
	for _, shape := range []string{
		"MATCH (a {id: $p}) MATCH (a)%[1]s(x) MATCH (x)%[2]s(y) RETURN count(DISTINCT x) AS n",
		"MATCH (a:A {id: $p}) MATCH (x)%[1]s(a) MATCH (x)%[2]s(y) RETURN count(DISTINCT x) AS n",
		"MATCH (a {id: $p}) MATCH (y)%[2]s(x) MATCH (x)%[1]s(a) RETURN collect(DISTINCT x.id) AS ids",
		"MATCH (a {id: $p}) MATCH (a)%[1]s(x)%[2]s(y) RETURN count(DISTINCT x) AS n",
		"MATCH (a {id: $p}) MATCH (a)%[1]s(x) MATCH (x)%[2]s(y)%[3]s(z:B) RETURN count(DISTINCT x) AS n",
		"MATCH (a {id: $p}) MATCH (z)%[3]s(y) MATCH (y)%[2]s(x) MATCH (x)%[1]s(a) RETURN count(DISTINCT x) AS n",
		"MATCH (a {id: $p}) MATCH (a)%[1]s(x) MATCH (x)%[2]s(y) RETURN x.id AS id, count(*) AS n",
	} {
		for k := 0; k < 16; k++ {
			queries = append(queries, fmt.Sprintf(shape, h(), h(), h()))
		}
	}
	failed, runs := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		n := 10 + 4*int(seed)
		dbs := rowModeGraphs(t, seed, n, 3*n, plannedRowMode, sparseKeys)
		for k, q := range queries {
			p := map[string]any{"p": int64(k % n)}
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
