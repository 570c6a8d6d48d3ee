package planner

import "github.com/cyqdb/cyq/parser/ast"

// Chains of comparisons as the AND of their links.
//
// `a < b <= c` is, by openCypher's definition, `a < b AND b <= c`, but
// the two do not always evaluate alike here: a chain evaluates every
// operand and then ANDs its links, so an operand that fails raises its
// error, where an AND lets a link that decides (false) win over another
// that fails (see deciding_operands.go). Where no operand can fail the
// two are the same test, and the AND is what every other rule reads: the
// range seeks, a scan's batch prefilter, the estimate of each bound and
// the pushdown of each link on its own. So a chain reads as the AND of
// its links in a filter's normal form (normalizeOperand) when
//
//   - each operand it reads twice (the inner ones) is plain: a variable,
//     a literal, a parameter or a property of a variable (splitChain;
//     reading it again gives the same value, and a read that fails fails
//     in both links, so the AND fails as the chain does), and
//   - each outer operand (the first and the last) is, with its constant
//     parts folded (foldExpr, which keeps every value and error), a
//     literal, a parameter or a variable: reading it cannot fail.
//
// A chain whose outer operand may fail (`x.p - 1 <= y.q <= x.p + 1`, an
// arithmetic that fails on a string) stays a chain, its error kept.
// Under NOT a chain was already split (negation), in the same way.

// chainLinks returns the AND of the links of chain x when no operand can
// fail (see above), with the outer operands folded; nil otherwise.
func chainLinks(x *ast.Comparison) ast.Expr {
	if len(x.Ops) < 2 {
		return nil
	}
	ops := append([]ast.Expr(nil), x.Operands...)
	for _, i := range []int{0, len(ops) - 1} {
		o, ok := plainOuter(ops[i])
		if !ok {
			return nil
		}
		ops[i] = o
	}
	return splitChain(&ast.Comparison{Span: x.Span, Ops: x.Ops, Operands: ops})
}

// plainOuter is o with its constant parts folded (foldExpr keeps every
// value and error) and whether that is a literal, a parameter or a
// variable, whose reading cannot fail.
func plainOuter(o ast.Expr) (ast.Expr, bool) {
	if f, ok := foldExpr(o); ok {
		o = f
	}
	switch o.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return o, true
	}
	return o, false
}

// chainSeekable reports whether the links of comparison x may each serve
// as a seek's bound on the pattern's local variables (local). A chain
// evaluates every operand on every row it tests, so a seek that skips a
// row by one link skips the error another operand would raise there
// (`$nan <= n.p <= n.s - 1` seeks no node where the chain fails on each
// node whose s is a string). A chain's links are seek bounds when no
// operand can fail (chainLinks: the normal form has made it an AND, whose
// links a filter may test in any order), or when it is one key between
// two values: two links, the middle operand a property or the variable
// of a local variable, the outer ones reading no local variable. Both
// outer operands are then the seek's two bounds on that key, computed on
// every row the seek starts from, as the chain computes them (a value
// that reads no variable is a bound only where seekValue takes it: where
// it cannot fail, or reads a parameter the planning values lack, so that
// no run computes it, as for a single comparison: `6 <= a.id < $x * 5`
// seeks when planned without values, and with them where $x * 5 computes
// without error). A single comparison is always a candidate.
func (b *builder) chainSeekable(x *ast.Comparison, local map[string]bool) bool {
	if len(x.Ops) < 2 || chainLinks(x) != nil {
		return true
	}
	if len(x.Ops) != 2 {
		return false
	}
	for _, o := range []ast.Expr{x.Operands[0], x.Operands[2]} {
		if usesAny(o, local) {
			return false
		}
		if _, ok := plainOuter(o); !ok && len(exprVars(o)) == 0 && !b.seekValue(o) {
			return false // not a bound (seekValue), so not computed on the rows a seek skips
		}
	}
	switch m := x.Operands[1].(type) {
	case *ast.Variable:
		return local[m.Name]
	case *ast.Property:
		v, ok := m.Expr.(*ast.Variable)
		return ok && local[v.Name]
	}
	return false
}
