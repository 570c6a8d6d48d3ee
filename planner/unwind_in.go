package planner

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// unwindsAsIn reads an UNWIND whose variable the rest of the query only
// compares by equality as the IN test it is: `UNWIND L AS x MATCH (a:A
// {k: x})` is `MATCH (a:A) WHERE a.k IN L`, and `UNWIND r.roles AS role
// WITH p, r, role WHERE role = 'Neo' WITH DISTINCT p, r` is `WITH p, r
// WHERE 'Neo' IN r.roles WITH DISTINCT p, r`. The IN form is planned as
// any IN is (an index seek over the list, a label scan with an IN
// filter, a set semi-join), once, where the UNWIND plans the clauses
// after it once per element.
//
// The two have the same rows when:
//
//   - x is read in exactly one place: one conjunct `e = x` (or `x = e`)
//     of the WHERE of a plain MATCH or of a WITH, or one entry `{k: x}`
//     of the property map of a named node or relationship of a plain
//     MATCH (the site), e not reading x. Before the site x may only be
//     passed on by WITH items `x`. Where x is read after the site (or a
//     `*` projects it), `WITH *, e AS x` binds it after the site, which
//     needs equal values of e and of L's elements to be identical (see
//     identicalWhenEqual: 1 = 1.0, but RETURN x tells them apart).
//   - The clauses between the UNWIND and the site map each row to rows of
//     their own (MATCH, OPTIONAL MATCH, UNWIND, WITH without DISTINCT,
//     aggregation, ORDER BY, SKIP or LIMIT) and keep L's variables in
//     scope under their names, so L has the same value at the site. L is
//     deterministic and cannot fail (a literal list, range() of integer
//     literals, a parameter, a variable, a property of a node or
//     relationship, a list of such): it is evaluated at the site instead
//     of before the clauses, possibly never.
//   - Multiplicity: for a row reaching the site with e = v the UNWIND
//     gives as many rows as L has elements equal to v, the IN one. Either
//     L has no two equal elements (a list of distinct literals, range()),
//     or the rows after the site reach a consumer that ignores duplicates
//     (DISTINCT, an aggregation whose aggregates all do: DISTINCT ones,
//     min, max) through clauses that map each row on its own.
//   - Nulls: a null element equals nothing (x = e is null, the row goes),
//     and e IN L is then false or null, which drops the row as well; a
//     null e is dropped by both; an empty or null L gives no rows either
//     way. A value that is not a list unwinds to itself: L that is not a
//     literal list is read as `[] + L`, which IN reads as UNWIND does,
//     unless it is a parameter whose value, known when planning, is a
//     list (see knownList).
//
// The rewrite is a choice of the plan's cost, not a rule that always
// fires: each UNWIND it applies to is a choice point (unwindInKey) whose
// alternatives, the UNWIND planned per element (commuted before a MATCH
// run or not, see commuteUnwinds) and the IN test, Compile prices by the
// cost of the whole plan (see orderChoices). The IN form is the start
// heuristic's choice: it reads the list once.
func (b *builder) unwindsAsIn(clauses []ast.Clause, sc *scope, top bool) []ast.Clause {
	// A GraphProgram statement collects its rows into a set of nodes:
	// how many times a row occurs does not matter (see bagResult).
	collected := top && b.stmt != nil
	if b.startLast || b.rowModeOnly {
		return clauses
	}
	kinds := scopeKinds(sc)
	out := clauses
	for i := 0; i < len(out); i++ {
		if u, ok := out[i].(*ast.Unwind); ok && kinds != nil {
			if next, ok := unwindAsIn(out, i, u, kinds, collected, b.knownList, b.distinctList); ok && b.choose(unwindInKey(u), 1, []int{0, 1}) == 1 {
				out = next
				i--
				continue
			}
		}
		kinds = followScope(out[i], kinds, sc)
	}
	return out
}

// unwindInKey names the choice of reading UNWIND u as an IN test.
func unwindInKey(u *ast.Unwind) string {
	return fmt.Sprintf("unwind-in %d-%d", u.Span.Start, u.Span.End)
}

// unwindAsIn returns clauses with the UNWIND u at i read as an IN test
// (see unwindsAsIn); kinds is the scope before u; isList tells a list
// known to be one (see knownList).
func unwindAsIn(clauses []ast.Clause, i int, u *ast.Unwind, kinds map[string]varKind, collected bool, isList, distinct func(ast.Expr) bool) ([]ast.Clause, bool) {
	x := u.Var.Name
	if _, bound := kinds[x]; bound || !unwindListSafe(u.Expr, kinds) {
		return nil, false
	}
	list := u.Expr
	if !isList(list) {
		list = unwoundAs(list)
	}
	listVars := mentionedNames(u.Expr)
	out := slices.Clone(clauses)
	site, inScope := -1, false
	var eq ast.Expr
	for j := i + 1; j < len(out) && site < 0; j++ {
		c := out[j]
		if nc, e, keeps, ok := inSite(c, x, list); ok {
			out[j] = nc
			site, eq, inScope = j, e, keeps
			break
		}
		switch y := c.(type) {
		case *ast.Match:
			if mentionedNames(y)[x] {
				return nil, false
			}
		case *ast.Unwind:
			if mentionedNames(y)[x] {
				return nil, false
			}
		case *ast.With:
			nw, ok := passesUnwound(y, x, listVars)
			if !ok {
				return nil, false
			}
			out[j] = nw
		default:
			return nil, false
		}
	}
	if site < 0 || !duplicatesIgnored(out[site+1:], collected) && !distinct(u.Expr) {
		return nil, false
	}
	if !unobservedAfter(out[site+1:], x) {
		// x is read after the site: it is bound to e there, which equals
		// it, when equal values of e and of L's elements are identical.
		if !inScope || !identicalWhenEqual(eq, u.Expr) {
			return nil, false
		}
		sp := out[site].NodeSpan()
		bind := &ast.With{Span: sp, Projection: &ast.Projection{Span: sp, Star: true, Items: []*ast.ProjectionItem{
			{Span: sp, Expr: eq, Alias: &ast.Variable{Span: u.Var.Span, Name: x}, Text: x}}}}
		out = slices.Insert(out, site+1, ast.Clause(bind))
	}
	return slices.Delete(out, i, i+1), true
}

// unwindListSafe reports whether list e may be evaluated where its
// variable is compared instead of where it is unwound: deterministic, no
// error whatever the values of the variables of kinds, nothing read
// outside kinds.
func unwindListSafe(e ast.Expr, kinds map[string]varKind) bool {
	if !invariantOver(e, kinds) {
		return false
	}
	if _, ok := rangeBounds(e); ok {
		return true
	}
	return listCannotFail(e, kinds)
}

// rangeBounds is the integer literal arguments of range(from, to[, step])
// with a step other than 0: a list of distinct integers that cannot fail.
func rangeBounds(e ast.Expr) ([]int64, bool) {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) > 0 || fc.Distinct || !strings.EqualFold(fc.Name, "range") || len(fc.Args) < 2 || len(fc.Args) > 3 {
		return nil, false
	}
	var out []int64
	for _, a := range fc.Args {
		l, ok := a.(*ast.Literal)
		if !ok || l.Kind != ast.LitInt {
			return nil, false
		}
		out = append(out, l.Int)
	}
	if len(out) == 3 && out[2] == 0 {
		return nil, false
	}
	return out, true
}

// distinctElements reports whether list e provably holds no two equal
// non-null elements: range() of integer literals, or a list of literals
// pairwise unequal (1 and 1.0 are equal; nulls equal nothing).
func distinctElements(e ast.Expr) bool {
	if _, ok := rangeBounds(e); ok {
		return true
	}
	l, ok := e.(*ast.ListLiteral)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, it := range l.Items {
		lit, ok := it.(*ast.Literal)
		if !ok {
			return false
		}
		k, ok := equalityKey(lit)
		if !ok {
			continue // null, NaN: equal to nothing
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// distinctList reports whether list e holds no two equal elements:
// written so (distinctElements), or a parameter (a run-constant one
// included, such as range() of parameters) whose value, known when
// planning, is a list of distinct values. The plan then relies on that
// (DepDistinct): a run whose list repeats a value plans again, and keeps
// the UNWIND, which gives a row per copy.
func (b *builder) distinctList(e ast.Expr) bool {
	if distinctElements(e) {
		return true
	}
	p, ok := e.(*ast.Parameter)
	if !ok || b.params == nil {
		return false
	}
	v, ok := b.params.params[p.Name]
	if !ok {
		return false
	}
	b.params.add(ParamDep{Name: p.Name, Kind: DepDistinct})
	return distinctValues(v)
}

// distinctValues reports whether v is a list no two elements of which
// are equal (x = y true). Two equal values are equivalent (1 and 1.0
// are, as [1] and [1.0]), so a list whose non-null elements have
// pairwise different grouping keys has none; nulls equal nothing.
// (NaN equals nothing either, but two NaNs share a key: such a list is
// not called distinct, which only keeps the UNWIND.)
func distinctValues(v value.Value) bool {
	l, ok := v.(value.List)
	if !ok {
		return false
	}
	seen := make(map[string]bool, len(l))
	var buf []byte
	for _, it := range l {
		if value.KindOf(it) == value.KindNull {
			continue
		}
		buf = value.AppendKey(buf[:0], it)
		if seen[string(buf)] {
			return false
		}
		seen[string(buf)] = true
	}
	return true
}

// equalityKey is a key two literals share exactly when they are equal
// (1 and 1.0 are); ok is false for null and NaN, which equal nothing.
func equalityKey(lit *ast.Literal) (string, bool) {
	switch lit.Kind {
	case ast.LitBool:
		return fmt.Sprintf("b%t", lit.Bool), true
	case ast.LitInt:
		if f := float64(lit.Int); int64(f) == lit.Int && math.Abs(f) < 1<<53 {
			return fmt.Sprintf("n%g", f), true
		}
		return fmt.Sprintf("i%d", lit.Int), true
	case ast.LitFloat:
		if math.IsNaN(lit.Float) {
			return "", false
		}
		return fmt.Sprintf("n%g", lit.Float), true
	case ast.LitString:
		return "s" + lit.Str, true
	}
	return "", false
}

// unwoundAs is list L as UNWIND reads it: a value that is not a list
// stands for the list of itself, as `[] + L` gives it (a list L itself,
// [L] for another value, null for null). A literal list or range() is
// read as written.
func unwoundAs(list ast.Expr) ast.Expr {
	sp := list.NodeSpan()
	if _, ok := list.(*ast.ListLiteral); !ok {
		if _, ok := rangeBounds(list); !ok {
			list = &ast.Binary{Span: sp, Op: ast.OpAdd, Left: &ast.ListLiteral{Span: sp}, Right: list}
		}
	}
	return list
}

// knownList reports whether e is a parameter whose value, known when
// planning (Options.Params), is a list: UNWIND and IN then read it alike
// without `[] +`. The plan relies on the value's shape (DepShape), so a
// plan cache reuses it only for lists.
func (b *builder) knownList(e ast.Expr) bool {
	p, ok := e.(*ast.Parameter)
	if !ok || b.params == nil {
		return false
	}
	if _, ok := b.params.params[p.Name].(value.List); !ok {
		return false
	}
	b.params.add(ParamDep{Name: p.Name, Kind: DepShape})
	return true
}

// inListExpr is `e IN list`.
func inListExpr(e, list ast.Expr) ast.Expr {
	return &ast.In{Span: list.NodeSpan(), Expr: e, List: list}
}

// unwoundList is the list L of `[] + L` (see unwoundAs), else e.
func unwoundList(e ast.Expr) ast.Expr {
	if b, ok := e.(*ast.Binary); ok && b.Op == ast.OpAdd {
		if l, ok := b.Left.(*ast.ListLiteral); ok && len(l.Items) == 0 {
			return b.Right
		}
	}
	return e
}

// inSite returns clause c with its one reading of x, an equality with e,
// turned into an IN test of list; ok is false when c is not such a site
// (see unwindsAsIn). A WITH site may pass x on by an item `x`, dropped;
// keeps reports whether x is in scope after c as written.
func inSite(c ast.Clause, x string, list ast.Expr) (site ast.Clause, e ast.Expr, keeps, ok bool) {
	switch y := c.(type) {
	case *ast.Match:
		if !reorderable(y) || !mentionedNames(y)[x] || countVar(y, x) != 1 {
			return nil, nil, false, false
		}
		if w, e, ok := equalityIn(y.Where, x, list); ok {
			m := *y
			m.Where = w
			return &m, e, true, true
		}
		nm, e, ok := propertyIn(y, x, list)
		return nm, e, true, ok
	case *ast.With:
		pr := y.Projection
		if y.Where == nil || pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil || projectionAggregates(pr) {
			return nil, nil, false, false
		}
		w, e, ok := equalityIn(y.Where, x, list)
		if !ok || !keepsNames(pr, mentionedNames(list)) {
			return nil, nil, false, false
		}
		nw, ok := dropPassed(y, x)
		if !ok || countVar(nw.Projection, x) != 0 || countVar(w, x) != 0 {
			return nil, nil, false, false
		}
		nw.Where = w
		return nw, e, pr.Star || len(nw.Projection.Items) < len(pr.Items), true
	}
	return nil, nil, false, false
}

// identicalWhenEqual reports whether an element of list equal to e is e
// itself: no two values of different types are equal then (1 = 1.0 is
// true, but 1 and 1.0 are told apart by what reads them). e is a string
// or boolean literal, or every element is a string literal, or every one
// a boolean literal, or e is an integer literal and every element an
// integer literal (range() of them included).
func identicalWhenEqual(e, list ast.Expr) bool {
	lit, _ := e.(*ast.Literal)
	if lit != nil && (lit.Kind == ast.LitString || lit.Kind == ast.LitBool) {
		return true
	}
	if _, ok := rangeBounds(list); ok {
		return lit != nil && lit.Kind == ast.LitInt
	}
	l, ok := list.(*ast.ListLiteral)
	if !ok || len(l.Items) == 0 {
		return false
	}
	kinds := map[ast.LiteralKind]bool{}
	for _, it := range l.Items {
		il, ok := it.(*ast.Literal)
		if !ok {
			return false
		}
		if il.Kind != ast.LitNull {
			kinds[il.Kind] = true
		}
	}
	switch {
	case len(kinds) == 0:
		return true // nothing equals e
	case len(kinds) > 1:
		return false
	case kinds[ast.LitString], kinds[ast.LitBool]:
		return true
	case kinds[ast.LitInt]:
		return lit != nil && lit.Kind == ast.LitInt
	}
	return false
}

// equalityIn returns where with its one conjunct `e = x` or `x = e`
// replaced by `e IN list`, and e; ok is false unless exactly one conjunct reads
// x and it is such an equality.
func equalityIn(where ast.Expr, x string, list ast.Expr) (ast.Expr, ast.Expr, bool) {
	if where == nil {
		return nil, nil, false
	}
	cs := slices.Clone(conjuncts(where))
	at := -1
	var eq ast.Expr
	for k, c := range cs {
		if !mentionedNames(c)[x] {
			continue
		}
		if at >= 0 {
			return nil, nil, false
		}
		cmp, ok := c.(*ast.Comparison)
		if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
			return nil, nil, false
		}
		var e ast.Expr
		switch {
		case isVar(cmp.Operands[1], x):
			e = cmp.Operands[0]
		case isVar(cmp.Operands[0], x):
			e = cmp.Operands[1]
		default:
			return nil, nil, false
		}
		if mentionedNames(e)[x] {
			return nil, nil, false
		}
		cs[k] = inListExpr(e, list)
		at, eq = k, e
	}
	if at < 0 {
		return nil, nil, false
	}
	return andAll(cs), eq, true
}

// propertyIn returns MATCH m with its one property map entry `{k: x}` of
// a named node or relationship dropped and `v.k IN list` added to its
// WHERE, and v.k.
func propertyIn(m *ast.Match, x string, list ast.Expr) (ast.Clause, ast.Expr, bool) {
	var owner *ast.Variable
	var key string
	var drop func() ast.Expr
	find := func(props ast.Expr, v *ast.Variable, set func(ast.Expr)) bool {
		ml, ok := props.(*ast.MapLiteral)
		if !ok {
			return false
		}
		for k, en := range ml.Entries {
			if !isVar(en.Value, x) {
				continue
			}
			if v == nil {
				return false
			}
			owner, key = v, en.Key
			drop = func() ast.Expr {
				c := *ml
				c.Entries = slices.Delete(slices.Clone(ml.Entries), k, k+1)
				if len(c.Entries) == 0 {
					set(nil)
					return nil
				}
				set(&c)
				return &c
			}
			return true
		}
		return false
	}
	p := clonePatternShallow(m.Pattern)
	found := false
	for _, part := range p.Parts {
		el := part.Element
		for _, n := range el.Nodes {
			found = found || find(n.Props, n.Var, func(e ast.Expr) { n.Props = e })
		}
		for _, r := range el.Rels {
			found = found || r.Quant == nil && find(r.Props, r.Var, func(e ast.Expr) { r.Props = e })
		}
	}
	if !found || owner == nil {
		return nil, nil, false
	}
	drop()
	e := &ast.Property{Span: owner.Span, Expr: &ast.Variable{Span: owner.Span, Name: owner.Name}, Key: key}
	test := inListExpr(e, list)
	out := *m
	out.Pattern = p
	if m.Where == nil {
		out.Where = test
	} else {
		out.Where = &ast.Binary{Span: m.Where.NodeSpan(), Op: ast.OpAnd, Left: m.Where, Right: test}
	}
	return &out, e, true
}

// clonePatternShallow copies a pattern down to its node and relationship
// patterns, so their property maps may be replaced.
func clonePatternShallow(p *ast.Pattern) *ast.Pattern {
	out := *p
	out.Parts = make([]*ast.PatternPart, len(p.Parts))
	for i, part := range p.Parts {
		np := *part
		el := *part.Element
		el.Nodes = make([]*ast.NodePattern, len(part.Element.Nodes))
		for k, n := range part.Element.Nodes {
			nn := *n
			el.Nodes[k] = &nn
		}
		el.Rels = make([]*ast.RelPattern, len(part.Element.Rels))
		for k, r := range part.Element.Rels {
			nr := *r
			el.Rels[k] = &nr
		}
		np.Element = &el
		out.Parts[i] = &np
	}
	return &out
}

// passesUnwound returns WITH w, which stands between the UNWIND of x and its
// site, without its item passing x on; ok is false unless w maps each
// row to one (no DISTINCT, aggregation, ORDER BY, SKIP or LIMIT), passes
// on every variable of listVars under its name, and reads x at most in an
// item `x`.
func passesUnwound(w *ast.With, x string, listVars map[string]bool) (*ast.With, bool) {
	pr := w.Projection
	if pr.Distinct || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil || projectionAggregates(pr) {
		return nil, false
	}
	if !keepsNames(pr, listVars) {
		return nil, false
	}
	nw, ok := dropPassed(w, x)
	if !ok || countVar(nw, x) != 0 {
		return nil, false
	}
	return nw, true
}

// keepsNames reports whether projection pr passes on each of vars under
// its name.
func keepsNames(pr *ast.Projection, vars map[string]bool) bool {
	if pr.Star {
		return true
	}
	for v := range vars {
		if !slices.ContainsFunc(pr.Items, func(it *ast.ProjectionItem) bool {
			return isVar(it.Expr, v) && (it.Alias == nil || it.Alias.Name == v)
		}) {
			return false
		}
	}
	return true
}

// dropPassed returns a copy of w without its items `x` (or `x AS x`);
// ok is false when that leaves no item and no `*`, or another item is
// named x.
func dropPassed(w *ast.With, x string) (*ast.With, bool) {
	pr := *w.Projection
	pr.Items = nil
	for _, it := range w.Projection.Items {
		if isVar(it.Expr, x) && (it.Alias == nil || it.Alias.Name == x) {
			continue
		}
		if it.Alias != nil && it.Alias.Name == x {
			return nil, false
		}
		pr.Items = append(pr.Items, it)
	}
	if len(pr.Items) == 0 && !pr.Star {
		return nil, false
	}
	nw := *w
	nw.Projection = &pr
	return &nw, true
}

// unobservedAfter reports whether the clauses after the site neither read
// x nor project it with `*` while it is in scope.
func unobservedAfter(clauses []ast.Clause, x string) bool {
	for _, c := range clauses {
		if mentionedNames(c)[x] {
			return false
		}
		switch y := c.(type) {
		case *ast.With:
			if y.Projection.Star {
				return false
			}
			return true // x is out of scope after it
		case *ast.Return:
			return !y.Projection.Star
		case *ast.Match, *ast.Unwind:
		default:
			return false
		}
	}
	return true
}

// duplicatesIgnored reports whether the rows entering clauses reach a
// consumer that ignores how many times a row occurs through clauses that
// map each row on its own; collected: the query's result ignores them.
func duplicatesIgnored(clauses []ast.Clause, collected bool) bool {
	for _, c := range clauses {
		var pr *ast.Projection
		switch y := c.(type) {
		case *ast.Match, *ast.Unwind:
			continue
		case *ast.With:
			pr = y.Projection
		case *ast.Return:
			pr = y.Projection
		default:
			return false
		}
		if projectionAggregates(pr) {
			return aggregatesIgnoreDuplicates(pr)
		}
		if pr.Distinct {
			return true
		}
		if pr.Skip != nil || pr.Limit != nil {
			return false
		}
		if _, ret := c.(*ast.Return); ret {
			return collected
		}
	}
	return false
}

// projectionAggregates reports whether a projection aggregates.
func projectionAggregates(pr *ast.Projection) bool {
	for _, it := range pr.Items {
		if containsAggregate(it.Expr) {
			return true
		}
	}
	return false
}

// aggregatesIgnoreDuplicates reports whether every aggregate of an
// aggregating projection gives the same value for a group whatever the
// multiplicity of its rows: DISTINCT aggregates, min and max.
func aggregatesIgnoreDuplicates(pr *ast.Projection) bool {
	ok := true
	for _, it := range pr.Items {
		visitExpr(it.Expr, func(e ast.Expr) bool {
			switch y := e.(type) {
			case *ast.FunctionCall:
				if isAggregate(y) && !y.Star && !y.Distinct && !strings.EqualFold(y.Name, "min") && !strings.EqualFold(y.Name, "max") {
					ok = false
				} else if y.Star {
					ok = false
				}
			case *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
				return false
			}
			return ok
		})
	}
	return ok
}

// countVar is how many times n names the variable x (declarations
// included).
func countVar(n ast.Node, x string) int {
	k := 0
	ast.Inspect(n, func(y ast.Node) bool {
		if v, ok := y.(*ast.Variable); ok && v.Name == x {
			k++
		}
		return true
	})
	return k
}
