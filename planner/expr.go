package planner

import (
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// expr compiles e and returns the R register that holds its value.
func (g *gen) expr(e ast.Expr, env *regEnv) (int32, error) {
	g.at(e)
	if g.subst != nil {
		if name, ok := g.subst[e.NodeSpan().Text(g.b.src)]; ok {
			if _, bound := env.vars[name]; bound {
				return g.expr(&ast.Variable{Name: name}, env)
			}
		}
	}
	if g.subst == nil && !g.noHoist && hoistable(e) {
		return g.hoist(e, env)
	}
	if g.onceExpr(e, env) {
		return g.hoistOnce(e, env)
	}
	if r, ok, err := g.memoSubquery(e, env); ok || err != nil {
		return r, err
	}
	switch x := e.(type) {
	case *ast.Literal:
		r := g.r()
		g.emit(vm.OpConst, r, g.constant(literal(x)))
		return r, nil
	case *ast.ListLiteral:
		start, err := g.exprs(x.Items, env)
		if err != nil {
			return 0, err
		}
		r := g.r()
		g.emit(vm.OpMkList, r, start, int32(len(x.Items)))
		return r, nil
	case *ast.MapLiteral:
		vals := make([]ast.Expr, len(x.Entries))
		keys := make([]string, len(x.Entries))
		for i, en := range x.Entries {
			vals[i], keys[i] = en.Value, en.Key
		}
		start, err := g.exprs(vals, env)
		if err != nil {
			return 0, err
		}
		r := g.r()
		g.emit(vm.OpMkMap, r, start, int32(len(vals)), g.strList(keys))
		return r, nil
	case *ast.Parameter:
		if rc := g.b.runConstOf(x.Name); rc != nil {
			// A run-constant parameter reads its expression, once per run.
			if g.subst == nil && !g.noHoist {
				return g.hoist(rc, env)
			}
			return g.expr(rc, env)
		}
		r := g.r()
		g.emit(vm.OpParam, r, g.str(x.Name))
		return r, nil
	case *ast.Variable:
		s, ok := env.vars[x.Name]
		if !ok {
			return 0, g.b.ruleErr(ruleUndefined, x, "variable `%s` is not defined", x.Name)
		}
		switch s.kind {
		case slotNode:
			r := g.r()
			g.emit(vm.OpNodeVal, r, s.reg)
			return r, nil
		case slotRel:
			r := g.r()
			g.emit(vm.OpRelVal, r, s.reg)
			return r, nil
		}
		return s.reg, nil
	case *ast.Property:
		if v, ok := x.Expr.(*ast.Variable); ok {
			if s, ok := env.vars[v.Name]; ok && s.kind != slotValue {
				r := g.r()
				op := vm.OpNodeProp
				if s.kind == slotRel {
					op = vm.OpRelProp
				}
				g.emit(op, r, s.reg, g.str(x.Key))
				return r, nil
			}
		}
		base, err := g.expr(x.Expr, env)
		if err != nil {
			return 0, err
		}
		r := g.r()
		g.at(x)
		g.emit(vm.OpProp, r, base, g.str(x.Key))
		return r, nil
	case *ast.Index:
		return g.binary(vm.OpIndex, x.Expr, x.Index, env, x)
	case *ast.Slice:
		base, err := g.expr(x.Expr, env)
		if err != nil {
			return 0, err
		}
		from, to := int32(-1), int32(-1)
		if x.From != nil {
			if from, err = g.expr(x.From, env); err != nil {
				return 0, err
			}
		}
		if x.To != nil {
			if to, err = g.expr(x.To, env); err != nil {
				return 0, err
			}
		}
		r := g.r()
		g.at(x)
		g.emit(vm.OpSlice, r, base, from, to)
		return r, nil
	case *ast.Binary:
		if r, ok, err := g.decidingLogic(x, env); ok || err != nil {
			return r, err
		}
		op := map[ast.BinaryOp]vm.Opcode{
			ast.OpOr: vm.OpOr, ast.OpXor: vm.OpXor, ast.OpAnd: vm.OpAnd, ast.OpAdd: vm.OpAdd,
			ast.OpSub: vm.OpSub, ast.OpMul: vm.OpMul, ast.OpDiv: vm.OpDiv, ast.OpMod: vm.OpMod, ast.OpPow: vm.OpPow,
		}[x.Op]
		return g.binary(op, x.Left, x.Right, env, x)
	case *ast.Unary:
		a, err := g.expr(x.Expr, env)
		if err != nil {
			return 0, err
		}
		r := g.r()
		g.at(x)
		switch x.Op {
		case ast.OpNot:
			g.emit(vm.OpNot, r, a)
		case ast.OpNeg:
			g.emit(vm.OpNeg, r, a)
		default:
			return g.call("+", functions.Pos, []int32{a}, x)
		}
		return r, nil
	case *ast.Comparison:
		ops := map[ast.CompareOp]vm.Opcode{ast.CmpEq: vm.OpEq, ast.CmpNe: vm.OpNe, ast.CmpLt: vm.OpLt, ast.CmpGt: vm.OpGt, ast.CmpLe: vm.OpLe, ast.CmpGe: vm.OpGe}
		regs := make([]int32, len(x.Operands))
		for i, o := range x.Operands {
			r, err := g.expr(o, env)
			if err != nil {
				return 0, err
			}
			regs[i] = r
		}
		var acc int32 = -1
		for i, op := range x.Ops {
			r := g.r()
			g.emit(ops[op], r, regs[i], regs[i+1])
			if acc < 0 {
				acc = r
			} else {
				a := g.r()
				g.emit(vm.OpAnd, a, acc, r)
				acc = a
			}
		}
		return acc, nil
	case *ast.IsNull:
		a, err := g.expr(x.Expr, env)
		if err != nil {
			return 0, err
		}
		r := g.r()
		if x.Not {
			g.emit(vm.OpIsNotNull, r, a)
		} else {
			g.emit(vm.OpIsNull, r, a)
		}
		return r, nil
	case *ast.StringMatch:
		op := map[ast.StringOp]vm.Opcode{ast.StrStartsWith: vm.OpStartsWith, ast.StrEndsWith: vm.OpEndsWith, ast.StrContains: vm.OpContains, ast.StrRegex: vm.OpRegex}[x.Op]
		return g.binary(op, x.Left, x.Right, env, x)
	case *ast.In:
		return g.binary(vm.OpIn, x.Expr, x.List, env, x)
	case *ast.FunctionCall:
		if x.Name == deferredFunc {
			return g.deferredRead(x, env)
		}
		if r, ok, err := g.rankedListExpr(x, env, func() (int32, error) { return g.funcCall(x, env) }); ok || err != nil {
			return r, err
		}
		return g.funcCall(x, env)
	case *ast.TypePredicate:
		return g.expr(g.b.lowerTypePredicate(x), env)
	case *ast.Case:
		return g.caseExpr(x, env)
	case *ast.ListComprehension:
		if r, ok, err := g.listSetComp(x, false, env); ok || err != nil {
			return r, err
		}
		if r, ok, err := g.listAdjComp(x, env); ok || err != nil {
			return r, err
		}
		return g.listComp(x, env)
	case *ast.Quantifier:
		if r, ok, err := g.listSetQuantifier(x, env); ok || err != nil {
			return r, err
		}
		if r, ok, err := g.listAdjQuantifier(x, env); ok || err != nil {
			return r, err
		}
		if r, ok, err := g.rankedListExpr(x, env, func() (int32, error) { return g.quantifier(x, env) }); ok || err != nil {
			return r, err
		}
		return g.quantifier(x, env)
	case *ast.Reduce:
		if r, ok, err := g.foldExtremeExpr(x, env); ok || err != nil {
			return r, err
		}
		if r, ok, err := g.foldSumExpr(x, env); ok || err != nil {
			return r, err
		}
		return g.reduce(x, env)
	case *ast.PatternExpr:
		return g.exists(&ast.Pattern{Span: x.Span, Parts: []*ast.PatternPart{{Span: x.Span, Element: x.Element}}}, nil, env, false)
	case *ast.ExistsSubquery:
		if p, where, _, ok := patternMatches(x); ok {
			return g.exists(p, where, env, false)
		}
		return g.subquery(x.Query, env, subExists, x)
	case *ast.CountSubquery:
		if p, where, _, ok := patternMatches(x); ok {
			return g.exists(p, where, env, true)
		}
		return g.subquery(x.Query, env, subCount, x)
	case *ast.CollectSubquery:
		if r, ok, err := g.rankedExtremeCollect(x, env); ok || err != nil {
			return r, err
		}
		return g.subquery(x.Query, env, subCollect, x)
	case *ast.PatternComprehension:
		return g.patternComp(x, env)
	case *ast.MapProjection:
		return g.mapProjection(x, env)
	case *ast.LabelPredicate:
		if ast.HasDynamic(x.Labels) {
			return g.expr(valuePred(x.Span, x.Expr, x.Labels), env)
		}
		a, err := g.expr(x.Expr, env)
		if err != nil {
			return 0, err
		}
		r := g.r()
		g.emit(vm.OpLabelTest, r, a, g.addAux(compileLabels(x.Labels)))
		return r, nil
	}
	return 0, g.b.errAt(e, cyqerr.SemanticError, "Unsupported", "this expression is not supported yet")
}

func literal(l *ast.Literal) value.Value {
	switch l.Kind {
	case ast.LitBool:
		return value.Bool(l.Bool)
	case ast.LitInt:
		return value.Int(l.Int)
	case ast.LitFloat:
		return value.Float(l.Float)
	case ast.LitString:
		return value.String(l.Str)
	}
	return value.NullValue
}

// exprs compiles expressions into consecutive registers and returns the first.
func (g *gen) exprs(es []ast.Expr, env *regEnv) (int32, error) {
	regs := make([]int32, len(es))
	for i, e := range es {
		r, err := g.expr(e, env)
		if err != nil {
			return 0, err
		}
		regs[i] = r
	}
	start := g.rs(len(es))
	for i, r := range regs {
		g.emit(vm.OpMove, start+int32(i), r)
	}
	return start, nil
}

func (g *gen) binary(op vm.Opcode, l, rt ast.Expr, env *regEnv, at ast.Node) (int32, error) {
	a, err := g.expr(l, env)
	if err != nil {
		return 0, err
	}
	b, err := g.expr(rt, env)
	if err != nil {
		return 0, err
	}
	r := g.r()
	g.at(at)
	g.emit(op, r, a, b)
	return r, nil
}

// call emits a call of a Go implementation on argument registers.
func (g *gen) call(name string, fn func(value.Value) (value.Value, error), args []int32, at ast.Node) (int32, error) {
	idx := int32(len(g.funcs))
	g.funcs = append(g.funcs, vm.Callable{Name: name, Fn: func(_ *functions.Context, a []value.Value) (value.Value, error) { return fn(a[0]) }})
	start := g.rs(len(args))
	for i, a := range args {
		g.emit(vm.OpMove, start+int32(i), a)
	}
	r := g.r()
	g.at(at)
	g.emit(vm.OpCall, r, idx, start, int32(len(args)))
	return r, nil
}

func (g *gen) funcCall(x *ast.FunctionCall, env *regEnv) (int32, error) {
	if name, ok := g.b.aggRefs[x]; ok {
		s, ok := env.vars[name]
		if !ok {
			return 0, g.b.ruleErr(ruleAggregatePosition, x, "aggregate %s() is not allowed here", x.Name)
		}
		return s.reg, nil
	}
	if isAggregate(x) {
		return 0, g.b.ruleErr(ruleAggregatePosition, x, "aggregate function %s() is not allowed here", x.Name).WithHint("aggregate in a WITH or RETURN clause")
	}
	if p, where, count, ok := patternMatches(x); ok && count {
		// size([pattern WHERE p | x]) with x that cannot fail: the
		// number of matches, counted without building the list.
		return g.exists(p, where, env, true)
	}
	if c, ok := g.sizeOfListSet(x); ok {
		r, _, err := g.listSetComp(c, true, env)
		return r, err
	}
	name := qualifiedName(x)
	if strings.EqualFold(name, "exists") && len(x.Args) == 1 {
		if p, isPattern := x.Args[0].(*ast.PatternExpr); isPattern {
			// exists((a)-->()) (Cypher 4) is the pattern predicate itself:
			// whether the pattern matches, not whether a value is null.
			return g.expr(p, env)
		}
		if _, isProp := x.Args[0].(*ast.Property); isProp {
			a, err := g.expr(x.Args[0], env)
			if err != nil {
				return 0, err
			}
			r := g.r()
			g.emit(vm.OpIsNotNull, r, a)
			return r, nil
		}
	}
	o, err := functions.Resolve(name, make([]functions.Type, len(x.Args)))
	if err != nil {
		e := cyqerr.As(err)
		return 0, g.b.errAt(x, e.Type, e.Detail, "%s", e.Message).WithHint("%s", e.Hint)
	}
	if o.Impl == nil {
		return 0, g.b.ruleErr(ruleAggregatePosition, x, "%s() cannot be used here", x.Name)
	}
	start, err := g.exprs(x.Args, env)
	if err != nil {
		return 0, err
	}
	r := g.r()
	g.at(x)
	g.emit(vm.OpCall, r, g.funcIndex(o), start, int32(len(x.Args)))
	return r, nil
}

// funcIndex returns the overload's index in the program's function table,
// adding it on first use.
func (g *gen) funcIndex(o *functions.Overload) int32 {
	idx, ok := g.funcIdx[o.ID]
	if !ok {
		idx = int32(len(g.funcs))
		g.funcs = append(g.funcs, vm.Callable{Name: o.Func.Name, Fn: o.Impl})
		g.funcIdx[o.ID] = idx
	}
	return idx
}

func (g *gen) caseExpr(x *ast.Case, env *regEnv) (int32, error) {
	res := g.r()
	end := g.newLabel()
	var subj int32 = -1
	if x.Subject != nil {
		var err error
		if subj, err = g.expr(x.Subject, env); err != nil {
			return 0, err
		}
	}
	for _, w := range x.Whens {
		next := g.newLabel()
		c, err := g.expr(w.When, env)
		if err != nil {
			return 0, err
		}
		if subj >= 0 {
			eq := g.r()
			g.emit(vm.OpEq, eq, subj, c)
			c = eq
		}
		g.emitJ(vm.OpJumpIfNotTrue, 1, next, c)
		t, err := g.expr(w.Then, env)
		if err != nil {
			return 0, err
		}
		g.emit(vm.OpMove, res, t)
		g.emitJ(vm.OpGoto, 0, end)
		g.bind(next)
	}
	if x.Else != nil {
		el, err := g.expr(x.Else, env)
		if err != nil {
			return 0, err
		}
		g.emit(vm.OpMove, res, el)
	} else {
		g.emit(vm.OpSetNull, res, 1)
	}
	g.bind(end)
	return res, nil
}

// loopList emits a loop over the list in register lr binding variable name;
// body emits the loop body given the environment and the label that
// continues with the next element.
func (g *gen) loopList(lr int32, name string, env *regEnv, body func(*regEnv, label) error) error {
	v := g.r()
	return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenList, c, lr) },
		func(c int32, done label) { g.emitJ(vm.OpNextList, 2, done, c, v) },
		func(head label) error {
			ie := env.clone()
			ie.set(name, slot{slotValue, v})
			return body(ie, head)
		})
}

func (g *gen) listComp(x *ast.ListComprehension, env *regEnv) (int32, error) {
	lr, err := g.expr(x.In, env)
	if err != nil {
		return 0, err
	}
	res := g.r()
	g.emit(vm.OpConst, res, g.constant(value.List{}))
	return res, g.nullOrElse(lr, res, func() error {
		return g.loopList(lr, x.Var.Name, env, func(ie *regEnv, next label) error {
			if x.Where != nil {
				w, err := g.expr(x.Where, ie)
				if err != nil {
					return err
				}
				g.emitJ(vm.OpJumpIfNotTrue, 1, next, w)
			}
			item := ie.vars[x.Var.Name].reg
			if x.Map != nil {
				m, err := g.expr(x.Map, ie)
				if err != nil {
					return err
				}
				item = m
			}
			g.emit(vm.OpListAppend, res, item)
			return nil
		})
	})
}

// nullOrElse emits body for a non-null list in register lr and sets res to
// null for a null list: comprehensions, quantifiers and reduce all give
// null for a null list.
func (g *gen) nullOrElse(lr, res int32, body func() error) error {
	null, end := g.newLabel(), g.newLabel()
	g.emitJ(vm.OpJumpIfNull, 1, null, lr)
	if err := body(); err != nil {
		return err
	}
	g.emitJ(vm.OpGoto, 0, end)
	g.bind(null)
	g.emit(vm.OpSetNull, res, 1)
	g.bind(end)
	return nil
}

// quantifier: all/any/none/single over a list, in three-valued logic.
func (g *gen) quantifier(x *ast.Quantifier, env *regEnv) (int32, error) {
	lr, err := g.expr(x.In, env)
	if err != nil {
		return 0, err
	}
	trues, nulls, total := g.n(), g.n(), g.n()
	g.emit(vm.OpSetCounter, trues, 0)
	g.emit(vm.OpSetCounter, nulls, 0)
	g.emit(vm.OpSetCounter, total, 0)
	idx := int32(len(g.funcs))
	kind := x.Kind
	g.funcs = append(g.funcs, vm.Callable{Name: "quantifier", Fn: func(_ *functions.Context, a []value.Value) (value.Value, error) {
		t, n, all := int64(a[0].(value.Int)), int64(a[1].(value.Int)), int64(a[2].(value.Int))
		f := all - t - n // false results
		// A decisive element settles the result; otherwise an unknown
		// element makes it unknown; otherwise it is the default.
		var decisive, settled, otherwise bool
		switch kind {
		case ast.QuantAll:
			decisive, settled, otherwise = f > 0, false, true
		case ast.QuantAny:
			decisive, settled, otherwise = t > 0, true, false
		case ast.QuantNone:
			decisive, settled, otherwise = t > 0, false, true
		default: // single
			decisive, settled, otherwise = t > 1, false, t == 1
		}
		if decisive {
			return value.Bool(settled), nil
		}
		if n > 0 {
			return value.NullValue, nil
		}
		return value.Bool(otherwise), nil
	}})
	res := g.r()
	err = g.nullOrElse(lr, res, func() error {
		err := g.loopList(lr, x.Var.Name, env, func(ie *regEnv, next label) error {
			g.emit(vm.OpIncr, total)
			var w int32
			if x.Where != nil {
				var err error
				if w, err = g.expr(x.Where, ie); err != nil {
					return err
				}
			} else {
				w = ie.vars[x.Var.Name].reg
			}
			g.emit(vm.OpAssertBool, w)
			notNull := g.newLabel()
			notTrue := g.newLabel()
			g.emitJ(vm.OpJumpIfNull, 1, notNull, w)
			g.emitJ(vm.OpJumpIfNotTrue, 1, notTrue, w)
			g.emit(vm.OpIncr, trues)
			g.emitJ(vm.OpGoto, 0, next)
			g.bind(notNull)
			g.emit(vm.OpIncr, nulls)
			g.bind(notTrue)
			return nil
		})
		if err != nil {
			return err
		}
		args := g.rs(3)
		for i, n := range []int32{trues, nulls, total} {
			g.emit(vm.OpCounterVal, args+int32(i), n)
		}
		g.emit(vm.OpCall, res, idx, args, 3)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return res, nil
}

func (g *gen) reduce(x *ast.Reduce, env *regEnv) (int32, error) {
	acc, err := g.expr(x.Init, env)
	if err != nil {
		return 0, err
	}
	lr, err := g.expr(x.In, env)
	if err != nil {
		return 0, err
	}
	return g.reduceOver(x, acc, lr, env)
}

// reduceOver generates reduce x's fold from the initial value in acc over
// the list in lr, both evaluated.
func (g *gen) reduceOver(x *ast.Reduce, acc, lr int32, env *regEnv) (int32, error) {
	res := g.r()
	g.emit(vm.OpMove, res, acc)
	return res, g.nullOrElse(lr, res, func() error {
		return g.loopList(lr, x.Var.Name, env, func(ie *regEnv, next label) error {
			ie.set(x.Acc.Name, slot{slotValue, res})
			v, err := g.expr(x.Expr, ie)
			if err != nil {
				return err
			}
			g.emit(vm.OpMove, res, v)
			return nil
		})
	})
}

// exists evaluates a pattern as a predicate (or, with count, counts its matches).
func (g *gen) exists(p *ast.Pattern, where ast.Expr, env *regEnv, count bool) (int32, error) {
	if r, ok, err := g.degreeExists(p, where, env, count); ok || err != nil {
		return r, err
	}
	if r, ok, err := g.rankedCount(p, where, env, count); ok || err != nil {
		return r, err
	}
	sc := env.scope()
	ops, _, err := g.b.matchOps(p, where, sc)
	if err != nil {
		return 0, err
	}
	// A body whose reading may fail is read as row mode reads it, one
	// match at a time in its order (see failing_bodies.go): the rules
	// would read it set at a time, testing every match.
	if !g.b.rowModeOnly && !g.b.bodyMayFail(&ast.ExistsSubquery{Pattern: p, Where: where}, rowEntities(env)) {
		// The row's entities are known to the rules (a value join or
		// key count keyed by the row's values), as for the cost model's
		// plan of the pattern (exprPipelines).
		saved, savedRows, savedRels := g.b.joinOuter, g.b.bodyRows, g.b.bodyRels
		g.b.joinOuter, g.b.bodyRows, g.b.bodyRels = rowEntities(env), g.curRows, rowRels(env)
		ops = g.b.correlatedSemiJoins(ops, sc)
		if count {
			if r, ok, err := g.countByRules(ops, env); ok || err != nil {
				g.b.joinOuter, g.b.bodyRows, g.b.bodyRels = saved, savedRows, savedRels
				return r, err
			}
		}
		// Nothing reads the pattern's variables after it; an existence
		// check needs no multiplicity either.
		ops = g.b.rewrite(ops, need{Live: newVarSet(), Bag: count})
		g.b.joinOuter, g.b.bodyRows, g.b.bodyRels = saved, savedRows, savedRels
		ops = g.b.batchedBody(ops)
	}
	ops = g.onceBatch(ops)
	res := g.r()
	done := g.newLabel()
	n := g.n()
	g.emit(vm.OpSetCounter, n, 0)
	dummy := int32(-1)
	err = g.ops(ops, env.clone(), done, done, &dummy, func(*regEnv) error {
		g.emit(vm.OpIncr, n)
		if !count {
			g.emitJ(vm.OpGoto, 0, done)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	g.bind(done)
	if count {
		g.emit(vm.OpCounterVal, res, n)
	} else {
		g.emit(vm.OpCounterBool, res, n)
	}
	return res, nil
}

func (g *gen) patternComp(x *ast.PatternComprehension, env *regEnv) (int32, error) {
	part := &ast.PatternPart{Span: x.Span, Var: x.PathVar, Element: x.Element}
	sc := env.scope()
	ops, _, err := g.b.matchOps(&ast.Pattern{Span: x.Span, Parts: []*ast.PatternPart{part}}, x.Where, sc)
	if err != nil {
		return 0, err
	}
	if r, ok, err := g.expandList(x, ops, env); ok || err != nil {
		return r, err
	}
	res := g.r()
	g.emit(vm.OpConst, res, g.constant(value.List{}))
	done := g.newLabel()
	dummy := int32(-1)
	err = g.ops(ops, env.clone(), done, done, &dummy, func(ie *regEnv) error {
		v, err := g.expr(x.Map, ie)
		if err != nil {
			return err
		}
		g.emit(vm.OpListAppend, res, v)
		return nil
	})
	if err != nil {
		return 0, err
	}
	g.bind(done)
	return res, nil
}

func (g *gen) mapProjection(x *ast.MapProjection, env *regEnv) (int32, error) {
	base, err := g.expr(x.Var, env)
	if err != nil {
		return 0, err
	}
	var keys []string
	var vals []int32
	all := false
	for _, it := range x.Items {
		switch it.Kind {
		case ast.MapProjAll:
			all = true
		case ast.MapProjProperty:
			r := g.r()
			g.emit(vm.OpProp, r, base, g.str(it.Key))
			keys, vals = append(keys, it.Key), append(vals, r)
		default:
			r, err := g.expr(it.Expr, env)
			if err != nil {
				return 0, err
			}
			keys, vals = append(keys, it.Key), append(vals, r)
		}
	}
	start := g.rs(len(vals) + 1)
	g.emit(vm.OpMove, start, base)
	for i, v := range vals {
		g.emit(vm.OpMove, start+1+int32(i), v)
	}
	idx := int32(len(g.funcs))
	g.funcs = append(g.funcs, vm.Callable{Name: "mapProjection", Fn: func(fc *functions.Context, a []value.Value) (value.Value, error) {
		if value.IsNull(a[0]) {
			return value.NullValue, nil
		}
		out := value.Map{}
		if all {
			m, err := propertiesOf(fc, a[0])
			if err != nil {
				return nil, err
			}
			for k, v := range m {
				out[k] = v
			}
		}
		for i, k := range keys {
			out[k] = a[1+i]
		}
		return out, nil
	}})
	r := g.r()
	g.emit(vm.OpCall, r, idx, start, int32(len(vals)+1))
	return r, nil
}

func propertiesOf(fc *functions.Context, v value.Value) (value.Map, error) {
	switch x := v.(type) {
	case value.Map:
		return x, nil
	case value.Node:
		if fc != nil && fc.Graph != nil {
			return fc.Graph.NodeProps(x.ID)
		}
		return x.Props, nil
	case value.Rel:
		if fc != nil && fc.Graph != nil {
			return fc.Graph.RelProps(x.ID)
		}
		return x.Props, nil
	}
	return nil, cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType", "map projection needs a map, node or relationship, got %s", value.TypeName(v))
}

type subKind uint8

const (
	subExists subKind = iota
	subCount
	subCollect
)

// subquery evaluates EXISTS { query }, COUNT { query } or COLLECT { query }
// for the current row, running the query with the row's variables in scope.
func (g *gen) subquery(q *ast.Query, env *regEnv, kind subKind, at ast.Node) (int32, error) {
	pls, cols, err := g.b.subqueryBody(q, func() *scope {
		sc := env.scope()
		sc.imported = sc.clone()
		return sc
	}, kind)
	if err != nil {
		return 0, err
	}
	savedImported := g.imported
	g.imported = env
	defer func() { g.imported = savedImported }()
	if kind == subCollect && len(cols) != 1 {
		return 0, g.b.errAt(at, cyqerr.SyntaxError, "InvalidSubquery", "COLLECT { } must return exactly one column")
	}
	res := g.r()
	n := g.n()
	g.emit(vm.OpSetCounter, n, 0)
	if kind == subCollect {
		g.emit(vm.OpConst, res, g.constant(value.List{}))
	}
	done := g.newLabel()
	for _, pl := range pls {
		pl = &logical.Pipeline{Ops: g.onceBatch(pl.Ops)}
		if kind == subCount && !g.b.rowModeOnly {
			g.countSink = g.countSetSink(n)
		}
		err := g.inline(pl, env, func(ie *regEnv) error {
			switch kind {
			case subExists:
				g.emit(vm.OpIncr, n)
				g.emitJ(vm.OpGoto, 0, done)
			case subCount:
				g.emit(vm.OpIncr, n)
			case subCollect:
				v, err := g.expr(&ast.Variable{Name: cols[0]}, ie)
				if err != nil {
					return err
				}
				g.emit(vm.OpListAppend, res, v)
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	g.bind(done)
	switch kind {
	case subExists:
		g.emit(vm.OpCounterBool, res, n)
	case subCount:
		g.emit(vm.OpCounterVal, res, n)
	}
	return res, nil
}

// degreeExists answers (n)-[:T]->() as a predicate, or COUNT { (n)-->() },
// from n's stored degree when the builder's degreePattern allows it: no
// relationship is enumerated.
func (g *gen) degreeExists(p *ast.Pattern, where ast.Expr, env *regEnv, count bool) (int32, bool, error) {
	near, dir, types, ok := g.b.degreePatternEnds(p, where, env.scope(), count)
	if !ok {
		return 0, false, nil
	}
	s := env.vars[near]
	d := g.r()
	spec := &vm.ExpandSpec{Dir: vmDir(dir), Types: dedupe(types)}
	el := p.Parts[0].Element
	far := el.Nodes[1]
	if v := el.Nodes[0].Var; v == nil || v.Name != near {
		far = el.Nodes[0]
	}
	if !g.b.impliedLabels(dir, types, far.Labels) {
		// Only the relationships whose other end carries the labels count.
		spec.EndLabels = compileLabels(far.Labels)
	}
	g.emit(vm.OpDegree, d, s.reg, g.addAux(spec))
	if count {
		return d, true, nil
	}
	zero := g.r()
	g.emit(vm.OpConst, zero, g.constant(value.Int(0)))
	res := g.r()
	g.emit(vm.OpGt, res, d, zero)
	return res, true, nil
}

// degreePattern reports whether a pattern tested or counted per row is
// answered from the stored degree of its bound node: one relationship
// from a node variable bound in sc (near, followed in dir over types),
// with nothing constraining the relationship or the far node but labels
// the statistics prove it carries.
func (b *builder) degreePattern(p *ast.Pattern, where ast.Expr, sc *scope) (near string, dir ast.Direction, types []string, ok bool) {
	return b.degreePatternEnds(p, where, sc, false)
}

// degreePatternEnds is degreePattern that, with ends, also takes a far
// node whose labels are not implied: a count reads the degree with the
// far ends' labels tested in one pass over the adjacency (an existence
// test is left to the semi-join, which tests a set at a time).
func (b *builder) degreePatternEnds(p *ast.Pattern, where ast.Expr, sc *scope, ends bool) (near string, dir ast.Direction, types []string, ok bool) {
	if where != nil || len(p.Parts) != 1 || p.Parts[0].Var != nil || p.Parts[0].Kind != ast.PathPlain {
		return "", 0, nil, false
	}
	el := p.Parts[0].Element
	if len(el.Rels) != 1 {
		return "", 0, nil, false
	}
	nearN, far, r := el.Nodes[0], el.Nodes[1], el.Rels[0]
	dir = r.Direction
	if nearN.Var == nil || sc.vars[nearN.Var.Name] != kindNode || !sc.has(nearN.Var.Name) {
		nearN, far = far, nearN
		dir = reverse(dir)
	}
	if nearN.Var == nil || nearN.Labels != nil || nearN.Props != nil || nearN.Where != nil {
		return "", 0, nil, false
	}
	if !sc.has(nearN.Var.Name) || sc.vars[nearN.Var.Name] != kindNode {
		return "", 0, nil, false
	}
	types, simple := r.TypeNames()
	labelsOK := b.impliedLabels(dir, types, far.Labels) || ends && staticLabels(far.Labels)
	if far.Var != nil && sc.has(far.Var.Name) || !labelsOK || far.Props != nil || far.Where != nil {
		return "", 0, nil, false
	}
	if r.Var != nil && sc.has(r.Var.Name) || r.VarLength != nil || r.Props != nil || r.Where != nil || !simple {
		return "", 0, nil, false
	}
	return nearN.Var.Name, dir, types, true
}
