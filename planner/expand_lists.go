package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// expandList compiles a pattern comprehension whose pattern plans to one
// expansion from a bound node to a new one, with no test, mapping each
// match to the new node or the new relationship, [(h)-->(v) | v] or
// [(h)-[r]->() | r], as one OpExpandList (vm/expand_lists.go): the list
// the comprehension's loop appends, built by the same enumeration in one
// instruction, instead of four instructions a match. Row mode keeps the
// loop, the reference it is compared with.
func (g *gen) expandList(x *ast.PatternComprehension, ops []logical.Op, env *regEnv) (int32, bool, error) {
	if g.b.rowModeOnly || len(ops) != 1 || x.PathVar != nil {
		return 0, false, nil
	}
	o, ok := ops[0].(logical.Expand)
	if !ok || o.ToBound || o.RelBound || o.Adjacent || len(o.Distinct) > 0 || env.bound(o.To) || (o.Rel != "" && env.bound(o.Rel)) {
		return 0, false, nil
	}
	from, bound := env.vars[o.From]
	m, isVar := x.Map.(*ast.Variable)
	if !bound || !isVar || m.Name == "" {
		return 0, false, nil
	}
	rels := int32(0)
	switch m.Name {
	case o.To:
	case o.Rel:
		rels = 1
	default:
		return 0, false, nil
	}
	src, err := g.nodeReg(from, o.From)
	if err != nil {
		return 0, true, err
	}
	r := g.r()
	g.emit(vm.OpExpandList, r, src, g.addAux(&vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types}), rels)
	return r, true, nil
}
