package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// boundedBodies are subquery bodies cut by SKIP {S} and LIMIT {L}: one
// MATCH returning its variables, a property, a literal, ordered, through
// a WITH that passes the variables on; and near misses whose number of
// rows is not the cut number of matches or whose reading may fail:
// DISTINCT (parallel relationships), a WHERE, an ORDER BY or an item that
// fails on some matches, a WITH that filters, a LIMIT from a parameter,
// an aggregation, a UNION, an OPTIONAL MATCH, a RETURN of a variable the
// WITH dropped or of an enclosing query's after a WITH.
var boundedBodies = []string{
	"MATCH (a)-->(x) RETURN x LIMIT {L}",
	"MATCH (a)-->(x) WITH x SKIP {S} RETURN x",
	"MATCH (a)-[:T]->(x) RETURN x.k SKIP {S} LIMIT {L}",
	"MATCH (a)--(x) RETURN x ORDER BY x.id LIMIT {L}",
	"MATCH (a)-->(x:A) WHERE x.k = 1 RETURN 1 AS one SKIP {S}",
	"MATCH (a)-->(x)-->(y) RETURN y LIMIT {L}",
	"MATCH (a)<--(x) WITH x ORDER BY x.k SKIP {S} LIMIT {L} RETURN x.id",
	"MATCH (a)-[r]-(x) WITH r, x SKIP {S} RETURN r",
	"MATCH (a)-->(x) WITH x AS z SKIP {S} LIMIT {L} RETURN z.k",
	// Near misses.
	"MATCH (a)-->(x) RETURN DISTINCT x LIMIT {L}",
	"MATCH (a)--(x) WITH DISTINCT x SKIP {S} RETURN x",
	"MATCH (a)-->(x) WHERE 6 / (x.id - 7) < 0 RETURN x LIMIT {L}",
	"MATCH (a)-->(x) RETURN x ORDER BY 6 / (x.id - 7) LIMIT {L}",
	"MATCH (a)-->(x) RETURN 10 / x.k AS q SKIP {S}",
	"MATCH (a)-->(x) WITH x SKIP {S} WHERE x.k = 1 RETURN x",
	"MATCH (a)-->(x) WITH a SKIP {S} RETURN x",
	"MATCH (a)-->(x) RETURN x LIMIT $lim",
	"MATCH (a)-->(x) RETURN count(x) AS c LIMIT {L}",
	"MATCH (a)-->(x) RETURN x LIMIT {L} UNION ALL MATCH (a)<--(x) RETURN x LIMIT 1",
	"OPTIONAL MATCH (a)-->(x) RETURN x LIMIT {L}",
	"MATCH (a)-->(x) WITH x SKIP {S} RETURN a",
}

// boundedTests test a body's rows: existence, its size or count against
// the cut, 0 and other numbers, either side first.
var boundedTests = []string{
	"EXISTS { %[1]s }", "NOT EXISTS { %[1]s }",
	"size(COLLECT { %[1]s }) = %[2]d", "size(COLLECT { %[1]s }) >= %[2]d", "size(COLLECT { %[1]s }) = 0",
	"COUNT { %[1]s } = %[2]d", "COUNT { %[1]s } <> %[2]d", "COUNT { %[1]s } < %[2]d",
	"%[2]d <= COUNT { %[1]s }", "COUNT { %[1]s } > %[2]d", "NOT (COUNT { %[1]s } >= %[2]d)",
}

// boundedPlaces put the test in a WHERE, an item, a CASE, a WITH's
// filter, after an OPTIONAL MATCH (a null on some rows), under NOT and
// OR, and in an aggregate.
var boundedPlaces = []string{
	"MATCH (a) WHERE %s RETURN a.id AS id",
	"MATCH (a) RETURN a.id AS id, %s AS t",
	"MATCH (a) RETURN a.id AS id, CASE WHEN %s THEN 'y' ELSE 'n' END AS t",
	"MATCH (a) WITH a, %s AS t WHERE t RETURN a.id AS id",
	"MATCH (b:A) OPTIONAL MATCH (b)-[:U]->(a) RETURN b.id AS id, %s AS t",
	"MATCH (a) WHERE NOT (%s) OR a.k = 2 RETURN a.id AS id",
	"MATCH (a) RETURN count(CASE WHEN %s THEN 1 END) AS n",
}

// TestBoundedBodiesMatchRowMode runs generated tests on the rows of
// subquery bodies cut by SKIP and LIMIT (read as thresholds on the
// pattern's matches: bounded_bodies.go) against the row-mode plans,
// which run the bodies, on random graphs with parallel relationships
// and self-loops.
func TestBoundedBodiesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(31, 9))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 500 {
		body := boundedBodies[r.IntN(len(boundedBodies))]
		body = strings.ReplaceAll(body, "{S}", fmt.Sprint(r.IntN(4)))
		body = strings.ReplaceAll(body, "{L}", fmt.Sprint(r.IntN(5)))
		test := fmt.Sprintf(boundedTests[r.IntN(len(boundedTests))], body, r.IntN(6)-1)
		q := fmt.Sprintf(boundedPlaces[r.IntN(len(boundedPlaces))], test)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	rewritten := 0
	dbs := planVariants(t, 1, 14, 38, plannedRowMode)
	for _, q := range queries {
		// A cut body counts its rows down from SKIP and LIMIT
		// (LoadCounter); the threshold has no such counter.
		cut := func(name string) bool {
			return planUses(dbs[name], q, "LoadCounter")
		}
		if cut("row-mode") && !cut("planned") {
			rewritten++
		}
	}
	t.Logf("%d of %d queries read as thresholds", rewritten, len(queries))
	// Most spellings are near misses or tests that are always true or
	// false (left as written); an eighth must still be read.
	if rewritten < len(queries)/8 {
		t.Errorf("only %d of %d queries read as thresholds", rewritten, len(queries))
	}
	againstRowModeOnKeyedGraphs(t, queries, func(seed uint64) map[string]any {
		return map[string]any{"lim": int(seed)}
	})
}
