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
		set := g.s()
		g.emit(vm.OpSetChain, set, from, g.addAux(chainSpec(o.Hops)))
		return set, nil
	case logical.VarExpand:
		if o.Mode != logical.SetMode {
			break
		}
		from, err := g.nodeReg(e.vars[o.From], o.From)
		if err != nil {
			return 0, err
		}
		src, set := g.s(), g.s()
		g.emit(vm.OpSetOfID, src, from)
		g.emit(vm.OpSetReach, set, src, g.addAux(varExpandSpec(o)))
		return set, nil
	}
	return 0, fmt.Errorf("planner: %s is not a set expansion", op.Name())
}

// varExpandSpec is the VM's description of a variable-length expansion
// (no bound list to follow, no excluded relationships yet).
func varExpandSpec(o logical.VarExpand) *vm.VarExpandSpec {
	return &vm.VarExpandSpec{ExpandSpec: vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types}, Min: o.Min, Max: o.Max, Reverse: o.Reverse, Follow: -1}
}
