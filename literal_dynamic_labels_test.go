package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLiteralDynamicLabelsMatchRowMode checks dynamic labels and types of
// literal names written as the static ones (planner/
// literal_dynamic_labels.go) against row mode, which tests the run-time
// predicate over labels() and type(): generated label and type
// expressions mixing $('A'), $(['A', 'B']), $all(), $any(), static names
// and the connectives &, | and !, with near-misses the fold must leave
// (an empty list, an empty name, null, a number, a list holding null, a
// parameter, $all() of two types, a name the graph lacks, repeated
// names, $any() in a pattern to create), on node patterns with an
// indexed id, on relationship patterns
// of one and of variable length, under counts, grouped counts, EXISTS,
// COUNT { }, OPTIONAL MATCH and the rows themselves, on a random graph of
// nodes with zero to three labels, three types, self-loops and parallel
// relationships. The run must plan most generated patterns without the
// run-time predicate.
func TestLiteralDynamicLabelsMatchRowMode(t *testing.T) {
	t.Parallel()
	labels, types := []string{"A", "B", "C"}, []string{"R", "S", "T"}
	dbs := map[string]*DB{}
	for _, name := range []string{"planned", "row-mode"} {
		db, err := Open("", &Options{RowModeOnly: name == "row-mode"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		rg := rand.New(rand.NewPCG(18, 3))
		for i := 0; i < 30; i++ {
			ls := ""
			for _, l := range labels {
				if rg.IntN(5) < 2 {
					ls += ":" + l
				}
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {id: %d})", ls, i), nil)
		}
		for i := 0; i < 120; i++ {
			a, b := rg.IntN(30), rg.IntN(30)
			if rg.IntN(8) == 0 {
				b = a // a self-loop
			}
			typ := types[rg.IntN(len(types))]
			for k := 0; k < 1+rg.IntN(3)/2; k++ { // sometimes a parallel pair
				mustRun(t, db, fmt.Sprintf("MATCH (a {id: %d}), (b {id: %d}) CREATE (a)-[:%s]->(b)", a, b, typ), nil)
			}
		}
		mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
		dbs[name] = db
	}
	r := rand.New(rand.NewPCG(41, 7))
	quote := func(s string) string { return "'" + s + "'" }
	// names is a list literal of one to three of pool (sometimes with a
	// repeat or a name the graph lacks).
	names := func(pool []string) string {
		var out []string
		for i := 0; i < 1+r.IntN(3); i++ {
			out = append(out, quote(pool[r.IntN(len(pool))]))
		}
		return "[" + strings.Join(out, ", ") + "]"
	}
	// dynamic: one dynamic part, literal (folded) or a near-miss.
	dynamic := func(pool []string) string {
		one := quote(pool[r.IntN(len(pool))])
		switch r.IntN(13) {
		case 0:
			return "$(" + one + ")"
		case 1:
			return "$(" + names(pool) + ")"
		case 2:
			return "$all(" + names(pool) + ")"
		case 3, 4:
			return "$any(" + names(pool) + ")"
		case 5:
			return "$any([])"
		case 6:
			return "$([])"
		case 7:
			return "$('')"
		case 8:
			return "$any([" + one + ", null])"
		case 9:
			return "$(null)"
		case 10:
			return "$($p)"
		case 11:
			return "$all([" + one + ", null])"
		}
		return "$any(" + one + ")"
	}
	// expr: a label or type expression of dynamic parts and names.
	var expr func(pool []string, depth int) string
	expr = func(pool []string, depth int) string {
		if depth == 0 || r.IntN(2) == 0 {
			if r.IntN(4) == 0 {
				return pool[r.IntN(len(pool))]
			}
			return dynamic(pool)
		}
		switch r.IntN(3) {
		case 0:
			return "!" + expr(pool, depth-1)
		case 1:
			return "(" + expr(pool, depth-1) + "|" + expr(pool, depth-1) + ")"
		}
		return "(" + expr(pool, depth-1) + "&" + expr(pool, depth-1) + ")"
	}
	nodePool := append(append([]string{}, labels...), "Z")
	typePool := append(append([]string{}, types...), "Q")
	var queries []string
	for i := 0; i < 70; i++ {
		la, lb, tr := expr(nodePool, 2), expr(nodePool, 1), expr(typePool, 1)
		k := r.IntN(30)
		length := []string{"", "", "*1..2", "*2"}[r.IntN(4)]
		dir := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}[r.IntN(3)]
		rel := dir[0] + "[r:" + tr + length + "]" + dir[1]
		queries = append(queries,
			"MATCH (a:"+la+") RETURN count(a) AS n",
			"MATCH (a:"+la+" {id: "+fmt.Sprint(k)+"}) RETURN a.id AS id",
			"MATCH (a:"+la+")"+rel+"(b:"+lb+") RETURN count(*) AS n",
			"MATCH (a:"+la+" {id: "+fmt.Sprint(k)+"})"+rel+"(b) RETURN b.id AS id, count(*) AS n",
			"MATCH (a)"+rel+"(b:"+lb+") RETURN a.id AS id, count(DISTINCT b) AS n",
			"MATCH (a) WHERE EXISTS { (a)"+rel+"(:"+lb+") } RETURN count(a) AS n",
			"MATCH (a:"+la+") RETURN a.id AS id, COUNT { (a)"+rel+"(:"+lb+") } AS n",
			"MATCH (a) OPTIONAL MATCH (a)"+rel+"(b:"+lb+") RETURN a.id AS id, count(b) AS n",
		)
	}
	// Writes last (they change both graphs alike): a pattern to create
	// takes $() of one name, not $any(), in CREATE and MERGE alike.
	queries = append(queries,
		"CREATE (x:$('C') {id: 100})-[:$('R')]->(y:$all(['A', 'B']) {id: 101}) RETURN count(*) AS n",
		"CREATE (x:$any(['A']) {id: 102}) RETURN count(*) AS n",
		"MERGE (x:$any(['B']) {id: 103}) RETURN count(*) AS n",
		"MATCH (a {id: 100}), (b {id: 101}) CREATE (a)-[:$any(['S'])]->(b) RETURN count(*) AS n",
		"MERGE (x:$('C') {id: 100}) RETURN x.id AS id",
		"MATCH (a:$any(['A', 'C'])) RETURN count(a) AS n",
	)
	runs, failed := 0, 0
	params := map[string]any{"p": "A"}
	// static counts the queries planned without a run-time label or type
	// test.
	static := func(qs []string) int {
		n := 0
		for _, q := range qs {
			againstRowMode(t, dbs, []string{"planned"}, "literal dynamic labels", q, params, &runs, &failed)
			plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, params)
			if !strings.Contains(plan, "labels(") && !strings.Contains(plan, "type(") {
				n++
			}
		}
		return n
	}
	inPatterns := static(queries)
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	// The generated tests must mostly be planned as static labels and
	// types, not only run.
	if inPatterns < len(queries)/3 {
		t.Errorf("only %d of %d queries planned without a run-time label or type test", inPatterns, len(queries))
	}
	t.Logf("%d queries, %d runs, %d planned without a run-time test", len(queries), runs, inPatterns)
}
