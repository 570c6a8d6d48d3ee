package planner

import (
	"slices"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Subqueries that read nothing of the row run once.
//
// A subquery expression (COUNT { }, EXISTS { }, COLLECT { }, a pattern
// comprehension or predicate) that names no variable of the row it is
// evaluated for, and a CALL { } whose body reads nothing of its input
// row, compute the same value (the same rows, in the same order) for
// every row of a run, provided that
//
//   - nothing between two rows changes what they read: the statement
//     writes nothing, calls no procedure and loads no CSV (mayWrite);
//   - they call only functions whose value their arguments decide within
//     the statement (not rand(), randomUUID()).
//
// Such a subquery is computed the first time control reaches it and kept
// in a register for the rest of the run (as hoist keeps a run-constant
// expression); a CALL keeps its rows as a list and hands them on again for
// every later row. `MATCH (n:A) WITH n.s AS s, count(*) AS c RETURN s, c,
// c * 100 / COUNT { MATCH (m:A) }` counts the A nodes once, not once per
// group.
//
// Why it is exact. The subquery's value is a function of the run's
// parameters and the graph, both fixed for the run under the conditions
// above, so the first computation is the value every later row would
// compute. Errors surface where they did: the first row that reaches the
// subquery computes it and raises its error, as evaluating it row at a
// time raises it on that row; a run where no row reaches it (an empty
// input, a CASE branch not taken, a short-circuited test) computes
// nothing.
//
// The cost model prices such a subquery once instead of once per row
// (see onceExprWeight and onceCallRuns).

// onceSubquery reports whether expression e is a subquery expression that
// names none of the variables bound says are the row's, and computes one
// value per run.
func (b *builder) onceSubquery(e ast.Expr, bound func(string) bool) bool {
	switch e.(type) {
	case *ast.CountSubquery, *ast.ExistsSubquery, *ast.CollectSubquery, *ast.PatternComprehension, *ast.PatternExpr:
	default:
		return false
	}
	if b.rowModeOnly || b.noKeys || !deterministic(e) {
		return false
	}
	for n := range mentionedNames(e) {
		if bound(n) {
			return false
		}
	}
	return true
}

// onceExpr reports whether e, evaluated with env, is computed once per
// run (onceSubquery).
func (g *gen) onceExpr(e ast.Expr, env *regEnv) bool {
	if g.noHoist {
		return false
	}
	return g.b.onceSubquery(e, func(n string) bool {
		_, ok := env.vars[n]
		return ok
	})
}

// hoistOnce compiles subquery expression e to run once per run (see
// hoist), planned for the one run it makes. The projection's
// substitutions (expression text -> the row's column) are not applied
// inside it: it reads nothing of the row.
func (g *gen) hoistOnce(e ast.Expr, env *regEnv) (int32, error) {
	savedRows, savedSubst, savedOnce := g.curRows, g.subst, g.once
	g.curRows, g.subst, g.once = 1, nil, true
	defer func() { g.curRows, g.subst, g.once = savedRows, savedSubst, savedOnce }()
	return g.hoist(e, env)
}

// onceBatch is the operators of the body of a subquery expression with
// batched scans (see useBatchScans) in what runs once per run, as in the
// statement's own pipelines, when the statement writes nothing: the
// whole body when it runs once (see onceSubquery), else the builds of
// its value joins and key counts, which run when the first row arrives.
func (g *gen) onceBatch(ops []logical.Op) []logical.Op {
	if g.b.rowModeOnly || g.b.noKeys {
		return ops
	}
	if g.once {
		pl := &logical.Pipeline{Ops: slices.Clone(ops)}
		useBatchScans(pl)
		return pl.Ops
	}
	out, cloned := ops, false
	for i, op := range ops {
		switch op.(type) {
		case logical.ValueJoin, logical.KeyCount:
		default:
			continue
		}
		build := &logical.Pipeline{Ops: slices.Clone(op.Children()[0].Ops)}
		useBatchScans(build)
		nop, err := op.WithChildren(build)
		if err != nil {
			continue
		}
		if !cloned {
			out, cloned = slices.Clone(ops), true
		}
		out[i] = nop
	}
	return out
}

// onceCall reports whether CALL subquery o, reached with env, runs once
// per run: it returns columns, no branch reads a variable of its input
// row, and the statement writes nothing and calls only functions stable
// within it.
func (g *gen) onceCall(o logical.CallSubquery, env *regEnv) bool {
	if g.b.rowModeOnly || g.b.noKeys || g.b.volatile || len(o.Columns) == 0 || g.subst != nil {
		return false
	}
	return callReadsNothing(o)
}

// callReadsNothing reports whether no branch of CALL subquery o reads a
// variable of its input row.
func callReadsNothing(o logical.CallSubquery) bool {
	for _, pl := range o.Children() {
		if writesIn(pl.Ops) {
			return false
		}
		in := analyse(pl.Ops, resultNeed(true)).In
		if in.Live.all || len(in.Live.names) > 0 {
			return false
		}
	}
	return true
}

// callOnce emits CALL subquery o to compute its rows once per run, when
// the first row reaches it, into a list of rows (each the list of its
// columns' values), then, for this and every later row, hands each on
// with the columns bound to its values.
func (g *gen) callOnce(o logical.CallSubquery, e *regEnv, rest func(*regEnv, label) error) error {
	flag, rows := g.n(), g.r()
	done := g.newLabel()
	g.emitJ(vm.OpJumpIfNonZero, 1, done, flag)
	g.emit(vm.OpConst, rows, g.constant(value.List{}))
	keep := func(ie *regEnv) {
		start := g.rs(len(o.Columns))
		for i, col := range o.Columns {
			g.valueInto(start+int32(i), ie.vars[col])
		}
		row := g.r()
		g.emit(vm.OpMkList, row, start, int32(len(o.Columns)))
		g.emit(vm.OpListAppend, rows, row)
	}
	saved := g.curRows
	g.curRows = 1
	var err error
	if len(o.Union) > 0 {
		err = g.unionCall(o, e, func(ie *regEnv, _ label) error { keep(ie); return nil })
	} else {
		err = g.inline(o.Body, e, func(ie *regEnv) error { keep(ie); return nil })
	}
	g.curRows = saved
	if err != nil {
		return err
	}
	g.emit(vm.OpSetCounter, flag, 1)
	g.bind(done)
	idx := make([]int32, len(o.Columns))
	for i := range idx {
		idx[i] = g.r()
		g.emit(vm.OpConst, idx[i], g.constant(value.Int(int64(i))))
	}
	v := g.r()
	return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenList, c, rows) },
		func(c int32, end label) { g.emitJ(vm.OpNextList, 2, end, c, v) },
		func(head label) error {
			ne := e.clone()
			for i, col := range o.Columns {
				r := g.r()
				g.emit(vm.OpIndex, r, v, idx[i])
				ne.set(col, slot{slotValue, r})
			}
			return rest(ne, head)
		})
}

// volatileCalls reports whether n calls a function whose value its
// arguments do not decide within a statement (rand(), randomUUID(); an
// unknown function counts as one).
func volatileCalls(n ast.Node) bool {
	v := false
	ast.Inspect(n, func(x ast.Node) bool {
		if fc, isCall := x.(*ast.FunctionCall); isCall {
			if f, found := functions.Lookup(qualifiedName(fc)); !found || !f.Deterministic && !f.StatementStable {
				v = true
			}
		}
		return !v
	})
	return v
}

// onceExprWeight is the share w of the rows entering ops[i] that
// evaluate subquery expression x, or, when x runs once per run
// (onceSubquery), the share that makes it priced once: one run over
// the rows entering. Inside a nested pipeline (b.outer set) the
// variables of the enclosing rows are not known here, and x is priced
// per row.
func (b *builder) onceExprWeight(ops []logical.Op, i int, x ast.Expr, w float64) float64 {
	if b.outer != nil {
		return w
	}
	sc, _, ok := scopeAt(ops, i)
	if !ok || !b.onceSubquery(x, sc.has) {
		return w
	}
	in := b.rowsAfter(ops[:i])
	if in <= 1 {
		return w
	}
	return min(w, 1/in)
}

// onceCallRuns prices the branches of CALL subquery o, runs[k] times
// each, once when o runs once per run (see onceCall).
func (b *builder) onceCallRuns(o logical.CallSubquery, runs []float64) {
	if b.rowModeOnly || b.noKeys || b.volatile || len(o.Columns) == 0 || !callReadsNothing(o) {
		return
	}
	for k := range o.Children() {
		runs[k] = min(runs[k], 1)
	}
}

// countFailFree reports whether COUNT { } x is an INTEGER that its
// evaluation cannot fail to give: a count of a pattern's matches (no
// query of its own) whose reading cannot fail (bodyFails, with the
// nodes and relationships of entities bound). Its value is then never
// null either, so it is a plain value for the tests that cannot fail
// (a key of a value join, an operand of a comparison or of a division
// by a constant).
func countFailFree(x *ast.CountSubquery, entities map[string]bool, kinds kindsOf) bool {
	if x.Query != nil || x.Pattern == nil || kinds == nil {
		return false
	}
	return !bodyFails(&ast.ExistsSubquery{Span: x.Span, Pattern: x.Pattern, Where: x.Where}, entities, kinds)
}

// onceBuildsCost is the part of the cost of pipeline pl, run per row of
// an expression's row (a pattern tested or counted per row), that runs
// once for all of them: the builds of its value joins and of its key
// counts without a correlation (built when the first row arrives).
func (b *builder) onceBuildsCost(pl *logical.Pipeline) float64 {
	once := 0.0
	for _, op := range pl.Ops {
		switch o := op.(type) {
		case logical.ValueJoin:
			once += b.pipelineCost(o.Build)
		case logical.KeyCount:
			if len(o.Corr) == 0 {
				once += b.pipelineCost(o.Build)
			}
		}
	}
	return once
}
