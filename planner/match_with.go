package planner

import (
	"sort"

	"github.com/cyqdb/cyq/parser/ast"
)

// The WITH clauses between MATCH clauses that only pass variables on:
// dropPassingWiths removes those that change nothing, postponeProjections
// moves those that drop or rename variables past the MATCH clauses after
// them, so that the MATCH clauses on both sides form one run that
// orderMatches may reorder, and whose WHERE conjuncts choose its start.

// dropPassingWiths removes from clauses each WITH after a MATCH or UNWIND
// clause and before a MATCH, UNWIND, WITH or RETURN that passes on every
// variable in scope under its own
// name and does nothing else (WITH a, b, or WITH *, with no DISTINCT,
// ORDER BY, SKIP, LIMIT or WHERE): its rows and bindings are those it
// receives, so `MATCH A WITH a, b MATCH B` is `MATCH A MATCH B`, and the
// MATCH clauses on both sides form one run that orderMatches may reorder
// (a seek in B then starts the join instead of A's scan). The scope is
// followed from sc through the clauses; past a clause whose effect on it
// is not followed here (a call, a write, ...), nothing more is removed.
func dropPassingWiths(clauses []ast.Clause, sc *scope) []ast.Clause {
	inScope := scopeKinds(sc)
	var out []ast.Clause
	for i, c := range clauses {
		// The clause before is the last one kept: of WITH * WITH a, b
		// before a MATCH, both go.
		if w, ok := c.(*ast.With); ok && inScope != nil && len(out) > 0 && i+1 < len(clauses) &&
			matchOrUnwind(out[len(out)-1]) && beforeProjectionOrMatch(clauses[i+1]) && passesAll(w, inScope) {
			continue
		}
		inScope = followScope(c, inScope, sc)
		out = append(out, c)
	}
	return out
}

// scopeKinds is the variables of sc with their kinds.
func scopeKinds(sc *scope) map[string]varKind {
	out := make(map[string]varKind, len(sc.vars))
	for n, k := range sc.vars {
		out[n] = k
	}
	return out
}

// followScope is the scope (variables and kinds) after clause c, given
// the scope in before it; nil (not followed) when in is nil or c is a
// clause whose effect on the scope is not followed here. sc is the scope
// the clauses start in: the variables a subquery imports stay visible
// across its WITH clauses.
func followScope(c ast.Clause, in map[string]varKind, sc *scope) map[string]varKind {
	if in == nil {
		return nil
	}
	switch x := c.(type) {
	case *ast.Match:
		out := copyKinds(in)
		addPatternKinds(x.Pattern, out)
		return out
	case *ast.Unwind:
		out := copyKinds(in)
		out[x.Var.Name] = kindValue
		return out
	case *ast.With:
		out := withScope(x, in)
		if out != nil && sc.imported != nil {
			for n, k := range sc.imported.vars {
				if _, shadowed := out[n]; !shadowed {
					out[n] = k
				}
			}
		}
		return out
	}
	return nil
}

func copyKinds(in map[string]varKind) map[string]varKind {
	out := make(map[string]varKind, len(in)+4)
	for n, k := range in {
		out[n] = k
	}
	return out
}

// addPatternKinds adds the variables pattern p binds to kinds: nodes,
// relationships (a variable-length one binds a list), paths.
func addPatternKinds(p *ast.Pattern, kinds map[string]varKind) {
	if p == nil {
		return
	}
	for _, part := range p.Parts {
		if part.Var != nil {
			kinds[part.Var.Name] = kindPath
		}
		if part.Element == nil {
			continue
		}
		for _, n := range part.Element.Nodes {
			if n.Var != nil {
				kinds[n.Var.Name] = kindNode
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var == nil {
				continue
			}
			if r.VarLength != nil || r.Quantified() {
				kinds[r.Var.Name] = kindValue
			} else if _, bound := kinds[r.Var.Name]; !bound {
				kinds[r.Var.Name] = kindRel
			}
		}
	}
}

// beforeProjectionOrMatch reports whether a WITH that passes everything on
// may go before c: a MATCH or UNWIND, or a WITH or RETURN, which project
// from the same rows and bindings (`MATCH A WITH * WITH a AS w` is
// `MATCH A WITH a AS w`).
func beforeProjectionOrMatch(c ast.Clause) bool {
	switch c.(type) {
	case *ast.With, *ast.Return:
		return true
	}
	return matchOrUnwind(c)
}

func matchOrUnwind(c ast.Clause) bool {
	switch c.(type) {
	case *ast.Match, *ast.Unwind:
		return true
	}
	return false
}

func isMatch(c ast.Clause) bool {
	_, ok := c.(*ast.Match)
	return ok
}

// passesAll reports whether w passes on exactly the variables inScope,
// each under its own name, and does nothing else.
func passesAll(w *ast.With, inScope map[string]varKind) bool {
	p := w.Projection
	if w.Where != nil || p.Distinct || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return false
	}
	if p.Star {
		return len(p.Items) == 0
	}
	seen := map[string]bool{}
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || (it.Alias != nil && it.Alias.Name != v.Name) {
			return false
		}
		if _, in := inScope[v.Name]; !in {
			return false
		}
		seen[v.Name] = true
	}
	return len(seen) == len(inScope)
}

// withScope is the scope after w: its items' names (with the kind of the
// variable an item passes on, else a value), and the scope before when it
// projects *; nil (not followed) when an item has no name.
func withScope(w *ast.With, inScope map[string]varKind) map[string]varKind {
	out := map[string]varKind{}
	if w.Projection.Star {
		for n, k := range inScope {
			out[n] = k
		}
	}
	for _, it := range w.Projection.Items {
		k := kindValue
		if v, ok := it.Expr.(*ast.Variable); ok {
			k = inScope[v.Name]
		}
		switch {
		case it.Alias != nil:
			out[it.Alias.Name] = k
		default:
			v, ok := it.Expr.(*ast.Variable)
			if !ok {
				return nil
			}
			out[v.Name] = k
		}
	}
	return out
}

// postponeProjections moves each WITH that follows a MATCH and only
// passes variables on (dropping some, renaming others: `WITH a AS x, n`,
// no DISTINCT, aggregation, ORDER BY, SKIP, LIMIT or *) past the MATCH
// and UNWIND clauses after it: `MATCH A WITH a AS x, n MATCH B` is
// `MATCH A MATCH B' WITH a AS x, n, b1, ..., bk`, with B' B reading a
// where it read x, and b1..bk the variables B binds. Such a WITH keeps
// every row (a projection of variables changes no multiplicity), so the
// clauses it passes see the same rows; a clause is passed only when
// every variable it names is a column of the WITH (then renamed to its
// source) or new (bound by it, and not by the clauses before the WITH,
// which it would join instead). The WITH's WHERE, which reads only its
// columns, joins the WHERE of the first MATCH passed when it cannot fail
// (neverFails). The clauses keep their own relationship uniqueness: they
// stay separate clauses. A WITH such a WITH meets first merges into it
// (projectedAway), so `MATCH A WITH a AS x, c MATCH (x) WITH c, x AS y
// UNWIND ... MATCH (y) ...` passes both the MATCH and the UNWIND.
func postponeProjections(clauses []ast.Clause, sc *scope) []ast.Clause {
	inScope := scopeKinds(sc)
	out := append([]ast.Clause(nil), clauses...)
	for i := 0; i < len(out); i++ {
		if w, ok := out[i].(*ast.With); ok && inScope != nil && i > 0 && isPlainMatch(out[i-1]) {
			// A WITH right after it projects again: the two are one
			// projection, which may then pass what follows the second.
			for i+1 < len(out) {
				next, ok := out[i+1].(*ast.With)
				if !ok {
					break
				}
				merged, ok := projectedAway(w, next)
				if !ok {
					break
				}
				w = merged.(*ast.With)
				out = append(append(append([]ast.Clause(nil), out[:i]...), w), out[i+2:]...)
			}
			if moved, n := postponeWith(w, out[i+1:], inScope); n > 0 {
				out = append(append(append([]ast.Clause(nil), out[:i]...), moved...), out[i+1+n:]...)
			}
		}
		inScope = followScope(out[i], inScope, sc)
	}
	return out
}

func isPlainMatch(c ast.Clause) bool {
	m, ok := c.(*ast.Match)
	return ok && !m.Optional
}

// postponeWith returns the first n clauses of rest that w may pass (see
// postponeProjections), rewritten to read w's sources, followed by w
// extended with the variables they bind; n is 0 when w passes none.
func postponeWith(w *ast.With, rest []ast.Clause, inScope map[string]varKind) ([]ast.Clause, int) {
	p := w.Projection
	if p.Distinct || p.Star || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return nil, 0
	}
	source := map[string]string{} // column name -> variable it passes on
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok {
			return nil, 0
		}
		if _, in := inScope[v.Name]; !in {
			return nil, 0
		}
		source[it.Name()] = v.Name
	}
	var where ast.Expr
	if w.Where != nil {
		entities := map[string]bool{}
		for col, src := range source {
			if k := inScope[src]; k == kindNode || k == kindRel {
				entities[col] = true
			}
		}
		if !neverFails(w.Where, entities) {
			return nil, 0
		}
		var ok bool
		if where, ok = renameExpr(w.Where, source); !ok {
			return nil, 0
		}
	}
	// ren maps every name the passed clauses may read: columns to their
	// sources, the variables they bind to themselves.
	ren := map[string]string{}
	for col, src := range source {
		ren[col] = src
	}
	var moved []ast.Clause
	var bound []string
	for _, c := range rest {
		if !isPlainMatch(c) && !isUnwind(c) {
			break // not a clause w may pass
		}
		news := map[string]bool{}
		s := newVarSet()
		switch x := c.(type) {
		case *ast.Match:
			patternVars(x.Pattern, &s)
		case *ast.Unwind:
			s.names[x.Var.Name] = true
		}
		clash := false
		for n := range s.names {
			if _, col := ren[n]; col {
				continue
			}
			// A new name of a variable bound before w would join it.
			if _, before := inScope[n]; before {
				clash = true
			}
			news[n] = true
		}
		if clash {
			break
		}
		local := copyRen(ren)
		for n := range news {
			local[n] = n
		}
		// Nested scopes (subqueries, pattern predicates) keep their own
		// variables, unless a variable bound before w, which the clause
		// sees once it comes first, has the name of one.
		rc, ok := renaming{m: local, seen: boundNames(inScope)}.clause(c)
		if !ok {
			break
		}
		for n := range news {
			ren[n] = n
			bound = append(bound, n)
		}
		moved = append(moved, rc)
	}
	if len(moved) == 0 {
		return nil, 0
	}
	if where != nil {
		m, ok := moved[0].(*ast.Match)
		if !ok {
			return nil, 0
		}
		c := *m
		c.Where = andOf(append([]ast.Expr{where}, conjunctsOf(m.Where)...))
		moved[0] = &c
	}
	nw := *w
	np := *p
	np.Items = append([]*ast.ProjectionItem(nil), p.Items...)
	sort.Strings(bound)
	for _, n := range bound {
		np.Items = append(np.Items, &ast.ProjectionItem{Span: p.Span, Expr: &ast.Variable{Span: p.Span, Name: n}, Text: n})
	}
	nw.Projection = &np
	nw.Where = nil
	return append(moved, &nw), len(moved)
}

func conjunctsOf(e ast.Expr) []ast.Expr {
	if e == nil {
		return nil
	}
	return conjuncts(e)
}

func copyRen(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func isUnwind(c ast.Clause) bool {
	_, ok := c.(*ast.Unwind)
	return ok
}

// dropProjectedAway removes each WITH that only passes variables on (no
// DISTINCT, ORDER BY, SKIP, LIMIT, WHERE or *) when the WITH or RETURN
// right after it projects again, without *: the second sees the same rows
// and values either way. It reads the first's columns; an item of the
// second that is a renamed column becomes the renamed variable under the
// column's name (`WITH b AS w, p WITH DISTINCT w` is `WITH DISTINCT b AS
// w`), an aliased expression reads the renamed variables (`WITH c AS w
// RETURN count(DISTINCT w) AS n` is `RETURN count(DISTINCT c) AS n`), and
// any other expression of the second may read only columns passed under
// their own names. `... WITH a AS x, n, c WITH DISTINCT c` is
// `... WITH DISTINCT c`; a projection postponeProjections moved to the
// end of a run often ends so, and without it the run's last expansion
// joins the rest of the plan (a set-at-a-time chain) directly.
func dropProjectedAway(clauses []ast.Clause) []ast.Clause {
	var out []ast.Clause
	for _, c := range clauses {
		if len(out) > 0 {
			if w, ok := out[len(out)-1].(*ast.With); ok {
				if merged, ok := projectedAway(w, c); ok {
					out[len(out)-1] = merged
					continue
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// projectedAway returns next reading what w passes on, when w may go.
func projectedAway(w *ast.With, next ast.Clause) (ast.Clause, bool) {
	p := w.Projection
	if w.Where != nil || p.Distinct || p.Star || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return nil, false
	}
	source := map[string]string{} // w's columns: the variables they pass on
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok {
			return nil, false
		}
		source[it.Name()] = v.Name
	}
	q, where, ok := projectionOf(next)
	if !ok {
		return nil, false
	}
	if q.Star {
		return nil, false
	}
	// own reports whether every variable e reads is a column of w
	// passed under its own name (or, by name, a column of q: in ORDER BY
	// and WHERE).
	aliases := map[string]bool{}
	for _, it := range q.Items {
		aliases[it.Name()] = true
	}
	own := func(e ast.Expr, qCols bool) bool {
		s := newVarSet()
		addExprVars(e, &s)
		if s.all {
			return false
		}
		for n := range s.names {
			if qCols && aliases[n] {
				continue
			}
			if src, ok := source[n]; !ok || src != n {
				return false
			}
		}
		return true
	}
	nq := *q
	nq.Items = make([]*ast.ProjectionItem, len(q.Items))
	for i, it := range q.Items {
		nq.Items[i] = it
		if v, ok := it.Expr.(*ast.Variable); ok {
			src, ok := source[v.Name]
			if !ok {
				return nil, false
			}
			if src != v.Name {
				ni := *it
				ni.Expr = &ast.Variable{Span: v.Span, Name: src}
				ni.Alias = &ast.Variable{Span: v.Span, Name: it.Name()}
				nq.Items[i] = &ni
			}
			continue
		}
		if own(it.Expr, false) {
			continue
		}
		// An aliased expression reading renamed columns reads their
		// sources (its column keeps its name).
		if it.Alias == nil {
			return nil, false
		}
		e, ok := renameExpr(it.Expr, source)
		if !ok {
			return nil, false
		}
		ni := *it
		ni.Expr = e
		nq.Items[i] = &ni
	}
	for _, o := range q.OrderBy {
		if !own(o.Expr, true) {
			return nil, false
		}
	}
	if q.Skip != nil && !own(q.Skip, false) || q.Limit != nil && !own(q.Limit, false) {
		return nil, false
	}
	if where != nil {
		s := newVarSet()
		addExprVars(where, &s)
		for n := range s.names {
			if !aliases[n] {
				return nil, false // not followed: WHERE reads q's columns
			}
		}
		if s.all {
			return nil, false
		}
	}
	switch x := next.(type) {
	case *ast.With:
		c := *x
		c.Projection = &nq
		return &c, true
	case *ast.Return:
		c := *x
		c.Projection = &nq
		return &c, true
	}
	return nil, false
}
