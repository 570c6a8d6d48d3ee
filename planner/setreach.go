package planner

import (
	"fmt"

	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// reachSet emits the computation of a set-at-a-time expansion's end nodes
// (an ExpandChain, or a VarExpand in set mode) into a new set register.
func (g *gen) reachSet(op logical.Op, e *regEnv) (int32, error) {
	switch o := op.(type) {
	case logical.ExpandChain:
		from, err := g.nodeReg(e.vars[o.From], o.From)
		if err != nil {
			return 0, err
		}
		var spec *vm.ChainSpec
		if o.Quant != nil {
			if spec, err = g.quantChainSpec(o, from, e); err != nil {
				return 0, err
			}
		} else {
			spec = chainSpec(o.Hops)
			if err := g.chainAllowed(o.Hops, spec, from, e); err != nil {
				return 0, err
			}
		}
		set := g.s()
		g.emit(vm.OpSetChain, set, from, g.addAux(spec))
		return set, nil
	case logical.VarExpand:
		if o.Mode != logical.SetMode {
			break
		}
		from, err := g.nodeReg(e.vars[o.From], o.From)
		if err != nil {
			return 0, err
		}
		spec := varExpandSpec(o)
		if spec.Steps, err = g.stepSets(o, from, e); err != nil {
			return 0, err
		}
		src, set := g.s(), g.s()
		g.emit(vm.OpSetOfID, src, from)
		g.emit(vm.OpSetReach, set, src, g.addAux(spec))
		return set, nil
	}
	return 0, fmt.Errorf("planner: %s is not a set expansion", op.Name())
}

// varExpandSpec is the VM's description of a variable-length expansion
// (no bound list to follow, no excluded relationships yet).
func varExpandSpec(o logical.VarExpand) *vm.VarExpandSpec {
	return &vm.VarExpandSpec{ExpandSpec: vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types}, Min: o.Min, Max: o.Max, Reverse: o.Reverse, Follow: -1}
}

// chainAllowed emits, for a chain whose inner nodes carry tests (Hop.Pred),
// the sets of nodes that pass them: the walks' frontier is expanded hop by
// hop from the start, each tested node's frontier filtered row by row, and
// the passing nodes collected into a set (spec.Allowed), which the chain
// then keeps its frontier and its trail search to. Only the frontier up to
// the last tested node is expanded.
func (g *gen) chainAllowed(hops []logical.Hop, spec *vm.ChainSpec, from int32, e *regEnv) error {
	last := -1
	for i, h := range hops {
		if h.Pred != nil {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	spec.Allowed = make([]int32, len(hops))
	cur := g.s()
	g.emit(vm.OpSetOfID, cur, from)
	for i, h := range hops[:last+1] {
		spec.Allowed[i] = -1
		next := g.s()
		g.emit(vm.OpSetExpand, next, cur, g.addAux(&spec.Hops[i]))
		if spec.Labels != nil && spec.Labels[i] != nil {
			lab := g.s()
			g.emit(vm.OpSetFilterLabels, lab, next, g.addAux(spec.Labels[i]))
			next = lab
		}
		if h.Pred != nil {
			pass := g.s()
			g.emit(vm.OpSetNew, pass)
			n, src := g.n(), next
			err := g.cursorLoop(func(c int32) { g.emit(vm.OpOpenSetScan, c, src) },
				func(c int32, done label) { g.emitJ(vm.OpNextNode, 2, done, c, n) },
				func(head label) error {
					if err := g.nodeTest(h.Var, h.Pred, n, head, e); err != nil {
						return err
					}
					g.emit(vm.OpSetAdd, pass, n)
					return nil
				})
			if err != nil {
				return err
			}
			next = pass
			spec.Allowed[i] = pass
		}
		cur = next
	}
	for i := last + 1; i < len(hops); i++ {
		spec.Allowed[i] = -1
	}
	return nil
}
