package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// optionalAntiJoin reads OPTIONAL MATCH p [WHERE w] followed by
// WITH items WHERE v IS NULL [AND rest], v a variable p declares, as
// the anti-join it is: a filter NOT EXISTS { MATCH p [WHERE w] } on the
// rows before, then WITH items [WHERE rest]. A row with no match of p
// gets one row with v null, which passes; a row with matches gets only
// rows with v bound (a node, relationship or path that matched is never
// null), none of which passes: the rows of NOT EXISTS, each once. The
// filter is then planned as any NOT EXISTS is (an anti-join).
//
// Preconditions: the WITH neither aggregates, nor is DISTINCT, nor
// orders, skips or limits (its WHERE would then filter other rows), is
// not WITH * and reads none of p's new variables in its items or the rest
// of its WHERE, nor names an item after one of them (all would read null
// after the OPTIONAL MATCH, and are not bound after the anti-join); the
// WHERE's v IS NULL tests one of p's new variables.
func optionalAntiJoin(m *ast.Match, next ast.Clause, sc *scope) (filter ast.Expr, with *ast.With, ok bool) {
	w, isWith := next.(*ast.With)
	if !m.Optional || !isWith || w.Where == nil {
		return nil, nil, false
	}
	pr := w.Projection
	if pr.Distinct || pr.Star || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil {
		return nil, nil, false
	}
	fresh := sc.fresh(m.Pattern)
	if len(fresh) == 0 {
		return nil, nil, false
	}
	parts := conjuncts(w.Where)
	at := -1
	for k, c := range parts {
		if isNull, ok := c.(*ast.IsNull); ok && !isNull.Not {
			if v, ok := isNull.Expr.(*ast.Variable); ok && fresh[v.Name] {
				at = k
				break
			}
		}
	}
	if at < 0 {
		return nil, nil, false
	}
	rest := append(append([]ast.Expr(nil), parts[:at]...), parts[at+1:]...)
	for _, c := range rest {
		if readsAny(c, fresh) {
			return nil, nil, false
		}
	}
	for _, it := range pr.Items {
		if containsAggregate(it.Expr) || readsAny(it.Expr, fresh) || it.Alias != nil && fresh[it.Alias.Name] {
			return nil, nil, false
		}
	}
	nw := *w
	nw.Where = nil
	if len(rest) > 0 {
		nw.Where = andAll(rest)
	}
	return &ast.Unary{Span: m.Span, Op: ast.OpNot, Expr: &ast.ExistsSubquery{Span: m.Span, Pattern: m.Pattern, Where: m.Where}}, &nw, true
}

// readsAny reports whether e mentions one of the names.
func readsAny(e ast.Expr, names map[string]bool) bool {
	for n := range exprVars(e) {
		if names[n] {
			return true
		}
	}
	return false
}
