package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// inlineOnceCalls writes in place a CALL subquery of one branch that
// starts a pipeline, whose body is row-wise operators (rowWise: scans,
// seeks, expansions, filters, UNWIND, projections) ending in the
// selection of its columns: `CALL { MATCH (a)-[r]-() RETURN a } RETURN
// a.id, count(*)` is `MATCH (a)-[r]-() WITH a RETURN a.id, count(*)`.
// The CALL runs once, for the one row the pipeline starts with, and
// passes each row of its body on with its columns; the body's operators
// in place give the same rows in the same order, and the selection of
// the columns leaves no other variable of the body in scope, as the CALL
// does. A leading CALL written so is inlined before planning
// (inlineLeadingCalls); this takes the ones the planner makes, such as
// a UNION whose branches merged into one (mergeUnionBranches: the two
// directions of one hop, the types of one), so that the rules that see
// the pattern and the aggregation after it (degree reads, top-k by
// degree, set expansion) apply.
func inlineOnceCalls(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly || len(ops) < 3 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	call, ok := ops[1].(logical.CallSubquery)
	if !ok || len(call.Union) > 0 || call.Body == nil {
		return ops, false
	}
	body := call.Body.Ops
	n := len(body)
	if n < 3 {
		return ops, false
	}
	if _, ok := body[0].(logical.Start); !ok {
		return ops, false
	}
	emit, ok := body[n-1].(logical.Emit)
	if !ok || !slices.Equal(emit.Columns, call.Columns) {
		return ops, false
	}
	// A UNION's merged branch ends in the Distinct of its columns (UNION
	// without ALL): in place it keeps the same rows, the CALL running once.
	last := n - 2
	if d, isDistinct := body[last].(logical.Distinct); isDistinct && slices.Equal(d.Vars, call.Columns) && n >= 4 {
		last--
	}
	sel, ok := body[last].(logical.Select)
	if !ok || !slices.Equal(sel.Vars, call.Columns) {
		return ops, false
	}
	for _, op := range body[:last] {
		if !rowWise[op.Name()] || len(op.Children()) > 0 {
			return ops, false
		}
	}
	out := slices.Concat(body[:n-1], ops[2:])
	return out, true
}
