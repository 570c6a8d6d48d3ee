package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// perElement writes the predicates of a shortest-path search's hops
// (preds, over a hop's left node x, relationship r and right node y,
// nodeVars and rv) as quantifiers over the runs of the path's elements
// when each conjunct reads one of them alone: a conjunct of y holds of
// every hop exactly when it holds of every node of nodes(p)[1..], one
// of x of nodes(p)[..-1], one of r of relationships(p). It is the
// form shortestSteps moves into the search; ok is false (and the hop
// form stays) when a conjunct reads two elements, none, or may fail
// (the hop form evaluates the conjuncts hop by hop, and a test that may
// fail keeps that order).
func perElement(span ast.Span, preds []ast.Expr, nodeVars [2]*ast.Variable, rv *ast.Variable, path string) (ast.Expr, bool) {
	names := [3]string{}
	for i, v := range nodeVars {
		if v != nil {
			names[i] = v.Name
		}
	}
	names[2] = rv.Name
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if names[i] != "" && names[i] == names[j] {
				return nil, false
			}
		}
	}
	of := func(f string) ast.Expr {
		return &ast.FunctionCall{Span: span, Name: f, Args: []ast.Expr{&ast.Variable{Span: span, Name: path}}}
	}
	nodes := of("nodes")
	lists := [3]ast.Expr{
		&ast.Slice{Span: span, Expr: nodes, To: intLit(span, -1)},
		&ast.Slice{Span: span, Expr: nodes, From: intLit(span, 1)},
		of("relationships"),
	}
	var out []ast.Expr
	for _, c := range conjuncts(conjunction(span, preds)) {
		read := exprVars(c)
		at := -1
		for i, n := range names {
			if n == "" || !read[n] {
				continue
			}
			if at >= 0 {
				return nil, false
			}
			at = i
		}
		if at < 0 || (at < 2 && !stepTestable(c, names[at])) || (at == 2 && !safeTest(c, names[at])) {
			return nil, false
		}
		out = append(out, &ast.Quantifier{Span: span, Kind: ast.QuantAll, Var: &ast.Variable{Span: span, Name: names[at]}, In: lists[at], Where: c})
	}
	return conjunction(span, out), true
}
