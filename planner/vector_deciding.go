package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Deciding operands over a batch (deciding_operands.go, vm/vector_mask.go).
//
// An AND or OR chain of which some operand may fail is evaluated in the
// order row mode evaluates it (safeFirst: the operands that cannot fail
// first, then the others as written), each operand after the first only
// on the lanes the operands before it leave undecided (OpVecMask): a lane
// an operand decides never computes the operands after it, so it never
// raises their errors, and a lane that fails raises its error when the
// pipeline reaches it, as row mode raises it on that row.

// entities is the variables held as nodes or relationships in every
// lane: those bound before the scan, the scanned node and the names a
// projection gives it. Row mode orders operands by the same set.
func (vc *vecCtx) entities() map[string]bool {
	out := rowEntities(vc.outer)
	for name, s := range vc.vars {
		if s.node {
			out[name] = true
		} else {
			delete(out, name) // a projected value shadows an outer name
		}
	}
	return out
}

// decidingLogic compiles an AND or OR chain of which some operand may
// fail; ok is false for other expressions, compiled lane by lane as they
// are.
func (vc *vecCtx) decidingLogic(x *ast.Binary) (reg int32, ok bool, err error) {
	if x.Op != ast.OpAnd && x.Op != ast.OpOr {
		return 0, false, nil
	}
	g := vc.g
	ordered, risky := g.b.safeFirst(chainOperands(x, x.Op), vc.entities())
	if !risky {
		return 0, false, nil
	}
	and := x.Op == ast.OpAnd
	op, mode := vm.OpOr, vm.MaskTrue
	if and {
		op, mode = vm.OpAnd, vm.MaskFalse
	}
	k := g.r()
	g.emit(vm.OpConst, k, g.constant(value.Bool(and)))
	res := g.v()
	g.emit(vm.OpVecBroadcast, res, k, vc.cursor)
	vc.keep(res)
	for i, o := range ordered {
		if i > 0 {
			g.emit(vm.OpVecMask, res, vc.cursor, int32(mode))
		}
		r, err := vc.expr(o)
		if err != nil {
			return 0, false, err
		}
		if i > 0 {
			// Combined on the undecided lanes only, the others null:
			// an instruction that reads every lane (a property
			// column) may have filled a decided lane with a value
			// that is not a boolean, which the operator would reject
			// where row mode never evaluates the operand.
			part := g.v()
			g.at(x)
			g.emit(vm.OpVecBinary, part, res, r, g.addAux(&vm.VecSpec{Op: op, Cursor: vc.cursor}))
			r = vc.keep(part)
			g.emit(vm.OpVecUnmask, vc.cursor)
		}
		acc := g.v()
		g.at(x)
		g.emit(vm.OpVecBinary, acc, res, r, g.addAux(&vm.VecSpec{Op: op, Cursor: vc.cursor}))
		res = vc.keep(acc)
	}
	return res, true, nil
}

// vectorisableCase reports whether every part of a CASE is vectorisable
// (vec).
func vectorisableCase(x *ast.Case, vec func(ast.Expr) bool) bool {
	if x.Subject != nil && !vec(x.Subject) || x.Else != nil && !vec(x.Else) {
		return false
	}
	for _, w := range x.Whens {
		if !vec(w.When) || !vec(w.Then) {
			return false
		}
	}
	return true
}

// caseExpr compiles a CASE over a batch as row mode evaluates it per row:
// each WHEN only on the lanes no earlier WHEN has taken, each THEN only
// on the lanes its WHEN takes (its condition true: any other value, null
// or not boolean, passes to the next WHEN without error), the ELSE only
// on the lanes none takes; OpVecSelect gives each taken lane its
// branch's value, the others null.
func (vc *vecCtx) caseExpr(x *ast.Case) (int32, error) {
	g := vc.g
	broadcast := func(v value.Value) int32 {
		k := g.r()
		g.emit(vm.OpConst, k, g.constant(v))
		r := g.v()
		g.emit(vm.OpVecBroadcast, r, k, vc.cursor)
		return vc.keep(r)
	}
	res, taken := broadcast(value.NullValue), broadcast(value.Bool(false))
	spec := g.addAux(&vm.VecSelectSpec{Taken: taken, Cursor: vc.cursor})
	subj := int32(-1)
	if x.Subject != nil {
		var err error
		if subj, err = vc.expr(x.Subject); err != nil {
			return 0, err
		}
	}
	for _, w := range x.Whens {
		g.emit(vm.OpVecMask, taken, vc.cursor, int32(vm.MaskTrue))
		c, err := vc.expr(w.When)
		if err != nil {
			return 0, err
		}
		if subj >= 0 {
			eq := g.v()
			g.at(w.When)
			g.emit(vm.OpVecBinary, eq, subj, c, g.addAux(&vm.VecSpec{Op: vm.OpEq, Cursor: vc.cursor}))
			c = vc.keep(eq)
		}
		g.emit(vm.OpVecMask, c, vc.cursor, int32(vm.MaskNotTrue))
		t, err := vc.expr(w.Then)
		if err != nil {
			return 0, err
		}
		g.emit(vm.OpVecUnmask, vc.cursor)
		g.emit(vm.OpVecUnmask, vc.cursor)
		g.emit(vm.OpVecSelect, res, c, t, spec)
	}
	if x.Else != nil {
		g.emit(vm.OpVecMask, taken, vc.cursor, int32(vm.MaskTrue))
		el, err := vc.expr(x.Else)
		if err != nil {
			return 0, err
		}
		g.emit(vm.OpVecUnmask, vc.cursor)
		g.emit(vm.OpVecSelect, res, -1, el, spec)
	}
	return res, nil
}
