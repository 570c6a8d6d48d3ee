package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// hopsBy bounds a variable-length expansion by a filter's comparison of
// its path's length with a value bound before the expansion: MATCH q =
// (a)-[*1..3]-(b) WHERE length(q) = d, or length(q) <= $k. It is
// pathLengthBounds for a value known only when the expansion runs: the
// expansion reads the value as it opens (VarExpand.HopsBy) and builds no
// trail the comparison would reject, so a trail shorter than d is
// walked through but not yielded, and no trail longer than d is walked.
// The conjunct stays in the filter: a value that is not an integer (a
// float, a string, null) bounds nothing, and the filter decides as it
// did. Shapes and preconditions as for pathLengthBounds; the value is a
// parameter or a variable that no operator from the expansion to the
// filter binds.
func hopsBy(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		for _, c := range conjuncts(f.Pred) {
			if ve, h, ok := hopBoundOf(pl.Ops, i, c); ok {
				v := pl.Ops[ve].(logical.VarExpand)
				v.HopsBy = append(append([]logical.HopBound(nil), v.HopsBy...), h)
				pl.Ops = replace(pl.Ops, ve, 1, v)
				return pl, true
			}
		}
	}
	return pl, false
}

// hopBoundOf returns the expansion (its index in ops) whose hops
// conjunct c of the filter at ops[at] bounds by a value, and the bound,
// unless the expansion has it already.
func hopBoundOf(ops []logical.Op, at int, c ast.Expr) (int, logical.HopBound, bool) {
	fail := func() (int, logical.HopBound, bool) { return 0, logical.HopBound{}, false }
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 {
		return fail()
	}
	op, l, r := cmp.Ops[0], cmp.Operands[0], cmp.Operands[1]
	if !boundValue(r) {
		l, r, op = r, l, flipComparison(op)
	}
	if !boundValue(r) || (op != ast.CmpEq && op != ast.CmpLt && op != ast.CmpLe && op != ast.CmpGt && op != ast.CmpGe) {
		return fail()
	}
	p, extra, ok := pathLength(l)
	if !ok {
		return fail()
	}
	pb := lastPathBind(ops, at, p)
	if pb < 0 {
		return fail()
	}
	for _, o := range ops[pb+1 : at] {
		switch o.(type) {
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return fail()
		}
	}
	bind := ops[pb].(logical.PathBind)
	list, fixed := "", 0
	for k, rel := range bind.Rels {
		if k < len(bind.Lists) && bind.Lists[k] {
			if list != "" {
				return fail()
			}
			list = rel
			continue
		}
		fixed++
	}
	ve := -1
	for j := pb - 1; j >= 0 && list != ""; j-- {
		if v, ok := ops[j].(logical.VarExpand); ok && v.RelList == list {
			ve = j
			break
		}
	}
	if ve < 0 {
		return fail()
	}
	v := ops[ve].(logical.VarExpand)
	if v.ListBound || v.Mode == logical.SetMode {
		return fail()
	}
	if name, isVar := varName(r); isVar {
		for _, o := range ops[ve:at] {
			binds, _ := bindsVars(o)
			for _, n := range binds {
				if n == name {
					return fail()
				}
			}
		}
	}
	// length(p) + extra op value: hops op value - extra - fixed.
	h := logical.HopBound{Op: op, Expr: r, Off: -extra - fixed}
	for _, old := range v.HopsBy {
		if old.Op == h.Op && old.Off == h.Off && ast.FormatExpr(old.Expr) == ast.FormatExpr(h.Expr) {
			return fail()
		}
	}
	return ve, h, true
}

// boundValue reports whether e is a value a bound may read as the
// expansion opens: a parameter or a variable.
func boundValue(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Parameter, *ast.Variable:
		return true
	}
	return false
}

// hopBounds compiles o's bounds by values into the expansion's spec.
func (g *gen) hopBounds(o logical.VarExpand, spec *vm.VarExpandSpec, e *regEnv) error {
	for _, h := range o.HopsBy {
		r, err := g.expr(h.Expr, e)
		if err != nil {
			return err
		}
		b := vm.HopBound{Reg: r, Off: h.Off}
		switch h.Op {
		case ast.CmpEq:
			b.Min, b.Max = true, true
		case ast.CmpLt:
			b.Max, b.Off = true, h.Off-1
		case ast.CmpLe:
			b.Max = true
		case ast.CmpGt:
			b.Min, b.Off = true, h.Off+1
		case ast.CmpGe:
			b.Min = true
		}
		spec.Bounds = append(spec.Bounds, b)
	}
	return nil
}
