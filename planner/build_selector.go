package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Path selectors (SHORTEST k, ALL SHORTEST, ANY, ...) and path modes
// (WALK, TRAIL, ACYCLIC, SIMPLE) lower onto the operators cyq has:
// shortest selectors onto ShortestPath, ALL and TRAIL onto the plain
// pattern (cyq matches trails), ACYCLIC and SIMPLE onto the plain pattern
// and a filter on its nodes.

// selectedPart plans a pattern part that has a path selector or mode.
func (b *builder) selectedPart(part *ast.PatternPart, m *patternPlan, names []string, where ast.Expr) error {
	sel := part.Selector
	if sel != nil && sel.Kind != ast.SelectAll {
		return b.shortestSelected(part, m, names, where)
	}
	switch part.Mode {
	case ast.ModeWalk:
		return b.errAt(part, cyqerr.SemanticError, "Unsupported",
			"the WALK path mode is not supported without a shortest-path selector: cyq matches trails, which never repeat a relationship").
			WithHint("drop WALK (TRAIL is the default), or select walks with a shortest-path selector: SHORTEST k WALK (a)-[:R]->{1,5}(b)")
	case ast.ModeAcyclic, ast.ModeSimple:
		return b.acyclicPart(part, m, names, where)
	}
	if err := b.checkPatternVars(part, m.sc, m.relVars); err != nil {
		return err
	}
	return b.chainOps(m, part, names, where)
}

// acyclicPart plans an ACYCLIC (no node twice) or SIMPLE (no node twice,
// except that the path may end where it starts) pattern part: the trail
// pattern, then a filter on the nodes of its path.
func (b *builder) acyclicPart(part *ast.PatternPart, m *patternPlan, names []string, where ast.Expr) error {
	if err := b.checkPatternVars(part, m.sc, m.relVars); err != nil {
		return err
	}
	if hops, hopNames, pred, ok := b.acyclicHops(part, names); ok {
		hops.Mode = ast.ModeDefault
		if err := b.chainOps(m, hops, hopNames, where); err != nil {
			return err
		}
		m.ops = append(m.ops, logical.Filter{Pred: pred})
		return nil
	}
	plain := *part
	if plain.Var == nil {
		plain.Var = &ast.Variable{Span: part.Span, Name: b.fresh("p")}
	}
	if err := b.chainOps(m, &plain, names, where); err != nil {
		return err
	}
	sp := part.Span
	nodes := &ast.FunctionCall{Span: sp, Name: "nodes", Args: []ast.Expr{&ast.Variable{Span: sp, Name: plain.Var.Name}}}
	var pred ast.Expr
	if part.Mode == ast.ModeAcyclic {
		pred = b.distinctItems(sp, nodes)
	} else {
		pred = &ast.Binary{Span: sp, Op: ast.OpAnd,
			Left:  b.distinctItems(sp, &ast.Slice{Span: sp, Expr: nodes, From: intLit(sp, 1)}),
			Right: b.distinctItems(sp, &ast.Slice{Span: sp, Expr: nodes, From: intLit(sp, 0), To: intLit(sp, -1)})}
	}
	if err := b.checkExpr(pred, m.sc, false); err != nil {
		return err
	}
	m.ops = append(m.ops, logical.Filter{Pred: pred})
	return nil
}

// distinctItems is the predicate "no item of list occurs twice":
// all(i IN range(0, size(list) - 1) WHERE NOT list[i] IN list[i+1..]).
func (b *builder) distinctItems(sp ast.Span, list ast.Expr) ast.Expr {
	i := &ast.Variable{Span: sp, Name: b.fresh("i")}
	last := &ast.Binary{Span: sp, Op: ast.OpSub, Left: &ast.FunctionCall{Span: sp, Name: "size", Args: []ast.Expr{list}}, Right: intLit(sp, 1)}
	rest := &ast.Slice{Span: sp, Expr: list, From: &ast.Binary{Span: sp, Op: ast.OpAdd, Left: i, Right: intLit(sp, 1)}}
	return &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: i,
		In:    &ast.FunctionCall{Span: sp, Name: "range", Args: []ast.Expr{intLit(sp, 0), last}},
		Where: &ast.Unary{Span: sp, Op: ast.OpNot, Expr: &ast.In{Span: sp, Expr: &ast.Index{Span: sp, Expr: list, Index: i}, List: rest}}}
}

// shortestSelected plans ANY [k], ANY SHORTEST, SHORTEST k [GROUPS] and
// ALL SHORTEST on ShortestPath, with the pattern's path mode and its own
// predicates (those on its relationship and inside its quantified path
// pattern) as the search's pre-filter; the MATCH's WHERE filters the
// selected paths afterwards, as in GQL. ANY k selects k shortest paths,
// which are k paths as good as any.
func (b *builder) shortestSelected(part *ast.PatternPart, m *patternPlan, names []string, where ast.Expr) error {
	sel := part.Selector
	k := int64(1)
	if sel.Count != nil {
		k = *sel.Count
	}
	if k < 1 {
		return b.errAt(sel, cyqerr.SyntaxError, "InvalidArgumentValue", "a path selector selects at least one path")
	}
	if k > maxSelectedPaths {
		return b.errAt(sel, cyqerr.SemanticError, "Unsupported", "a path selector selects at most %d paths per pair of end nodes", maxSelectedPaths).
			WithHint("select fewer paths, or match them all with ALL and keep those you need: MATCH p = (a)-[:R]->{1,5}(b) WITH p ORDER BY length(p) LIMIT n")
	}
	kind, groups := ast.PathShortest, sel.Kind == ast.SelectShortest && sel.Groups
	if sel.Kind == ast.SelectAllShortest || (groups && k == 1) {
		kind = ast.PathAllShortest
	}
	el := part.Element
	if len(el.Rels) != 1 {
		return b.errAt(part, cyqerr.SemanticError, "Unsupported", "a shortest-path selector needs a pattern of one quantified relationship or quantified path pattern between two nodes, like (a)-[:R]->+(b)").
			WithHint("move the fixed hops out into a second pattern: MATCH p = SHORTEST 1 (x)-[:R]->+(b), (a)-->(x)")
	}
	r, hops, err := b.shortestRel(el.Rels[0])
	if err != nil {
		return err
	}
	if err := b.checkPatternVars(part, m.sc, m.relVars); err != nil {
		return err
	}
	if hops != nil {
		for _, v := range groupVars(hops.Element) {
			if m.sc.has(v.Name) {
				return b.errAt(v, cyqerr.SyntaxError, "VariableAlreadyBound",
					"`%s` is a group variable of a quantified path pattern and cannot be bound before it", v.Name)
			}
		}
	}
	plain := *part
	plain.Kind = kind
	plain.Selector = nil
	plain.Element = &ast.PatternElement{Span: el.Span, Nodes: el.Nodes, Rels: []*ast.RelPattern{r}}
	free, freeName, err := b.shortestPathOp(&plain, m, names, where, true, reversibleFilters(part, r, hops, nil, names))
	if err != nil {
		return err
	}
	sp := m.ops[len(m.ops)-1].(logical.ShortestPath)
	sp.Mode = part.Mode
	if kind != ast.PathAllShortest {
		sp.K, sp.Groups = int(k), groups
	}
	pre, err := b.shortestPre(m, &sp, r, hops)
	if err != nil {
		return err
	}
	sp.Pred = pre
	m.ops[len(m.ops)-1] = sp
	if err := b.groupLists(m, &sp, hops); err != nil {
		return err
	}
	return b.freeEndFilter(m, free, freeName)
}

// maxSelectedPaths bounds k of SHORTEST k and ANY k.
const maxSelectedPaths = 100000

// shortestRel is the relationship a shortest-path search follows: a
// quantified or variable-length relationship as written, or the one
// relationship of a quantified path pattern (hops, whose inner nodes and
// predicates then filter each hop).
func (b *builder) shortestRel(r *ast.RelPattern) (*ast.RelPattern, *ast.QuantifiedPath, error) {
	g := r.Group
	if g == nil {
		if r.Quant == nil && r.VarLength == nil {
			return nil, nil, b.errAt(r, cyqerr.SemanticError, "Unsupported", "a shortest-path selector needs a quantified relationship, like (a)-[:R]->+(b) or (a)-[:R]->{1,5}(b)").
				WithHint("quantify the relationship: -[:R]->{1,1} matches one hop")
		}
		return r, nil, nil
	}
	in := g.Element
	if len(in.Rels) != 1 {
		return nil, nil, b.errAt(g, cyqerr.SemanticError, "Unsupported", "a shortest-path selector over a quantified path pattern of more than one relationship is not supported yet").
			WithHint("select on a pattern of one relationship per iteration, ((x)-[r:R]->(y))+, or match all paths and rank them: MATCH p = (a) (...){1,5} (b) WITH p ORDER BY length(p) LIMIT n")
	}
	q := *in.Rels[0]
	q.Quant = g.Quant
	q.Span = g.Span
	q.Where, q.Props = nil, nil // checked on every hop (shortestPre)
	return &q, g, nil
}

// shortestPre is the pre-filter of a shortest-path search: the inline
// WHERE of its relationship, or the inner predicates of its quantified
// path pattern hops, on every hop of the path. It names the search's
// path and relationship list when the filter reads them. The
// relationship's property map goes to sp.Props, which the search
// checks on each relationship it crosses.
func (b *builder) shortestPre(m *patternPlan, sp *logical.ShortestPath, r *ast.RelPattern, hops *ast.QuantifiedPath) (ast.Expr, error) {
	span := r.Span
	var x, y *ast.NodePattern
	rel := r
	var where []ast.Expr
	if hops != nil {
		span = hops.Span
		in := hops.Element
		x, y, rel = in.Nodes[0], in.Nodes[1], in.Rels[0]
		if hops.Where != nil {
			where = append(where, hops.Where)
		}
	}
	if rel.Where != nil {
		where = append(where, rel.Where)
	}
	var preds []ast.Expr
	rv := rel.Var
	if rv == nil {
		rv = &ast.Variable{Span: rel.Span, Name: b.fresh("r")}
	}
	if mp, ok := rel.Props.(*ast.MapLiteral); ok {
		// Checked by the search on each relationship it crosses: the
		// paths selected are those of the relationships that match.
		sp.Props = mp
	} else if rel.Props != nil {
		return nil, b.errAt(rel.Props, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching").WithHint("write the properties out: -[r:R {key: $value}]->")
	}
	xv, yv := x, y
	var nodeVars [2]*ast.Variable
	for i, n := range []*ast.NodePattern{xv, yv} {
		if n == nil {
			continue
		}
		nodeVars[i] = elemVar(b, n)
		p, err := b.nodePatternPred(n, nodeVars[i])
		if err != nil {
			return nil, err
		}
		preds = append(preds, p...)
	}
	preds = append(preds, where...)
	if len(preds) == 0 {
		return nil, nil
	}
	if sp.Path == "" {
		sp.Path = b.fresh("p")
		m.bind(sp.Path, kindPath)
	}
	if sp.RelList == "" {
		sp.RelList = b.fresh("r")
		m.bind(sp.RelList, kindValue)
	}
	// all(i IN range(0, size(rels) - 1) WHERE all(x IN [nodes(p)[i]] WHERE
	//   all(r IN [rels[i]] WHERE all(y IN [nodes(p)[i+1]] WHERE preds))))
	i := &ast.Variable{Span: span, Name: b.fresh("i")}
	nodes := &ast.FunctionCall{Span: span, Name: "nodes", Args: []ast.Expr{&ast.Variable{Span: span, Name: sp.Path}}}
	at := func(list ast.Expr, off int64) ast.Expr {
		var idx ast.Expr = i
		if off != 0 {
			idx = &ast.Binary{Span: span, Op: ast.OpAdd, Left: i, Right: intLit(span, off)}
		}
		return &ast.ListLiteral{Span: span, Items: []ast.Expr{&ast.Index{Span: span, Expr: list, Index: idx}}}
	}
	bindOne := func(v *ast.Variable, in ast.Expr, body ast.Expr) ast.Expr {
		if v == nil {
			return body
		}
		return &ast.Quantifier{Span: span, Kind: ast.QuantAll, Var: &ast.Variable{Span: v.Span, Name: v.Name}, In: in, Where: body}
	}
	rels := &ast.Variable{Span: span, Name: sp.RelList}
	if each, ok := perElement(span, preds, nodeVars, rv, sp.Path); ok {
		if err := b.checkExpr(each, m.sc, false); err != nil {
			return nil, err
		}
		return each, nil
	}
	// Only the inner variables the predicates read are bound.
	read := exprVars(conjunction(span, preds))
	for i, v := range nodeVars {
		if v != nil && !read[v.Name] {
			nodeVars[i] = nil
		}
	}
	if !read[rv.Name] {
		rv = nil
	}
	body := bindOne(nodeVars[0], at(nodes, 0), bindOne(rv, at(rels, 0), bindOne(nodeVars[1], at(nodes, 1), conjunction(span, preds))))
	last := &ast.Binary{Span: span, Op: ast.OpSub, Left: &ast.FunctionCall{Span: span, Name: "size", Args: []ast.Expr{rels}}, Right: intLit(span, 1)}
	pred := &ast.Quantifier{Span: span, Kind: ast.QuantAll, Var: i,
		In: &ast.FunctionCall{Span: span, Name: "range", Args: []ast.Expr{intLit(span, 0), last}}, Where: body}
	if err := b.checkExpr(pred, m.sc, false); err != nil {
		return nil, err
	}
	return pred, nil
}

// groupLists binds the node group variables of a shortest path's
// quantified path pattern: the lists of the nodes before and after each
// hop, cut from the path.
func (b *builder) groupLists(m *patternPlan, sp *logical.ShortestPath, hops *ast.QuantifiedPath) error {
	if hops == nil {
		return nil
	}
	x, y := hops.Element.Nodes[0], hops.Element.Nodes[1]
	if x.Var == nil && y.Var == nil {
		return nil
	}
	span := hops.Span
	if sp.Path == "" {
		sp.Path = b.fresh("p")
		m.ops[len(m.ops)-1] = *sp
		m.bind(sp.Path, kindPath)
	}
	nodes := &ast.FunctionCall{Span: span, Name: "nodes", Args: []ast.Expr{&ast.Variable{Span: span, Name: sp.Path}}}
	var items []logical.Item
	if x.Var != nil {
		items = append(items, logical.Item{Name: x.Var.Name, Expr: &ast.Slice{Span: span, Expr: nodes, From: intLit(span, 0), To: intLit(span, -1)}})
	}
	if y.Var != nil {
		items = append(items, logical.Item{Name: y.Var.Name, Expr: &ast.Slice{Span: span, Expr: nodes, From: intLit(span, 1)}})
	}
	m.ops = append(m.ops, logical.Project{Items: items})
	for _, it := range items {
		m.bind(it.Name, kindValue)
		m.sc.types[it.Name] = functions.List(functions.Node)
	}
	return nil
}
