package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// quantChainSpec is the VM's description of a repeated set chain (a
// quantified path pattern in set form), with the node tests its hops and
// its repetitions' starts make: label tests in the spec, other tests as
// the sets of nodes that pass them (groupAllowed).
func (g *gen) quantChainSpec(o logical.ExpandChain, from int32, e *regEnv) (*vm.ChainSpec, error) {
	spec := chainSpec(o.Hops)
	q := o.Quant
	spec.Repeat = &vm.RepeatSpec{Min: q.Min, Max: q.Max, Allowed: -1}
	if q.Labels != nil {
		spec.Repeat.Labels = compileLabels(q.Labels)
	}
	if err := g.groupAllowed(o, spec, from, e); err != nil {
		return nil, err
	}
	return spec, nil
}

// groupAllowed emits, for a repeated chain whose nodes carry tests other
// than labels (Hop.Pred, ChainQuant.Pred), the sets of nodes that pass
// them: the walks' frontier is expanded from the start through the hops
// repeated up to Max times, each position's new frontier nodes tested
// once (a node met again at the same position is not tested again), and
// the frontier kept to the nodes that pass; spec.Allowed[j] collects
// those passing hop j's node's test, spec.Repeat.Allowed those passing
// the test of a repetition's start (the start itself, and the last hop's
// nodes a further repetition leaves from). The tests read only the node
// and variables bound before the chain (qppSetForm), so a node passes
// wherever it is met.
func (g *gen) groupAllowed(o logical.ExpandChain, spec *vm.ChainSpec, from int32, e *regEnv) error {
	q := o.Quant
	tests := q.Pred != nil
	for _, h := range o.Hops {
		tests = tests || h.Pred != nil
	}
	if !tests || q.Max == 0 {
		return nil
	}
	newSet := func() int32 {
		s := g.s()
		g.emit(vm.OpSetNew, s)
		return s
	}
	// testNew tests the nodes of set not in seen (adding them to seen),
	// adding those that pass to pass, and keeps set to pass.
	testNew := func(v string, pred ast.Expr, set, seen, pass int32) (int32, error) {
		fresh := g.s()
		g.emit(vm.OpSetAndNot, fresh, set, seen)
		g.emit(vm.OpSetAddAll, seen, fresh)
		n := g.n()
		err := g.cursorLoop(func(c int32) { g.emit(vm.OpOpenSetScan, c, fresh) },
			func(c int32, done label) { g.emitJ(vm.OpNextNode, 2, done, c, n) },
			func(head label) error {
				if err := g.nodeTest(v, pred, n, head, e); err != nil {
					return err
				}
				g.emit(vm.OpSetAdd, pass, n)
				return nil
			})
		if err != nil {
			return 0, err
		}
		kept := g.s()
		g.emit(vm.OpSetAnd, kept, set, pass)
		return kept, nil
	}
	L := len(o.Hops)
	spec.Allowed = make([]int32, L)
	seen := make([]int32, L)
	for j, h := range o.Hops {
		spec.Allowed[j], seen[j] = -1, -1
		if h.Pred != nil {
			spec.Allowed[j], seen[j] = newSet(), newSet()
		}
	}
	var startSeen int32
	if q.Pred != nil {
		spec.Repeat.Allowed, startSeen = newSet(), newSet()
	}
	cur := g.s()
	g.emit(vm.OpSetOfID, cur, from)
	var err error
	if q.Pred != nil {
		if cur, err = testNew(q.Var, q.Pred, cur, startSeen, spec.Repeat.Allowed); err != nil {
			return err
		}
	}
	for k := 1; k <= q.Max; k++ {
		for j, h := range o.Hops {
			next := g.s()
			g.emit(vm.OpSetExpand, next, cur, g.addAux(&spec.Hops[j]))
			if spec.Labels != nil && spec.Labels[j] != nil {
				lab := g.s()
				g.emit(vm.OpSetFilterLabels, lab, next, g.addAux(spec.Labels[j]))
				next = lab
			}
			if h.Pred != nil {
				if next, err = testNew(h.Var, h.Pred, next, seen[j], spec.Allowed[j]); err != nil {
					return err
				}
			}
			if j == L-1 && k < q.Max {
				if spec.Repeat.Labels != nil {
					lab := g.s()
					g.emit(vm.OpSetFilterLabels, lab, next, g.addAux(spec.Repeat.Labels))
					next = lab
				}
				if q.Pred != nil {
					if next, err = testNew(q.Var, q.Pred, next, startSeen, spec.Repeat.Allowed); err != nil {
						return err
					}
				}
			}
			cur = next
		}
	}
	return nil
}

// quantChainReach is the estimated number of distinct ends of set chain
// o from one node, and the relationships read to find them: for a
// repeated chain, the chain unrolled for each number of repetitions
// (groupEnds runs each), the ends summed (at most every node), the reads
// too.
func (s *selectivity) quantChainReach(o logical.ExpandChain, avgDeg float64) (reach, reads float64) {
	q := o.Quant
	if q == nil {
		return s.chainReach(o.From, o.Hops, avgDeg, true)
	}
	if q.Min == 0 {
		reach = 1
	}
	var hops []logical.Hop
	for k := 1; k <= q.Max; k++ {
		hops = append(hops, o.Hops...)
		if k < q.Min {
			continue
		}
		f, r := s.chainReach(o.From, hops, avgDeg, true)
		reach += f
		reads += r
	}
	return reach, reads
}
