package planner

import (
	"github.com/cyqdb/cyq/planner/logical"
)

// batchTestCost is the cost of testing one node in a batched scan's
// filter (a prefilter or vector code, see useBatchScans and
// markVectorised) relative to one row of the row-at-a-time pipeline: the
// test runs over a batch of nodes per instruction and the nodes it drops
// never become rows.
const batchTestCost = 0.1

// testedRows prices the filter at pl.Ops[i] by the rows it tests, in,
// not only by the rows it keeps, out (which pipelineCost counts as the
// filter's rows): it returns what the filter adds to its own reads, in -
// out, so a plan that tests a condition on every row an expansion
// produced costs those rows, and one that tests it on the few rows of its
// start does not.
//
// A filter the scan right before it evaluates over its batches (every
// conjunct a prefilter, or the whole condition vector code) is priced
// with the scan instead: the scan emits only the rows the filter keeps
// (its estimate becomes out) and reads each node it tests at
// batchTestCost; the filter itself then tests no row.
func (b *builder) testedRows(pl *logical.Pipeline, i int, in, out float64, reads []float64, boundAt map[string]float64) float64 {
	f := pl.Ops[i].(logical.Filter)
	if i > 0 && f.Subst == nil {
		if scan, ok := pl.Ops[i-1].(logical.NodeScan); ok && batchedFilter(scan, f) {
			reads[i-1] += in * batchTestCost
			pl.Est[i-1] = out
			boundAt[scan.Var] = out
			return 0
		}
	}
	return in - out
}

// batchedFilter reports whether filter f, right after scan, is evaluated
// over the scan's batches: every conjunct is a prefilter (batchable), or
// the whole condition is vector code (vectorisable).
func batchedFilter(scan logical.NodeScan, f logical.Filter) bool {
	all := true
	for _, c := range conjuncts(f.Pred) {
		if !batchable(c, scan.Var) {
			all = false
			break
		}
	}
	return all || vectorisable(f.Pred, scan.Var, map[string]bool{scan.Var: true})
}
