package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// markExists decorrelates the existence tests that are read as values
// rather than as filters: EXISTS { pattern }, COUNT { pattern } >= k and
// the other thresholds semiJoinExists decides (matchThreshold), inside a
// projection's items or an aggregation's keys and arguments —
// `RETURN count(CASE WHEN EXISTS { (a)-->()-->(:User {id: $x}) } THEN 1
// END)`, `WITH a, COUNT { (a)-->(:T) } > 0 AS t`. Each such test, found
// bottom-up anywhere in the expression (under CASE, NOT, a boolean
// operator, a function's argument), is the same question as the filter:
// is the probe among the nodes the pattern reaches from the key? It
// becomes a logical.Mark before the operator, which builds the set once
// per key as a SemiJoin does and binds a fresh variable to the answer,
// and the expression reads that variable. The choice is costed as
// semiJoinFor costs the filter (the set's pipeline once per key against
// the pattern matched per row); the probe and key must be nodes that are
// never null where the test is read (a null probe matches nothing, and
// the set test reads a node). Statements that write keep the per-row
// test.
func markExists(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.writes || b.rowModeOnly || len(ops) == 0 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	for i, op := range ops {
		switch o := op.(type) {
		case logical.Project:
			if o.Subst != nil || o.Vectorised {
				continue
			}
		case logical.Aggregate:
		default:
			continue
		}
		sc, at, ok := scopeAt(ops, i)
		if !ok {
			continue
		}
		nonNull := nonNullVars(ops[:i])
		var found *logical.SemiJoin
		var entities map[string]bool
		name := ""
		mark := func(x ast.Expr) (ast.Expr, bool) {
			if found != nil {
				return nil, false
			}
			if _, isNot := x.(*ast.Unary); isNot {
				return nil, false // its operand is marked on its own
			}
			// Every spelling of the test takes its normal form first, as
			// a filter's does (normalize_subqueries.go): a pattern
			// predicate, exists() of one, COUNT { } or size() of a
			// comprehension compared with an integer.
			switch x.(type) {
			case *ast.PatternExpr, *ast.FunctionCall, *ast.Comparison:
				if entities == nil {
					entities = entitiesAt(ops, i)
				}
				x = normalizeSubqueries(x, entities)
			}
			sj, _, ok := b.semiJoinFor(x, sc, at, ops[:i])
			if !ok {
				return nil, false
			}
			for _, v := range append(sj.Keys(), sj.Probe) {
				if !nonNull[v] {
					return nil, false
				}
			}
			found, name = &sj, b.fresh("mark")
			return &ast.Variable{Span: x.NodeSpan(), Name: name}, true
		}
		next, changed := markIn(b, op, mark)
		if !changed || found == nil {
			continue
		}
		return replace(ops, i, 1, logical.Mark{Var: name, Join: *found}, next), true
	}
	return ops, false
}

// rewriteOpExprs rewrites with f the expressions of the first filter,
// projection or aggregation of ops that f changes (a filter or projection
// read by its text, Subst, or a vectorised filter is left as it is): the
// step of a rule that rewrites one expression shape wherever it sits, run
// to a fixed point by the rule list.
func rewriteOpExprs(b *builder, ops []logical.Op, f exprRewrite) ([]logical.Op, bool) {
	for i, op := range ops {
		var next logical.Op
		changed := false
		if fl, ok := op.(logical.Filter); ok {
			if fl.Subst != nil || fl.Vectorised {
				continue
			}
			fl.Pred, changed = rewriteExpr(fl.Pred, f)
			next = fl
		} else if p, ok := op.(logical.Project); ok && p.Subst != nil {
			continue // its items are read by their text
		} else {
			next, changed = markIn(b, op, f)
		}
		if changed {
			return replace(ops, i, 1, next), true
		}
	}
	return ops, false
}

// markIn rewrites the expressions of a projection or an aggregation with
// f, returning the new operator and whether it changed.
func markIn(b *builder, op logical.Op, f exprRewrite) (logical.Op, bool) {
	switch o := op.(type) {
	case logical.Project:
		items := append([]logical.Item(nil), o.Items...)
		changed := false
		for k, it := range items {
			if x, ok := rewriteExpr(it.Expr, f); ok {
				items[k].Expr, changed = x, true
				break
			}
		}
		o.Items = items
		return o, changed
	case logical.Aggregate:
		keys := append([]logical.Item(nil), o.Keys...)
		for k, it := range keys {
			if x, ok := rewriteExpr(it.Expr, f); ok {
				keys[k].Expr = x
				o.Keys = keys
				return o, true
			}
		}
		aggs := append([]logical.AggCall(nil), o.Aggs...)
		for k, a := range aggs {
			args, ok := rewriteExprs(a.Call.Args, f)
			if !ok {
				continue
			}
			call := *a.Call
			call.Args = args
			if col, ok := b.aggRefs[a.Call]; ok {
				b.aggRefs[&call] = col
			}
			aggs[k].Call = &call
			o.Aggs = aggs
			return o, true
		}
	}
	return op, false
}

// mark emits a Mark: the sets of its join's leaves for the row's keys,
// then its variable set to whether the row's probe passes the join's
// test (its tree, or its one leaf, negated for Anti).
func (g *gen) mark(o logical.Mark, e *regEnv, cont label, rest func(*regEnv, label) error) error {
	sets, err := g.leafSets(o.Join, e)
	if err != nil {
		return err
	}
	n, err := g.nodeReg(e.vars[o.Join.Probe], o.Join.Probe)
	if err != nil {
		return err
	}
	tree := o.Join.Tree
	if tree == nil {
		tree = &logical.SetTree{Op: logical.SetLeaf}
		if o.Join.Anti {
			tree = &logical.SetTree{Op: logical.SetNot, Kids: []*logical.SetTree{tree}}
		}
	}
	r := g.r()
	no, done := g.newLabel(), g.newLabel()
	g.setBranch(sets, n, tree, no, false)
	g.emit(vm.OpConst, r, g.constant(value.Bool(true)))
	g.emitJ(vm.OpGoto, 0, done)
	g.bind(no)
	g.emit(vm.OpConst, r, g.constant(value.Bool(false)))
	g.bind(done)
	out := e.clone()
	out.set(o.Var, slot{slotValue, r})
	return rest(out, cont)
}
