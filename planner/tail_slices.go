package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// tailSlices writes tail(L) in a filter as the slice L[1..], for L an
// expression that is a list whenever it is not null (listValued): the
// rules that read the runs of a path's nodes as slices then read tail()
// too, so `all(n IN tail(nodes(p)) WHERE ...)` over a variable-length
// path becomes a test of the nodes each hop reaches (stepTests), as
// `nodes(p)[1..]` and a quantified path pattern's inline WHERE already
// were, instead of a filter of every enumerated path.
//
// tail(L) and L[1..] are the same value for every list L (the elements
// after the first, the empty list for a list of none or one) and both
// are null when L is null. L is restricted to expressions that cannot be
// a string or any other value that tail() would reject and a slice
// might not (so an error stays the same error); its own subexpressions
// are evaluated as before. The list a quantifier or a list comprehension
// iterates is read in the enclosing scope, so it is rewritten too; its
// body, where a local variable may shadow one of L's, is not. It returns
// the pipeline and whether anything changed.
func tailSlices(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	return rewriteFilters(pl, func(f logical.Filter) (ast.Expr, bool) {
		if f.Subst != nil {
			return nil, false
		}
		return rewriteExpr(f.Pred, tailSlice)
	})
}

// tailSlice is the exprRewrite of tailSlices.
func tailSlice(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.FunctionCall:
		if isCall(x, "tail", 1) && listValued(x.Args[0]) {
			return &ast.Slice{Span: x.Span, Expr: x.Args[0], From: intLit(x.Span, 1)}, true
		}
	case *ast.Quantifier:
		if in, ok := rewriteExpr(x.In, tailSlice); ok {
			cp := *x
			cp.In = in
			return &cp, true
		}
	case *ast.ListComprehension:
		if in, ok := rewriteExpr(x.In, tailSlice); ok {
			cp := *x
			cp.In = in
			return &cp, true
		}
	}
	return e, false
}

// isCall reports whether fc is a call of the built-in function name with
// n arguments.
func isCall(fc *ast.FunctionCall, name string, n int) bool {
	return len(fc.Namespace) == 0 && !fc.Distinct && !fc.Star && len(fc.Args) == n && strings.EqualFold(fc.Name, name)
}

// listValued reports whether e is a list whenever it is not null: a list
// literal or comprehension, a pattern comprehension, a path's nodes() or
// relationships(), range(), keys(), labels(), split(), or a slice, tail()
// or reverse() of such a list.
func listValued(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ListLiteral, *ast.ListComprehension, *ast.PatternComprehension:
		return true
	case *ast.Slice:
		return listValued(x.Expr)
	case *ast.FunctionCall:
		for _, name := range []string{"nodes", "relationships", "keys", "labels"} {
			if isCall(x, name, 1) {
				return true
			}
		}
		if len(x.Namespace) == 0 && !x.Distinct && (strings.EqualFold(x.Name, "range") && (len(x.Args) == 2 || len(x.Args) == 3) ||
			strings.EqualFold(x.Name, "split") && len(x.Args) == 2) {
			return true
		}
		if isCall(x, "tail", 1) || isCall(x, "reverse", 1) {
			return listValued(x.Args[0])
		}
	}
	return false
}
