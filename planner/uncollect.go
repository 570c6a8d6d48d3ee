package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// uncollect reads a list collected only to be unwound again as the rows
// it was collected from. collect keeps the values in the order of its
// rows and drops nulls, UNWIND gives one row per element in that order,
// and an input of no rows gives one empty list, hence no rows, as the
// rows themselves give none. So for `WITH k..., collect(e) AS xs UNWIND
// <list> AS y`, with xs read nowhere after:
//
//   - UNWIND xs is `WITH k..., e AS y WHERE y IS NOT NULL` (DISTINCT
//     with collect(DISTINCT e)): the rows of each group, the grouping
//     kept (a group's list is unwound next to its keys);
//   - UNWIND of a slice xs[i..j] (or the list collect(e)[i..j]), with no
//     grouping keys and bounds that are non-negative integer literals, is
//     the same rows then `SKIP i LIMIT j-i` in the order the rows came
//     in (an ORDER BY before the collect stays the order); a null bound
//     makes the slice null and UNWIND of null no rows, which is LIMIT 0.
//     Negative bounds count from the end and keep the list;
//   - UNWIND of a concatenation collect(e1) + collect(e2) + ..., when the
//     next clause does not count duplicates (a DISTINCT projection, or
//     aggregates that are all DISTINCT, min or max), is the union of the
//     rows of each term: a CALL { ... UNION ... } whose branches each run
//     the clauses before and return the keys and one term's value (see
//     unionOfCollects). The keys the next clause does not read go: their
//     groups only repeat values a set already has.
//
// The rows then stay rows of the MATCH before, so what follows (a MATCH
// from y, a count(DISTINCT ...)) plans as it does when written without
// the round trip: set at a time, from y's seek; an ORDER BY before the
// slice meets the SKIP and LIMIT and becomes a top-k (limitsThroughProjections).
//
// Preconditions: the WITH has one aggregate item, the list, the others
// being grouping keys; no WHERE, ORDER BY, SKIP, LIMIT or DISTINCT, is
// not WITH *; the next clause is UNWIND of the list's variable (or a
// slice of it); no later clause names the list.
func (b *builder) uncollect(clauses []ast.Clause, sc *scope) []ast.Clause {
	out := slices.Clone(clauses)
	for i := 0; i+1 < len(out); i++ {
		if r, ok := b.uncollectAt(out, i, sc); ok {
			out = r
		}
	}
	return out
}

// uncollectAt rewrites the WITH at out[i] and the UNWIND after it, when
// they are a collect and its unwinding (see uncollect).
func (b *builder) uncollectAt(out []ast.Clause, i int, sc *scope) ([]ast.Clause, bool) {
	w, keys, list, ok := aggregatingWith(out[i])
	if !ok {
		return nil, false
	}
	u, ok := out[i+1].(*ast.Unwind)
	if !ok {
		return nil, false
	}
	name, rest := list.Alias.Name, out[i+2:]
	if mentions(rest, name) {
		return nil, false
	}
	y := u.Var.Name
	for _, k := range keys {
		if k.Name() == y {
			return nil, false
		}
	}
	var slice *ast.Slice
	switch ue := u.Expr.(type) {
	case *ast.Variable:
		if ue.Name != name {
			return nil, false
		}
	case *ast.Slice:
		if !isVar(ue.Expr, name) {
			return nil, false
		}
		slice = ue
	default:
		return nil, false
	}
	src := list.Expr
	if s, ok := src.(*ast.Slice); ok {
		if slice != nil {
			return nil, false
		}
		slice, src = s, s.Expr
	}
	var terms []*ast.FunctionCall
	for _, t := range concatTerms(src) {
		c, ok := t.(*ast.FunctionCall)
		if !ok || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "collect") || containsAggregate(c.Args[0]) {
			return nil, false
		}
		terms = append(terms, c)
	}
	if len(terms) > 1 {
		if slice != nil {
			return nil, false
		}
		return b.unionOfCollects(out, i, sc, keys, terms, u)
	}
	c := terms[0]
	yv := &ast.Variable{Span: u.Var.Span, Name: y}
	items := append(slices.Clone(keys), &ast.ProjectionItem{Span: list.Span, Expr: c.Args[0], Alias: yv, Text: list.Text})
	nw := &ast.With{Span: w.Span, Projection: &ast.Projection{Span: w.Projection.Span, Distinct: c.Distinct, Items: items}}
	if !literalNeverNull(c.Args[0]) {
		nw.Where = &ast.IsNull{Span: u.Span, Expr: yv, Not: true}
	}
	if slice == nil {
		return slices.Replace(out, i, i+2, ast.Clause(nw)), true
	}
	if len(keys) > 0 {
		// a slice per group is not a SKIP and LIMIT of the rows
		return nil, false
	}
	skip, limit, ok := sliceRows(slice)
	if !ok {
		return nil, false
	}
	page := nw
	if nw.Where != nil {
		// the nulls go before the slice counts the rows
		page = &ast.With{Span: w.Span, Projection: &ast.Projection{Span: w.Projection.Span, Items: []*ast.ProjectionItem{{Span: u.Var.Span, Expr: yv, Text: y}}}}
	}
	page.Projection.Skip, page.Projection.Limit = skip, limit
	if page == nw {
		return slices.Replace(out, i, i+2, ast.Clause(nw)), true
	}
	return slices.Replace(out, i, i+2, ast.Clause(nw), ast.Clause(page)), true
}

// concatTerms flattens a + b + c into its terms.
func concatTerms(e ast.Expr) []ast.Expr {
	if b, ok := e.(*ast.Binary); ok && b.Op == ast.OpAdd {
		return append(concatTerms(b.Left), concatTerms(b.Right)...)
	}
	return []ast.Expr{e}
}

// literalNeverNull reports whether e is a value that is never null
// whatever the row: a map or list literal, or a literal other than null.
// (A variable a MATCH binds is never null either; the planner's
// foldNullTests drops the test then.)
func literalNeverNull(e ast.Expr) bool {
	switch e.(type) {
	case *ast.MapLiteral, *ast.ListLiteral:
		return true
	}
	return neverNull(e, nil)
}

// sliceRows reads a slice list[from..to] of a list of n elements as the
// rows SKIP from LIMIT to-from of its elements: exact when both bounds
// are absent, non-negative integer literals or null (the slice is then
// null, and UNWIND of it no rows: LIMIT 0). A negative bound counts from
// the end of the list, which SKIP and LIMIT cannot say: ok is false.
func sliceRows(s *ast.Slice) (skip, limit ast.Expr, ok bool) {
	bound := func(e ast.Expr) (n int64, null, ok bool) {
		if e == nil {
			return -1, false, true
		}
		l, isLit := e.(*ast.Literal)
		switch {
		case !isLit:
			return 0, false, false
		case l.Kind == ast.LitNull:
			return 0, true, true
		case l.Kind == ast.LitInt && l.Int >= 0:
			return l.Int, false, true
		}
		return 0, false, false
	}
	from, nullFrom, ok1 := bound(s.From)
	to, nullTo, ok2 := bound(s.To)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	lit := func(n int64) ast.Expr { return &ast.Literal{Span: s.Span, Kind: ast.LitInt, Int: n} }
	if nullFrom || nullTo {
		return nil, lit(0), true
	}
	if from > 0 {
		skip = lit(from)
	}
	if to >= 0 {
		limit = lit(max(to-max(from, 0), 0))
	}
	return skip, limit, true
}

// aggregatingWith returns the WITH clause c, when it is one without WHERE,
// *, DISTINCT, ORDER BY, SKIP or LIMIT that computes one aggregate item
// (with an alias), its other items (the grouping keys) and that item.
func aggregatingWith(c ast.Clause) (w *ast.With, keys []*ast.ProjectionItem, agg *ast.ProjectionItem, ok bool) {
	w, ok = c.(*ast.With)
	if !ok || w.Projection == nil || w.Where != nil {
		return nil, nil, nil, false
	}
	pr := w.Projection
	if pr.Star || pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil {
		return nil, nil, nil, false
	}
	for _, it := range pr.Items {
		if !containsAggregate(it.Expr) {
			keys = append(keys, it)
			continue
		}
		if agg != nil {
			return nil, nil, nil, false
		}
		agg = it
	}
	if agg == nil || agg.Alias == nil {
		return nil, nil, nil, false
	}
	return w, keys, agg, true
}
