package planner

import (
	"math"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// rankedSiblings is a per-row COUNT or EXISTS of a pattern whose WHERE
// compares a key of the pattern's own rows with a value of the current
// row, read as a rank within a group:
//
//	COUNT { (h)-->(c) WHERE c.id < b.id }                    rank of b.id among h's neighbours
//	NOT EXISTS { (u)-[:PROVIDED]->(x) WHERE x.score > a.score } a.score is the maximum, ties included
//
// The pattern and its other conjuncts (the siblings: labels, filters,
// parallel relationships all kept) read only the group variables G (the
// current row's variables the pattern and those conjuncts name), so every
// row of one group counts over the same sibling rows; only the compared
// value v differs. The count is then the number of the group's keys k
// with `k op v` true, which one sort of the group's keys answers for
// every row by binary search (vm.RankSpec: the rank of v, ties sharing
// it; nulls, NaN and values of kinds that do not compare with v never
// count, as in the comparison they replace).
//
// A tuple of keys compared lexicographically, `K1 > V1 OR (K1 = V1 AND
// K2 < V2)` (ties on the first key broken by the next: a page ordered by
// two keys), is the same rank over tuples: the sorted first keys give the
// strict part, the run of keys equal to V1 is tested on the rest.
//
// When the reading is exact:
//   - The WHERE has one conjunct `K op V` (op one of <, <=, >, >=, either
//     side first), or a lexicographic tuple of them (rankTuple), where K
//     reads only variables the pattern declares and V only variables of
//     the current row (or parameters, literals), and both cannot fail (a
//     variable, a literal, a parameter, a property of a variable): the
//     per-row form may evaluate them for other rows or not at all, which
//     is then not observable. `K = V` is true exactly when the kernel's
//     equal run holds it (value.Equal and value.Compare agree on numbers,
//     strings and booleans; other kinds are tested one by one).
//   - The other conjuncts cannot fail either: the rank tests them on
//     every sibling, the per-row form only where the comparison holds.
//   - V reads a variable outside G: otherwise the whole count is per
//     group and a sort gains nothing.
//   - Every variable G holds has an exact key (a node, a relationship or
//     a scalar; vm.rankKey), and the query writes nothing (a write
//     between rows could change a group's siblings).
//   - Plans in row mode (differential tests) keep the per-row form, which
//     the tests compare with this one.
//
// Equalities `K = V` among the other conjuncts whose V reads a row
// variable nothing else of the siblings reads are partitions rather than
// filters (ranked_partitions.go): they lead the tuple with vm.RankEq and
// their V is probed, not grouped by.
type rankedSiblings struct {
	keys, vals []ast.Expr // the tuples compared, lexicographically
	cmps       []vm.RankCmp
	// parts is the number of leading keys that are partitions (vm.RankEq:
	// ranked_partitions.go), the equalities of the WHERE.
	parts int
	rest  ast.Expr // the other conjuncts, nil when none
	group []string // G, in the environment's order
	// inOrder plans the siblings as row mode reads them, in their order
	// (an extreme keeps the first of equal keys: ranked_extremes.go).
	inOrder bool
}

// readRankedSiblings returns the rank reading of a per-row pattern test or
// count with WHERE where, over the current row's variables sc, or ok
// false.
func (b *builder) readRankedSiblings(p *ast.Pattern, where ast.Expr, sc *scope) (rankedSiblings, bool) {
	rs, ok := b.readRankedPartitions(p, where, sc)
	return rs, ok && len(rs.cmps) > rs.parts
}

// readRankedPartitions is readRankedSiblings allowing a WHERE of
// partitions alone, with no comparison after them (the extreme of a
// partition's keys: ranked_extremes.go).
func (b *builder) readRankedPartitions(p *ast.Pattern, where ast.Expr, sc *scope) (rankedSiblings, bool) {
	var rs rankedSiblings
	if b.rowModeOnly || b.writes || where == nil {
		return rs, false
	}
	declared := newVarSet()
	patternVars(p, &declared)
	inner := map[string]bool{}
	for n := range declared.names {
		if !sc.has(n) {
			inner[n] = true
		}
	}
	cs := conjuncts(where)
	found := -1
	for i, c := range cs {
		if ks, vs, cmps, ok := rankTuple(c, inner, sc, rankOperandCannotFail); ok {
			rs.keys, rs.vals, rs.cmps, found = ks, vs, cmps, i
			break
		}
	}

	reads := declared
	var rest, partKeys, partVals []ast.Expr
	var eqs []int
	for i, c := range cs {
		if i == found {
			continue
		}
		if _, _, ok := rankEquality(c, inner, sc, rankOperandCannotFail); ok {
			eqs = append(eqs, i)
			continue
		}
		rest = append(rest, c)
		addExprVars(c, &reads)
	}
	for _, i := range eqs {
		// A partition (ranked_partitions.go) where the equality's value
		// reads a row variable nothing else of the siblings reads: its
		// value is probed rather than made a group variable. One whose
		// value is constant for the group stays a filter of the siblings.
		k, v, _ := rankEquality(cs[i], inner, sc, rankOperandCannotFail)
		if readsBeyond(v, reads.names) {
			partKeys, partVals = append(partKeys, k), append(partVals, v)
			continue
		}
		rest = append(rest, cs[i])
		addExprVars(cs[i], &reads)
	}
	rs.parts = len(partKeys)
	rs.keys, rs.vals = append(partKeys, rs.keys...), append(partVals, rs.vals...)
	rs.cmps = append(slices.Repeat([]vm.RankCmp{vm.RankEq}, rs.parts), rs.cmps...)
	if reads.all {
		return rs, false
	}
	if len(rest) > 0 {
		rs.rest = andAll(rest)
		// The per-row form tests the comparison (which cannot fail) first
		// and skips the rest where it is false; the rank tests the rest
		// on every sibling, so an error there could be raised where the
		// per-row form never meets it.
		if !cannotFail(rs.rest) {
			return rs, false
		}
	}
	inGroup := map[string]bool{}
	for n := range reads.names {
		switch {
		case sc.has(n):
			inGroup[n] = true
		case !inner[n]:
			// A variable of an enclosing scope, or one a comprehension
			// declares: not followed here.
			return rs, false
		}
	}
	for _, n := range sc.order {
		if inGroup[n] {
			rs.group = append(rs.group, n)
		}
	}
	perRow := false
	for _, v := range rs.vals {
		for n := range exprVars(v) {
			perRow = perRow || !inGroup[n]
		}
	}
	return rs, perRow
}

// rankTuple reports whether c compares a tuple of inner keys with a tuple
// of the row's values lexicographically: one comparison (rankComparison),
// or `K1 op V1 OR (K1 = V1 AND rest)` with op strict and rest a rankTuple
// again (the disjuncts, the conjuncts and the equality's operands in
// either order). It returns the tuples and each position's comparison.
// Every key and value is an operand that safe accepts: one that cannot
// fail where it is evaluated.
func rankTuple(c ast.Expr, inner map[string]bool, sc *scope, safe func(ast.Expr) bool) (keys, vals []ast.Expr, cmps []vm.RankCmp, ok bool) {
	if k, v, cmp, ok := rankComparison(c, inner, sc, safe); ok {
		return []ast.Expr{k}, []ast.Expr{v}, []vm.RankCmp{cmp}, true
	}
	ds := disjuncts(c)
	if len(ds) != 2 {
		return nil, nil, nil, false
	}
	for i, d := range ds {
		k, v, cmp, ok := rankComparison(d, inner, sc, safe)
		if !ok || cmp == vm.RankLe || cmp == vm.RankGe {
			continue
		}
		cs := conjuncts(ds[1-i])
		if len(cs) != 2 {
			continue
		}
		for j, e := range cs {
			if !sameOperands(e, k, v) {
				continue
			}
			ks, vs, rest, ok := rankTuple(cs[1-j], inner, sc, safe)
			if ok {
				return append([]ast.Expr{k}, ks...), append([]ast.Expr{v}, vs...), append([]vm.RankCmp{cmp}, rest...), true
			}
		}
	}
	return nil, nil, nil, false
}

// sameOperands reports whether e is `a = b` or `b = a`.
func sameOperands(e, a, b ast.Expr) bool {
	x, ok := e.(*ast.Comparison)
	if !ok || len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq || len(x.Operands) != 2 {
		return false
	}
	l, r := ast.FormatExpr(x.Operands[0]), ast.FormatExpr(x.Operands[1])
	fa, fb := ast.FormatExpr(a), ast.FormatExpr(b)
	return l == fa && r == fb || l == fb && r == fa
}

// rankComparison reports whether c is `K op V` (or `V op K`) with K
// reading only inner variables and V only the environment's, both
// accepted by safe, and returns them with op as K's comparison with V.
func rankComparison(c ast.Expr, inner map[string]bool, sc *scope, safe func(ast.Expr) bool) (key, val ast.Expr, cmp vm.RankCmp, ok bool) {
	x, isCmp := c.(*ast.Comparison)
	if !isCmp || len(x.Ops) != 1 || len(x.Operands) != 2 {
		return nil, nil, 0, false
	}
	side := func(e ast.Expr) (innerOnly, outerOnly bool) { return rankSide(e, inner, sc, safe) }
	op := x.Ops[0]
	l, r := x.Operands[0], x.Operands[1]
	lIn, _ := side(l)
	rIn, rOut := side(r)
	switch {
	case lIn && rOut:
		key, val = l, r
	case rIn:
		if _, lOut := side(l); !lOut {
			return nil, nil, 0, false
		}
		key, val, op = r, l, flipComparison(op)
	default:
		return nil, nil, 0, false
	}
	switch op {
	case ast.CmpLt:
		cmp = vm.RankLt
	case ast.CmpLe:
		cmp = vm.RankLe
	case ast.CmpGt:
		cmp = vm.RankGt
	case ast.CmpGe:
		cmp = vm.RankGe
	default:
		return nil, nil, 0, false
	}
	return key, val, cmp, true
}

// rankedCount generates a per-row COUNT (count) or EXISTS of pattern p
// with WHERE where as a probe of the group's sorted keys
// (rankedSiblings); ok is false when the reading does not apply. The
// siblings run once per group: the first row of a group fills and sorts
// its keys, every row answers by binary search.
func (g *gen) rankedCount(p *ast.Pattern, where ast.Expr, env *regEnv, count bool) (int32, bool, error) {
	rs, ok := g.b.readRankedSiblings(p, where, env.scope())
	if !ok {
		return 0, false, nil
	}
	res := g.r()
	if _, _, err := g.rankedGroup(p, rs, env, &vm.RankSpec{Cmps: rs.cmps, Exists: !count}, res); err != nil {
		return 0, false, err
	}
	return res, true, nil
}

// rankedGroup generates the rank rs of pattern p for the current row:
// its values evaluated into consecutive registers from v, then a probe of
// the group's sorted keys (OpRankProbe) that, on a miss, enumerates the
// siblings, adds their keys and seals the group (OpRankSeal). Both write
// the spec's answer to res (nothing useful for an Extreme spec, which
// OpRankExtreme answers after). It returns the spec's aux index and v.
func (g *gen) rankedGroup(p *ast.Pattern, rs rankedSiblings, env *regEnv, spec *vm.RankSpec, res int32) (aux, v int32, err error) {
	sc := env.scope()
	for _, n := range rs.group {
		s := env.vars[n]
		if s.kind == slotValue {
			spec.R = append(spec.R, s.reg)
		} else {
			spec.N = append(spec.N, s.reg)
		}
	}
	ops, err := g.b.rankedSiblingOps(p, rs, sc)
	if err != nil {
		return 0, 0, err
	}
	v = g.rs(len(rs.vals))
	for i, e := range rs.vals {
		r, err := g.expr(e, env)
		if err != nil {
			return 0, 0, err
		}
		g.emit(vm.OpMove, v+int32(i), r)
	}
	spec.Keys = len(rs.keys)
	aux = g.addAux(spec)
	done, filled := g.newLabel(), g.newLabel()
	g.emitJ(vm.OpRankProbe, 3, done, aux, v, res)
	dummy := int32(-1)
	err = g.ops(ops, env.clone(), filled, filled, &dummy, func(ie *regEnv) error {
		k := g.rs(len(rs.keys))
		for i, e := range rs.keys {
			r, err := g.expr(e, ie)
			if err != nil {
				return err
			}
			g.emit(vm.OpMove, k+int32(i), r)
		}
		g.emit(vm.OpRankAdd, aux, k)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	g.bind(filled)
	g.emit(vm.OpRankSeal, aux, v, res)
	g.bind(done)
	return aux, v, nil
}

// rankedSiblingOps plans the siblings of a rank reading: the pattern with
// the other conjuncts, every match kept (a count counts them all), the
// key's variables live.
func (b *builder) rankedSiblingOps(p *ast.Pattern, rs rankedSiblings, sc *scope) ([]logical.Op, error) {
	ops, _, err := b.matchOps(p, rs.rest, sc)
	if err != nil || rs.inOrder {
		return ops, err
	}
	live := newVarSet()
	for _, k := range rs.keys {
		addExprVars(k, &live)
	}
	return b.rewrite(ops, need{Live: live, Bag: true}), nil
}

// rankedPipeline prices a pattern test or count that code generation
// reads as a rank (rankedSiblings): its siblings' pipeline, with the share
// of the rows entering ops[i] that run it, once per group (see keyRuns:
// once in all for no group variable, once per run of one group variable's
// rows; per row for more).
func (b *builder) rankedPipeline(ops []logical.Op, i int, x ast.Expr) (*logical.Pipeline, float64, bool) {
	sc, at, ok := scopeAt(ops, i)
	if !ok {
		return nil, 0, false
	}
	var p *ast.Pattern
	var rs rankedSiblings
	if cs, isCollect := x.(*ast.CollectSubquery); isCollect {
		// The least or greatest key of the matches (ranked_extremes.go).
		p, rs, _, ok = b.readRankedExtreme(cs, sc)
	} else {
		var where ast.Expr
		if p, where, _, ok = patternMatches(x); ok {
			rs, ok = b.readRankedSiblings(p, where, sc)
		}
	}
	if !ok {
		return nil, 0, false
	}
	inner, err := b.rankedSiblingOps(p, rs, sc)
	if err != nil {
		return nil, 0, false
	}
	rows := math.Max(1, b.rowsAfter(ops[:i]))
	runs := rows
	switch len(rs.group) {
	case 0:
		runs = 1
	case 1:
		if _, bound := at[rs.group[0]]; bound {
			runs = b.keyRuns(ops[:i], at, rs.group[0], "")
		}
	}
	return &logical.Pipeline{Ops: inner}, math.Min(1, runs/rows), true
}

// rankSide reports whether operand e of a rank's comparison or equality,
// accepted by safe and deterministic, reads only the subquery's own
// variables (inner, at least one) or only the environment's (sc).
func rankSide(e ast.Expr, inner map[string]bool, sc *scope, safe func(ast.Expr) bool) (innerOnly, outerOnly bool) {
	if !safe(e) || !deterministic(e) {
		return false, false
	}
	vs, ok := operandVars(e)
	if !ok {
		return false, false
	}
	innerOnly, outerOnly = len(vs) > 0, true
	for n := range vs {
		innerOnly = innerOnly && inner[n]
		outerOnly = outerOnly && sc.has(n)
	}
	return innerOnly, outerOnly
}
