package planner

import (
	"math"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// shortestPath plans shortestPath((a)-[*min..max]-(b)) and
// allShortestPaths(...): both end nodes are bound first (by scans or seeks
// when new), then a breadth-first search joins them.
func (b *builder) shortestPath(part *ast.PatternPart, m *patternPlan, nodeNames []string, where ast.Expr) error {
	r := part.Element.Rels[0]
	free, freeName, err := b.shortestPathOp(part, m, nodeNames, where, false, reversibleFilters(part, r, nil, where, nodeNames))
	if err != nil {
		return err
	}
	if r.Props != nil || r.Where != nil {
		sp := m.ops[len(m.ops)-1].(logical.ShortestPath)
		pre, err := b.shortestPre(m, &sp, r, nil)
		if err != nil {
			return err
		}
		sp.Pred = pre
		m.ops[len(m.ops)-1] = sp
	}
	return b.freeEndFilter(m, free, freeName)
}

// shortestWhere moves into the search just planned for part (a
// shortestPath or allShortestPaths) the conjuncts of the MATCH's where
// that read its path or relationship variable and nothing bound after
// it, and returns the rest. Such a predicate selects among the paths,
// not the rows after the selection: the shortest path is the shortest
// of those that satisfy it (none(r IN relationships(p) WHERE type(r) =
// 'FATHER') finds the shortest path without a FATHER relationship, a
// longer one when the shortest has one). The search then tests each
// path it finds in order of length (the pre-filter) and selects those
// the test accepts.
func (b *builder) shortestWhere(m *patternPlan, part *ast.PatternPart, where ast.Expr) ast.Expr {
	if where == nil {
		return nil
	}
	at := -1
	for i := len(m.ops) - 1; i >= 0; i-- {
		if _, ok := m.ops[i].(logical.ShortestPath); ok {
			at = i
			break
		}
	}
	if at < 0 {
		return where
	}
	sp := m.ops[at].(logical.ShortestPath)
	own := map[string]bool{}
	if part.Var != nil {
		own[part.Var.Name] = true
	}
	if r := part.Element.Rels[0]; r.Var != nil {
		own[r.Var.Name] = true
	}
	var moved, rest []ast.Expr
	for _, c := range conjuncts(where) {
		s := newVarSet()
		addExprVars(c, &s)
		reads, bound := false, !s.all && !s.aggs
		local := localOnly(c)
		for n := range s.names {
			if local[n] {
				continue // x of all(x IN nodes(p) WHERE ...): bound inside c
			}
			reads = reads || own[n]
			bound = bound && m.sc.has(n)
		}
		if reads && bound && b.checkWhere(c, m.sc) == nil {
			moved = append(moved, c)
		} else {
			rest = append(rest, c)
		}
	}
	if len(moved) == 0 {
		return where
	}
	if sp.Pred != nil {
		moved = append([]ast.Expr{sp.Pred}, moved...)
	}
	sp.Pred = andOf(moved)
	m.ops[at] = sp
	if len(rest) == 0 {
		return nil
	}
	return andOf(rest)
}

// freeEndFilter checks the labels of the end node a single-source search
// found (free; nil when the end node was bound before the search).
func (b *builder) freeEndFilter(m *patternPlan, free *ast.NodePattern, name string) error {
	if free == nil {
		return nil
	}
	return b.appendNodeFilter(m, free, name)
}

// shortestPathOp appends the ShortestPath of part, after the operators
// that bind its end nodes. A path selector (selector) may ask for a
// minimum length above 1; the relationship's property map and inline
// WHERE are left to the caller.
//
// When the last node is new and only its labels (if any) constrain it,
// it is not scanned: the search runs once from the first node and binds
// the last to every node it reaches (ToFree), whose labels the caller
// then checks (the node pattern returned). Selecting per pair of end
// nodes, the paths to a node are the same whether the node is filtered
// before or after; one search from a node replaces one per node scanned.
//
// When instead only the first node is so free and the last is bound or
// constrained (a property map, an inline WHERE, an equality of the
// MATCH's WHERE, dynamic labels), the search runs from the last node
// against the written direction and binds the first (Reversed; not in
// row mode, which keeps the written order as the reference). It is exact
// because reading a relationship against its direction is a symmetric
// relation: the paths from the first node to the last are the paths of
// the reversed pattern read backwards, with the same length, nodes,
// relationships and trail or acyclic property, so each selection per
// pair (shortest, all shortest, k shortest, groups) finds the same set;
// the VM reverses each path before the pattern's path, relationship
// list or pre-filter read it, so positions (nodes(p)[0], the group
// lists of a quantified path pattern) keep their written meaning.
func (b *builder) shortestPathOp(part *ast.PatternPart, m *patternPlan, nodeNames []string, where ast.Expr, selector, reversible bool) (*ast.NodePattern, string, error) {
	el := part.Element
	if len(el.Rels) != 1 {
		return nil, "", b.errAt(part, cyqerr.SyntaxError, "InvalidRelationshipPattern", "shortestPath needs a pattern of exactly one relationship, like (a)-[*]-(b)")
	}
	r := el.Rels[0]
	types, ok := r.TypeNames()
	if !ok {
		return nil, "", b.errAt(r, cyqerr.SemanticError, "Unsupported", "this relationship type expression is not supported in shortestPath")
	}
	min, max := 1, 1
	if r.VarLength != nil || r.Quant != nil {
		min, max = relBounds(r)
	}
	if min > 1 && !selector {
		return nil, "", b.errAt(r, cyqerr.SyntaxError, "InvalidRelationshipPattern", "shortestPath takes a minimal length of 0 or 1")
	}
	names := [2]string{nodeNames[0], nodeNames[1]}
	eqs := b.equalities(where, nodeNames, m.sc)
	ends := [2]*ast.NodePattern{el.Nodes[0], el.Nodes[1]}
	dir := r.Direction
	freeEnd := func(i int) bool {
		n := ends[i]
		return !m.sc.has(names[i]) && names[0] != names[1] && n.Props == nil && n.Where == nil && len(eqs[names[i]]) == 0 && !ast.HasDynamic(n.Labels)
	}
	reversed := b.reverseAnchored(freeEnd(0), freeEnd(1), reversible)
	if reversed {
		names[0], names[1] = names[1], names[0]
		ends[0], ends[1] = ends[1], ends[0]
		dir = reverseDir(dir)
	}
	var free *ast.NodePattern
	if freeEnd(1) {
		free = ends[1]
	}
	for i, n := range ends {
		if i == 1 && free != nil {
			break
		}
		if err := b.endNodeOps(m, n, names[i], eqs); err != nil {
			return nil, "", err
		}
	}
	sp := logical.ShortestPath{From: names[0], To: names[1], Dir: dir, Types: dedupe(types), Min: min, Max: max, All: part.Kind == ast.PathAllShortest, ToFree: free != nil, Reversed: reversed}
	if free != nil {
		m.bind(names[1], kindNode)
	}
	if r.Var != nil {
		if err := b.checkUnbound(r.Var, m.sc); err != nil {
			return nil, "", err
		}
		sp.RelList = r.Var.Name
		m.bind(r.Var.Name, kindValue)
	}
	if part.Var != nil {
		if err := b.checkUnbound(part.Var, m.sc); err != nil {
			return nil, "", err
		}
		sp.Path = part.Var.Name
		m.bind(part.Var.Name, kindPath)
	}
	m.ops = append(m.ops, sp)
	return free, names[1], nil
}

// endNodeOps binds an end node of a shortest path, unless it is bound, by
// seek or scan, then checks its labels and properties.
func (b *builder) endNodeOps(m *patternPlan, n *ast.NodePattern, name string, eqs map[string][]propEq) error {
	if m.sc.has(name) {
		return b.appendNodeFilter(m, n, name)
	}
	return b.startOps(m, n, name, b.seekFor(n, name, eqs[name]))
}

// shortestSpec is the VM's description of a shortest-path search.
func shortestSpec(o logical.ShortestPath) *vm.ShortestSpec {
	spec := &vm.ShortestSpec{ExpandSpec: vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types}, Min: o.Min, Max: o.Max, All: o.All,
		K: o.K, Groups: o.Groups, Filtered: o.Pred != nil, ToFree: o.ToFree, Reverse: o.Reversed}
	switch o.Mode {
	case ast.ModeWalk:
		spec.Mode = vm.ModeWalk
	case ast.ModeAcyclic:
		spec.Mode = vm.ModeAcyclic
	case ast.ModeSimple:
		spec.Mode = vm.ModeSimple
	}
	if spec.K == 0 {
		spec.K = 1
		spec.Groups = o.All
	}
	return spec
}

// searchReach estimates a shortest-path search from one node: the nodes
// it reaches within o.Max hops (the start among them) and the
// relationships it reads. The search expands each node once, so it reads
// what a set frontier of the same depth does; an unbounded search is
// priced as one of 6 hops. One shortest path between two given nodes is
// searched from both ends (shortestOne), each side half as deep: the
// nodes reached are then not the search's rows, only its reads.
func (b *builder) searchReach(sel *selectivity, o logical.ShortestPath, nodes, avgDeg float64) (reach, touched float64) {
	most := o.Max
	if most < 0 {
		most = 6
	}
	if !o.ToFree && !o.All && o.K <= 1 && !o.Groups && o.Pred == nil && o.Min <= 1 && o.From != o.To {
		half := o
		half.Max, half.ToFree = (most+1)/2, true
		_, t := b.searchReach(sel, half, nodes, avgDeg)
		return 1, 2 * t
	}
	hops := make([]logical.Hop, most)
	for k := range hops {
		hops[k] = logical.Hop{Dir: o.Dir, Types: o.Types}
	}
	reach = 1
	for k := 1; k <= most; k++ {
		r, rd := sel.chainReach(o.From, hops[:k], avgDeg, true)
		reach += math.Min(r, nodes)
		touched = math.Max(touched, math.Min(rd, b.setReachBound(o.Dir, o.Types)))
	}
	return math.Min(reach, math.Min(nodes, 1+b.setReachBound(o.Dir, o.Types))), touched
}
