package planner

import (
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
)

// checkConstant checks that SKIP or LIMIT takes a constant, non-negative
// integer.
func (b *builder) checkConstant(e ast.Expr, what string) error {
	var bad ast.Node
	visitExpr(e, func(x ast.Expr) bool {
		switch x.(type) {
		case *ast.Variable, *ast.PatternExpr, *ast.ExistsSubquery, *ast.CountSubquery:
			if bad == nil {
				bad = x
			}
		}
		return true
	})
	if bad != nil {
		return b.errAt(bad, cyqerr.SyntaxError, "NonConstantExpression", "%s takes a constant expression, not one that depends on the rows", what)
	}
	if l, ok := e.(*ast.Literal); ok {
		switch l.Kind {
		case ast.LitInt:
			if l.Int < 0 {
				return b.errAt(e, cyqerr.SyntaxError, "NegativeIntegerArgument", "%s takes a non-negative integer, got %d", what, l.Int)
			}
		case ast.LitFloat:
			return b.errAt(e, cyqerr.SyntaxError, "InvalidArgumentType", "%s takes an integer, got %s", what, e.NodeSpan().Text(b.src))
		}
	}
	return nil
}

// containsAggregate reports whether e aggregates (outside nested
// subqueries and comprehensions, which aggregate on their own).
func containsAggregate(e ast.Expr) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
			found = true
			return false
		}
		switch x.(type) {
		case *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			return false
		}
		return !found
	})
	return found
}

// isAggregate reports whether the call is to an aggregating function.
func isAggregate(fc *ast.FunctionCall) bool {
	if fc.Star {
		return true
	}
	f, ok := functions.Lookup(qualifiedName(fc))
	return ok && f.Aggregate
}

func qualifiedName(fc *ast.FunctionCall) string {
	if len(fc.Namespace) == 0 {
		return fc.Name
	}
	return strings.Join(fc.Namespace, ".") + "." + fc.Name
}

// checkGrouped verifies that, outside its aggregate calls, an expression of
// an aggregating projection only uses grouping keys (given by their text)
// or projected columns (names, for ORDER BY).
func (b *builder) checkGrouped(e ast.Expr, keys map[string]string, columns map[string]bool) error {
	var err error
	visitExpr(e, func(x ast.Expr) bool {
		if err != nil {
			return false
		}
		if _, ok := keys[x.NodeSpan().Text(b.src)]; ok {
			switch x.(type) {
			case *ast.Variable, *ast.Property, *ast.FunctionCall:
				return false
			}
		}
		switch y := x.(type) {
		case *ast.FunctionCall:
			if isAggregate(y) {
				if columns != nil {
					// An aggregate in ORDER BY may only read projected columns.
					visitExpr(y, func(z ast.Expr) bool {
						if v, ok := z.(*ast.Variable); ok && !columns[v.Name] && err == nil {
							err = b.ruleErr(ruleUndefined, v, "variable `%s` is not defined after the projection", v.Name)
						}
						return err == nil
					})
				}
				return false
			}
		case *ast.Variable:
			if columns != nil && columns[y.Name] {
				return false
			}
			if columns != nil && !b.projectedVars[y.Name] {
				err = b.ruleErr(ruleUndefined, y, "variable `%s` is not defined after the projection", y.Name)
				return false
			}
			err = b.ruleErr(ruleAmbiguousAggregation, y, "`%s` is used next to an aggregate but is not a grouping key", y.Name).WithHint("project %s as its own column and use that", y.Name)
			return false
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce, *ast.PatternComprehension:
			return false
		}
		return true
	})
	return err
}

// checkSortExpr checks an ORDER BY expression against what the projection
// leaves visible; subst names sub-expressions that stand for columns.
func (b *builder) checkSortExpr(e ast.Expr, sc *scope, subst map[string]string, aggregating bool) error {
	if !aggregating && containsAggregate(e) {
		var fc *ast.FunctionCall
		visitExpr(e, func(x ast.Expr) bool {
			if f, ok := x.(*ast.FunctionCall); ok && isAggregate(f) && fc == nil {
				fc = f
			}
			return fc == nil
		})
		return b.ruleErr(ruleAggregatePosition, fc, "ORDER BY cannot aggregate here: the projection does not aggregate").WithHint("compute the aggregate in the projection and order by its alias")
	}
	if len(subst) == 0 {
		return b.checkExpr(e, sc, false)
	}
	sc = sc.clone()
	for _, name := range subst {
		sc.add(name, kindValue)
	}
	var err error
	visitExpr(e, func(x ast.Expr) bool {
		if err != nil {
			return false
		}
		if _, ok := subst[x.NodeSpan().Text(b.src)]; ok {
			return false
		}
		if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
			return false
		}
		switch x.(type) {
		case *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			// A subquery binds variables of its own (EXISTS { (v)-->(w)
			// WHERE w.k > v.k } after WITH DISTINCT v): checked in the
			// projection's scope, as its body sees it, it is fine when
			// that check passes; otherwise the texts standing for
			// columns are looked for inside it as elsewhere.
			if b.checkExpr(x, sc, false) == nil {
				return false
			}
		}
		if v, ok := x.(*ast.Variable); ok && !sc.has(v.Name) {
			err = b.ruleErr(ruleUndefined, v, "variable `%s` is not defined after the projection", v.Name)
		}
		switch x.(type) {
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce, *ast.PatternComprehension:
			return false
		}
		return err == nil
	})
	return err
}
