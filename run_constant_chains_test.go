package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Operands of the chains TestRunConstantChainsMatchRowMode generates, over
// the nodes n and m of a relationship: some may fail (AND or OR of a
// value that is not a boolean, a division by zero, arithmetic on a
// string), some cannot, and some compare run-constant expressions, of
// literals only or of parameters, which the planner names as values
// (see planner/run_constant_chains.go).
var (
	chainRisky = []string{
		"n.k", "m.k", "10 / n.k > 2", "n.k + 1 > 1", "toInteger(n.s) > 1", "NOT m.k", "m.k * 2 < 3",
	}
	chainSafe = []string{
		"n.id > 2", "m.id <> 3", "n.s STARTS WITH 'n'", "n:A", "m.k IS NULL", "n.id = m.id",
	}
	chainConst = []string{
		"2.5 * 2 = coalesce(2.5, -1)", "2 * 2 = 4", "$z * 2 = 5.5", "n.id = $z * 2", "toInteger('3') = 4",
		"n.id = toInteger($s)", "$z * 2 > n.id", "m.id IN [$z * 2, 1]", "coalesce($n, 1) + 0 = 1",
		"$s + 'x' = '3x'", "m.id = $z + 1", "n.id < size($s) * 3", "n.id IN [1 + 1, 3]", "[m.id] IN [[1 + 1]]",
		"n.id = abs(-2)", "m.id <> size('ab')",
	}
	// chainPlaces hold a chain (%s) where it filters rows, or is a value.
	chainPlaces = []string{
		"MATCH (n)-->(m) WHERE %s RETURN n.id, m.id",
		"MATCH (n)-[r]->(m) WHERE %s RETURN count(*) AS c",
		"MATCH (n)-->(m) WITH n, m WHERE %s RETURN n.id, m.id",
		"MATCH (n:A) OPTIONAL MATCH (n)-->(m) WHERE %s RETURN n.id, m.id",
		"MATCH (n)-->(m) RETURN n.id, m.id, %s AS v",
		"MATCH (n)-->(m)-->(o) WHERE %s RETURN n.id, o.id",
		"MATCH (n)-->(m) RETURN n.id, CASE WHEN %s THEN 1 ELSE 0 END AS v",
		"MATCH (n:B)-->(m) WHERE EXISTS { MATCH (m)-->(o) WHERE %s } RETURN n.id, m.id",
	}
	// chainParams are the parameters each query runs with: $z a float,
	// an integer or a string (then `$z * 2` fails and stays as written).
	chainParams = []map[string]any{
		{"z": 2.5, "s": "3", "n": nil},
		{"z": 2, "s": "x", "n": nil},
		{"z": "a", "s": "3", "n": nil},
		{"z": 1.5, "s": "12", "n": nil},
	}
)

// chainExpr is a random AND/OR chain of two to four operands, at least one
// a run-constant test, some nested or negated.
func chainExpr(r *rand.Rand, depth int) string {
	n := 2 + r.IntN(3)
	ops := make([]string, n)
	for i := range ops {
		switch {
		case i == 0 || r.IntN(3) == 0:
			ops[i] = chainConst[r.IntN(len(chainConst))]
		case depth < 1 && r.IntN(5) == 0:
			ops[i] = "(" + chainExpr(r, depth+1) + ")"
		case r.IntN(2) == 0:
			ops[i] = chainRisky[r.IntN(len(chainRisky))]
		default:
			ops[i] = chainSafe[r.IntN(len(chainSafe))]
		}
		if r.IntN(6) == 0 {
			ops[i] = "NOT (" + ops[i] + ")"
		}
	}
	r.Shuffle(n, func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
	op := " AND "
	if r.IntN(3) == 0 {
		op = " OR "
	}
	return strings.Join(ops, op)
}

// TestRunConstantChainsMatchRowMode runs random AND/OR chains that mix
// run-constant tests (named as values when planned) with operands that
// may fail and ones that cannot, in WHERE clauses and as values, planned
// (with an index, and from the pattern's last node) and in row mode on
// random graphs with keys of mixed kinds; the rows must be the same, and
// where row mode raises an error the plan must raise one.
//
// Guard (planner/run_constant_chains.go): naming a run constant that
// turns its operand from one that may fail into one that cannot, while
// another operand of the chain may fail, is withdrawn. Break (the
// withdrawal removed): 4,320 runs; 204 fail. Whether naming made an
// operand safe is judged taking every variable for an entity; judged
// with the MATCH's entities only, 15 of 4,320 runs failed (measured
// before the IN, abs() and size() operands and the CASE and EXISTS
// places were added), WITH ... WHERE chains among them.
func TestRunConstantChainsMatchRowMode(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 14))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 120 {
		q := fmt.Sprintf(chainPlaces[r.IntN(len(chainPlaces))], chainExpr(r, 0))
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	runs, failed := 0, 0
	for gi, seed := range []uint64{3, 8, 5} {
		var dbs map[string]*DB
		if gi < 2 {
			dbs = queryGraphVariants(t, seed, 14, 45, plannedIdxLastRowMode)
		} else {
			dbs = rowModeGraphs(t, seed, 24, 60, plannedIdxLastRowMode, fourthKeys,
				"MATCH (x) WHERE x.id % 5 = 2 SET x.s = 'n' + toString(x.id)")
		}
		for _, q := range queries {
			for _, ps := range chainParams {
				againstRowModeOutcome(t, dbs, []string{"planned", "planned-idx", "last"}, fmt.Sprintf("graph %d", gi), q, ps, &runs, &failed)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
