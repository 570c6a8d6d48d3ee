package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
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
			WithHint("drop WALK (TRAIL is the default), or select paths with SHORTEST k / ALL SHORTEST, where walks and trails agree")
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

// shortestSelected plans ANY, ANY SHORTEST, SHORTEST k [GROUPS] and
// ALL SHORTEST on ShortestPath. Shortest walks never repeat a node, so
// every path mode gives the same shortest paths.
func (b *builder) shortestSelected(part *ast.PatternPart, m *patternPlan, names []string, where ast.Expr) error {
	sel := part.Selector
	k := int64(1)
	if sel.Count != nil {
		k = *sel.Count
	}
	kind := ast.PathShortest
	switch {
	case k < 1:
		return b.errAt(sel, cyqerr.SyntaxError, "InvalidArgumentValue", "a path selector selects at least one path")
	case sel.Kind == ast.SelectAllShortest || (sel.Kind == ast.SelectShortest && sel.Groups && k == 1):
		kind = ast.PathAllShortest
	case k == 1:
	case sel.Kind == ast.SelectShortest:
		return b.errAt(sel, cyqerr.SemanticError, "Unsupported", "SHORTEST %d%s is not supported yet: cyq finds the shortest paths of one length only", k, map[bool]string{true: " GROUPS"}[sel.Groups]).
			WithHint("use SHORTEST 1, ALL SHORTEST (SHORTEST 1 GROUPS), or rank the paths yourself: MATCH p = (a)-[:R]->{1,5}(b) WITH a, b, p ORDER BY length(p) WITH a, b, collect(p)[..%d] AS ps UNWIND ps AS p ...", k)
	default:
		return b.errAt(sel, cyqerr.SemanticError, "Unsupported", "ANY %d is not supported yet", k).
			WithHint("use ANY (one path per pair of end nodes), or MATCH the paths and keep %d per pair with collect(p)[..%d]", k, k)
	}
	el := part.Element
	if len(el.Rels) != 1 {
		return b.errAt(part, cyqerr.SemanticError, "Unsupported", "a shortest-path selector needs a pattern of one quantified relationship between two nodes, like (a)-[:R]->+(b)").
			WithHint("move the fixed hops out into a second pattern: MATCH p = SHORTEST 1 (x)-[:R]->+(b), (a)-->(x)")
	}
	r, err := b.shortestRel(el.Rels[0])
	if err != nil {
		return err
	}
	if r.Where != nil {
		return b.errAt(r.Where, cyqerr.SemanticError, "Unsupported", "an inline WHERE on the relationship of a shortest-path selector is not supported yet").
			WithHint("filter on the relationship list after the match: MATCH p = SHORTEST 1 (a)-[r:R]->+(b) WHERE all(x IN r WHERE ...)")
	}
	if r.Quant != nil && r.Quant.Min > 1 {
		return b.errAt(r, cyqerr.SemanticError, "Unsupported", "shortest-path selectors take a minimum of 0 or 1 hops in cyq").
			WithHint("filter on length(p) after the match instead: MATCH p = ALL SHORTEST (a)-->+(b) WHERE length(p) >= %d", r.Quant.Min)
	}
	plain := *part
	plain.Kind = kind
	plain.Selector = nil
	plain.Element = &ast.PatternElement{Span: el.Span, Nodes: el.Nodes, Rels: []*ast.RelPattern{r}}
	return b.shortestPath(&plain, m, names, where)
}

// shortestRel is the relationship a shortest-path search follows: a
// quantified or variable-length relationship as written, or the one
// relationship of a quantified path pattern without inner variables or
// predicates (which is the same relationship quantified).
func (b *builder) shortestRel(r *ast.RelPattern) (*ast.RelPattern, error) {
	g := r.Group
	if g == nil {
		return r, nil
	}
	in := g.Element
	ir := in.Rels[0]
	if len(in.Rels) != 1 || g.Where != nil || ir.Where != nil || ir.Props != nil {
		return nil, b.errAt(g, cyqerr.SemanticError, "Unsupported", "a shortest-path selector over a quantified path pattern with inner predicates is not supported yet").
			WithHint("select on a quantified relationship, (a)-[r:R]->+(b), and filter the path afterwards with WHERE all(x IN r WHERE ...)")
	}
	for _, n := range in.Nodes {
		if n.Var != nil || n.Labels != nil || n.Props != nil || n.Where != nil {
			return nil, b.errAt(n, cyqerr.SemanticError, "Unsupported", "a shortest-path selector over a quantified path pattern with inner node variables or checks is not supported yet").
				WithHint("select on a quantified relationship, (a)-[r:R]->+(b), and read the nodes with nodes(p)")
		}
	}
	q := *ir
	q.Quant = g.Quant
	q.Span = g.Span
	return &q, nil
}
