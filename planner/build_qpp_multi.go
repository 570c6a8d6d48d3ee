package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A quantified path pattern of L > 1 relationships,
// ((x)-[:R]->(y)<-[:S]-(z)){m,n}, is a trail of m*L to n*L hops whose
// hop i*L+j matches the pattern's relationship j and whose node i*L+j its
// node j. It lowers onto one VarExpand over the types of all L
// relationships, then a filter that checks each iteration (types,
// directions, properties, inner predicates) with the iteration's nodes and
// relationships bound to the pattern's names, then the group variables
// cut from the path with a stride of L.

// groupStepMulti plans the quantified path pattern that is link ri of the
// chain, when it has more than one relationship.
func (b *builder) groupStepMulti(m *patternPlan, c *chainPlan, ri, from, to int) error {
	g := c.el.Rels[ri].Group
	inner := g.Element
	L := int64(len(inner.Rels))
	sp := g.Span
	var types []string
	anyType := false
	dir := inner.Rels[0].Direction
	// sameTypes: every relationship of the pattern takes the same types,
	// which the expansion then checks alone.
	first, _ := inner.Rels[0].TypeNames()
	sameTypes := true
	for _, r := range inner.Rels {
		ts, typeExpr := groupTypes(r)
		sameTypes = sameTypes && typeExpr == nil && sameStrings(dedupe(ts), dedupe(first))
		anyType = anyType || len(ts) == 0
		types = append(types, ts...)
		if r.Direction != dir || r.Direction == ast.DirBoth {
			dir = ast.DirNone
		}
		if p, isParam := r.Props.(*ast.Parameter); isParam {
			return b.errAt(p, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching")
		}
	}
	if anyType {
		types = nil
	}
	expandDir := dir
	if from > to {
		expandDir = reverse(dir)
	}
	rl := b.fresh("r")
	op := logical.VarExpand{From: c.names[from], RelList: rl, To: c.names[to], Dir: expandDir, Types: dedupe(types),
		ToBound: m.sc.has(c.names[to]), Reverse: from > to}
	min, max := quantBounds(g.Quant)
	op.Min, op.Max = min*int(L), -1
	if max >= 0 {
		op.Max = max * int(L)
	}
	// The set form, for setQuantifiedPaths; Names is completed below.
	op.Group = &logical.QuantGroup{Names: []string{rl}}
	op.Group.Set, op.Group.Why = b.qppSetForm(g, from > to)
	if err := b.varExpandOp(m, &ast.RelPattern{Span: sp}, op); err != nil {
		return err
	}
	c.relNames[ri], c.lists[ri] = rl, true
	m.bind(c.names[to], kindNode)

	path := b.fresh("p")
	if needsNodes(g) {
		m.ops = append(m.ops, logical.PathBind{Var: path, Nodes: []string{c.names[ri], c.names[ri+1]}, Rels: []string{rl}, Lists: []bool{true}})
		m.bind(path, kindPath)
		op.Group.Names = append(op.Group.Names, path)
	}
	v := func(name string) *ast.Variable { return &ast.Variable{Span: sp, Name: name} }
	call := func(name string, args ...ast.Expr) ast.Expr {
		return &ast.FunctionCall{Span: sp, Name: name, Args: args}
	}
	bin := func(op ast.BinaryOp, l, r ast.Expr) ast.Expr { return &ast.Binary{Span: sp, Op: op, Left: l, Right: r} }
	eq := func(l, r ast.Expr) ast.Expr {
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{l, r}}
	}
	nodes := call("nodes", v(path))
	iterations := call("range", intLit(sp, 0), bin(ast.OpSub, bin(ast.OpDiv, call("size", v(rl)), intLit(sp, L)), intLit(sp, 1)))
	i := b.fresh("i")
	// at(list, j) is list[i*L + j]: element j of iteration i.
	at := func(list ast.Expr, j int) ast.Expr {
		return &ast.Index{Span: sp, Expr: list, Index: bin(ast.OpAdd, bin(ast.OpMul, v(i), intLit(sp, L)), intLit(sp, int64(j)))}
	}

	// The names the iteration's nodes and relationships go by.
	nodeVars := make([]*ast.Variable, len(inner.Nodes))
	for j, n := range inner.Nodes {
		nodeVars[j] = elemVar(b, n)
	}
	relVars := make([]*ast.Variable, len(inner.Rels))
	for j, r := range inner.Rels {
		relVars[j] = r.Var
		if r.Var == nil {
			relVars[j] = v(b.fresh("r"))
		}
	}
	var preds []ast.Expr
	for j, r := range inner.Rels {
		rv := v(relVars[j].Name)
		if _, typeExpr := groupTypes(r); typeExpr != nil {
			preds = append(preds, typePred(typeExpr.NodeSpan(), rv, typeExpr))
		} else if ts, _ := r.TypeNames(); len(ts) > 0 && !sameTypes {
			items := make([]ast.Expr, len(ts))
			for k, t := range ts {
				items[k] = strLit(sp, t)
			}
			preds = append(preds, &ast.In{Span: sp, Expr: call("type", rv), List: &ast.ListLiteral{Span: sp, Items: items}})
		}
		if dir == ast.DirNone {
			switch r.Direction {
			case ast.DirRight:
				preds = append(preds, eq(call("startNode", rv), v(nodeVars[j].Name)))
			case ast.DirLeft:
				preds = append(preds, eq(call("endNode", rv), v(nodeVars[j].Name)))
			}
		}
		if ml, ok := r.Props.(*ast.MapLiteral); ok {
			for _, e := range ml.Entries {
				preds = append(preds, eq(&ast.Property{Span: e.Span, Expr: rv, Key: e.Key}, e.Value))
			}
		}
		if r.Where != nil {
			preds = append(preds, r.Where)
		}
	}
	for j, n := range inner.Nodes {
		if !needsNodes(g) {
			break
		}
		p, err := b.nodePatternPred(n, nodeVars[j])
		if err != nil {
			return err
		}
		preds = append(preds, p...)
	}
	if g.Where != nil {
		preds = append(preds, g.Where)
	}
	// A trail of whole iterations: implied when the expansion has one
	// length (a fixed number of iterations).
	var whole ast.Expr
	if op.Min != op.Max {
		whole = eq(bin(ast.OpMod, call("size", v(rl)), intLit(sp, L)), intLit(sp, 0))
	}
	if len(preds) > 0 {
		body := conjunction(sp, preds)
		for j := len(relVars) - 1; j >= 0; j-- {
			body = &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: v(relVars[j].Name), In: &ast.ListLiteral{Span: sp, Items: []ast.Expr{at(v(rl), j)}}, Where: body}
		}
		for j := len(nodeVars) - 1; j >= 0 && needsNodes(g); j-- {
			body = &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: v(nodeVars[j].Name), In: &ast.ListLiteral{Span: sp, Items: []ast.Expr{at(nodes, j)}}, Where: body}
		}
		each := &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: v(i), In: iterations, Where: body}
		if whole == nil {
			whole = each
		} else {
			whole = bin(ast.OpAnd, whole, each)
		}
	}
	if whole != nil {
		if err := b.checkExpr(whole, m.sc, false); err != nil {
			return err
		}
		m.ops = append(m.ops, logical.Filter{Pred: whole})
	}

	// Group variables: element j of every iteration.
	var items []logical.Item
	group := func(name string, list ast.Expr, j int, t functions.Type) {
		items = append(items, logical.Item{Name: name, Expr: b.cannotFailBuilt(&ast.ListComprehension{Span: sp, Var: v(i), In: iterations, Map: at(list, j)})})
		op.Group.Names = append(op.Group.Names, name)
		m.bind(name, kindValue)
		m.sc.types[name] = t
	}
	for j, n := range inner.Nodes {
		if n.Var != nil {
			group(n.Var.Name, nodes, j, functions.List(functions.Node))
		}
	}
	for j, r := range inner.Rels {
		if r.Var != nil {
			group(r.Var.Name, v(rl), j, functions.List(functions.Rel))
		}
	}
	if len(items) > 0 {
		m.ops = append(m.ops, logical.Project{Items: items})
	}
	return b.appendEndFilter(m, c.el.Nodes[to], c.names[to])
}

// needsNodes reports whether planning quantified path pattern g reads the
// nodes of its iterations: for inner node variables, node checks, a WHERE,
// or directions that the expansion alone does not enforce.
func needsNodes(g *ast.QuantifiedPath) bool {
	if g.Where != nil {
		return true
	}
	dir := g.Element.Rels[0].Direction
	for _, r := range g.Element.Rels {
		if r.Direction != dir || r.Direction == ast.DirBoth || r.Where != nil {
			return true
		}
	}
	for _, n := range g.Element.Nodes {
		if n.Var != nil || n.Labels != nil || n.Props != nil || n.Where != nil {
			return true
		}
	}
	return false
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]bool{}
	for _, s := range a {
		seen[s] = true
	}
	for _, s := range b {
		if !seen[s] {
			return false
		}
	}
	return true
}
