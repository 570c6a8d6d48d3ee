package cyq

import (
	"fmt"
	"testing"
)

// TestPredicateFormsAgree runs groups of queries that ask one question
// with predicates spelled differently (inline maps, WHERE either way
// round, IN, any(), OR chains, label tests in WHERE), on random graphs,
// with predicates pushed down (the default) and left in place (row mode
// only): every form in both modes must give the rows of the group's first
// form. Further queries check that pushdown keeps OPTIONAL MATCH's null
// padding, WITH boundaries and multi-part patterns.
func TestPredicateFormsAgree(t *testing.T) {
	t.Parallel()
	groups := [][]string{
		{
			"MATCH (a:A {id: $x})-->()-->(c) RETURN c.id",
			"MATCH (a:A)-->()-->(c) WHERE a.id = $x RETURN c.id",
			"MATCH (a:A)-->()-->(c) WHERE $x = a.id RETURN c.id",
			"MATCH (a)-->()-->(c) WHERE a:A AND a.id IN [$x] RETURN c.id",
			"MATCH (a)-->()-->(c) WHERE any(i IN [$x] WHERE a.id = i) AND a:A RETURN c.id",
		},
		{
			"MATCH (a)-[r]->(b) WHERE a.id IN [$x, 3, 5, null] RETURN a.id, type(r), b.id",
			"MATCH (a)-[r]->(b) WHERE any(i IN [$x, 3, 5, null] WHERE i = a.id) RETURN a.id, type(r), b.id",
			"MATCH (a)-[r]->(b) WHERE a.id = $x OR a.id = 3 OR 5 = a.id OR a.id = null RETURN a.id, type(r), b.id",
		},
		{
			"MATCH (a)-[:T]->(b:B)-[:U]->(c) WHERE b.id > $x AND c.id < 30 RETURN a.id, b.id, c.id",
			"MATCH (a)-[:T]->(b)-[:U]->(c) WHERE c.id < 30 AND b:B AND $x < b.id RETURN a.id, b.id, c.id",
		},
		{
			"MATCH (a:A), (b:B) WHERE a.id = $x AND b.id = $x + 1 RETURN a.id, b.id",
			"MATCH (a:A {id: $x}), (b:B {id: $x + 1}) RETURN a.id, b.id",
		},
	}
	single := []string{
		// OPTIONAL MATCH: the WHERE filters inside the branch, null-padding
		// rows without a match; conditions on earlier variables stay inside.
		"MATCH (a:A) OPTIONAL MATCH (a)-->(b)-->(c) WHERE b.id > $x RETURN a.id, c.id",
		"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WHERE a.id > $x RETURN a.id, b.id",
		"MATCH (a) OPTIONAL MATCH (a)-[r:T]->(b) WHERE r IS NULL OR b.id = $x RETURN a.id, b.id",
		"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WITH a, b WHERE b IS NULL OR b.id > $x RETURN a.id, b.id",
		// A WITH boundary: the predicate after it stays after it.
		"MATCH (a)-->(b) WITH a, count(b) AS d WHERE d > 1 AND a.id > $x RETURN a.id, d",
		"MATCH (a)-->(b) WITH DISTINCT a WHERE a.id < $x MATCH (a)<--(c) RETURN a.id, c.id",
		"MATCH (a)-->(b) WITH a, b ORDER BY b.id LIMIT 20 WHERE a.id > $x RETURN a.id, b.id",
		// Several MATCH clauses, a later one filtering an earlier variable.
		"MATCH (a:A) MATCH (a)-->(b)-->(c) WHERE a.id = $x AND c:B RETURN b.id, c.id",
		"UNWIND [1, 2, $x] AS k MATCH (a {id: k})-->(b) WHERE b.id > k RETURN k, b.id",
		// Predicates that may fail stay in place.
		"MATCH (a)-->(b) WHERE a.id = $x AND 100 / (b.id - b.id + 1) > 0 RETURN b.id",
		// EXISTS and pattern comprehensions plan their patterns alike.
		"MATCH (a:A) WHERE EXISTS { MATCH (a)-->(b)-->(c) WHERE c.id = $x } RETURN a.id",
		"MATCH (a:A) RETURN a.id, [(a)-->(b)-->(c {id: $x}) | b.id] AS via",
		// Paths and variable-length relationships.
		"MATCH p = (a {id: $x})-[*1..2]->(b) WHERE b:B RETURN length(p), b.id",
		"MATCH p = shortestPath((a:A {id: $x})-[*..4]-(b:B)) WHERE b.id < 10 RETURN b.id, length(p)",
	}
	for seed := uint64(1); seed <= 3; seed++ {
		pushed, kept := plannedAndRowMode(t)
		randomGraph(t, pushed, seed, 40, 120)
		randomGraph(t, kept, seed, 40, 120)
		for _, x := range []int{0, 3, 9} {
			p := map[string]any{"x": x}
			for _, g := range groups {
				want := fmt.Sprint(canonical(mustRun(t, kept, g[0], p)))
				for _, q := range g {
					for mode, db := range map[string]*DB{"pushed": pushed, "kept": kept} {
						if got := fmt.Sprint(canonical(mustRun(t, db, q, p))); got != want {
							t.Errorf("seed %d, x=%d, %s: %s\n got  %s\n want %s (%s)", seed, x, mode, q, got, want, g[0])
						}
					}
				}
			}
			for _, q := range single {
				a, b := fmt.Sprint(canonical(mustRun(t, pushed, q, p))), fmt.Sprint(canonical(mustRun(t, kept, q, p)))
				if a != b {
					t.Errorf("seed %d, x=%d: %s\n pushed down: %s\n in place:    %s", seed, x, q, a, b)
				}
			}
		}
		pushed.Close()
		kept.Close()
	}
}
