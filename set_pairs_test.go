package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSetPairsMatchRowMode checks DISTINCT (start, end) pairs and grouped
// counts over set expansions against row mode, which enumerates every
// path: `WITH DISTINCT a, c` after a chain from a (dropped when the rows
// are distinct already: a bound once per row by a scan, a seek or a list
// seek, each end once per start by the set expansion), then count(*),
// count(c) or count(DISTINCT c), ungrouped or grouped by keys that read
// only a (a, a.p, a.k % 2, which repeat across starts), and the
// COUNT { ... RETURN DISTINCT c } and size(COLLECT { ... RETURN DISTINCT
// c }) of the same chain per row; the chain matched by OPTIONAL MATCH
// too. Counting walks instead of distinct
// ends, or grouping by the end node or a DISTINCT over a property of the
// start, must not be read as set sizes. The graphs are seeded and random:
// nodes with no label, one or several, properties missing (null) on
// some, an index on one of them, self-loops and parallel relationships of
// two types.
func TestSetPairsMatchRowMode(t *testing.T) {
	t.Parallel()
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.k)", nil)
		rg := rand.New(rand.NewPCG(77, 5))
		for i := 0; i < 40; i++ {
			labels := ""
			for _, l := range []string{"A", "B", "C"} {
				if rg.IntN(3) == 0 {
					labels += ":" + l
				}
			}
			p := fmt.Sprintf(", p: %d", rg.IntN(3))
			if rg.IntN(5) == 0 {
				p = "" // null
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {k: %d%s})", labels, i%30, p), nil) // k repeats
		}
		for i := 0; i < 110; i++ {
			a, b := rg.IntN(40), rg.IntN(40)
			if i%11 == 0 {
				b = a // self-loop
			}
			typ := []string{"R", "S"}[rg.IntN(2)]
			n := 1
			if i%5 == 0 {
				n = 2 // parallel relationships
			}
			for j := 0; j < n; j++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a), (b) WHERE id(a) = %d AND id(b) = %d CREATE (a)-[:%s]->(b)", a, b, typ), nil)
			}
		}
	}
	r := rand.New(rand.NewPCG(19, 2026))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	run := func(db *DB, q string) string { return rowsOrError(db, q, nil) }
	// start binds a; chain is a pattern from a to c (written with the
	// start's own node pattern when inline).
	starts := []struct{ own, inline, where string }{
		{"MATCH (a:A)", "(a:A)", ""},
		{"MATCH (a:A)", "(a:A)", "WHERE a.k IN [1, 2, 2, 5, 9, 14]"},
		{"MATCH (a {p: 1})", "(a {p: 1})", ""},
		{"MATCH (a:A {k: 3})", "(a:A {k: 3})", ""},
		{"MATCH (a)", "(a)", "WHERE a.k < 12"},
		{"MATCH (z)-[:R]->(a)", "", ""}, // a repeats
		{"UNWIND [0, 1, 1] AS u MATCH (a {p: u})", "", ""},
		{"OPTIONAL MATCH (a:C {p: 2})", "", ""},
		{"MATCH (a:B) WITH a", "", ""},
	}
	chains := []string{"-->()-->(c)", "-[:R]->(m)-[:S]->(c)", "-[:R*1..2]->(c)", "--(c)", "-->(:B)<--(c)",
		"-[:S]->()-[:R]->()-->(c:A)", "<-[:R]-(c)", "-[*2]-(c)", "-->()-->(c) WHERE c.p = 1"}
	tails := []string{
		"WITH DISTINCT a, c RETURN count(*) AS n",
		"WITH DISTINCT a, c RETURN count(c) AS n, count(DISTINCT c) AS d",
		"WITH DISTINCT c, a RETURN a.k AS k, count(*) AS n",
		"WITH DISTINCT a, c RETURN a, count(*) AS n",
		"WITH DISTINCT a, c WITH a AS x, c RETURN x.k AS k, count(c) AS n",
		"RETURN a.k AS k, count(DISTINCT c) AS n",
		"RETURN a.p AS p, count(DISTINCT c) AS n",
		"RETURN a.k % 2 AS k, count(DISTINCT c) AS n, count(DISTINCT c) AS m",
		"RETURN a, count(DISTINCT c) AS n",
		"RETURN count(DISTINCT c) AS n",
		"RETURN EXISTS { (a)-[:S]->() } AS t, count(DISTINCT c) AS n",
		"WITH DISTINCT a, c RETURN COUNT { (a)--() } AS d, count(*) AS n",
		"RETURN 'x' AS k, count(DISTINCT c) AS n",
		// not set sizes: walks, the end as the key, a property's DISTINCT
		"RETURN a.k AS k, count(*) AS n",
		"RETURN a.k AS k, count(c) AS n",
		"RETURN c.k AS k, count(DISTINCT a) AS n",
		"WITH DISTINCT a.p AS p, c RETURN p, count(*) AS n",
		"WITH DISTINCT a, c RETURN c.p AS p, count(*) AS n",
		"WITH DISTINCT a, c WHERE c.p = a.p RETURN a.k AS k, count(*) AS n",
	}
	var queries []string
	for i := 0; i < 240; i++ {
		s := starts[r.IntN(len(starts))]
		chain := chains[r.IntN(len(chains))]
		var match string
		if s.inline != "" && r.IntN(2) == 0 {
			match = "MATCH " + s.inline + chain
			if s.where != "" {
				if strings.Contains(chain, "WHERE") {
					match = strings.Replace(match, "WHERE", s.where+" AND", 1)
				} else {
					match += " " + s.where
				}
			}
		} else {
			match = s.own
			if s.where != "" {
				match += " " + s.where
			}
			if r.IntN(4) == 0 {
				match += " OPTIONAL MATCH (a)" + chain // c null where a reaches none
			} else {
				match += " MATCH (a)" + chain
			}
		}
		if r.IntN(4) == 0 {
			// the same chain per row, in a subquery
			body := "MATCH (a)" + chain
			head := s.own
			if s.where != "" {
				head += " " + s.where
			}
			q := pick(
				"%s RETURN a.k AS k, COUNT { %s RETURN DISTINCT c } AS n",
				"%s RETURN a.k AS k, size(COLLECT { %s RETURN DISTINCT c }) AS n",
				"%s WITH a, COUNT { %s RETURN DISTINCT c } AS n WHERE n > 0 RETURN a.p AS p, sum(n) AS n",
				"%s RETURN sum(COUNT { %s RETURN DISTINCT c }) AS n",
				"%s RETURN a.k AS k, COUNT { %s RETURN c } AS n")
			queries = append(queries, fmt.Sprintf(q, head, body))
			continue
		}
		queries = append(queries, match+" "+tails[r.IntN(len(tails))])
	}
	for i := 0; i < 20; i++ {
		// the scan's own set, grouped by keys that read its node only
		// through a subquery, or by nothing it binds
		queries = append(queries, fmt.Sprintf(pick(
			"MATCH (c%s) RETURN EXISTS { (c)-[:R]->() } AS t, count(*) AS n",
			"MATCH (c%s) RETURN COUNT { (c)<--() } AS d, count(c) AS n",
			"MATCH (c%s) RETURN 1 AS k, count(DISTINCT c) AS n",
			"MATCH (c%s) WITH c, [(c)-->(x) | x.k] AS ks RETURN size(ks) AS s, count(*) AS n"), pick("", ":A", ":B")))
	}
	for i := 0; i < 20; i++ {
		// both ends bound first: the expansion between them yields a row
		// per parallel relationship unless it is only an adjacency test
		queries = append(queries, fmt.Sprintf("MATCH (a%s) MATCH (c%s) MATCH (a)%s(c) %s", pick("", ":A", ":B", " {k: 2}"), pick(":A", " {k: 3}", ":C {k: 7}", " {k: 11}"),
			pick("-->", "-[:R]->", "--", "<-[:S]-"), pick("WITH DISTINCT a, c RETURN count(*) AS n", "WITH DISTINCT a, c RETURN a.k AS k, count(*) AS n",
				"RETURN a.k AS k, count(DISTINCT c) AS n", "WITH DISTINCT c, a RETURN count(a) AS n")))
	}
	sets := 0
	for _, q := range queries {
		want := run(rows, q)
		if got := run(planned, q); got != want {
			t.Errorf("%s\n got  %s\n want %s", q, got, want)
		}
		plan := run(planned, "EXPLAIN "+q)
		if strings.Contains(plan, "mode=set") && !strings.Contains(plan, "+Distinct") {
			sets++
		}
	}
	if sets < len(queries)/4 {
		t.Errorf("only %d of %d queries counted sets without a DISTINCT of rows", sets, len(queries))
	}
	t.Logf("%d of %d queries counted sets without a DISTINCT of rows", sets, len(queries))
}
