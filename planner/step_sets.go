package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// stepSets emits, for a variable-length expansion whose trails' nodes
// carry per-level tests (VarExpand.Steps), the sets of nodes that pass
// them (vm.StepSets), which the expansion then keeps its trails to.
//
// The tests run breadth first from the start, level by level up to the
// expansion's maximum length: each level's new nodes are tested for
// being reached, and those that pass and were not expanded before for
// being left; only the nodes that pass go on to the next level. A node a
// trail within the bounds meets is met at its least distance over passing
// nodes, which is no more than the trail's, so it is tested; nodes no
// trail through passing nodes meets are never tested. It returns nil
// when o has no tests.
func (g *gen) stepSets(o logical.VarExpand, from int32, e *regEnv) (*vm.StepSets, error) {
	if len(o.Steps) == 0 || o.Max == 0 {
		return nil, nil
	}
	// The tests in the expansion's direction: a pattern's reached nodes
	// are the ones a reversed expansion leaves, and the other way round.
	reached, left, inner := expansionTests(o)
	through := append(append([]logical.StepTest(nil), left...), inner...)
	sets := &vm.StepSets{In: -1, Leave: -1, Through: -1}
	if startOnlySteps(o) {
		// The sets depend on the start alone: rows from the start the
		// sets were last computed for keep them (vm.OpSameStart).
		kept := g.newLabel()
		g.emitJ(vm.OpSameStart, 1, kept, from)
		defer g.bind(kept)
	}
	// test emits: add node n to pass (and to seen) when it passes tests.
	test := func(tests []logical.StepTest, n, pass int32) error {
		skip := g.newLabel()
		for _, t := range tests {
			if err := g.nodeTest(t.Var, t.Pred, n, skip, e); err != nil {
				return err
			}
		}
		g.emit(vm.OpSetAdd, pass, n)
		g.bind(skip)
		return nil
	}
	// testNew tests the nodes of set not in seen, adding them to seen and
	// those that pass to pass.
	testNew := func(tests []logical.StepTest, set, seen, pass int32) error {
		fresh := g.s()
		g.emit(vm.OpSetAndNot, fresh, set, seen)
		g.emit(vm.OpSetAddAll, seen, fresh)
		n := g.n()
		return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenSetScan, c, fresh) },
			func(c int32, done label) { g.emitJ(vm.OpNextNode, 2, done, c, n) },
			func(head label) error { return test(tests, n, pass) })
	}
	newSet := func() int32 {
		s := g.s()
		g.emit(vm.OpSetNew, s)
		return s
	}
	var inSeen, thrSeen int32
	if len(reached) > 0 {
		sets.In, inSeen = newSet(), newSet()
	}
	cur := g.s()
	g.emit(vm.OpSetOfID, cur, from)
	if len(left) > 0 {
		sets.Leave = newSet()
		if err := test(left, from, sets.Leave); err != nil {
			return nil, err
		}
		g.emit(vm.OpSetAnd, cur, cur, sets.Leave)
	}
	if len(through) > 0 {
		// The start is tested too: a trail may come back through it.
		sets.Through, thrSeen = newSet(), newSet()
		if err := testNew(through, cur, thrSeen, sets.Through); err != nil {
			return nil, err
		}
	}
	expanded := newSet()
	g.emit(vm.OpSetAddAll, expanded, cur)
	counter := int32(-1)
	if o.Max > 0 {
		counter = g.n()
		g.emit(vm.OpSetCounter, counter, int32(o.Max-1))
	}
	zero := g.r()
	g.emit(vm.OpConst, zero, g.constant(value.Int(0)))
	spec := &vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types} // the expansion's own direction
	loop, done := g.here(), g.newLabel()
	next := g.s()
	g.emit(vm.OpSetExpand, next, cur, g.addAux(spec))
	if len(reached) > 0 {
		if err := testNew(reached, next, inSeen, sets.In); err != nil {
			return nil, err
		}
		g.emit(vm.OpSetAnd, next, next, sets.In)
	}
	if counter >= 0 {
		g.emitJ(vm.OpDecrJumpZero, 1, done, counter)
	}
	g.emit(vm.OpSetAndNot, cur, next, expanded)
	if len(through) > 0 {
		if err := testNew(through, cur, thrSeen, sets.Through); err != nil {
			return nil, err
		}
		g.emit(vm.OpSetAnd, cur, cur, sets.Through)
	}
	g.emit(vm.OpSetAddAll, expanded, cur)
	size, more := g.r(), g.r()
	g.emit(vm.OpSetCount, size, cur)
	g.emit(vm.OpGt, more, size, zero)
	g.emitJ(vm.OpJumpIfNotTrue, 1, done, more)
	g.emitJ(vm.OpGoto, 0, loop)
	g.bind(done)
	return sets, nil
}

// stepTestable reports whether t can be a per-level test on node v: a
// test that cannot fail (see safeTest) or a label test of v, and the
// boolean combinations of such tests.
func stepTestable(e ast.Expr, v string) bool {
	switch x := e.(type) {
	case *ast.LabelPredicate:
		n, ok := x.Expr.(*ast.Variable)
		return ok && n.Name == v
	case *ast.Unary:
		return x.Op == ast.OpNot && stepTestable(x.Expr, v)
	case *ast.Binary:
		if x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor {
			return stepTestable(x.Left, v) && stepTestable(x.Right, v)
		}
	}
	return safeTest(e, v)
}

// expansionTests are o's per-level tests in the expansion's direction:
// those of the nodes a hop reaches, of the nodes a hop leaves (the start
// included) and of the inner nodes.
func expansionTests(o logical.VarExpand) (reached, left, inner []logical.StepTest) {
	for _, t := range o.Steps {
		switch {
		case t.Nodes == logical.StepInner:
			inner = append(inner, t)
		case (t.Nodes == logical.StepReached) != o.Reverse:
			reached = append(reached, t)
		default:
			left = append(left, t)
		}
	}
	return reached, left, inner
}

// stepHops is the k hops of o's trails of length k with the tests of the
// nodes each reaches (for estimates): every hop's reached node is
// tested as reached, all but the last's as left and inner too.
func stepHops(o logical.VarExpand, k int) []logical.Hop {
	reached, left, inner := expansionTests(o)
	hops := make([]logical.Hop, k)
	for i := range hops {
		hops[i] = logical.Hop{Dir: o.Dir, Types: o.Types}
		tests := reached
		if i < k-1 {
			tests = append(append(append([]logical.StepTest(nil), reached...), left...), inner...)
		}
		for _, t := range tests {
			pred := t.Pred
			if hops[i].Var == "" {
				hops[i].Var = t.Var
			} else if t.Var != hops[i].Var {
				m := map[string]string{}
				for name := range exprVars(pred) {
					m[name] = name
				}
				m[t.Var] = hops[i].Var
				var ok bool
				if pred, ok = renameExpr(pred, m); !ok {
					continue
				}
			}
			hops[i].Pred = andPred(hops[i].Pred, pred)
		}
	}
	return hops
}

// nodeTest emits pred with v bound to the node in register n, jumping to
// fail unless it is true.
func (g *gen) nodeTest(v string, pred ast.Expr, n int32, fail label, e *regEnv) error {
	pe := e.clone()
	pe.set(v, slot{slotNode, n})
	r, err := g.expr(pred, pe)
	if err != nil {
		return err
	}
	g.emitJ(vm.OpJumpIfNotTrue, 1, fail, r)
	return nil
}

// startOnlySteps reports whether the step sets of o (stepSets) are a
// function of its start node alone within a run: every test reads only
// its own node, the start and parameters, calls only deterministic
// functions, and runs no subquery or pattern (whose bodies may read
// more of the row). The sets are then the nodes within o.Max hops of the
// start that pass the tests, which two rows with the same start share,
// so they are computed once per run of rows with the same start; an
// error a test raises is raised by the first such row already.
func startOnlySteps(o logical.VarExpand) bool {
	for _, t := range o.Steps {
		if !deterministic(t.Pred) {
			return false
		}
		ok := true
		ast.Inspect(t.Pred, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Variable:
				ok = ok && (x.Name == t.Var || x.Name == o.From)
			case *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery, *ast.ListComprehension, *ast.Quantifier:
				ok = false
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}
