package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// optionalMark reads an OPTIONAL MATCH p [WHERE w] whose new variables
// the next WITH or RETURN reads only in null tests, and whose rows it
// reads without seeing how often they repeat, as the existence of p: WITH
// *, EXISTS { MATCH p WHERE w } AS m before the projection, with each `v
// IS NOT NULL` of p's variable v read as m and each `v IS NULL` as NOT m.
//
// A row before gets from the OPTIONAL MATCH one row per match of p, every
// new variable bound (a matched node, relationship, path or list is never
// null), or one row with them all null when p has none. So v IS NOT NULL
// is, on each of those rows, whether p matches from the row before; and
// the rows differ only in the variables nothing else reads, so they are
// the row before repeated, with the mark, once or more: what a DISTINCT
// projection, or an aggregation whose aggregates are DISTINCT, min or max
// (count(DISTINCT CASE WHEN o IS NOT NULL THEN v END)), does not tell
// apart from the row once. The existence test is then planned as any
// EXISTS is (a set built once, a degree, a semi-join).
//
// Preconditions: matching p may not fail (optionalMayFail: an existence
// test stops at the first match, where row mode evaluates every
// candidate); the projection is not WITH *, is DISTINCT or aggregates, and
// every aggregate in it is DISTINCT, min or max; after the null tests are
// read as the mark, nothing in it (items, WHERE, ORDER BY, SKIP, LIMIT)
// reads p's variables; and it holds no pattern or subquery, which could
// name them.
func (b *builder) optionalMark(clauses []ast.Clause, i int, sc *scope) (mark *ast.With, rewritten ast.Clause, ok bool) {
	m, isMatch := clauses[i].(*ast.Match)
	if !isMatch || !m.Optional || i+1 >= len(clauses) {
		return nil, nil, false
	}
	next := clauses[i+1]
	pr, where, ok := projectionOf(next)
	if !ok || pr == nil || pr.Star || len(pr.Items) == 0 {
		return nil, nil, false
	}
	fresh := sc.fresh(m.Pattern)
	if len(fresh) == 0 || b.optionalMayFail(clauses, i) {
		return nil, nil, false
	}
	exprs := append(append(itemExprs(pr.Items), sortExprs(pr.OrderBy)...), where, pr.Skip, pr.Limit)
	aggregated := false
	for _, e := range exprs {
		if hasPatternExpr(e) {
			return nil, nil, false
		}
		blind := true
		visitExpr(e, func(x ast.Expr) bool {
			if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
				aggregated = true
				blind = blind && repetitionBlind(fc)
			}
			return blind
		})
		if !blind {
			return nil, nil, false
		}
	}
	if !pr.Distinct && !aggregated {
		return nil, nil, false
	}
	name := b.fresh("mark")
	var test func(e ast.Expr) ast.Expr
	test = func(e ast.Expr) ast.Expr {
		out, _ := rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
			if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
				// rewriteExpr leaves an aggregate's arguments alone (past
				// its aggregation the call names its result); this
				// projection is the aggregation, planned afresh, so the
				// tests inside its arguments are marked too.
				args := make([]ast.Expr, len(fc.Args))
				changed := false
				for k, a := range fc.Args {
					args[k] = test(a)
					changed = changed || args[k] != a
				}
				if !changed {
					return x, false
				}
				nfc := *fc
				nfc.Args = args
				return &nfc, true
			}
			n, ok := x.(*ast.IsNull)
			if !ok {
				return x, false
			}
			v, ok := n.Expr.(*ast.Variable)
			if !ok || !fresh[v.Name] {
				return x, false
			}
			var marked ast.Expr = &ast.Variable{Span: n.Span, Name: name}
			if !n.Not {
				marked = &ast.Unary{Span: n.Span, Op: ast.OpNot, Expr: marked}
			}
			return marked, true
		})
		return out
	}
	np := *pr
	np.Items = make([]*ast.ProjectionItem, len(pr.Items))
	for k, it := range pr.Items {
		np.Items[k] = &ast.ProjectionItem{Span: it.Span, Expr: test(it.Expr), Alias: it.Alias, Text: it.Text}
	}
	if pr.OrderBy != nil {
		np.OrderBy = make([]*ast.SortItem, len(pr.OrderBy))
		for k, s := range pr.OrderBy {
			ns := *s
			ns.Expr = test(s.Expr)
			np.OrderBy[k] = &ns
		}
	}
	var nwhere ast.Expr
	if where != nil {
		nwhere = test(where)
	}
	for _, e := range append(append(itemExprs(np.Items), sortExprs(np.OrderBy)...), nwhere, np.Skip, np.Limit) {
		if readsAny(e, fresh) {
			return nil, nil, false
		}
	}
	rewritten = reprojected(next, &np)
	if w, ok := rewritten.(*ast.With); ok {
		w.Where = nwhere
	}
	exists := &ast.ExistsSubquery{Span: m.Span, Pattern: m.Pattern, Where: m.Where}
	item := &ast.ProjectionItem{Span: m.Span, Expr: exists, Alias: &ast.Variable{Span: m.Span, Name: name}, Text: name}
	mark = &ast.With{Span: m.Span, Projection: &ast.Projection{Span: m.Span, Star: true, Items: []*ast.ProjectionItem{item}}}
	return mark, rewritten, true
}
