package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// reduceCounts reads a reduce() that counts the elements of a list
// meeting a test, `reduce(acc = k, x IN L | acc + CASE WHEN p THEN 1 ELSE
// 0 END)` (the CASE on either side of the +, or written `CASE e WHEN v
// THEN 1 ELSE 0 END`, which is p = `e = v`: a simple CASE compares its
// subject with each WHEN value by =, evaluating the two in that order),
// as `k + size([x IN L WHERE p])`, with k an integer literal and acc not
// read by p. Both evaluate p once per element of L, in order, so they
// raise the same errors; both keep an element exactly when p is true
// (CASE takes ELSE on false, null or any other value, and the
// comprehension drops those elements: a WHERE of a type known not to be
// boolean was rejected when the query as written was checked, and one
// whose value is not a boolean is not true); both are null when L is
// null (k + null) and treat any other non-list L as a one-element list.
// The count is an integer either way, and k + n overflows exactly when
// the running sum reaching it does. The comprehension is then open to
// what reads lists by their size (charCounts reads a count of a string's
// characters so), and costs no accumulator per element. It rewrites the
// expressions of filters, projections and aggregations, wherever the
// reduce() sits in them.
func reduceCounts(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	return rewriteOpExprs(b, ops, reduceAsCount)
}

// reduceAsCount is a counting reduce() as k + size() of a filtering
// comprehension (see reduceCounts).
func reduceAsCount(e ast.Expr) (ast.Expr, bool) {
	r, ok := e.(*ast.Reduce)
	if !ok || r.Acc == nil || r.Var == nil {
		return e, false
	}
	k, ok := r.Init.(*ast.Literal)
	if !ok || k.Kind != ast.LitInt {
		return e, false
	}
	add, ok := r.Expr.(*ast.Binary)
	if !ok || add.Op != ast.OpAdd {
		return e, false
	}
	var p ast.Expr
	for side := 0; side < 2 && p == nil; side++ {
		acc, c := add.Left, add.Right
		if side == 1 {
			acc, c = c, acc
		}
		if v, ok := acc.(*ast.Variable); ok && v.Name == r.Acc.Name {
			p = caseCountTest(c)
		}
	}
	if p == nil || exprVars(p)[r.Acc.Name] {
		return e, false
	}
	sp := r.Span
	size := &ast.FunctionCall{Span: sp, Name: "size", Args: []ast.Expr{
		&ast.ListComprehension{Span: sp, Var: r.Var, In: r.In, Where: p}}}
	return &ast.Binary{Span: sp, Op: ast.OpAdd, Left: k, Right: size}, true
}

// caseCountTest is p of `CASE WHEN p THEN 1 ELSE 0 END`, or `e = v` of
// `CASE e WHEN v THEN 1 ELSE 0 END`; nil for anything else.
func caseCountTest(e ast.Expr) ast.Expr {
	c, ok := e.(*ast.Case)
	if !ok || len(c.Whens) != 1 || !isIntLit(c.Whens[0].Then, 1) || !isIntLit(c.Else, 0) {
		return nil
	}
	w := c.Whens[0]
	if c.Subject == nil {
		return w.When
	}
	return &ast.Comparison{Span: c.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{c.Subject, w.When}}
}
