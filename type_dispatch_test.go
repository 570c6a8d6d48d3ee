package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// dispatchOuters bind e and a value t per row compared with a type:
// names of the graph's types, one no relationship has, and values of
// other kinds (null, a number, a list, a lower-case name), the type of a
// relationship of the row, a parameter, and null after an OPTIONAL MATCH.
var dispatchOuters = []string{
	"MATCH (e:A) UNWIND ['T', 'U', 'V', null, 1, ['T'], 't'] AS t",
	"MATCH (e:B) UNWIND [null, 1, 'V'] AS t", // never a type: no branch runs
	"MATCH (e) UNWIND $ts AS t",
	"MATCH (e)-[q]->(f) WITH e, type(q) AS t",
	"MATCH (e:B) WITH e, $v AS t",
	"MATCH (e) OPTIONAL MATCH (e)-[:U]->(f) WITH e, CASE WHEN f IS NULL THEN null ELSE 'T' END AS t",
	// Nodes with no relationship one way, whose patterns that way have
	// no match (row mode then never compares t), with t a number.
	"MATCH (e) WHERE NOT EXISTS { (e)-->() } UNWIND ['T', 1] AS t",
	"MATCH (e) WHERE NOT EXISTS { (e)<--() } UNWIND [1, 'U'] AS t",
}

// dispatchPatterns hold relationship r: either way or both (self-loops
// and parallel relationships), after a first hop it must differ from,
// with types written on it, a labelled or keyed far end, a second
// relationship, two parts, a path variable; near-misses: a
// variable-length r (type() of a list fails) and an inline test that
// can fail.
var dispatchPatterns = []string{
	"()-[r]->(e)",
	"(e)-[r]-(c)",
	"(e)<-[:T]-(h)-[r]->()",
	"(e)-[r:T|U]->(c)",
	"(e)-[r:T]->(c)",
	"(e)-[r]->(c:B)",
	"(e)-[r]->(c)-[s]->(d)",
	"(e)-[r]->(c), (c)-[r2]->(d)",
	"(e)-[r]->(c {k: 1})",
	"p = (e)-[r]->(c)",
	"(e)-[r*1..2]->(c)",
	"(e)-[r]->(c WHERE c.id / (c.id % 3) > 0)",
}

// dispatchTests are the WHERE: the type equality either way round, with
// a parameter, with other conjuncts (that cannot fail, that can, before
// and after it), and near-misses: a side that fails on some values, one
// reading the pattern's own variables, an OR.
var dispatchTests = []string{
	"type(r) = t",
	"t = type(r)",
	"type(r) = $p",
	"type(r) = t AND e.id IS NOT NULL",
	"type(r) = t AND r.w > 0",
	"c.id / (c.id % 3) > 0 AND type(r) = t",
	"type(r) = t AND c.id / (c.id % 3) > 0",
	// Fails on some relationships (w is 0 or a string) of any type.
	"r.w / r.w >= 0 AND type(r) = t",
	"type(r) = toUpper(t)",
	"type(r) = c.name",
	"type(r) = d",
	"type(r) = t OR e.id = 1",
}

// dispatchUses read the count or the test of the pattern per row: as
// an item, through MATCH in the body, summed, in a WHERE, in CASE, an
// OPTIONAL MATCH counted, and a MATCH (left as it is).
var dispatchUses = []string{
	"RETURN e.id AS id, t, COUNT { %s } AS n",
	"RETURN e.id AS id, t, COUNT { MATCH %s } AS n",
	"RETURN t, sum(COUNT { %s }) AS n",
	"WITH e, t WHERE EXISTS { %s } RETURN e.id AS id, t",
	"RETURN e.id AS id, CASE WHEN EXISTS { %s } THEN 1 END AS x",
	"OPTIONAL MATCH %s RETURN e.id AS id, t, count(r) AS n",
	"MATCH %s RETURN e.id AS id, t, count(*) AS n",
}

// dispatchQueries generates n queries of the spellings above.
func dispatchQueries(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		outer := dispatchOuters[r.IntN(len(dispatchOuters))]
		pat := dispatchPatterns[r.IntN(len(dispatchPatterns))]
		test := dispatchTests[r.IntN(len(dispatchTests))]
		if strings.Contains(test, "c.") && !strings.Contains(pat, "(c") {
			continue
		}
		use := dispatchUses[r.IntN(len(dispatchUses))]
		out = append(out, outer+" "+fmt.Sprintf(use, pat+" WHERE "+test))
	}
	return out
}

// TestTypeDispatchMatchesRowMode runs generated counts and existence
// tests of patterns whose WHERE compares a relationship's type with a
// value of the row (read as a choice among the graph's types) against
// the row-mode plans, on random graphs with self-loops, parallel
// relationships and keys of mixed kinds, with values of t of every kind.
func TestTypeDispatchMatchesRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(29, 3))
	queries := dispatchQueries(r, 420)
	failed, runs, dispatched, errs := 0, 0, 0, 0
	for _, seed := range []uint64{4, 9} {
		dbs := rowModeGraphs(t, seed, 24, 70, plannedIdxRowMode, rankKeys)
		for i, q := range queries {
			params := map[string]any{
				"v":  []any{"T", "U", nil, int64(1), "X"}[i%5],
				"p":  []any{"U", nil, "T", 2.5}[i%4],
				"ts": []any{"T", nil, "U", []any{"U"}, "W"},
			}
			if seed == 4 {
				if comp, err := dbs["planned"].Compile(q); err == nil && strings.Contains(comp.Plan.Explain(), " WHEN 'T' THEN ") {
					dispatched++
				}
				if e := rowsOrError(dbs["row-mode"], q, params); strings.HasPrefix(e, "error: ") {
					errs++
				}
			}
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries (%d read as a choice among the types, %d raising an error on the first graph), %d runs", len(queries), dispatched, errs, runs)
}
