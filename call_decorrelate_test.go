package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestCorrelatedCallsMatchRowMode generates correlated CALL subqueries
// (bodies of one to three hops from the imported node, cycles back to
// it, counts, sums of counts, UNION and UNION ALL of constant, imported
// and body outputs, DISTINCT bodies, row-wise bodies) over outer rows
// that repeat, carry null imports or none, and compares the rows the
// planner gives, where it plans the body in place (COUNT { }, EXISTS
// tests, the body's clauses), with the CALL run row by row as written.
// Graphs are random, with self-loops and parallel relationships. Counts
// of closed triangles plan as CycleCount, in COUNT { } as in MATCH.
func TestCorrelatedCallsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 3))
	const graphs, perGraph = 3, 120
	kept, planned := 0, 0
	for g := 0; g < graphs; g++ {
		seed := uint64(300 + g)
		dbs := planVariants(t, seed, 24+8*g, 70+30*g, cheapestLastRowMode)
		set, row := dbs["cheapest"], dbs["last,row-mode"]
		for _, db := range []*DB{set, row} {
			mustRun(t, db, "MATCH (x) WHERE x.id % 5 = 0 CREATE (x)-[:T]->(x)", nil)
			mustRun(t, db, "MATCH (x {id: 1}), (y {id: 2}) CREATE (x)-[:T]->(y), (x)-[:T]->(y), (y)-[:T]->(x)", nil)
		}
		fixed := []string{
			// Cycles through the import whose hops change direction: a
			// second hop back along the first to a node with a self-loop.
			"MATCH (a) CALL { WITH a MATCH (a)-[:T]->(b)<--(c)-->(a) RETURN count(*) AS n } RETURN a.id AS id, n",
			"MATCH (a) RETURN a.id AS id, COUNT { (a)-[:T]->(b)<--(c)-->(a) } AS n",
			"MATCH (a)-[:T]->(b)<--(c)-->(a) RETURN a.id AS id, count(*) AS n",
			"MATCH (a)-->(b)-->(c)<--(a) RETURN a.id AS id, count(*) AS n",
			"MATCH (a) RETURN a.id AS id, COUNT { (a)<--(b)-->(c)-->(a) } AS n",
			"MATCH (a) CALL { WITH a MATCH (a)-->(b)-->(c)-->(a) RETURN count(*) AS n } RETURN sum(n) AS s",
			// DISTINCT bodies over distinct outer rows, in place.
			"MATCH (a:A) CALL { WITH a MATCH (a)-->()-->(b) RETURN DISTINCT b } RETURN count(b) AS n",
			"MATCH (a:A)-[r:T]->(z) CALL { WITH a MATCH (a)-->()<--(b) RETURN DISTINCT b } RETURN a.id AS id, count(b) AS n",
			"UNWIND [1, 1] AS u MATCH (a:A) CALL { WITH a MATCH (a)-->()-->(b) RETURN DISTINCT b } RETURN count(b) AS n",
			// A name an earlier clause bound and a WITH dropped is a fresh
			// variable of a subquery that names it again, in every kind of
			// subquery and wherever it stands: in an aggregate, a grouping
			// key, a WITH ... WHERE, an ORDER BY.
			"MATCH (y:A) WITH y AS a CALL { WITH a MATCH (y)--(a) RETURN count(*) AS n } RETURN sum(n) AS s",
			"MATCH (y:A) WITH y AS a RETURN sum(COUNT { MATCH (y)--(a) }) AS s",
			"MATCH (y:A) WITH y AS a RETURN sum(COUNT { MATCH (y)--(a) RETURN y UNION MATCH (a)-->(y) RETURN y }) AS s",
			"MATCH (y:A) WITH y AS a RETURN count(CASE WHEN EXISTS { (y)-[:T]->(a) } THEN 1 END) AS s",
			"MATCH (y:A) WITH y AS a RETURN EXISTS { MATCH (y)-[:T]->(a) WHERE y.id > 3 } AS k, count(*) AS s",
			"MATCH (y:A) WITH y AS a RETURN collect(COLLECT { MATCH (y)--(a) RETURN y.id }) AS s",
			"MATCH (y:A) WITH y AS a RETURN sum(size([(y)--(a) | y.id])) AS s",
			"MATCH (y:A)-->(z) WITH y AS a, count(z) AS c RETURN COUNT { (y)--(a) } AS k, sum(c) AS s",
			"MATCH (y:A) WITH y AS a MATCH (a)-->(b) RETURN sum(COUNT { (y)-->(b) }) AS n",
			"MATCH (y:A) WITH y AS a WITH * RETURN sum(COUNT { (y)--(a) }) AS s",
			"MATCH (y:A) WITH y AS a WHERE EXISTS { (y)-[:T]->(a) } RETURN a.id AS id",
			"MATCH (y:A) WITH y AS a WHERE size(COLLECT { MATCH (y)-[:T]->(a) RETURN y }) > 1 RETURN count(*) AS n",
			"MATCH (y:A) WITH y AS a ORDER BY COUNT { (y)--(a) } DESC, a.id LIMIT 2 RETURN a.id AS id",
			// ... and the name still in scope is imported.
			"MATCH (y:A) WITH y, y AS a RETURN sum(COUNT { (y)--(a) }) AS s",
		}
		for i := 0; i < perGraph+len(fixed); i++ {
			var q string
			if i < len(fixed) {
				q = fixed[i]
			} else {
				q = randomCorrelatedCall(r)
			}
			a, b := canonical(mustRun(t, set, q, nil)), canonical(mustRun(t, row, q, nil))
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("graph %d: %s\n planned: %v\n rows:    %v", g, q, a, b)
			}
			plan := string(mustRun(t, set, "EXPLAIN "+q, nil)[0][0].(value.String))
			if strings.Contains(plan, "CallSubquery") {
				kept++
			} else {
				planned++
			}
		}
	}
	// Most generated bodies are planned in place, some are not.
	if planned < graphs*perGraph/2 || kept == 0 {
		t.Errorf("%d CALLs planned in place, %d kept", planned, kept)
	}
	t.Logf("%d CALLs planned in place, %d kept", planned, kept)
}

// randomCorrelatedCall writes one query of outer rows binding a (or
// none), a CALL importing a, and what reads its columns.
func randomCorrelatedCall(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	outer := pick(
		"MATCH (a:A)",
		"MATCH (a)",
		"MATCH (a:B)-[:T]->(z)",          // repeated a
		"UNWIND [1, 1] AS u MATCH (a:A)", // repeated rows
		"OPTIONAL MATCH (y:A)-[:U]->(w:A) WITH w AS a", // null imports
		"MATCH (y:A) OPTIONAL MATCH (y)-[:U]->(a:B)",   // some null
		"MATCH (a:A) WHERE a.id < 12",
		"MATCH (a:A)-[r:T]->(z)",            // repeated a, distinct rows
		"MATCH (a:A) WITH a, a.id % 2 AS p", // a projection of the rows
	)
	rel := func() string {
		typ := pick("", "", ":T", ":U", ":T|U")
		return pick("-["+typ+"]->", "<-["+typ+"]-", "-["+typ+"]-")
	}
	label := func() string { return pick("", "", "", ":A", ":B") }
	// A pattern from a: one to three hops, closed back to a or not.
	path := func() string {
		hops := 1 + r.IntN(3)
		s := "(a)"
		names := []string{"b", "c", "d"}
		for h := 0; h < hops; h++ {
			end := "(" + names[h] + label() + ")"
			if h == hops-1 && hops > 1 && r.IntN(3) == 0 {
				end = "(a)"
			}
			s += rel() + end
		}
		if r.IntN(2) == 0 {
			// A hop before the import, to a fresh node; y is also a name
			// some outer rows bound and dropped, or keep.
			s = "(" + pick("", "x", "v", "y") + label() + ")" + rel() + s
		}
		where := ""
		if r.IntN(4) == 0 {
			where = " WHERE " + pick("a.id % 2 = 0", "b.id > 5", "b <> a")
		}
		return "MATCH " + s + where
	}
	imp := func() string { return pick("WITH a ", "WITH * ") }
	scope := pick("", "", "(a) ", "(*) ")
	body := func() string {
		if scope != "" {
			return path()
		}
		return imp() + path()
	}
	var call, tail string
	switch r.IntN(5) {
	case 0, 1: // counts
		items := pick("count(*) AS n", "count(b) AS n", "count(*) AS n, count(b) AS m")
		call = "CALL " + scope + "{ " + body() + " RETURN " + items + " }"
		tail = pick("RETURN a.id AS id, n", "RETURN sum(n) AS s, count(*) AS k", "WITH a, n WHERE n > 0 RETURN count(*) AS k, sum(n) AS s")
	case 2, 3: // unions
		out := pick("1 AS x", "1 AS x", "a.id AS x", "'k' AS x", "b AS x", "[a.id, 2] AS x")
		out2 := out
		if r.IntN(6) == 0 {
			out2 = "2 AS x"
		}
		union := pick(" UNION ", " UNION ", " UNION ALL ")
		branches := []string{body() + " RETURN " + out, body() + " RETURN " + out2}
		if r.IntN(3) == 0 {
			branches = append(branches, body()+" RETURN "+out)
		}
		call = "CALL " + scope + "{ " + strings.Join(branches, union) + " }"
		tail = pick("RETURN a.id AS id, x", "RETURN count(*) AS k", "RETURN count(DISTINCT a) AS k, count(x) AS j")
	default: // distinct and row-wise bodies
		call = "CALL " + scope + "{ " + body() + " RETURN " + pick("DISTINCT b", "b", "DISTINCT b.id AS bid") + " }"
		tail = pick("RETURN a.id AS id, count(*) AS k", "RETURN count(*) AS k")
	}
	return outer + " " + call + " " + tail
}
