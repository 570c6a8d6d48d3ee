package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// List algebra of collects is set algebra on the rows that built them.
// Two clause rewrites, run before the clauses are planned, read a list
// built by collect() as the rows it was collected from, so that the
// rules for rows (filters, semi- and anti-joins, counts) see the query
// whichever way it was written:
//
//   - membershipLists: a list collected from the matches of one MATCH
//     (or OPTIONAL MATCH) run on at most one row, and read afterwards
//     only by membership tests `v IN ys` made per element of another
//     list (a comprehension's or quantifier's test), is the list of those matches,
//     the pattern comprehension [pattern WHERE w | e] (with `AND e IS
//     NOT NULL` unless e is a node or relationship the pattern binds:
//     collect drops nulls). A membership test reads neither the order
//     nor the multiplicity of the elements, so collect(DISTINCT e) reads
//     so too, and x IN ys keeps its three-valued answer exactly (the two
//     lists hold the same values). The tests then become semi- and
//     anti-joins with the matches (listExistence).
//   - collectedFilters: a comprehension [x IN xs WHERE q] over a list
//     collected with no grouping, `WITH collect([DISTINCT] e) AS xs`,
//     is the list collected from the rows that pass q with e in x's place:
//     `WHERE q[x:=e]` before the collect, and xs in the comprehension's
//     place ([x IN xs | m] when it maps). collect drops the rows whose e
//     is null, which the comprehension never sees; the comprehension
//     keeps the elements where q is true, the filter the rows. q may
//     read x, parameters and lists that hold one value in every row,
//     items bound after the collect to an expression that reads no
//     variable of the query (such as the pattern comprehensions
//     membershipLists leaves): those are written out in the filter.
//
// So `MATCH (h {id: $a})-->(b) WITH collect(DISTINCT b) AS xs OPTIONAL
// MATCH (o {id: $b})-->(c) WITH xs, collect(c) AS ys RETURN size([x IN
// xs WHERE NOT x IN ys])` plans as `MATCH (h {id: $a})-->(b) WHERE NOT
// (o {id: $b})-->(b) RETURN count(DISTINCT b)`: the set difference of
// two neighbourhoods, and x IN ys the intersection.
//
// Preconditions (collectedFilters): the WITH has the collect as its only
// item, of an element that cannot fail (a variable, a property of one, a
// literal or a parameter), and no WHERE, ORDER BY, SKIP or LIMIT; every
// later reading of xs is either the comprehension (one test, written the
// same wherever it occurs) or xs carried as itself by a later WITH; q
// and the lists it reads call only deterministic functions (the filter
// evaluates q per row, the comprehension per element) and name no
// variable of the query but x and those lists.

// collectedLists applies membershipLists then collectedFilters.
func (b *builder) collectedLists(clauses []ast.Clause, sc *scope) []ast.Clause {
	return collectedFilters(b.membershipLists(clauses, sc), sc)
}

// membershipLists rewrites the lists collected from matches and read only
// as the lists of membership tests (see above).
func (b *builder) membershipLists(clauses []ast.Clause, sc *scope) []ast.Clause {
	out := slices.Clone(clauses)
	for i := 0; i+1 < len(out); i++ {
		if r, ok := b.membershipListAt(out, i, sc); ok {
			out = r
		}
	}
	return out
}

// atMostOneRow reports whether the clauses before out[i] give at most one
// row (per row of an enclosing query): none, or a WITH whose items are
// all aggregates (no grouping key).
func atMostOneRow(out []ast.Clause, i int) bool {
	if i == 0 {
		return true
	}
	w, ok := out[i-1].(*ast.With)
	if !ok || w.Projection == nil || w.Projection.Star || len(w.Projection.Items) == 0 {
		return false
	}
	for _, it := range w.Projection.Items {
		if !isAggregateCall(it.Expr) {
			return false
		}
	}
	return true
}

// isAggregateCall reports whether e is a call of an aggregate function.
func isAggregateCall(e ast.Expr) bool {
	c, ok := e.(*ast.FunctionCall)
	return ok && isAggregate(c)
}

// collectCall returns e as a call collect([DISTINCT] x) of one argument
// that holds no aggregate.
func collectCall(e ast.Expr) (*ast.FunctionCall, bool) {
	c, ok := e.(*ast.FunctionCall)
	if !ok || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "collect") || containsAggregate(c.Args[0]) {
		return nil, false
	}
	return c, true
}

func (b *builder) membershipListAt(out []ast.Clause, i int, sc *scope) ([]ast.Clause, bool) {
	m, ok := out[i].(*ast.Match)
	if !ok || m.Pattern == nil || len(m.Pattern.Parts) != 1 || !atMostOneRow(out, i) {
		return nil, false
	}
	part := m.Pattern.Parts[0]
	if part.Selector != nil || part.Kind != ast.PathKind(0) || part.Mode != ast.PathMode(0) {
		return nil, false
	}
	w, ok := out[i+1].(*ast.With)
	if !ok || w.Projection == nil || w.Projection.Star {
		return nil, false
	}
	own := map[string]varKind{}
	addPatternKinds(m.Pattern, own)
	for n := range own {
		if sc.has(n) || boundBefore(out[:i], n) {
			return nil, false // a variable bound before: the pattern reads it
		}
	}
	k := -1
	var c *ast.FunctionCall
	for j, it := range w.Projection.Items {
		if !containsAggregate(it.Expr) {
			for n := range mentionedNames(it.Expr) {
				if _, bound := own[n]; bound {
					return nil, false // a key of the matches groups them
				}
			}
			continue
		}
		cc, ok := collectCall(it.Expr)
		if !ok || k >= 0 || it.Alias == nil || !cannotFail(cc.Args[0]) {
			return nil, false
		}
		k, c = j, cc
	}
	if k < 0 || !m.Optional && len(w.Projection.Items) > 1 {
		// no matches give no row to group by the keys, one row to an
		// aggregate of no keys
		return nil, false
	}
	ys := w.Projection.Items[k].Alias.Name
	if w.Where != nil && exprReads(w.Where, ys) || sortReads(w.Projection.OrderBy, ys) {
		return nil, false
	}
	if !onlyMembership(out[i+2:], ys) {
		return nil, false
	}
	el := c.Args[0]
	var conds []ast.Expr
	if m.Where != nil {
		conds = append(conds, m.Where)
	}
	if v, isVar := el.(*ast.Variable); !isVar || own[v.Name] != kindNode && own[v.Name] != kindRel {
		conds = append(conds, &ast.IsNull{Span: c.Span, Expr: el, Not: true})
	}
	list := &ast.PatternComprehension{Span: c.Span, PathVar: part.Var, Element: part.Element, Map: el}
	if len(conds) > 0 {
		list.Where = andAll(conds)
	}
	if patternSafe(m.Pattern, m.Where, nil) {
		// Its matches are read without error (the pattern's variables
		// are all its own), and so is its element: the list may go
		// unread, as when its tests became existence tests
		// (list_member_tests.go's rowFreeLists).
		b.cannotFailBuilt(list)
	}
	nw := *w
	pr := *w.Projection
	pr.Items = slices.Clone(pr.Items)
	it := *pr.Items[k]
	it.Expr = list
	pr.Items[k] = &it
	nw.Projection = &pr
	return slices.Replace(slices.Clone(out), i, i+2, ast.Clause(&nw)), true
}

// boundBefore reports whether clauses name n (a variable of the query
// before the clause that follows them, or of a nested scope: either way
// one a pattern written after would not be alone in naming).
func boundBefore(clauses []ast.Clause, n string) bool { return mentions(clauses, n) }

// onlyMembership reports whether clauses read ys only as the list of a
// membership test `v IN ys` (v not reading ys) made per element of
// another list (in a comprehension's or a quantifier's WHERE), or carry
// it as itself in a WITH, and bind no other variable ys. (A test in a
// MATCH's WHERE keeps the collected list: the MATCH may start from it,
// a seek of its nodes priced by the rows that built it, or
// collectedMembership reads it.)
func onlyMembership(clauses []ast.Clause, ys string) bool {
	tests := 0
	ok := true
	allowed := map[*ast.Variable]bool{}
	perElement := map[*ast.In]bool{}
	mark := func(where ast.Expr) {
		ast.Inspect(where, func(n ast.Node) bool {
			if in, isIn := n.(*ast.In); isIn {
				perElement[in] = true
			}
			return true
		})
	}
	returned := returnedItems(clauses)
	if returned == nil {
		return false
	}
	for _, c := range clauses {
		ast.Inspect(c, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ListComprehension:
				mark(x.Where)
			case *ast.Quantifier:
				mark(x.Where)
			case *ast.In:
				if v, isV := x.List.(*ast.Variable); isV && v.Name == ys && !exprReads(x.Expr, ys) && perElement[x] {
					allowed[v] = true
					tests++
				}
			case *ast.ProjectionItem:
				if carries(x, ys) && !returned[x] {
					allowed[x.Expr.(*ast.Variable)] = true
					if x.Alias != nil {
						allowed[x.Alias] = true
					}
				}
			case *ast.Variable:
				if x.Name == ys && !allowed[x] {
					ok = false
				}
			}
			return ok
		})
	}
	return ok && tests > 0
}

// returnedItems is the items of the RETURN clauses among clauses (and in
// their subqueries): an item that projects a list as itself there hands
// the list out as a value, a read of its elements, order and duplicates,
// not a carry to later reads. A RETURN * hands out every variable without
// naming it: then nil, which the callers read as a refusal.
func returnedItems(clauses []ast.Clause) map[*ast.ProjectionItem]bool {
	out := map[*ast.ProjectionItem]bool{}
	for _, c := range clauses {
		ast.Inspect(c, func(n ast.Node) bool {
			if r, ok := n.(*ast.Return); ok && r.Projection != nil {
				if r.Projection.Star {
					out = nil
				}
				for _, it := range r.Projection.Items {
					if out != nil {
						out[it] = true
					}
				}
			}
			return out != nil
		})
	}
	return out
}

// carries reports whether it is the variable v projected as itself.
func carries(it *ast.ProjectionItem, v string) bool {
	x, ok := it.Expr.(*ast.Variable)
	return ok && x.Name == v && (it.Alias == nil || it.Alias.Name == v)
}

// collectedFilters rewrites the comprehensions filtering a list collected
// with no grouping as the filter of its rows (see above).
func collectedFilters(clauses []ast.Clause, sc *scope) []ast.Clause {
	out := slices.Clone(clauses)
	for i := 1; i < len(out); i++ {
		if r, ok := collectedFilterAt(out, i, sc); ok {
			out = r
		}
	}
	return out
}

func collectedFilterAt(out []ast.Clause, i int, sc *scope) ([]ast.Clause, bool) {
	w, ok := out[i].(*ast.With)
	if !ok || w.Where != nil || w.Projection == nil {
		return nil, false
	}
	pr := w.Projection
	if pr.Star || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil || len(pr.Items) != 1 || pr.Items[0].Alias == nil {
		return nil, false
	}
	c, ok := collectCall(pr.Items[0].Expr)
	if !ok {
		return nil, false
	}
	el := c.Args[0]
	if !cannotFail(el) {
		return nil, false
	}
	xs := pr.Items[0].Alias.Name
	rest := out[i+1:]
	// the comprehensions over xs, and the variables read as xs carried
	var comps []*ast.ListComprehension
	allowed := map[*ast.Variable]bool{}
	ok = true
	returned := returnedItems(rest)
	if returned == nil {
		return nil, false
	}
	for _, cl := range rest {
		ast.Inspect(cl, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ListComprehension:
				if v, isV := x.In.(*ast.Variable); isV && v.Name == xs && x.Where != nil {
					comps = append(comps, x)
					allowed[v] = true
				}
			case *ast.ProjectionItem:
				if carries(x, xs) && !returned[x] {
					allowed[x.Expr.(*ast.Variable)] = true
					if x.Alias != nil {
						allowed[x.Alias] = true
					}
				}
			case *ast.Variable:
				if x.Name == xs && !allowed[x] {
					ok = false
				}
			}
			return ok
		})
	}
	if !ok || len(comps) == 0 {
		return nil, false
	}
	first := comps[0]
	x, q := first.Var.Name, first.Where
	for _, cp := range comps[1:] {
		if cp.Var.Name != x || ast.FormatExpr(cp.Where) != ast.FormatExpr(q) {
			return nil, false
		}
	}
	if exprReads(q, xs) || containsAggregate(q) || !deterministic(q) {
		return nil, false
	}
	// The names q reads besides x: each a list bound once after the
	// collect to an expression that reads no variable of the query, or
	// a variable of q's own (named nowhere else).
	masked := map[ast.Node]bool{}
	for _, cp := range comps {
		masked[cp] = true
	}
	defs := map[string]*ast.ProjectionItem{}
	for n := range mentionedNames(q) {
		if n == x {
			continue
		}
		it, ok := constantList(rest, n)
		if !ok {
			continue
		}
		defs[n] = it
		masked[it.Expr] = true
	}
	outside := map[string]bool{}
	for _, cl := range out {
		ast.Inspect(cl, func(n ast.Node) bool {
			if masked[n] {
				return false
			}
			if v, ok := n.(*ast.Variable); ok {
				outside[v.Name] = true
			}
			return true
		})
	}
	for n := range mentionedNames(q) {
		if n == x {
			continue
		}
		if _, ok := defs[n]; !ok && (outside[n] || sc.has(n)) {
			return nil, false
		}
	}
	for _, it := range defs {
		if !deterministic(it.Expr) {
			return nil, false
		}
		for n := range mentionedNames(it.Expr) {
			if outside[n] || sc.has(n) {
				return nil, false
			}
		}
	}
	// the element in x's place, then the lists written out
	cond, _ := rewriteExpr(q, func(e ast.Expr) (ast.Expr, bool) {
		if v, ok := e.(*ast.Variable); ok {
			if v.Name == x {
				return el, true
			}
			if it, ok := defs[v.Name]; ok {
				return it.Expr, true
			}
		}
		return e, false
	})
	if exprReads(cond, x) {
		return nil, false // read where the rewriter does not reach
	}
	for n := range defs {
		if exprReads(cond, n) {
			return nil, false
		}
	}
	res := slices.Clone(out)
	// the comprehensions become xs (mapped when they map)
	repl := map[ast.Expr]ast.Expr{}
	for _, cp := range comps {
		if cp.Map == nil {
			repl[cp] = cp.In
			continue
		}
		m := *cp
		m.Where = nil
		repl[cp] = &m
	}
	for j := i + 1; j < len(res); j++ {
		res[j] = replaceExprs(res[j], repl)
	}
	if leftOver(res[i+1:], repl) {
		return nil, false
	}
	// the filter before the collect
	if m, ok := res[i-1].(*ast.Match); ok && !m.Optional {
		nm := *m
		if m.Where != nil {
			cond = &ast.Binary{Span: m.Where.NodeSpan(), Op: ast.OpAnd, Left: m.Where, Right: cond}
		}
		nm.Where = cond
		res[i-1] = &nm
	} else {
		res = slices.Insert(res, i, ast.Clause(&ast.FilterClause{Span: ast.Span{Start: w.Span.Start, End: w.Span.Start}, Where: cond}))
	}
	return dropUnread(res, defs), true
}

// constantList returns the projection item that binds n among clauses
// when it is the only binding of n there, to an expression that reads no
// variable it does not bind itself (checked by the caller), the other
// mentions of n being reads or carries of it.
func constantList(clauses []ast.Clause, n string) (*ast.ProjectionItem, bool) {
	var def *ast.ProjectionItem
	ok := true
	for _, cl := range clauses {
		ast.Inspect(cl, func(nd ast.Node) bool {
			switch x := nd.(type) {
			case *ast.ProjectionItem:
				if x.Name() == n && !carries(x, n) {
					if def != nil || x.Alias == nil {
						ok = false
					}
					def = x
				}
			case *ast.Unwind:
				ok = ok && x.Var.Name != n
			case *ast.Match, *ast.Merge, *ast.Create, *ast.CallSubquery, *ast.Call:
				ok = ok && (!mentionedNames(nd)[n] || isReadOnly(nd, n))
			}
			return ok
		})
	}
	if !ok || def == nil {
		return nil, false
	}
	if _, isVar := def.Expr.(*ast.Variable); isVar || containsAggregate(def.Expr) {
		return nil, false
	}
	return def, true
}

// isReadOnly reports whether clause n names v only in expressions (a
// MATCH's WHERE), not in a pattern that would bind it.
func isReadOnly(n ast.Node, v string) bool {
	m, ok := n.(*ast.Match)
	if !ok {
		return false
	}
	return !mentionedNames(m.Pattern)[v]
}

// replaceExprs returns clause c with every expression that is a key of
// repl (by identity) replaced by its value.
func replaceExprs(c ast.Clause, repl map[ast.Expr]ast.Expr) ast.Clause {
	out, _ := rewriteClauseExprs(c, func(e ast.Expr) (ast.Expr, bool) {
		if r, ok := repl[e]; ok {
			return r, true
		}
		return e, false
	})
	return out
}

// leftOver reports whether clauses still hold one of repl's keys (one the
// rewriter did not reach).
func leftOver(clauses []ast.Clause, repl map[ast.Expr]ast.Expr) bool {
	left := false
	for _, c := range clauses {
		ast.Inspect(c, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok {
				if _, found := repl[e]; found {
					left = true
				}
			}
			return !left
		})
	}
	return left
}

// dropUnread removes the items binding (and carrying) the lists of defs
// that nothing reads any more, where their WITH keeps another item.
func dropUnread(clauses []ast.Clause, defs map[string]*ast.ProjectionItem) []ast.Clause {
	for n, def := range defs {
		if !onlyCarried(clauses, n, def) {
			continue
		}
		next := slices.Clone(clauses)
		ok := true
		for j, c := range next {
			w, isW := c.(*ast.With)
			if !isW || w.Projection == nil {
				continue
			}
			items := slices.DeleteFunc(slices.Clone(w.Projection.Items), func(it *ast.ProjectionItem) bool {
				return it == def || carries(it, n)
			})
			if len(items) == len(w.Projection.Items) {
				continue
			}
			if len(items) == 0 && !w.Projection.Star {
				ok = false
				break
			}
			nw := *w
			pr := *w.Projection
			pr.Items = items
			nw.Projection = &pr
			next[j] = &nw
		}
		if ok {
			clauses = next
		}
	}
	return clauses
}

// onlyCarried reports whether clauses name n only in def's alias and in
// items that carry it.
func onlyCarried(clauses []ast.Clause, n string, def *ast.ProjectionItem) bool {
	allowed := map[*ast.Variable]bool{def.Alias: true}
	ok := true
	returned := returnedItems(clauses)
	if returned == nil {
		return false
	}
	for _, c := range clauses {
		ast.Inspect(c, func(nd ast.Node) bool {
			switch x := nd.(type) {
			case *ast.ProjectionItem:
				if carries(x, n) && !returned[x] {
					allowed[x.Expr.(*ast.Variable)] = true
					if x.Alias != nil {
						allowed[x.Alias] = true
					}
				}
			case *ast.Variable:
				if x.Name == n && !allowed[x] {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// rewriteClauseExprs rewrites the expressions of a WITH, RETURN, UNWIND,
// FILTER or a MATCH's WHERE with f (rewriteExpr); other clauses stay.
func rewriteClauseExprs(c ast.Clause, f exprRewrite) (ast.Clause, bool) {
	projection := func(p *ast.Projection) (*ast.Projection, bool) {
		if p == nil {
			return p, false
		}
		items, iok := rewriteEach(p.Items, func(it *ast.ProjectionItem) (ast.Expr, bool) {
			return rewriteExpr(it.Expr, f)
		}, func(it *ast.ProjectionItem, e ast.Expr) { it.Expr = e })
		order, ook := rewriteEach(p.OrderBy, func(s *ast.SortItem) (ast.Expr, bool) {
			return rewriteExpr(s.Expr, f)
		}, func(s *ast.SortItem, e ast.Expr) { s.Expr = e })
		if !iok && !ook {
			return p, false
		}
		np := *p
		np.Items, np.OrderBy = items, order
		return &np, true
	}
	switch x := c.(type) {
	case *ast.With:
		p, ok1 := projection(x.Projection)
		w, ok2 := rewriteExpr(x.Where, f)
		if !ok1 && !ok2 {
			return c, false
		}
		n := *x
		n.Projection, n.Where = p, w
		return &n, true
	case *ast.Return:
		p, ok := projection(x.Projection)
		if !ok {
			return c, false
		}
		n := *x
		n.Projection = p
		return &n, true
	case *ast.Unwind:
		e, ok := rewriteExpr(x.Expr, f)
		if !ok {
			return c, false
		}
		n := *x
		n.Expr = e
		return &n, true
	case *ast.FilterClause:
		e, ok := rewriteExpr(x.Where, f)
		if !ok {
			return c, false
		}
		n := *x
		n.Where = e
		return &n, true
	case *ast.Match:
		e, ok := rewriteExpr(x.Where, f)
		if !ok {
			return c, false
		}
		n := *x
		n.Where = e
		return &n, true
	}
	return c, false
}
