package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// shortestPath plans shortestPath((a)-[*min..max]-(b)) and
// allShortestPaths(...): both end nodes are bound first (by scans or seeks
// when new), then a breadth-first search joins them.
func (b *builder) shortestPath(part *ast.PatternPart, m *patternPlan, nodeNames []string, where ast.Expr) error {
	el := part.Element
	if len(el.Rels) != 1 {
		return b.errAt(part, cyqerr.SyntaxError, "InvalidRelationshipPattern", "shortestPath needs a pattern of exactly one relationship, like (a)-[*]-(b)")
	}
	r := el.Rels[0]
	types, ok := r.TypeNames()
	if !ok {
		return b.errAt(r, cyqerr.SemanticError, "Unsupported", "this relationship type expression is not supported in shortestPath")
	}
	if r.Props != nil {
		return b.errAt(r.Props, cyqerr.SemanticError, "Unsupported", "property maps on shortestPath relationships are not supported yet").WithHint("filter the path with WHERE all(r IN relationships(p) WHERE ...)")
	}
	min, max := 1, 1
	if r.VarLength != nil || r.Quant != nil {
		min, max = relBounds(r)
	}
	if min > 1 {
		return b.errAt(r, cyqerr.SyntaxError, "InvalidRelationshipPattern", "shortestPath takes a minimal length of 0 or 1")
	}
	names := [2]string{nodeNames[0], nodeNames[1]}
	eqs := equalities(where, nodeNames, m.sc)
	for i, n := range el.Nodes {
		if err := b.endNodeOps(m, n, names[i], eqs); err != nil {
			return err
		}
	}
	sp := logical.ShortestPath{From: names[0], To: names[1], Dir: r.Direction, Types: dedupe(types), Min: min, Max: max, All: part.Kind == ast.PathAllShortest}
	if r.Var != nil {
		if err := b.checkUnbound(r.Var, m.sc); err != nil {
			return err
		}
		sp.RelList = r.Var.Name
		m.bind(r.Var.Name, kindValue)
	}
	if part.Var != nil {
		if err := b.checkUnbound(part.Var, m.sc); err != nil {
			return err
		}
		sp.Path = part.Var.Name
		m.bind(part.Var.Name, kindPath)
	}
	m.ops = append(m.ops, sp)
	return nil
}

// endNodeOps binds an end node of a shortest path, unless it is bound, by
// seek or scan, then checks its labels and properties.
func (b *builder) endNodeOps(m *patternPlan, n *ast.NodePattern, name string, eqs map[string][]propEq) error {
	if m.sc.has(name) {
		return b.appendNodeFilter(m, n, name)
	}
	return b.startOps(m, n, name, b.seekFor(n, name, eqs[name]))
}
