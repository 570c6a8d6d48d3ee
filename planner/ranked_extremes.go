package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// A per-row least or greatest key of a pattern's matches whose key
// compares with a value of the row,
//
//	COLLECT { MATCH (h)-->(w) WHERE w.id > v.id RETURN min(w.id) AS next }   the least id above v's
//	COLLECT { MATCH (m:A) WHERE m.s = s AND m.k < top RETURN max(m.k) AS k } the greatest below top
//
// (what OPTIONAL MATCH then min() per row is: optionalExtremes), is read
// as an extreme over the group's sorted keys: the pattern is a
// rankedSiblings reading, its siblings enumerated and their keys sorted
// once per group (vm.RankSpec with Extreme), and each row's answer is a
// binary search for the first key past its value (OpRankExtreme), where
// the per-row form enumerates the group's siblings on every row.
//
// When the reading is exact:
//   - The body is one MATCH p [WHERE w] and RETURN min(K) (or max(K)),
//     not DISTINCT, one item, no ORDER BY, SKIP or LIMIT; p and w are a
//     rankedSiblings reading of one comparison (no tuple; partitions
//     before it: ranked_partitions.go, the extreme then the partition's)
//     whose key is K itself, with that reading's guards (operands and other conjuncts
//     that cannot fail, a group of exact keys, a query that writes
//     nothing, not in row mode).
//   - min() keeps the first of the keys that order least by the ORDER BY
//     order; the keys the comparison keeps (true) are all of the value's
//     kind family, numbers without NaN, strings or booleans, where that
//     order is the comparison's, so the least of them by binary search
//     is min()'s, up to equal keys. Which of equal keys that print
//     differently (1 and 1.0, 0.0 and -0.0) min() keeps depends on the
//     order the siblings come in: the rank plans them as row mode reads
//     the pattern (rankedSiblings.inOrder: its match operators, not the
//     set-at-a-time rules, which enumerate in another order) and keeps
//     the first added of equal keys (a stable sort). For a value of
//     another kind (a list, a temporal value) the probe does not answer
//     and the subquery runs for that row (vm rankExtreme).
//   - The COLLECT subquery's value is a list of its one row: [min(K)],
//     [null] when nothing matches, which the rank makes the same way.

// extremeBody returns the pattern, WHERE and key of a subquery body
// `MATCH p [WHERE w] RETURN min(K)` (greatest for max(K)), or ok false.
func extremeBody(q *ast.Query) (p *ast.Pattern, where, key ast.Expr, greatest, ok bool) {
	if q == nil || len(q.Parts) != 1 || len(q.When) > 0 || len(q.Parts[0].Clauses) != 2 {
		return nil, nil, nil, false, false
	}
	cl := q.Parts[0].Clauses
	m, isMatch := cl[0].(*ast.Match)
	r, isRet := cl[1].(*ast.Return)
	if !isMatch || !isRet || m.Optional || m.Pattern == nil || r.Projection == nil {
		return nil, nil, nil, false, false
	}
	pr := r.Projection
	if pr.Distinct || pr.Star || len(pr.Items) != 1 || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil {
		return nil, nil, nil, false, false
	}
	key, greatest, ok = extremeAggregate(pr.Items[0].Expr)
	return m.Pattern, m.Where, key, greatest, ok
}

// extremeAggregate returns K of min(K) (greatest false) or max(K), not
// DISTINCT, or ok false.
func extremeAggregate(e ast.Expr) (key ast.Expr, greatest, ok bool) {
	f, isCall := e.(*ast.FunctionCall)
	if !isCall || f.Distinct || f.Star || len(f.Namespace) > 0 || len(f.Args) != 1 {
		return nil, false, false
	}
	switch strings.ToLower(f.Name) {
	case "min":
	case "max":
		greatest = true
	default:
		return nil, false, false
	}
	return f.Args[0], greatest, true
}

// readRankedExtreme returns the rank reading of a COLLECT subquery of the
// least or greatest key of a pattern's matches over the row's variables
// sc, with the pattern it enumerates, or ok false.
func (b *builder) readRankedExtreme(x *ast.CollectSubquery, sc *scope) (p *ast.Pattern, rs rankedSiblings, greatest, ok bool) {
	p, where, key, greatest, ok := extremeBody(x.Query)
	if !ok {
		return nil, rs, false, false
	}
	rs, ok = b.readRankedPartitions(p, where, sc)
	switch {
	case !ok:
		return nil, rs, false, false
	case len(rs.cmps) == rs.parts && rs.parts > 0:
		// Partitions alone: the extreme of the partition's keys, K added
		// to the tuple after them, evaluated on every sibling (so it
		// must not fail) and reading only the siblings.
		if !rankOperandCannotFail(key) || !deterministic(key) {
			return nil, rs, false, false
		}
		declared := newVarSet()
		patternVars(p, &declared)
		vs, ok := operandVars(key)
		if !ok || len(vs) == 0 {
			return nil, rs, false, false
		}
		for n := range vs {
			if !declared.names[n] || sc.has(n) {
				return nil, rs, false, false
			}
		}
		rs.keys = append(rs.keys, key)
	case len(rs.keys) != rs.parts+1 || ast.FormatExpr(rs.keys[rs.parts]) != ast.FormatExpr(key):
		return nil, rs, false, false
	}
	rs.inOrder = true
	return p, rs, greatest, true
}

// rankedExtremeCollect generates a COLLECT subquery of an extreme
// (readRankedExtreme) as a probe of the group's sorted keys, with the
// subquery run for the rows the probe does not answer; ok is false when
// the reading does not apply.
func (g *gen) rankedExtremeCollect(x *ast.CollectSubquery, env *regEnv) (int32, bool, error) {
	p, rs, greatest, ok := g.b.readRankedExtreme(x, env.scope())
	if !ok {
		return 0, false, nil
	}
	spec := &vm.RankSpec{Cmps: rs.cmps, Extreme: vm.RankLeast}
	if greatest {
		spec.Extreme = vm.RankGreatest
	}
	res, one := g.r(), g.r()
	aux, v, err := g.rankedGroup(p, rs, env, spec, one)
	if err != nil {
		return 0, false, err
	}
	fallback, done := g.newLabel(), g.newLabel()
	g.emitJ(vm.OpRankExtreme, 3, fallback, aux, v, one)
	g.emit(vm.OpMkList, res, one, 1)
	g.emitJ(vm.OpGoto, 0, done)
	g.bind(fallback)
	r, err := g.subquery(x.Query, env, subCollect, x)
	if err != nil {
		return 0, false, err
	}
	g.emit(vm.OpMove, res, r)
	g.bind(done)
	return res, true, nil
}
