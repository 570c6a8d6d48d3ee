package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// optionalExtremes reads OPTIONAL MATCH p [WHERE w] followed by an
// aggregating WITH or RETURN whose aggregates of p's variables are
// min(K) or max(K) of the key K that w compares with a value of the row
// (a rank: rankedSiblings), and count(v), as per-row values:
//
//	OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.id) AS next
//
// is
//
//	WITH *, COLLECT { MATCH (h)-->(w) WHERE w.id > v.id RETURN min(w.id) AS x }[0] AS x
//	WITH v, min(x) AS next
//
// with each count(v) as sum(COUNT { MATCH p WHERE w }) (optionalCount).
// The per-row least key is then a binary search over the group's keys
// sorted once (ranked_extremes.go), where the OPTIONAL MATCH enumerates
// the group's siblings on every row.
//
// A row before gets, from the OPTIONAL MATCH, one row per match of p, or
// one row with p's variables null when p has no match. The keys of the
// projection read none of p's variables, so each row before falls in the
// same group either way; min(K) over a group is the least of the keys of
// its rows' matches, nulls skipped, which is the least of each row's
// least (null for a row without match, skipped): min() keeps the first
// of equal keys, and the rows' matches come in the same order either
// way, so the first of them is kept either way. max(K) likewise, and
// count(v) of a variable only p declares (never null in a match) adds
// each row's count of matches.
//
// Preconditions: the projection is not WITH * (whose items would include
// p's variables), and every item's aggregates are those above (not
// DISTINCT), at least one min() or max(); what is left of an item reads
// none of p's new variables, nor do the projection's WHERE and ORDER BY.
// The pattern and WHERE are a rank reading of one comparison whose key is
// K (readRankedSiblings: its guards, among them a query that writes
// nothing and a plan not in row mode), so that the rewrite is made only
// where the rank answers it.
func (b *builder) optionalExtremes(m *ast.Match, next ast.Clause, sc *scope) (per *ast.With, rewritten ast.Clause, ok bool) {
	if !m.Optional || b.rowModeOnly || b.writes {
		return nil, nil, false
	}
	pr, where, ok := projectionOf(next)
	if !ok || pr == nil || pr.Star || len(pr.Items) == 0 {
		return nil, nil, false
	}
	fresh := sc.fresh(m.Pattern)
	if len(fresh) == 0 || where != nil && readsAny(where, fresh) {
		return nil, nil, false
	}
	for _, s := range pr.OrderBy {
		if readsAny(s.Expr, fresh) {
			return nil, nil, false
		}
	}
	rs, ok := b.readRankedSiblings(m.Pattern, m.Where, sc)
	if !ok || len(rs.keys) != rs.parts+1 {
		return nil, nil, false
	}
	key := ast.FormatExpr(rs.keys[rs.parts])
	// The per-row values, named by placeholders until the items qualify.
	var values []ast.Expr
	placeholder := func(i int) string { return "\x00extreme" + string(rune('a'+i)) }
	isPlaceholder := func(n string) bool { return strings.HasPrefix(n, "\x00extreme") }
	items := make([]*ast.ProjectionItem, len(pr.Items))
	extremes := 0
	for k, it := range pr.Items {
		n := 0
		e, _ := rewriteExpr(it.Expr, func(x ast.Expr) (ast.Expr, bool) {
			span := x.NodeSpan()
			if v, isCount := countOfVariable(x); isCount && fresh[v] {
				name := placeholder(len(values))
				values = append(values, &ast.CountSubquery{Span: m.Span, Pattern: m.Pattern, Where: m.Where})
				n++
				return &ast.FunctionCall{Span: span, Name: "sum", Args: []ast.Expr{&ast.Variable{Span: span, Name: name}}}, true
			}
			k, _, isExtreme := extremeAggregate(x)
			if !isExtreme || ast.FormatExpr(k) != key {
				return x, false
			}
			name := placeholder(len(values))
			ret := &ast.Return{Span: span, Projection: &ast.Projection{Span: span, Items: []*ast.ProjectionItem{
				{Span: span, Expr: x, Alias: &ast.Variable{Span: span, Name: name}, Text: ast.FormatExpr(x)},
			}}}
			body := &ast.Match{Span: m.Span, Pattern: m.Pattern, Where: m.Where}
			q := &ast.Query{Span: m.Span, Parts: []*ast.SingleQuery{{Span: m.Span, Clauses: []ast.Clause{body, ret}}}}
			values = append(values, &ast.Index{Span: span, Expr: &ast.CollectSubquery{Span: m.Span, Query: q}, Index: &ast.Literal{Span: span, Kind: ast.LitInt, Int: 0}})
			n++
			extremes++
			f := x.(*ast.FunctionCall)
			return &ast.FunctionCall{Span: span, Name: f.Name, Args: []ast.Expr{&ast.Variable{Span: span, Name: name}}}, true
		})
		if readsAny(e, fresh) || aggregatesOtherThan(e, isPlaceholder) {
			return nil, nil, false
		}
		if n == 0 {
			items[k] = it
			continue
		}
		items[k] = &ast.ProjectionItem{Span: it.Span, Expr: e, Alias: it.Alias, Text: it.Text}
	}
	if extremes == 0 {
		return nil, nil, false
	}
	names := map[string]string{}
	cols := make([]*ast.ProjectionItem, len(values))
	for i, v := range values {
		name := b.fresh("extreme")
		names[placeholder(i)] = name
		cols[i] = &ast.ProjectionItem{Span: m.Span, Expr: v, Alias: &ast.Variable{Span: m.Span, Name: name}, Text: name}
	}
	rename := func(e ast.Expr) {
		visitExpr(e, func(x ast.Expr) bool {
			if v, ok := x.(*ast.Variable); ok && names[v.Name] != "" {
				v.Name = names[v.Name]
			}
			return true
		})
	}
	for _, it := range items {
		rename(it.Expr)
	}
	for _, v := range values {
		if ix, ok := v.(*ast.Index); ok {
			rename(ix.Expr.(*ast.CollectSubquery).Query.Parts[0].Clauses[1].(*ast.Return).Projection.Items[0].Alias)
		}
	}
	np := *pr
	np.Items = items
	per = &ast.With{Span: m.Span, Projection: &ast.Projection{Span: m.Span, Star: true, Items: cols}}
	return per, reprojected(next, &np), true
}

// aggregatesOtherThan reports whether e calls an aggregating function
// other than one of a single variable that named accepts (the per-row
// values optionalExtremes made), or one inside another's arguments.
func aggregatesOtherThan(e ast.Expr, named func(string) bool) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		fc, ok := x.(*ast.FunctionCall)
		if !ok || !isAggregate(fc) {
			return !found
		}
		if len(fc.Args) == 1 && !fc.Distinct {
			if v, ok := fc.Args[0].(*ast.Variable); ok && named(v.Name) {
				return false
			}
		}
		found = true
		return false
	})
	return found
}

// extremeCall returns the projection a CALL subquery that returns the
// least or greatest key of one pattern's matches per row is:
//
//	CALL (h, v) { MATCH (h)-->(w) WHERE w.id > v.id RETURN min(w.id) AS next }
//
// is WITH *, COLLECT { MATCH (h)-->(w) WHERE w.id > v.id RETURN
// min(w.id) AS next }[0] AS next, which code generation reads as an
// extreme over the group's sorted keys (ranked_extremes.go). An
// aggregation without grouping keys has exactly one row, null when the
// body has no match, so the CALL passes each outer row on once with the
// body's least key: the COLLECT subquery's one element.
//
// The body is one MATCH after its import (callBodyImports) and a RETURN
// of one item min(K) or max(K) (plainReturnBody, extremeBody), naming no
// outer variable it does not import (subqueryBody: the COLLECT subquery
// sees every outer variable); the column is not bound already; and the
// COLLECT subquery reads as a rank (readRankedExtreme), so that the CALL
// is rewritten only where the rank answers it.
func (b *builder) extremeCall(c *ast.CallSubquery, sc *scope) ([]ast.Clause, bool) {
	if b.rowModeOnly || b.writes {
		return nil, false
	}
	clauses, ret, ok := plainReturnBody(c)
	if !ok || len(ret.Projection.Items) != 1 || ret.Projection.Distinct {
		return nil, false
	}
	body, imported, all, ok := callBodyImports(c, clauses[:len(clauses)-1], sc)
	if !ok || len(body) != 1 || !subqueryBody(body, imported, all, sc) {
		return nil, false
	}
	it := ret.Projection.Items[0]
	if sc.has(it.Name()) {
		return nil, false
	}
	q := &ast.Query{Span: c.Body.Span, Parts: []*ast.SingleQuery{{Span: c.Body.Parts[0].Span, Clauses: []ast.Clause{body[0], ret}}}}
	cs := &ast.CollectSubquery{Span: c.Span, Query: q}
	if _, _, _, ok := b.readRankedExtreme(cs, sc); !ok {
		return nil, false
	}
	first := &ast.Index{Span: it.Span, Expr: cs, Index: &ast.Literal{Span: it.Span, Kind: ast.LitInt, Int: 0}}
	item := &ast.ProjectionItem{Span: it.Span, Expr: first, Alias: &ast.Variable{Span: it.Span, Name: it.Name()}, Text: it.Text}
	return []ast.Clause{&ast.With{Span: c.Span, Projection: &ast.Projection{Span: ret.Projection.Span, Star: true, Items: []*ast.ProjectionItem{item}}}}, true
}
