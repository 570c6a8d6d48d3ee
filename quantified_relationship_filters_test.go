package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// qppFilterAtoms are tests inside a quantified path pattern's WHERE,
// written over @R (the iteration's relationship), @X and @Y (its first and
// last node) and a (a node of the row): ones that read the relationship
// only (as a list of relationships, groupFilter's all(r IN rl WHERE ...)),
// one node only, both, or the row's node, with nulls (w is missing on
// some relationships, k on some nodes), mixed types and self-loops.
var qppFilterAtoms = []string{
	"@R.w > 1", "@R.w IS NULL", "@R.w IN [0, 2.0]", "coalesce(@R.w, 3) >= 2", "type(@R) = 'T'", "NOT @R.w = 1",
	"startNode(@R) = endNode(@R)", "@R.w > a.k", "(@R.w > 1) XOR (@R.w < 3)",
	"@Y.k > 1", "@X.k IS NOT NULL", "@X:A", "@Y.k = @X.k", "@R.w >= @Y.k", "@R.w + @X.k > 2", "@X.k < a.k",
}

// qppFilterCase returns a quantified path pattern query with a random
// inner WHERE and the same question written as a variable-length
// relationship whose iterations are tested one by one by index.
func qppFilterCase(r *rand.Rand) (qpp, ref string) {
	var parts []string
	for n := 1 + r.IntN(3); n > 0; n-- {
		a := qppFilterAtoms[r.IntN(len(qppFilterAtoms))]
		if r.IntN(4) == 0 {
			a = "NOT (" + a + ")"
		}
		parts = append(parts, a)
	}
	join := []string{" AND ", " OR "}[r.IntN(3)/2]
	pred := strings.Join(parts, join)
	types := []string{":T", ":T|U", ""}[r.IntN(3)]
	lo := r.IntN(3)
	hi := lo + r.IntN(3)
	if hi == 0 {
		hi = 1
	}
	dir := []string{"->", "-"}[r.IntN(2)]
	inline := r.IntN(3) == 0 && !strings.Contains(pred, "@X") && !strings.Contains(pred, "@Y")
	named := r.IntN(2) == 0
	ret := []string{
		"RETURN count(*) AS n",
		"RETURN b.id AS b, count(*) AS n",
		"RETURN DISTINCT b.id AS b",
		"RETURN a.id AS a, size(collect(DISTINCT b.id)) AS bs",
	}[r.IntN(4)]
	repl := func(s, rv, xv, yv string) string {
		return strings.NewReplacer("@R", rv, "@X", xv, "@Y", yv).Replace(s)
	}
	var inner string
	switch {
	case inline:
		inner = fmt.Sprintf("((x)-[r%s WHERE %s]%s(y))", types, repl(pred, "r", "x", "y"), dir)
	case named:
		inner = fmt.Sprintf("((x)-[r%s]%s(y) WHERE %s)", types, dir, repl(pred, "r", "x", "y"))
	case strings.Contains(pred, "@X") || strings.Contains(pred, "@Y"):
		inner = fmt.Sprintf("((x)-[r%s]%s(y) WHERE %s)", types, dir, repl(pred, "r", "x", "y"))
	default:
		// anonymous inner nodes, with a label or a property map to test
		// (node lists the relationship test does not need)
		checks := [][2]string{{"", ""}, {":A", "@X:A"}, {"{k: 1}", "@Y.k = 1"}, {":A", "@X:A AND @Y.k = 2"}}[r.IntN(4)]
		xn, yn := "", ""
		switch checks[0] {
		case ":A":
			xn = ":A"
			if strings.Contains(checks[1], "@Y") {
				yn = "{k: 2}"
			}
		case "{k: 1}":
			yn = "{k: 1}"
		}
		inner = fmt.Sprintf("((%s)-[r%s]%s(%s) WHERE %s)", xn, types, dir, yn, repl(pred, "r", "x", "y"))
		if checks[1] != "" {
			pred = "(" + pred + ") AND " + checks[1]
		}
	}
	start := []string{"(a:A)", "(a {id: $p})", "(a)"}[r.IntN(3)]
	qpp = fmt.Sprintf("MATCH %s %s{%d,%d} (b) %s", start, inner, lo, hi, ret)
	body := repl(pred, "rs[i]", "nodes(p)[i]", "nodes(p)[i + 1]")
	ref = fmt.Sprintf("MATCH p = %s-[rs%s*%d..%d]%s(b) WHERE all(i IN range(0, size(rs) - 1) WHERE %s) %s", start, types, lo, hi, dir, body, ret)
	return qpp, ref
}

// TestQuantifiedRelationshipFiltersMatchRowMode checks groupFilter's
// reading of a quantified path pattern's inner WHERE: conjuncts on the
// relationship only become one test of the relationship list, conjuncts
// on one node a test of the node list, the rest iteration-wise tests.
// Each generated query runs planned and is compared with its
// variable-length spelling that tests the iterations by index, run in
// row mode, on random graphs with self-loops, parallel relationships,
// null and float properties.
func TestQuantifiedRelationshipFiltersMatchRowMode(t *testing.T) {
	t.Parallel()
	runs, failed, relLists := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 16, 40)
			mustRun(t, db, "MATCH (n) WHERE n.id % 3 <> 0 SET n.k = n.id % 4", nil)
			mustRun(t, db, "MATCH (n) WHERE n.id % 4 = 0 SET n:A", nil)
			mustRun(t, db, "MATCH (s)-[r]->(e) WHERE (s.id + e.id) % 4 <> 0 SET r.w = (s.id + e.id) % 3", nil)
			mustRun(t, db, "MATCH (s)-[r]->(e) WHERE (s.id * e.id) % 5 = 1 SET r.w = toFloat(r.w) + 0.5", nil)
		}
		r := rand.New(rand.NewPCG(seed, 61))
		for i := 0; i < 150; i++ {
			q, ref := qppFilterCase(r)
			p := map[string]any{"p": int64(r.IntN(16))}
			runs++
			want := rowsOrError(rows, ref, p)
			got := rowsOrError(planned, q, p)
			if got != want {
				failed++
				if failed <= 20 {
					t.Errorf("seed %d: %s\n got  %s\nref: %s\n want %s", seed, q, got, ref, want)
				}
			}
			if plan := rowsOrError(planned, "EXPLAIN "+q, p); strings.Contains(plan, "all(r IN r WHERE") {
				relLists++
			}
		}
	}
	t.Logf("%d runs, %d differ from the variable-length spelling in row mode; %d plans test the relationship list", runs, failed, relLists)
	if relLists < runs/5 {
		t.Errorf("only %d of %d plans test the relationship list", relLists, runs)
	}
}
