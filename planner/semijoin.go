package planner

import (
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// semiJoin emits a SemiJoin (see decorrelate_exists.go): the build set
// for the row's key, then either a membership test of the probe or, with
// Scan, a scan of the candidates in (or not in) the set (semiJoinSet).
func (g *gen) semiJoin(o logical.SemiJoin, e *regEnv, cont label, rest func(*regEnv, label) error, ops []logical.Op) error {
	if o.Scan {
		cands := g.s()
		if o.Label == "" {
			g.emit(vm.OpSetAll, cands)
		} else {
			g.emit(vm.OpSetLabel, cands, g.str(o.Label))
		}
		left, err := g.semiJoinSet(o, e, cands)
		if err != nil {
			return err
		}
		return g.setRows(left, o.Probe, e, rest, ops)
	}
	if o.Tree != nil {
		return g.semiJoinTree(o, e, cont, rest, ops)
	}
	set, err := g.buildSet(o, e)
	if err != nil {
		return err
	}
	n, err := g.nodeReg(e.vars[o.Probe], o.Probe)
	if err != nil {
		return err
	}
	if o.Anti {
		keep := g.newLabel()
		g.emitJ(vm.OpSetContains, 2, keep, set, n)
		g.emitJ(vm.OpGoto, 0, cont)
		g.bind(keep)
	} else {
		g.emitJ(vm.OpSetContains, 2, cont, set, n)
	}
	return rest(e, cont)
}

// buildSet emits the computation of a semi-join's set into an S
// register: the build pipeline runs when control first arrives and again
// only when the key's node differs from the last run's. For AtLeast k
// above 1 it fills k sets, the i-th holding the nodes bound more than i
// times, and returns the last.
func (g *gen) buildSet(o logical.SemiJoin, e *regEnv) (int32, error) {
	k := max(o.AtLeast, 1)
	set := g.s()
	for i := 1; i < k; i++ {
		g.s()
	}
	built := g.n()
	compute, done := g.newLabel(), g.newLabel()
	be := e.clone()
	delete(be.vars, o.Probe)
	key, last := int32(-1), int32(-1)
	// A key held as a value (a semi-join correlated by a value, not a
	// node: see semiJoinFor) is compared with the last run's as the same
	// value (value.Same), not by equality: a body may tell 1 from 1.0.
	byValue := false
	if o.Key == "" {
		g.emitJ(vm.OpJumpIfNonZero, 1, done, built)
	} else {
		check := g.newLabel()
		if s, ok := e.vars[o.Key]; ok && s.kind == slotValue {
			byValue, key, last = true, s.reg, g.r()
			g.emitJ(vm.OpJumpIfNonZero, 1, check, built)
			g.emitJ(vm.OpGoto, 0, compute)
			g.bind(check)
			g.emitJ(vm.OpJumpIfSame, 2, done, key, last)
		} else {
			var err error
			if key, err = g.nodeReg(e.vars[o.Key], o.Key); err != nil {
				return 0, err
			}
			last = g.n()
			g.emitJ(vm.OpJumpIfNonZero, 1, check, built)
			g.emitJ(vm.OpGoto, 0, compute)
			g.bind(check)
			g.emitJ(vm.OpJumpIfIDEq, 2, done, key, last)
			be.set(o.Key, slot{slotNode, key})
		}
	}
	g.bind(compute)
	switch {
	case byValue:
		g.emit(vm.OpMove, last, key)
	case key >= 0:
		g.emit(vm.OpMoveID, last, key)
	}
	for i := 0; i < k; i++ {
		g.emit(vm.OpSetNew, set+int32(i))
	}
	savedSeg, savedSink := g.seg, g.setSink
	g.seg, g.setSink = o.Build.Ops, nil
	if k == 1 {
		g.setSink = &setSink{name: o.Probe, emit: func(s int32, _ *regEnv) error {
			g.emit(vm.OpSetAddAll, set, s)
			return nil
		}}
	}
	end := g.newLabel()
	dummy := int32(-1)
	err := g.ops(o.Build.Ops, be, end, end, &dummy, func(ie *regEnv) error {
		n, err := g.nodeReg(ie.vars[o.Probe], o.Probe)
		if err != nil {
			return err
		}
		if k == 1 {
			g.emit(vm.OpSetAdd, set, n)
		} else {
			g.emit(vm.OpSetAddCounted, set, n, int32(k))
		}
		return nil
	})
	g.seg, g.setSink = savedSeg, savedSink
	if err != nil {
		return 0, err
	}
	g.bind(end)
	g.emit(vm.OpSetCounter, built, 1)
	g.bind(done)
	return set + int32(k-1), nil
}

// semiJoinTree emits the membership test of a SemiJoin that decides a
// combination of sets (see logical.SemiJoin.Tree): each leaf's set is
// built as buildSet builds one, and the row's probe is tested against
// each set as the tree needs, short-circuit.
func (g *gen) semiJoinTree(o logical.SemiJoin, e *regEnv, cont label, rest func(*regEnv, label) error, ops []logical.Op) error {
	sets, err := g.leafSets(o, e)
	if err != nil {
		return err
	}
	n, err := g.nodeReg(e.vars[o.Probe], o.Probe)
	if err != nil {
		return err
	}
	g.setBranch(sets, n, o.Tree, cont, false)
	return rest(e, cont)
}

// setBranch emits code that jumps to target when the membership of the
// node in N[n] in the sets combines by t to when, and falls through
// otherwise (short-circuit).
func (g *gen) setBranch(sets []int32, n int32, t *logical.SetTree, target label, when bool) {
	switch t.Op {
	case logical.SetLeaf:
		if !when {
			g.emitJ(vm.OpSetContains, 2, target, sets[t.Leaf], n)
			return
		}
		skip := g.newLabel()
		g.emitJ(vm.OpSetContains, 2, skip, sets[t.Leaf], n)
		g.emitJ(vm.OpGoto, 0, target)
		g.bind(skip)
	case logical.SetNot:
		g.setBranch(sets, n, t.Kids[0], target, !when)
	default:
		// AND jumps on false as soon as one kid is false, OR on true
		// as soon as one is true; otherwise the last kid decides.
		short := t.Op == logical.SetOr
		if short == when {
			for _, k := range t.Kids {
				g.setBranch(sets, n, k, target, when)
			}
			return
		}
		skip := g.newLabel()
		for _, k := range t.Kids[:len(t.Kids)-1] {
			g.setBranch(sets, n, k, skip, short)
		}
		g.setBranch(sets, n, t.Kids[len(t.Kids)-1], target, when)
		g.bind(skip)
	}
}

// leafSets emits the computation of the sets of a SemiJoin's leaves.
func (g *gen) leafSets(o logical.SemiJoin, e *regEnv) ([]int32, error) {
	leaves := o.Leaves()
	sets := make([]int32, len(leaves))
	for i, l := range leaves {
		s, err := g.buildSet(logical.SemiJoin{Probe: o.Probe, Key: l.Key, AtLeast: l.AtLeast, Build: l.Build}, e)
		if err != nil {
			return nil, err
		}
		sets[i] = s
	}
	return sets, nil
}

// semiJoinSet emits the nodes of the set cands that pass the SemiJoin o
// (its test, or its tree with NOT as the difference from cands) into a
// new S register.
func (g *gen) semiJoinSet(o logical.SemiJoin, e *regEnv, cands int32) (int32, error) {
	if o.Tree == nil {
		set, err := g.buildSet(o, e)
		if err != nil {
			return 0, err
		}
		left := g.s()
		if o.Anti {
			g.emit(vm.OpSetAndNot, left, cands, set)
		} else {
			g.emit(vm.OpSetAnd, left, cands, set)
		}
		return left, nil
	}
	sets, err := g.leafSets(o, e)
	if err != nil {
		return 0, err
	}
	var combine func(t *logical.SetTree) int32
	combine = func(t *logical.SetTree) int32 {
		switch t.Op {
		case logical.SetLeaf:
			return sets[t.Leaf]
		case logical.SetNot:
			x := combine(t.Kids[0])
			out := g.s()
			g.emit(vm.OpSetAndNot, out, cands, x)
			return out
		}
		op := vm.OpSetAnd
		if t.Op == logical.SetOr {
			op = vm.OpSetOr
		}
		acc := combine(t.Kids[0])
		for _, k := range t.Kids[1:] {
			x := combine(k)
			out := g.s()
			g.emit(op, out, acc, x)
			acc = out
		}
		return acc
	}
	left := g.s()
	g.emit(vm.OpSetAnd, left, cands, combine(o.Tree))
	return left, nil
}
