package planner

import "github.com/cyqdb/cyq/parser/ast"

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

// rewriteChildren is e with its children rewritten (see rewriteExpr).
func rewriteChildren(e ast.Expr, f exprRewrite) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.Property:
		in, ok := rewriteExpr(x.Expr, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Expr = in
		return &c, true
	case *ast.Binary:
		l, ok1 := rewriteExpr(x.Left, f)
		r, ok2 := rewriteExpr(x.Right, f)
		if !ok1 && !ok2 {
			return e, false
		}
		c := *x
		c.Left, c.Right = l, r
		return &c, true
	case *ast.Unary:
		in, ok := rewriteExpr(x.Expr, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Expr = in
		return &c, true
	case *ast.Comparison:
		ops, ok := rewriteExprs(x.Operands, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Operands = ops
		return &c, true
	case *ast.IsNull:
		in, ok := rewriteExpr(x.Expr, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Expr = in
		return &c, true
	case *ast.StringMatch:
		l, ok1 := rewriteExpr(x.Left, f)
		r, ok2 := rewriteExpr(x.Right, f)
		if !ok1 && !ok2 {
			return e, false
		}
		c := *x
		c.Left, c.Right = l, r
		return &c, true
	case *ast.In:
		l, ok1 := rewriteExpr(x.Expr, f)
		r, ok2 := rewriteExpr(x.List, f)
		if !ok1 && !ok2 {
			return e, false
		}
		c := *x
		c.Expr, c.List = l, r
		return &c, true
	case *ast.LabelPredicate:
		in, ok := rewriteExpr(x.Expr, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Expr = in
		return &c, true
	case *ast.TypePredicate:
		in, ok := rewriteExpr(x.Expr, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Expr = in
		return &c, true
	case *ast.ListLiteral:
		items, ok := rewriteExprs(x.Items, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Items = items
		return &c, true
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
	case *ast.FunctionCall:
		args, ok := rewriteExprs(x.Args, f)
		if !ok {
			return e, false
		}
		c := *x
		c.Args = args
		return &c, true
	case *ast.Index:
		in, ok1 := rewriteExpr(x.Expr, f)
		ix, ok2 := rewriteExpr(x.Index, f)
		if !ok1 && !ok2 {
			return e, false
		}
		c := *x
		c.Expr, c.Index = in, ix
		return &c, true
	case *ast.Slice:
		in, ok1 := rewriteExpr(x.Expr, f)
		from, ok2 := rewriteExpr(x.From, f)
		to, ok3 := rewriteExpr(x.To, f)
		if !ok1 && !ok2 && !ok3 {
			return e, false
		}
		c := *x
		c.Expr, c.From, c.To = in, from, to
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
