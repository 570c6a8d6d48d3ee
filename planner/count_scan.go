package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countScan turns count(*) over the rows of a bare node scan into
// count(DISTINCT n): a scan yields each node once and never null, so
// the counts agree, and the distinct count of a scan's variable is the
// cardinality of the label's (or the graph's) node bitmap, which the
// scan hands to the aggregation whole (see setRows) instead of visiting
// every node. It applies when the scan is the pipeline's only source of
// rows (nothing but Start before it) and only variable-passing operators
// stand between it and a keyless aggregation of such counts.
func countScan(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		scan, ok := op.(logical.NodeScan)
		if !ok || len(scan.Prefilter) > 0 || scan.Batch > 0 || !onlyStartBefore(ops[:i]) {
			continue
		}
		j := i + 1
		for j < len(ops) && passesOn(ops[j]) {
			j++
		}
		if j >= len(ops) {
			continue
		}
		a, ok := ops[j].(logical.Aggregate)
		if !ok || len(a.Keys) > 0 || len(a.Aggs) == 0 {
			continue
		}
		aggs := make([]logical.AggCall, len(a.Aggs))
		for k, c := range a.Aggs {
			// count(n) of the scanned n is count(*) by then (aggregateForms).
			if !c.Call.Star {
				aggs = nil
				break
			}
			call := *c.Call
			call.Star, call.Distinct = false, true
			call.Args = countArg(scan.Var, c.Call)
			aggs[k] = logical.AggCall{Name: c.Name, Call: &call}
		}
		if aggs == nil {
			continue
		}
		a.Aggs = aggs
		return replace(ops, j, 1, a), true
	}
	return ops, false
}

// onlyStartBefore reports whether ops (what precedes a scan) produce
// exactly one row: nothing, or Start.
func onlyStartBefore(ops []logical.Op) bool {
	for _, op := range ops {
		if _, ok := op.(logical.Start); !ok {
			return false
		}
	}
	return true
}

// countArg is the argument list of count(DISTINCT v) replacing call:
// call's own for count(v), a variable reference at call's span for
// count(*).
func countArg(v string, call *ast.FunctionCall) []ast.Expr {
	if !call.Star {
		return call.Args
	}
	return []ast.Expr{&ast.Variable{Span: call.Span, Name: v}}
}
