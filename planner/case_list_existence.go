package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// caseListExistence reads the tests on lists of a pattern's matches in
// the conditions of a searched CASE, in every operator that evaluates
// one (projection items, grouping keys, aggregate arguments, sort keys,
// UNWIND lists, filters), as listExistence reads them in a filter:
// `CASE WHEN h IN [(v)-->(x) | x] THEN 'mutual' WHEN any(x IN [(v)-->(y)
// | y] WHERE x IN ws) THEN 'shared' ELSE 'other' END` is `CASE WHEN
// EXISTS { (v)-->(h) } THEN ... WHEN EXISTS { (v)-->(y) WHERE y IN ws }
// THEN ...`, which the existence rules answer with one probe per row (a
// semi-join mark) where the comprehension built every row's list of
// matches.
//
// The rewrite is exact: a CASE takes a WHEN's branch exactly when its
// condition is true, and goes on to the next when it is false or null,
// as a filter keeps a row exactly when its predicate is true. So each
// condition is a filter's predicate (listTests with the rows where it is
// true kept), whatever the CASE is nested in. listTests keeps its own
// conditions (elements that cannot fail, no capture of the pattern's
// variables, the three-valued result of IN and of the quantifiers).
// Conditions inside expressions that bind variables of their own (a
// comprehension, quantifier, reduce(), subquery) are left as written, as
// the names of the row's nodes may be shadowed there.
func caseListExistence(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	var out []logical.Op
	nodes := map[string]bool{}
	for i, op := range ops {
		bound, _, known := scopeAt(ops, i)
		if !known {
			bound = nil
		}
		next, ok := mapOpExprs(b, op, func(e ast.Expr) (ast.Expr, bool) {
			return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) { return caseListTests(x, nodes, bound) })
		})
		if ok {
			if out == nil {
				out = append([]logical.Op(nil), ops...)
			}
			out[i] = next
		}
		nonNullNodes(nodes, op)
	}
	if out == nil {
		return ops, false
	}
	return out, true
}

// caseListTests is x, a searched CASE, with each WHEN condition's tests
// on lists of matches read as existence tests (see caseListExistence).
func caseListTests(x ast.Expr, nodes map[string]bool, bound *scope) (ast.Expr, bool) {
	c, ok := x.(*ast.Case)
	if !ok || c.Subject != nil {
		return nil, false
	}
	var whens []*ast.CaseWhen
	for k, w := range c.Whens {
		n := listTests(w.When, true, nodes, bound)
		if n == w.When {
			continue
		}
		if whens == nil {
			whens = append([]*ast.CaseWhen(nil), c.Whens...)
		}
		cw := *w
		cw.When = n
		whens[k] = &cw
	}
	if whens == nil {
		return nil, false
	}
	out := *c
	out.Whens = whens
	return &out, true
}
