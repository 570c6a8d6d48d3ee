package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// optionalCount reads OPTIONAL MATCH p [WHERE w] followed by an
// aggregating WITH or RETURN whose aggregates are all count(v) or
// size(collect(v)), v a variable p declares, as the per-row count it is: WITH *, COUNT { MATCH p
// [WHERE w] } AS c on the rows before, then the same projection with each
// count(v) as sum(c). A row before gets, from the OPTIONAL MATCH, one row
// per match of p with v bound (a matched node, relationship, path or
// list is never null), or one row with v null when p has no match; so
// count(v) over a group adds, per row before, the number of matches of
// p for it: the value of the COUNT subquery (0 for no match), which sum
// adds up (0 over no rows, as count). The subquery is then planned as
// any COUNT { } is (a degree read, a count of a set, a per-row count),
// not as rows expanded and grouped.
//
// Preconditions: the projection is not WITH * (whose items would include
// p's variables), has at least one aggregate, and every item is either
// count(v) (not DISTINCT) of a variable only p declares, or reads none
// of p's new variables and aggregates nothing (a grouping key); its
// WHERE and ORDER BY read none of p's new variables (they read the
// items). A key may be named like one of p's variables: it is bound
// after the projection only.
func (b *builder) optionalCount(m *ast.Match, next ast.Clause, sc *scope) (count *ast.With, rewritten ast.Clause, ok bool) {
	if !m.Optional {
		return nil, nil, false
	}
	pr, where, ok := projectionOf(next)
	if !ok {
		return nil, nil, false
	}
	if pr == nil || pr.Star || len(pr.Items) == 0 {
		return nil, nil, false
	}
	fresh := sc.fresh(m.Pattern)
	if len(fresh) == 0 || where != nil && readsAny(where, fresh) || degreeHop(m, sc) {
		return nil, nil, false
	}
	for _, s := range pr.OrderBy {
		if readsAny(s.Expr, fresh) {
			return nil, nil, false
		}
	}
	const into = "\x00matches" // replaced by a fresh name once the items qualify
	items := make([]*ast.ProjectionItem, len(pr.Items))
	counts := 0
	for k, it := range pr.Items {
		// Each count(v) of the item, at any position of its expression
		// (count(b) > 0, count(b) * 2), becomes sum(matches); what is
		// left may aggregate nothing else and read none of p's variables.
		n := 0
		e, _ := rewriteExpr(it.Expr, func(x ast.Expr) (ast.Expr, bool) {
			if v, isCount := countOfVariable(x); isCount && fresh[v] {
				n++
				return &ast.FunctionCall{Span: x.NodeSpan(), Name: "sum", Args: []ast.Expr{&ast.Variable{Span: x.NodeSpan(), Name: into}}}, true
			}
			return x, false
		})
		if readsAny(e, fresh) || aggregatesBut(e, into) {
			return nil, nil, false
		}
		if n == 0 {
			items[k] = it
			continue
		}
		items[k] = &ast.ProjectionItem{Span: it.Span, Expr: e, Alias: it.Alias, Text: it.Text}
		counts++
	}
	if counts == 0 {
		return nil, nil, false
	}
	name := b.fresh("matches")
	for _, it := range items {
		visitExpr(it.Expr, func(x ast.Expr) bool {
			if v, ok := x.(*ast.Variable); ok && v.Name == into {
				v.Name = name
			}
			return true
		})
	}
	np := *pr
	np.Items = items
	rewritten = reprojected(next, &np)
	sub := &ast.CountSubquery{Span: m.Span, Pattern: m.Pattern, Where: m.Where}
	item := &ast.ProjectionItem{Span: m.Span, Expr: sub, Alias: &ast.Variable{Span: m.Span, Name: name}, Text: name}
	count = &ast.With{Span: m.Span, Projection: &ast.Projection{Span: m.Span, Star: true, Items: []*ast.ProjectionItem{item}}}
	return count, rewritten, true
}

// degreeHop reports whether m is one hop from a bound node to a node
// of no label, property or test, with no WHERE: countOptionalDegrees
// reads its count as the node's degree, which needs no subquery.
func degreeHop(m *ast.Match, sc *scope) bool {
	if m.Where != nil || len(m.Pattern.Parts) != 1 {
		return false
	}
	part := m.Pattern.Parts[0]
	el := part.Element
	if part.Var != nil || part.Selector != nil || el == nil || len(el.Rels) != 1 || len(el.Nodes) != 2 {
		return false
	}
	r := el.Rels[0]
	if r.VarLength != nil || r.Quant != nil || r.Props != nil || r.Where != nil {
		return false
	}
	bound := func(n *ast.NodePattern) bool { return n.Var != nil && sc.has(n.Var.Name) }
	plain := func(n *ast.NodePattern) bool {
		return n.Labels == nil && n.Props == nil && n.Where == nil && !bound(n)
	}
	a, c := el.Nodes[0], el.Nodes[1]
	return bound(a) && plain(c) || bound(c) && plain(a)
}

// countOfVariable returns v when e is count(v) or size(collect(v)),
// neither DISTINCT: collect drops nulls as count does.
func countOfVariable(e ast.Expr) (string, bool) {
	f, ok := e.(*ast.FunctionCall)
	if !ok || f.Distinct || f.Star || len(f.Namespace) > 0 {
		return "", false
	}
	switch {
	case strings.EqualFold(f.Name, "count"):
		return oneVariable(f.Args)
	case strings.EqualFold(f.Name, "size") && len(f.Args) == 1:
		if c, ok := f.Args[0].(*ast.FunctionCall); ok && !c.Distinct && !c.Star && len(c.Namespace) == 0 && strings.EqualFold(c.Name, "collect") {
			return oneVariable(c.Args)
		}
	}
	return "", false
}

// aggregatesBut reports whether e calls an aggregating function other
// than sum(into) (the count of matches an item's count(v) became), or
// calls sum(into) inside another aggregate's arguments.
func aggregatesBut(e ast.Expr, into string) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		fc, ok := x.(*ast.FunctionCall)
		if !ok || !isAggregate(fc) {
			return !found
		}
		if strings.EqualFold(fc.Name, "sum") && len(fc.Args) == 1 && !fc.Distinct {
			if v, ok := fc.Args[0].(*ast.Variable); ok && v.Name == into {
				return false
			}
		}
		found = true
		return false
	})
	return found
}
