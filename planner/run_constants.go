package planner

import (
	"context"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Run-constant expressions.
//
// An expression that reads no variable, no pattern or subquery, and calls
// only deterministic functions, or ones that read the statement's clock
// (date(), datetime('...')), not rand(), randomUUID() nor the real-time
// clock, has one value per run: it is a function of the run's parameters
// and the statement's time. `a.id = $hub + 0`,
// `a.id = toInteger($hub)` and `a.id = [$hub, $other][0]` compare a.id
// with one value, as `a.id = $hub` does.
//
// When a query is planned for known parameter values (Options.Params),
// runConstants names each such expression that is an operand of a
// comparison, of IN or of a string match in a WHERE, the value of a key
// of an inline property map, a WITH or RETURN item, a SKIP or a LIMIT, or
// the list of an UNWIND, as a run-constant parameter: a parameter
// whose name is the expression's text in parentheses, `$(hub + 0)`, and
// whose value the planner computes from the run's parameters. Everything
// the planner does with a parameter it then does with the expression:
// seeks, pushdowns of the filters that cannot fail, estimates (priced by
// the value, as a parameter is), its plan cache class.
//
// The value is computed when planning, to price the plan, and when a
// cached plan is looked up for a run (WithRunConstants), to find its
// class; the plan reads the expression itself, computed once when the run
// first needs it (see hoist): nothing is folded into the cached plan. An
// expression is named only when it evaluates without error for the
// planning values, and its class (DepShape, which tells no value from a
// value) holds the plan to runs where it does too: a plan that moved the
// expression's test ahead of other operators is never run where computing
// it raises an error, which would then be raised on rows the written
// query never evaluates it on. For values where it fails, the query is
// planned again and the expression stays where it was written, raising
// its error on the rows row-at-a-time evaluation raises it on.

// runConstPrefix and runConstSuffix enclose a run-constant parameter's
// expression text in its name (the text of most expressions has them).
const (
	runConstPrefix = "("
	runConstSuffix = ")"
)

// runConst is one run-constant expression of a query being planned.
type runConst struct {
	Name string
	Expr ast.Expr
	prog *vm.Program
}

// runConstant reports whether e has one value per run: it reads no
// variable (nor binds one of its own), no pattern and no subquery, and
// calls only deterministic functions that do not aggregate. calls counts
// its function calls. stable also accepts functions that give one value
// per statement (the statement's clock): they are constant within a run
// but not between the planning and the run.
func runConstant(e ast.Expr, stable bool) (calls int, ok bool) {
	ok = e != nil
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable, *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery,
			*ast.CountSubquery, *ast.CollectSubquery, *ast.ListComprehension, *ast.Quantifier,
			*ast.Reduce, *ast.MapProjection, *ast.LabelPredicate:
			ok = false
		case *ast.FunctionCall:
			f, found := functions.Lookup(qualifiedName(y))
			if !found || !(f.Deterministic || (stable && f.StatementStable)) || f.Aggregate || isAggregate(y) {
				ok = false
			}
			calls++
		}
		return ok
	})
	return calls, ok
}

// deterministic reports whether e calls only functions whose value their
// arguments decide within a statement (not rand(), randomUUID(); an
// unknown function counts as not deterministic).
func deterministic(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if fc, isCall := n.(*ast.FunctionCall); isCall {
			if f, found := functions.Lookup(qualifiedName(fc)); !found || !f.Deterministic && !f.StatementStable {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// seekValue reports whether a seek may look nodes up by value e, computed
// once where the written test computes it per row: e is deterministic,
// and an expression of no variable is one that cannot fail: with its
// constant parts folded (foldExpr keeps every value and error), a
// literal, a parameter (run-constant ones included: runConstants names
// every such expression that computes without error for the planning
// values), a list of them. One that fails stays a filter, which raises
// its error on the rows that reach it, as the written query does; a seek
// would raise it before any row (or hide it, finding no node). So does
// one planned without the parameters' values (a program's statement that
// reads none: `a.id < 'x' * 5` raises only where a node reaches it). An
// expression that reads a parameter the planning values do not hold is
// one (EXPLAIN without values): a run without that parameter fails
// before it starts, and a run with it is planned for its value.
func (b *builder) seekValue(e ast.Expr) bool {
	if !deterministic(e) {
		return false
	}
	if b.params == nil || b.rowModeOnly || len(exprVars(e)) > 0 || b.missingParam(e) {
		return true // (planned without values: see TestMayFailSeekBoundsMatchRowMode)
	}
	if f, ok := foldExpr(e); ok {
		e = f
	}
	return plainValue(e, nil)
}

// missingParam reports whether e reads a parameter the planning values
// do not hold (any parameter, planning without values).
func (b *builder) missingParam(e ast.Expr) bool {
	if b.params == nil {
		return hasParameter(e)
	}
	missing := false
	visitExpr(e, func(x ast.Expr) bool {
		if p, ok := x.(*ast.Parameter); ok {
			if _, has := b.params.params[p.Name]; !has {
				missing = true
			}
		}
		return !missing
	})
	return missing
}

// namedConstant reports whether e is already a value the planner reads as
// a parameter's or a literal's: no name needed.
func namedConstant(e ast.Expr) bool {
	if knownElement(e) {
		return true
	}
	return isConstantValue(e)
}

// runConstants names the run-constant operands of clauses' tests and
// property maps (see the comment above) when the parameters' values are
// known; clauses themselves otherwise, or when nothing changed. Row mode
// keeps every expression as written.
func (b *builder) runConstants(clauses []ast.Clause) []ast.Clause {
	if b.params == nil || b.rowModeOnly {
		return clauses
	}
	out, _ := replaceItems(clauses, func(c ast.Clause) (ast.Clause, bool) {
		var nc ast.Clause
		switch y := c.(type) {
		case *ast.Match:
			b.constEntities = matchEntities(y.Pattern)
			w, wok := b.constOperands(y.Where)
			p, pok := b.constPattern(y.Pattern)
			b.constEntities = nil
			if wok || pok {
				m := *y
				m.Where, m.Pattern = w, p
				nc = &m
			}
		case *ast.With:
			w, wok := b.constOperands(y.Where)
			p, pok := b.constItems(y.Projection, true)
			if wok || pok {
				m := *y
				m.Where, m.Projection = w, p
				nc = &m
			}
		case *ast.Return:
			if p, ok := b.constItems(y.Projection, false); ok {
				m := *y
				m.Projection = p
				nc = &m
			}
		case *ast.Unwind:
			if e, ok := b.constExpr(y.Expr); ok {
				m := *y
				m.Expr = e
				nc = &m
			}
		}
		return nc, nc != nil
	})
	return out
}

// constItems is projection p with its run-constant SKIP and LIMIT
// named, and its run-constant items: for a WITH (with) those with an
// alias, where the MATCH clauses after it read them as constants (see
// substituteConstants: `WITH $hub + 0 AS h MATCH (a {id: h})` seeks a as
// `MATCH (a {id: $hub})` does), for a RETURN every one (a column keeps
// the name its text gives it). The items of a projection that is
// DISTINCT or sorted keep their text (ORDER BY and DISTINCT read them by
// it).
func (b *builder) constItems(p *ast.Projection, with bool) (*ast.Projection, bool) {
	if p == nil {
		return p, false
	}
	skip, sok := b.constExpr(p.Skip)
	limit, lok := b.constExpr(p.Limit)
	items, iok := p.Items, false
	if !p.Distinct && p.OrderBy == nil && (!with || p.Skip == nil && p.Limit == nil) {
		items, iok = rewriteEach(p.Items, func(it *ast.ProjectionItem) (ast.Expr, bool) {
			if with && it.Alias == nil {
				return nil, false
			}
			return b.constExpr(it.Expr)
		}, func(it *ast.ProjectionItem, e ast.Expr) { it.Expr = e })
	}
	if !sok && !lok && !iok {
		return p, false
	}
	c := *p
	c.Items, c.Skip, c.Limit = items, skip, limit
	return &c, true
}

// constOperands is condition e with the run-constant operands of its
// tests named, through AND, OR, XOR and NOT; ok reports a change.
func (b *builder) constOperands(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case nil:
		return nil, false
	case *ast.Comparison:
		ops, ok := b.constExprs(x.Operands)
		if !ok {
			return e, false
		}
		c := *x
		c.Operands = ops
		return &c, true
	case *ast.In:
		l, lok := b.constExpr(x.Expr)
		r, rok := b.constList(x.List)
		if !lok && !rok {
			return e, false
		}
		c := *x
		c.Expr, c.List = l, r
		return &c, true
	case *ast.Quantifier:
		return b.constQuantifier(x)
	case *ast.Binary:
		if x.Op == ast.OpAnd || x.Op == ast.OpOr {
			return b.constChain(x)
		}
	case *ast.StringMatch:
		l, lok := b.constExpr(x.Left)
		r, rok := b.constExpr(x.Right)
		if !lok && !rok {
			return e, false
		}
		c := *x
		c.Left, c.Right = l, r
		return &c, true
	}
	changed := false
	out, _ := mapLogical(e, func(o ast.Expr) ast.Expr {
		n, ok := b.constOperands(o)
		changed = changed || ok
		return n
	})
	return out, changed
}

func (b *builder) constExprs(es []ast.Expr) ([]ast.Expr, bool) {
	return replaceItems(es, b.constExpr)
}

// constPattern is p with the run-constant values of its property maps and
// the run-constant operands of its inline tests named (constElement); ok
// reports a change.
func (b *builder) constPattern(p *ast.Pattern) (*ast.Pattern, bool) {
	if p == nil {
		return p, false
	}
	var out *ast.Pattern
	for k, part := range p.Parts {
		if part.Element == nil {
			continue
		}
		el, ok := b.constElement(part.Element)
		if !ok {
			continue
		}
		if out == nil {
			out = clonePatternParts(p)
		}
		np := *out.Parts[k]
		np.Element = el
		out.Parts[k] = &np
	}
	if out == nil {
		return p, false
	}
	return out, true
}

// constProps is property map m with its run-constant values named.
func (b *builder) constProps(m ast.Expr) (ast.Expr, bool) {
	ml, ok := m.(*ast.MapLiteral)
	if !ok {
		return m, false
	}
	entries, ok := rewriteEach(ml.Entries, func(en *ast.MapEntry) (ast.Expr, bool) {
		return b.constExpr(en.Value)
	}, func(en *ast.MapEntry, e ast.Expr) { en.Value = e })
	if !ok {
		return m, false
	}
	c := *ml
	c.Entries = entries
	return &c, true
}

// constExpr is e named as a run-constant parameter when it is one that
// needs a name and evaluates without error for the planning values.
func (b *builder) constExpr(e ast.Expr) (ast.Expr, bool) {
	if e == nil || namedConstant(e) {
		return e, false
	}
	if _, ok := runConstant(e, true); !ok {
		return e, false
	}
	name := ast.FormatExpr(e)
	if !strings.HasPrefix(name, runConstPrefix) || !strings.HasSuffix(name, runConstSuffix) {
		name = runConstPrefix + name + runConstSuffix
	}
	r := b.params
	if r.written[name] {
		return e, false // a parameter of the query has that name
	}
	if _, done := r.consts[name]; !done {
		rc := &runConst{Name: name, Expr: e}
		prog, err := compileRunConst(e, b.src)
		if err == nil {
			rc.prog = prog
			if v, ok := rc.eval(r.params); ok {
				r.values()[name] = v
			}
		}
		r.consts[name] = rc
		r.order = append(r.order, name)
	}
	if _, ok := r.params[name]; !ok {
		return e, false // it raises an error: it stays as written
	}
	// The plan holds only for values under which it evaluates.
	r.add(ParamDep{Name: name, Kind: DepShape})
	return &ast.Parameter{Span: e.NodeSpan(), Name: name}, true
}

// constList is constExpr for the list of an IN: named only when its value
// is a list or null. (Another value makes IN raise an error on every row
// it is evaluated on; a seek by it, which finds no node, would raise none.)
func (b *builder) constList(e ast.Expr) (ast.Expr, bool) {
	n, ok := b.constExpr(e)
	if !ok {
		return e, false
	}
	switch b.params.params[n.(*ast.Parameter).Name].(type) {
	case value.List, value.Null:
		return n, true
	}
	return e, false
}

// runConstOf is the expression of a run-constant parameter, nil for a
// parameter of the query.
func (b *builder) runConstOf(name string) ast.Expr {
	if b.params == nil {
		return nil
	}
	if rc, ok := b.params.consts[name]; ok {
		return rc.Expr
	}
	return nil
}

// compileRunConst compiles the query `RETURN e`, whose one row holds e's
// value.
func compileRunConst(e ast.Expr, src string) (*vm.Program, error) {
	span := e.NodeSpan()
	item := &ast.ProjectionItem{Span: span, Expr: e, Text: "v"}
	q := &ast.Query{Span: span, Parts: []*ast.SingleQuery{{Span: span, Clauses: []ast.Clause{
		&ast.Return{Span: span, Projection: &ast.Projection{Span: span, Items: []*ast.ProjectionItem{item}}}}}}}
	c, err := compileOrdered(&ast.Statement{Span: span, Query: q}, src, Options{RowModeOnly: true})
	if err != nil {
		return nil, err
	}
	return c.Program, nil
}

// runConstSteps bounds the instructions computing one run-constant
// value when planning or looking up a plan: one that takes more (a
// range() of millions) is left to the run.
const runConstSteps = 1 << 16

// eval computes rc's value with params; ok is false when that raises an
// error (or exceeds runConstSteps).
func (rc *runConst) eval(params map[string]value.Value) (value.Value, bool) {
	if rc.prog == nil {
		return nil, false
	}
	m := vm.NewMachine(context.Background(), rc.prog, nil, nil, params, vm.Limits{MaxSteps: runConstSteps, MaxRows: 1, MaxMemory: 1 << 22})
	defer m.Recycle()
	ok, err := m.Step()
	if err != nil || !ok || len(m.Row()) != 1 {
		return nil, false
	}
	return m.Row()[0], true
}

// WithRunConstants is params with the values of c's run-constant
// parameters added (those whose computation raises no error), as a plan
// cache needs them to find the class of the values (ParamClass); params
// itself when c has none.
func (c *Compiled) WithRunConstants(params map[string]value.Value) map[string]value.Value {
	if len(c.runConsts) == 0 || params == nil {
		return params
	}
	out := make(map[string]value.Value, len(params)+len(c.runConsts))
	for k, v := range params {
		out[k] = v
	}
	for _, rc := range c.runConsts {
		delete(out, rc.Name)
		if v, ok := rc.eval(params); ok {
			out[rc.Name] = v
		}
	}
	return out
}
