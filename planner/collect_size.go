package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countCollectSizes reads size(COLLECT { q }) as COUNT { q }: a COLLECT
// subquery appends the one column of every row its body returns, nulls
// included, so the list's size is the number of rows, which COUNT { }
// counts without building the list. COUNT's body then plans as a count
// (see subqueryNeed): `size(COLLECT { MATCH (c)-->()-->(p) RETURN DISTINCT
// p })` is the size of c's reached set, not a list of its nodes. Only a
// body whose every part returns exactly one column is read so (COLLECT
// rejects others, and that error must stay). It rewrites the expressions
// of filters, projections and aggregations, wherever size(...) sits in
// them.
func countCollectSizes(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	return rewriteOpExprs(b, ops, collectSizeAsCount)
}

// collectSizeAsCount is size(COLLECT { q }) as COUNT { q } (see
// countCollectSizes).
func collectSizeAsCount(e ast.Expr) (ast.Expr, bool) {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) > 0 || fc.Distinct || fc.Star || len(fc.Args) != 1 || !strings.EqualFold(fc.Name, "size") {
		return e, false
	}
	c, ok := fc.Args[0].(*ast.CollectSubquery)
	if !ok || !oneColumn(c.Query) {
		return e, false
	}
	return &ast.CountSubquery{Span: fc.Span, Query: c.Query}, true
}

// oneColumn reports whether every part of q ends in a RETURN of exactly
// one item, no `*`.
func oneColumn(q *ast.Query) bool {
	if q == nil || len(q.Parts) == 0 || len(q.When) > 0 {
		return false
	}
	for _, part := range q.Parts {
		if len(part.Clauses) == 0 {
			return false
		}
		r, ok := part.Clauses[len(part.Clauses)-1].(*ast.Return)
		if !ok || r.Projection == nil || r.Projection.Star || len(r.Projection.Items) != 1 {
			return false
		}
	}
	return true
}
