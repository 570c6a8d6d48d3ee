package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDistinctCountSetsMatchRowMode checks aggregations of several
// count(DISTINCT v) over chains of MATCH and OPTIONAL MATCH clauses (each
// count the size of its own set, read by the clauses its variable needs)
// against row mode, which counts over the joined rows: the counted
// variables bound by the first MATCH, by an OPTIONAL MATCH (null where it
// matched nothing), by one that reads another's variables or not, by a
// relationship or a path, by an OPTIONAL MATCH in a CALL { } (which
// imports a or not); a WITH (DISTINCT, aggregating, filtering) or an
// UNWIND before the optional part; an OPTIONAL MATCH after the counted
// one that repeats rows; the aggregation's WITH filtered or ordered;
// grouped by variables (ordered by a count); the same counts in a CALL { }
// per row that imports a. And the aggregations that must not be split: a
// count(*) or a count(v) beside them (which see repeated and null rows),
// a grouping key that is an expression or an OPTIONAL MATCH's variable, a
// LIMIT or an aggregation between the optional part and the counts, a
// random filter. The graphs are seeded and random: nodes with no label,
// one or several, properties missing (null) on some, self-loops, parallel
// relationships of two types, nodes with no relationship.
func TestDistinctCountSetsMatchRowMode(t *testing.T) {
	t.Parallel()
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		rg := rand.New(rand.NewPCG(31, 7))
		for i := 0; i < 36; i++ {
			labels := ""
			for _, l := range []string{"A", "B"} {
				if rg.IntN(3) == 0 {
					labels += ":" + l
				}
			}
			p := fmt.Sprintf(", p: %d", rg.IntN(3))
			if rg.IntN(5) == 0 {
				p = "" // null
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {k: %d%s})", labels, i%25, p), nil)
		}
		for i := 0; i < 70; i++ {
			a, b := rg.IntN(30), rg.IntN(30) // the last six have none
			if i%9 == 0 {
				b = a // self-loop
			}
			typ := []string{"R", "S"}[rg.IntN(2)]
			n := 1
			if i%6 == 0 {
				n = 2 // parallel relationships
			}
			for j := 0; j < n; j++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a), (b) WHERE id(a) = %d AND id(b) = %d CREATE (a)-[:%s {w: %d}]->(b)", a, b, typ, rg.IntN(4)), nil)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 2026))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	run := func(db *DB, q string) string { return rowsOrError(db, q, nil) }
	// prefix binds a (and maybe z); each optional part may read a, the
	// previous part's end, or both.
	prefixes := []string{
		"MATCH (a:A)",
		"MATCH (a {p: 1})",
		"MATCH (z:B)-[:R]->(a)", // a repeats
		"MATCH (a) WHERE a.k < 6",
		"MATCH (z)-->(a:B) WITH DISTINCT a",
		"MATCH (a:A) WITH a, COUNT { (a)-->() } AS d WHERE d > 0",
		"UNWIND [0, 1, 1] AS u MATCH (a {p: u})",
		"MATCH (a:B) WITH a ORDER BY a.k",
		"OPTIONAL MATCH (a:A {k: 3})",
		"MATCH (a {k: 100})", // no row
	}
	parts := []func(prev string, n int) (string, []string){
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("OPTIONAL MATCH (%s)-->(%s)", prev, b), []string{b}
		},
		func(prev string, n int) (string, []string) {
			b, r := fmt.Sprintf("b%d", n), fmt.Sprintf("r%d", n)
			return fmt.Sprintf("OPTIONAL MATCH (%s)<-[%s:R]-(%s) WHERE %s.p = 1", prev, r, b, b), []string{b, r}
		},
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("OPTIONAL MATCH (%s)-[:S]-(%s:A)", prev, b), []string{b}
		},
		func(prev string, n int) (string, []string) {
			b, q := fmt.Sprintf("b%d", n), fmt.Sprintf("q%d", n)
			return fmt.Sprintf("OPTIONAL MATCH %s = (%s)-[:R*1..2]->(%s)", q, prev, b), []string{b, q}
		},
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("OPTIONAL MATCH (a)-->(%s)-->(%s)", b, prev), []string{b} // reads both
		},
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("OPTIONAL MATCH (%s {p: 2})", b), []string{b} // reads neither
		},
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("MATCH (%s)--(%s)", prev, b), []string{b} // a MATCH after an OPTIONAL MATCH
		},
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("CALL { WITH %s OPTIONAL MATCH (%s)-[:R]->(%s) RETURN %s }", prev, prev, b, b), []string{b} // an OPTIONAL MATCH in a CALL
		},
		func(prev string, n int) (string, []string) {
			b := fmt.Sprintf("b%d", n)
			return fmt.Sprintf("CALL { WITH %s OPTIONAL MATCH (%s)-->(%s)-->(a) RETURN %s }", prev, prev, b, b), []string{b} // a not imported: bound afresh
		},
	}
	var queries []string
	for i := 0; i < 260; i++ {
		q := prefixes[r.IntN(len(prefixes))]
		vars := []string{"a"}
		if strings.Contains(q, "(z") && !strings.Contains(q, "WITH") {
			vars = append(vars, "z")
		}
		prev := "a"
		for n := 0; n < 1+r.IntN(3); n++ {
			part, bound := parts[r.IntN(len(parts))](prev, n)
			q += " " + part
			vars = append(vars, bound...)
			prev = bound[0]
		}
		var items []string
		for k := 0; k < 1+r.IntN(3); k++ {
			items = append(items, fmt.Sprintf("count(DISTINCT %s) AS c%d", vars[r.IntN(len(vars))], k))
		}
		tail := "RETURN " + strings.Join(items, ", ")
		switch r.IntN(10) {
		case 0:
			tail = "WITH " + strings.Join(items, ", ") + " WHERE c0 > 1 RETURN *"
		case 1:
			tail = "WITH " + strings.Join(items, ", ") + " ORDER BY c0 RETURN c0 + 1 AS x, *"
		case 2: // not split: counts that see repeated and null rows
			tail += pick(", count(*) AS n", ", count("+vars[len(vars)-1]+") AS n")
		case 3: // not split: a grouping key that is not a variable, or one an OPTIONAL MATCH binds
			tail = "RETURN " + pick("a.p AS p", vars[len(vars)-1]) + ", " + strings.Join(items, ", ")
		case 5, 6: // grouped by variables
			keys := pick("a", "a AS x", vars[0]+", "+vars[r.IntN(len(vars))])
			tail = "RETURN " + keys + ", " + strings.Join(items, ", ")
			if r.IntN(3) == 0 {
				tail += " ORDER BY c0 DESC"
			}
		case 4: // not split: rows limited, or aggregated, after the optional part
			tail = pick("WITH * LIMIT 4 ", "WITH a, count(*) AS m ", "WITH * WHERE rand() < 2 ") + tail
			if strings.Contains(tail, "count(*) AS m") {
				tail = "WITH a, count(*) AS m RETURN count(DISTINCT a) AS c0, count(DISTINCT m) AS c1"
			}
		}
		queries = append(queries, q+" "+tail)
	}
	for i := 0; i < 40; i++ {
		// the same inside a CALL { } per row, which imports a
		body := "WITH a"
		vars := []string{"a"}
		prev := "a"
		for n := 0; n < 1+r.IntN(2); n++ {
			part, bound := parts[r.IntN(len(parts))](prev, n)
			body += " " + part
			vars = append(vars, bound...)
			prev = bound[0]
		}
		queries = append(queries, fmt.Sprintf("%s CALL { %s RETURN count(DISTINCT %s) AS x, count(DISTINCT %s) AS y } RETURN a.k AS k, x, y",
			pick("MATCH (a:A)", "MATCH (a)-[:S]->()", "OPTIONAL MATCH (a {k: 3})"), body, vars[r.IntN(len(vars))], vars[len(vars)-1]))
	}
	split := 0
	for _, q := range queries {
		want := run(rows, q)
		if got := run(planned, q); got != want {
			t.Errorf("%s\n got  %s\n want %s", q, got, want)
		}
		if strings.Contains(run(planned, "EXPLAIN "+q), " distinct count ") {
			split++ // a CALL { } per count
		}
	}
	if split < len(queries)/3 {
		t.Errorf("only %d of %d aggregations split into sets", split, len(queries))
	}
	t.Logf("%d of %d aggregations split into sets", split, len(queries))
}
