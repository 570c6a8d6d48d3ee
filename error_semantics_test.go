package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// errAtomsSafe are tests that cannot fail on nodes (comparisons, null
// and label tests, IN over a list) and constants, some false or null on
// every row.
var errAtomsSafe = []string{
	"false", "null", "true", "$f", "$t", "$n",
	"a.id = 3", "a.id < 5", "a.id >= 9", "a.k IS NULL", "a.k = 1", "a.id IN $l", "a.id IN [0, 6, 7]",
	"a:A", "a.id = -3", "a.name STARTS WITH '1'", "a.id = $hub",
}

// errAtomsRisky are tests that raise an error on some rows or for some
// parameter values: a division by zero on every row or on the rows of
// even ids, IN over a parameter that may be an integer, a run-constant
// that fails, a type error of a boolean plus a number, size() of an
// integer, a failing function.
var errAtomsRisky = []string{
	"a.id / (a.id - a.id) = 1",
	"a.id / (a.id % 2) = 1",
	"a.id IN $p",
	"$hub / 0 = 1",
	"a.k + $b > 0",
	"size(a.id) > 0",
	"toInteger(a.name) > 0",
	"a.id IN $p AND a.id > 2",
	"substring('abcdef', a.id - 4) = 'f'",
	"abs(a.id) / ($hub - 3) > 1",
}

// errPlaces put a generated predicate (%[1]s) where a WHERE filters the
// rows of a pattern (with labels that are and are not indexed, a label no
// node has, an expansion, an OPTIONAL MATCH, a WITH) or where it is a
// value (RETURN, CASE).
var errPlaces = []string{
	"MATCH (a:A) WHERE %[1]s RETURN a.id",
	"MATCH (a:B) WHERE %[1]s RETURN a.id",
	"MATCH (a) WHERE %[1]s RETURN count(*) AS n",
	"MATCH (a:Missing) WHERE %[1]s RETURN a.id",
	"MATCH (x)-->(a:A) WHERE %[1]s RETURN x.id, a.id",
	"MATCH (a:A)-[:T]->(b) WHERE %[1]s AND b.id > 3 RETURN a.id, b.id",
	"MATCH (b:B) OPTIONAL MATCH (b)-->(a:A) WHERE %[1]s RETURN b.id, a.id",
	"MATCH (a:A) WITH a WHERE %[1]s RETURN a.id",
	"MATCH (a:A) RETURN a.id, %[1]s AS v",
	"MATCH (a:A) WHERE a.id < 10 RETURN a.id, CASE WHEN %[1]s THEN 1 ELSE 0 END AS v",
	"MATCH (a:A) RETURN count(CASE WHEN %[1]s THEN 1 END) AS n",
}

// errParams are the parameter sets each query runs with in turn, on the
// same databases (so a plan cached for a list meets an integer, and the
// other way round): $p a list, an integer, null, a string.
var errParams = []map[string]any{
	{"p": []any{3, 6}, "hub": 4},
	{"p": 3, "hub": 3},
	{"p": nil, "hub": 3},
	{"p": "x", "hub": 5},
	{"p": []any{0}, "hub": 3},
	{"p": 6, "hub": 3},
}

// errPredicate is a random predicate: one to three tests, safe and
// risky, under AND, OR and NOT.
func errPredicate(r *rand.Rand, depth int) string {
	if depth == 0 || r.IntN(3) == 0 {
		var a string
		if r.IntN(2) == 0 {
			a = errAtomsSafe[r.IntN(len(errAtomsSafe))]
		} else {
			a = errAtomsRisky[r.IntN(len(errAtomsRisky))]
		}
		if r.IntN(6) == 0 {
			return "NOT (" + a + ")"
		}
		return "(" + a + ")"
	}
	op := " AND "
	if r.IntN(4) == 0 {
		op = " OR "
	}
	return errPredicate(r, depth-1) + op + errPredicate(r, depth-1)
}

// TestErrorsMatchRowMode runs generated predicates mixing tests that may
// fail (type errors, divisions by zero, IN over a parameter that is not a
// list, failing run-constants) with constant false, null and true
// conjuncts and plain tests, where seeks (with and without an index),
// pushdowns and constant folds apply, against the row-mode plans: rows
// or error codes must be the same.
func TestErrorsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 18))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 300 {
		q := fmt.Sprintf(errPlaces[r.IntN(len(errPlaces))], errPredicate(r, 2))
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	failed, runs, errs := 0, 0, 0
	for _, seed := range []uint64{3, 8} {
		dbs := rowModeGraphs(t, seed, 24, 60, plannedIdxRowMode, fourthKeys, "MATCH (x) WHERE x.id % 5 <> 1 SET x.name = toString(x.id)")
		for _, q := range queries {
			for _, ps := range errParams {
				params := map[string]any{"f": false, "t": true, "n": nil, "l": []any{0, 3, 6}, "b": true}
				for k, v := range ps {
					params[k] = v
				}
				want := outcome(dbs["row-mode"], q, params)
				if strings.HasPrefix(want, "error") {
					errs++
				}
				for _, name := range []string{"planned", "planned-idx"} {
					runs++
					if got := outcome(dbs[name], q, params); got != want {
						failed++
						if failed <= 15 {
							t.Errorf("seed %d, %s, %v: %s\n got %s\nwant %s", seed, name, ps, q, got, want)
						}
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d of the row-mode outcomes errors", runs, errs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
