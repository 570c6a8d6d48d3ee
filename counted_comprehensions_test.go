package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCountedComprehensionsMatchRowMode checks a projected count of one
// hop from the scanned node read as its degree (planner/count_item_degrees.go)
// when the count is a pattern comprehension's size whose element cannot
// fail and whose relationship and far node are named by new variables,
// `size([(a)--(x) | x])`, or COUNT { } with such names, against row
// mode: generated items of each direction, type and far-end label, under
// a projection, a filter dropping zero and top-k by the count (with and
// without an index on a.id), and near-misses that stay per-row counts:
// names bound before (the far node, the relationship, the node itself),
// an element that fails or reads a property, a WHERE, a second hop.
func TestCountedComprehensionsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(8, 41))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	var queries []string
	for i := 0; i < 150; i++ {
		rel := pick("", "r", "r:T", ":U", "q:T|U")
		far := pick("x", "x", "x:A", ":B", "y", "")
		hop := pick("-["+rel+"]->", "<-["+rel+"]-", "-["+rel+"]-")
		pat := "(a)" + hop + "(" + far + ")"
		elem := pick("1", "x", "null", "[1, 2]", "{k: 1}", "a", "r")
		before, prefix := "", ""
		switch r.IntN(8) {
		case 0: // near-miss: the far node bound before
			before = pick(" MATCH (a)-->(x) WITH a, x", "")
			prefix = "MATCH (x) WHERE x.id % 5 = 0 "
		case 1: // near-miss: the relationship bound before
			before = pick(" MATCH (a)-[r]->() WITH a, r", "")
			prefix = "MATCH ()-[r]->() WITH r LIMIT 3 "
		case 2: // near-miss: an element that fails or reads a property
			elem = pick("1 / (size(labels(a)) - 1)", "x.id", "toInteger('1') + 1")
		case 3: // near-miss: a WHERE, a second hop, the node itself
			pat = pick(pat+" WHERE a.id > 2", "(a)"+hop+"()-->()", "(a)"+hop+"(a)")
		}
		if strings.Contains(elem, "x") && !strings.Contains(pat, "(x") && !strings.Contains(before+prefix, "x") {
			elem = "1"
		}
		if elem == "r" && !strings.Contains(pat, "[r") && !strings.Contains(before+prefix, "r]") {
			elem = "1"
		}
		item := "size([" + pat + " | " + elem + "])"
		if r.IntN(4) == 0 {
			item = "COUNT { " + pat + " }"
		}
		scan := pick("(a:A)", "(a:B)", "(a)")
		switch r.IntN(3) {
		case 0:
			queries = append(queries, prefix+"MATCH "+scan+before+" RETURN a.id AS id, "+item+" AS d")
		case 1:
			queries = append(queries, prefix+"MATCH "+scan+before+" WITH a, "+item+" AS d WHERE d > 0 RETURN a.id AS id, d ORDER BY d DESC, id LIMIT "+fmt.Sprint(1+r.IntN(4)))
		default:
			queries = append(queries, prefix+"MATCH "+scan+before+" WITH a, "+item+" AS d RETURN a.id AS id, d ORDER BY d DESC, id SKIP 1 LIMIT 3")
		}
	}
	runs, failed, degrees := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*10, plannedIdxRowMode, "MATCH (x) WHERE x.id % 4 = 1 CREATE (x)-[:T]->(x)")
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
			if seed == 1 && strings.Contains(rowsOrError(dbs["planned"], "EXPLAIN "+q, nil), "+Degree") {
				degrees++
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	if degrees < len(queries)/3 {
		t.Errorf("only %d of %d queries read a degree", degrees, len(queries))
	}
	t.Logf("%d queries, %d runs, %d degree reads", len(queries), runs, degrees)
}
