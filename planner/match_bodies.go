package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// patternBodies writes COUNT { MATCH p WHERE w } and EXISTS { MATCH p
// WHERE w } (optionally ending in a RETURN that changes neither whether
// the body has rows nor how many: matchOnly) as COUNT { p WHERE w } and
// EXISTS { p WHERE w } at every position of filters, projections and
// aggregations, as predicates already are (normalizeSubqueries). The two
// spellings are one subquery: the body's one MATCH enumerates the
// pattern's matches that w keeps, with the outer variables bound, and
// the subquery counts them or tests that there is one; a RETURN of
// literals, parameters, variables and entity properties neither fails
// nor (without DISTINCT, for a count) merges rows. So the rules that
// read a count or an existence test of a pattern (a degree read kept at
// zero, countItemDegrees, and the ranking of nodes by it, degreeTops; a
// semi-join mark) see one shape, however the body was written: `WITH u,
// COUNT { MATCH (u)-[:T]->(:A) } AS d` reads u's degree as `COUNT {
// (u)-[:T]->(:A) }` does, and so does the CALL subquery that only counts
// its body's rows (countCall gives COUNT { MATCH ... }).
func patternBodies(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	return rewriteOpExprs(b, ops, patternBody)
}

// patternBody is a COUNT or EXISTS subquery whose body is one MATCH as
// the same subquery of the MATCH's pattern and WHERE (see patternBodies).
func patternBody(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.CountSubquery:
		if x.Query == nil {
			return e, false
		}
		p, where, ok := matchOnly(x.Query, true)
		if !ok {
			return e, false
		}
		return &ast.CountSubquery{Span: x.Span, Pattern: p, Where: where}, true
	case *ast.ExistsSubquery:
		if x.Query == nil {
			return e, false
		}
		p, where, ok := matchOnly(x.Query, false)
		if !ok {
			return e, false
		}
		return &ast.ExistsSubquery{Span: x.Span, Pattern: p, Where: where}, true
	}
	return e, false
}
