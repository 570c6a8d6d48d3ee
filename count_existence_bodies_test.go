package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCountBodyExistenceMatchesRowMode generates comparisons of COUNT {
// } with a constant whose body's WHERE (or inline WHERE) holds existence
// tests — pattern predicates, EXISTS { } with and without its own WHERE,
// under NOT, AND, OR and XOR, closing on a node bound outside, on the
// body's own node, on self-loops — and bodies whose nested test fails on
// some matches (an integer division by zero), where the count must stay a
// count: an existence test stops at the first match, the count reads
// them all. The planner reads a count compared with a constant as an
// existence test when reading its matches cannot fail, nested existence
// tests included (planner/count_existence.go); each query is compared
// with the same query planned row by row, on graphs with parallel
// relationships, self-loops and a property null on some nodes, and rows
// where the outer node is null (OPTIONAL MATCH).
func TestCountBodyExistenceMatchesRowMode(t *testing.T) {
	t.Parallel()
	bodies := []string{
		"(v)-->(w) WHERE (h)-->(w)",
		"(v)-->(w) WHERE NOT (h)-->(w)",
		"(v)-[:T]->(w) WHERE (w)-->(h)",
		"(v)--(w) WHERE (h)-[:U]-(w) OR w.k = 1",
		"(v)-->(w) WHERE (h)-->(w) XOR (w)-->(h)",
		"(v)-->(w) WHERE (w)-->(w)",
		"(v)-->(w WHERE (w)-[:T]->()) WHERE w.id <> v.id",
		"(v)-->(w) WHERE EXISTS { (w)-->(z) WHERE z.id > v.id }",
		"(v)-->(w) WHERE EXISTS { MATCH (w)<-[:U]-(z) WHERE z.k IS NULL }",
		"(v)-->(w) WHERE NOT EXISTS { (w)-->(z) WHERE (z)-->(h) }",
		"(v)<--(w) WHERE (h)-->(w) AND w.k = 2",
		"MATCH (v)-->(w) WHERE (h)<--(w) RETURN w",
		// near-misses: a nested test that fails on some matches
		"(v)-->(w) WHERE EXISTS { (w)-->(z) WHERE 10 / (z.id - 5) > 1 }",
		"(v)-->(w) WHERE (h)-->(w) AND 12 / (w.id - 4) > 0",
		"(v)-->(w) WHERE (h)-->(w) OR EXISTS { (w)--(z {k: 10 / (w.id - 6)}) }",
		"(v)-->(w WHERE NOT EXISTS { (w)-->(z) WHERE 6 / (z.id - 3) > 0 })",
		"(v)-->(w) WHERE NOT (12 / (w.id - 4) > 0 AND (h)-->(w))",
		"(v)-->(w WHERE (w)-->() AND 6 / (w.id % 3) > 1)",
	}
	tests := []string{"%s = 0", "%s > 0", "%s >= 1", "%s < 1", "%s <> 0", "%s >= 2", "%s = 1", "NOT (%s = 0)"}
	places := []string{
		"MATCH (h:A {id: $p})-->(v) WHERE %s RETURN count(*) AS n",
		"MATCH (h)-[:T]-(v) WHERE h.id < 7 AND %s RETURN h.id AS h, v.id AS v",
		"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v) RETURN h.id AS h, v.id AS v, %s AS t",
		"MATCH (h)-->(v) WITH DISTINCT h, v WHERE %s RETURN count(*) AS n",
		"MATCH (h:A {id: $p})-->(v) RETURN sum(CASE WHEN %s THEN 1 ELSE 0 END) AS n",
		"MATCH (h)-->(v) WHERE h.id % 4 = 1 WITH h, v, %s AS t RETURN t, count(*) AS n",
	}
	r := rand.New(rand.NewPCG(33, 8))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 400 {
		b := bodies[r.IntN(len(bodies))]
		test := fmt.Sprintf(tests[r.IntN(len(tests))], "COUNT { "+b+" }")
		q := fmt.Sprintf(places[r.IntN(len(places))], test)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	againstRowModeOnKeyedGraphs(t, queries, func(seed uint64) map[string]any {
		return map[string]any{"p": int(seed) * 3}
	})
}
