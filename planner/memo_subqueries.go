package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// Subqueries with a body keep their last value while the row's values
// they read repeat.
//
// A subquery expression with clauses of its own (COLLECT { }, COUNT {
// MATCH ... }, EXISTS { MATCH ... }) that reads variables of the row is
// evaluated for every row that reaches it, though its value is decided
// by those variables' values alone (with the graph and the parameters,
// fixed within a run of a statement that writes nothing and calls only
// functions stable within it, as for subqueries that read nothing of the
// row: see hoist_subqueries.go). Rows that reach it with the same values
// again (`MATCH (q)-[:TAGGED]->(t:Tag {name: $tag}) WHERE q.views >
// COLLECT { MATCH (x)-[:TAGGED]->(t) RETURN avg(x.views) AS m }[0]`, one
// t for every q) recompute the same value: the subquery is written once
// per group, per tag or per hub, and runs once per row.
//
// So the generated code keeps the value with the values it was computed
// for: a row whose values are the last computation's (the same node or
// relationship, a value the same in kind and content, value.Same) takes
// the kept value; any other row computes it and keeps it. A one-entry
// memo: it gains where equal values come in runs, the rows of one
// binding expanded further, and costs three steps per row elsewhere,
// which a subquery with clauses outweighs.
//
// Why it is exact. The value is a function of the values read (the
// conditions above), so the kept value is the one the row would compute.
// Errors surface where they did: a value is kept only when its
// computation finished, and a row whose values were never computed
// computes them and raises what the written order raises on it.
func (g *gen) memoSubquery(e ast.Expr, env *regEnv) (int32, bool, error) {
	switch x := e.(type) {
	case *ast.CollectSubquery:
	case *ast.CountSubquery:
		if x.Query == nil {
			return 0, false, nil
		}
	case *ast.ExistsSubquery:
		if x.Query == nil {
			return 0, false, nil
		}
	default:
		return 0, false, nil
	}
	if g.noHoist || g.b.rowModeOnly || g.b.noKeys || g.b.volatile || !deterministic(e) {
		return 0, false, nil
	}
	// The keys: the row's variables the subquery names, and, after a
	// projection whose expressions' texts stand for its columns (subst),
	// the columns of the texts of its expressions, which it may read.
	seen := map[string]bool{}
	var keys []string
	add := func(n string) {
		if _, ok := env.vars[n]; ok && !seen[n] {
			seen[n] = true
			keys = append(keys, n)
		}
	}
	for n := range mentionedNames(e) {
		add(n)
	}
	if g.subst != nil {
		ast.Inspect(e, func(x ast.Node) bool {
			if y, ok := x.(ast.Expr); ok {
				if n, ok := g.subst[y.NodeSpan().Text(g.b.src)]; ok {
					add(n)
				}
			}
			return true
		})
	}
	if len(keys) == 0 {
		return 0, false, nil // run once instead (onceSubquery)
	}
	slices.Sort(keys)
	if r, ok, err := g.memoByValues(e, env, keys); ok || err != nil {
		return r, ok, err
	}
	flag, r := g.n(), g.r()
	saved := make([]int32, len(keys))
	for i, k := range keys {
		if env.vars[k].kind == slotValue {
			saved[i] = g.r()
		} else {
			saved[i] = g.n()
		}
	}
	check, compute, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.emitJ(vm.OpJumpIfNonZero, 1, check, flag)
	g.emitJ(vm.OpGoto, 0, compute)
	g.bind(check)
	for i, k := range keys {
		s := env.vars[k]
		if s.kind == slotValue {
			next := g.newLabel()
			g.emitJ(vm.OpJumpIfSame, 2, next, s.reg, saved[i])
			g.emitJ(vm.OpGoto, 0, compute)
			g.bind(next)
		} else {
			g.emitJ(vm.OpJumpIfIDNe, 2, compute, s.reg, saved[i])
		}
	}
	g.emitJ(vm.OpGoto, 0, done)
	g.bind(compute)
	g.noHoist = true
	v, err := g.expr(e, env)
	g.noHoist = false
	if err != nil {
		return 0, false, err
	}
	g.emit(vm.OpMove, r, v)
	for i, k := range keys {
		s := env.vars[k]
		if s.kind == slotValue {
			g.emit(vm.OpMove, saved[i], s.reg)
		} else {
			g.emit(vm.OpMoveID, saved[i], s.reg)
		}
	}
	g.emit(vm.OpSetCounter, flag, 1)
	g.bind(done)
	return r, true, nil
}
