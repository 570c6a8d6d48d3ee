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
	ordered, risky := g.b.safeFirst(operandsOf(x, x.Op), vc.entities())
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
			g.emit(vm.OpVecUnmask, vc.cursor)
		}
		acc := g.v()
		g.at(x)
		g.emit(vm.OpVecBinary, acc, res, r, g.addAux(&vm.VecSpec{Op: op, Cursor: vc.cursor}))
		res = vc.keep(acc)
	}
	return res, true, nil
}
