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
		for _, e := range opExprs(op) {
			pls, reads := b.exprPipelines(c.Ops, i, e)
			nested, perRow = append(nested, pls...), perRow+reads
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
			runs[k] = in
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
		saved := b.outer
		b.outer = b.bindings(c.Ops[:i])
		for k, ch := range nested {
			total += runs[k] * b.pipelineCost(ch)
		}
		b.outer = saved
	}
	return total
}

// exprPipelines plans the patterns that expression e of ops[i] tests or
// counts per row, as code generation plans them (see gen.exists); the
// patterns a degree read answers (degreePattern) count one read each
// (reads).
func (b *builder) exprPipelines(ops []logical.Op, i int, e ast.Expr) (out []*logical.Pipeline, reads float64) {
	_, aggregates := ops[i].(logical.Aggregate)
	visitExpr(e, func(x ast.Expr) bool {
		if f, ok := x.(*ast.FunctionCall); ok && !aggregates {
			if _, ref := b.aggRefs[f]; ref {
				return false // an aggregation's result, computed by it
			}
		}
		comprehension := false
		switch x.(type) {
		case *ast.PatternExpr, *ast.ExistsSubquery, *ast.CountSubquery, *ast.FunctionCall:
		case *ast.PatternComprehension, *ast.CollectSubquery:
			comprehension = true
		default:
			return true
		}
		p, where, count, ok := patternMatches(x)
		if cs, isCollect := x.(*ast.CollectSubquery); isCollect {
			// Every row of the subquery, one list element each: priced as
			// the COUNT { } of its MATCH. A subquery of another shape
			// stays unpriced.
			p, where, ok = matchOnly(cs.Query, false)
			count = true
		}
		// A body that returns DISTINCT rows is priced as its MATCH with
		// the rows' multiplicity not mattering, as it is planned (a set
		// expansion where the rules make one; see distinctBodyNeed).
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
			return true
		}
		sc, _, ok := scopeAt(ops, i)
		if !ok {
			return false
		}
		if _, _, _, ok := b.degreePattern(p, where, sc); ok && !comprehension && !isDistinct {
			reads++
			return false
		}
		inner, _, err := b.matchOps(p, where, sc)
		if err != nil {
			return false
		}
		if !b.rowModeOnly {
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
		}
		out = append(out, &logical.Pipeline{Ops: inner})
		return false
	})
	return out, reads
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
