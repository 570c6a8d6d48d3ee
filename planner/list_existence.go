package planner

import (
	"maps"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Tests on a list of a pattern's matches are tests on the matches. A
// list built by a pattern comprehension [pattern WHERE w | e] or by
// COLLECT { MATCH pattern WHERE w RETURN e } holds e once per match
// (nulls included), so a filter that reads it only to ask whether some
// element passes a test asks whether some match does:
//
//   - x IN L is any(v IN L WHERE v = x) in three-valued logic: true when
//     an element equals x, null when none does but a comparison is null
//     (x null, a null element), false otherwise;
//   - any(v IN L WHERE q) is true exactly when EXISTS { pattern WHERE w
//     AND q[v:=e] } is, and false exactly when no match makes q true or
//     null, that is when EXISTS { pattern WHERE w AND coalesce(q[v:=e],
//     true) } is false; none(...) is NOT any(...); all(v IN L WHERE q) is
//     none(v IN L WHERE NOT q);
//   - L <> [] is EXISTS { pattern WHERE w } and L = [] its negation, in
//     every row (a list of matches is never null).
//
// The other operand (x, or the quantifier's test q) moves into the
// pattern's scope, so it must not have a scope of its own (a pattern
// comprehension, a subquery, a comprehension, quantifier or reduce())
// that names one of the pattern's variables: there that name is fresh,
// in the subquery it would be the match's (`[(a)-->(b) | b.w][1] IN
// [(a)<--(b) | b.w]` would index the out-neighbours that are the
// in-neighbour b). Such a test is left as written (capturesIn).
//
// A filter keeps a row when its predicate is true, so an operand reached
// through AND and OR must keep the rows where it is true, and one under
// an odd number of NOTs the rows where it is false: listTests walks the
// predicate with that polarity and puts at each such test the EXISTS
// { } that is true (or false) in exactly the same rows, which the
// decorrelation rules then plan as the semi-join (anti-join) it is
// (decorrelate_exists.go, semijoin_tree.go). XOR and other operators
// need both truth values of their operands and are left as written.
//
// The element must be a value that cannot raise an error (the
// comprehension evaluates it for every match, EXISTS { } stops at the
// first): a variable or a property of a variable, a literal or a
// parameter, or a count or existence test of a pattern whose reading
// cannot fail; a quantifier's test, with the element in place, a
// predicate that cannot fail (its value a boolean or null, so that
// coalesce(q, true) is one too), and single() a count (see
// list_quantifiers.go). A
// variable the row binds and the pattern names is the row's in both
// forms (the list's pattern and the subquery import it alike).

// listExistence is the pipeline rule: each filter's list tests become
// existence tests. Row mode leaves them as written (the differential
// tests compare both).
func listExistence(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	nodes := map[string]bool{}
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		// A filter after DISTINCT names its columns by their text
		// (Subst); one that reads no text but the columns' own names
		// (`WITH DISTINCT h, v WHERE v IN [...]`) is any filter.
		if ok && !f.Vectorised && !substReads(f.Pred, f.Subst) {
			bound, _, known := scopeAt(pl.Ops, i)
			if !known {
				bound = nil
			}
			if n := listTests(f.Pred, true, nodes, bound); n != f.Pred && !substReads(n, f.Subst) {
				f.Pred = n
				pl.Ops[i] = f
				changed = true
			}
		}
		nonNullNodes(nodes, op)
	}
	return pl, changed
}

// nonNullNodes updates nodes, the variables that hold a node (never null)
// in every row, past op: a scan, seek or expansion that is not OPTIONAL
// binds its nodes; a filter, sort, skip, limit, DISTINCT or semi-join
// keeps them, a projection passes them to the names it gives them as
// they are; every other operator ends them (see rowFacts).
func nonNullNodes(nodes map[string]bool, op logical.Op) {
	if v, ok := bindsNode(op); ok {
		nodes[v] = true
	}
	switch o := op.(type) {
	case logical.NodeScan, logical.NodeIndexSeek, logical.NodeSetSeek, logical.NodeRangeSeek,
		logical.Sort, logical.Skip, logical.Limit, logical.Distinct, logical.SemiJoin, logical.Select, logical.Start:
	case logical.Filter:
		if substReads(o.Pred, o.Subst) {
			clear(nodes)
		}
	case logical.Expand:
		nodes[o.From], nodes[o.To] = true, true
	case logical.ExpandChain:
		nodes[o.From], nodes[o.To] = true, true
	case logical.VarExpand:
		nodes[o.From], nodes[o.To] = true, true
	case logical.Project:
		if len(o.Subst) > 0 {
			clear(nodes)
			return
		}
		next := map[string]bool{}
		for _, it := range o.Items {
			v, ok := it.Expr.(*ast.Variable)
			next[it.Name] = ok && nodes[v.Name]
		}
		maps.Copy(nodes, next)
	default:
		clear(nodes)
	}
}

// listMatches returns the pattern, WHERE and element expression a list
// of matches is built from (see above).
func listMatches(e ast.Expr) (p *ast.Pattern, where, elem ast.Expr, ok bool) {
	switch x := e.(type) {
	case *ast.PatternComprehension:
		if x.Element == nil {
			return nil, nil, nil, false
		}
		part := &ast.PatternPart{Span: x.Span, Var: x.PathVar, Element: x.Element}
		p := &ast.Pattern{Span: x.Span, Parts: []*ast.PatternPart{part}}
		if !safeListElement(x.Map, p) {
			return nil, nil, nil, false
		}
		return p, x.Where, x.Map, true
	case *ast.CollectSubquery:
		q := x.Query
		if q == nil || len(q.Parts) != 1 || len(q.When) > 0 || len(q.Parts[0].Clauses) != 2 {
			return nil, nil, nil, false
		}
		m, ok := q.Parts[0].Clauses[0].(*ast.Match)
		if !ok || m.Optional || m.Pattern == nil {
			return nil, nil, nil, false
		}
		r, ok := q.Parts[0].Clauses[1].(*ast.Return)
		if !ok || r.Projection == nil || r.Projection.Star || len(r.Projection.Items) != 1 || r.Projection.Distinct ||
			!neutralReturn(r.Projection, m.Pattern, false) || !safeListElement(r.Projection.Items[0].Expr, m.Pattern) {
			return nil, nil, nil, false
		}
		return m.Pattern, m.Where, r.Projection.Items[0].Expr, true
	}
	return nil, nil, nil, false
}

// listTests returns pred with every test on a list of matches it reaches
// through AND, OR and NOT replaced by an existence test that keeps the
// same rows: pos tells whether the filter keeps the rows where the
// operand is true (an even number of NOTs above it) or false. nodes are
// the variables that hold a node in every row: `x IN L`, x one of them
// and L's element a node the pattern binds, is never null (two nodes
// compare true or false), and is EXISTS { pattern WHERE w } with x in the
// element's place, whatever the polarity. bound is the row's scope (nil
// when unknown: see capturesIn).
func listTests(e ast.Expr, pos bool, nodes map[string]bool, bound *scope) ast.Expr {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr {
			return e
		}
		l, r := listTests(x.Left, pos, nodes, bound), listTests(x.Right, pos, nodes, bound)
		if l == x.Left && r == x.Right {
			return e
		}
		c := *x
		c.Left, c.Right = l, r
		return &c
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return e
		}
		in := listTests(x.Expr, !pos, nodes, bound)
		if in == x.Expr {
			return e
		}
		c := *x
		c.Expr = in
		return &c
	case *ast.In:
		p, w, el, ok := listMatches(x.List)
		if !ok || capturesIn(x.Expr, p, bound, "") {
			return e
		}
		// The element renamed to x must be a node the pattern binds
		// afresh: renaming a row's node the pattern reads (`v IN
		// [(h)-->(w) | h]`) would test another pattern.
		if ev, isVar := el.(*ast.Variable); isVar && bound != nil && !bound.has(ev.Name) {
			if t, ok := nodeMember(x.Span, x.Expr, p, w, el, nodes); ok {
				return t
			}
		}
		eq := &ast.Comparison{Span: x.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{el, x.Expr}}
		return someMatch(x.Span, p, w, eq, pos)
	case *ast.Quantifier:
		if t, ok := quantifiedMatches(x, pos, bound); ok {
			return t
		}
	case *ast.Comparison:
		if len(x.Ops) != 1 || (x.Ops[0] != ast.CmpEq && x.Ops[0] != ast.CmpNe) {
			return e
		}
		for k := 0; k < 2; k++ {
			l, ok := x.Operands[1-k].(*ast.ListLiteral)
			if !ok || len(l.Items) != 0 {
				continue
			}
			p, w, _, ok := listMatches(x.Operands[k])
			if !ok {
				continue
			}
			var out ast.Expr = &ast.ExistsSubquery{Span: x.Span, Pattern: p, Where: w}
			if x.Ops[0] == ast.CmpEq {
				out = not(x.Span, out)
			}
			return out
		}
	}
	return e
}

// nodeMember returns EXISTS { p WHERE w } with the node x in the place of
// el, a node variable of p, when x is a variable that holds a node in
// every row (see listTests). sp is the span the test takes: that of the
// membership test it replaces, not x's own (a test read as a value is
// replaced by a variable of its span, markExists, and a variable of x's
// span would be read as x).
func nodeMember(sp ast.Span, x ast.Expr, p *ast.Pattern, w, el ast.Expr, nodes map[string]bool) (ast.Expr, bool) {
	xv, ok := x.(*ast.Variable)
	ev, ok2 := el.(*ast.Variable)
	if !ok || !ok2 || !nodes[xv.Name] {
		return nil, false
	}
	own := map[string]varKind{}
	addPatternKinds(p, own)
	if own[ev.Name] != kindNode {
		return nil, false
	}
	ren := map[string]string{ev.Name: xv.Name}
	rp, ok := renamePattern(p, renamingOf(p, ren))
	if !ok {
		return nil, false
	}
	if w != nil {
		if w, ok = renameExpr(w, renamingOf(w, ren)); !ok {
			return nil, false
		}
	}
	return &ast.ExistsSubquery{Span: sp, Pattern: rp, Where: w}, true
}

// capturesIn reports whether e, moved into the scope of pattern p, could
// have a variable of a scope of its own captured by p: a name p binds
// afresh (one the row's scope bound does not hold; every name p binds
// when bound is nil) is named inside one of e's pattern comprehensions,
// subqueries, list comprehensions, quantifiers or reduce() calls. The
// quantifier's variable (except) is no such name: in its test it is the
// element, which it stays in the subquery. It over-approximates (a
// comprehension variable of that name shadows p's), which only leaves
// the test as written.
func capturesIn(e ast.Expr, p *ast.Pattern, bound *scope, except string) bool {
	own := map[string]varKind{}
	addPatternKinds(p, own)
	clash := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery,
			*ast.ListComprehension, *ast.Quantifier, *ast.Reduce:
			for name := range mentionedNames(n) {
				if _, ok := own[name]; ok && name != except && (bound == nil || !bound.has(name)) {
					clash = true
				}
			}
			return false
		}
		return !clash
	})
	return clash
}

// someMatch is the existence test that is true in the rows where "some
// match makes q true" is (pos), or false in the rows where "every match
// makes q false" is (not pos: a match making q null counts as one that
// passes, coalesce(q, true); a test that is never null needs none).
func someMatch(sp ast.Span, p *ast.Pattern, w, q ast.Expr, pos bool) ast.Expr {
	if !pos && !neverNullTest(q) {
		q = &ast.FunctionCall{Span: sp, Name: "coalesce", Args: []ast.Expr{q, &ast.Literal{Span: sp, Kind: ast.LitBool, Bool: true}}}
	}
	if w != nil {
		q = &ast.Binary{Span: sp, Op: ast.OpAnd, Left: w, Right: q}
	}
	return &ast.ExistsSubquery{Span: sp, Pattern: p, Where: q}
}

func not(sp ast.Span, e ast.Expr) ast.Expr { return &ast.Unary{Span: sp, Op: ast.OpNot, Expr: e} }

// substituteElement returns the quantifier's test q with the element in
// place of the variable v when the element is a variable of the pattern
// that q names nowhere (so that renaming v captures nothing); false
// otherwise.
func substituteElement(q ast.Expr, v string, el ast.Expr) (ast.Expr, bool) {
	ev, ok := el.(*ast.Variable)
	if !ok {
		return nil, false
	}
	if ev.Name == v {
		return q, true
	}
	clash := false
	ast.Inspect(q, func(n ast.Node) bool {
		if x, ok := n.(*ast.Variable); ok && x.Name == ev.Name {
			clash = true
		}
		return !clash
	})
	if clash {
		return nil, false
	}
	return renameExpr(q, renamingOf(q, map[string]string{v: ev.Name}))
}

// inlineListReads returns pred with the list expression list in place of
// the variable name wherever pred reads name as the list of a test that
// listTests rewrites (reached through AND, OR and NOT); false when pred
// reads name anywhere else or not at all. member, when not nil, may give
// the test x IN name itself, given the polarity of its place (nil: the
// list goes in name's place).
func inlineListReads(pred ast.Expr, name string, list ast.Expr, member func(x ast.Expr, pos bool) ast.Expr) (ast.Expr, bool) {
	isName := func(e ast.Expr) bool { v, ok := e.(*ast.Variable); return ok && v.Name == name }
	read := false
	var walk func(e ast.Expr, pos bool) (ast.Expr, bool)
	walk = func(e ast.Expr, pos bool) (ast.Expr, bool) {
		switch x := e.(type) {
		case *ast.Binary:
			if x.Op == ast.OpAnd || x.Op == ast.OpOr {
				l, okl := walk(x.Left, pos)
				r, okr := walk(x.Right, pos)
				if !okl || !okr {
					return nil, false
				}
				c := *x
				c.Left, c.Right = l, r
				return &c, true
			}
		case *ast.Unary:
			if x.Op == ast.OpNot {
				in, ok := walk(x.Expr, !pos)
				if !ok {
					return nil, false
				}
				c := *x
				c.Expr = in
				return &c, true
			}
		case *ast.In:
			if isName(x.List) && !exprReads(x.Expr, name) {
				if member != nil {
					if t := member(x.Expr, pos); t != nil {
						read = true
						return t, true
					}
				}
				c := *x
				c.List, read = list, true
				return &c, true
			}
		case *ast.Quantifier:
			if isName(x.In) && x.Var.Name != name && (x.Where == nil || !exprReads(x.Where, name)) {
				c := *x
				c.In, read = list, true
				return &c, true
			}
		case *ast.Comparison:
			if k, ok := listSizeTest(x, name); ok {
				// size(name) compared with an integer: the number of
				// matches (normalizeSubqueries).
				c := *x
				c.Operands = append([]ast.Expr(nil), x.Operands...)
				f := *c.Operands[k].(*ast.FunctionCall)
				f.Args = []ast.Expr{list}
				c.Operands[k], read = &f, true
				return &c, true
			}
			if len(x.Ops) == 1 && (x.Ops[0] == ast.CmpEq || x.Ops[0] == ast.CmpNe) {
				for k := 0; k < 2; k++ {
					if l, ok := x.Operands[1-k].(*ast.ListLiteral); ok && len(l.Items) == 0 && isName(x.Operands[k]) {
						c := *x
						c.Operands = append([]ast.Expr(nil), x.Operands...)
						c.Operands[k], read = list, true
						return &c, true
					}
				}
			}
		}
		return e, !exprReads(e, name)
	}
	out, ok := walk(pred, true)
	return out, ok && read
}

// collectedMembership reads a list collected from the query's first MATCH
// and then only tested for membership as the list of that MATCH's
// matches: `MATCH pattern WHERE w WITH collect([DISTINCT] e) AS xs`
// followed by clauses whose WHEREs read xs only as the list of tests
// listTests rewrites (`WHERE NOT q IN xs`) is those clauses with
// [pattern WHERE w AND e IS NOT NULL | e] in xs's place, the pattern's
// variables renamed apart. collect drops nulls and keeps one element per
// row (DISTINCT changes no test of membership); the WITH gives exactly
// one row, reading only xs, so the clauses after it run once either way.
// The filters then test the matches (an anti-join against the set of
// the pattern's nodes, built once) instead of scanning the list per row.
//
// Only membership tests of a node are read so: x IN xs, x a node the
// later MATCH binds (never null in the rows its WHERE sees) and e a node
// of the pattern, is EXISTS { pattern WHERE w } with x in e's place (the
// elements are the nodes e matched, none null), exactly, under NOT too.
// Only the tests a filter keeps the false rows of (NOT x IN xs) are read
// so: the anti-join. A positive test keeps the list, which the MATCH
// then starts from (a set seek of the list's nodes, cheaper than a
// semi-join over the candidates when the list is short).
//
// The MATCH may be an OPTIONAL MATCH: with matches it gives the rows a
// MATCH gives; without, one row with its variables null where a MATCH
// gives none, and collect drops that row, e (a node of the pattern, as
// every test read so requires) being null there; the WITH, with no key,
// gives one row either way.
//
// Preconditions: the MATCH is the first clause and reads nothing the
// scope binds before it, has one pattern part; the WITH has the collect
// as its only item, of an element that cannot fail, and no WHERE, ORDER
// BY, SKIP, LIMIT or DISTINCT; nothing after reads xs otherwise.
func (b *builder) collectedMembership(clauses []ast.Clause, sc *scope) []ast.Clause {
	if len(clauses) < 3 {
		return clauses
	}
	m, ok := clauses[0].(*ast.Match)
	if !ok || m.Pattern == nil || len(m.Pattern.Parts) != 1 {
		return clauses
	}
	w, ok := clauses[1].(*ast.With)
	if !ok || w.Projection == nil || w.Where != nil {
		return clauses
	}
	pr := w.Projection
	if pr.Star || pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil || len(pr.Items) != 1 {
		return clauses
	}
	it := pr.Items[0]
	c, ok := it.Expr.(*ast.FunctionCall)
	if !ok || it.Alias == nil || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "collect") || !cannotFail(c.Args[0]) {
		return clauses
	}
	for n := range mentionedNames(m) {
		if sc.has(n) {
			return clauses
		}
	}
	own := map[string]varKind{}
	addPatternKinds(m.Pattern, own)
	ren := map[string]string{}
	for n := range own {
		ren[n] = " collected." + n // no other internal name has a dot
	}
	for n := range mentionedNames(m) {
		if _, ok := ren[n]; !ok {
			ren[n] = n // a variable of a nested scope
		}
	}
	p, ok := renamePattern(m.Pattern, ren)
	if !ok {
		return clauses
	}
	el, ok := renameExpr(c.Args[0], ren)
	if !ok {
		return clauses
	}
	var conds []ast.Expr
	if m.Where != nil {
		where, ok := renameExpr(m.Where, ren)
		if !ok {
			return clauses
		}
		conds = append(conds, where)
	}
	if v, isVar := c.Args[0].(*ast.Variable); !isVar || own[v.Name] != kindNode && own[v.Name] != kindRel && own[v.Name] != kindPath {
		// A node, relationship or path the pattern binds is never null;
		// anything else may be.
		conds = append(conds, &ast.IsNull{Span: c.Span, Expr: el, Not: true})
	}
	var cond ast.Expr
	if len(conds) > 0 {
		cond = andAll(conds)
	}
	part := p.Parts[0]
	list := &ast.PatternComprehension{Span: c.Span, PathVar: part.Var, Element: part.Element, Where: cond, Map: el}
	name := it.Alias.Name
	out := slices.Clone(clauses[2:])
	// x IN xs, x a node the MATCH binds (never null there) and e a node
	// of the pattern, is EXISTS { pattern WHERE w } with x in e's place:
	// the elements are the nodes e matched, none null (nodeMember).
	member := func(bound map[string]varKind) func(ast.Expr, bool) ast.Expr {
		return func(x ast.Expr, pos bool) ast.Expr {
			xv, ok := x.(*ast.Variable)
			if !ok || pos {
				return nil
			}
			t, ok := nodeMember(x.NodeSpan(), x, p, cond, el, map[string]bool{xv.Name: bound[xv.Name] == kindNode})
			if !ok {
				return nil
			}
			return t
		}
	}
	inline := func(where ast.Expr, bound map[string]varKind) (ast.Expr, bool) {
		if where == nil || !exprReads(where, name) {
			return where, true
		}
		nw, ok := inlineListReads(where, name, list, member(bound))
		if !ok {
			return nil, false
		}
		// Every test must be a membership test of a node: a list left in
		// place would be built once per row instead of once, and a
		// test of values compares every match with each row's value
		// (the list's membership test hashes it once).
		left := false
		ast.Inspect(nw, func(n ast.Node) bool {
			left = left || n == ast.Node(list)
			return !left
		})
		return nw, !left
	}
	for i, cl := range out {
		switch x := cl.(type) {
		case *ast.Match:
			bound := map[string]varKind{}
			if !x.Optional {
				addPatternKinds(x.Pattern, bound)
			}
			nw, ok := inline(x.Where, bound)
			if !ok {
				return clauses
			}
			cp := *x
			cp.Where = nw
			out[i] = &cp
		case *ast.With:
			nw, ok := inline(x.Where, nil)
			if !ok {
				return clauses
			}
			cp := *x
			cp.Where = nw
			out[i] = &cp
		}
	}
	if mentions(out, name) {
		return clauses
	}
	return out
}

// renamingOf is m completed with every other variable n names kept as it
// is (renamePattern and renameExpr rename every variable they meet).
func renamingOf(n ast.Node, m map[string]string) map[string]string {
	out := maps.Clone(m)
	for v := range mentionedNames(n) {
		if _, ok := out[v]; !ok {
			out[v] = v
		}
	}
	return out
}
