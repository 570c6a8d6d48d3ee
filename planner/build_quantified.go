package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Quantified relationships (`-[:R]->{1,3}`) and quantified path patterns
// (`((x)-[r:R]->(y) WHERE ...){1,3}`) lower onto VarExpand, so the
// set-at-a-time rewrites apply to them as to `-[:R*1..3]->`. A pattern's
// inner predicates become filters over its node lists (those that read one
// inner node, which stepTests makes tests at each level of the expansion)
// and one filter over the iterations (the others), and its group
// variables lists cut from the path that VarExpand found.

// quantBounds is a quantifier's minimum and maximum number of iterations
// (maximum -1: unbounded).
func quantBounds(q *ast.PathQuantifier) (min, max int) {
	min, max = int(q.Min), -1
	if q.Max != nil {
		max = int(*q.Max)
	}
	return min, max
}

// relBounds is the hop bounds of a variable-length or quantified
// relationship.
func relBounds(r *ast.RelPattern) (min, max int) {
	if r.Quant != nil {
		return quantBounds(r.Quant)
	}
	return lengthBounds(r.VarLength)
}

// quantRelWhere filters the iterations of the quantified relationship r,
// whose list is bound to list: its inline WHERE speaks of one relationship.
func (b *builder) quantRelWhere(m *patternPlan, r *ast.RelPattern, list string) error {
	if r.Where == nil {
		return nil
	}
	if r.Var == nil {
		return b.errAt(r.Where, cyqerr.SemanticError, "Unsupported", "a WHERE inside a quantified relationship needs the relationship variable")
	}
	pred := &ast.Quantifier{Span: r.Where.NodeSpan(), Kind: ast.QuantAll, Var: &ast.Variable{Span: r.Var.Span, Name: r.Var.Name},
		In: &ast.Variable{Span: r.Var.Span, Name: list}, Where: r.Where}
	if err := b.checkExpr(pred, m.sc, false); err != nil {
		return err
	}
	m.ops = append(m.ops, logical.Filter{Pred: pred})
	return nil
}

// groupStep plans the quantified path pattern that is link ri of the
// chain, matched from node from to node to in direction dir.
func (b *builder) groupStep(m *patternPlan, c *chainPlan, ri, from, to int) error {
	g := c.el.Rels[ri].Group
	inner := g.Element
	for _, v := range groupVars(inner) {
		if m.sc.has(v.Name) {
			return b.errAt(v, cyqerr.SyntaxError, "VariableAlreadyBound",
				"`%s` is a group variable of a quantified path pattern and cannot be bound before it", v.Name)
		}
	}
	if len(inner.Rels) > 1 {
		return b.groupStepMulti(m, c, ri, from, to)
	}
	r := inner.Rels[0]
	types, typeExpr := groupTypes(r)
	rl := b.fresh("r")
	if r.Var != nil {
		rl = r.Var.Name
	}
	dir := r.Direction
	if from > to {
		dir = reverse(dir)
	}
	op := logical.VarExpand{From: c.names[from], RelList: rl, To: c.names[to], Dir: dir, Types: dedupe(types),
		ToBound: m.sc.has(c.names[to]), Reverse: from > to}
	op.Min, op.Max = quantBounds(g.Quant)
	if err := b.varExpandOp(m, r, op); err != nil {
		return err
	}
	c.relNames[ri], c.lists[ri] = rl, true
	m.bind(c.names[to], kindNode)
	if err := b.groupFilter(m, c, ri, g, rl, typeExpr); err != nil {
		return err
	}
	return b.appendEndFilter(m, c.el.Nodes[to], c.names[to])
}

// groupVars lists the variables a quantified path pattern declares.
func groupVars(el *ast.PatternElement) []*ast.Variable {
	var vs []*ast.Variable
	for _, n := range el.Nodes {
		if n.Var != nil {
			vs = append(vs, n.Var)
		}
	}
	for _, r := range el.Rels {
		if r.Var != nil {
			vs = append(vs, r.Var)
		}
	}
	return vs
}

// groupFilter binds the node group variables of g (the nodes before and
// after each iteration) and filters the iterations by g's inner
// predicates, the first of them typeExpr (non-nil when the expansion
// takes every type, see groupTypes). Nothing is added when g has
// neither, so that a plain `(()-[:R]->()){1,3}` stays a bare VarExpand.
func (b *builder) groupFilter(m *patternPlan, c *chainPlan, ri int, g *ast.QuantifiedPath, rl string, typeExpr ast.LabelExpr) error {
	inner := g.Element
	x, y, r := inner.Nodes[0], inner.Nodes[1], inner.Rels[0]
	// The inner nodes' names inside the predicates: their variables, or
	// fresh names for anonymous nodes that carry checks.
	xv, yv := elemVar(b, x), elemVar(b, y)
	preds := []ast.Expr{}
	if typeExpr != nil {
		preds = append(preds, typePred(typeExpr.NodeSpan(), &ast.Variable{Span: typeExpr.NodeSpan(), Name: rl}, typeExpr))
	}
	for i, n := range []*ast.NodePattern{x, y} {
		p, err := b.nodePatternPred(n, []*ast.Variable{xv, yv}[i])
		if err != nil {
			return err
		}
		preds = append(preds, p...)
	}
	if r.Where != nil {
		preds = append(preds, r.Where)
	}
	if g.Where != nil {
		preds = append(preds, g.Where)
	}
	if len(preds) > 0 && r.Var == nil {
		// The iterations' relationships are read by name below.
		r = &ast.RelPattern{Var: &ast.Variable{Name: rl}}
	}
	if x.Var == nil && y.Var == nil && len(preds) == 0 {
		return nil
	}
	sp := g.Span
	path := b.fresh("p")
	xs, ys := b.fresh("xs"), b.fresh("ys")
	if x.Var != nil {
		xs = x.Var.Name
	}
	if y.Var != nil {
		ys = y.Var.Name
	}
	// A conjunct that reads one inner node and not the other nor the
	// relationship is a test of every node the iterations end (or
	// start) at: all(y IN ys WHERE ...), which stepTests makes a test at
	// each level of the expansion. One that reads the relationship and
	// neither inner node is a test of every relationship of the list,
	// all(r IN rl WHERE ...): the iteration-wise form below binds x and
	// y to one-element lists around it, and all() over one element is
	// that element's test (true, false or null alike), so the two agree
	// iteration by iteration, in the same order. The others test the
	// iterations one by one.
	var filters, rest, cs []ast.Expr
	if len(preds) > 0 {
		cs = conjuncts(conjunction(sp, preds))
	}
	for _, c := range cs {
		vars := exprVars(c)
		relRead := r.Var != nil && vars[r.Var.Name]
		switch {
		case !relRead && vars[yv.Name] && !vars[xv.Name]:
			filters = append(filters, &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: &ast.Variable{Span: yv.Span, Name: yv.Name},
				In: &ast.Variable{Span: sp, Name: ys}, Where: c})
		case !relRead && vars[xv.Name] && !vars[yv.Name]:
			filters = append(filters, &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: &ast.Variable{Span: xv.Span, Name: xv.Name},
				In: &ast.Variable{Span: sp, Name: xs}, Where: c})
		case relRead && !vars[xv.Name] && !vars[yv.Name]:
			filters = append(filters, &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: &ast.Variable{Span: r.Var.Span, Name: r.Var.Name},
				In: &ast.Variable{Span: sp, Name: rl}, Where: c})
		default:
			rest = append(rest, c)
		}
	}
	// The node lists are cut from the path only when something reads
	// them: a named inner node, a node test, an iteration-wise test.
	if x.Var != nil || y.Var != nil || len(rest) > 0 || len(filters) > relOnly(filters, rl) {
		m.ops = append(m.ops, logical.PathBind{Var: path, Nodes: []string{c.names[ri], c.names[ri+1]}, Rels: []string{rl}, Lists: []bool{true}})
		nodes := &ast.FunctionCall{Span: sp, Name: "nodes", Args: []ast.Expr{&ast.Variable{Span: sp, Name: path}}}
		m.ops = append(m.ops, logical.Project{Items: []logical.Item{
			{Name: xs, Expr: &ast.Slice{Span: sp, Expr: nodes, From: intLit(sp, 0), To: intLit(sp, -1)}},
			{Name: ys, Expr: &ast.Slice{Span: sp, Expr: nodes, From: intLit(sp, 1)}},
		}})
		for _, v := range []string{xs, ys} {
			m.bind(v, kindValue)
			m.sc.types[v] = functions.List(functions.Node)
		}
	}
	if len(preds) == 0 {
		return nil
	}
	for _, f := range filters {
		if err := b.checkExpr(f, m.sc, false); err != nil {
			return err
		}
		m.ops = append(m.ops, logical.Filter{Pred: f})
	}
	if len(rest) == 0 {
		return nil
	}
	preds = rest
	// all(i IN range(0, size(rl) - 1) WHERE
	//   all(x IN [xs[i]] WHERE all(r IN [rl[i]] WHERE all(y IN [ys[i]] WHERE preds))))
	i := b.fresh("i")
	at := func(list string) ast.Expr {
		return &ast.ListLiteral{Span: sp, Items: []ast.Expr{&ast.Index{Span: sp, Expr: &ast.Variable{Span: sp, Name: list}, Index: &ast.Variable{Span: sp, Name: i}}}}
	}
	body := conjunction(sp, preds)
	bindOne := func(v *ast.Variable, list string, body ast.Expr) ast.Expr {
		if v == nil {
			return body
		}
		return &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: &ast.Variable{Span: v.Span, Name: v.Name}, In: at(list), Where: body}
	}
	body = bindOne(xv, xs, bindOne(r.Var, rl, bindOne(yv, ys, body)))
	last := &ast.Binary{Span: sp, Op: ast.OpSub, Left: &ast.FunctionCall{Span: sp, Name: "size", Args: []ast.Expr{&ast.Variable{Span: sp, Name: rl}}}, Right: intLit(sp, 1)}
	pred := &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: &ast.Variable{Span: sp, Name: i},
		In:    &ast.FunctionCall{Span: sp, Name: "range", Args: []ast.Expr{intLit(sp, 0), last}},
		Where: body}
	if err := b.checkExpr(pred, m.sc, false); err != nil {
		return err
	}
	m.ops = append(m.ops, logical.Filter{Pred: pred})
	return nil
}

// relOnly counts the filters that quantify over the relationship list
// rl (and so need no node list).
func relOnly(filters []ast.Expr, rl string) int {
	n := 0
	for _, f := range filters {
		if q, ok := f.(*ast.Quantifier); ok {
			if v, ok := q.In.(*ast.Variable); ok && v.Name == rl {
				n++
			}
		}
	}
	return n
}

// nodePatternPred is node pattern n's labels, property map and inline
// WHERE as predicates on its variable (which must then be named).
func (b *builder) nodePatternPred(n *ast.NodePattern, nv *ast.Variable) ([]ast.Expr, error) {
	var preds []ast.Expr
	v := func() ast.Expr { return &ast.Variable{Span: nv.Span, Name: nv.Name} }
	if n.Labels != nil {
		preds = append(preds, &ast.LabelPredicate{Span: n.Span, Expr: v(), Labels: n.Labels})
	}
	switch p := n.Props.(type) {
	case *ast.MapLiteral:
		for _, e := range p.Entries {
			preds = append(preds, &ast.Comparison{Span: e.Span, Ops: []ast.CompareOp{ast.CmpEq},
				Operands: []ast.Expr{&ast.Property{Span: e.Span, Expr: v(), Key: e.Key}, e.Value}})
		}
	case *ast.Parameter:
		return nil, b.errAt(p, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching").WithHint("write the properties out: (n {key: $value})")
	}
	if n.Where != nil {
		preds = append(preds, n.Where)
	}
	return preds, nil
}

// elemVar is the variable of an inner node of a quantified path pattern,
// or a fresh one for an anonymous node.
func elemVar(b *builder, n *ast.NodePattern) *ast.Variable {
	if n.Var != nil {
		return n.Var
	}
	return &ast.Variable{Span: n.Span, Name: b.fresh("x")}
}

func intLit(sp ast.Span, v int64) *ast.Literal {
	return &ast.Literal{Span: sp, Kind: ast.LitInt, Int: v}
}

// conjunction is preds joined by AND.
func conjunction(sp ast.Span, preds []ast.Expr) ast.Expr { return joinExprs(sp, ast.OpAnd, preds) }

// disjunction is es joined by OR.
func disjunction(sp ast.Span, es []ast.Expr) ast.Expr { return joinExprs(sp, ast.OpOr, es) }

// joinExprs is es (at least one) joined left to right by op.
func joinExprs(sp ast.Span, op ast.BinaryOp, es []ast.Expr) ast.Expr {
	e := es[0]
	for _, x := range es[1:] {
		e = &ast.Binary{Span: sp, Op: op, Left: e, Right: x}
	}
	return e
}
