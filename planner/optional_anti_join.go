package planner

import (
	"maps"
	"slices"

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
// On the rows that pass, every variable p declares is null, so items and
// conjuncts of rest may read them (`WITH a, r WHERE r IS NULL`, `WITH a,
// r.w AS w ...`, WITH * passing them all on): a `WITH *, null AS x, ...` binding each one read to
// null goes between the filter and the WITH, and they read what they
// read after the OPTIONAL MATCH. pre is that clause, nil when nothing
// reads them.
//
// Preconditions: the WITH neither aggregates, nor is DISTINCT, nor
// orders, skips or limits (its WHERE would then filter other rows), nor
// names an item after one of p's new variables other
// than that variable itself (its WHERE would then read the item); the
// WHERE's v IS NULL tests one of p's new variables.
func optionalAntiJoin(m *ast.Match, next ast.Clause, sc *scope) (filter ast.Expr, pre, with *ast.With, ok bool) {
	w, isWith := next.(*ast.With)
	if !m.Optional || !isWith || w.Where == nil {
		return nil, nil, nil, false
	}
	pr := w.Projection
	if pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil {
		return nil, nil, nil, false
	}
	fresh := sc.fresh(m.Pattern)
	if len(fresh) == 0 {
		return nil, nil, nil, false
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
		return nil, nil, nil, false
	}
	rest := append(append([]ast.Expr(nil), parts[:at]...), parts[at+1:]...)
	read := map[string]bool{}
	if pr.Star {
		maps.Copy(read, fresh)
	}
	for _, c := range rest {
		readFrom(c, fresh, read)
	}
	for _, it := range pr.Items {
		if containsAggregate(it.Expr) {
			return nil, nil, nil, false
		}
		if it.Alias != nil && fresh[it.Alias.Name] && !isVar(it.Expr, it.Alias.Name) {
			return nil, nil, nil, false
		}
		readFrom(it.Expr, fresh, read)
	}
	if len(read) > 0 {
		pre = &ast.With{Span: w.Span, Projection: &ast.Projection{Span: pr.Span, Star: true}}
		for _, n := range slices.Sorted(maps.Keys(read)) {
			v := &ast.Variable{Span: m.Span, Name: n}
			pre.Projection.Items = append(pre.Projection.Items, &ast.ProjectionItem{Span: m.Span, Expr: &ast.Literal{Span: m.Span, Kind: ast.LitNull}, Alias: v, Text: "null"})
		}
	}
	nw := *w
	nw.Where = nil
	if len(rest) > 0 {
		nw.Where = andAll(rest)
	}
	return &ast.Unary{Span: m.Span, Op: ast.OpNot, Expr: &ast.ExistsSubquery{Span: m.Span, Pattern: m.Pattern, Where: m.Where}}, pre, &nw, true
}

// readFrom adds to read the names of names that e mentions.
func readFrom(e ast.Expr, names, read map[string]bool) {
	for n := range exprVars(e) {
		if names[n] {
			read[n] = true
		}
	}
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
