package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// After `WITH DISTINCT` (or `RETURN DISTINCT`) only the columns are in
// scope: its ORDER BY and WHERE see them and nothing the projection
// dropped. A Project keeps every variable of the row until the Select
// that closes the projection, which is exact for what the checks let the
// tail read by name; but a nested scope in the tail (a pattern
// predicate, pattern comprehension, EXISTS, COUNT or COLLECT subquery)
// resolves its variables against the row, so a name the projection
// dropped would be read as the dropped binding instead of a new
// variable of the pattern: `MATCH (a)-->(c) WITH DISTINCT a WHERE
// EXISTS { (a)-[:T]->(c) }` would test a's relationship to one of the
// c's the DISTINCT dropped, where c is a new variable. Such a tail runs
// after a Select of the columns (and the imported variables they do not
// shadow), so that the row holds exactly the scope: every rule and the
// code generator then see the dropped names as unbound.
//
// An aggregating projection needs no such Select: the Aggregate's rows
// hold only its keys and results. A projection without DISTINCT or
// aggregation keeps the variables before it in scope for ORDER BY and
// WHERE (openCypher: WITH's WHERE may read a variable bound before the
// WITH, and so may a pattern in it).

// distinctScope returns the Select that narrows the row to the scope
// after a DISTINCT projection, when its tail (where and the ORDER BY
// keys) holds a nested scope; ok is false otherwise.
func distinctScope(p *ast.Projection, where ast.Expr, pr *projPlan, sc *scope) (logical.Select, bool) {
	nested := false
	see := func(e ast.Expr) {
		visitExpr(e, func(x ast.Expr) bool {
			switch x.(type) {
			case *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
				nested = true
			}
			return !nested
		})
	}
	see(where)
	for _, si := range p.OrderBy {
		see(si.Expr)
	}
	if !nested {
		return logical.Select{}, false
	}
	kept := pr.out.clone().keepImported(sc)
	return logical.Select{Vars: append(append([]string(nil), pr.columns...), kept...)}, true
}

// importedKeys returns, for an aggregation in the body of an EXISTS,
// COUNT or COLLECT subquery, the enclosing query's variables that the
// columns do not shadow, as grouping keys of their own name: they stay
// in scope after the aggregation (scope.keepImported), so its rows must
// hold them. Each is one value for the whole body, so grouping by it
// too makes the same groups; an aggregation without keys gets none.
func importedKeys(sc *scope, keys []logical.Item, columns []string) []logical.Item {
	if sc.imported == nil || len(keys) == 0 {
		// Without keys an aggregation has one row even of no input
		// rows, which keys would take away.
		return nil
	}
	taken := map[string]bool{}
	for _, k := range keys {
		taken[k.Name] = true
	}
	for _, c := range columns {
		taken[c] = true
	}
	var out []logical.Item
	for _, name := range sc.imported.order {
		if !taken[name] && !isInternal(name) {
			out = append(out, logical.Item{Expr: &ast.Variable{Name: name}, Name: name})
		}
	}
	return out
}
