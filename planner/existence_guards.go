package planner

import "github.com/cyqdb/cyq/parser/ast"

// The readings of a filter that rejects an empty value (an aggregating
// CALL's group of no rows, callExistence; a per-row list of no matches,
// listExistence) as an existence test planned ahead share their guards:
// the plan may move work (not in written order, not row mode), the
// statement writes nothing the moved test would read before its time, the
// WITH that filters gathers no rows and counts none (no aggregate, no
// SKIP, no LIMIT) and computes nothing that may fail on a row dropped
// earlier, and the WHERE has one conjunct that rejects the empty value
// beside others that cannot fail.

// existenceAheadAllowed reports whether an existence test may be planned
// ahead of the clauses it stands for: the planner orders the plan (not
// start-from-last, not row mode) and no clause of the statement writes
// (a test run earlier would not see the writes of the rows before).
func (b *builder) existenceAheadAllowed(clauses []ast.Clause) bool {
	if b.startLast || b.rowModeOnly {
		return false
	}
	for _, cl := range clauses {
		if isWriteClause(cl) {
			return false
		}
	}
	return true
}

// keepsEveryRow reports whether projection p (a WITH's) passes each row
// on alone: it aggregates nothing (a group would gather a dropped row
// with others) and has no SKIP or LIMIT (a dropped row would count
// towards them).
func keepsEveryRow(p *ast.Projection) bool {
	if p.Skip != nil || p.Limit != nil {
		return false
	}
	for _, it := range p.Items {
		if containsAggregate(it.Expr) {
			return false
		}
	}
	return true
}

// rejectingConjunct returns the first conjunct of where for which rejects
// holds, when every other conjunct cannot fail (neverFails with the
// entities known): the rows the conjunct drops may then be dropped
// earlier without hiding an error the others raise on them. It is false
// when a conjunct other than the one returned may fail (looked at in
// order: one before the rejecting conjunct is found stops the search),
// and nil (and true) when none rejects and none may fail.
func rejectingConjunct(where ast.Expr, entities map[string]bool, rejects func(cj ast.Expr) bool) (ast.Expr, bool) {
	var found ast.Expr
	for _, cj := range conjunctsOf(where) {
		if found == nil && rejects(cj) {
			found = cj
			continue
		}
		if !neverFails(cj, entities) {
			return nil, false
		}
	}
	return found, true
}
