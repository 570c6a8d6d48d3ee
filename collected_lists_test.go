package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCollectedListsMatchRowMode generates list algebra of collects: a
// comprehension filtering one collected list (global, DISTINCT or not, of
// nodes or of values often null) by membership in another list (a
// collect of an OPTIONAL MATCH or a MATCH after it, empty or not, one
// that reads the first list, a literal with a null, a parameter), under
// NOT, AND and OR, read by size(), by a quantifier, by UNWIND, by a sum
// of a mapped comprehension, next to other reads of either list that
// keep it a list; and the same after a grouped collect. It compares them
// on random graphs with self-loops and parallel relationships with the
// same queries planned row by row (see planner/collected_lists.go).
func TestCollectedListsMatchRowMode(t *testing.T) {
	t.Parallel()
	xsSources := []struct{ clause, elem string }{
		{"MATCH (a:A)-[:T]->(b) WITH collect(b) AS xs", "node"},
		{"MATCH (a)-[:T|U]->(b) WITH collect(DISTINCT b) AS xs", "node"},
		{"MATCH (b:B) WHERE b.k IS NULL OR b.k > 0 WITH collect(DISTINCT b) AS xs", "node"},
		{"MATCH (a)-[:U]->(a) WITH collect(a) AS xs", "node"},
		{"MATCH (a:A)-->(b) WITH collect(b.k) AS xs", "value"},
		{"MATCH (a)-[:T]->(b) WITH collect(DISTINCT b.k) AS xs", "value"},
		{"OPTIONAL MATCH (a:A)-[:U]->(b:A) WITH collect(b) AS xs", "node"},
		{"MATCH (a:A)-[:T]->(b) WITH a, collect(b) AS xs", "node"},
		{"MATCH (a:A)-[:T]->(b) WITH a.k AS g, collect(b) AS xs", "node"},
	}
	ysSources := []struct{ clause, elem string }{
		{"OPTIONAL MATCH (c:B)<-[:U]-(d) WITH xs, collect(c) AS ys", "node"},
		{"OPTIONAL MATCH (c)-[:T]->(d:A) WITH xs, collect(DISTINCT d) AS ys", "node"},
		{"OPTIONAL MATCH (c {id: $v})-->(d) WITH xs, collect(d) AS ys", "node"},
		{"OPTIONAL MATCH (c {id: 9999})-->(d) WITH xs, collect(d) AS ys", "node"},
		{"MATCH (c:A)-[:T]->(d) WITH xs, collect(d) AS ys", "node"},
		{"MATCH (c {id: 9999})-->(d) WITH xs, collect(d) AS ys", "node"},
		{"MATCH (c:B {id: $v})-[:U]->(d) WITH xs, collect(d.k) AS ys", "value"},
		{"OPTIONAL MATCH (c)-[:U]->(d) WHERE d.k = size(xs) WITH xs, collect(c) AS ys", "node"},
		{"OPTIONAL MATCH (c:A)-[:U]->(d) WITH xs, collect(d.k) AS ys", "value"},
		{"OPTIONAL MATCH (c)-[:T]->(d) WHERE c.k IS NULL WITH xs, collect(DISTINCT c.k) AS ys", "value"},
		{"WITH xs, [1, null, 3] AS ys", "value"},
		{"WITH xs, [] AS ys", "value"},
		{"WITH xs, $l AS ys", "value"},
		{"MATCH (c)-[:T]->(d) WITH collect(d) AS ys", "node"}, // first: ys, then xs
	}
	tests := map[string][]string{
		"node":  {"x IN ys", "NOT x IN ys", "x IN ys AND x.k IS NOT NULL", "NOT x IN ys OR x.k = 1", "NOT (x IN ys AND x.k > 0)", "x.k IN [1, null]"},
		"value": {"x IN ys", "NOT x IN ys", "x IN ys OR x = 2", "NOT x IN ys AND x > 0", "NOT (x IN ys OR x IS NULL)"},
	}
	reads := []string{
		"RETURN size([x IN xs WHERE %s]) AS n",
		"RETURN any(z IN [x IN xs WHERE %s] WHERE z IS NOT NULL) AS n",
		"UNWIND [x IN xs WHERE %s] AS z RETURN z AS n",
		"RETURN reduce(s = 0, z IN [x IN xs WHERE %s | 1] | s + z) AS n",
		"RETURN size([x IN xs WHERE %s]) AS n, size(xs) AS m",
		"RETURN size([x IN xs WHERE %s]) AS n, size(ys) AS m",
		"WITH [x IN xs WHERE %s] AS zs RETURN size(zs) AS n",
	}
	r := rand.New(rand.NewPCG(5, 8))
	type query struct {
		text    string
		grouped bool
	}
	var queries []query
	for range 500 {
		xs := xsSources[r.IntN(len(xsSources))]
		ys := ysSources[r.IntN(len(ysSources))]
		elem := xs.elem
		if ys.elem == "value" && xs.elem == "node" && r.IntN(2) == 0 {
			elem = "nodeValue"
		}
		var cands []string
		switch {
		case elem == "nodeValue":
			cands = []string{"x.k IN ys", "NOT x.k IN ys", "x.k IN ys OR x.id = 2"}
		case xs.elem == ys.elem:
			cands = tests[xs.elem]
		default:
			cands = []string{"x IN ys", "NOT x IN ys"} // never equal: false
		}
		test := cands[r.IntN(len(cands))]
		read := fmt.Sprintf(reads[r.IntN(len(reads))], test)
		grouped := strings.Contains(xs.clause, "WITH a")
		var q string
		switch {
		case strings.HasPrefix(ys.clause, "MATCH (c)-[:T]->(d) WITH collect(d) AS ys"):
			src := strings.Replace(xs.clause, " WITH ", " WITH ys, ", 1)
			q = ys.clause + " " + src + " " + read
		default:
			ysc := ys.clause
			if grouped {
				g := strings.TrimSuffix(strings.SplitN(strings.SplitN(xs.clause, " WITH ", 2)[1], ",", 2)[0], "")
				key := strings.TrimSpace(g)
				if i := strings.Index(key, " AS "); i >= 0 {
					key = key[i+4:]
				}
				ysc = strings.Replace(ysc, "WITH xs,", "WITH "+key+", xs,", 1)
			}
			q = xs.clause + " " + ysc + " " + read
		}
		queries = append(queries, query{q, grouped})
	}
	// Membership of a node in a list of matches, tested per row: x holds
	// a node in every row (the existence test) or may be null or hold a
	// value (the list's three-valued test).
	for _, q := range []string{
		"MATCH (a)-[:T]->(b) WHERE NOT b IN [(a)-[:U]->(c) | c] RETURN a.id, b.id",
		"MATCH (a)-[:T]->(b) WHERE b IN [(c)-[:U]->(a) | c] OR b.k = 1 RETURN a.id, b.id",
		"MATCH (a) OPTIONAL MATCH (a)-[:T]->(b) WITH a, b WHERE NOT b IN [(a)-[:U]->(c) | c] RETURN a.id, b.id",
		"MATCH (a) OPTIONAL MATCH (a)-[:T]->(b) WITH a, b WHERE b IN [(a)-[:U]->(c) | c] RETURN a.id, b.id",
		"MATCH (a) WITH a, CASE WHEN a.k = 1 THEN a END AS b WHERE NOT b IN [(c)-[:T]->(a) | c] RETURN a.id",
		"MATCH (a) WITH a, a.k AS v WHERE NOT v IN [(a)-->(c) | c] RETURN a.id",
		"MATCH (a) UNWIND [a, null] AS b WITH a, b WHERE NOT b IN [(a)-[:T]->(c) | c] RETURN a.id",
	} {
		queries = append(queries, query{q, false})
	}
	fails, cases := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 20, 30+int(seed)*12)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			for _, v := range []any{1, 6} {
				p := map[string]any{"v": v, "l": []any{int64(0), nil, int64(2)}}
				cases++
				a, b := canonical(mustRun(t, planned, q.text, p)), canonical(mustRun(t, rows, q.text, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					fails++
					if fails <= 20 {
						t.Errorf("seed %d, $v=%v: %s\n planned:  %v\n row mode: %v", seed, v, q.text, a, b)
					}
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases disagree", fails, cases)
	}
	t.Logf("%d queries, %d cases", len(queries), cases)
}
