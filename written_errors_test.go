package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWrittenErrorsMatchRowMode: a query's static errors are those of the
// query as written, whatever the planned build's rewrites drop or move
// first. Each generated query reads a name X where a rewrite removes or
// moves the read (a WITH item nothing reads, a WHERE decided by a
// constant, an ORDER BY of rows cut to none, a CASE branch never taken,
// a subquery's WHERE, a MATCH run reordered), X being an undefined
// variable, one of the wrong kind, or a defined one (the near miss,
// whose rows must agree), in the clause contexts the rewrites apply in.
func TestWrittenErrorsMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (a:A)",
		"MATCH (a:A)-[r:T]->(b)",
		"MATCH (b)-[r]-(a:A) WHERE b.id > 1",
		"MATCH (a:A) MATCH (b:B {id: 2})",
		"MATCH (b:B) MATCH (a:A)-->(b)",
		"UNWIND [1, 2] AS u MATCH (a:A {id: u * 3})",
		"MATCH (a:A) OPTIONAL MATCH (a)-->(b)",
		"MATCH (a:A) WITH a, 1 AS u",
	}
	// Places where X is read; each keeps a as the column returned.
	places := []string{
		"WITH a, X AS y RETURN a.id AS id",
		"WITH X RETURN 1 AS one",
		"WITH a, X AS y WITH a RETURN a.id AS id",
		"WHERE true OR X = 1 RETURN a.id AS id",
		"WHERE false AND X.k = 1 RETURN a.id AS id",
		"WHERE a.id >= 0 OR X IS NULL RETURN a.id AS id",
		"WITH a WHERE 1 = 1 OR X IS NULL RETURN a.id AS id",
		"RETURN a.id AS id ORDER BY X LIMIT 0",
		"WITH a LIMIT 0 RETURN X AS x",
		"RETURN CASE WHEN true THEN a.id ELSE X END AS id",
		"WITH a, count(X) AS c RETURN a.id AS id",
		"WHERE EXISTS { MATCH (a)-->(z) WHERE true OR z = X } RETURN a.id AS id",
		"WITH a, [x IN [1] | X] AS l RETURN a.id AS id",
		"UNWIND [X] AS w RETURN count(*) AS c",
		"MATCH (c:B) WHERE c.id = 4 OR X = c RETURN a.id AS id",
		"MATCH (c:B {id: 1}) WHERE X.id = c.id OR true RETURN a.id AS id",
		"WITH a, X AS y WHERE a.id > 0 RETURN DISTINCT a.id AS id",
		"CALL { WITH a MATCH (a)-->(z) WHERE true OR X = z RETURN count(*) AS c } RETURN a.id AS id, c",
	}
	names := []string{"zz", "a", "r", "b", "u", "a.id", "[a]", "count(a)"}
	dbs := planVariants(t, 5, 16, 40, plannedIdxRowMode)
	r := rand.New(rand.NewPCG(5, 9))
	runs, failed, errors := 0, 0, 0
	for i := 0; i < 600; i++ {
		pre, place, x := prefixes[r.IntN(len(prefixes))], places[r.IntN(len(places))], names[r.IntN(len(names))]
		if strings.HasPrefix(place, "WHERE") && strings.Contains(pre, "OPTIONAL") && r.IntN(2) == 0 {
			pre = "MATCH (a:A)" // a WHERE of the OPTIONAL MATCH reads b too
		}
		q := pre + " " + strings.ReplaceAll(place, "X", x)
		if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, nil), "error") {
			errors++
		}
		againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprint(i), q, nil, &runs, &failed)
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("600 queries (%d raise errors in row mode), %d runs", errors, runs)
}
