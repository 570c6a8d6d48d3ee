package cyq

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// negatedValues are the property values TestNegatedPredicatesExact stores:
// numbers of both kinds with NaN, ±Inf and -0.0, strings, booleans, lists
// (one holding NaN), a date and no value at all.
var negatedValues = []string{
	"-1", "0", "1", "2", "0.5", "1.0", "-0.0", "0.0 / 0.0", "1.0 / 0.0", "-1.0 / 0.0",
	"'a'", "'b'", "''", "true", "false", "[1]", "[0.0 / 0.0]", "date('2020-01-01')", "null",
}

// negatedBounds are the values the predicates compare with: literals of
// each kind, and parameters holding NaN, a number and a string.
var negatedBounds = []string{"0", "1", "1.5", "2", "'a'", "'b'", "true", "null", "$nan", "$one", "$str", "0.0 / 0.0"}

// TestNegatedPredicatesExact checks the normal form of NOT (De Morgan,
// complements of comparisons, NOT (x < a) kept as a bound that a range
// seek takes with the NaN values) against the predicate evaluated as a
// projection (which no rule rewrites), over every value of
// negatedValues, with and without an index on the property (the index
// turning the bounds into range seeks): generated predicate trees of
// comparisons under NOT, AND and OR.
func TestNegatedPredicatesExact(t *testing.T) {
	t.Parallel()
	params := map[string]any{"nan": math.NaN(), "one": 1, "str": "a"}
	dbs := map[string]*DB{}
	for _, name := range []string{"plain", "indexed"} {
		db, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		if name == "indexed" {
			mustRun(t, db, "CREATE INDEX FOR (n:V) ON (n.p)", nil)
		}
		for i, v := range negatedValues {
			mustRun(t, db, fmt.Sprintf("CREATE (:V {k: %d, p: %s})", i, v), nil)
		}
		// A second value per node under q, so predicates may mix keys.
		mustRun(t, db, "MATCH (n:V) SET n.q = n.k % 4", nil)
		dbs[name] = db
	}
	r := rand.New(rand.NewPCG(14, 1))
	ops := []string{"<", "<=", ">", ">=", "=", "<>"}
	atom := func() string {
		key := "n.p"
		if r.IntN(5) == 0 {
			key = "n.q"
		}
		b := negatedBounds[r.IntN(len(negatedBounds))]
		op := ops[r.IntN(len(ops))]
		switch r.IntN(6) {
		case 0:
			return fmt.Sprintf("%s %s %s", b, op, key)
		case 1:
			lo, hi := negatedBounds[r.IntN(len(negatedBounds))], negatedBounds[r.IntN(len(negatedBounds))]
			return fmt.Sprintf("%s < %s <= %s", lo, key, hi)
		case 2:
			return key + " IS NULL"
		}
		return fmt.Sprintf("%s %s %s", key, op, b)
	}
	var tree func(depth int) string
	tree = func(depth int) string {
		if depth == 0 || r.IntN(4) == 0 {
			return atom()
		}
		switch r.IntN(3) {
		case 0:
			return "NOT (" + tree(depth-1) + ")"
		case 1:
			return "(" + tree(depth-1) + " AND " + tree(depth-1) + ")"
		}
		return "(" + tree(depth-1) + " OR " + tree(depth-1) + ")"
	}
	// The range forms the normal form must seek, then generated trees.
	preds := []string{
		"NOT (n.p < 0 OR n.p >= 2)",
		"NOT (n.p < 1) AND NOT (n.p > 1.5)",
		"NOT (n.p <= $one)",
		"NOT (n.p < $nan)",
		"NOT (n.p >= $str)",
		"NOT (n.p < 'a' OR n.p >= 'b')",
		"NOT (n.p < 0) AND n.p < 2",
		"NOT (0 < n.p <= 2)",
		"NOT (n.p <> 1 AND n.p <> 'a')",
	}
	for i := 0; i < 300; i++ {
		preds = append(preds, "NOT "+tree(3))
	}
	for _, p := range preds {
		var want []string
		for _, row := range mustRun(t, dbs["plain"], "MATCH (n:V) RETURN n.k AS k, "+p+" AS t", params) {
			if b, ok := row[1].(value.Bool); ok && bool(b) {
				want = append(want, value.Format(row[0]))
			}
		}
		sort.Strings(want)
		for name, db := range dbs {
			got := canonical(mustRun(t, db, "MATCH (n:V) WHERE "+p+" RETURN n.k", params))
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s: WHERE %s\n got  %v\n want %v", name, p, got, want)
			}
		}
	}
}
