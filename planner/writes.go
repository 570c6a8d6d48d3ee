package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// create emits CREATE of a pattern and returns the environment with the
// created variables bound.
func (g *gen) create(p *ast.Pattern, e *regEnv) (*regEnv, error) {
	e = e.clone()
	for _, part := range p.Parts {
		el := part.Element
		nodeRegs := make([]int32, len(el.Nodes))
		for i, n := range el.Nodes {
			if n.Var != nil {
				if s, ok := e.vars[n.Var.Name]; ok {
					r, err := g.nodeReg(s, n.Var.Name)
					if err != nil {
						return nil, err
					}
					nodeRegs[i] = r
					continue
				}
			}
			labels, dynamic, ok := createLabels(n.Labels)
			if !ok {
				return nil, g.b.errAt(n, cyqerr.SyntaxError, "InvalidLabelExpression", "CREATE takes plain labels (:A:B), not label expressions")
			}
			props := int32(-1)
			if n.Props != nil {
				r, err := g.expr(n.Props, e)
				if err != nil {
					return nil, err
				}
				props = r
			}
			g.at(n)
			id := g.n()
			g.emit(vm.OpCreateNode, id, g.strList(labels), props)
			if len(dynamic) > 0 {
				if err := g.setComputedLabels(id, dynamic, e); err != nil {
					return nil, err
				}
			}
			nodeRegs[i] = id
			if n.Var != nil {
				e.set(n.Var.Name, slot{slotNode, id})
			}
		}
		relRegs := make([]int32, len(el.Rels))
		for i, r := range el.Rels {
			spec := &vm.CreateRelSpec{Props: -1, TypeReg: -1}
			if d, isDyn := r.Types.(*ast.LabelDynamic); isDyn {
				tr, err := g.expr(d.Expr, e)
				if err != nil {
					return nil, err
				}
				spec.TypeReg = tr
			} else {
				types, _ := r.TypeNames()
				spec.Type = types[0]
			}
			props := int32(-1)
			if r.Props != nil {
				pr, err := g.expr(r.Props, e)
				if err != nil {
					return nil, err
				}
				props = pr
			}
			start, end := nodeRegs[i], nodeRegs[i+1]
			if r.Direction == ast.DirLeft {
				start, end = end, start
			}
			g.at(r)
			id := g.n()
			spec.Props = props
			g.emit(vm.OpCreateRel, id, start, end, g.addAux(spec))
			relRegs[i] = id
			if r.Var != nil {
				e.set(r.Var.Name, slot{slotRel, id})
			}
		}
		if part.Var != nil {
			spec := &vm.PathSpec{Nodes: nodeRegs}
			for _, rr := range relRegs {
				spec.Rels = append(spec.Rels, vm.PathRel{Reg: rr})
			}
			pr := g.r()
			g.emit(vm.OpMkPath, pr, g.addAux(spec))
			e.set(part.Var.Name, slot{slotValue, pr})
		}
	}
	return e, nil
}

func (g *gen) setItem(it ast.SetItem, e *regEnv) error {
	g.at(it)
	switch it := it.(type) {
	case *ast.SetProperty:
		base, err := g.expr(it.Target.Expr, e)
		if err != nil {
			return err
		}
		v, err := g.expr(it.Value, e)
		if err != nil {
			return err
		}
		g.at(it)
		g.emit(vm.OpSetProp, base, g.str(it.Target.Key), v)
	case *ast.SetVariable:
		base, err := g.expr(it.Var, e)
		if err != nil {
			return err
		}
		v, err := g.expr(it.Value, e)
		if err != nil {
			return err
		}
		merge := int32(0)
		if it.Append {
			merge = 1
		}
		g.at(it)
		g.emit(vm.OpSetAllProps, base, v, merge)
	case *ast.SetLabels:
		base, err := g.expr(it.Var, e)
		if err != nil {
			return err
		}
		dyn, err := g.computedLabels(it.Dynamic, e)
		if err != nil {
			return err
		}
		g.emit(vm.OpSetLabels, base, g.strList(it.Labels), dyn)
	}
	return nil
}

// merge emits MERGE: match the pattern; on a match run ON MATCH and the
// rest; with no match create it, run ON CREATE and the rest.
func (g *gen) merge(o logical.Merge, e *regEnv, cont label, rest func(*regEnv, label) error) error {
	pat := &ast.Pattern{Span: o.Part.Span, Parts: []*ast.PatternPart{o.Part}}
	matchOps := append([]logical.Op(nil), o.Match...)
	return g.optionalWith(matchOps, o.NewVars, o.OnMatch, func(pe *regEnv) (*regEnv, error) {
		ce, err := g.create(pat, pe)
		if err != nil {
			return nil, err
		}
		for _, it := range o.OnCreate {
			if err := g.setItem(it, ce); err != nil {
				return nil, err
			}
		}
		return ce, nil
	}, e, cont, rest)
}

// optionalWith is optional with SET items run on the matched path.
func (g *gen) optionalWith(inner []logical.Op, newVars []string, onMatch []ast.SetItem, pad func(*regEnv) (*regEnv, error), e *regEnv, cont label, rest func(*regEnv, label) error) error {
	if len(onMatch) == 0 {
		return g.optional(inner, newVars, pad, e, cont, rest)
	}
	// Run ON MATCH as a Set operator at the end of the inner match.
	inner = append(inner, logical.SetProps{Items: onMatch})
	return g.optional(inner, newVars, pad, e, cont, rest)
}
