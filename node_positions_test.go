package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// A value read as a node that is not one raises "expected a node" at the
// first node pattern naming it after it was bound as a value
// (planner/node_positions.go), in every plan. The generated queries bind
// v to values that are nodes on some rows and integers, strings,
// relationships or lists on others (UNWIND of a list, of a pattern
// comprehension or a concatenation of them, through a WITH, a renaming
// WITH, a list comprehension), and read v as a node in a later MATCH,
// OPTIONAL MATCH, pattern predicate, COUNT { }, pattern comprehension or
// a second pattern naming it again; each runs planned and in row mode,
// and an error must be the same and name the pattern node's position.
func TestValueNodePositionsMatchRowMode(t *testing.T) {
	t.Parallel()
	binds := []string{
		"MATCH (a {id: $x}) UNWIND [(a)-->(w) | w.k] AS v",
		"MATCH (a {id: $x}) WITH [(a)-->(w) | w.k] AS vs UNWIND vs AS v",
		"MATCH (a {id: $x}) WITH a, [(a)-[r]->(w) | r] AS vs UNWIND vs AS v",
		"MATCH (a:A) WITH a, [(a)-->(w) | w] + [(a)<--(w) | w.id] AS vs UNWIND vs AS v",
		"MATCH (a:A) UNWIND [(a)-->(w) | w] + [(a)<-[r]-(w) | r] AS v",
		"MATCH (a {id: $x}) UNWIND [a, 1, 'x'] AS v",
		"MATCH (a {id: $x}) WITH a, [y IN [(a)-->(w) | w] | y.id] AS vs UNWIND vs AS v",
		"MATCH (a:A) WITH a, a.id AS v",
		"MATCH (a:A) WITH a, CASE WHEN a.id % 2 = 0 THEN a ELSE [a] END AS v",
		"MATCH (a {id: $x}) UNWIND [(a)-->(w) | w] AS u WITH a, u.k AS v",
		"MATCH (a:A) UNWIND [(a)-[r:T]->(w) | r] + [(a)<-[r]-(w) | r] AS v",
		"MATCH (a:A) WITH a, [p = (a)-->(w) | p] AS vs UNWIND vs AS v",
		"MATCH (a:A) UNWIND [(a)-->(w) | w] AS v",
	}
	uses := []string{
		"MATCH (v)-->(z) RETURN count(*) AS n",
		"WITH DISTINCT v MATCH (v)-->(z) RETURN count(*) AS n",
		"OPTIONAL MATCH (v)-[:T]->(z) RETURN count(z) AS n",
		"MATCH (z)-->(v) RETURN count(*) AS n",
		"MATCH (a)-->(v) RETURN count(*) AS n",
		"RETURN count(CASE WHEN (v)-->() THEN 1 END) AS n",
		"RETURN sum(COUNT { (v)<--() }) AS n",
		"RETURN [(v)-->(z) | z.id] AS l",
		"WITH v MATCH (z {id: 1}) MATCH (v)-->(z) RETURN count(*) AS n",
		"MATCH (v) RETURN count(*) AS n",
		"MATCH ()-[v]->() RETURN count(*) AS n",
		"WITH DISTINCT v MATCH (z)-[v]-() RETURN count(*) AS n",
	}
	r := rand.New(rand.NewPCG(5, 17))
	seen := map[string]bool{}
	var queries []string
	for tries := 0; len(queries) < 150 && tries < 5000; tries++ {
		q := binds[r.IntN(len(binds))] + " " + uses[r.IntN(len(uses))]
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	runs, failed, errs, misplaced := 0, 0, 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedIdxRowMode, sparseKeys)
		params := map[string]any{"x": int(seed) * 3}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			want := rowsOrError(dbs["row-mode"], q, params)
			if !strings.Contains(want, "expected a node") {
				continue
			}
			errs++
			// The error names the column of a node pattern `(v`.
			col := 0
			if _, err := fmt.Sscanf(want, "error: 1:%d:", &col); err != nil || col < 1 || !strings.HasPrefix(q[col-1:], "(v") {
				misplaced++
				if misplaced <= 10 {
					t.Errorf("seed %d: %s\n%s: not at a node pattern of v", seed, q, want)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	if errs == 0 {
		t.Errorf("no query raised 'expected a node': the generator no longer tests its position")
	}
	t.Logf("%d queries, %d runs, %d row-mode errors 'expected a node' (%d not at a node pattern)", len(queries), runs, errs, misplaced)
}
