package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// Loop-invariant expressions: an expression that reads no variable and
// calls only deterministic functions (or ones stable within a statement,
// such as datetime() on the statement clock) has the same value on every
// row of a run (parameters are fixed for the run). Such an expression that calls a
// function — datetime({epochMillis: $t}), toLower($name), $a + size($l) —
// is computed the first time control reaches it and kept in a register for
// the rest of the run, instead of once per row. Errors surface where they
// did: at the first evaluation.

// hoistable reports whether e is invariant and worth keeping: it calls at
// least one function.
func hoistable(e ast.Expr) bool {
	calls, ok := runConstant(e, true)
	return ok && calls > 0
}

// hoist compiles e to run once per run: a flag register guards the
// computation, whose result stays in its own register.
func (g *gen) hoist(e ast.Expr, env *regEnv) (int32, error) {
	flag, r := g.n(), g.r()
	done := g.newLabel()
	g.emitJ(vm.OpJumpIfNonZero, 1, done, flag)
	g.noHoist = true
	v, err := g.expr(e, env)
	g.noHoist = false
	if err != nil {
		return 0, err
	}
	g.emit(vm.OpMove, r, v)
	g.emit(vm.OpSetCounter, flag, 1)
	g.bind(done)
	return r, nil
}
