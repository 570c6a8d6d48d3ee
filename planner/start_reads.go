package planner

import "github.com/cyqdb/cyq/parser/ast"

// A pattern's node may be where its matching starts only when the tests
// of each of its nodes and relationships (inline property maps, inline
// WHEREs) can be evaluated where the plan binds that node or
// relationship: they read no variable of the pattern the plan has not
// bound by then. In `MATCH (m)-->(n {id: m.id})` the test of n reads m,
// which a scan of n has not bound; in `(m)-->(n {id: m.id})-->(o)` a
// start at o reaches n before m. Such a start would read m as undefined
// (an error row mode does not raise: it tests n once m is bound). From a
// start at node s the plan binds s, then each relationship and node
// after it in order, then each before it, nearest first (chainOps).

// startReadsLater reports whether, starting at node s of el, some node
// or relationship of el has a test reading a variable of el (a node, a
// relationship) that is bound neither by sc nor before it: its inline
// WHERE, its property map, or the equalities a node's map became
// (b.inlineProps, see patternPredicates).
func (b *builder) startReadsLater(el *ast.PatternElement, s int, sc *scope) bool {
	own := map[string]bool{}
	for _, n := range el.Nodes {
		if n.Var != nil && !sc.has(n.Var.Name) {
			own[n.Var.Name] = true
		}
	}
	for _, r := range el.Rels {
		if r.Var != nil && !sc.has(r.Var.Name) {
			own[r.Var.Name] = true
		}
	}
	if len(own) == 0 {
		return false
	}
	bound := map[string]bool{}
	reads := func(v *ast.Variable, tests ...ast.Expr) bool {
		if v != nil {
			bound[v.Name] = true
		}
		for _, e := range tests {
			if e == nil {
				continue
			}
			for n := range exprVars(e) {
				if own[n] && !bound[n] {
					return true
				}
			}
		}
		return false
	}
	node := func(k int) bool {
		n := el.Nodes[k]
		return reads(n.Var, append([]ast.Expr{n.Props, n.Where}, b.inlineProps[n]...)...)
	}
	rel := func(k int) bool {
		r := el.Rels[k]
		if r.Group != nil {
			return false // a quantified group's tests are its own (appendEndFilter)
		}
		return reads(r.Var, r.Props, r.Where)
	}
	if node(s) {
		return true
	}
	for k := s; k < len(el.Rels); k++ {
		if rel(k) || node(k+1) {
			return true
		}
	}
	for k := s - 1; k >= 0; k-- {
		if rel(k) || node(k) {
			return true
		}
	}
	return false
}
