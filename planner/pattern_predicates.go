package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// patternPredicates brings a MATCH pattern and its WHERE to one form: the
// WHERE is normalised (truthForm, which also reads 'L' IN labels(v) as
// v:L for the pattern's nodes, then normalizePredicate); a conjunct `v:L` testing a
// node variable of the pattern becomes a label of v's first node pattern;
// an inline property map `(v {k: x})` becomes the conjuncts `v.k = x`
// (anonymous nodes get their internal names), which the node's filters
// check right after its labels, where the pushdown puts the same WHERE
// conjuncts (b.inlineProps). It returns copies of the pattern's parts
// (the AST is not changed), each part's node variables, the resulting
// WHERE and all the inline property conjuncts (to choose seeks from).
// The forms mean the same: a label test or a property equality holds of
// a node exactly when the pattern would match it, and the WHERE of a
// MATCH is part of its pattern, also for OPTIONAL MATCH.
func (b *builder) patternPredicates(p *ast.Pattern, where ast.Expr) ([]*ast.PatternPart, [][]string, ast.Expr, []ast.Expr) {
	parts := make([]*ast.PatternPart, len(p.Parts))
	names := make([][]string, len(p.Parts))
	first := map[string]*ast.NodePattern{} // variable -> its first node pattern (a copy)
	var props []ast.Expr
	for i, part := range p.Parts {
		el := *part.Element
		el.Nodes = make([]*ast.NodePattern, len(part.Element.Nodes))
		names[i] = b.nodeNames(part.Element)
		for j, n := range part.Element.Nodes {
			c := *n
			el.Nodes[j] = &c
			if n.Var != nil && first[n.Var.Name] == nil {
				first[n.Var.Name] = &c
			}
			ml, ok := n.Props.(*ast.MapLiteral)
			if !ok {
				continue
			}
			c.Props = nil
			if b.inlineProps == nil {
				b.inlineProps = map[*ast.NodePattern][]ast.Expr{}
			}
			for _, en := range ml.Entries {
				v := &ast.Variable{Span: en.Span, Name: names[i][j]}
				if n.Var != nil {
					v.Span = n.Var.Span
				}
				prop := &ast.Property{Span: en.Span, Expr: v, Key: en.Key}
				eq := &ast.Comparison{Span: en.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{prop, en.Value}}
				props = append(props, eq)
				b.inlineProps[&c] = append(b.inlineProps[&c], eq)
			}
		}
		cp := *part
		cp.Element = &el
		parts[i] = &cp
	}
	var rest []ast.Expr
	if where != nil {
		nodes := make(map[string]bool, len(first))
		for v := range first {
			nodes[v] = true
		}
		for _, c := range conjuncts(b.normalizeWithPrefixes(truthForm(where, nodes), nodes)) {
			if lp, ok := c.(*ast.LabelPredicate); ok {
				if v, ok := lp.Expr.(*ast.Variable); ok && first[v.Name] != nil {
					if _, simple := ast.SimpleLabels(lp.Labels); simple {
						n := first[v.Name]
						n.Labels = joinLabels(n.Labels, lp.Labels)
						continue
					}
				}
			}
			rest = append(rest, c)
		}
	}
	return parts, names, andOf(rest), props
}

// joinLabels is the conjunction of label expression a (nil when absent)
// and the simple label expression b.
func joinLabels(a, b ast.LabelExpr) ast.LabelExpr {
	if a == nil {
		return b
	}
	la, simple := ast.SimpleLabels(a)
	if !simple {
		return &ast.LabelAnd{Span: a.NodeSpan(), Items: []ast.LabelExpr{a, b}}
	}
	lb, _ := ast.SimpleLabels(b)
	return labelsOf(dedupe(append(la, lb...)), a)
}
