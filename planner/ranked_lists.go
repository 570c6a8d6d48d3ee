package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// rankedList is a count of a list's elements whose keys compare with the
// current row's values, read as a rank over the list:
//
//	size([y IN xs WHERE y.d > x.d OR (y.d = x.d AND y.id < x.id)])   x's place in xs
//	none(y IN xs WHERE y.score > x.score)                              x holds the maximum
//	any(y IN $limits WHERE y >= n.size)
//
// Where the list is the same for many rows (a collected list carried
// through UNWIND to each of its elements, a parameter), testing every
// element on every row is quadratic; the keys of the list's elements
// sorted once answer each row by binary search (vm.ListRankSpec, the
// kernel of rankedSiblings: ties share a rank; null, NaN and values of
// kinds that do not compare with the row's value never count, as in the
// comparison they replace). The sorted keys are kept for the last list
// probed, by identity, so a list that differs on every row is sorted on
// every row: at most a logarithmic factor over the per-element form.
//
// When the reading is exact:
//   - The predicate is one comparison `K op V` (op one of <, <=, >, >=,
//     either side first) or a lexicographic tuple of them (rankTuple),
//     every K the element variable or a property of it, every V a
//     variable of the row (not the element's), a property of one, a
//     parameter or a literal, and nothing more: the rank counts the elements for which
//     the whole predicate is true, which is what the WHERE keeps.
//   - Reads that could fail are not made by the rank: a key or value
//     that is a property of something that has none (an integer, a
//     deleted entity) makes the probe fall back to the per-element form,
//     for that list or that row, which raises the error (or not) exactly
//     where it would. The values are read before the list's elements, but
//     only variables, parameters (all given before a query runs) and
//     literals are evaluated by code, which cannot fail.
//   - size() of a comprehension maps nothing that could fail (no map, a
//     variable or a literal: mapped elements are counted, not read).
//   - any() is true and none() false when the count is positive; a zero
//     count falls back to the per-element form, which tells false from
//     null (an element whose comparison is null).
//   - The query writes nothing (a property read once for the sort must
//     stay what the per-element form would read on a later row), and
//     plans in row mode (differential tests) keep the per-element form.
type rankedList struct {
	list       ast.Expr
	keys, vals []ast.Expr
	cmps       []vm.RankCmp
	kind       vm.ListRankKind
}

// readRankedList returns the rank reading of e (size() of a list
// comprehension, any() or none()) over the environment env, or ok false.
func (g *gen) readRankedList(e ast.Expr, env *regEnv) (rankedList, bool) {
	var rl rankedList
	if g.b.rowModeOnly || g.b.writes {
		return rl, false
	}
	var v *ast.Variable
	var where ast.Expr
	switch x := e.(type) {
	case *ast.FunctionCall:
		if !strings.EqualFold(qualifiedName(x), "size") || len(x.Args) != 1 || x.Distinct {
			return rl, false
		}
		c, ok := x.Args[0].(*ast.ListComprehension)
		if !ok {
			return rl, false
		}
		switch c.Map.(type) {
		case nil, *ast.Literal, *ast.Variable:
		default:
			return rl, false
		}
		v, where, rl.list, rl.kind = c.Var, c.Where, c.In, vm.ListRankCount
	case *ast.Quantifier:
		switch x.Kind {
		case ast.QuantAny:
			rl.kind = vm.ListRankAny
		case ast.QuantNone:
			rl.kind = vm.ListRankNone
		default:
			return rl, false
		}
		v, where, rl.list = x.Var, x.Where, x.In
	default:
		return rl, false
	}
	if where == nil {
		return rl, false
	}
	switch rl.list.(type) {
	case *ast.Parameter, *ast.Variable:
	default:
		return rl, false
	}
	inner := map[string]bool{v.Name: true}
	keys, vals, cmps, ok := rankTuple(where, inner, env.scope())
	if !ok {
		return rl, false
	}
	// rankTuple's keys read only the element (a variable or a property
	// of one). Its values could read the element too where a variable of
	// the row has the element's name (the element's is the one read).
	for _, x := range vals {
		if exprVars(x)[v.Name] {
			return rl, false
		}
	}
	rl.keys, rl.vals, rl.cmps = keys, vals, cmps
	return rl, true
}

// pathOf splits a path into its base and the constants' indexes of its
// property names, in reading order.
func (g *gen) pathOf(e ast.Expr) (ast.Expr, vm.Path) {
	var names []string
	for {
		p, ok := e.(*ast.Property)
		if !ok {
			break
		}
		names = append(names, p.Key)
		e = p.Expr
	}
	var path vm.Path
	for i := len(names) - 1; i >= 0; i-- {
		path.Props = append(path.Props, g.constant(value.String(names[i])))
	}
	return e, path
}

// rankedListExpr generates e as a rank over a list (rankedList) with the
// per-element form, plain, for the rows the rank does not answer; ok is
// false when the reading does not apply.
func (g *gen) rankedListExpr(e ast.Expr, env *regEnv, plain func() (int32, error)) (int32, bool, error) {
	rl, ok := g.readRankedList(e, env)
	if !ok {
		return 0, false, nil
	}
	spec := &vm.ListRankSpec{Cmps: rl.cmps, Kind: rl.kind}
	for _, k := range rl.keys {
		_, p := g.pathOf(k)
		spec.Keys = append(spec.Keys, p)
	}
	regs := make([]int32, 0, 1+len(rl.vals))
	lr, err := g.expr(rl.list, env)
	if err != nil {
		return 0, false, err
	}
	regs = append(regs, lr)
	for _, x := range rl.vals {
		base, p := g.pathOf(x)
		spec.Vals = append(spec.Vals, p)
		r, err := g.expr(base, env)
		if err != nil {
			return 0, false, err
		}
		regs = append(regs, r)
	}
	block := g.rs(len(regs))
	for i, r := range regs {
		g.emit(vm.OpMove, block+int32(i), r)
	}
	res := g.r()
	fallback, done := g.newLabel(), g.newLabel()
	g.emitJ(vm.OpRankList, 3, fallback, g.addAux(spec), block, res)
	g.emitJ(vm.OpGoto, 0, done)
	g.bind(fallback)
	r, err := plain()
	if err != nil {
		return 0, false, err
	}
	g.emit(vm.OpMove, res, r)
	g.bind(done)
	return res, true, nil
}
