package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDeferredTestsExact checks tests that may fail evaluated over a
// node scan's batches with their errors deferred to the filter after the
// expansion (planner/deferred_tests.go, vm/vector_defer.go), and filters
// tested once per set expansion, against row mode, where every filter
// stays where it is written and runs row by row. Generated filters read a
// property holding strings, nulls and, on some graphs, values of another
// type (integers on one, lists on another) on nodes with and without
// relationships, through functions that fail on them (toLower, size,
// trim, a concatenation of toLower's value), a test whose value is not
// a boolean where the property is a string, or a division by a property that may be zero; alone,
// negated, in AND with deciding operands before and after them that read
// the scanned node or the expanded one, with a second test that may fail,
// and in OR; in patterns of one and two hops, variable-length
// expansions, OPTIONAL MATCH, EXISTS and COUNT bodies, a shortest path
// and a WITH between scan and expansion, under count(DISTINCT),
// count(*), DISTINCT, ORDER BY with LIMIT and parameters. Rows or the
// error must be exactly row mode's (one kind of bad value per graph, so
// that the message does not depend on which bad node a plan meets
// first). Enough of the queries must plan a deferred test.
func TestDeferredTestsExact(t *testing.T) {
	t.Parallel()
	strs := []string{"''", "'a'", "'An'", "'the x'", "'The'", "'b'", "'xthe'", "'ab c'"}
	type graph struct {
		name    string
		planned *DB
		rows    *DB
	}
	var graphs []graph
	for gi, bad := range []string{"", "7", "['q']"} {
		for _, linkedBad := range []bool{false, true} {
			var dbs [2]*DB
			for m := range dbs {
				db, err := Open("", &Options{RowModeOnly: m == 1})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				dbs[m] = db
			}
			rg := rand.New(rand.NewPCG(uint64(11+gi), 5))
			var stmts []string
			for i := 0; i < 50; i++ {
				linked := rg.IntN(3) > 0
				v := strs[rg.IntN(len(strs))]
				switch {
				case rg.IntN(8) == 0:
					v = "null"
				case bad != "" && rg.IntN(5) == 0 && (linkedBad || !linked):
					v = bad
				}
				d := rg.IntN(3)
				switch {
				case bad != "":
					d++ // a bad type is the only error on this graph
				case !linkedBad && linked && d == 0:
					d = 1 // a zero divisor only on nodes without relationships of their own
				}
				stmts = append(stmts, fmt.Sprintf("CREATE (n:V {k: %d, p: %s, q: %d, d: %d})", i, v, i%3, d))
				if linked {
					for j := 0; j <= rg.IntN(3); j++ {
						stmts = append(stmts, fmt.Sprintf("MATCH (n:V {k: %d}) CREATE (n)-[:R]->(:W {k: %d, p: %s})-[:S]->(:W {k: %d})", i, 100*i+j, strs[rg.IntN(len(strs))], 1000*i+j))
					}
				}
				if v == "null" && bad == "" && rg.IntN(2) == 0 {
					d = 0
				}
				if rg.IntN(6) == 0 && i > 0 {
					stmts = append(stmts, fmt.Sprintf("MATCH (a:V {k: %d}), (b:V {k: %d}) CREATE (a)-[:R]->(b)", i, rg.IntN(i)))
				}
			}
			for _, db := range dbs {
				for _, s := range stmts {
					mustRun(t, db, s, nil)
				}
			}
			name := fmt.Sprintf("zero divisors, linked %v", linkedBad)
			if bad != "" {
				name = fmt.Sprintf("bad %s, linked %v", bad, linkedBad)
			}
			graphs = append(graphs, graph{name, dbs[0], dbs[1]})
		}
	}
	r := rand.New(rand.NewPCG(9, 27))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	risky := func(v string) string {
		switch r.IntN(7) {
		case 3:
			// a string where the property is one: no boolean, an error
			// where the filter tests it
			return fmt.Sprintf("coalesce(toLower(%s.p), %s.q = 1)", v, v)
		case 0:
			return fmt.Sprintf("size(%s.p) > 1", v)
		case 1:
			return fmt.Sprintf("%s.k / %s.d > 3", v, v)
		case 2:
			return fmt.Sprintf("toLower(%s.p) + 'x' = 'ax'", v)
		}
		return fmt.Sprintf("%s(%s.p) %s %s", pick("toLower", "toUpper", "trim"), v, pick("CONTAINS", "STARTS WITH", "=", "<>"), pick("'the'", "'a'", "'THE'", "''", "$s"))
	}
	safe := func(v string) string {
		return pick(v+".q = 1", v+".q <> 2", v+".k > 20", v+".p IS NULL", v+".p STARTS WITH 'a'", v+".q IN [0, 2]")
	}
	// pred returns a filter and whether one operand alone may fail (two
	// that may fail raise their errors on rows that plans may meet in
	// another order: only whether an error is raised is compared then).
	pred := func(n, m string) (string, bool) {
		c := risky(n)
		switch r.IntN(10) {
		case 8:
			// c null (a null property) leaves the AND to the division,
			// which fails on a zero divisor.
			return c + " AND " + n + ".k / " + n + ".d > 3", false
		case 0:
			return "NOT " + c, true
		case 1:
			return safe(n) + " AND " + c, true
		case 2:
			return c + " AND " + safe(n), true
		case 3:
			return c + " AND " + safe(m), true
		case 4:
			return risky(m) + " AND " + c, false
		case 5:
			return c + " AND " + risky(n), false
		case 6:
			return "(" + c + " OR " + safe(n) + ")", true
		case 7:
			return c + " AND " + m + ".k % 2 = 0", true
		}
		return c, true
	}
	shapes := []func(p string) string{
		func(p string) string { return "MATCH (n:V)-[:R]->(m) WHERE " + p + " RETURN count(DISTINCT m) AS c" },
		func(p string) string { return "MATCH (n:V)-[:R]->(m) WHERE " + p + " RETURN n.k, m.k" },
		func(p string) string { return "MATCH (m)<-[:R]-(n:V) WHERE " + p + " RETURN count(*) AS c" },
		func(p string) string {
			return "MATCH (n:V)-[:R]->(x)-[:S]->(m) WHERE " + p + " RETURN DISTINCT n.k ORDER BY n.k LIMIT 5"
		},
		func(p string) string {
			return "MATCH (n:V)-[:R*1..2]->(m) WHERE " + p + " RETURN count(DISTINCT m) AS c"
		},
		func(p string) string {
			return "MATCH (n:V) OPTIONAL MATCH (n)-[:R]->(m) WHERE " + p + " RETURN n.k, count(m) AS c"
		},
		func(p string) string {
			return "MATCH (w:W) WHERE EXISTS { MATCH (n:V)-[:R]->(m) WHERE m = w AND " + p + " } RETURN count(w) AS c"
		},
		func(p string) string {
			return "MATCH (v:V) RETURN v.k, COUNT { MATCH (n:V)-[:R]->(m) WHERE n.k = v.k AND " + p + " } AS c"
		},
		func(p string) string {
			return "MATCH (n:V) WITH n MATCH (n)-[:R]->(m) WHERE " + p + " RETURN count(*) AS c"
		},
		func(p string) string {
			return "MATCH (n:V), (m:V {k: 3}) MATCH s = shortestPath((n)-[:R*..3]-(m)) WHERE " + p + " RETURN count(s) AS c"
		},
	}
	params := map[string]any{"s": "the"}
	runs, failed, deferred := 0, 0, 0
	for i := 0; i < 120; i++ {
		p, one := pred("n", "m")
		for _, shape := range shapes {
			q := shape(p)
			for _, g := range graphs {
				runs++
				want := rowsOrError(g.rows, q, params)
				got := rowsOrError(g.planned, q, params)
				if !one && strings.HasPrefix(got, "error: ") && strings.HasPrefix(want, "error: ") {
					continue
				}
				if got != want {
					failed++
					if failed <= 20 {
						t.Errorf("%s: %s\n got %s\nwant %s", g.name, q, got, want)
					}
				}
			}
			if plan := fmt.Sprint(mustRun(t, graphs[0].planned, "EXPLAIN "+q, params)); strings.Contains(plan, "deferred as") {
				deferred++
			}
		}
	}
	t.Logf("%d runs, %d failed; %d of %d queries plan a deferred test", runs, failed, deferred, 120*len(shapes))
	if deferred < 120 {
		t.Errorf("only %d queries plan a deferred test", deferred)
	}
}
