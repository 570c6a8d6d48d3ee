package cyq

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCarriedListsMatchRowMode generates lists of a pattern's matches
// built by a pattern comprehension in a WITH, carried through further
// WITH clauses (plain, DISTINCT, grouping, *) and tested later by NOT IN
// in a MATCH's or a WITH's WHERE (under AND, OR and NOT), which the
// planner answers as an anti-join with the matches
// (planner/carried_lists.go). The lists hold nodes, relationships,
// property values with nulls, repeated elements (parallel relationships,
// self-loops), or are empty; the row that builds them may have a null
// node (OPTIONAL MATCH) or come in many rows; the tested value is a node,
// a null, a relationship or a property. Near-misses read the list
// otherwise, group or DISTINCT on the way, bind one of the
// comprehension's names again, show RETURN *, or build the list with a
// test that fails on some matches. Each query is compared with the same
// query planned row by row.
func TestCarriedListsMatchRowMode(t *testing.T) {
	t.Parallel()
	leads := []string{
		"MATCH (o:A {id: $p}) WITH [(o)-->(x) | x] AS ys",
		"MATCH (o:A) WHERE o.id < 7 WITH o.id AS oid, [(o)-[:T]->(x) | x] AS ys",
		"OPTIONAL MATCH (o:A {id: $q}) WITH [(o)<--(x) | x] AS ys",
		"MATCH (o) WHERE o.k = 1 WITH DISTINCT o WITH [(o)--(x:B) | x] AS ys, o.id AS oid",
		"MATCH (o {id: $p}) WITH [(o)-->(x) WHERE x.k IS NOT NULL | x] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-->(x) | x.k] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-->(x) | x] + [null] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-[r]->(x) | r] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-->(x) WHERE 6 / (x.id % 3) > 0 | x] AS ys",
		"MATCH (o {id: $p}) ((a)-[:T]->(b)){1,2} (c) WITH [(o)-->(x) | b] AS ys",
		"MATCH (x:A)-->(o) WITH DISTINCT o WITH [(o)-->(x) | x] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-->(x) | 12 / (x.id % 3)] AS ys",
		"MATCH (o:A) WITH o, count(*) AS c, [(o)-->(x) | x] AS ys",
		"MATCH (o:A) WITH DISTINCT [(o)-->(x) | x] AS ys",
		"UNWIND [1, 4, 7] AS i MATCH (o {id: i}) WITH i, [(o)-->(x) | x] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-->(x) WHERE x <> o | x] AS ys",
		"MATCH (o {id: $p}) WITH [(o)-[:U]->()-->(x) | x] AS ys",
		"MATCH (o {id: $p}) WITH [(:A {id: $q})-->(x) | x] AS ys",
		"MATCH (o)-->(w) WHERE o.id = $p WITH w, [(o)-->(x)<--(w) | x] AS ys",
	}
	middles := []string{
		"",
		"WITH ys",
		"WITH DISTINCT ys",
		"WITH ys, 1 AS one",
		"WITH *",
		"WITH ys, count(*) AS c",
		"MATCH (o)-[:T]->(z)",
		"WITH ys AS zs WITH zs AS ys",
		"WITH ys ORDER BY size(ys) LIMIT 2",
	}
	tails := []string{
		"MATCH (v:B) WHERE NOT v IN ys RETURN count(*) AS n",
		"MATCH (a {id: $q})-->(v) WHERE NOT v IN ys AND v.k IS NOT NULL RETURN v.id AS id, count(*) AS n",
		"MATCH (a {id: $q})--(v) WHERE NOT (v IN ys OR v.id > 9) RETURN count(DISTINCT v) AS n",
		"OPTIONAL MATCH (v {id: $q}) WITH v, ys WHERE NOT v IN ys RETURN v.id AS id",
		"UNWIND [1, null, 5] AS z OPTIONAL MATCH (v {id: z}) WITH z, v, ys WHERE NOT v IN ys RETURN z",
		"UNWIND [null, 2, 'a'] AS v WITH v, ys WHERE NOT v IN ys RETURN v",
		"MATCH (v) WHERE v IN ys AND NOT v IN ys RETURN count(*) AS n",
		"MATCH (v:A) WHERE NOT v IN ys RETURN v.id AS id, size(ys) AS s",
		"MATCH (:A)-[r]->(v) WHERE NOT r IN ys RETURN count(*) AS n",
		"MATCH (v:A) RETURN v.id AS id, NOT v IN ys AS t",
		"MATCH (v:B) WHERE NOT v.k IN ys RETURN count(*) AS n",
		"MATCH (v:A) WITH v, ys WHERE NOT v IN ys RETURN count(*) AS n",
		"MATCH (v:A) WHERE NOT v IN ys WITH v, ys WHERE NOT (v IN ys) OR v.id = 3 RETURN v.id AS id",
		"MATCH (v:B) WHERE v.id > 10 AND NOT v IN ys RETURN *",
		"MATCH (v {id: $q}) WHERE NOT NOT v IN ys RETURN v.id AS id",
		"MATCH (v)-->(x) WHERE NOT x IN ys RETURN count(*) AS n",
		"MATCH (v:B {id: -1}) WHERE NOT v IN ys RETURN count(*) AS n",
	}
	r := rand.New(rand.NewPCG(17, 71))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 500 {
		q := strings.Join(strings.Fields(leads[r.IntN(len(leads))]+" "+middles[r.IntN(len(middles))]+" "+tails[r.IntN(len(tails))]), " ")
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	againstRowModeOnKeyedGraphs(t, queries, func(seed uint64) map[string]any {
		return map[string]any{"p": int(seed)*3 + 3, "q": int(seed) + 1}
	})
}
