package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestUnionBodiesMatchRowMode generates COUNT { }, COLLECT { } and
// EXISTS { } subqueries whose bodies are a UNION or a UNION ALL of two or
// three branches: correlated and uncorrelated, returning nodes or
// values, with duplicate rows within a branch (two paths to one node,
// parallel relationships, repeated UNWIND values) and across branches,
// null rows (OPTIONAL MATCH), DISTINCT, and branches that fail on some
// rows; in projections, WHERE, CASE, aggregations and under a null
// imported node. The planner plans a UNION body as the CALL { } of the
// same UNION (planner/union_bodies.go); each query is compared with the
// same query planned row by row.
func TestUnionBodiesMatchRowMode(t *testing.T) {
	t.Parallel()
	branches := []string{
		"MATCH (a)-->(u) RETURN u",
		"MATCH (a)<-[:T]-(u) RETURN u",
		"MATCH (a)-->()-->(u) RETURN u",
		"MATCH (a)-[:U]-(u) RETURN u",
		"MATCH (u:A) RETURN u",
		"MATCH (a)-->(u) RETURN DISTINCT u",
		"MATCH (a)-->(u) WHERE u.k / (u.k - 1) > 0 RETURN u",
		"OPTIONAL MATCH (a)-[:U]->(u) RETURN u",
		"MATCH (a)-[:T]->(m)<-[:T]-(u) WHERE u <> a RETURN u",
		"WITH a MATCH (a)<--(u:B) RETURN u",
		"MATCH (a)-->(u) WITH u WHERE u.k IS NOT NULL RETURN u",
	}
	values := []string{
		"MATCH (a)-->(x) RETURN x.k AS u",
		"UNWIND [1, 1, 2] AS u RETURN u",
		"MATCH (a)<--(x) RETURN x.k AS u",
		"MATCH (a)-->(x) RETURN 10 / x.k AS u",
		"RETURN a.k AS u",
	}
	forms := []string{"COUNT { %s }", "COUNT { %s }", "COLLECT { %s }", "EXISTS { %s }", "size(COLLECT { %s })"}
	places := []string{
		"MATCH (a) RETURN a.id AS id, %s AS n",
		"OPTIONAL MATCH (a:A {id: $x}) RETURN %s AS n",
		"MATCH (a:B) WITH a, %s AS n WHERE a.id % 2 = 0 RETURN a.id AS id, n",
		"MATCH (a)-[:T]->(c) RETURN c.id AS id, a.id AS a, %s AS n",
		"MATCH (a) RETURN DISTINCT %s AS n",
		"MATCH (a) RETURN a.id AS id, CASE WHEN a.k = 1 THEN %s END AS n",
		"MATCH (a)-[:T]->(c) RETURN c.id AS id, collect(%s) AS n",
	}
	counted := []string{
		"MATCH (a) WHERE %s > 1 RETURN a.id AS id",
		"MATCH (a) RETURN sum(%s) AS n",
		"MATCH (a) RETURN a.id AS id, %s > 0 AS n",
	}
	r := rand.New(rand.NewPCG(33, 8))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 400 {
		pool := branches
		if r.IntN(3) == 0 {
			pool = values
		}
		parts := []string{pool[r.IntN(len(pool))], pool[r.IntN(len(pool))]}
		if r.IntN(4) == 0 {
			parts = append(parts, pool[r.IntN(len(pool))])
		}
		sep := " UNION "
		if r.IntN(2) == 0 {
			sep = " UNION ALL "
		}
		k := r.IntN(len(forms))
		body := fmt.Sprintf(forms[k], strings.Join(parts, sep))
		if k == 3 && strings.Contains(body, "RETURN 10 / x.k") {
			// An EXISTS body does not evaluate a returned value it does
			// not read, with or without UNION (the body rules drop it).
			continue
		}
		place := places[r.IntN(len(places))]
		if k == 2 {
			// A COLLECT's list comes in the order its body's rows do,
			// which a UNION does not fix: compared only as a column
			// (as a multiset).
			place = places[r.IntN(3)]
		}
		if k < 2 && r.IntN(2) == 0 {
			place = counted[r.IntN(len(counted))]
		}
		q := fmt.Sprintf(place, body)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	againstRowModeOnKeyedGraphs(t, queries, func(seed uint64) map[string]any {
		return map[string]any{"x": int(seed)*3 - 3}
	})
}
