package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// vecAtomsSafe are tests that cannot fail on a node, some false or null
// on many rows. (Constant operands are TestErrorsMatchRowMode's: a fold
// such as X OR false → X makes the conjuncts of X the filter's, which
// row mode does not fold.)
var vecAtomsSafe = []string{
	"a.id < $k", "a.id % 4 = 1", "a.v IS NULL", "a.w IS NOT NULL", "a.v = 'an3'",
	"a.w STARTS WITH 'x'", "a:A", "a.id IN [1, 4, 9, 13]", "a.w = 0", "a.v CONTAINS 'n'",
}

// vecAtomsRisky raise an error on the rows whose property holds a value
// of the wrong kind (strings, integers, floats, booleans, lists and nulls
// are mixed per property), or divide by zero on some rows or on every
// row.
var vecAtomsRisky = []string{
	"toLower(a.v) CONTAINS 'an'",
	"size(a.v) > 2",
	"a.v + 1 > 3",
	"toInteger(a.w) > 2",
	"toInteger(a.v) < 9",
	"a.id / (a.id % 4 - 1) > 0",
	"substring(a.w, 1) = 'hen'",
	"a.w * 2 > 3",
	"abs(a.v) > 4",
	"trim(a.w) = 'Then'",
	"toUpper(a.v) ENDS WITH '3'",
	"$k / 0 = 1",
	"a.w - a.id < 0",
	"a.id IN a.v",
}

// vecPlaces put a predicate where a batched scan tests it as vector code
// (a WHERE right after the scan, with LIMIT so that which row fails first
// decides the answer, with a node bound before the scan, after a
// projection, as a projected value), and inside subquery bodies used as
// expression operands.
var vecPlaces = []string{
	"MATCH (a:A) WHERE %[1]s RETURN a.id",
	"MATCH (a) WHERE %[1]s RETURN a.id LIMIT 3",
	"MATCH (a) WHERE %[1]s RETURN count(*) AS n",
	"MATCH (a:B) WHERE a.id > 2 AND (%[1]s) RETURN a.id LIMIT 5",
	"MATCH (a) WITH a, a.v AS v WHERE %[1]s RETURN a.id, v",
	"MATCH (a) RETURN a.id, %[1]s AS x",
	"MATCH (a) RETURN a.id, %[1]s AS x LIMIT 4",
	"MATCH (b:A {id: 3}) MATCH (a) WHERE %[1]s AND a.id <> b.id RETURN a.id",
	"RETURN COLLECT { MATCH (a) WHERE %[1]s RETURN a.id } AS ids",
	"UNWIND COLLECT { MATCH (a:B) WHERE %[1]s RETURN a.id } AS i RETURN i",
	"MATCH (c:A) WHERE c.id < 7 RETURN c.id, COUNT { MATCH (a) WHERE %[1]s } AS n",
	"MATCH (c:A) WHERE c.id < 10 AND EXISTS { MATCH (a:B) WHERE %[1]s AND a.id > c.id } RETURN c.id",
}

// vecPredicate is a random predicate of tests that may and may not fail
// under AND, OR, XOR, NOT and CASE (searched and simple), nested.
func vecPredicate(r *rand.Rand, depth int) string {
	if depth == 0 || r.IntN(4) == 0 {
		var a string
		if r.IntN(5) < 3 {
			a = vecAtomsSafe[r.IntN(len(vecAtomsSafe))]
		} else {
			a = vecAtomsRisky[r.IntN(len(vecAtomsRisky))]
		}
		if r.IntN(6) == 0 {
			return "NOT (" + a + ")"
		}
		return "(" + a + ")"
	}
	switch r.IntN(11) {
	case 9:
		return "CASE WHEN " + vecPredicate(r, depth-1) + " THEN " + vecPredicate(r, depth-1) + " ELSE " + vecPredicate(r, depth-1) + " END"
	case 10:
		return "CASE a.w WHEN 0 THEN " + vecPredicate(r, depth-1) + " WHEN 'Then' THEN " + vecPredicate(r, depth-1) + " END"
	case 0:
		return "(" + vecPredicate(r, depth-1) + " XOR " + vecPredicate(r, depth-1) + ")"
	case 1:
		return "NOT (" + vecPredicate(r, depth-1) + ")"
	case 2, 3, 4:
		return "(" + vecPredicate(r, depth-1) + " OR " + vecPredicate(r, depth-1) + ")"
	}
	return "(" + vecPredicate(r, depth-1) + " AND " + vecPredicate(r, depth-1) + ")"
}

// TestVectorErrorsMatchRowMode runs generated predicates mixing tests
// that fail on some rows with tests that cannot fail, nested under AND,
// OR, XOR, NOT and CASE, where batched scans evaluate them as vector code, on
// graphs whose properties mix strings, integers, floats, booleans, lists
// and nulls per node, against the row-mode plans: the rows, or the whole
// error message (which names the failing value, so the row that fails
// first), must be the same.
func TestVectorErrorsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 21))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 400 {
		q := fmt.Sprintf(vecPlaces[r.IntN(len(vecPlaces))], vecPredicate(r, 3))
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	failed, runs, errs, vectorised := 0, 0, 0, 0
	for _, seed := range []uint64{5, 9} {
		dbs := planVariants(t, seed, 40, 90, plannedRowMode)
		for _, db := range dbs {
			mustRun(t, db, `MATCH (x) SET x.v = CASE (x.id + $o) % 7 WHEN 0 THEN toString(x.id) WHEN 1 THEN x.id
				WHEN 2 THEN [x.id, 2] WHEN 3 THEN null WHEN 4 THEN 'an' + toString(x.id) WHEN 5 THEN x.id * 1.5 ELSE true END`,
				map[string]any{"o": int(seed)})
			mustRun(t, db, `MATCH (x) SET x.w = CASE (x.id + $o) % 5 WHEN 0 THEN null WHEN 1 THEN 'Then' WHEN 2 THEN 0
				WHEN 3 THEN 'x' + toString(x.id) ELSE x.id END`, map[string]any{"o": int(seed)})
		}
		for _, q := range queries {
			if seed == 5 && vectorRiskyLogic(string(mustRun(t, dbs["planned"], "EXPLAIN "+q, map[string]any{"k": 6})[0][0].(value.String))) {
				vectorised++
			}
			for _, k := range []any{6, 30, "s"} {
				params := map[string]any{"k": k}
				want := rowsOrError(dbs["row-mode"], q, params)
				if strings.HasPrefix(want, "error") {
					errs++
				}
				runs++
				if got := rowsOrError(dbs["planned"], q, params); got != want {
					failed++
					if failed <= 12 {
						t.Errorf("seed %d, $k %v: %s\n got %s\nwant %s", seed, k, q, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d queries (%d with an AND, OR, XOR or CASE of tests that may fail in vector code), %d runs, %d of the row-mode outcomes errors", len(queries), vectorised, runs, errs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// vectorRiskyLogic reports whether an EXPLAIN shows a filter or
// projection evaluated as vector code (mode=batch) holding AND, OR, XOR or CASE
// next to a test that may fail: a division, a function call or an IN
// whose list is a property.
func vectorRiskyLogic(plan string) bool {
	for _, line := range strings.Split(plan, "\n") {
		if !strings.Contains(line, "mode=batch") || !(strings.Contains(line, "Filter") || strings.Contains(line, "Project")) {
			continue
		}
		logic := strings.Contains(line, " AND ") || strings.Contains(line, " OR ") || strings.Contains(line, " XOR ") || strings.Contains(line, "CASE ")
		risky := strings.Contains(line, "(") && (strings.Contains(line, " / ") || strings.Contains(line, "IN a.v") || strings.Contains(line, " + ") ||
			strings.Contains(line, " * ") || strings.Contains(line, " - ") || strings.Contains(line, "toLower(") || strings.Contains(line, "size(") ||
			strings.Contains(line, "toInteger(") || strings.Contains(line, "substring(") || strings.Contains(line, "abs(") || strings.Contains(line, "trim(") ||
			strings.Contains(line, "toUpper("))
		if logic && risky {
			return true
		}
	}
	return false
}
