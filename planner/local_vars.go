package planner

import "github.com/cyqdb/cyq/parser/ast"

// localOnly returns the names e mentions only as the variable of a list
// comprehension, quantifier (all, any, none, single) or reduce() inside
// it, never free: `x` in all(x IN nodes(p) WHERE x.k > 0). A check of
// whether e reads only variables bound at some operator skips them:
// exprVars and addExprVars count them (an over-approximation that only
// keeps a predicate where it was written), but where moving the
// predicate is what the query means (the pre-filter of a shortest path
// search) the over-approximation changes the answer.
func localOnly(e ast.Expr) map[string]bool {
	free := map[string]bool{}
	freeNames(e, nil, free)
	out := map[string]bool{}
	visitExpr(e, func(x ast.Expr) bool {
		var v *ast.Variable
		switch y := x.(type) {
		case *ast.ListComprehension:
			v = y.Var
		case *ast.Quantifier:
			v = y.Var
		case *ast.Reduce:
			if y.Acc != nil && !free[y.Acc.Name] {
				out[y.Acc.Name] = true
			}
			v = y.Var
		}
		if v != nil && !free[v.Name] {
			out[v.Name] = true
		}
		return true
	})
	return out
}

// freeNames adds to out the variables e reads that bound (the variables
// of the comprehensions enclosing e) does not bind.
func freeNames(e ast.Expr, bound map[string]bool, out map[string]bool) {
	with := func(names ...*ast.Variable) map[string]bool {
		m := make(map[string]bool, len(bound)+len(names))
		for n := range bound {
			m[n] = true
		}
		for _, v := range names {
			if v != nil {
				m[v.Name] = true
			}
		}
		return m
	}
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable:
			if !bound[y.Name] {
				out[y.Name] = true
			}
		case *ast.ListComprehension:
			freeNames(y.In, bound, out)
			inner := with(y.Var)
			freeNames(y.Where, inner, out)
			freeNames(y.Map, inner, out)
			return false
		case *ast.Quantifier:
			freeNames(y.In, bound, out)
			freeNames(y.Where, with(y.Var), out)
			return false
		case *ast.Reduce:
			freeNames(y.Init, bound, out)
			freeNames(y.In, bound, out)
			freeNames(y.Expr, with(y.Acc, y.Var), out)
			return false
		}
		return true
	})
}
