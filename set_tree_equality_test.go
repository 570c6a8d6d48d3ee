package cyq

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// setTreeCompare builds a random XOR, = or <> of two trees of tests on
// pattern matches (setTreeQuery's, depth up to 2), or of one such tree
// and a boolean literal, and, as near misses the rule must leave to the
// per-row code, comparisons with a null literal, with a property test
// that may be null, and of two counts.
func setTreeCompare(r *rand.Rand, key bool) string {
	side := func() string { return "(" + setTreeQuery(r, 2, key) + ")" }
	lit := []string{"true", "false"}[r.IntN(2)]
	op := []string{" XOR ", " = ", " <> "}[r.IntN(3)]
	switch r.IntN(10) {
	case 0:
		return side() + op + lit
	case 1:
		return lit + op + side()
	case 2:
		return side() + op + "null"
	case 3:
		return side() + op + "(a.k > 1)"
	case 4:
		return "COUNT { (a)-->() }" + []string{" = ", " <> "}[r.IntN(2)] + "COUNT { (a)<--() }"
	case 5:
		// nested: the tree's size doubles per level
		return "(" + side() + op + side() + ")" + []string{" XOR ", " = ", " <> "}[r.IntN(3)] + side()
	case 6:
		return "NOT (" + side() + op + side() + ")"
	case 7:
		return "(" + side() + op + side() + ") AND " + side()
	}
	return side() + op + side()
}

// TestSetTreeEqualityMatchesRowMode runs XOR, = and <> of tests on
// pattern matches (setTreeDiffer: the symmetric difference of the
// tests' sets, or its complement, a literal's side negated or kept) in
// WHERE clauses whose probe comes from a scan, an expansion, a set
// expansion and an OPTIONAL MATCH (a null probe), in WITH ... WHERE, in
// a projection and in a COUNT { } body, with and without a key, on
// random graphs with self-loops, parallel relationships and null
// properties, against the same queries planned row by row.
func TestSetTreeEqualityMatchesRowMode(t *testing.T) {
	t.Parallel()
	shapes := append(slices.Clone(setTreeShapes), []struct {
		text string
		key  bool
	}{
		{"MATCH (b:B) OPTIONAL MATCH (b)-[:S]->(a) WITH b, a WHERE %s RETURN b.id AS b, a.id AS a", true},
		{"MATCH (b:C)-->(a) WITH DISTINCT b, a WHERE %s RETURN b.id AS b, count(a) AS n", true},
		{"MATCH (a:B) RETURN a.id AS id, %s AS x", false},
		{"MATCH (b:A) RETURN b.id AS id, COUNT { MATCH (b)-->(a) WHERE %s } AS n", true},
	}...)
	runs, failed, trees := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		sets, rows := setTreeStores(t, seed)
		r := rand.New(rand.NewPCG(seed, 29))
		for i := 0; i < 120; i++ {
			sh := shapes[r.IntN(len(shapes))]
			c := setTreeCompare(r, sh.key)
			q := fmt.Sprintf(sh.text, c)
			p := map[string]any{"p": int64(r.IntN(4))}
			if r.IntN(4) == 0 {
				p["p"] = nil
			}
			runs++
			want := rowsOrError(rows, q, p)
			if got := rowsOrError(sets, q, p); got != want {
				failed++
				if failed <= 20 {
					t.Errorf("seed %d: %s (p = %v)\n got  %s\n want %s", seed, q, p["p"], got, want)
				}
			}
			plan := rowsOrError(sets, "EXPLAIN "+q, p)
			if strings.Contains(plan, "in sets of") && (strings.Contains(plan, "XOR") || strings.Contains(plan, " = ") || strings.Contains(plan, " <> ")) {
				trees++
			}
		}
	}
	// The test must exercise the rule, not only the per-row tests it
	// replaces.
	t.Logf("%d runs, %d differ from row mode; %d planned as set operations on an XOR, = or <>", runs, failed, trees)
	if trees < runs/5 {
		t.Errorf("only %d of %d queries planned as set operations on an XOR, = or <>", trees, runs)
	}
}
