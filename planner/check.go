package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// visitExpr calls fn for e and, while fn returns true, for its
// sub-expressions, depth first.
func visitExpr(e ast.Expr, fn func(ast.Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	switch x := e.(type) {
	case *ast.ListLiteral:
		for _, it := range x.Items {
			visitExpr(it, fn)
		}
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			visitExpr(en.Value, fn)
		}
	case *ast.Property:
		visitExpr(x.Expr, fn)
	case *ast.Index:
		visitExpr(x.Expr, fn)
		visitExpr(x.Index, fn)
	case *ast.Slice:
		visitExpr(x.Expr, fn)
		visitExpr(x.From, fn)
		visitExpr(x.To, fn)
	case *ast.Binary:
		visitExpr(x.Left, fn)
		visitExpr(x.Right, fn)
	case *ast.Unary:
		visitExpr(x.Expr, fn)
	case *ast.Comparison:
		for _, o := range x.Operands {
			visitExpr(o, fn)
		}
	case *ast.IsNull:
		visitExpr(x.Expr, fn)
	case *ast.TypePredicate:
		visitExpr(x.Expr, fn)
	case *ast.StringMatch:
		visitExpr(x.Left, fn)
		visitExpr(x.Right, fn)
	case *ast.In:
		visitExpr(x.Expr, fn)
		visitExpr(x.List, fn)
	case *ast.FunctionCall:
		for _, a := range x.Args {
			visitExpr(a, fn)
		}
	case *ast.Case:
		visitExpr(x.Subject, fn)
		for _, w := range x.Whens {
			visitExpr(w.When, fn)
			visitExpr(w.Then, fn)
		}
		visitExpr(x.Else, fn)
	case *ast.ListComprehension:
		visitExpr(x.In, fn)
		visitExpr(x.Where, fn)
		visitExpr(x.Map, fn)
	case *ast.Quantifier:
		visitExpr(x.In, fn)
		visitExpr(x.Where, fn)
	case *ast.Reduce:
		visitExpr(x.Init, fn)
		visitExpr(x.In, fn)
		visitExpr(x.Expr, fn)
	case *ast.PatternComprehension:
		visitExpr(x.Where, fn)
		visitExpr(x.Map, fn)
	case *ast.ExistsSubquery:
		visitExpr(x.Where, fn)
	case *ast.CountSubquery:
		visitExpr(x.Where, fn)
	case *ast.MapProjection:
		visitExpr(x.Var, fn)
		for _, it := range x.Items {
			visitExpr(it.Expr, fn)
		}
	case *ast.LabelPredicate:
		visitExpr(x.Expr, fn)
	}
}

// checkExpr verifies that every variable e uses is in scope (or bound by an
// enclosing comprehension), and that aggregates appear only where allowed.
func (b *builder) checkExpr(e ast.Expr, sc *scope, allowAgg bool) error {
	if err := b.checkIn(e, sc, map[string]bool{}, allowAgg, false); err != nil {
		return err
	}
	_, err := b.typeCheck(e, sc, nil)
	return err
}

func (b *builder) checkIn(e ast.Expr, sc *scope, local map[string]bool, allowAgg, inAgg bool) error {
	if e == nil {
		return nil
	}
	with := func(name string) map[string]bool {
		l := make(map[string]bool, len(local)+1)
		for k := range local {
			l[k] = true
		}
		l[name] = true
		return l
	}
	rec := func(x ast.Expr) error { return b.checkIn(x, sc, local, allowAgg, inAgg) }
	switch x := e.(type) {
	case *ast.Variable:
		if !sc.has(x.Name) && !local[x.Name] {
			return b.ruleErr(ruleUndefined, x, "variable `%s` is not defined", x.Name)
		}
		return nil
	case *ast.FunctionCall:
		if isAggregate(x) {
			if !allowAgg {
				return b.ruleErr(ruleAggregatePosition, x, "aggregate function %s() is not allowed here", x.Name).WithHint("aggregate in a WITH clause first, then filter the result")
			}
			if inAgg {
				return b.ruleErr(ruleAggregateNesting, x, "aggregate functions cannot be nested")
			}
			for _, a := range x.Args {
				if err := b.checkIn(a, sc, local, allowAgg, true); err != nil {
					return err
				}
			}
			return nil
		}
		for _, a := range x.Args {
			if err := rec(a); err != nil {
				return err
			}
		}
		return nil
	case *ast.ListComprehension:
		if err := rec(x.In); err != nil {
			return err
		}
		l := with(x.Var.Name)
		if err := b.checkIn(x.Where, sc, l, false, inAgg); err != nil {
			return err
		}
		return b.checkIn(x.Map, sc, l, false, inAgg)
	case *ast.Quantifier:
		if err := rec(x.In); err != nil {
			return err
		}
		return b.checkIn(x.Where, sc, with(x.Var.Name), false, inAgg)
	case *ast.Reduce:
		if err := rec(x.Init); err != nil {
			return err
		}
		if err := rec(x.In); err != nil {
			return err
		}
		l := with(x.Acc.Name)
		l[x.Var.Name] = true
		return b.checkIn(x.Expr, sc, l, false, inAgg)
	case *ast.PatternExpr:
		for _, n := range x.Element.Nodes {
			if n.Var != nil && !sc.has(n.Var.Name) && !local[n.Var.Name] {
				return b.ruleErr(ruleUndefined, n.Var, "variable `%s` is not defined: a pattern predicate cannot introduce new variables", n.Var.Name).WithHint("use EXISTS { MATCH ... } to introduce variables")
			}
		}
		for _, r := range x.Element.Rels {
			if r.Var != nil && !sc.has(r.Var.Name) && !local[r.Var.Name] {
				return b.ruleErr(ruleUndefined, r.Var, "variable `%s` is not defined", r.Var.Name)
			}
		}
		return nil
	case *ast.PatternComprehension:
		// The variable kinds now, while the scope knows them; the rest
		// is checked when planned.
		return b.checkPatternKinds(&ast.PatternPart{Span: x.Span, Element: x.Element}, sc, local)
	case *ast.ExistsSubquery:
		return b.checkPatternsKinds(x.Pattern, sc, local)
	case *ast.CountSubquery:
		return b.checkPatternsKinds(x.Pattern, sc, local)
	case *ast.CollectSubquery:
		return nil // checked when planned
	}
	var err error
	first := true
	visitExpr(e, func(sub ast.Expr) bool {
		if first {
			first = false
			return true
		}
		if err == nil {
			err = rec(sub)
		}
		return false
	})
	return err
}

// checkPatternsKinds applies checkPatternKinds to each part of p (nil for
// a subquery written as a query).
func (b *builder) checkPatternsKinds(p *ast.Pattern, sc *scope, local map[string]bool) error {
	if p == nil {
		return nil
	}
	for _, part := range p.Parts {
		if err := b.checkPatternKinds(part, sc, local); err != nil {
			return err
		}
	}
	return nil
}

// checkPatternKinds applies the rules node-variable-kind and
// relationship-variable-kind to a pattern inside an expression; names
// bound by an enclosing comprehension (local) shadow the scope.
func (b *builder) checkPatternKinds(part *ast.PatternPart, sc *scope, local map[string]bool) error {
	if len(local) > 0 {
		sc = sc.clone()
		for name := range local {
			delete(sc.vars, name)
			delete(sc.types, name)
		}
	}
	return b.checkPatternVars(&ast.PatternPart{Span: part.Span, Element: part.Element}, sc, nil)
}
