package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// bodyOuters bind a (a node, or null after an OPTIONAL MATCH) and
// sometimes b and r, which a body may name (then the outer ones).
var bodyOuters = []string{
	"MATCH (a)",
	"MATCH (a:A)",
	"MATCH (a:A)-[r]->(b)",
	"MATCH (x:A) OPTIONAL MATCH (x)-[:U]->(a)",
	"UNWIND [1, null, 'x'] AS z MATCH (a:B) WHERE a.id < 9",
	"MATCH (a)-->(b) WITH DISTINCT a, b",
}

// bodyPatterns are the MATCH of the body (its own WHERE included): one
// hop either way or both (self-loops and parallel relationships), typed,
// labelled, two hops, two parts, a path variable with a variable length,
// a bound far end (b, when the outer binds it), WHERE tests with nulls
// and keys of mixed kinds, one that fails on some rows (integer division
// by zero), a relationship of the outer row excluded, and a body
// that does not start from a.
var bodyPatterns = []string{
	"(a)-[:T]->(c)",
	"(a)-->(c:B)",
	"(a)--(c)",
	"(a)-->(c)-->(d)",
	"(a)-->(c), (c)-[:U]->(d)",
	"p = (a)-[:T*1..2]->(c)",
	"(a)-->(b) WHERE b.k IS NOT NULL",
	"(a)<-[:U]-(c) WHERE c.k = a.k",
	"(c:A) WHERE c.k > a.k",
	"(a)-->(c) WHERE c.id / (c.id % 3) > 1",
	"(a)-[s]->(c) WHERE s.w > 0",
	"(a)-[s:T|U]-(c) WHERE c.k <> 1",
}

// bodyReturns end the body: nothing, RETURNs that keep its rows (a
// variable, a property, a literal, a parameter), and near-misses that do
// not: DISTINCT (merges rows a count counts), an aggregate (one row),
// ORDER BY with LIMIT, and an item that fails on strings.
var bodyReturns = []string{
	"",
	" RETURN a",
	" RETURN a.k AS k",
	" RETURN 1 AS one",
	" RETURN $v AS v",
	" RETURN DISTINCT a.k AS k",
	" RETURN count(*) AS n",
	" RETURN a ORDER BY a.id LIMIT 1",
	" RETURN a.k + 1 AS k1",
}

// bodyUses read COUNT { MATCH ... } or EXISTS { MATCH ... } as an item
// (with the nodes ranked by it), in a WHERE, as an aggregate's argument,
// in ORDER BY, in CASE, and as a CALL that counts its body's rows.
var bodyUses = []string{
	"WITH a, COUNT { MATCH %s } AS d RETURN a.id AS id, d",
	"WITH a, COUNT { MATCH %s } AS d WHERE d > 0 RETURN a.id AS id, d ORDER BY d DESC, id LIMIT 3",
	"WITH a, COUNT { MATCH %s } AS d ORDER BY d DESC, a.id SKIP 1 LIMIT 2 RETURN a.id AS id, d",
	"RETURN a.id AS id, EXISTS { MATCH %s } AS e",
	"WITH a WHERE EXISTS { MATCH %s } RETURN count(*) AS n",
	"WITH a WHERE COUNT { MATCH %s } >= 2 RETURN count(*) AS n",
	"RETURN sum(COUNT { MATCH %s }) AS n",
	"RETURN a.id %% 3 AS g, max(COUNT { MATCH %s }) AS m",
	"RETURN a.id AS id ORDER BY COUNT { MATCH %s } DESC, id LIMIT 4",
	"RETURN a.id AS id, CASE WHEN EXISTS { MATCH %s } THEN 'some' ELSE 'none' END AS c",
	"CALL (*) { MATCH %s RETURN count(*) AS d } RETURN a.id AS id, d",
	// The count moved along a chain of projections (the first keeps a
	// computed column, or only the node), and an OPTIONAL MATCH counted.
	"WITH a, a.k AS k, COUNT { MATCH %s } AS d WITH a, k, d WHERE d > 0 RETURN a.id AS id, k, d",
	"WITH a, COUNT { MATCH %s } AS d WITH a, d ORDER BY d DESC, a.id LIMIT 3 RETURN a.id AS id, d",
	"OPTIONAL MATCH %s WITH a, count(c) AS d WHERE d > 0 WITH a, d ORDER BY d DESC, a.id LIMIT 3 RETURN a.id AS id, d",
	// Bodies that are not one MATCH: an OPTIONAL MATCH (one row at
	// least), a MATCH then a WITH that filters.
	"WITH a, COUNT { OPTIONAL MATCH %s } AS d RETURN a.id AS id, d",
	"RETURN a.id AS id, EXISTS { OPTIONAL MATCH %s } AS e",
	"WITH a, COUNT { MATCH %s WITH * WHERE a.id %% 2 = 0 RETURN 1 AS one } AS d RETURN a.id AS id, d",
}

// bodyQueries generates n queries of the spellings above.
func bodyQueries(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		outer := bodyOuters[r.IntN(len(bodyOuters))]
		pat := bodyPatterns[r.IntN(len(bodyPatterns))]
		use := bodyUses[r.IntN(len(bodyUses))]
		if strings.Contains(use, "count(c)") && !strings.Contains(pat, "(c") {
			continue
		}
		ret := ""
		if strings.Contains(use, "%s }") {
			ret = bodyReturns[r.IntN(len(bodyReturns))]
		}
		if strings.Contains(pat, "s.") && strings.Contains(outer, "[r]") && r.IntN(2) == 0 {
			pat += " AND s <> r" // the outer row's relationship excluded
		}
		if strings.Contains(pat, "/") && strings.Contains(ret, "+") {
			// Two failing tests in one body: which error an EXISTS { }
			// of a MATCH then RETURN raises first differs from row mode
			// before this rule too (the body is not one MATCH, so the
			// rule leaves it); not this rule's to settle.
			continue
		}
		out = append(out, outer+" "+fmt.Sprintf(use, pat+ret))
	}
	return out
}

// TestMatchBodiesMatchRowMode runs generated COUNT { MATCH ... } and
// EXISTS { MATCH ... } subqueries, read at every position and written
// with and without RETURNs that keep the body's rows, against the
// row-mode plans on random graphs with self-loops, parallel
// relationships and keys of mixed kinds, with and without an index on
// :A(id).
func TestMatchBodiesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 5))
	queries := bodyQueries(r, 420)
	failed, runs, degrees, errs := 0, 0, 0, 0
	for _, seed := range []uint64{3, 8} {
		dbs := rowModeGraphs(t, seed, 24, 70, plannedIdxRowMode, rankKeys)
		for i, q := range queries {
			params := map[string]any{"v": []any{int64(2), nil, "s"}[i%3]}
			if seed == 3 {
				if planUses(dbs["planned"], q, "Degree") {
					degrees++
				}
				if e := rowsOrError(dbs["row-mode"], q, params); strings.HasPrefix(e, "error: ") {
					errs++
					if testing.Verbose() && errs%10 == 0 {
						t.Logf("%s: %s", q, e)
					}
				}
			}
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries (%d planned with a degree read, %d raising an error on the first graph), %d runs", len(queries), degrees, errs, runs)
}
