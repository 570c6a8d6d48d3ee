package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// listLiteralReads reads the lists written element by element (list
// literals, and the comprehensions over them that pathFunctions leaves
// of a path's nodes or relationships) by their elements:
//
//   - a comprehension without WHERE mapping a list literal of variables
//     is the list literal of the mapped values: `[n IN [a, b, c] | n.id]`
//     is `[a.id, b.id, c.id]` (the same values computed in the same order,
//     an error raised by the same element);
//   - an element of a list literal at a constant position is that
//     element, where the others cannot fail (plainValue: their evaluation
//     is dropped): `[a.id, b.id, c.id][1]` is b.id, `[a, b][-1]` is b, a
//     position past either end is null;
//   - the first element of a filtered comprehension over a list literal of
//     variables, `[x IN [a, b, c] WHERE x:Movie][0]` (or head() of it), is
//     the first element that passes, `CASE WHEN a:Movie THEN a WHEN
//     b:Movie THEN b WHEN c:Movie THEN c END`, where the test cannot fail
//     (neverFails) on any element: the comprehension tests them all, the
//     CASE up to the first that passes.
//
// So `[x IN nodes(p) WHERE x:Movie][0].title` of a fixed path reads the
// pattern's nodes as `nodes(p)[1].title` does, with no list built per
// row.
func listLiteralReads(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		var ents map[string]bool
		entities := func() map[string]bool {
			if ents == nil {
				ents = entitiesAt(ops, i)
			}
			return ents
		}
		f := func(e ast.Expr) (ast.Expr, bool) {
			return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) { return literalRead(x, entities) })
		}
		if next, ok := mapOpExprs(b, op, f); ok {
			return replace(ops, i, 1, next), true
		}
	}
	return ops, false
}

// literalRead is one step of listLiteralReads on e.
func literalRead(e ast.Expr, entities func() map[string]bool) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.ListComprehension:
		l, ok := x.In.(*ast.ListLiteral)
		if !ok || x.Where != nil || x.Map == nil || !allVariables(l.Items) {
			return nil, false
		}
		out := &ast.ListLiteral{Span: x.Span}
		for _, it := range l.Items {
			m, ok := substituteVar(x.Map, x.Var.Name, it.(*ast.Variable).Name)
			if !ok {
				return nil, false
			}
			out.Items = append(out.Items, m)
		}
		return out, true
	case *ast.Index:
		pos, ok := intLiteral(x.Index)
		if !ok {
			return nil, false
		}
		switch l := x.Expr.(type) {
		case *ast.ListLiteral:
			return literalElement(x.Span, l, pos, entities())
		case *ast.ListComprehension:
			if pos == 0 {
				return firstPassing(x.Span, l, entities())
			}
		}
	case *ast.FunctionCall:
		if len(x.Namespace) != 0 || x.Distinct || len(x.Args) != 1 || !strings.EqualFold(x.Name, "head") {
			return nil, false
		}
		switch l := x.Args[0].(type) {
		case *ast.ListLiteral:
			return literalElement(x.Span, l, 0, entities())
		case *ast.ListComprehension:
			return firstPassing(x.Span, l, entities())
		}
	}
	return nil, false
}

// literalElement is the element of l at pos (negative from the end; null
// past either end) where every other element cannot fail.
func literalElement(sp ast.Span, l *ast.ListLiteral, pos int, entities map[string]bool) (ast.Expr, bool) {
	k := pos
	if pos < 0 {
		k = len(l.Items) + pos
	}
	for j, it := range l.Items {
		if j != k && !plainValue(it, entities) {
			return nil, false
		}
	}
	if k < 0 || k >= len(l.Items) {
		return &ast.Literal{Span: sp, Kind: ast.LitNull}, true
	}
	return l.Items[k], true
}

// firstPassing is the first element of the filtered comprehension c over
// a list literal of variables as a CASE (see listLiteralReads).
func firstPassing(sp ast.Span, c *ast.ListComprehension, entities map[string]bool) (ast.Expr, bool) {
	l, ok := c.In.(*ast.ListLiteral)
	if !ok || c.Where == nil || !allVariables(l.Items) {
		return nil, false
	}
	out := &ast.Case{Span: sp}
	for _, it := range l.Items {
		name := it.(*ast.Variable).Name
		test, ok := substituteVar(c.Where, c.Var.Name, name)
		if !ok || !neverFails(test, entities) {
			return nil, false
		}
		val := ast.Expr(&ast.Variable{Span: sp, Name: name})
		if c.Map != nil {
			if val, ok = substituteVar(c.Map, c.Var.Name, name); !ok || !plainValue(val, entities) {
				return nil, false
			}
		}
		out.Whens = append(out.Whens, &ast.CaseWhen{Span: sp, When: test, Then: val})
	}
	if len(out.Whens) == 0 {
		return &ast.Literal{Span: sp, Kind: ast.LitNull}, true
	}
	return out, true
}

// allVariables reports whether every item is a variable.
func allVariables(items []ast.Expr) bool {
	for _, it := range items {
		if _, ok := it.(*ast.Variable); !ok {
			return false
		}
	}
	return true
}

// substituteVar is e with the variable v renamed to name (every other
// variable kept), false where the renaming does not follow e.
func substituteVar(e ast.Expr, v, name string) (ast.Expr, bool) {
	scoped := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce, *ast.PatternComprehension,
			*ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery, *ast.MapProjection, *ast.PatternExpr:
			scoped = true
		}
		return !scoped
	})
	if scoped {
		return nil, false // a local binding may hide v or name
	}
	m := map[string]string{}
	for n := range exprVars(e) {
		m[n] = n
	}
	m[v] = name
	return renameExpr(e, m)
}

// foldProjectedLists moves a list literal that a projection computes only
// for the filter right after it, which reads it only by its elements at
// constant positions, into that filter: `WITH [a.id, b.id, c.id] AS ids
// WHERE ids[1] > ids[-1]` (nothing after the WHERE reads ids) tests
// `b.id > c.id`, as the query written with the test in its MATCH does,
// with no list built per row. The elements the filter does not read are
// no longer computed: each read is the element where the others cannot
// fail (literalElement), and the fold declines otherwise; the ones read
// are computed on the same rows, in the filter. The projection keeps its
// other items (and goes when none is left).
func foldProjectedLists(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		p, ok := ops[i].(logical.Project)
		if !ok || p.Vectorised || len(p.Subst) > 0 {
			continue
		}
		f, ok := ops[i+1].(logical.Filter)
		if !ok || f.Vectorised || f.Subst != nil {
			continue
		}
		var ents map[string]bool
		for k, it := range p.Items {
			l, ok := it.Expr.(*ast.ListLiteral)
			if !ok || req.After[i+1].Live.has(it.Name) {
				continue
			}
			if ents == nil {
				ents = entitiesAt(ops, i)
			}
			name := it.Name
			pred, changed := rewriteExpr(f.Pred, func(x ast.Expr) (ast.Expr, bool) {
				ix, ok := x.(*ast.Index)
				if !ok {
					return nil, false
				}
				if v, ok := varName(ix.Expr); !ok || v != name {
					return nil, false
				}
				pos, ok := intLiteral(ix.Index)
				if !ok {
					return nil, false
				}
				return literalElement(ix.Span, l, pos, ents)
			})
			if !changed || exprReads(pred, name) {
				continue
			}
			f.Pred, f.Why = pred, ""
			var with []logical.Op
			if len(p.Items) > 1 {
				p.Items = append(append([]logical.Item(nil), p.Items[:k]...), p.Items[k+1:]...)
				with = append(with, p)
			}
			return replace(ops, i, 2, append(with, f)...), true
		}
	}
	return ops, false
}
