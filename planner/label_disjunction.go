package planner

import "github.com/cyqdb/cyq/parser/ast"

// labelDisjunction reads an OR whose operands include two or more label
// tests of one variable, `v:A OR v:B`, as the one test `v:A|B`, and
// leaves the other operands as they are: the pattern form `(v:A|B)` and
// the WHERE form then reach the planner as the same NodeFilter (see
// labelChecks), which the label rules and the estimates read alike. A
// label test of a null is null, as is the OR of two such tests, and of a
// node it is true or false as the disjunction is. nil when no two
// operands merge.
func labelDisjunction(x *ast.Binary) ast.Expr {
	ops := disjuncts(x)
	first := map[string]int{} // variable -> index in out of its merged test
	var out []ast.Expr
	merged := false
	for _, o := range ops {
		lp, ok := o.(*ast.LabelPredicate)
		v, named := "", false
		if ok && lp.Labels != nil && !ast.HasDynamic(lp.Labels) {
			v, named = varName(lp.Expr)
		}
		if !named {
			out = append(out, o)
			continue
		}
		at, seen := first[v]
		if !seen {
			first[v] = len(out)
			out = append(out, o)
			continue
		}
		prev := out[at].(*ast.LabelPredicate)
		or := &ast.LabelOr{Span: spanOver(prev.Labels, lp.Labels), Items: []ast.LabelExpr{prev.Labels, lp.Labels}}
		out[at] = &ast.LabelPredicate{Span: spanOver(prev, lp), Expr: prev.Expr, Labels: or}
		merged = true
	}
	if !merged {
		return nil
	}
	e := out[0]
	for _, o := range out[1:] {
		e = &ast.Binary{Span: spanOver(e, o), Op: ast.OpOr, Left: e, Right: o}
	}
	return e
}

// labelNegation reads `NOT v:L` as the test `v:!L`: both are null of a
// null and the negation of v:L of a node.
func labelNegation(u *ast.Unary) ast.Expr {
	lp, ok := u.Expr.(*ast.LabelPredicate)
	if u.Op != ast.OpNot || !ok || lp.Labels == nil || ast.HasDynamic(lp.Labels) {
		return nil
	}
	if _, named := varName(lp.Expr); !named {
		return nil
	}
	return &ast.LabelPredicate{Span: u.Span, Expr: lp.Expr, Labels: &ast.LabelNot{Span: lp.Labels.NodeSpan(), Expr: lp.Labels}}
}
