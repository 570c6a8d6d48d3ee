package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// negatedByKinds rewrites a negated ordering, NOT (a < b) (and <=, >,
// >=), as its complement a >= b where the kinds of both sides prove
// neither is NaN: a literal (a finite number, a string, a boolean, null)
// or a property whose every value is an INTEGER, a STRING, a BOOLEAN or
// missing. NOT (x.id >= 2000) is then the range x.id < 2000 that scans,
// seeks, expansions' and searches' node tests read as one.
//
// Why it is exact, null included. Two values of one of those kinds
// compare in a total order (integers among themselves and with finite
// numbers exactly, strings, booleans), so a op b is false exactly where
// its complement is true; values of two kinds that do not compare, or a
// null, make both null, and NOT null is null. Only NaN breaks it: it is
// neither below, equal to nor above anything, so NOT (NaN < 1) is true
// and NaN >= 1 false (complementExact keeps the negation for a number
// whose kinds are not known, a FLOAT that may be NaN, a list that may
// hold one). Reading the property cannot fail (a statement that uses
// kinds does not write), and the comparison fails nowhere either.
func negatedByKinds(x *ast.Unary, entities map[string]bool, kinds kindsOf) (ast.Expr, bool) {
	if x.Op != ast.OpNot {
		return x, false
	}
	cmp, ok := x.Expr.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] == ast.CmpEq || cmp.Ops[0] == ast.CmpNe {
		return x, false
	}
	c, ok := complement(cmp.Ops[0])
	if !ok {
		return x, false
	}
	for _, o := range cmp.Operands {
		if !neverNaN(o, entities, kinds) {
			return x, false
		}
	}
	return &ast.Comparison{Span: x.Span, Ops: []ast.CompareOp{c}, Operands: []ast.Expr{cmp.Operands[0], cmp.Operands[1]}}, true
}

// kindsNeverNaN are the kinds whose values compare in a total order
// within the kind and never with NaN.
var kindsNeverNaN = kindsNull | kindsInt | KindBigInt | kindsString | KindBit(value.KindBool)

// neverNaN reports whether e is a finite number literal or, by kinds,
// holds only values of kindsNeverNaN.
func neverNaN(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	if _, ok := numberLit(e); ok {
		return true
	}
	k, ok := exprKinds(e, entities, kinds)
	return ok && k.Within(kindsNeverNaN)
}
