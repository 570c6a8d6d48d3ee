package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHoistedConditionsMatchRowMode: in a run of MATCH clauses, a later
// clause's test of a node an earlier clause binds (a WHERE conjunct or an
// inline property) moves to the earlier clause only when no clause from
// there on tests something that may fail; moved ahead of such a test, it
// would drop rows on which row mode raises that test's error. Generated
// runs of two or three MATCH clauses, the earlier ones with tests that may
// fail (arithmetic on a property of several types, a division by zero),
// cannot fail, or none, inline ones among them, and later ones testing
// earlier nodes in ways that cannot fail (null tests, comparisons with
// constants, labels, inline maps) or may; compared with row mode. Tests
// that cannot fail for the kinds the graph stores (a division of the
// integer id by a constant, toLower() of the string s) let conditions
// move, as the start choice needs (the index seeks of multi-MATCH forms).
//
// The guards, each broken alone (1,200 runs): the WHERE conjunct moved
// past a test that may fail (fails ignored) fails 134; the inline map
// entry moved so fails 89; the run's reordering crossing a clause whose
// WHERE or pattern may fail fails 161; a later clause's label test
// pulled ahead of an earlier WHERE that may fail (labelChecks) fails 4;
// a seek keyed by a value that may fail moved ahead of expansions
// (hoistSeeks) fails 9; an existence test folded into its probe's scan
// past a filter that may fail (semiJoinExists) fails 1. Reading the kinds
// is not a correctness guard: without it conditions move less.
func TestHoistedConditionsMatchRowMode(t *testing.T) {
	t.Parallel()
	failing := []string{"X.k + 1 > 1", "X.k / 0 = 1", "X.s + X.k = 'n1'", "abs(X.k) > 0", "X.k * 2 >= 2"}
	safe := []string{"X.id > 2", "X.k IS NULL", "X:A", "X.s STARTS WITH 'n'", "X.id IN [1, 3, 5]", "X.id / 2 > 1", "toLower(X.s) = 'n1'"}
	later := []string{"X.id IS NULL", "X.id = 3", "X:B", "X.k IS NOT NULL", "X.id < 4", "X.s = 'n1'", "X.k + 1 = 2"}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 21))
		dbs := queryGraphVariants(t, seed, 14, 40, map[string]*Options{"planned": nil, "planned-idx": nil, "row-mode": {RowModeOnly: true}})
		test := func(pool []string, v string) string {
			return strings.ReplaceAll(pool[r.IntN(len(pool))], "X", v)
		}
		for i := 0; i < 200; i++ {
			var b strings.Builder
			b.WriteString("MATCH (a)" + []string{"-->", "<-[:T]-", "--"}[r.IntN(3)] + "(b)")
			switch r.IntN(4) {
			case 0, 1:
				b.WriteString(" WHERE " + test(failing, []string{"a", "b"}[r.IntN(2)]))
				if r.IntN(2) == 0 {
					b.WriteString(" AND " + test(safe, "b"))
				}
			case 2:
				b.WriteString(" WHERE " + test(safe, "a"))
			}
			if r.IntN(2) == 0 {
				// A middle clause, its test may fail too.
				b.WriteString(" MATCH (c:" + []string{"A", "B"}[r.IntN(2)] + []string{"", "", " {id: a.k * 2}"}[r.IntN(3)] + ")")
				if r.IntN(2) == 0 {
					b.WriteString(" WHERE " + test(append(append([]string{}, failing...), safe...), "c"))
				}
			}
			end := []string{"(b)-->(d)", "(d:A)", "(d)<--(a)", "(b {id: 2})-->(d)", "(a {s: 'n1'})--(d)"}[r.IntN(5)]
			b.WriteString(" MATCH " + end)
			if r.IntN(4) > 0 {
				b.WriteString(" WHERE " + test(later, []string{"a", "b"}[r.IntN(2)]))
				if r.IntN(3) == 0 {
					b.WriteString(" AND " + test(later, "d"))
				}
			}
			b.WriteString([]string{" RETURN a.id AS x, d.id AS y", " RETURN count(*) AS n", " RETURN DISTINCT b.id AS x"}[r.IntN(3)])
			againstRowModeOutcome(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), b.String(), nil, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("600 queries, %d runs", runs)
}
