package planner

import "github.com/cyqdb/cyq/parser/ast"

// reverseAnchored reports whether the shortest-path search of a pattern
// whose first node only is free (new, constrained by labels at most) and
// whose last node is bound or constrained may run from the last node
// against the written direction (logical.ShortestPath.Reversed; see
// shortestPathOp): one search from each last node then binds the first
// nodes it reaches, where the written order scans every node as a first
// node and searches once per pair.
//
// The paths a selection finds per pair of end nodes are the same either
// way, but not the order in which it meets paths of equal length, so a
// pre-filter sees other paths before it has accepted k of them: the
// search is reversed only when its pre-filter cannot raise an error
// (reversibleFilters), as an error row mode would not raise, or one it
// would, depends on that order.
func (b *builder) reverseAnchored(firstFree, lastFree, filtersCannotFail bool) bool {
	return !b.rowModeOnly && firstFree && !lastFree && filtersCannotFail
}

// reversibleFilters reports whether the pre-filter of the shortest-path
// search of part cannot fail: the inline WHERE of its relationship r (or
// of the quantified path pattern hops and its inner nodes) and the
// conjuncts of the MATCH's where that read the path or its
// relationships (which shortestWhere moves into the search; nil where
// the MATCH's WHERE filters the selected paths afterwards). Entities
// are the end nodes, the inner nodes and the relationship of a hop.
func reversibleFilters(part *ast.PatternPart, r *ast.RelPattern, hops *ast.QuantifiedPath, where ast.Expr, ends []string) bool {
	entities := map[string]bool{}
	for _, n := range ends {
		entities[n] = true
	}
	var tests []ast.Expr
	add := func(rel *ast.RelPattern) {
		if rel == nil {
			return
		}
		if rel.Var != nil {
			entities[rel.Var.Name] = true
		}
		if rel.Where != nil {
			tests = append(tests, rel.Where)
		}
	}
	add(r)
	if hops != nil {
		for _, n := range hops.Element.Nodes {
			if n.Var != nil {
				entities[n.Var.Name] = true
			}
			if n.Where != nil {
				tests = append(tests, n.Where)
			}
		}
		for _, rel := range hops.Element.Rels {
			add(rel)
		}
		if hops.Where != nil {
			tests = append(tests, hops.Where)
		}
	}
	for _, t := range tests {
		if !neverFails(t, entities) {
			return false
		}
	}
	if where == nil {
		return true
	}
	own := map[string]bool{}
	if part.Var != nil {
		own[part.Var.Name] = true
	}
	if r != nil && r.Var != nil {
		own[r.Var.Name] = true
	}
	path := ""
	if part.Var != nil {
		path = part.Var.Name
	}
	for _, c := range conjuncts(where) {
		reads := false
		for n := range exprVars(c) {
			reads = reads || own[n]
		}
		if reads && !pathTestNeverFails(c, path, entities, nil) {
			return false
		}
	}
	return true
}
