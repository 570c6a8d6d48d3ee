package planner

import (
	"github.com/cyqdb/cyq/planner/logical"
)

// hoistAnchors moves the node scans that scanAnchor put at the front of a
// MATCH clause's operators (ops), each with the filters right after it
// that read only its node, parameters and literals and cannot fail, ahead
// of the operators of the clauses before (before), so that the scan runs
// once, not once per row those clauses produce: `MATCH (a {id: $x})-->(x)
// MATCH (b {id: $y})-->(x)` then scans for b once, as the index seek of
// an indexed b would be done once per row at the cost of one lookup.
//
// The scan moves past operators that only bind and test nodes and
// relationships and cannot fail (scans, expansions, label and
// relationship property checks, path binds, filters that cannot fail:
// see guardCrosses), never past a WITH (a projection ends the scope of
// what it does not pass on), an aggregation, a DISTINCT, an ORDER BY,
// LIMIT or SKIP, a write, a subquery or a seek (whose value may fail). The rows are then the same join of the same
// operators in another order, and no operator it crosses could have
// raised an error that an empty scan now skips. It returns the new
// operators before and the rest of ops.
func (b *builder) hoistAnchors(before, ops []logical.Op) ([]logical.Op, []logical.Op) {
	if len(b.anchors) == 0 {
		return before, ops
	}
	for len(ops) > 0 {
		scan, ok := ops[0].(logical.NodeScan)
		if !ok || !b.anchors[scan.Var] {
			break
		}
		n := 1 // the scan and the filters of its node alone
		for n < len(ops) {
			f, ok := ops[n].(logical.Filter)
			if !ok || f.Subst != nil || !filterOfNode(f, scan.Var) {
				break
			}
			n++
		}
		entities := entityVars(before, map[string]bool{scan.Var: true})
		at := len(before)
		for at > 0 && anchorCrosses(before[at-1], entities) {
			at--
		}
		if at == len(before) {
			break // nothing to cross
		}
		moved := append([]logical.Op(nil), before[:at]...)
		moved = append(moved, ops[:n]...)
		before = append(moved, before[at:]...)
		ops = ops[n:]
	}
	return before, ops
}

// filterOfNode reports whether filter f reads no variable but v and cannot
// fail.
func filterOfNode(f logical.Filter, v string) bool {
	for w := range exprVars(f.Pred) {
		if w != v {
			return false
		}
	}
	return neverFails(f.Pred, map[string]bool{v: true})
}

// anchorCrosses reports whether a hoisted anchor scan may move ahead of
// op: a scan, or an operator a guard crosses (see guardCrosses) that is
// not a WITH's projection (the variables it does not pass on end there,
// and the scan's would with them).
func anchorCrosses(op logical.Op, entities map[string]bool) bool {
	switch op.(type) {
	case logical.NodeScan:
		return true
	case logical.Project, logical.Select:
		return false
	}
	return guardCrosses(op, entities)
}
