package planner

import "github.com/cyqdb/cyq/parser/ast"

// constantDivision reports whether x is a / or % of a number (or null)
// by a constant that the operator cannot fail on, and returns the kinds
// of its result: an INTEGER literal other than 0 (and, for /, other
// than -1, where MIN / -1 overflows), or any FLOAT literal (x / 0.0 is
// an infinity or NaN, x % 0.0 NaN). Integer division and remainder by
// such a constant are exact (functions.Div, functions.Mod: the only
// integer failures are a zero divisor and that overflow), and a float
// on either side is IEEE arithmetic; null on the left gives null. So
// `n.id % 2 = 0` over ids the statistics know to be integers is a test
// that cannot fail, as a comparison of the properties themselves is.
func constantDivision(x *ast.Binary, entities map[string]bool, prop kindsOf) (KindSet, bool) {
	if x.Op != ast.OpDiv && x.Op != ast.OpMod {
		return 0, false
	}
	c, ok := x.Right.(*ast.Literal)
	if !ok {
		return 0, false
	}
	switch {
	case c.Kind == ast.LitFloat:
	case c.Kind == ast.LitInt && c.Int != 0 && (x.Op == ast.OpMod || c.Int != -1):
	default:
		return 0, false
	}
	l, ok := exprKinds(x.Left, entities, prop)
	if !ok || !l.Within(kindsNumbers|kindsNull) {
		return 0, false
	}
	out := l & kindsNull
	if c.Kind == ast.LitFloat || l&kindsFloat != 0 {
		out |= kindsFloat
	}
	if c.Kind == ast.LitInt && l&(kindsInt|KindBigInt) != 0 {
		out |= kindsInt | KindBigInt
	}
	return out, true
}
