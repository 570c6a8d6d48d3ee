package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCountExistenceMatchesRowMode generates comparisons of a number of
// matches (COUNT { }, size() of a pattern comprehension, size(COLLECT {
// })) with 0, 1, 2, a parameter, a property and null, at every position
// an expression may take — WHERE, projections, CASE, ORDER BY, grouping
// keys and aggregate arguments, list comprehensions, quantifiers,
// reduce(), pattern comprehensions and nested subquery bodies — over
// rows with nulls (OPTIONAL MATCH), parallel relationships and
// self-loops, with bodies that fail on some matches. The planner reads
// the comparisons with a constant as existence tests (see
// planner/count_existence.go); each query is compared with the same
// query planned row by row.
func TestCountExistenceMatchesRowMode(t *testing.T) {
	t.Parallel()
	counts := []string{
		"COUNT { (a)-->(x) }",
		"COUNT { (a)-[:T]->(x) WHERE x.k = 1 }",
		"COUNT { (a)<-[:U]-(x:A) }",
		"COUNT { MATCH (a)-->(x) RETURN x }",
		"COUNT { (a)-->(x {k: 2}) }",
		"COUNT { (a)-->(x) WHERE x.k IS NULL OR x.id > a.id }",
		"COUNT { (a)-->(x) WHERE x.k / (x.k - 1) > 0 }",
		"COUNT { (a)-->(x) WHERE x.k / (x.k - 1) > 0 OR true }",
		"COUNT { (a)--(x) WHERE 6 / (x.id - 7) < 0 }",
		"COUNT { (a)--(x) WHERE 6 / (x.id - 7) < 0 }",
		"size([(a)--(x) WHERE 6 / (x.id - 7) < 0 | 1])",
		"size([(a)-->(x) | x.k])",
		"size([(a)-[:U]->(x) WHERE x.k IS NULL | 1])",
		"size([(a)-->(x) | 10 / x.k])",
		"size(COLLECT { MATCH (a)-->(x) RETURN x.k })",
		"size(COLLECT { MATCH (a)<-[:T]-(x) WHERE x.k <> 0 RETURN x })",
	}
	tests := []string{
		"%s > 0", "%s >= 1", "%s <> 0", "%s = 0", "%s < 1", "0 < %s", "1 <= %s", "NOT (%s = 0)", "%s <= 0",
		"NOT (%s > 0)", "%s > 1", "%s >= 2", "%s = 1", "%s < 2", "%s > -1", "%s = -1",
		"%s > a.k", "%s >= $one", "%s > 0.5", "%s > null", "%s <> 1",
	}
	places := []string{
		"MATCH (a) WHERE %s RETURN a.id AS id",
		"MATCH (a) RETURN a.id AS id, %s AS t",
		"MATCH (a)-->(b) RETURN %s AS t, count(*) AS n",
		"MATCH (a) RETURN a.id AS id, CASE WHEN %s THEN 'y' ELSE 'n' END AS t",
		"MATCH (a) WITH a, %s AS t WHERE a.id > 2 RETURN a.id AS id, t",
		"MATCH (a) RETURN a.id AS id ORDER BY %s, id LIMIT 5",
		"MATCH (a) RETURN a.id AS id, [y IN [1, 2] WHERE %s | y] AS t",
		"MATCH (a) RETURN a.id AS id, [(a)-->(b) WHERE %s | b.id] AS t",
		"MATCH (a) RETURN a.id AS id, EXISTS { MATCH (a)-->(c) WHERE %s } AS t",
		"MATCH (a) RETURN a.id AS id, COUNT { MATCH (a)-->(c) WHERE c.id > 3 AND %s RETURN c } AS t",
		"OPTIONAL MATCH (a:A {id: $x}) RETURN %s AS t",
		"MATCH (a) OPTIONAL MATCH (a)-[:U]->(b) RETURN a.id AS id, b IS NULL AS bn, %s AS t",
		"MATCH (a) RETURN DISTINCT %s AS t",
		"MATCH (a) RETURN count(CASE WHEN %s THEN 1 END) AS t",
		"MATCH (a) RETURN a.id % 2 AS g, sum(CASE WHEN %s THEN 1 ELSE 0 END) AS t",
		"MATCH (a) RETURN a.id AS id, any(y IN [1, 2] WHERE y > a.id % 3 AND %s) AS t",
		"MATCH (a) RETURN a.id AS id, reduce(s = 0, y IN [1, 2] | s + CASE WHEN %s THEN y ELSE 0 END) AS t",
		"MATCH (a) WITH a, collect(a.id) AS ids RETURN a.id AS id, %s AS t",
		"MATCH (a) UNWIND CASE WHEN %s THEN [1, 2] ELSE [] END AS y RETURN a.id AS id, y",
		"MATCH (a) RETURN a.id AS id, NOT %s AS t",
		"MATCH (a:B) RETURN a.id AS id, %s AND a.k = 1 AS t",
		"MATCH (a) RETURN a.id AS id, {c: %s} AS t",
	}
	r := rand.New(rand.NewPCG(21, 4))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 600 {
		test := fmt.Sprintf(tests[r.IntN(len(tests))], counts[r.IntN(len(counts))])
		q := fmt.Sprintf(places[r.IntN(len(places))], test)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	againstRowModeOnKeyedGraphs(t, queries, func(seed uint64) map[string]any {
		return map[string]any{"x": int(seed) * 3, "one": 1}
	})
}
