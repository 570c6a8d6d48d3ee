package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestUnwoundConcatenationsMatchRowMode generates lists of matches
// (pattern comprehensions, alone or concatenated, of nodes, values with
// nulls, relationships, the same pattern twice, an element that fails on
// some matches, with a non-pattern term) bound by a WITH and unwound, or
// unwound directly, after rows with a null node (OPTIONAL MATCH), rows
// that repeat, renamed and kept variables, and consumers that ignore
// duplicates (count(DISTINCT), DISTINCT, min, max) or do not (count(*),
// the rows), read the list or a variable the WITH dropped, project
// `*`, import every variable into a CALL, or read the unwound values as
// nodes (a relationship or number there is an error whose position is
// the UNWIND's list). The planner inlines the list into the UNWIND
// (planner/unwound_concatenations.go) and unwinds a concatenation as a
// UNION ALL of its patterns' matches under a consumer that ignores
// duplicates; each query is compared with the same query planned row by
// row.
func TestUnwoundConcatenationsMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (a {id: $x})", "MATCH (a:A)", "OPTIONAL MATCH (a:A {id: $x})", "MATCH (a) WHERE a.id < 4",
		"UNWIND [1, 2] AS d MATCH (a {id: $x})",
	}
	forms := []string{
		"WITH %s AS vs UNWIND vs AS v", "UNWIND %s AS v", "WITH a, %s AS vs UNWIND vs AS v",
		"WITH a.k AS k, %s AS vs UNWIND vs AS v", "WITH a AS b, %s AS vs UNWIND vs AS v",
		"WITH %s AS vs, a.id AS a UNWIND vs AS v", "WITH DISTINCT %s AS vs UNWIND vs AS v",
		"WITH %s AS vs WHERE size(vs) > 1 UNWIND vs AS v",
		// a WITH that orders by the list, groups by it, or is followed
		// by an UNWIND naming a variable the list reads
		"WITH %s AS vs ORDER BY size(vs) DESC LIMIT 2 UNWIND vs AS v", "WITH %s AS vs, count(*) AS c UNWIND vs AS v",
		"WITH %s AS vs UNWIND vs AS a WITH a AS v", "WITH a AS v UNWIND %s AS v",
	}
	lists := []string{
		"[(a)-->(v) | v] + [(a)<--(v) | v]", "[(a)-[:T]->(v) | v] + [(a)-[:U]->(v) | v]",
		"[(a)-->(v) WHERE v.k = 1 | v] + [(a)<--(v) | v] + [(a)--(v:A) | v]", "[(a)-->(w) | w.k] + [(a)<--(w) | w.k]",
		"[(a)-->(v) | v] + [(a)-->(v) | v]", "[(a)-->(w) | 10 / w.k] + [(a)<--(w) | w]",
		"[(a)-[r]->(w) | r] + [(a)<-[r]-(w) | r]", "[(a)-->(v) | v]", "[(a)-->(v) | v] + [null]",
		"[(a)-->(v) | v] + [a]", "[(a)-->()-->(v) | v] + [(a)<--(v) | v]", "[(a)-->(w) | w] + [(a)<--(w) | a]",
		// lists two rows share (constants, values of the neighbours), a
		// WHERE that fails on some matches
		"[(a)-->() | 1] + [(a)<--() | 2]", "[(a)-->(w) | w.k]", "[(a)-->(w) WHERE 10 / w.k > 2 | w] + [(a)<--(w) | w]",
		"[(a)<--(w) | w] + [(a)-->(w) WHERE w.k / (w.k - 1) > 0 | w]",
	}
	consumers := []string{
		"RETURN count(DISTINCT v) AS n", "RETURN count(*) AS n", "RETURN DISTINCT v.id AS id", "RETURN v.id AS id",
		"RETURN min(v.id) AS lo, max(v.id) AS hi", "RETURN a.id AS id, count(DISTINCT v) AS n",
		"RETURN k, count(DISTINCT v) AS n", "WITH DISTINCT v RETURN count(*) AS n", "RETURN count(DISTINCT v) AS n, size(vs) AS s",
		"RETURN count(DISTINCT v) AS n, b.id AS b", "WITH * RETURN count(DISTINCT v) AS n", "RETURN DISTINCT v",
		// a CALL importing every variable, projections of every variable,
		// a name a pattern of the list binds
		"CALL { WITH * MATCH (a) RETURN count(*) AS z } RETURN z, count(DISTINCT v) AS n", "RETURN DISTINCT *",
		"WITH DISTINCT * RETURN count(*) AS n", "RETURN count(DISTINCT v) AS n, count(DISTINCT w) AS m",
		"WITH DISTINCT v MATCH (v)-->(w) RETURN count(*) AS n",
		// consumers whose arithmetic on a string is an error found at
		// planning, whatever the rows (every plan must raise it)
		"RETURN count(DISTINCT v.id - 'x') AS n", "RETURN CASE WHEN v.id % 2 = 0 THEN v.id / 0 ELSE v.id - 'x' END AS e",
		"RETURN min(CASE WHEN v.id % 2 = 0 THEN v.id / 0 ELSE v.id - 'x' END) AS e",
	}
	r := rand.New(rand.NewPCG(71, 5))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 1000 {
		q := prefixes[r.IntN(len(prefixes))] + " " + fmt.Sprintf(forms[r.IntN(len(forms))], lists[r.IntN(len(lists))]) + " " + consumers[r.IntN(len(consumers))]
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	// Near misses the sampled combinations rarely reach: rows whose
	// lists are equal (the WITH's DISTINCT or grouping keys on the list,
	// not on the variables it reads), and a CALL that imports every
	// variable and returns its own (a kept variable would be returned
	// twice).
	queries = append(queries,
		"MATCH (a:A) WITH DISTINCT [(a)-->() | 1] + [(a)<--() | 2] AS vs UNWIND vs AS v RETURN count(*) AS n",
		"MATCH (a:A) WITH [(a)-->() | 1] AS vs, count(*) AS c UNWIND vs AS v RETURN c, count(*) AS n",
		"MATCH (a) WITH DISTINCT [(a)-->(w) | w.k] AS vs UNWIND vs AS v RETURN v, count(*) AS n",
		"MATCH (a {id: $x}) WITH [(a)-->(v) | v] AS vs UNWIND vs AS v CALL { WITH * MATCH (q {id: 0}) RETURN * } RETURN count(DISTINCT v) AS n",
		"MATCH (a:A) WITH [(a)-->(v) | v] + [(a)<--(v) | v] AS vs UNWIND vs AS v CALL { WITH * MATCH (q {id: 0}) RETURN * } RETURN count(DISTINCT v) AS n",
	)
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedIdxRowMode, sparseKeys)
		params := map[string]any{"x": int(seed) * 3}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
