package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// uncollect reads a list collected only to be unwound again as the rows
// it was collected from: `WITH collect(x) AS xs UNWIND xs AS y` is
// `WITH x AS y WHERE y IS NOT NULL` when xs is read nowhere after, and
// with collect(DISTINCT x) it is `WITH DISTINCT x AS y WHERE y IS NOT
// NULL`. collect keeps the values in the order of its rows and drops
// nulls, UNWIND gives one row per element in that order, and an empty
// input gives one empty list, hence no rows, as the projection gives
// none: the rows are those of the projection, order included. The rows
// then stay rows of the MATCH before, so what follows (a MATCH from y, a
// count(DISTINCT ...)) plans as it does when written without the round
// trip: set at a time, from y's seek.
//
// Preconditions: the WITH has the collect as its only item (grouping keys
// would change the order of the rows: all of a group's rows come
// together), no WHERE, ORDER BY, SKIP or LIMIT, is not WITH *; the next
// clause is UNWIND of the list's variable; no later clause names the list.
func uncollect(clauses []ast.Clause) []ast.Clause {
	out := slices.Clone(clauses)
	for i := 0; i+1 < len(out); i++ {
		w, ok := out[i].(*ast.With)
		if !ok || w.Projection == nil || w.Where != nil {
			continue
		}
		pr := w.Projection
		if pr.Star || pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil || len(pr.Items) != 1 {
			continue
		}
		it := pr.Items[0]
		c, ok := it.Expr.(*ast.FunctionCall)
		if !ok || it.Alias == nil || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "collect") || containsAggregate(c.Args[0]) {
			continue
		}
		u, ok := out[i+1].(*ast.Unwind)
		if !ok || !isVar(u.Expr, it.Alias.Name) || mentions(out[i+2:], it.Alias.Name) {
			continue
		}
		y := &ast.Variable{Span: u.Var.Span, Name: u.Var.Name}
		item := &ast.ProjectionItem{Span: it.Span, Expr: c.Args[0], Alias: y, Text: it.Text}
		npr := &ast.Projection{Span: pr.Span, Distinct: c.Distinct, Items: []*ast.ProjectionItem{item}}
		nw := &ast.With{Span: w.Span, Projection: npr, Where: &ast.IsNull{Span: u.Span, Expr: y, Not: true}}
		out = slices.Replace(out, i, i+2, ast.Clause(nw))
	}
	return out
}
