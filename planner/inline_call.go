package planner

import "github.com/cyqdb/cyq/parser/ast"

// inlineLeadingCalls returns clauses with a leading CALL subquery written
// in place: CALL { c1 ... cn RETURN items } followed by more clauses, at
// the start of a query whose scope is empty, is c1 ... cn WITH items. The
// subquery then runs once, for the one row a query starts with, and
// passes each of its rows on with the columns its RETURN projects, as the
// WITH does; its variables cannot meet outer ones, since there are none.
// Planned in place, its MATCH clauses join the query's own, so that the
// rules that see a pattern and the aggregation after it (set expansion,
// degree reads, counts from the store) apply as to the query written
// without the CALL.
//
// Precondition: the scope is empty; the subquery is not OPTIONAL, not IN
// TRANSACTIONS, has one part (no UNION), does not write, and ends with a
// RETURN whose items are variables or aliased; a clause follows it (a
// query may not end with WITH).
func inlineLeadingCalls(clauses []ast.Clause, sc *scope) []ast.Clause {
	if len(sc.vars) > 0 || sc.imported != nil {
		return clauses
	}
	for len(clauses) > 1 {
		c, ok := clauses[0].(*ast.CallSubquery)
		if !ok || c.Optional || c.InTransactions != nil || c.Body == nil || len(c.Body.Parts) != 1 || c.Body.When != nil || isWriteClause(c) {
			return clauses
		}
		body := c.Body.Parts[0].Clauses
		if len(body) == 0 {
			return clauses
		}
		ret, ok := body[len(body)-1].(*ast.Return)
		if !ok || ret.Projection == nil {
			return clauses
		}
		for _, it := range ret.Projection.Items {
			if _, isVar := it.Expr.(*ast.Variable); !isVar && it.Alias == nil {
				return clauses
			}
		}
		out := make([]ast.Clause, 0, len(body)+len(clauses)-1)
		out = append(out, body[:len(body)-1]...)
		out = append(out, &ast.With{Span: ret.Span, Projection: ret.Projection})
		clauses = append(out, clauses[1:]...)
	}
	return clauses
}
