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
//     every K a path of the element (the element, then property reads
//     and subscripts by integer literals: y.d, y[1], y.p[0]; or an
//     expression of the element, below), every V a path of the row (not
//     of the element's), a parameter or a literal, and nothing more but
//     equalities of keys of the element with values of the row
//     (partitions: ranked_partitions.go): the rank counts the elements
//     for which the whole predicate is true, which is what the WHERE
//     keeps.
//   - Reads that could fail are not made by the rank: a read of a key
//     or value that would fail (a property of an integer or of a deleted
//     entity, a subscript of anything but a list or null) makes the
//     probe fall back to the per-element form,
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
	elem       *ast.Variable
	keys, vals []ast.Expr
	cmps       []vm.RankCmp
	kind       vm.ListRankKind
	// mapped is set when the key is not a path but an expression of the
	// element (rankedList's mapped keys): the list's keys are mapped once
	// per list and ranked as they are.
	mapped bool
}

// A key that is not a path (size([(y)-->(z) | z]), y.a + y.b, toLower(y))
// is ranked over the list of the elements' keys, [y IN xs | key], mapped
// once per list (vm.ListMemoSpec: remembered for the last list, by
// identity) and ranked with the key the element itself. This is exact
// when:
//   - The predicate is one comparison (no tuple: the per-element form
//     evaluates a later key only where the earlier ones tie, and a key
//     that fails elsewhere must not be evaluated there).
//   - The key reads the element and nothing else of the row: every
//     variable it names is the element or one bound inside it (a pattern
//     comprehension's, a comprehension's), not a variable of the row;
//     and it is deterministic, in a query that writes nothing, so that
//     mapping it once gives what every row would compute.
//   - The values are variables, parameters or literals, whose evaluation
//     cannot fail: the per-element form evaluates the key and the value
//     on every element (a comparison does not short-circuit), so the
//     first error it raises is the key's on the first element whose key
//     fails, which is where the mapping raises it, in the list's order,
//     on the first row that reaches the comparison with that list. An
//     empty list maps nothing, as the per-element form evaluates nothing.

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
	// The names the predicate reads that the row does not bind are the
	// element and names bound inside the predicate (a pattern
	// comprehension's, a comprehension's): an operand that reads only
	// those reads the element, not the row.
	sc := env.scope()
	inner := map[string]bool{v.Name: true}
	names, ok := operandVars(where)
	if !ok {
		return rl, false
	}
	for n := range names {
		if !sc.has(n) {
			inner[n] = true
		}
	}
	keys, vals, cmps, ok := rankPartitioned(where, inner, sc, func(ast.Expr) bool { return true })
	if !ok {
		return rl, false
	}
	for _, k := range keys {
		if !readablePath(k) {
			rl.mapped = true
		}
	}
	for _, x := range vals {
		if !readablePath(x) {
			return rl, false
		}
		if rl.mapped {
			switch x.(type) {
			case *ast.Variable, *ast.Parameter, *ast.Literal:
			default:
				return rl, false
			}
		}
	}
	if rl.mapped && len(keys) > 1 {
		return rl, false
	}
	rl.elem = v
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

// readablePath reports whether e is a path vm.Path reads: a variable, a
// parameter or a literal followed by property reads and subscripts by
// integer literals (r.d, x[1], rows[0].score). The base is evaluated by
// code, which cannot fail; the reads are made by the rank, which leaves a
// read that would fail (a property of an integer, a subscript of a map)
// to the per-element form.
func readablePath(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.Variable, *ast.Parameter, *ast.Literal:
			return true
		case *ast.Property:
			e = x.Expr
		case *ast.Index:
			if l, ok := x.Index.(*ast.Literal); !ok || l.Kind != ast.LitInt || l.Int != int64(int32(l.Int)) {
				return false
			}
			e = x.Expr
		default:
			return false
		}
	}
}

// pathOf splits a path (readablePath) into its base and its reads, in
// reading order.
func (g *gen) pathOf(e ast.Expr) (ast.Expr, vm.Path) {
	type step struct {
		name  string
		sub   int64
		isSub bool
	}
	var steps []step
	for {
		if p, ok := e.(*ast.Property); ok {
			steps = append(steps, step{name: p.Key})
			e = p.Expr
			continue
		}
		if x, ok := e.(*ast.Index); ok {
			if l, ok := x.Index.(*ast.Literal); ok && l.Kind == ast.LitInt {
				steps = append(steps, step{sub: l.Int, isSub: true})
				e = x.Expr
				continue
			}
		}
		break
	}
	var path vm.Path
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		if s.isSub {
			if path.Subs == nil {
				path.Subs = make([]bool, len(path.Props), len(steps))
			}
			path.Props = append(path.Props, int32(s.sub))
			path.Subs = append(path.Subs, true)
			continue
		}
		path.Props = append(path.Props, g.constant(value.String(s.name)))
		if path.Subs != nil {
			path.Subs = append(path.Subs, false)
		}
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
	return g.rankedListCode(rl, env, plain)
}

// rankedListCode generates the rank rl (OpRankList) with the per-element
// form, plain, for the rows the rank does not answer.
func (g *gen) rankedListCode(rl rankedList, env *regEnv, plain func() (int32, error)) (int32, bool, error) {
	spec := &vm.ListRankSpec{Cmps: rl.cmps, Kind: rl.kind}
	regs := make([]int32, 0, 1+len(rl.vals))
	lr, err := g.expr(rl.list, env)
	if err != nil {
		return 0, false, err
	}
	if rl.mapped {
		// The keys mapped once per list; the key is the element.
		spec.Keys = []vm.Path{{}}
		memo := g.addAux(&vm.ListMemoSpec{})
		mr := g.r()
		known := g.newLabel()
		g.emitJ(vm.OpListMemo, 3, known, memo, lr, mr)
		kr, err := g.expr(&ast.ListComprehension{Span: rl.keys[0].NodeSpan(), Var: rl.elem, In: rl.list, Map: rl.keys[0]}, env)
		if err != nil {
			return 0, false, err
		}
		g.emit(vm.OpMove, mr, kr)
		g.emit(vm.OpListMemoPut, memo, lr, mr)
		g.bind(known)
		lr = mr
	} else {
		for _, k := range rl.keys {
			_, p := g.pathOf(k)
			spec.Keys = append(spec.Keys, p)
		}
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
