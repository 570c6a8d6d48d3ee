package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// excludesSelfLoops reports whether pred, tested on the rows of one hop
// (from)-[rel]-(to), holds exactly when the hop's relationship is not a
// self-loop: `NOT startNode(rel) = endNode(rel)`, `startNode(rel) <>
// endNode(rel)` (either way round), or `NOT from = to`, `from <> to` on
// the hop's two ends (distinct variables). On such rows neither side is
// ever null, so the test is never null either. A count of the hop's rows
// under it is the count without it less the self-loops: the statistics
// keep those per pattern, and a node's own are its degree out and in
// less its degree either way.
func excludesSelfLoops(pred ast.Expr, rel, from, to string) bool {
	var l, r ast.Expr
	switch x := pred.(type) {
	case *ast.Unary:
		c, ok := x.Expr.(*ast.Comparison)
		if x.Op != ast.OpNot || !ok || len(c.Ops) != 1 || c.Ops[0] != ast.CmpEq {
			return false
		}
		l, r = c.Operands[0], c.Operands[1]
	case *ast.Comparison:
		if len(x.Ops) != 1 || x.Ops[0] != ast.CmpNe {
			return false
		}
		l, r = x.Operands[0], x.Operands[1]
	default:
		return false
	}
	if rel != "" && (endOf(l, rel, "startnode") && endOf(r, rel, "endnode") || endOf(l, rel, "endnode") && endOf(r, rel, "startnode")) {
		return true
	}
	return from != "" && to != "" && from != to && (isVar(l, from) && isVar(r, to) || isVar(l, to) && isVar(r, from))
}

// endOf reports whether e is fn(rel), fn startnode or endnode.
func endOf(e ast.Expr, rel, fn string) bool {
	fc, ok := e.(*ast.FunctionCall)
	return ok && len(fc.Namespace) == 0 && !fc.Distinct && strings.EqualFold(fc.Name, fn) && len(fc.Args) == 1 && isVar(fc.Args[0], rel)
}

// isVar reports whether e is the variable name.
func isVar(e ast.Expr, name string) bool {
	v, ok := e.(*ast.Variable)
	return ok && v.Name == name
}
