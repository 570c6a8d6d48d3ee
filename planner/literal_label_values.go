package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// literalLabelValues writes a label test used as a value, `x:$('A')`,
// `x:$any(['A', 'B'])` and the like in WHERE or RETURN, with the static
// names of its literal dynamic parts (foldLabelExpr, as patterns are
// written before planning), when x is a variable bound to a node or a
// relationship. On those the run-time predicate (valuePred) reads the
// node's labels, or the relationship's one type, exactly as the static
// test does, and both are null when x is null (an OPTIONAL MATCH's
// miss). On any other value they raise different errors (labels()'s
// against the label test's), so a subject not known to be a node or a
// relationship is left as written. Static, the test is a label read that
// rules keyed on labels take (class keys counted by label-set classes,
// label checks), where the predicate built a list of names per row.
func literalLabelValues(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		switch op.(type) {
		case logical.Filter, logical.Project, logical.Aggregate:
		default:
			continue
		}
		sc, _, ok := scopeAt(ops, i)
		if !ok {
			continue
		}
		f := func(e ast.Expr) (ast.Expr, bool) {
			lp, ok := e.(*ast.LabelPredicate)
			if !ok || lp.Labels == nil || !ast.HasDynamic(lp.Labels) {
				return e, false
			}
			v, ok := lp.Expr.(*ast.Variable)
			if !ok {
				return e, false
			}
			if k := sc.vars[v.Name]; k != kindNode && k != kindRel {
				return e, false
			}
			folded := foldLabelExpr(lp.Labels)
			if ast.HasDynamic(folded) {
				return e, false
			}
			return &ast.LabelPredicate{Span: lp.Span, Expr: lp.Expr, Labels: folded}, true
		}
		if out, ok := rewriteOpExprs(b, ops[i:i+1], f); ok {
			return replace(ops, i, 1, out[0]), true
		}
	}
	return ops, false
}
