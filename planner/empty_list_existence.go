package planner

import (
	"maps"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
)

// listExistence reads a filter that rejects the empty list of a per-row
// pattern comprehension or COLLECT { } as an existence test of its
// pattern, as callExistence does for an aggregating CALL:
//
//	MATCH (p:Person)
//	WITH p, [(p)-[r:REVIEWED]->(m) | [r.rating, m.year]] AS xs
//	WITH p, reduce(t = 0, x IN xs | t + x[0]) AS w WHERE w > 0
//
// keeps only the persons with a review, since the list of a row without a
// match is [] and w is then 0. It returns `EXISTS { (p)-[r:REVIEWED]->(m)
// }` to plan before the WITH w of the list (the semi-join of the
// existence rules), which then computes the list for the rows that pass.
//
// The WITH w binding the list column xs (an item that is the pattern
// comprehension, or a COLLECT { } whose RETURN aggregates nothing) must
// aggregate nothing and have no SKIP or LIMIT. The rejecting conjunct is
// in w's WHERE, reading only such columns, or in the WHERE of the WITH
// right after (same conditions), reading only its items computed from
// those columns and literals. Whether it rejects the empty list is
// computed by the engine: `WITH [] AS xs WITH <the items> RETURN <the
// conjunct>` is false or null (and raises no error: the items of the
// second WITH are computed for the rows dropped too). Everything else
// evaluated on the rows dropped cannot fail: the other items, sort keys
// and conjuncts of both WITH clauses (plainValue, neverFails). The query
// writes nothing.
func (b *builder) listExistence(w *ast.With, next ast.Clause, clauses []ast.Clause, sc *scope) (*ast.FilterClause, bool) {
	p := w.Projection
	if !b.existenceAheadAllowed(clauses) || !keepsEveryRow(p) {
		return nil, false
	}
	entities := scopeEntities(sc)
	lists := map[string]ast.Expr{} // list column -> its existence test
	visible := map[string]bool{}   // the names in scope after w
	if p.Star {
		for n := range sc.vars {
			visible[n] = true
		}
	}
	after := map[string]bool{} // the entities after w
	if p.Star {
		for n := range entities {
			after[n] = true
		}
	}
	for _, it := range p.Items {
		visible[it.Name()] = true
		delete(after, it.Name())
		if v, ok := it.Expr.(*ast.Variable); ok && entities[v.Name] {
			after[it.Name()] = true
		}
		if test, ok := emptyListTest(it.Expr); ok && !sc.has(it.Name()) {
			lists[it.Name()] = test
			continue
		}
		if !plainValue(it.Expr, entities) {
			return nil, false
		}
	}
	if len(lists) == 0 {
		return nil, false
	}
	for _, s := range p.OrderBy {
		if !plainValue(s.Expr, entities) {
			return nil, false
		}
	}
	span := w.Span
	emptyLists := func(reads map[string]bool) ([]*ast.ProjectionItem, bool) {
		var items []*ast.ProjectionItem
		for n := range reads {
			if lists[n] == nil {
				return nil, false
			}
			items = append(items, &ast.ProjectionItem{Span: span, Expr: &ast.ListLiteral{Span: span}, Alias: &ast.Variable{Span: span, Name: n}, Text: n})
		}
		return items, len(items) > 0
	}
	// The conjunct of w's WHERE, or of the next WITH's, and the tests of
	// what else those clauses evaluate on the rows it drops.
	rejectsEmpty := func(cj ast.Expr) bool {
		if hasParameter(cj) {
			return false
		}
		items, ok := emptyLists(exprVars(cj))
		return ok && b.rejects([]ast.Clause{&ast.With{Span: span, Projection: &ast.Projection{Span: span, Items: items}}}, cj)
	}
	var test ast.Expr
	cj, ok := rejectingConjunct(w.Where, entities, rejectsEmpty)
	if !ok {
		return nil, false
	}
	if cj != nil {
		test = orTests(lists, exprVars(cj), span)
	}
	if test == nil {
		w2, ok := next.(*ast.With)
		if !ok || w2.Where == nil || !keepsEveryRow(w2.Projection) {
			return nil, false
		}
		// The items of w2 computed from the lists alone are computed for
		// the empty lists; the others cannot fail.
		computed := map[string]*ast.ProjectionItem{}
		var reads []*ast.ProjectionItem // w2's computed items, by their own names
		read := map[string]bool{}       // the lists they read
		for _, it := range w2.Projection.Items {
			vs := map[string]bool{} // the names of w's scope it reads
			for n := range exprVars(it.Expr) {
				if visible[n] {
					vs[n] = true
				}
			}
			if _, ok := emptyLists(vs); ok && !hasParameter(it.Expr) {
				computed[it.Name()] = it
				reads = append(reads, it)
				for n := range vs {
					if lists[n] != nil {
						read[n] = true
					}
				}
				continue
			}
			if !plainValue(it.Expr, after) {
				return nil, false
			}
		}
		for _, s := range w2.Projection.OrderBy {
			if !plainValue(s.Expr, after) {
				return nil, false
			}
		}
		if len(reads) == 0 {
			return nil, false
		}
		first, _ := emptyLists(read)
		stages := []ast.Clause{
			&ast.With{Span: span, Projection: &ast.Projection{Span: span, Items: first}},
			&ast.With{Span: span, Projection: &ast.Projection{Span: span, Items: reads}},
		}
		after2 := map[string]bool{} // the entities after w2
		if w2.Projection.Star {
			for n := range after {
				after2[n] = true
			}
		}
		for _, it := range w2.Projection.Items {
			delete(after2, it.Name())
		}
		for _, it := range w2.Projection.Items {
			if v, ok := it.Expr.(*ast.Variable); ok && after[v.Name] {
				after2[it.Name()] = true
			}
		}
		cj, ok := rejectingConjunct(w2.Where, after2, func(cj ast.Expr) bool {
			return !hasParameter(cj) && len(exprVars(cj)) > 0 && allComputed(exprVars(cj), computed) && b.rejects(stages, cj)
		})
		if !ok || cj == nil {
			return nil, false
		}
		test = orTests(lists, read, span)
		// w2's computed items are computed for the rows dropped: they
		// must compute without error on the empty lists, the conjunct
		// aside.
		if !b.computes(stages) {
			return nil, false
		}
	}
	return &ast.FilterClause{Span: span, Where: test}, true
}

// emptyListTest returns, for a pattern comprehension or a COLLECT { }
// whose RETURN aggregates nothing (a list that is [] exactly when the
// pattern or the body has no match), the EXISTS test of its pattern or
// body.
func emptyListTest(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.PatternComprehension:
		if x.PathVar != nil {
			return nil, false
		}
		pat := &ast.Pattern{Span: x.Span, Parts: []*ast.PatternPart{{Span: x.Span, Kind: ast.PathPlain, Element: x.Element}}}
		return &ast.ExistsSubquery{Span: x.Span, Pattern: pat, Where: x.Where}, true
	case *ast.CollectSubquery:
		q := x.Query
		if q == nil || len(q.Parts) != 1 || len(q.When) > 0 {
			return nil, false
		}
		cls := q.Parts[0].Clauses
		if len(cls) < 2 {
			return nil, false
		}
		ret, ok := cls[len(cls)-1].(*ast.Return)
		if !ok || ret.Projection == nil || ret.Projection.Skip != nil || ret.Projection.Limit != nil {
			return nil, false
		}
		for _, it := range ret.Projection.Items {
			if containsAggregate(it.Expr) {
				return nil, false
			}
		}
		body := existenceClauses(cls[:len(cls)-1])
		return &ast.ExistsSubquery{Span: x.Span, Query: &ast.Query{Span: q.Span, Parts: []*ast.SingleQuery{{Span: q.Parts[0].Span, Clauses: body}}}}, true
	}
	return nil, false
}

// orTests is the OR of the existence tests of the lists read: the
// conjunct is false or null when all of them are empty, so a row it
// keeps has one that is not.
func orTests(lists map[string]ast.Expr, read map[string]bool, span ast.Span) ast.Expr {
	var out ast.Expr
	for _, n := range slices.Sorted(maps.Keys(lists)) {
		if !read[n] {
			continue
		}
		if out == nil {
			out = lists[n]
			continue
		}
		out = &ast.Binary{Span: span, Op: ast.OpOr, Left: out, Right: lists[n]}
	}
	return out
}

func allComputed(vs map[string]bool, computed map[string]*ast.ProjectionItem) bool {
	for n := range vs {
		if computed[n] == nil {
			return false
		}
	}
	return true
}

// computes reports whether the query of clauses computes its row without
// an error.
func (b *builder) computes(clauses []ast.Clause) bool {
	span := clauses[0].NodeSpan()
	return b.rejects(clauses, &ast.Literal{Span: span, Kind: ast.LitBool, Bool: false})
}
