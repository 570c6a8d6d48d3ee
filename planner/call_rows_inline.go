package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// rowCall returns the clauses a correlated CALL subquery whose body works
// row by row is: `CALL { WITH b MATCH (b)-->(c) RETURN c }` is `MATCH
// (b)-->(c) WITH <the outer variables>, c`. Such a body (MATCH, OPTIONAL
// MATCH and UNWIND clauses after the import, a RETURN of expressions with
// no aggregation, ORDER BY, SKIP or LIMIT) turns each outer row
// into the rows its clauses give for it, as the same clauses written in
// place do, in the same order; its MATCH clauses are clauses of their own
// either way, so relationship uniqueness is the same. The WITH after them
// keeps the outer variables and adds the columns, and no variable of the
// body's own: the scope after it is the CALL's. Planned in place, the
// body's patterns join the query's, so that the rules that see a pattern
// and the aggregation after it (set expansion, degree reads, counts)
// apply, where the CALL ran its body once per outer row.
//
// The body may name no outer variable it does not import (CALL (a), CALL
// (*) or a leading WITH a): that name is the body's own variable in the
// CALL and would be the outer one in place. The columns may not be bound
// already (the CALL then reports it, as written). Inside an EXISTS, COUNT
// or COLLECT subquery, whose outer variables are visible without being
// columns, the CALL stays.
//
// A body that returns DISTINCT rows gives each outer row its distinct
// rows; in place, WITH DISTINCT over the outer variables and the columns
// gives the same rows when no two outer rows are alike (outer, the
// operators planned so far, binds variables no two rows agree on, see
// distinctKeys, and the WITH keeps them all).
func rowCall(c *ast.CallSubquery, sc *scope, outer []logical.Op) ([]ast.Clause, bool) {
	clauses, ret, ok := plainReturnBody(c)
	if !ok || sc.imported != nil {
		return nil, false
	}
	p := ret.Projection
	if p.Distinct {
		keys, ok := distinctKeys(outer)
		if !ok {
			return nil, false
		}
		for k := range keys {
			if !sc.has(k) || !slices.Contains(sc.userVars(), k) {
				return nil, false
			}
		}
	}
	cols := map[string]bool{}
	for _, it := range p.Items {
		if containsAggregate(it.Expr) || sc.has(it.Name()) || cols[it.Name()] {
			return nil, false
		}
		cols[it.Name()] = true
	}
	body, imported, all, ok := callBodyImports(c, clauses[:len(clauses)-1], sc)
	if !ok {
		return nil, false
	}
	for _, cl := range append(append([]ast.Clause(nil), body...), ret) {
		switch cl.(type) {
		case *ast.Match, *ast.Unwind, *ast.Return:
		default:
			return nil, false
		}
		for n := range mentionedNames(cl) {
			if sc.has(n) && !all && !imported[n] {
				return nil, false
			}
		}
	}
	var items []*ast.ProjectionItem
	for _, n := range sc.userVars() {
		if cols[n] {
			continue
		}
		items = append(items, &ast.ProjectionItem{Span: c.Span, Expr: &ast.Variable{Span: c.Span, Name: n}, Text: n})
	}
	items = append(items, p.Items...)
	with := &ast.With{Span: ret.Span, Projection: &ast.Projection{Span: p.Span, Distinct: p.Distinct, Items: items}}
	return append(append([]ast.Clause(nil), body...), with), true
}
