package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSummedExistenceMatchesRowMode generates groupings whose aggregate
// adds up numbers of matches of a pattern per row (count(b) of an
// OPTIONAL MATCH, sum(COUNT { }), sum(size([...])), a CALL { } count)
// and reads the sum by comparisons with 0 in every spelling (> 0, >= 1,
// = 0, < 1, <= 0, <> 0, 0 < s, the always-true > -1 and >= 0, the
// always-false < 0), directly or through a column tested later, next to
// near-misses the planner must leave alone: comparisons with 1 or 2,
// the sum returned or used in arithmetic, the column renamed, tested by
// a chained comparison, DISTINCT counts, bodies that fail on some
// matches. Rows repeat (UNWIND, undirected hops, a node reached twice),
// hold nulls (an OPTIONAL MATCH before), and the graph has parallel
// relationships and self-loops. The planner reads such a sum as a sum of
// existence tests (planner/summed_existence.go); each query is compared
// with the same query planned row by row.
func TestSummedExistenceMatchesRowMode(t *testing.T) {
	t.Parallel()
	outers := []string{
		"MATCH (a)-[r]->(c)",
		"MATCH (a)-[r]-(c)",
		"MATCH (a:A)-[r:T]->(c)",
		"UNWIND [1, 1] AS d MATCH (a {id: $x})-[r]->(c)",
		"MATCH (z)-->(a)-[r]->(c)",
		"OPTIONAL MATCH (a:A {id: $x})-[r]->(c)",
		"MATCH (a) MATCH (a)-[r]->(c)",
	}
	// counts of matches per row; b is the counted variable of the
	// OPTIONAL MATCH forms
	counts := []struct{ before, count string }{
		{"OPTIONAL MATCH (c)-[b]->(a)", "count(b)"},
		{"OPTIONAL MATCH (c)-[b:U]->(x)", "count(b)"},
		{"OPTIONAL MATCH (c)-[b]-(c)", "count(b)"},
		{"OPTIONAL MATCH (c)-[b]->(x) WHERE x.k = 1", "count(b)"},
		{"OPTIONAL MATCH (c)-[b]->(x) WHERE 6 / (x.id - 7) > 0", "count(b)"},
		{"OPTIONAL MATCH (c)-[b]-(a)", "count(b)"},
		{"OPTIONAL MATCH (c)-[b]->(x:B)", "count(b)"},
		{"OPTIONAL MATCH (c)-[b]->(x) WHERE x.k IS NOT NULL", "size(collect(b))"},
		{"OPTIONAL MATCH (c)-[b]->(x:B)", "count(DISTINCT x)"},
		{"", "sum(COUNT { (c)-->(a) })"},
		{"", "sum(COUNT { (c)-[:T]-(x) WHERE x.k = 2 })"},
		{"", "sum(size([(c)<--(x) | x]))"},
		{"", "sum(size([(c)-[:T]-(x) WHERE x:B | x]))"},
		{"", "sum(COUNT { (c)-->(x) WHERE 6 / (x.id - 7) > 0 })"},
		{"CALL { WITH c MATCH (c)-->(y) RETURN count(y) AS m }", "sum(m)"},
	}
	keys := []string{"c", "a", "r", "a, c", "a.id AS g", "c.k AS g", ""}
	tests := []string{
		"%s > 0", "%s >= 1", "%s = 0", "%s < 1", "%s <= 0", "%s <> 0", "0 < %s", "1 > %s", "0 = %s",
		"%s > -1", "%s >= 0", "%s < 0",
		"%s = 1", "%s >= 2", "%s > 1", "%s <> 1", "%s < 2", "%s + 0 > 0", "%s", "%s * 2 > 2", "0 < %s < 2",
		"%s > 0 AND %s < 3", "CASE WHEN %s > 0 THEN 'y' ELSE 'n' END", "NOT %s = 0",
	}
	r := rand.New(rand.NewPCG(71, 3))
	var queries []string
	for ci, cnt := range counts {
		for ti, test := range tests {
			for shape := 0; shape < 6; shape++ {
				key := keys[r.IntN(len(keys))]
				if (ci+ti)%2 == 0 {
					key = "c" // groups of several rows, each reaching c once
				}
				pre := outers[(ci+ti+shape)%len(outers)]
				if cnt.before != "" {
					pre += " " + cnt.before
				}
				item := cnt.count + " AS s"
				if key != "" {
					item = key + ", " + item
				}
				var q string
				switch shape {
				case 0: // the comparison in the grouping's own item
					item := strings.ReplaceAll(test, "%s", cnt.count)
					if key != "" {
						item = key + ", " + item
					}
					q = fmt.Sprintf("%s WITH %s AS t RETURN t, count(*) AS n", pre, item)
				case 1: // the sum as a column tested later
					q = fmt.Sprintf("%s WITH %s WHERE %s RETURN count(*) AS n", pre, item, strings.ReplaceAll(test, "%s", "s"))
				case 2: // the column passed on, tested, then returned
					q = fmt.Sprintf("%s WITH %s WITH * WHERE %s RETURN s, count(*) AS n", pre, item, strings.ReplaceAll(test, "%s", "s"))
				case 3: // tested, then renamed and tested again
					q = fmt.Sprintf("%s WITH %s WITH * WHERE %s WITH s AS u WHERE u > 0 RETURN count(*) AS n", pre, item, strings.ReplaceAll(test, "%s", "s"))
				case 4: // tested inside a CALL { } that returns it
					q = fmt.Sprintf("CALL { %s WITH %s WHERE %s RETURN s } RETURN s, count(*) AS n", pre, item, strings.ReplaceAll(test, "%s", "s"))
				default: // tested, and ordered by the aggregate's text
					q = fmt.Sprintf("%s WITH %s WHERE %s RETURN s ORDER BY %s DESC, s LIMIT 3", pre, item, strings.ReplaceAll(test, "%s", "s"), cnt.count)
				}
				queries = append(queries, q)
			}
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := planVariants(t, seed, 14, 30+int(seed)*8, plannedRowMode)
		for _, db := range dbs {
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 2}) CREATE (x)-[:T]->(x), (x)-[:U]->(x)", nil)
			mustRun(t, db, "MATCH (x {id: 3}), (y {id: 4}) CREATE (x)-[:T]->(y), (x)-[:T]->(y), (y)-[:T]->(x)", nil)
			mustRun(t, db, "MATCH (x)-[:T]->(y) WHERE (x.id + y.id) % 3 = 0 CREATE (x)-[:T]->(y)", nil)
			// one row reaching q, and several matches between q and p
			mustRun(t, db, "CREATE (p:A {id: 20, k: 2})-[:T]->(q:B {id: 21, k: 1}), (q)-[:T]->(p), (q)-[:U]->(p), (q)-[:T]->(:B {id: 22, k: 1}), (l:A {id: 23})-[:T]->(l)", nil)
		}
		params := map[string]any{"x": []int{20, 3}[seed-1]}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
