package cyq

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// runOutcome is a query's rows (canonical) or its error, as text.
func runOutcome(db *DB, q string, params map[string]any) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	if err != nil {
		return "error: " + err.Error()
	}
	all, err := rows.All()
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprint(canonical(all))
}

// TestMayFailSeekBoundsMatchRowMode checks range seeks whose bounds read
// no variable and may fail ($x * 5 raises for a string, 10 / $x for 0,
// 1 / (2 - 2) always) against row mode: generated single comparisons, chains
// (6 <= a.id < $x * 5, which reads as its links only where no operand
// can fail) and ANDs of bounds, alone, behind a conjunct that decides
// false first (a.id < 0 AND ...: no row reaches the bound, so no error),
// and before an expansion, for parameter values of every kind (integers,
// floats, NaN, strings, null, an overflowing integer), planned, indexed
// on :A(id), started from the last node, and in row mode. The indexed
// planner must seek the chains when the bound computes (a coverage gate),
// and, planned without values, a bound that fails for every value is no
// seek (a program's statement runs such a plan).
//
// Guards and their breaks (2,660 runs per variant):
//   - chainSeekable takes an outer operand that reads no variable only
//     where seekValue does: taking every one breaks 102 runs.
//   - seekValue, planned with values, takes an expression of no
//     variable only where, folded, it cannot fail, or reads a parameter
//     the planning values lack; planned without values it takes every
//     one (see the check below).
func TestMayFailSeekBoundsMatchRowMode(t *testing.T) {
	xs := []any{3, 2.5, 0, "s", nil, math.NaN(), int64(math.MaxInt64)}
	bounds := []string{"$x * 5", "$x + 1", "$x - 1", "10 / $x", "toInteger($x)", "$x", "1 / (2 - 2)", "6"}
	contexts := []string{
		"MATCH (a:A) WHERE %s RETURN a.id",
		"MATCH (a:A) WHERE a.id < 0 AND %s RETURN a.id",
		"MATCH (a:A)-[:U]->(c:A) WHERE %s RETURN count(*)",
		"MATCH (a:A) WHERE %s AND a.id %% 2 = 7 RETURN count(*)",
	}
	ops := []string{"<", "<=", ">", ">="}
	runs, chains, seeks := 0, 0, 0
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 2; seed++ {
		r := rand.New(rand.NewPCG(seed, 29))
		dbs := rowModeGraphs(t, seed, 40, 50, plannedIdxLastRowMode)
		for i := 0; i < 190; i++ {
			lo, hi := bounds[r.IntN(len(bounds))], bounds[r.IntN(len(bounds))]
			var f string
			switch r.IntN(5) {
			case 0:
				f = fmt.Sprintf("%s <= a.id < %s", lo, hi)
			case 1:
				f = fmt.Sprintf("%s > a.id >= %s", hi, lo)
			case 2:
				f = fmt.Sprintf("a.id %s %s", ops[r.IntN(len(ops))], hi)
			case 3:
				f = fmt.Sprintf("%s %s a.id", lo, ops[r.IntN(len(ops))])
			default:
				// One bound that may fail beside one that cannot: of two
				// that may fail, a plan tests first the one its run
				// constants name (it computes), where row mode takes the
				// written order (the known gap in
				// planner/deciding_operands.go).
				f = fmt.Sprintf("a.id > %s AND a.id <= 30", lo)
			}
			q := fmt.Sprintf(contexts[r.IntN(len(contexts))], f)
			// (A query seen before may reuse a plan made for a value on
			// which its bound failed: the plan cache's class of x = 3.)
			// Planned first for x = 3: the plan cache keeps, for the class
			// of x = 3, a plan made for a value whose bound failed.
			// (Beside a conjunct that may fail, a.id % 2 = 7, the chain's
			// run constants are not named, so that the plan tests the
			// conjuncts in row mode's order (planner/run_constant_chains.go),
			// and the chain does not seek: only the other contexts are
			// held to the seek.)
			if first := !seen[q]; first && (strings.Contains(f, "<= a.id <") || strings.Contains(f, "> a.id >=")) && !strings.Contains(f, "(2 - 2)") && !strings.Contains(q, "a.id % 2 = 7") {
				// A chain of bounds that compute for x = 3 seeks where the
				// same chain of their values does.
				chains++
				lit := strings.NewReplacer("$x * 5", "15", "$x + 1", "4", "$x - 1", "2", "10 / $x", "3", "toInteger($x)", "3", "$x", "3").Replace(q)
				plan := runOutcome(dbs["planned-idx"], "EXPLAIN "+q, map[string]any{"x": 3})
				want := runOutcome(dbs["planned-idx"], "EXPLAIN "+lit, nil)
				if strings.Contains(plan, "index range") {
					seeks++
				}
				if strings.Contains(plan, "index range") != strings.Contains(want, "index range") {
					t.Errorf("%s: seeks %v, as %s: %v", q, strings.Contains(plan, "index range"), lit, strings.Contains(want, "index range"))
				}
			}
			seen[q] = true
			for _, x := range xs {
				p := map[string]any{"x": x}
				want := runOutcome(dbs["row-mode"], q, p)
				runs++
				for name, db := range dbs {
					if name == "row-mode" {
						continue
					}
					if got := runOutcome(db, q, p); got != want {
						t.Errorf("seed %d, x=%v, %s: %s\n got  %s\n want %s", seed, x, name, q, got, want)
					}
				}
			}
		}
	}
	if seeks == 0 {
		t.Errorf("%d chains of bounds that compute: none seeks the index", chains)
	}
	// Planned without values every bound of no variable seeks: one that
	// reads a parameter (no run computes it: a run is planned for its
	// values), and one that reads none, as `n.v = date('2015-07-21')`
	// must (the constant folder does not compute temporal constructors).
	// So does one that fails for every value, 1 / (2 - 2): a known gap,
	// a statement planned without values (a program's) raises its error
	// at the seek where the written query raises it only on the rows
	// that reach it.
	db := dbs0(t)
	for q, seek := range map[string]bool{
		"MATCH (a:A) WHERE 6 <= a.id < $x * 5 RETURN a.id":      true,
		"MATCH (a:A) WHERE a.id < $x * 5 RETURN a.id":           true,
		"MATCH (a:A) WHERE 6 <= a.id < 1 / (2 - 2) RETURN a.id": true,
		"MATCH (a:A) WHERE a.id < 1 / (2 - 2) RETURN a.id":      true,
	} {
		c, err := db.Compile(q)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(c.Plan.Explain(), "index range"); got != seek {
			t.Errorf("%s planned without values: seek %v, want %v\n%s", q, got, seek, c.Plan.Explain())
		}
	}
	t.Logf("%d runs per variant; %d of %d chains seek", runs, seeks, chains)
}

// dbs0 is an indexed random graph for plan checks.
func dbs0(t *testing.T) *DB {
	return rowModeGraphs(t, 3, 40, 50, map[string]*Options{"idx": nil})["idx"]
}
