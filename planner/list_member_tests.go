package planner

import (
	"maps"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A membership test of a node in a list of a pattern's matches is an
// existence test wherever it is written, not only in a filter
// (listExistence): when x holds a node, never null, and the list is
// [pattern WHERE w | v] (or COLLECT { MATCH pattern WHERE w RETURN v })
// of a node v the pattern binds afresh, x IN list is EXISTS { pattern
// WHERE w } with x in v's place (nodeMember), true or false alike in
// every row. The test most often sits in a comprehension or quantifier
// over a collected list, whose element the loop binds:
//
//	[x IN out WHERE NOT x IN [(b)-->(h) | b]]
//	size([y IN ys WHERE y IN COLLECT { MATCH (a)-->(z) RETURN z }])
//
// where the loop builds the whole list of matches once per element (a
// list per element per row) and the existence test is one adjacency
// probe per element, which the comprehension's adjacency filter
// (list_adjacent_tests.go) answers from one neighbour set.
//
// The element variable holds a node, never null, when the list it runs
// over holds only nodes: a collect() of a node variable (collect skips
// nulls), a pattern comprehension mapping each match to a node of its
// pattern, or a variable bound to either and carried by
// projections as itself. A row variable that holds a node in every row
// (nonNullNodes) qualifies as it does for listExistence.
//
// Exactness: a node compares with a node true or false, never null, so
// x IN list is true exactly when some match binds v to x and false
// otherwise, which is what the existence test answers; neither can fail
// (the pattern's other bound names are read by both forms alike, and a
// node x is what the pattern's node position needs). Evaluation counts
// do not matter: both forms run per evaluation of the test, nothing else.
// v must be bound by the pattern, not a name of the row or of an
// enclosing loop (renaming that would test another node), and the
// element's name must not be one the pattern binds afresh elsewhere
// (nodeMember's renaming refuses a clash). Row mode keeps the lists (the
// differential tests compare both).
//
// The test is found in the WHERE of an EXISTS { } too (where the list
// tests of a filter end, listExistence), whose pattern's nodes are nodes
// there; and the list may be a variable bound before to a pattern
// comprehension that reads no variable of the row (rowFreeLists: the
// matches collected once, `MATCH (m)-->(:A {id: $p}) WITH collect(m) AS
// ms`, which collected_lists.go writes as their comprehension), read
// where the test is. An existence test left in the WHERE of another is
// one pattern when their relationships cannot be the same
// (nestedExists): `any(x IN [(h)-[:D]-(x) | x] WHERE x IN ms)` is then
// EXISTS { (h)-[:D]-(x), (x)-[:T]->(:A {id: $p}) }, a semi-join built
// once from the sought node.
func listMemberTests(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	nodes := map[string]bool{}
	lists := map[string]bool{}      // variables holding lists of nodes only
	consts := map[string]ast.Expr{} // variables holding a list of matches read from no row (rowFreeLists)
	for i, op := range pl.Ops {
		bound, _, known := scopeAt(pl.Ops, i)
		if known {
			c := memberCtx{nodes: maps.Clone(nodes), lists: lists, consts: consts, bound: map[string]bool{}}
			for n := range bound.vars {
				c.bound[n] = true
			}
			if next, ok := c.rewriteOp(op); ok {
				pl.Ops[i] = next
				op = next
				changed = true
			}
		}
		lists = nodeLists(lists, op, bound, known)
		consts = rowFreeLists(consts, op, bound, known)
		nonNullNodes(nodes, op)
	}
	return pl, changed
}

// memberCtx is what a test's position knows: the variables holding a
// node in every evaluation, the variables holding lists of nodes only,
// and the names bound there (row and loop variables).
type memberCtx struct {
	nodes, lists, bound map[string]bool
	consts              map[string]ast.Expr
}

// rewriteOp rewrites the membership tests of a filter, projection or
// aggregation (one read by its text, Subst, is left as it is; a filter
// whose Subst it does not read, as after `WITH DISTINCT h, v`, is not).
func (c memberCtx) rewriteOp(op logical.Op) (logical.Op, bool) {
	switch o := op.(type) {
	case logical.Filter:
		if substReads(o.Pred, o.Subst) || o.Vectorised {
			return op, false
		}
		p, ok := c.rewrite(o.Pred)
		if ok {
			o.Pred = p
		}
		return o, ok
	case logical.Project:
		if len(o.Subst) > 0 {
			return op, false // its items are read by their text
		}
		items := append([]logical.Item(nil), o.Items...)
		changed := false
		for k, it := range items {
			if x, ok := c.rewrite(it.Expr); ok {
				items[k].Expr, changed = x, true
			}
		}
		o.Items = items
		return o, changed
	}
	return op, false
}

// loopWhere rewrites the WHERE of a loop over in binding v (a
// comprehension's or a quantifier's), false when there is none to change.
func (c memberCtx) loopWhere(v *ast.Variable, in, where ast.Expr) (ast.Expr, bool) {
	if v == nil || where == nil {
		return nil, false
	}
	return c.inLoop(v.Name, in).rewrite(where)
}

// rewrite rewrites the membership tests of e (see above).
func (c memberCtx) rewrite(e ast.Expr) (ast.Expr, bool) {
	return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
		switch x := x.(type) {
		case *ast.In:
			return c.member(x)
		case *ast.ListComprehension:
			w, ok := c.loopWhere(x.Var, x.In, x.Where)
			if !ok {
				return x, false
			}
			n := *x
			n.Where = w
			return &n, true
		case *ast.Quantifier:
			w, ok := c.loopWhere(x.Var, x.In, x.Where)
			if !ok {
				return x, false
			}
			n := *x
			n.Where = w
			return &n, true
		case *ast.ExistsSubquery:
			if x.Pattern == nil || x.Where == nil {
				return x, false
			}
			w, ok := c.inPattern(x.Pattern).rewrite(x.Where)
			if !ok {
				return x, false
			}
			n := *x
			n.Where = w
			if flat, ok := nestedExists(&n); ok {
				return flat, true
			}
			return &n, true
		}
		return x, false
	})
}

// inPattern is c inside the WHERE of an EXISTS { } of pattern p (the
// list tests of a filter end up there, listExistence): the WHERE is
// evaluated on p's matches only, where each of p's node variables holds
// a node, and p's names are bound there (its own shadowing the lists
// of the row).
func (c memberCtx) inPattern(p *ast.Pattern) memberCtx {
	in := memberCtx{nodes: maps.Clone(c.nodes), lists: maps.Clone(c.lists), consts: maps.Clone(c.consts), bound: maps.Clone(c.bound)}
	own := map[string]varKind{}
	addPatternKinds(p, own)
	for n, k := range own {
		in.bound[n] = true
		in.nodes[n] = k == kindNode
		delete(in.lists, n)
		delete(in.consts, n)
	}
	return in
}

// inLoop is c inside a loop binding v to each element of list: v holds a
// node exactly when list holds only nodes, and shadows the row's v.
func (c memberCtx) inLoop(v string, list ast.Expr) memberCtx {
	in := memberCtx{nodes: maps.Clone(c.nodes), lists: maps.Clone(c.lists), consts: maps.Clone(c.consts), bound: maps.Clone(c.bound)}
	in.bound[v] = true
	delete(in.lists, v)
	delete(in.consts, v)
	in.nodes[v] = c.nodeList(list)
	return in
}

// nodeList reports whether e is a list that holds only nodes (no null).
func (c memberCtx) nodeList(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return c.lists[x.Name]
	case *ast.FunctionCall:
		// an aggregate's column, named by its call after the grouping
		return c.lists[aggListKey(x)]
	case *ast.PatternComprehension:
		return nodeMap(x)
	}
	return false
}

// nodeMap reports whether a pattern comprehension maps each match to a
// node variable of its pattern: a node in every match, bound outside or
// not.
func nodeMap(x *ast.PatternComprehension) bool {
	v, ok := x.Map.(*ast.Variable)
	if !ok || x.Element == nil {
		return false
	}
	own := map[string]varKind{}
	addPatternKinds(&ast.Pattern{Parts: []*ast.PatternPart{{Var: x.PathVar, Element: x.Element}}}, own)
	return own[v.Name] == kindNode
}

// member rewrites x IN list when x holds a node and list is a list of
// matches of a node the pattern binds afresh.
func (c memberCtx) member(x *ast.In) (ast.Expr, bool) {
	xv, ok := x.Expr.(*ast.Variable)
	if !ok || !c.nodes[xv.Name] {
		return x, false
	}
	list := x.List
	if v, isVar := list.(*ast.Variable); isVar && c.consts[v.Name] != nil {
		// A list of matches bound before from no row variable (the
		// collected matches of membershipLists, collected_lists.go):
		// its pattern read here is the same list, unless a name it
		// mentions is bound here (it would read the row's).
		pc := c.consts[v.Name]
		for n := range mentionedNames(pc) {
			if c.bound[n] {
				return x, false
			}
		}
		list = pc
	}
	p, w, el, ok := listMatches(list)
	if !ok || w != nil && !neverFails(w, nil) {
		// the list tests every match, the existence test stops at one
		return x, false
	}
	ev, ok := el.(*ast.Variable)
	if !ok || c.bound[ev.Name] {
		return x, false
	}
	t, ok := nodeMember(x.Span, x.Expr, p, w, el, c.nodes)
	if !ok {
		return x, false
	}
	return t, true
}

// nodeLists returns the variables holding lists of nodes only after op,
// from lists before it: a collect() of a node variable, a pattern
// comprehension of fresh nodes, or such a variable carried as itself. A
// projection or aggregation binds its columns anew; an operator that
// binds nothing the rule follows keeps the lists (no name is bound twice
// in one scope).
func nodeLists(lists map[string]bool, op logical.Op, bound *scope, known bool) map[string]bool {
	switch o := op.(type) {
	case logical.Project:
		next := map[string]bool{}
		if !known {
			return next
		}
		c := memberCtx{lists: lists, bound: map[string]bool{}}
		for n := range bound.vars {
			c.bound[n] = true
		}
		for _, it := range o.Items {
			if c.nodeList(it.Expr) {
				next[it.Name] = true
			}
		}
		return next
	case logical.Aggregate:
		next := map[string]bool{}
		if !known {
			return next
		}
		for _, it := range o.Keys {
			if v, ok := it.Expr.(*ast.Variable); ok && lists[v.Name] {
				next[it.Name] = true
			}
		}
		for _, a := range o.Aggs {
			fc := a.Call
			if fc == nil || fc.Star || len(fc.Namespace) > 0 || len(fc.Args) != 1 || !strings.EqualFold(fc.Name, "collect") {
				continue
			}
			if v, ok := fc.Args[0].(*ast.Variable); ok && bound.vars[v.Name] == kindNode {
				next[a.Name] = true
				next[aggListKey(fc)] = true
			}
		}
		return next
	case logical.Filter, logical.Select, logical.Sort, logical.Skip, logical.Limit, logical.Distinct, logical.SemiJoin,
		logical.Start, logical.NodeScan, logical.NodeIndexSeek, logical.Expand, logical.Unwind:
		return lists
	}
	return map[string]bool{}
}

// aggListKey is the name nodeLists gives the column of a collect() call
// that the projection after the grouping names by the call (no variable
// can be named so).
func aggListKey(fc *ast.FunctionCall) string { return "#collect " + ast.FormatExpr(fc) }

// rowFreeLists returns the variables holding a pattern comprehension's
// list of nodes that reads no variable of the row after op, from consts
// before it: a projection item that is such a comprehension (its names
// are all its own: none is bound where it is evaluated) or carries such
// a variable as itself. Its value is then the same wherever it is read
// further down the pipeline, so a membership test of the variable is a
// test of the comprehension's matches (member). The comprehension must
// not fail (its pattern's maps and conditions and its WHERE never fail,
// its element is a node of its pattern), for it is then read where the
// test is, not where the projection was. Operators that read and bind
// nothing the rule follows keep the variables; every other (a write
// among them: the graph the test reads must be the one the projection
// read) ends them.
func rowFreeLists(consts map[string]ast.Expr, op logical.Op, bound *scope, known bool) map[string]ast.Expr {
	switch o := op.(type) {
	case logical.Project:
		next := map[string]ast.Expr{}
		if !known || len(o.Subst) > 0 {
			return next
		}
		for _, it := range o.Items {
			switch x := it.Expr.(type) {
			case *ast.Variable:
				if consts[x.Name] != nil {
					next[it.Name] = consts[x.Name]
				}
			case *ast.PatternComprehension:
				if !nodeMap(x) || x.Element == nil || !patternSafe(&ast.Pattern{Parts: []*ast.PatternPart{{Var: x.PathVar, Element: x.Element}}}, x.Where, nil) {
					continue
				}
				free := true
				for n := range mentionedNames(x) {
					free = free && !bound.has(n)
				}
				if free {
					next[it.Name] = x
				}
			}
		}
		return next
	case logical.Filter, logical.Select, logical.Sort, logical.Skip, logical.Limit, logical.Distinct, logical.SemiJoin,
		logical.Start, logical.NodeScan, logical.NodeIndexSeek, logical.Expand:
		return consts
	}
	return map[string]ast.Expr{}
}

// nestedExists returns EXISTS { p WHERE EXISTS { q WHERE w } } (what a
// membership test in the WHERE of an existence test becomes, member) as
// EXISTS { p, q WHERE w }: a match of p with a match of q is a match of
// both parts, the names q shares with p being p's in both forms (the
// inner subquery reads them from the outer match). The parts of one
// pattern keep their relationships apart where the nested test lets q
// take one of p's, so every relationship of q must have types disjoint
// from every one of p's (nor may either be a quantified group or of
// unknown types).
func nestedExists(x *ast.ExistsSubquery) (ast.Expr, bool) {
	in, ok := x.Where.(*ast.ExistsSubquery)
	if !ok || in.Pattern == nil || in.Query != nil || x.Query != nil {
		return nil, false
	}
	types := func(p *ast.Pattern) ([][]string, bool) {
		var out [][]string
		for _, part := range p.Parts {
			if part.Element == nil || part.Selector != nil || part.Kind != ast.PathKind(0) || part.Mode != ast.PathMode(0) {
				return nil, false
			}
			for _, r := range part.Element.Rels {
				ts, ok := relTypeNames(r)
				if !ok || r.Group != nil {
					return nil, false
				}
				out = append(out, ts)
			}
		}
		return out, true
	}
	outer, ok1 := types(x.Pattern)
	inner, ok2 := types(in.Pattern)
	if !ok1 || !ok2 {
		return nil, false
	}
	for _, a := range outer {
		for _, b := range inner {
			if !typesDisjoint(a, b) {
				return nil, false
			}
		}
	}
	parts := append(slices.Clone(x.Pattern.Parts), in.Pattern.Parts...)
	return &ast.ExistsSubquery{Span: x.Span, Pattern: &ast.Pattern{Span: x.Pattern.Span, Parts: parts}, Where: in.Where}, true
}

// relTypeNames returns the types a relationship pattern allows when it
// names them (a type or a disjunction of types).
func relTypeNames(r *ast.RelPattern) ([]string, bool) {
	switch t := r.Types.(type) {
	case *ast.LabelName:
		return []string{t.Name}, true
	case *ast.LabelOr:
		var out []string
		for _, it := range t.Items {
			n, ok := it.(*ast.LabelName)
			if !ok {
				return nil, false
			}
			out = append(out, n.Name)
		}
		return out, true
	}
	return nil, false
}
