package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// A reduce() that keeps the least (or greatest) key of the list's
// elements, of all of them or of those a rank comparison keeps,
//
//	reduce(m = null, y IN xs | CASE WHEN y > x AND (m IS NULL OR y < m) THEN y ELSE m END)      the least y above x
//	reduce(m = null, y IN [y IN xs WHERE y.k <= $cap] | CASE WHEN m IS NULL OR m < y.k THEN y.k ELSE m END)
//	reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r[1] > m THEN r[1] ELSE m END)          the top count
//
// is read as an extreme over the list's sorted keys (a rankedList of
// kind vm.ListRankLeast or vm.ListRankGreatest): the keys sorted once per
// list (the rank's sort, by identity), each row's answer is a binary
// search for the first key past x, where the per-element form tests
// every element on every row. A list carried to every row (a collected
// list unwound, a parameter) makes the per-element form quadratic.
//
// When the reading is exact:
//   - The accumulator starts at null, and the body is one CASE WHEN C
//     THEN K ELSE m END (no subject, one WHEN), K a path of the element
//     (readablePath: the element, its properties, subscripts by integer
//     literals), with C the test `m IS NULL OR K < m` (the least; `K > m`
//     the greatest; either side and either order), alone or in a
//     conjunction with a rank comparison P of the same key with a value
//     of the row (rankComparison: `K op V` or `V op K`, V a path, a
//     parameter or a literal); or P is the WHERE of a filtered
//     comprehension folded (its elements unmapped), over the same key.
//     Conjuncts `K2 = V2` of the test (K2 a path of the element, V2 one
//     of the row) are partitions (ranked_partitions.go): the extreme is
//     that of the elements whose K2 equals V2.
//   - Every key P keeps compares with V, so it is of V's kind family
//     (numbers, NaN left out; strings; booleans) and `<` orders those
//     totally: the accumulator holds the least of them, replaced only by
//     a strictly smaller one, so the first of equal ones (1 before 1.0)
//     is kept, which is the first of its run in the stable sort. A key P
//     does not keep (null, NaN, another kind: a null or false P) leaves
//     the accumulator as it is, as it does not count in the sort; a V of
//     another kind (a list, a temporal value) is left to the per-element
//     form. Without P the keys are answered only when the non-null ones
//     are all of one family, NaN left out (otherwise which one is kept
//     depends on the list's order); a null key is never kept.
//   - Nothing in the body can fail but the key's reads, which read every
//     element (in P, the test or the THEN), and which the rank makes or
//     leaves to the per-element form for the whole list (readPath), so
//     the error is raised where it would be.
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
	sc := env.scope()
	acc, elem := x.Acc.Name, x.Var.Name
	if acc == elem || sc.has(acc) || sc.has(elem) {
		return rl, false
	}
	// The list, and the filter of a filtered comprehension folded (over
	// its own variable).
	list, filterVar := x.In, elem
	var filter ast.Expr
	if c, ok := x.In.(*ast.ListComprehension); ok {
		if c.Where == nil || c.Map != nil && !isVar(c.Map, c.Var.Name) || c.Var.Name == acc || sc.has(c.Var.Name) {
			return rl, false
		}
		list, filter, filterVar = c.In, c.Where, c.Var.Name
	}
	switch list.(type) {
	case *ast.Parameter, *ast.Variable:
	default:
		return rl, false
	}
	c, ok := x.Expr.(*ast.Case)
	if !ok || c.Subject != nil || len(c.Whens) != 1 || !isVar(c.Else, acc) {
		return rl, false
	}
	key := c.Whens[0].Then
	base, steps, ok := pathSteps(key)
	if !ok || base != elem {
		return rl, false
	}
	cs := conjuncts(c.Whens[0].When)
	found := false
	var greatest bool
	for i := range cs {
		if gr, ok := accumulatorTest(cs[i], acc, key); ok {
			greatest, found = gr, true
			cs = append(append([]ast.Expr{}, cs[:i]...), cs[i+1:]...)
			break
		}
	}
	if !found {
		return rl, false
	}
	// Equalities of keys of the element with values of the row are
	// partitions (ranked_partitions.go): the extreme is the partition's.
	var partKeys, partVals []ast.Expr
	for i := 0; i < len(cs); i++ {
		k, v, ok := rankEquality(cs[i], map[string]bool{elem: true}, sc, readablePath)
		if !ok || !readablePath(k) || !readablePath(v) || exprVars(v)[acc] || exprVars(v)[elem] {
			continue
		}
		partKeys, partVals = append(partKeys, k), append(partVals, v)
		cs = append(append([]ast.Expr{}, cs[:i]...), cs[i+1:]...)
		i--
	}
	if len(cs) > 1 || len(cs) == 1 && filter != nil {
		return rl, false
	}
	if len(cs) == 1 {
		filter, filterVar = cs[0], elem
	}
	rl.list, rl.elem = list, x.Var
	rl.keys = append(partKeys, key)
	rl.vals = partVals
	rl.cmps = slices.Repeat([]vm.RankCmp{vm.RankEq}, len(partKeys))
	rl.kind = vm.ListRankLeast
	if greatest {
		rl.kind = vm.ListRankGreatest
	}
	if filter == nil {
		// The least (greatest) of all the keys (of the partition's).
		return rl, true
	}
	k, v, cmp, ok := rankComparison(filter, map[string]bool{filterVar: true}, sc, readablePath)
	if !ok || !readablePath(v) || exprVars(v)[acc] || exprVars(v)[elem] || exprVars(v)[filterVar] {
		return rl, false
	}
	if kb, ks, ok := pathSteps(k); !ok || kb != filterVar || ks != steps {
		return rl, false
	}
	rl.vals, rl.cmps = append(rl.vals, v), append(rl.cmps, cmp)
	return rl, true
}

// pathSteps splits a path of a variable (readablePath) into the
// variable's name and its reads, spelled; ok is false for anything else.
func pathSteps(e ast.Expr) (base, steps string, ok bool) {
	if !readablePath(e) {
		return "", "", false
	}
	var b strings.Builder
	var parts []string
	for {
		switch x := e.(type) {
		case *ast.Variable:
			for i := len(parts) - 1; i >= 0; i-- {
				b.WriteString(parts[i])
			}
			return x.Name, b.String(), true
		case *ast.Property:
			parts = append(parts, "."+x.Key)
			e = x.Expr
		case *ast.Index:
			parts = append(parts, "["+ast.FormatExpr(x.Index)+"]")
			e = x.Expr
		default:
			return "", "", false
		}
	}
}

// accumulatorTest reports whether e is `m IS NULL OR K < m` (greatest
// false) or `m IS NULL OR K > m` (greatest true), the disjuncts in either
// order and the comparison either side first, for the accumulator m and
// the element's key K.
func accumulatorTest(e ast.Expr, acc string, key ast.Expr) (greatest, ok bool) {
	ds := disjuncts(e)
	if len(ds) != 2 {
		return false, false
	}
	k := ast.FormatExpr(key)
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
		if isVar(l, acc) && ast.FormatExpr(r) == k {
			// m > K is K < m.
			switch op {
			case ast.CmpGt:
				op = ast.CmpLt
			case ast.CmpLt:
				op = ast.CmpGt
			default:
				return false, false
			}
		} else if ast.FormatExpr(l) != k || !isVar(r, acc) {
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
