package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// caseDepths computes a CASE of pattern tests at increasing depths as
// the length of one shortest-path search per row:
//
//	CASE WHEN EXISTS { (a)-->(b) } THEN 1
//	     WHEN EXISTS { (a)-->(x)-->(b) WHERE x.id < 9 } THEN 2
//	     WHEN EXISTS { (a)-[:R*3]->(b) } THEN 3 END
//
// is length(p) of the least trail p from a to b of 1 to 3 hops whose
// inner nodes pass x.id < 9 (null when there is none), searched by an
// OPTIONAL ShortestPath before the projection.
//
// Why it is exact. Each WHEN is a test of whether a trail of exactly
// its depth joins a and b (a pattern's relationships differ, so its
// matches are trails; its inner nodes are fresh variables, free to
// repeat), every one of the same types and direction, every inner node
// passing the same tests and every relationship the same tests. The
// depths run m, m+1, ..., K and each THEN is its own depth, so the CASE
// is the least d in m..K with a trail of length d in the graph
// restricted to the nodes and relationships that pass, or the ELSE
// (null without one) when there is none: the value of the least trail
// that ShortestPath (From a, To b, Min m, Max K, the tests as Steps and
// Crossing) finds, as for leastTrails' searches (a breadth-first search,
// or the search of trails in order of length for a cycle or a minimum
// above 1). The search tests the nodes and relationships the pattern
// tests would have (moving a test into a search, shortest_steps.go),
// so only tests that cannot fail move: a CASE with one that may fail
// keeps its subqueries, as then the errors would depend on which
// elements each side reaches first.
//
// It runs before the rules that turn the tests into marks or degree
// reads, on a projection that is neither vectorised nor reads grouping
// keys by their text; a and b must be nodes bound before it.
func caseDepths(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		p, ok := op.(logical.Project)
		if !ok || p.Vectorised || p.Subst != nil {
			continue
		}
		var sc *scope
		for k, it := range p.Items {
			var search logical.ShortestPath
			found := false
			e, changed := rewriteExpr(it.Expr, func(e ast.Expr) (ast.Expr, bool) {
				c, isCase := e.(*ast.Case)
				if found || !isCase || c.Subject != nil || len(c.Whens) < 2 {
					return e, false
				}
				if sc == nil {
					var scoped bool
					if sc, _, scoped = scopeAt(ops, i); !scoped {
						sc = newScope()
						return e, false
					}
				}
				s, ok := b.depthSearch(c, sc)
				if !ok {
					return e, false
				}
				s.Path = b.fresh("depth")
				search, found = s, true
				return depthValue(c, s.Path), true
			})
			if !changed || !found {
				continue
			}
			p.Items = slices.Clone(p.Items)
			p.Items[k].Expr = e
			opt := logical.Optional{Inner: []logical.Op{search}, NewVars: []string{search.Path}}
			return replace(ops, i, 1, opt, p), true
		}
	}
	return ops, false
}

// depthValue is the CASE's value read from the search's path: its
// length, or the ELSE where the search found none.
func depthValue(c *ast.Case, path string) ast.Expr {
	pv := &ast.Variable{Span: c.Span, Name: path}
	length := &ast.FunctionCall{Span: c.Span, Name: "length", Args: []ast.Expr{pv}}
	if c.Else == nil {
		return length
	}
	if lit, ok := c.Else.(*ast.Literal); ok && lit.Kind == ast.LitNull {
		return length
	}
	return &ast.Case{Span: c.Span, Whens: []*ast.CaseWhen{{Span: c.Span, When: &ast.IsNull{Span: c.Span, Expr: pv}, Then: c.Else}}, Else: length}
}

// depthPattern is what one WHEN's pattern test reads: its two end
// nodes, its depth, types and direction, and its tests of inner nodes
// and relationships (formatted with the element renamed to one name).
type depthPattern struct {
	from, to string
	depth    int
	dir      ast.Direction
	types    []string
	props    string
	nodes    [][]string // per inner node, its tests
	rels     [][]string // per relationship, its tests
}

// depthSearch returns the search c's WHENs describe (see caseDepths).
func (b *builder) depthSearch(c *ast.Case, sc *scope) (logical.ShortestPath, bool) {
	var s logical.ShortestPath
	nodeVar, relVar := b.fresh("n"), b.fresh("r")
	tests := map[string]ast.Expr{} // formatted test -> test of nodeVar or relVar
	var first depthPattern
	var nodeTests, relTests []string
	sawNode := false
	for k, w := range c.Whens {
		then, ok := intLiteral(w.Then)
		if !ok {
			return s, false
		}
		d, ok := b.depthOf(w.When, sc, nodeVar, relVar, tests)
		if !ok || d.depth != then || k > 0 && then != first.depth+k {
			return s, false
		}
		if k == 0 {
			first = d
			if len(d.rels) > 0 {
				relTests = d.rels[0]
			}
		}
		if d.from != first.from || d.to != first.to || d.dir != first.dir || !slices.Equal(d.types, first.types) || d.props != first.props {
			return s, false
		}
		for _, r := range d.rels {
			if !slices.Equal(r, relTests) {
				return s, false
			}
		}
		for _, n := range d.nodes {
			if !sawNode {
				nodeTests, sawNode = n, true
			}
			if !slices.Equal(n, nodeTests) {
				return s, false
			}
		}
	}
	s = logical.ShortestPath{From: first.from, To: first.to, Dir: first.dir, Types: first.types, Min: first.depth, Max: first.depth + len(c.Whens) - 1}
	if first.props != "" {
		s.Props = tests["\x00props"].(*ast.MapLiteral)
	}
	and := func(ts []string) ast.Expr {
		var cs []ast.Expr
		for _, t := range ts {
			cs = append(cs, tests[t])
		}
		return andOf(cs)
	}
	if len(nodeTests) > 0 {
		s.Steps = []logical.StepTest{{Nodes: logical.StepInner, Var: nodeVar, Pred: and(nodeTests)}}
	}
	if len(relTests) > 0 {
		s.Crossing = []logical.StepTest{{Var: relVar, Pred: and(relTests)}}
	}
	return s, true
}

// depthOf reads one WHEN as a test of a trail of fixed length between
// two bound nodes (see caseDepths); tests gets each test, formatted,
// with the element renamed to nodeVar or relVar.
func (b *builder) depthOf(when ast.Expr, sc *scope, nodeVar, relVar string, tests map[string]ast.Expr) (depthPattern, bool) {
	var d depthPattern
	pat, where, count, ok := patternMatches(when)
	if !ok || count || len(pat.Parts) != 1 {
		return d, false
	}
	part := pat.Parts[0]
	if part.Var != nil || part.Selector != nil || part.Kind != ast.PathPlain || part.Element == nil {
		return d, false
	}
	el := part.Element
	n := len(el.Nodes)
	if n < 2 || len(el.Rels) != n-1 {
		return d, false
	}
	end := func(np *ast.NodePattern) (string, bool) {
		if np.Var == nil || np.Labels != nil || np.Props != nil || np.Where != nil || sc.kindOf(np.Var) != kindNode {
			return "", false
		}
		return np.Var.Name, true
	}
	if d.from, ok = end(el.Nodes[0]); !ok {
		return d, false
	}
	if d.to, ok = end(el.Nodes[n-1]); !ok || d.to == d.from {
		return d, false
	}
	// The pattern's own variables: each inner node's, each
	// relationship's (or the list of the one variable-length one).
	owner := map[string]int{} // variable -> element index: nodes 1..n-2, relationships -(j+1)
	named := func(v *ast.Variable, idx int) bool {
		if v == nil {
			return true
		}
		if _, dup := owner[v.Name]; dup || sc.has(v.Name) || v.Name == d.from || v.Name == d.to {
			return false
		}
		owner[v.Name] = idx
		return true
	}
	d.nodes = make([][]string, n-2)
	rels := make([][]string, len(el.Rels))
	add := func(list *[]string, e ast.Expr, v, to string) bool {
		m := map[string]string{}
		for name := range exprVars(e) {
			m[name] = name
		}
		m[v] = to
		r, ok := renameExpr(e, m)
		if !ok {
			return false
		}
		f := ast.FormatExpr(r)
		tests[f] = r
		*list = append(*list, f)
		return true
	}
	for j, np := range el.Nodes[1 : n-1] {
		v := np.Var
		if v == nil {
			v = &ast.Variable{Span: np.Span, Name: b.fresh("inner")}
		}
		if !named(v, j+1) || np.Props != nil {
			return d, false
		}
		if np.Labels != nil {
			if !add(&d.nodes[j], &ast.LabelPredicate{Span: np.Span, Expr: v, Labels: np.Labels}, v.Name, nodeVar) {
				return d, false
			}
		}
		if np.Where != nil {
			for _, c := range conjuncts(np.Where) {
				if !add(&d.nodes[j], c, v.Name, nodeVar) {
					return d, false
				}
			}
		}
	}
	list, varLength := "", false
	var listTests []string
	for j, rp := range el.Rels {
		if rp.Quant != nil || rp.Group != nil || rp.Where != nil {
			return d, false
		}
		if !named(rp.Var, -(j + 1)) {
			return d, false
		}
		dir := rp.Direction
		names, simple := rp.TypeNames()
		if !simple {
			return d, false // a type expression beyond a list of names
		}
		types := slices.Clone(names)
		slices.Sort(types)
		props := ""
		if rp.Props != nil {
			m, isMap := rp.Props.(*ast.MapLiteral)
			if !isMap {
				return d, false
			}
			props = ast.FormatExpr(m)
			tests["\x00props"] = m
		}
		if j == 0 {
			d.dir, d.types, d.props = dir, types, props
		} else if dir != d.dir || !slices.Equal(types, d.types) || props != d.props {
			return d, false
		}
		if rp.VarLength != nil {
			r := rp.VarLength
			if len(el.Rels) != 1 || r.Min == nil || r.Max == nil || *r.Min != *r.Max || *r.Min < 1 || *r.Min > 1<<10 {
				return d, false
			}
			d.depth = int(*r.Min)
			if rp.Var != nil {
				list = rp.Var.Name
			}
			varLength = true
		} else {
			d.depth = len(el.Rels)
		}
	}
	// Each conjunct of WHERE tests one element: an inner node, a
	// relationship, or, through all(r IN list WHERE ...), every
	// relationship of the variable-length one.
	var wheres []ast.Expr
	if where != nil {
		wheres = conjuncts(where)
	}
	for _, c := range wheres {
		if list != "" {
			q, isQ := c.(*ast.Quantifier)
			if isQ && q.Kind == ast.QuantAll && q.Var != nil && q.Where != nil {
				if v, isVar := varName(q.In); isVar && v == list && !exprReads(q.Where, list) {
					for _, t := range conjuncts(q.Where) {
						if !add(&listTests, t, q.Var.Name, relVar) {
							return d, false
						}
					}
					continue
				}
			}
		}
		at, read := 0, 0
		for name := range exprVars(c) {
			if idx, own := owner[name]; own {
				at, read = idx, read+1
			}
		}
		if read != 1 {
			return d, false
		}
		var elem string
		for name, idx := range owner {
			if idx == at {
				elem = name
			}
		}
		if at > 0 {
			if !add(&d.nodes[at-1], c, elem, nodeVar) {
				return d, false
			}
			continue
		}
		if elem == list || !add(&rels[-at-1], c, elem, relVar) {
			return d, false
		}
	}
	d.rels = rels
	if varLength {
		// Its inner nodes are tested by nothing.
		d.rels = [][]string{listTests}
		d.nodes = make([][]string, d.depth-1)
	}
	for _, ts := range d.nodes {
		slices.Sort(ts)
		for _, t := range ts {
			if !stepTestable(tests[t], nodeVar) {
				return d, false
			}
		}
	}
	for _, ts := range d.rels {
		slices.Sort(ts)
		for _, t := range ts {
			if !searchProp(tests[t], relVar) {
				return d, false
			}
		}
	}
	return d, true
}
