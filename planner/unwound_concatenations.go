package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
)

// Lists of matches unwound again, through a WITH and as concatenations.
//
// inlinedUnwoundList reads `WITH k..., L AS xs UNWIND xs AS x` as `WITH k...,
// <the variables L reads> UNWIND L AS x`: L is evaluated once per row
// either way, and the UNWIND gives the same rows; what the next rules
// see is the list itself (a pattern comprehension, a concatenation of
// them), not a name. Preconditions: the WITH only projects (no
// aggregate, DISTINCT, WHERE, ORDER BY, SKIP, LIMIT or `*`); xs is read
// by no later clause; the variables L reads are kept under their own
// names, are not renamed by another item, and are named by no clause
// after the UNWIND (they were out of scope there), which has no `*`
// projection and no CALL { } (either could see them).
//
// unwoundConcatenation reads `UNWIND [p1 WHERE w1 | e1] + ... + [pn
// WHERE wn | en] AS x` as `CALL { WITH <imports> MATCH p1 WHERE w1 RETURN
// e1 AS x UNION ALL ... }`: a concatenation holds each term's elements,
// one per match of its pattern (see unwoundComprehensions), so the
// UNWIND gives, per input row, one row per match of each term, as the
// branches of the UNION ALL do; a row where a bound node is null matches
// no pattern and its lists are empty. Only the order of the rows may
// differ, so the next clause must not observe it nor count repeats
// beyond the union's own: it is a set consumer (a DISTINCT projection,
// aggregates that ignore duplicates), the case where the planner then
// reads the branches as sets of nodes (unionSets). The list is built
// whole before the next clause reads any element, where the branches
// hand each row on as it is found: so no term's element or WHERE may
// fail (an error the list raised first would come after another).
// Preconditions: x is not bound before; the variables the patterns bind that were not bound
// before are named by no later clause (other than x itself).
func inlinedUnwoundList(w *ast.With, u *ast.Unwind, after []ast.Clause, kinds map[string]varKind) (*ast.With, *ast.Unwind, bool) {
	pr := w.Projection
	if w.Where != nil || pr == nil || pr.Star || pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil || projectionAggregates(pr) {
		return nil, nil, false
	}
	xsVar, ok := u.Expr.(*ast.Variable)
	if !ok || mentions(after, xsVar.Name) {
		return nil, nil, false
	}
	for _, c := range after {
		if _, call := c.(*ast.CallSubquery); call {
			return nil, nil, false // may import the kept variables with *
		}
		if pr := clauseProjection(c); pr != nil && pr.Star {
			return nil, nil, false // would project the kept variables
		}
	}
	at := -1
	names := map[string]int{}
	for k, it := range pr.Items {
		names[it.Name()] = k
		if it.Name() == xsVar.Name {
			at = k
		}
	}
	if at < 0 {
		return nil, nil, false
	}
	l := pr.Items[at].Expr
	if _, ok := unwoundTerms(l); !ok {
		return nil, nil, false
	}
	items := slices.Delete(slices.Clone(pr.Items), at, at+1)
	var reads []string
	for n := range mentionedNames(l) {
		if _, bound := kinds[n]; bound {
			reads = append(reads, n)
		}
	}
	slices.Sort(reads)
	for _, n := range reads {
		if k, named := names[n]; named {
			if v, ok := pr.Items[k].Expr.(*ast.Variable); !ok || v.Name != n {
				return nil, nil, false // renamed: L would read the new value
			}
			continue
		}
		if mentions(after, n) || n == u.Var.Name {
			return nil, nil, false
		}
		items = append(items, &ast.ProjectionItem{Span: w.Span, Expr: &ast.Variable{Span: w.Span, Name: n}, Text: n})
	}
	if len(items) == 0 {
		return nil, nil, false
	}
	np := *pr
	np.Items = items
	nw := *w
	nw.Projection = &np
	nu := *u
	nu.Expr = atSpan(l, xsVar.Span)
	return &nw, &nu, true
}

// atSpan returns l with its own position sp when l is a concatenation:
// the UNWIND reads the list where it read the name, and a value of it
// that is not what a later clause needs (a relationship or a number
// where a node is) is reported at the position of the UNWIND's list, as
// row mode reports it. The operands keep their positions, so their own
// errors do too. (A single comprehension is unwound as an expansion,
// which reports such a value at its element.)
func atSpan(l ast.Expr, sp ast.Span) ast.Expr {
	if x, ok := l.(*ast.Binary); ok {
		c := *x
		c.Span = sp
		return &c
	}
	return l
}

// unwoundTerms returns the pattern comprehensions e concatenates (e
// itself when it is one), ok false when e is anything else.
func unwoundTerms(e ast.Expr) ([]*ast.PatternComprehension, bool) {
	switch x := e.(type) {
	case *ast.PatternComprehension:
		return []*ast.PatternComprehension{x}, true
	case *ast.Binary:
		if x.Op != ast.OpAdd {
			return nil, false
		}
		l, ok := unwoundTerms(x.Left)
		if !ok {
			return nil, false
		}
		r, ok := unwoundTerms(x.Right)
		if !ok {
			return nil, false
		}
		return append(l, r...), true
	}
	return nil, false
}

// unwoundConcatenation returns the CALL standing for UNWIND u (see
// unwoundList), given the clauses after it and the variables bound before
// it.
func unwoundConcatenation(u *ast.Unwind, after []ast.Clause, kinds map[string]varKind) (ast.Clause, bool) {
	x := u.Var.Name
	terms, ok := unwoundTerms(u.Expr)
	if _, bound := kinds[x]; bound || !ok || len(terms) < 2 || len(after) == 0 || !setConsumer(after[0]) {
		return nil, false
	}
	// A later `*` needs no condition: the CALL returns only x and imports
	// the row, so the names in scope after it are those after the UNWIND,
	// and the patterns' own variables stay in its branches as they stayed
	// in the comprehensions.
	body := &ast.Query{Span: u.Span}
	for j, pc := range terms {
		part := &ast.PatternPart{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}
		pat := &ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{part}}
		bound := map[string]varKind{}
		addPatternKinds(pat, bound)
		entities := map[string]bool{}
		for n, k := range bound {
			entities[n] = k == kindNode || k == kindRel
		}
		if !elementCannotFail(pc.Map, entities) || pc.Where != nil && !neverFails(pc.Where, entities) {
			return nil, false
		}
		for n := range bound {
			if _, old := kinds[n]; !old && n != x && mentions(after, n) {
				return nil, false
			}
		}
		var imports []string
		for n := range mentionedNames(pc) {
			if _, old := kinds[n]; old {
				imports = append(imports, n)
			}
		}
		slices.Sort(imports)
		var clauses []ast.Clause
		if len(imports) > 0 {
			items := make([]*ast.ProjectionItem, len(imports))
			for k, n := range imports {
				items[k] = &ast.ProjectionItem{Span: pc.Span, Expr: &ast.Variable{Span: pc.Span, Name: n}, Text: n}
			}
			clauses = append(clauses, &ast.With{Span: pc.Span, Projection: &ast.Projection{Span: pc.Span, Items: items}})
		}
		clauses = append(clauses,
			&ast.Match{Span: pc.Span, Pattern: pat, Where: pc.Where},
			&ast.Return{Span: pc.Span, Projection: &ast.Projection{Span: pc.Span, Items: []*ast.ProjectionItem{
				{Span: pc.Span, Expr: pc.Map, Alias: &ast.Variable{Span: u.Var.Span, Name: x}, Text: x}}}})
		body.Parts = append(body.Parts, &ast.SingleQuery{Span: pc.Span, Clauses: clauses})
		if j > 0 {
			body.All = append(body.All, true)
		}
	}
	return &ast.CallSubquery{Span: u.Span, Body: body}, true
}

// elementCannotFail reports whether e, a comprehension's element, is a
// variable of its pattern or a property of one: it cannot fail.
func elementCannotFail(e ast.Expr, entities map[string]bool) bool {
	if p, ok := e.(*ast.Property); ok {
		e = p.Expr
	}
	v, ok := e.(*ast.Variable)
	return ok && entities[v.Name]
}
