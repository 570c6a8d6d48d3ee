package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// runValueForm returns e with each run-constant part that computes
// without error for the planning values read as the parameter
// runConstants names it (constExpr, which also holds a cached plan to
// runs where it computes); e itself when the values are not known.
//
// safeFirst classifies an AND or OR operand by this form, so that whether
// it may fail is a property of its value, in every mode: the planned
// query reads `x.p = 1 + 1` in a WHERE as `x.p = $(1 + 1)` (runConstants),
// a comparison of plain values that cannot fail and so decides the chain
// before an operand that may fail, while row mode keeps the expression as
// written, and, were it classified by its spelling (an addition may
// overflow), would evaluate it after such an operand and raise that
// operand's error on a row the comparison rejects. The form is read only
// to classify: each mode still evaluates the expression its plan holds.
// A part that fails for the planning values stays as written (it may
// fail) in both.
func (b *builder) runValueForm(e ast.Expr) ast.Expr {
	if b.params == nil {
		return e
	}
	out, _ := rewriteExpr(e, b.constExpr)
	return out
}

// neverFailsByValue reports whether operand o cannot fail, read in its
// run-value form (runValueForm) over entities: neverFails, no IN over a
// parameter list that is not a list (readsFailingList), and no IN over a
// run-constant part named here whose value is not a list or null (IN
// raises a type error on every row it is evaluated on then: constList
// names the list of an IN only when it is one).
func (b *builder) neverFailsByValue(o ast.Expr, entities map[string]bool) bool {
	vf := b.runValueForm(o)
	if !neverFails(vf, entities) || b.readsFailingList(vf) {
		return false
	}
	ok := true
	visitExpr(vf, func(x ast.Expr) bool {
		in, isIn := x.(*ast.In)
		if !isIn {
			return ok
		}
		if p, isParam := in.List.(*ast.Parameter); isParam && b.params != nil {
			if _, named := b.params.consts[p.Name]; named {
				switch b.params.params[p.Name].(type) {
				case value.List, value.Null:
				default:
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}
