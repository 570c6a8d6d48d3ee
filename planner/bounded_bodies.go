package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// A subquery body that is one MATCH whose rows are cut by SKIP s and
// LIMIT k has min(max(N - s, 0), k) rows, N the pattern's matches, a
// non-decreasing function of N. So a test of that number against a
// constant is a test of N against another (the count-threshold rule's
// normal form, count_existence.go):
//
//	EXISTS { MATCH (v)-->(w) WITH w SKIP 9 RETURN w }             COUNT { (v)-->(w) } >= 10
//	size(COLLECT { MATCH (v)-->(w) RETURN w LIMIT 10 }) = 10      COUNT { (v)-->(w) } >= 10
//	COUNT { MATCH (v)-->(w) RETURN w SKIP 2 LIMIT 3 } < 3         COUNT { (v)-->(w) } < 5
//
// "at least k rows" written with LIMIT k or SKIP k-1, which the degree
// reads and semi-joins for thresholds then answer without enumerating
// the rows. A comparison with the cut itself (= k, <> k for LIMIT k) is
// a threshold too; other equalities, and tests that are always true or
// always false (more rows than the LIMIT), stay as written.
//
// Exact where the body's rows are what the pattern's matches make them:
// no DISTINCT (it would count distinct rows), no aggregation, items that
// are the pattern's variables, their properties, literals or parameters
// (neutralReturn), an ORDER BY of such items (it orders, the count is the
// same), SKIP and LIMIT integer literals; a WITH between the MATCH and
// the RETURN only passes the pattern's variables on, renamed or not (and
// the RETURN reads only what it passes on). Reading the matches must not fail
// (matchesSafe: the threshold may read more or fewer of them than the
// cut body does).

// boundedBody is the pattern of a body cut by SKIP and LIMIT.
type boundedBody struct {
	pattern *ast.Pattern
	where   ast.Expr
	skip    int64
	limit   int64 // -1 when there is none
}

// readBoundedBody returns the bounded reading of a subquery body q, or ok
// false (also when q has neither SKIP nor LIMIT: matchOnly reads it).
func readBoundedBody(q *ast.Query) (boundedBody, bool) {
	bb := boundedBody{limit: -1}
	if q == nil || len(q.Parts) != 1 || len(q.When) > 0 {
		return bb, false
	}
	cl := q.Parts[0].Clauses
	if len(cl) < 2 || len(cl) > 3 {
		return bb, false
	}
	m, ok := cl[0].(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil {
		return bb, false
	}
	r, ok := cl[len(cl)-1].(*ast.Return)
	if !ok || r.Projection == nil {
		return bb, false
	}
	names := newVarSet()
	patternVars(m.Pattern, &names)
	cut := r.Projection
	if len(cl) == 3 {
		w, ok := cl[1].(*ast.With)
		if !ok || w.Where != nil || w.Projection == nil {
			return bb, false
		}
		passed, ok := withPassesOn(w.Projection, names)
		if !ok {
			return bb, false
		}
		if !neutralItems(r.Projection, passed) || r.Projection.OrderBy != nil || r.Projection.Skip != nil || r.Projection.Limit != nil {
			return bb, false
		}
		cut, names = w.Projection, passed
	}
	if cut.Distinct || cut.Star || !neutralItems(cut, names) || (cut.Skip == nil && cut.Limit == nil) {
		return bb, false
	}
	for _, s := range cut.OrderBy {
		if !neutralExpr(s.Expr, names) {
			return bb, false
		}
	}
	if cut.Skip != nil {
		if bb.skip, ok = nonNegativeInt(cut.Skip); !ok {
			return bb, false
		}
	}
	if cut.Limit != nil {
		if bb.limit, ok = nonNegativeInt(cut.Limit); !ok {
			return bb, false
		}
	}
	bb.pattern, bb.where = m.Pattern, m.Where
	return bb, true
}

// withPassesOn returns the names a WITH passes on when its items are
// variables of names (renamed or not), without DISTINCT or `*`: one row
// out for each row in.
func withPassesOn(p *ast.Projection, names varSet) (varSet, bool) {
	passed := newVarSet()
	if p.Distinct || p.Star || len(p.Items) == 0 {
		return passed, false
	}
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || !names.has(v.Name) {
			return passed, false
		}
		passed.names[it.Name()] = true
	}
	return passed, true
}

// neutralItems reports whether a projection's items read only names (see
// neutralExpr).
func neutralItems(p *ast.Projection, names varSet) bool {
	if p.Star || len(p.Items) == 0 {
		return false
	}
	for _, it := range p.Items {
		if !neutralExpr(it.Expr, names) {
			return false
		}
	}
	return true
}

// neutralExpr reports whether e is a literal, a parameter, one of names
// or a property of one of names: it cannot fail nor change the rows.
func neutralExpr(e ast.Expr, names varSet) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return true
	case *ast.Variable:
		return names.has(x.Name)
	case *ast.Property:
		v, isVar := x.Expr.(*ast.Variable)
		return isVar && names.has(v.Name)
	}
	return false
}

// nonNegativeInt returns the value of an integer literal that is not
// negative.
func nonNegativeInt(e ast.Expr) (int64, bool) {
	l, ok := e.(*ast.Literal)
	if !ok || l.Kind != ast.LitInt || l.Int < 0 {
		return 0, false
	}
	return l.Int, true
}

// boundedThreshold is the threshold on the pattern's matches N that
// `rows op n` means for the rows of a bounded body, rows = min(max(N -
// skip, 0), limit): N >= t (negated false) or N < t (negated true); ok is
// false when the test is not a threshold or is always true or false.
func (bb boundedBody) threshold(op ast.CompareOp, n int64) (t int64, negated, ok bool) {
	const big = 1 << 61 // no overflow below
	if n < -1 || n > big || bb.skip > big || bb.limit > big {
		return 0, false, false
	}
	k, negated, order := rowsAtLeast(op, n) // rows >= k, or rows < k when negated
	switch {
	case order:
	case op == ast.CmpEq || op == ast.CmpNe:
		switch {
		case n == 0:
			k, negated = 1, true
		case n == bb.limit:
			k = n // as many rows as the cut lets through: at least that many
		default:
			return 0, false, false
		}
		if op == ast.CmpNe {
			negated = !negated
		}
	default:
		return 0, false, false
	}
	if k <= 0 || bb.limit >= 0 && k > bb.limit {
		return 0, false, false // always true, or always false
	}
	return k + bb.skip, negated, true
}

// boundedTest is the normal form of a test on a bounded body's rows: N >=
// t as EXISTS { } for t = 1 and COUNT { } >= t otherwise, negated with
// NOT or as COUNT { } < t.
func (bb boundedBody) test(sp ast.Span, t int64, negated bool) ast.Expr {
	if t == 1 {
		var e ast.Expr = &ast.ExistsSubquery{Span: sp, Pattern: bb.pattern, Where: bb.where}
		if negated {
			e = &ast.Unary{Span: sp, Op: ast.OpNot, Expr: e}
		}
		return e
	}
	cmp := ast.CmpGe
	if negated {
		cmp = ast.CmpLt
	}
	return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{cmp}, Operands: []ast.Expr{
		&ast.CountSubquery{Span: sp, Pattern: bb.pattern, Where: bb.where},
		&ast.Literal{Span: sp, Kind: ast.LitInt, Int: t},
	}}
}

// boundedComparison is countThreshold for a COUNT { } of a bounded body
// compared with an integer literal (either side first).
func boundedComparison(x *ast.Comparison, entities map[string]bool) (ast.Expr, bool) {
	if len(x.Ops) != 1 || len(x.Operands) != 2 {
		return nil, false
	}
	op, l, r := x.Ops[0], x.Operands[0], x.Operands[1]
	if _, isCount := r.(*ast.CountSubquery); isCount {
		l, r = r, l
		op = flipComparison(op)
	}
	c, ok := l.(*ast.CountSubquery)
	lit, isLit := r.(*ast.Literal)
	if !ok || c.Query == nil || !isLit || lit.Kind != ast.LitInt {
		return nil, false
	}
	bb, ok := readBoundedBody(c.Query)
	if !ok || !bb.safe(entities) {
		return nil, false
	}
	t, negated, ok := bb.threshold(op, lit.Int)
	if !ok {
		return nil, false
	}
	return bb.test(x.Span, t, negated), true
}

// boundedExists is EXISTS { } of a bounded body: at least one row.
func boundedExists(x *ast.ExistsSubquery, entities map[string]bool) (ast.Expr, bool) {
	if x.Query == nil {
		return nil, false
	}
	bb, ok := readBoundedBody(x.Query)
	if !ok || !bb.safe(entities) {
		return nil, false
	}
	t, negated, ok := bb.threshold(ast.CmpGe, 1)
	if !ok {
		return nil, false
	}
	return bb.test(x.Span, t, negated), true
}

// safe reports whether reading the body's matches cannot fail
// (matchesSafe).
func (bb boundedBody) safe(entities map[string]bool) bool {
	return matchesSafe(&ast.CountSubquery{Pattern: bb.pattern, Where: bb.where}, entities)
}
