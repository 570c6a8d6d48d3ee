package planner

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// Label expressions that the label-test opcode cannot take — computed
// labels `$(expr)` and relationship type expressions beyond a plain
// disjunction (`:!R`, `:%`, `:$(t)`) — lower onto predicates on labels()
// and type().

// labelPred is "subject matches label expression l" for a node.
func labelPred(sp ast.Span, subject ast.Expr, l ast.LabelExpr) ast.Expr {
	if e, ok := labelConnective(sp, l, func(it ast.LabelExpr) ast.Expr { return labelPred(sp, subject, it) }); ok {
		return e
	}
	if d, ok := l.(*ast.LabelDynamic); ok {
		return namesPred(sp, d, &ast.FunctionCall{Span: sp, Name: "labels", Args: []ast.Expr{subject}})
	}
	return &ast.LabelPredicate{Span: sp, Expr: subject, Labels: l}
}

// valuePred is labelPred for a label expression written as a value
// (`x:$(e)` in WHERE or RETURN), whose subject may be a node or a
// relationship: a relationship's names are its one type, as the static
// test `r:R` reads them (OpLabelTest), so `r:$('R')` holds exactly when
// `r:R` does. A subject of another kind still raises labels()'s error.
func valuePred(sp ast.Span, subject ast.Expr, l ast.LabelExpr) ast.Expr {
	if e, ok := labelConnective(sp, l, func(it ast.LabelExpr) ast.Expr { return valuePred(sp, subject, it) }); ok {
		return e
	}
	d, ok := l.(*ast.LabelDynamic)
	if !ok {
		return &ast.LabelPredicate{Span: sp, Expr: subject, Labels: l}
	}
	isRel := &ast.StringMatch{Span: sp, Op: ast.StrStartsWith,
		Left:  &ast.FunctionCall{Span: sp, Name: "valueType", Args: []ast.Expr{subject}},
		Right: strLit(sp, "RELATIONSHIP")}
	have := &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp, When: isRel,
		Then: &ast.ListLiteral{Span: sp, Items: []ast.Expr{&ast.FunctionCall{Span: sp, Name: "type", Args: []ast.Expr{subject}}}}}},
		Else: &ast.FunctionCall{Span: sp, Name: "labels", Args: []ast.Expr{subject}}}
	return namesPred(sp, d, have)
}

// typePred is "relationship subject's type matches l".
func typePred(sp ast.Span, subject ast.Expr, l ast.LabelExpr) ast.Expr {
	return typePredIn(sp, subject, l, nil)
}

// typePredIn is typePred with the static types of the scope (dtype, nil
// for none), by which a computed type name is tested in the form its
// type allows (typeNamesPred).
func typePredIn(sp ast.Span, subject ast.Expr, l ast.LabelExpr, dtype func(ast.Expr) functions.Type) ast.Expr {
	if e, ok := labelConnective(sp, l, func(it ast.LabelExpr) ast.Expr { return typePredIn(sp, subject, it, dtype) }); ok {
		return e
	}
	typ := &ast.FunctionCall{Span: sp, Name: "type", Args: []ast.Expr{subject}}
	switch x := l.(type) {
	case *ast.LabelName:
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{typ, strLit(sp, x.Name)}}
	case *ast.LabelWildcard:
		return &ast.IsNull{Span: sp, Expr: typ, Not: true}
	case *ast.LabelDynamic:
		if dtype != nil {
			return typeNamesPred(sp, x, typ, dtype(x.Expr))
		}
		return namesPred(sp, x, &ast.ListLiteral{Span: sp, Items: []ast.Expr{typ}})
	}
	return boolLit(sp, true)
}

// labelConnective lowers the connectives of a label expression (&, |, !)
// with sub lowering their operands; ok is false for an atom.
func labelConnective(sp ast.Span, l ast.LabelExpr, sub func(ast.LabelExpr) ast.Expr) (ast.Expr, bool) {
	var items []ast.LabelExpr
	op := ast.OpAnd
	switch x := l.(type) {
	case *ast.LabelAnd:
		items = x.Items
	case *ast.LabelOr:
		items, op = x.Items, ast.OpOr
	case *ast.LabelNot:
		return &ast.Unary{Span: sp, Op: ast.OpNot, Expr: sub(x.Expr)}, true
	default:
		return nil, false
	}
	parts := make([]ast.Expr, len(items))
	for i, it := range items {
		parts[i] = sub(it)
	}
	return joinExprs(sp, op, parts), true
}

// namesPred is "every name (any name, for $any) that d computes is in
// have": d's value is a string or a list of strings.
func namesPred(sp ast.Span, d *ast.LabelDynamic, have ast.Expr) ast.Expr {
	list := &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp,
		When: &ast.StringMatch{Span: sp, Op: ast.StrStartsWith, Left: &ast.FunctionCall{Span: sp, Name: "valueType", Args: []ast.Expr{d.Expr}}, Right: strLit(sp, "LIST")},
		Then: d.Expr}},
		Else: &ast.ListLiteral{Span: sp, Items: []ast.Expr{d.Expr}}}
	v := &ast.Variable{Span: sp, Name: " l"}
	kind := ast.QuantAll
	if d.Any {
		kind = ast.QuantAny
	}
	return &ast.Quantifier{Span: sp, Kind: kind, Var: v, In: list, Where: &ast.In{Span: sp, Expr: v, List: have}}
}

// typeExprStep plans relationship ri, whose type expression is not a
// plain disjunction, as an expansion over every type followed by a filter
// on the relationship's type (on every relationship of a variable-length
// or quantified one).
func (b *builder) typeExprStep(m *patternPlan, c *chainPlan, ri, from, to int, dir ast.Direction) error {
	r := c.el.Rels[ri]
	plain := *r
	plain.Types = nil
	if r.Var == nil {
		plain.Var = &ast.Variable{Span: r.Span, Name: b.fresh("r")}
	}
	el := *c.el
	el.Rels = append([]*ast.RelPattern(nil), c.el.Rels...)
	el.Rels[ri] = &plain
	sub := *c
	sub.el = &el
	// The node reached is filtered after the type check.
	node := el.Nodes[to]
	el.Nodes = append([]*ast.NodePattern(nil), c.el.Nodes...)
	el.Nodes[to] = &ast.NodePattern{Span: node.Span, Var: node.Var}
	if err := b.expandStep(m, &sub, ri, from, to, dir); err != nil {
		return err
	}
	sp := r.Types.NodeSpan()
	rv := &ast.Variable{Span: sp, Name: plain.Var.Name}
	dtype := func(e ast.Expr) functions.Type {
		t, err := b.typeCheck(e, m.sc, nil)
		if err != nil {
			return unknown
		}
		return t
	}
	var pred ast.Expr
	if r.VarLength != nil || r.Quant != nil {
		x := &ast.Variable{Span: sp, Name: b.fresh("t")}
		pred = &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: x, In: rv, Where: typePredIn(sp, x, r.Types, dtype)}
	} else {
		pred = typePredIn(sp, rv, r.Types, dtype)
	}
	if err := b.checkExpr(pred, m.sc, false); err != nil {
		return err
	}
	m.ops = append(m.ops, logical.Filter{Pred: pred})
	return b.appendNodeFilter(m, node, c.names[to])
}

// createLabels splits the labels of a node to create into names and
// computed `$(expr)` labels; ok is false for other label expressions.
func createLabels(l ast.LabelExpr) (names []string, dynamic []ast.Expr, ok bool) {
	items := []ast.LabelExpr{l}
	if and, isAnd := l.(*ast.LabelAnd); isAnd {
		items = and.Items
	}
	for _, it := range items {
		switch x := it.(type) {
		case nil:
		case *ast.LabelName:
			names = append(names, x.Name)
		case *ast.LabelDynamic:
			if x.Any {
				return nil, nil, false
			}
			dynamic = append(dynamic, x.Expr)
		default:
			return nil, nil, false
		}
	}
	return names, dynamic, true
}

// computedLabels evaluates the `$(expr)` labels of SET or REMOVE into a
// list register (-1 when there are none).
func (g *gen) computedLabels(dynamic []ast.Expr, e *regEnv) (int32, error) {
	if len(dynamic) == 0 {
		return -1, nil
	}
	sp := dynamic[0].NodeSpan()
	return g.expr(&ast.ListLiteral{Span: sp, Items: dynamic}, e)
}

// setComputedLabels adds the computed labels to the node just created in
// N register id.
func (g *gen) setComputedLabels(id int32, dynamic []ast.Expr, e *regEnv) error {
	dyn, err := g.computedLabels(dynamic, e)
	if err != nil {
		return err
	}
	nv := g.r()
	g.emit(vm.OpNodeVal, nv, id)
	g.emit(vm.OpSetLabels, nv, g.strList(nil), dyn)
	return nil
}
