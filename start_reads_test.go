package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStartReadsMatchRowMode: a pattern's node whose own tests (inline
// property map, inline WHERE) read another node or relationship of the
// pattern is not where matching starts (planner/start_reads.go), by cost
// or when plans start at the last node; and a filter of a scan whose
// property comparisons become the scan's prefilter keeps its other
// conjuncts, after them, when none may fail (cheap tests before counts
// of patterns: planner/conjunct_order.go, rewrite_batch.go). Generated
// chains with such tests and WHEREs mixing property tests, counts of
// patterns and tests that may fail, compared with row mode, planned with
// and without an index on :A(id) and starting patterns from their last
// nodes.
//
// The guards, each broken alone (1,080 runs): a start whose order binds
// a node before the node or relationship its test reads (startReadsLater
// ignored) fails 88 (UndefinedVariable); prefilters taken from a filter
// whose other conjuncts may fail fails 0 here, in this test and in
// TestValueRangesMatchRowMode (the failing conjuncts generated fail on
// no node a prefilter drops).
func TestStartReadsMatchRowMode(t *testing.T) {
	t.Parallel()
	tests := []string{"{id: m.id}", "{k: m.k}", "WHERE n.id > m.id", "{id: r.k}", "WHERE n.k = m.id + 1", "{k: m.id}"}
	labels := []string{"", ":A", ":B", ":C"}
	wheres := []string{
		"m.id < 10 AND COUNT { (m)-->() } > 1", "COUNT { (m)<--() } >= 1 AND m.k > 0", "m.id <> 3 AND size([(m)--(x) | x]) > 1",
		"m.id < 5 AND 10 / (COUNT { (m)-->() } - 1) > 2", "m.s STARTS WITH 'n' AND m.k * 2 > 1", "m.id IN $p AND COUNT { (m)-->() } > 0",
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 53))
		dbs := queryGraphVariants(t, seed, 16, 45, map[string]*Options{"planned": nil, "planned-idx": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}})
		for i := 0; i < 120; i++ {
			var q string
			if r.IntN(2) == 0 {
				q = "MATCH (m" + labels[r.IntN(len(labels))] + ")" + []string{"-[r]->", "<-[r]-", "-[r]-"}[r.IntN(3)] +
					"(n" + labels[r.IntN(len(labels))] + " " + tests[r.IntN(len(tests))] + ")"
				if r.IntN(2) == 0 {
					q += "-->(o" + labels[r.IntN(len(labels))] + ")"
				}
			} else {
				q = "MATCH (m" + labels[r.IntN(len(labels))] + ") WHERE " + wheres[r.IntN(len(wheres))] + " WITH m WHERE " +
					[]string{"COUNT { (m)-->() } > 1", "m.k > 1", "EXISTS { (m)-->(:B) }", "size([(m)<--(y) | y.id]) >= 1"}[r.IntN(4)]
			}
			q += []string{" RETURN count(*) AS c", " RETURN m.id AS x ORDER BY x", " RETURN DISTINCT m.id AS x ORDER BY x"}[r.IntN(3)]
			p := []any{int64(1), int64(2), int64(5)}
			againstRowModeOutcome(t, dbs, []string{"planned", "planned-idx", "last"}, fmt.Sprintf("seed %d", seed), q, map[string]any{"p": p}, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("360 queries, %d runs", runs)
}
