package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCorrelatedSetsMatchRowMode checks the per-row subqueries and
// counts the planner answers with node sets against row mode, which
// enumerates every row: CALL { A UNION B } and UNION ALL, correlated
// with the entering row or not (a semi-join scan over the union of the
// branches' sets, built per key); EXISTS, NOT EXISTS and COUNT { } > 0
// whose pattern ends at a few nodes (the set reached backwards from that
// end); and count(*), count(n) and count(DISTINCT n) over set expansions
// (the sum of the sets' sizes, the size of their union). The graphs are
// seeded and random: nodes with no label, one or several, properties that
// are missing (null) on some, self-loops and parallel relationships of
// two types. The entering rows repeat nodes, come from OPTIONAL MATCH
// (null), are grouped on after, and branches read one entering variable,
// none, a property of it, or two (which keeps the CALL).
func TestCorrelatedSetsMatchRowMode(t *testing.T) {
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		rg := rand.New(rand.NewPCG(41, 9))
		for i := 0; i < 50; i++ {
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
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {k: %d%s})", labels, i, p), nil)
		}
		for i := 0; i < 130; i++ {
			a, b := rg.IntN(50), rg.IntN(50)
			if i%13 == 0 {
				b = a // self-loop
			}
			typ := []string{"R", "S"}[rg.IntN(2)]
			n := 1
			if i%17 == 0 {
				n = 2 // parallel relationships
			}
			for j := 0; j < n; j++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a {k: %d}), (b {k: %d}) CREATE (a)-[:%s]->(b)", a, b, typ), nil)
			}
		}
	}
	r := rand.New(rand.NewPCG(8, 123))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	run := func(db *DB, q string) string { return rowsOrError(db, q, nil) }
	outer := func() string {
		return pick("MATCH (a:A)", "MATCH (a {p: 1})", "OPTIONAL MATCH (a:C {p: 2})", "MATCH (a)-[:R]->(z)",
			"UNWIND [0, 1, 1] AS u MATCH (a {p: u})", "MATCH (a:B) WITH a, a.p AS ap", "MATCH (a {k: 3})", "MATCH (a:A) WHERE a.p IS NULL")
	}
	branch := func() string {
		return pick("WITH a MATCH (a)-[:R]->(b)", "WITH a MATCH (a)<--(b)", "WITH a MATCH (a)-->()-->(b)", "WITH a MATCH (a)-[:S*1..2]-(b)",
			"MATCH (b:B)", "WITH a MATCH (b:C) WHERE b.p = a.p", "WITH a MATCH (a)-->(b) WHERE b.p > 0", "WITH a MATCH (b)-[:S]->(a)",
			"WITH a MATCH (a)-->(b:A)", "WITH * MATCH (a)--(b)", "WITH a MATCH (a)-[:R]->(m)-[:S]->(b) WHERE m.p = 1")
	}
	counted := func() string {
		return pick("RETURN count(b) AS c", "RETURN count(DISTINCT b) AS c", "RETURN count(*) AS c", "RETURN a.k AS k, count(b) AS c",
			"RETURN b.k AS k", "RETURN a.k AS ak, b.k AS bk", "WITH DISTINCT b RETURN count(*) AS c", "RETURN collect(DISTINCT b.k) AS ks",
			"RETURN count(*) AS n, count(DISTINCT b) AS d", "WITH a, b WHERE b.p = 1 RETURN count(*) AS c")
	}
	var queries []string
	for i := 0; i < 160; i++ {
		union := pick("UNION", "UNION ALL")
		parts := []string{branch(), branch()}
		if r.IntN(4) == 0 {
			parts = append(parts, branch())
		}
		for k, p := range parts {
			parts[k] = p + " RETURN b"
		}
		pre := outer()
		if r.IntN(6) == 0 {
			pre = "" // uncorrelated: the branches read no a
			for k := range parts {
				parts[k] = strings.ReplaceAll(strings.ReplaceAll(parts[k], "WITH a ", "MATCH (a:A) "), "WITH * ", "MATCH (a:A) ")
			}
		}
		queries = append(queries, fmt.Sprintf("%s CALL { %s } %s", pre, strings.Join(parts, " "+union+" "), counted()))
	}
	for i := 0; i < 80; i++ {
		end := pick("(:B {p: 1})", "(:A {k: 7})", "({k: 3})", "(:C)", "({p: 2})")
		pat := pick("(a)-->()-->%s", "(a)<--()-[:R]->%s", "(a)-[:S]->%s", "(a)--()--%s", "(a)-[:R*1..2]->%s", "%s-->(a)")
		test := pick("EXISTS { %s }", "NOT EXISTS { %s }", "COUNT { %s } > 0", "EXISTS { MATCH %s }", "COUNT { %s } >= 2", "COUNT { %s } < 2")
		cond := fmt.Sprintf(test, fmt.Sprintf(pat, end))
		start := pick("MATCH (a)", "MATCH (a:A)", "MATCH (a {p: 0})", "MATCH (x:B)-->(a)", "MATCH (a:A) WITH a", "MATCH (a) WITH a, a.p AS ap",
			"MATCH (a) WITH a ORDER BY a.k LIMIT 20", "OPTIONAL MATCH (a:C {p: 1})")
		ret := pick("RETURN count(a) AS n", "RETURN a.k AS k", "RETURN count(DISTINCT a) AS n", "RETURN a.p AS p, count(*) AS n")
		if r.IntN(2) == 0 {
			// the test read as a value: in a projection, an aggregate's
			// argument, a grouping key, under CASE or NOT
			val := pick("RETURN count(CASE WHEN %s THEN 1 END) AS n", "RETURN a.k AS k, %s AS t", "RETURN sum(CASE WHEN NOT %s THEN 1 ELSE 0 END) AS n",
				"WITH a, %s AS t WHERE t RETURN count(a) AS n", "RETURN %s AS t, count(*) AS n", "RETURN a.k AS k, (a.p = 1 OR %s) AS t")
			queries = append(queries, fmt.Sprintf("%s %s", start, fmt.Sprintf(val, cond)))
			continue
		}
		queries = append(queries, fmt.Sprintf("%s WHERE %s %s", start, cond, ret))
	}
	for i := 0; i < 60; i++ {
		start := pick("MATCH (a:A)", "MATCH (a {k: 3})", "MATCH (a)-[:S]->(z)", "OPTIONAL MATCH (a:C {p: 5})")
		body := pick("(a)-->()-->(b)", "(a)-[:R*1..3]->(b)", "(a)--(b)", "(a)-[:S]->()<-[:R]-(b)")
		ret := pick("RETURN count(b) AS c", "RETURN count(*) AS c", "RETURN count(*) AS n, count(DISTINCT b) AS d", "RETURN count(b) AS n, count(b) AS m")
		switch r.IntN(3) {
		case 0:
			queries = append(queries, fmt.Sprintf("%s CALL { WITH a MATCH %s RETURN DISTINCT b } %s", start, body, ret))
		case 1:
			queries = append(queries, fmt.Sprintf("%s MATCH %s WITH DISTINCT a, b %s", start, body, ret))
		default:
			queries = append(queries, fmt.Sprintf("%s MATCH %s %s", start, body, strings.Replace(ret, "count(b)", "count(DISTINCT b)", 1)))
		}
	}
	sets, marks := 0, 0
	for _, q := range queries {
		want := run(rows, q)
		if got := run(planned, q); got != want {
			t.Errorf("%s\n got  %s\n want %s", q, got, want)
		}
		plan := run(planned, "EXPLAIN "+q)
		if strings.Contains(plan, "in set") {
			sets++
		}
		if strings.Contains(plan, "SemiJoinMark") {
			marks++
		}
	}
	if sets < len(queries)/3 {
		t.Errorf("only %d of %d queries planned a semi-join on sets", sets, len(queries))
	}
	if marks < 10 {
		t.Errorf("only %d queries read an existence test as a value from a set", marks)
	}
	t.Logf("%d of %d queries planned a semi-join on sets, %d read a test's value from a set", sets, len(queries), marks)
}
