package planner

import (
	"fmt"
	"slices"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Deferred tests: a test that may fail, evaluated where its rows are
// scanned, its error carried to where row mode raises it.
//
// `MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE toLower(m.title)
// CONTAINS 'the'` planned from m reads each movie, expands its actors and
// tests every (movie, actor) row: the test may fail (toLower of a value
// that is not a string), so pushdownFilters does not move it ahead of the
// expansion, where it would raise its error for a movie without actors,
// a row row mode never tests. deferTests evaluates it over the scan's
// batches all the same, as vector code, and keeps its outcome with each
// lane (vm/vector_defer.go):
//
//   - a lane where the test is false is dropped: row mode drops every row
//     of that movie at the filter, without an error, since the test is
//     the first of the filter's conjuncts that may fail and so is
//     evaluated before any other that could raise one (safeFirst orders
//     those that cannot fail first, then the others as written), and a
//     false conjunct decides the AND;
//   - every other lane is kept, bound to the test's value (true, null or
//     another value) and, when the test failed, its error, not raised;
//   - at the filter the conjunct reads that outcome (deferredFunc): the
//     value it had, or the error it raised, on the row's movie. The test
//     reads only the scanned node and constants and is deterministic, and
//     the operators between the scan and the filter cannot fail nor change
//     what it reads (guardCrosses), so the outcome is the conjunct's own
//     on that row: the filter keeps and drops the rows it kept and
//     dropped, and raises the error on exactly the rows, and at the point
//     of its evaluation order, where row mode raises it.
//
// The filter then reads only the movie's outcome, nothing the expansion
// binds: after a set expansion it is tested once per movie whose set is
// not empty (setOnceFilters), and the expansion keeps its set form. Where
// a guard of the same test (guardFilters) sits after the scan it is
// dropped: the deferred test drops what it dropped, without failing.

// deferredFunc names the internal call that reads a deferred test's
// outcome: deferredFunc(outcome variable, the test as written). No
// function of a query can have the name.
const deferredFunc = "#deferred"

// deferTests defers, per node scan of pl, the first test that qualifies
// (see above). It runs after the scans' prefilters are chosen and before
// markVectorised, which makes the deferred test the first vector filter
// of the scan's region.
func deferTests(pl *logical.Pipeline) {
	entities := entityVars(pl.Ops, nil)
	for i := 0; i < len(pl.Ops); i++ {
		f, ok := pl.Ops[i].(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised || f.Defer != "" {
			continue
		}
		cs := conjuncts(f.Pred)
		k := slices.IndexFunc(cs, func(c ast.Expr) bool { return !surelySafe(c, entities) })
		if k < 0 {
			continue
		}
		c := cs[k]
		vars := exprVars(c)
		if len(vars) != 1 || readsDeferred(c) || !deterministic(c) {
			continue
		}
		var v string
		for n := range vars {
			v = n
		}
		s, ok := deferScan(pl.Ops, i, v, entities)
		if !ok || carriesDeferred(pl.Ops, s) || !vectorisable(c, v, map[string]bool{v: true}) {
			continue
		}
		sp := c.NodeSpan()
		name := fmt.Sprintf("#d%d_%d_%s", sp.Start, sp.End, v)
		cs[k] = &ast.FunctionCall{Span: sp, Name: deferredFunc, Args: []ast.Expr{&ast.Variable{Span: sp, Name: name}, c}}
		f.Pred = andOf(cs)
		pl.Ops[i] = f
		// Drop the guards of c between the scan and the filter.
		for j := i - 1; j > s; j-- {
			g, ok := pl.Ops[j].(logical.Filter)
			if !ok || g.Subst != nil {
				continue
			}
			kept := slices.DeleteFunc(conjuncts(g.Pred), func(x ast.Expr) bool { return guardOf(x, c) })
			switch {
			case len(kept) == 0:
				pl.Ops = slices.Delete(pl.Ops, j, j+1)
				i--
			default:
				g.Pred = andOf(kept)
				pl.Ops[j] = g
			}
		}
		pl.Ops = slices.Insert(pl.Ops, s+1, logical.Op(logical.Filter{Pred: c, Defer: name}))
		i++
	}
}

// carriesDeferred reports whether the scan at index s already carries a
// deferred test (one per scan: the test must be the first of the scan's
// vector code, see vm.vecDefer).
func carriesDeferred(ops []logical.Op, s int) bool {
	if s+1 >= len(ops) {
		return false
	}
	f, ok := ops[s+1].(logical.Filter)
	return ok && f.Defer != ""
}

// surelySafe reports whether conjunct c cannot fail whatever the values
// of parameters (neverFails, and no list parameter that may not be a
// list: an IN over a parameter fails when it is not one).
func surelySafe(c ast.Expr, entities map[string]bool) bool {
	if !neverFails(c, entities) {
		return false
	}
	safe := true
	visitExpr(c, func(x ast.Expr) bool {
		if in, ok := x.(*ast.In); ok {
			if _, param := in.List.(*ast.Parameter); param {
				safe = false
			}
		}
		return safe
	})
	return safe
}

// deferScan returns the index of the node scan binding v that a test of v
// at index i may be deferred to: every operator between them cannot fail
// and does not rebind v (guardCrosses, or a filter of guards), and one of
// them is an expansion (without one, the test already runs on the scan's
// rows).
func deferScan(ops []logical.Op, i int, v string, entities map[string]bool) (int, bool) {
	expands := false
	for j := i - 1; j >= 0; j-- {
		op := ops[j]
		if s, ok := op.(logical.NodeScan); ok && s.Var == v {
			return j, expands
		}
		if bound, _ := bindsVars(op); slices.Contains(bound, v) {
			return 0, false
		}
		switch op.(type) {
		case logical.Expand, logical.VarExpand, logical.ExpandChain, logical.ExpandCommon:
			expands = true
		}
		if !guardCrosses(op, entities) && !guardFilter(op, entities) {
			return 0, false
		}
	}
	return 0, false
}

// guardFilter reports whether op is a filter of conjuncts that cannot
// fail and guards guardFilters placed (which cannot fail either).
func guardFilter(op logical.Op, entities map[string]bool) bool {
	f, ok := op.(logical.Filter)
	if !ok || f.Subst != nil || f.Defer != "" {
		return false
	}
	for _, c := range conjuncts(f.Pred) {
		if !neverFails(c, entities) && !isGuard(c, entities) {
			return false
		}
	}
	return true
}

// isGuard reports whether c is `CASE WHEN t THEN x ELSE true END` with t
// the tests under which x cannot fail (guardTests): a guard
// guardFilters built, which cannot fail.
func isGuard(c ast.Expr, entities map[string]bool) bool {
	cs, ok := c.(*ast.Case)
	if !ok || cs.Subject != nil || len(cs.Whens) != 1 || !isTrueLiteral(cs.Else) {
		return false
	}
	tests, ok := guardTests(cs.Whens[0].Then, entities)
	return ok && len(tests) > 0 && ast.FormatExpr(andOf(tests)) == ast.FormatExpr(cs.Whens[0].When)
}

// guardOf reports whether g is a guard of c: `CASE WHEN ... THEN c ELSE
// true END`.
func guardOf(g, c ast.Expr) bool {
	cs, ok := g.(*ast.Case)
	return ok && cs.Subject == nil && len(cs.Whens) == 1 && isTrueLiteral(cs.Else) &&
		ast.FormatExpr(cs.Whens[0].Then) == ast.FormatExpr(c)
}

func isTrueLiteral(e ast.Expr) bool {
	l, ok := e.(*ast.Literal)
	return ok && l.Kind == ast.LitBool && l.Bool
}

// readsDeferred reports whether e reads a deferred test's outcome.
func readsDeferred(e ast.Expr) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if fc, ok := x.(*ast.FunctionCall); ok && fc.Name == deferredFunc {
			found = true
		}
		return !found
	})
	return found
}

// deferredRead compiles deferredFunc(outcome, test): the outcome's value,
// or the error the test raised on the row's scanned node.
func (g *gen) deferredRead(x *ast.FunctionCall, env *regEnv) (int32, error) {
	v, ok := x.Args[0].(*ast.Variable)
	if !ok {
		return 0, fmt.Errorf("planner: malformed deferred test")
	}
	s, bound := env.vars[v.Name]
	c, known := g.deferCursor[v.Name]
	if !bound || !known {
		// Where the outcome is not carried (code generated for the rows
		// apart from the batched scan), the test itself: the deferred
		// test only dropped rows where it is false, which it drops here
		// again without error.
		return g.expr(x.Args[1], env)
	}
	r := g.r()
	g.emit(vm.OpDeferredCheck, r, s.reg, c)
	return r, nil
}

// setOnceFilters tests, once per set, the filters right after a set
// expansion (ops[0], binding name into set) that read only variables
// bound before it and are deterministic: row mode tests such a filter on
// every row the set gives, each time with the same value, so it raises
// its error on the first row or keeps or drops them all. Tested once when
// the set is not empty (an empty set gives no row to test), it keeps,
// drops and fails exactly so. It returns how many operators after ops[0]
// it took.
func (g *gen) setOnceFilters(set int32, name string, ops []logical.Op, e *regEnv, cont label) (int, error) {
	k := 0
	for 1+k < len(ops) {
		f, ok := ops[1+k].(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised || f.Defer != "" || !readsOnlyBound(f.Pred, name, e) || !deterministicReads(f.Pred) {
			break
		}
		g.enter(&ops[1+k])
		n, zero, some := g.r(), g.r(), g.r()
		g.emit(vm.OpSetCount, n, set)
		g.emit(vm.OpConst, zero, g.constant(value.Int(0)))
		g.emit(vm.OpGt, some, n, zero)
		g.emitJ(vm.OpJumpIfNotTrue, 1, cont, some)
		for _, c := range g.b.filterConjuncts(f.Pred, rowEntities(e)) {
			r, err := g.expr(c, e)
			if err != nil {
				return 0, err
			}
			g.emit(vm.OpAssertBool, r)
			g.emitJ(vm.OpJumpIfNotTrue, 1, cont, r)
		}
		k++
	}
	return k, nil
}

// readsOnlyBound reports whether pred reads only variables of e other
// than name.
func readsOnlyBound(pred ast.Expr, name string, e *regEnv) bool {
	s := newVarSet()
	addExprVars(pred, &s)
	if s.all || s.aggs {
		return false
	}
	for n := range s.names {
		if _, ok := e.vars[n]; !ok || n == name {
			return false
		}
	}
	return true
}

// deterministicReads is deterministic, with reads of deferred tests
// (whose tests deferTests took deterministic) allowed.
func deterministicReads(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if fc, isCall := n.(*ast.FunctionCall); isCall {
			if fc.Name == deferredFunc {
				return false
			}
			if f, found := functions.Lookup(qualifiedName(fc)); !found || !f.Deterministic && !f.StatementStable {
				ok = false
			}
		}
		return ok
	})
	return ok
}
