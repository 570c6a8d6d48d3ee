package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// exprRewrite rewrites one expression whose children are already
// rewritten: it returns the new expression and whether it changed it.
type exprRewrite func(ast.Expr) (ast.Expr, bool)

// rewriteExpr rewrites e bottom-up: the children of each expression
// first, then f on the expression as rebuilt with its new children. It
// returns a copy where anything changed (sharing the parts where nothing
// did, and e itself when nothing did) and whether anything changed.
//
// It follows operators, comparisons, null, string, label and type tests,
// IN, property reads, indexes and slices, list and map literals,
// function arguments and CASE; an expression that binds a variable of its
// own (a comprehension, quantifier, reduce, map projection, pattern
// predicate or subquery) is a leaf that f sees whole, since a rewrite
// that names outer variables would be captured inside it.
func rewriteExpr(e ast.Expr, f exprRewrite) (ast.Expr, bool) {
	if e == nil {
		return nil, false
	}
	out, changed := rewriteChildren(e, f)
	if n, ok := f(out); ok {
		return n, true
	}
	return out, changed
}

// rewriteExprs rewrites each expression of es; it returns es itself when
// none changed.
func rewriteExprs(es []ast.Expr, f exprRewrite) ([]ast.Expr, bool) {
	var out []ast.Expr
	for k, e := range es {
		n, ok := rewriteExpr(e, f)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]ast.Expr(nil), es...)
		}
		out[k] = n
	}
	if out == nil {
		return es, false
	}
	return out, true
}

// rebuild is x with kids, its children, rewritten: x itself when none
// changed, else a copy that set gives the new children (in kids' order).
func rebuild[T any, P interface {
	*T
	ast.Expr
}](x P, f exprRewrite, set func(P, []ast.Expr), kids ...ast.Expr) (ast.Expr, bool) {
	out, ok := rewriteExprs(kids, f)
	if !ok {
		return x, false
	}
	c := P(new(T))
	*c = *x
	set(c, out)
	return c, true
}

// rewriteChildren is e with its children rewritten (see rewriteExpr).
func rewriteChildren(e ast.Expr, f exprRewrite) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.Property:
		return rebuild(x, f, func(c *ast.Property, k []ast.Expr) { c.Expr = k[0] }, x.Expr)
	case *ast.Binary:
		return rebuild(x, f, func(c *ast.Binary, k []ast.Expr) { c.Left, c.Right = k[0], k[1] }, x.Left, x.Right)
	case *ast.Unary:
		return rebuild(x, f, func(c *ast.Unary, k []ast.Expr) { c.Expr = k[0] }, x.Expr)
	case *ast.Comparison:
		return rebuild(x, f, func(c *ast.Comparison, k []ast.Expr) { c.Operands = k }, x.Operands...)
	case *ast.IsNull:
		return rebuild(x, f, func(c *ast.IsNull, k []ast.Expr) { c.Expr = k[0] }, x.Expr)
	case *ast.StringMatch:
		return rebuild(x, f, func(c *ast.StringMatch, k []ast.Expr) { c.Left, c.Right = k[0], k[1] }, x.Left, x.Right)
	case *ast.In:
		return rebuild(x, f, func(c *ast.In, k []ast.Expr) { c.Expr, c.List = k[0], k[1] }, x.Expr, x.List)
	case *ast.LabelPredicate:
		return rebuild(x, f, func(c *ast.LabelPredicate, k []ast.Expr) { c.Expr = k[0] }, x.Expr)
	case *ast.TypePredicate:
		return rebuild(x, f, func(c *ast.TypePredicate, k []ast.Expr) { c.Expr = k[0] }, x.Expr)
	case *ast.ListLiteral:
		return rebuild(x, f, func(c *ast.ListLiteral, k []ast.Expr) { c.Items = k }, x.Items...)
	case *ast.FunctionCall:
		if isAggregate(x) {
			// An aggregate call past its aggregation is a reference to
			// the aggregation's result, read by the call's identity
			// (aggRefs); its arguments are the aggregation's, which
			// rewrites its calls itself. A copy would be a call no
			// aggregation computes.
			return x, false
		}
		return rebuild(x, f, func(c *ast.FunctionCall, k []ast.Expr) { c.Args = k }, x.Args...)
	case *ast.Index:
		return rebuild(x, f, func(c *ast.Index, k []ast.Expr) { c.Expr, c.Index = k[0], k[1] }, x.Expr, x.Index)
	case *ast.Slice:
		return rebuild(x, f, func(c *ast.Slice, k []ast.Expr) { c.Expr, c.From, c.To = k[0], k[1], k[2] }, x.Expr, x.From, x.To)
	case *ast.MapLiteral:
		var entries []*ast.MapEntry
		for k, en := range x.Entries {
			v, ok := rewriteExpr(en.Value, f)
			if !ok {
				continue
			}
			if entries == nil {
				entries = append([]*ast.MapEntry(nil), x.Entries...)
			}
			ne := *en
			ne.Value = v
			entries[k] = &ne
		}
		if entries == nil {
			return e, false
		}
		c := *x
		c.Entries = entries
		return &c, true
	case *ast.Case:
		c := *x
		var any, ok bool
		if c.Subject, ok = rewriteExpr(x.Subject, f); ok {
			any = true
		}
		c.Whens = make([]*ast.CaseWhen, len(x.Whens))
		for k, w := range x.Whens {
			cond, ok1 := rewriteExpr(w.When, f)
			then, ok2 := rewriteExpr(w.Then, f)
			if !ok1 && !ok2 {
				c.Whens[k] = w
				continue
			}
			any = true
			c.Whens[k] = &ast.CaseWhen{Span: w.Span, When: cond, Then: then}
		}
		if c.Else, ok = rewriteExpr(x.Else, f); ok {
			any = true
		}
		if !any {
			return e, false
		}
		return &c, true
	}
	return e, false
}

// replaceItems returns items with every item f replaces swapped for its
// replacement, the slice copied at the first change; changed reports one.
func replaceItems[T any](items []T, f func(T) (T, bool)) ([]T, bool) {
	var out []T
	for k, it := range items {
		n, ok := f(it)
		if !ok {
			continue
		}
		if out == nil {
			out = slices.Clone(items)
		}
		out[k] = n
	}
	if out == nil {
		return items, false
	}
	return out, true
}

// rewriteEach returns items with every item f gives a new expression for
// replaced by a copy holding it (set stores it in the copy), the slice
// copied at the first change; changed reports one.
func rewriteEach[T any](items []*T, f func(*T) (ast.Expr, bool), set func(*T, ast.Expr)) ([]*T, bool) {
	return replaceItems(items, func(it *T) (*T, bool) {
		e, ok := f(it)
		if !ok {
			return it, false
		}
		n := *it
		set(&n, e)
		return &n, true
	})
}

// rewriteAggArgs is aggs with every call's arguments rewritten by f: a new
// call where any changed, keeping the old call's entry in b.aggRefs (the
// items after the aggregation find a call's column by its pointer).
func (b *builder) rewriteAggArgs(aggs []logical.AggCall, f exprRewrite) ([]logical.AggCall, bool) {
	return replaceItems(aggs, func(a logical.AggCall) (logical.AggCall, bool) {
		args, ok := rewriteExprs(a.Call.Args, f)
		if !ok {
			return a, false
		}
		call := *a.Call
		call.Args = args
		if col, ok := b.aggRefs[a.Call]; ok {
			b.aggRefs[&call] = col
		}
		a.Call = &call
		return a, true
	})
}
