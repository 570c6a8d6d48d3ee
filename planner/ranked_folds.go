package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// A reduce() that keeps the least (or greatest) of the list's elements a
// rank comparison keeps,
//
//	reduce(m = null, y IN xs | CASE WHEN y > x AND (m IS NULL OR y < m) THEN y ELSE m END)   the least y above x
//	reduce(m = null, y IN xs | CASE WHEN (m IS NULL OR m < y) AND y <= $cap THEN y ELSE m END) the greatest y up to $cap
//
// is read as an extreme over the list's sorted elements (a rankedList of
// kind vm.ListRankLeast or vm.ListRankGreatest): the elements sorted once
// per list (the rank's sort, by identity), each row's answer is a binary
// search for the first element past x, where the per-element form tests
// every element on every row. A list carried to every row (a collected
// list unwound, a parameter) makes the per-element form quadratic.
//
// When the reading is exact:
//   - The accumulator starts at null, and the body is one CASE WHEN C
//     THEN y ELSE m END (no subject, one WHEN) with C the conjunction of
//     a rank comparison P of the element itself with a value of the row
//     (rankComparison: `y op V` or `V op y`, V a path, a parameter or a
//     literal) and the test `m IS NULL OR y < m` (for the least; `y > m`
//     for the greatest; either side and either order), nothing more.
//   - Every element P keeps compares with V, so it is of V's kind family
//     (numbers, NaN left out; strings; booleans) and `<` orders those
//     totally: the accumulator holds the least of them, replaced only by
//     a strictly smaller one, so the first of equal ones (1 before 1.0)
//     is kept, which is the first of its run in the stable sort. An
//     element P does not keep (null, NaN, another kind: a null or false
//     P) leaves the accumulator as it is, as it does not count in the
//     sort; a V of another kind (a list, a temporal value) is left to the
//     per-element form.
//   - Nothing in the body can fail (comparisons and IS NULL of values
//     raise no error) and the value's read is a path the rank makes or
//     leaves to the per-element form (readablePath).
//   - The element and the accumulator shadow no variable of the row (the
//     value must read the row's), the query writes nothing and plans in
//     row mode keep the per-element form, as for every rankedList.
func (g *gen) readFoldExtreme(x *ast.Reduce, env *regEnv) (rankedList, bool) {
	var rl rankedList
	if g.b.rowModeOnly || g.b.writes || x.Acc == nil || x.Var == nil {
		return rl, false
	}
	if lit, ok := x.Init.(*ast.Literal); !ok || lit.Kind != ast.LitNull {
		return rl, false
	}
	switch x.In.(type) {
	case *ast.Parameter, *ast.Variable:
	default:
		return rl, false
	}
	sc := env.scope()
	acc, elem := x.Acc.Name, x.Var.Name
	if acc == elem || sc.has(acc) || sc.has(elem) {
		return rl, false
	}
	c, ok := x.Expr.(*ast.Case)
	if !ok || c.Subject != nil || len(c.Whens) != 1 || !isVar(c.Whens[0].Then, elem) || !isVar(c.Else, acc) {
		return rl, false
	}
	cs := conjuncts(c.Whens[0].When)
	if len(cs) != 2 {
		return rl, false
	}
	for i := range cs {
		greatest, ok := accumulatorTest(cs[i], acc, elem)
		if !ok {
			continue
		}
		k, v, cmp, ok := rankComparison(cs[1-i], map[string]bool{elem: true}, sc, cannotFail)
		if !ok || !isVar(k, elem) || !readablePath(v) || exprVars(v)[acc] || exprVars(v)[elem] {
			return rl, false
		}
		rl.list, rl.elem = x.In, x.Var
		rl.keys, rl.vals, rl.cmps = []ast.Expr{k}, []ast.Expr{v}, []vm.RankCmp{cmp}
		rl.kind = vm.ListRankLeast
		if greatest {
			rl.kind = vm.ListRankGreatest
		}
		return rl, true
	}
	return rl, false
}

// accumulatorTest reports whether e is `m IS NULL OR y < m` (greatest
// false) or `m IS NULL OR y > m` (greatest true), the disjuncts in either
// order and the comparison either side first, for the accumulator m and
// the element y.
func accumulatorTest(e ast.Expr, acc, elem string) (greatest, ok bool) {
	ds := disjuncts(e)
	if len(ds) != 2 {
		return false, false
	}
	for i := range ds {
		n, isNull := ds[i].(*ast.IsNull)
		if !isNull || n.Not || !isVar(n.Expr, acc) {
			continue
		}
		cmp, isCmp := ds[1-i].(*ast.Comparison)
		if !isCmp || len(cmp.Ops) != 1 || len(cmp.Operands) != 2 {
			return false, false
		}
		l, r, op := cmp.Operands[0], cmp.Operands[1], cmp.Ops[0]
		if isVar(l, acc) && isVar(r, elem) {
			// m > y is y < m.
			switch op {
			case ast.CmpGt:
				op = ast.CmpLt
			case ast.CmpLt:
				op = ast.CmpGt
			default:
				return false, false
			}
		} else if !isVar(l, elem) || !isVar(r, acc) {
			return false, false
		}
		switch op {
		case ast.CmpLt:
			return false, true
		case ast.CmpGt:
			return true, true
		}
		return false, false
	}
	return false, false
}

// foldExtremeExpr generates reduce x as an extreme over its list's sorted
// elements (readFoldExtreme), with the per-element form for the rows the
// extreme does not answer; ok is false when the reading does not apply.
func (g *gen) foldExtremeExpr(x *ast.Reduce, env *regEnv) (int32, bool, error) {
	rl, ok := g.readFoldExtreme(x, env)
	if !ok {
		return 0, false, nil
	}
	return g.rankedListCode(rl, env, func() (int32, error) { return g.reduce(x, env) })
}

// A reduce() that sums a key of the elements of a slice of a list,
//
//	reduce(t = 0, p IN oq[..i + 1] | t + p[1])          a running total
//	reduce(t = 0, x IN ks[i + 1..] | t + x)             the sum after i
//	reduce(t = 0, x IN ks | x + t)                      the list's total
//
// is read as a difference of the list's prefix sums (vm.FoldSumSpec: kept
// for the last list, by identity, and extended as far as a row needs), so
// that a running total per index of a list carried to every row costs one
// pass over the list, where the per-element form adds the whole slice on
// every row (quadratic in the list). When the reading is exact:
//   - The initial value is an integer or float literal, the list a
//     variable or a parameter (whose evaluation cannot fail), sliced or
//     not, and the body is `t + K` or `K + t` with K a path of the element
//     (readablePath: the element, its properties, subscripts by integer
//     literals) that reads neither the accumulator nor a row variable.
//   - The slice's bounds are evaluated once, as the per-element form
//     evaluates them, and reused by it where the sums do not answer; vm
//     FoldSumSpec says where that is (floats summed from a later element,
//     overflows, keys that cannot be read, strings, bounds that are null
//     or not integers).
//   - The query writes nothing (a key read once for the sums must stay
//     what a later row would read), and plans in row mode keep the
//     per-element form.
type foldSum struct {
	list, from, to ast.Expr   // from and to nil when not written
	slice          *ast.Slice // nil when the list is not sliced
	key            ast.Expr
	keyFirst       bool
}

// readFoldSum returns the prefix-sum reading of reduce x, or ok false.
func (g *gen) readFoldSum(x *ast.Reduce, env *regEnv) (foldSum, bool) {
	var fs foldSum
	if g.b.rowModeOnly || g.b.writes || x.Acc == nil || x.Var == nil {
		return fs, false
	}
	if lit, ok := x.Init.(*ast.Literal); !ok || lit.Kind != ast.LitInt && lit.Kind != ast.LitFloat {
		return fs, false
	}
	fs.list = x.In
	if sl, ok := x.In.(*ast.Slice); ok {
		fs.list, fs.from, fs.to, fs.slice = sl.Expr, sl.From, sl.To, sl
		for _, b := range []ast.Expr{sl.From, sl.To} {
			if b != nil && !deterministic(b) {
				return fs, false
			}
		}
	}
	switch fs.list.(type) {
	case *ast.Parameter, *ast.Variable:
	default:
		return fs, false
	}
	acc, elem := x.Acc.Name, x.Var.Name
	if acc == elem {
		return fs, false
	}
	b, ok := x.Expr.(*ast.Binary)
	if !ok || b.Op != ast.OpAdd {
		return fs, false
	}
	switch {
	case isVar(b.Left, acc):
		fs.key = b.Right
	case isVar(b.Right, acc):
		fs.key, fs.keyFirst = b.Left, true
	default:
		return fs, false
	}
	if !readablePath(fs.key) {
		return fs, false
	}
	base, _ := g.pathOf(fs.key)
	if !isVar(base, elem) {
		return fs, false
	}
	return fs, true
}

// foldSumExpr generates reduce x as a sum over its list's prefix sums
// (readFoldSum), with the per-element form over the same evaluated list
// and bounds for the rows the sums do not answer; ok is false when the
// reading does not apply.
func (g *gen) foldSumExpr(x *ast.Reduce, env *regEnv) (int32, bool, error) {
	fs, ok := g.readFoldSum(x, env)
	if !ok {
		return 0, false, nil
	}
	init, err := g.expr(x.Init, env)
	if err != nil {
		return 0, false, err
	}
	block := g.rs(4)
	lr, err := g.expr(fs.list, env)
	if err != nil {
		return 0, false, err
	}
	g.emit(vm.OpMove, block, lr)
	g.emit(vm.OpMove, block+1, init)
	spec := &vm.FoldSumSpec{KeyFirst: fs.keyFirst}
	_, spec.Key = g.pathOf(fs.key)
	from, to := int32(-1), int32(-1)
	if fs.from != nil {
		r, err := g.expr(fs.from, env)
		if err != nil {
			return 0, false, err
		}
		g.emit(vm.OpMove, block+2, r)
		from, spec.HasFrom = block+2, true
	}
	if fs.to != nil {
		r, err := g.expr(fs.to, env)
		if err != nil {
			return 0, false, err
		}
		g.emit(vm.OpMove, block+3, r)
		to, spec.HasTo = block+3, true
	}
	res := g.r()
	fallback, done := g.newLabel(), g.newLabel()
	g.emitJ(vm.OpFoldSum, 3, fallback, g.addAux(spec), block, res)
	g.emitJ(vm.OpGoto, 0, done)
	g.bind(fallback)
	list := block
	if fs.slice != nil {
		list = g.r()
		g.at(fs.slice)
		g.emit(vm.OpSlice, list, block, from, to)
	}
	r, err := g.reduceOver(x, block+1, list, env)
	if err != nil {
		return 0, false, err
	}
	g.emit(vm.OpMove, res, r)
	g.bind(done)
	return res, true, nil
}
