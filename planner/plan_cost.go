package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// planCost is the estimated work of running plan once: for each
// pipeline, the rows its operators produce plus the relationships they
// read (see cost); for each operator that owns pipelines (a subquery, an
// optional match) their cost once per row that enters it, for a
// semi-join its build's cost once per key (see keyRuns); and for each pattern an operator's expressions test or
// count per row (EXISTS { }, COUNT { }, a pattern predicate) or collect
// (a pattern comprehension, a COLLECT { } of one MATCH), which code
// generation plans, the cost of the pipeline it plans there, once per
// row. Nested pipelines are costed with the variables of the rows before
// them bound as those operators bind them. A subquery expression that is
// a whole query of another shape (more than one MATCH and its RETURN) is
// not costed.
//
// Equivalent forms of one question should get plans of about the same
// cost: the test of plan invariance compares it across forms.
func (b *builder) planCost(plan *logical.Plan) float64 {
	// Planning the nested patterns again must leave the plan's facts as
	// they were.
	saved := b.assumes
	defer func() { b.assumes = saved }()
	b.assumes = append([]PatternCount(nil), saved...)
	total := 0.0
	for _, pl := range plan.Pipelines {
		total += b.pipelineCost(pl)
	}
	return total
}

// pipelineCost is cost(pl) plus the cost of the pipelines its operators
// own or their expressions plan, weighed by the rows entering them.
func (b *builder) pipelineCost(pl *logical.Pipeline) float64 {
	c := &logical.Pipeline{Ops: append([]logical.Op(nil), pl.Ops...)}
	reads := b.estimateReads(c)
	total := 1.0
	for i, r := range c.Est {
		total += r + reads[i]
	}
	for i, op := range c.Ops {
		nested, perRow := op.Children(), 0.0
		weights := make([]float64, len(nested))
		for k := range weights {
			weights[k] = 1
		}
		for _, e := range opExprs(op) {
			pls, ws, reads := b.exprPipelines(c.Ops, i, e)
			nested, weights, perRow = append(nested, pls...), append(weights, ws...), perRow+reads
		}
		if len(nested) == 0 && perRow == 0 {
			continue
		}
		in := 1.0
		if i > 0 {
			in = c.Est[i-1]
		}
		total += in * perRow
		runs := make([]float64, len(nested))
		for k := range runs {
			runs[k] = in * weights[k]
		}
		sj, ok := op.(logical.SemiJoin)
		if m, isMark := op.(logical.Mark); isMark {
			sj, ok = m.Join, true
		}
		if ok {
			// A semi-join's builds run once, or once per key.
			if _, at, ok := scopeAt(c.Ops, i); ok {
				for k, l := range sj.Leaves() {
					runs[k] = b.keyRuns(c.Ops[:i], at, l.Key, sj.Probe)
				}
			}
		}
		if _, once := op.(logical.WalkCount); once {
			runs[0] = 1 // built once
		}
		switch o := op.(type) {
		case logical.CallSubquery:
			b.onceCallRuns(o, runs)
		case logical.ValueJoin:
			runs[0] = 1 // built once, when the first row arrives
		case logical.KeyCount:
			runs[0] = b.keyCountRuns(c.Ops, i, o)
		}
		saved := b.outer
		b.outer = b.bindings(c.Ops[:i])
		own := len(op.Children())
		for k, ch := range nested {
			c := b.pipelineCost(ch)
			if ok && k < own {
				// a semi-join's set built in set steps (see buildCost)
				c = max(1, c-b.setSinkSaving(ch, sj.Probe, sj.Leaves()[k].AtLeast))
			}
			if k >= own && runs[k] > 1 {
				// A pattern tested or counted per row: the builds of its
				// value joins and key counts run once for all rows.
				once := b.onceBuildsCost(ch)
				total += runs[k]*max(c-once, 0) + once
				continue
			}
			total += runs[k] * c
		}
		b.outer = saved
	}
	return total
}

// exprPipelines plans the patterns that expression e of ops[i] tests or
// counts per row, as code generation plans them (see gen.exists), each
// with the share of the rows that evaluate it (weights: below a CASE,
// the rows that reach its branch, see caseBranches); the patterns a
// degree read answers (degreePattern) count one read each (reads).
func (b *builder) exprPipelines(ops []logical.Op, i int, e ast.Expr) (out []*logical.Pipeline, weights []float64, reads float64) {
	_, aggregates := ops[i].(logical.Aggregate)
	var sel *selectivity // what ops[:i] tell, for CASE conditions
	var walk func(e ast.Expr, w float64)
	walk = func(e ast.Expr, w float64) {
		visitExpr(e, func(x ast.Expr) bool {
			if f, ok := x.(*ast.FunctionCall); ok && !aggregates {
				if _, ref := b.aggRefs[f]; ref {
					return false // an aggregation's result, computed by it
				}
			}
			switch y := x.(type) {
			case *ast.Case:
				if sel == nil {
					sel = b.bindings(ops[:i])
				}
				for _, br := range b.caseBranches(ops, i, y, sel) {
					walk(br.expr, w*br.share)
				}
				return false
			case *ast.PatternExpr, *ast.ExistsSubquery, *ast.CountSubquery, *ast.FunctionCall,
				*ast.PatternComprehension, *ast.CollectSubquery:
			default:
				return true
			}
			w := b.onceExprWeight(ops, i, x, w)
			if pl, share, ok := b.rankedPipeline(ops, i, x); ok {
				out, weights = append(out, pl), append(weights, w*share)
				return false
			}
			pls, degree, ok := b.exprPipelineOrDegree(ops, i, x)
			if !ok {
				return true
			}
			if degree {
				reads += w
			}
			for _, pl := range pls {
				out, weights = append(out, pl), append(weights, w)
			}
			return false
		})
	}
	walk(e, 1)
	return out, weights, reads
}

// exprPipeline plans what pattern or subquery expression x (EXISTS { },
// COUNT { }, COLLECT { }, a pattern comprehension or predicate, exists()
// or size() of one) enumerates per row entering ops[i], as code
// generation plans it: a pattern's matches (see gen.exists), or a
// subquery of another shape as a nested query (see gen.subquery), one
// pipeline per UNION branch.
func (b *builder) exprPipeline(ops []logical.Op, i int, x ast.Expr) ([]*logical.Pipeline, bool) {
	pls, degree, ok := b.exprPipelineOrDegree(ops, i, x)
	return pls, ok && !degree
}

// exprPipelineOrDegree is exprPipeline, reporting instead (degree) a
// pattern that a degree read answers.
func (b *builder) exprPipelineOrDegree(ops []logical.Op, i int, x ast.Expr) (pls []*logical.Pipeline, degree, ok bool) {
	comprehension := false
	switch x.(type) {
	case *ast.PatternComprehension, *ast.CollectSubquery:
		comprehension = true
	}
	p, where, count, ok := patternMatches(x)
	if cs, isCollect := x.(*ast.CollectSubquery); isCollect {
		// Every row of the subquery, one list element each: priced as
		// the COUNT { } of its MATCH.
		p, where, ok = matchOnly(cs.Query, false)
		count = true
	}
	// A body that returns DISTINCT rows is priced as its MATCH with the
	// rows' multiplicity not mattering, as it is planned (a set expansion
	// where the rules make one; see distinctBodyNeed).
	distinct, isDistinct := distinctBodyNeed(x)
	if cs, isCount := x.(*ast.CountSubquery); isCount && !ok && isDistinct {
		p, where, ok = matchOnly(cs.Query, false)
	}
	if pc, isComp := x.(*ast.PatternComprehension); isComp && pc.Element != nil {
		// Every match, one list element each: its pipeline enumerates
		// them as the COUNT { } of the pattern does.
		part := &ast.PatternPart{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}
		p, where, count, ok = &ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{part}}, pc.Where, true, true
	}
	if !ok {
		return b.subqueryPipelines(ops, i, x)
	}
	sc, _, ok := scopeAt(ops, i)
	if !ok {
		return nil, false, false
	}
	if _, _, _, ok := b.degreePattern(p, where, sc); ok && !comprehension && !isDistinct {
		return nil, true, true
	}
	inner, _, err := b.matchOps(p, where, sc)
	if err != nil {
		return nil, false, false
	}
	if !b.rowModeOnly {
		saved, savedRows, savedRels := b.joinOuter, b.bodyRows, b.bodyRels
		b.joinOuter, b.bodyRows, b.bodyRels = scopeEntities(sc), b.rowsAfter(ops[:i]), scopeRels(sc) // as gen.exists
		inner = b.correlatedSemiJoins(inner, sc)
		counted, ok := []logical.Op(nil), false
		if count && !comprehension {
			counted, _, ok = b.countedOps(inner) // as gen.countByRules
		}
		switch {
		case isDistinct:
			inner = b.rewrite(inner, distinct)
		case ok:
			inner = counted
		default:
			inner = b.rewrite(inner, need{Live: newVarSet(), Bag: count})
		}
		b.joinOuter, b.bodyRows, b.bodyRels = saved, savedRows, savedRels
	}
	return []*logical.Pipeline{{Ops: inner}}, false, true
}

// subqueryPipelines plans subquery expression x whose body is a query of
// another shape than one MATCH (ORDER BY, LIMIT, WITH, several clauses)
// as code generation does (gen.subquery, subqueryBody): with the
// variables in scope at ops[i] imported, through the body rules.
func (b *builder) subqueryPipelines(ops []logical.Op, i int, x ast.Expr) (pls []*logical.Pipeline, degree, ok bool) {
	var q *ast.Query
	var kind subKind
	switch y := x.(type) {
	case *ast.ExistsSubquery:
		q, kind = y.Query, subExists
	case *ast.CountSubquery:
		q, kind = y.Query, subCount
	case *ast.CollectSubquery:
		q, kind = y.Query, subCollect
	}
	if q == nil || len(q.When) > 0 {
		return nil, false, false
	}
	if _, _, ok := scopeAt(ops, i); !ok {
		return nil, false, false
	}
	defer b.keepState()()
	pls, _, err := b.subqueryBody(q, func() *scope {
		sc, _, _ := scopeAt(ops, i)
		sc.imported = sc.clone()
		return sc
	}, kind)
	if err != nil {
		return nil, false, false
	}
	return pls, false, true
}

// keepState saves what building a query records in the builder (the
// aggregate calls it named, the names it drew, the projection being
// planned, the facts its rules assumed) and returns the function that
// restores it: a body built only to be priced leaves no trace, so that
// code generation builds it again as if for the first time.
func (b *builder) keepState() (restore func()) {
	aggRefs := make(map[*ast.FunctionCall]string, len(b.aggRefs))
	for k, v := range b.aggRefs {
		aggRefs[k] = v
	}
	anon, aliasErr, projected, assumes, lens := b.anon, b.aliasErr, b.projectedVars, b.assumes, b.listLens
	return func() {
		b.aggRefs, b.anon, b.aliasErr, b.projectedVars, b.assumes, b.listLens = aggRefs, anon, aliasErr, projected, assumes, lens
	}
}

// distinctBodyNeed reports whether e is a COUNT { } or COLLECT { } whose
// body is one MATCH and a RETURN DISTINCT, and returns what the body's
// rows must give: the variables the RETURN reads, their multiplicity not
// mattering.
func distinctBodyNeed(e ast.Expr) (need, bool) {
	var q *ast.Query
	switch x := e.(type) {
	case *ast.CountSubquery:
		q = x.Query
	case *ast.CollectSubquery:
		q = x.Query
	}
	if q == nil || len(q.Parts) != 1 || len(q.Parts[0].Clauses) != 2 {
		return need{}, false
	}
	r, ok := q.Parts[0].Clauses[1].(*ast.Return)
	if !ok || r.Projection == nil || !r.Projection.Distinct || r.Projection.Star {
		return need{}, false
	}
	live := newVarSet()
	for _, it := range r.Projection.Items {
		for v := range exprVars(it.Expr) {
			live.names[v] = true
		}
	}
	return need{Live: live}, true
}
