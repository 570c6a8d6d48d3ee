package planner

import "github.com/cyqdb/cyq/parser/ast"

// unionExistsCall returns the clauses a correlated CALL { A UNION B ... }
// is when every branch returns the same row for an outer row: `MATCH (b)
// CALL { WITH b MATCH (:A)-[:R]->(b) RETURN 1 AS x UNION WITH b MATCH
// (:A)<-[:S]-(b) RETURN 1 AS x }` is `MATCH (b) WITH * WHERE EXISTS {
// MATCH (:A)-[:R]->(b) } OR EXISTS { MATCH (:A)<-[:S]-(b) } WITH *, 1 AS
// x`. Each branch's items are the same expressions (literals,
// parameters, imported variables and properties of them, lists and maps
// of those), so each row a branch gives for an outer row is that one
// row; UNION keeps it once, so the CALL passes the outer row on once
// when some branch has a row for it and drops it otherwise: the OR of
// the branches' EXISTS subqueries, which the rules for existence tests
// then plan (a semi-join on sets, a degree test) where the CALL ran each
// branch per row.
//
// A branch cut by LIMIT n with n an integer literal of at least 1 (`RETURN
// 1 AS one LIMIT 1`) keeps a row exactly when it has one, and its rows
// are the one row, so it is the same test.
//
// Errors stay where row mode raises them: row mode runs every branch in
// full for every row, where the OR stops at the first match of the first
// branch that has one. So each branch must be one MATCH whose reading
// cannot fail (patternSafe); a branch of several clauses, or whose
// pattern or WHERE may fail, keeps the CALL.
//
// Under UNION ALL the CALL repeats the row once per row of every branch,
// a per-row count and no existence test: it stays. So do a CALL in
// transactions or OPTIONAL, branches with ORDER BY, SKIP or another LIMIT,
// branches that write or call procedures, and bodies that name an outer
// variable they do not import (see subqueryBody). The columns may not be
// bound already (the CALL then reports it, as written).
func unionExistsCall(c *ast.CallSubquery, sc *scope) ([]ast.Clause, bool) {
	if c.Optional || c.InTransactions != nil || c.Body == nil || len(c.Body.Parts) < 2 || len(c.Body.When) > 0 {
		return nil, false
	}
	for _, all := range c.Body.All {
		if all {
			return nil, false
		}
	}
	if len(sc.userVars()) == 0 {
		return nil, false // nothing to correlate with: unionSets reads it
	}
	entities := map[string]bool{}
	for n, k := range sc.vars {
		entities[n] = k == kindNode || k == kindRel
	}
	var items []*ast.ProjectionItem
	var tests ast.Expr
	for k, part := range c.Body.Parts {
		clauses := part.Clauses
		if len(clauses) < 2 {
			return nil, false
		}
		ret, ok := clauses[len(clauses)-1].(*ast.Return)
		if !ok || ret.Projection == nil {
			return nil, false
		}
		p := ret.Projection
		if p.Star || len(p.Items) == 0 || p.OrderBy != nil || p.Skip != nil || p.Limit != nil && !positiveLimit(p.Limit) {
			return nil, false
		}
		body, imported, all, ok := callBodyImports(c, clauses[:len(clauses)-1], sc)
		if !ok || !subqueryBody(body, imported, all, sc) {
			return nil, false
		}
		if k == 0 {
			items = p.Items
			seen := map[string]bool{}
			for _, it := range items {
				if sc.has(it.Name()) || seen[it.Name()] || !outerValue(it.Expr, imported, all, sc) {
					return nil, false
				}
				seen[it.Name()] = true
			}
		} else if len(p.Items) != len(items) {
			return nil, false
		}
		for i, it := range p.Items {
			if it.Name() != items[i].Name() || ast.FormatExpr(it.Expr) != ast.FormatExpr(items[i].Expr) {
				return nil, false
			}
		}
		q := &ast.Query{Span: part.Span, Parts: []*ast.SingleQuery{{Span: part.Span, Clauses: body}}}
		if pat, where, ok := matchOnly(q, false); !ok || !patternSafe(pat, where, entities) {
			return nil, false // row mode reads every branch in full (see above)
		}
		var test ast.Expr = &ast.ExistsSubquery{Span: part.Span, Query: q}
		if tests != nil {
			test = &ast.Binary{Span: c.Span, Op: ast.OpOr, Left: tests, Right: test}
		}
		tests = test
	}
	cols := make([]*ast.ProjectionItem, len(items))
	for i, it := range items {
		cols[i] = &ast.ProjectionItem{Span: it.Span, Expr: it.Expr, Alias: &ast.Variable{Span: it.Span, Name: it.Name()}, Text: it.Text}
	}
	return []ast.Clause{
		&ast.With{Span: c.Span, Projection: &ast.Projection{Span: c.Span, Star: true}, Where: tests},
		&ast.With{Span: c.Span, Projection: &ast.Projection{Span: c.Span, Star: true, Items: cols}},
	}, true
}

// outerValue reports whether e is the same value wherever a CALL's body
// evaluates it for one outer row: literals, parameters, variables the
// body imports (every one in sc when all), their properties, and lists
// and maps of those.
func outerValue(e ast.Expr, imported map[string]bool, all bool, sc *scope) bool {
	ok := true
	visitExpr(e, func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.Literal, *ast.Parameter, *ast.ListLiteral, *ast.MapLiteral, *ast.Property:
		case *ast.Variable:
			ok = ok && sc.has(x.Name) && (all || imported[x.Name])
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// positiveLimit reports whether e, a LIMIT, is an integer literal of at
// least 1: the rows it keeps are empty exactly when those it cuts are.
func positiveLimit(e ast.Expr) bool {
	lit, ok := e.(*ast.Literal)
	return ok && lit.Kind == ast.LitInt && lit.Int >= 1
}
