package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
)

// A list of matches carried by WITH and tested by NOT IN is an anti-join
// with the matches. `MATCH (o {id: $a}) WITH [(o)-->(x) | x] AS outs
// MATCH (h {id: $b})-->(v) WHERE NOT v IN outs` reads the list only to
// ask whether v is one of o's out-neighbours: carriedLists writes the
// pattern comprehension in the test's place, `WHERE NOT v IN [(o)-->(x)
// | x]`, and carries o (the variables the comprehension reads from the
// row) through the WITH clauses in between instead of (or besides) the
// list, so that the rules for tests on lists of matches
// (list_existence.go) plan the test as the anti-join it is: the set of
// o's out-neighbours built once, v tested against it, where the list was
// scanned per row.
//
// The rewrite is exact: a pattern comprehension's value is decided by the
// variables it reads from the row and by the graph, and the test sees
// the same variables with the same values (carried unchanged, named
// nowhere else after the WITH) and the same graph (the statement does
// not write), so the list built where the test is evaluated is the list
// the WITH built. The comprehension is evaluated where the test is,
// possibly never (no row reaches the test, or AND or OR decides it
// first) or many times, so it must not fail: its pattern's property maps
// and conditions and its WHERE never fail (patternSafe) and its element
// is a variable, a property of one, a literal or a parameter. Carrying a
// variable through a WITH adds a column: the WITH must not group (no
// aggregate, no DISTINCT) unless it already carries the variable, and no
// RETURN * may show it.
//
// Only tests a filter keeps the false rows of (under an odd number of
// NOTs, through AND and OR) are rewritten: the anti-join. A positive
// test keeps reading the list, which a MATCH may start from (a set seek
// of the list's nodes, cheaper than a semi-join when the list is short).
// The list's item stays where something still reads it, and goes where
// nothing does.

// carriedLists rewrites the negated membership tests of pattern
// comprehensions carried by WITH (see above).
func carriedLists(clauses []ast.Clause, sc *scope) []ast.Clause {
	if slices.ContainsFunc(clauses, writesOrCalls) {
		return clauses
	}
	out := clauses
	for changed := true; changed; {
		changed = false
		for i := range out {
			w, ok := out[i].(*ast.With)
			if !ok || w.Projection == nil {
				continue
			}
			for k := range w.Projection.Items {
				if r, ok := carriedListAt(out, i, k, sc); ok {
					out, changed = r, true
					break
				}
			}
			if changed {
				break
			}
		}
	}
	return out
}

// writesOrCalls reports whether c writes, calls a procedure or runs a
// CALL { } subquery (whose body the rule does not follow).
func writesOrCalls(c ast.Clause) bool {
	switch c.(type) {
	case *ast.Call, *ast.CallSubquery, *ast.LoadCSV:
		return true
	}
	return isWriteClause(c)
}

func carriedListAt(out []ast.Clause, i, k int, sc *scope) ([]ast.Clause, bool) {
	w := out[i].(*ast.With)
	pr := w.Projection
	it := pr.Items[k]
	pc, ok := it.Expr.(*ast.PatternComprehension)
	if !ok || it.Alias == nil || pc.Element == nil || pc.Map == nil {
		return nil, false
	}
	list := it.Alias.Name
	before, ok := namesBefore(out, i, sc)
	if !ok {
		return nil, false
	}
	names := mentionedNames(pc)
	if names[list] {
		return nil, false
	}
	// free: the names the comprehension reads from the row; the others are
	// its own, in scope nowhere before the WITH.
	free := map[string]bool{}
	entities := map[string]bool{}
	for n := range names {
		if kind, in := before[n]; in {
			free[n] = true
			if kind == kindNode || kind == kindRel {
				entities[n] = true
			}
			continue
		}
		if sc.has(n) || mentions(out[:i], n) {
			return nil, false
		}
	}
	pat := &ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}}}
	if !deterministic(pc) || !cannotFail(pc.Map) || !patternSafe(pat, pc.Where, entities) {
		return nil, false
	}
	// The WITH itself: its other items name the comprehension's names only
	// to carry the free ones; its ORDER BY does not read the list.
	for j, other := range pr.Items {
		if j == k {
			continue
		}
		if n := other.Name(); names[n] && !(free[n] && carries(other, n)) || other.Name() == list {
			return nil, false
		}
	}
	for _, s := range pr.OrderBy {
		if exprReads(s.Expr, list) {
			return nil, false
		}
	}
	// After the WITH: the comprehension's names only carried, the list only
	// carried or tested (its name bound nowhere), no RETURN *.
	if !onlyCarriedOrTested(out[i+1:], list, names, free) {
		return nil, false
	}
	// The tests, in the WITH's WHERE and the WHEREs after it.
	res := slices.Clone(out)
	last := -1
	for j := i; j < len(res); j++ {
		var where ast.Expr
		switch c := res[j].(type) {
		case *ast.With:
			where = c.Where
		case *ast.Match:
			if j > i {
				where = c.Where
			}
		}
		if where == nil {
			continue
		}
		nw, n := negatedTests(where, false, list, pc)
		if n == 0 {
			continue
		}
		last = j
		switch c := res[j].(type) {
		case *ast.With:
			cp := *c
			cp.Where = nw
			res[j] = &cp
		case *ast.Match:
			cp := *c
			cp.Where = nw
			res[j] = &cp
		}
	}
	if last < 0 {
		return nil, false
	}
	// The free names carried from the WITH to the last test.
	for j := i; j <= last && j < len(res); j++ {
		if j == last && j > i {
			if _, isWith := res[j].(*ast.With); !isWith {
				break // a MATCH's WHERE sees the scope before it
			}
			// a WITH's WHERE sees its items: carried too
		}
		c, isWith := res[j].(*ast.With)
		if !isWith || c.Projection == nil || c.Projection.Star {
			continue
		}
		nc, ok := carryNames(c, free)
		if !ok {
			return nil, false
		}
		res[j] = nc
	}
	if !listRead(res[i+1:], list) && !exprReads(res[i].(*ast.With).Where, list) {
		res = dropList(res, i, list)
	}
	return res, true
}

// namesBefore is the variables in scope before out[i], with their kinds
// where known: the items of the last WITH before it (or the enclosing
// scope), then the variables of the MATCH patterns and UNWINDs after
// that. It fails when another clause binds names in between.
func namesBefore(out []ast.Clause, i int, sc *scope) (map[string]varKind, bool) {
	kinds := map[string]varKind{}
	start := 0
	for k := i - 1; k >= 0; k-- {
		if w, ok := out[k].(*ast.With); ok && w.Projection != nil && !w.Projection.Star {
			for _, it := range w.Projection.Items {
				kinds[it.Name()] = kindValue
			}
			start = k + 1
			break
		}
	}
	if start == 0 {
		for n, kind := range sc.vars {
			kinds[n] = kind
		}
	}
	for k := start; k < i; k++ {
		switch c := out[k].(type) {
		case *ast.Match:
			addPatternKinds(c.Pattern, kinds)
		case *ast.Unwind:
			kinds[c.Var.Name] = kindValue
		case *ast.With, *ast.FilterClause:
		default:
			return nil, false
		}
	}
	return kinds, true
}

// onlyCarriedOrTested reports whether clauses name the names of the
// comprehension only in WITH items carrying the free ones, name list only
// in items carrying it and as the list of IN tests, and show no RETURN *.
func onlyCarriedOrTested(clauses []ast.Clause, list string, names, free map[string]bool) bool {
	ok := true
	allowed := map[*ast.Variable]bool{}
	for _, c := range clauses {
		if r, isReturn := c.(*ast.Return); isReturn && r.Projection != nil && r.Projection.Star {
			return false
		}
		ast.Inspect(c, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ProjectionItem:
				if carries(x, list) {
					allowed[x.Expr.(*ast.Variable)] = true
					if x.Alias != nil {
						allowed[x.Alias] = true
					}
				}
				for f := range free {
					if carries(x, f) {
						allowed[x.Expr.(*ast.Variable)] = true
						if x.Alias != nil {
							allowed[x.Alias] = true
						}
					}
				}
			case *ast.In:
				if v, isV := x.List.(*ast.Variable); isV && v.Name == list {
					allowed[v] = true
				}
			case *ast.Variable:
				if (x.Name == list || names[x.Name]) && !allowed[x] {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// negatedTests rewrites, in predicate e read with polarity neg (true
// under an odd number of NOTs), the tests `x IN list` a filter keeps the
// false rows of as `x IN pc`; it returns the new predicate and how many
// tests it rewrote.
func negatedTests(e ast.Expr, neg bool, list string, pc ast.Expr) (ast.Expr, int) {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr {
			return e, 0
		}
		l, nl := negatedTests(x.Left, neg, list, pc)
		r, nr := negatedTests(x.Right, neg, list, pc)
		if nl+nr == 0 {
			return e, 0
		}
		cp := *x
		cp.Left, cp.Right = l, r
		return &cp, nl + nr
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return e, 0
		}
		in, n := negatedTests(x.Expr, !neg, list, pc)
		if n == 0 {
			return e, 0
		}
		cp := *x
		cp.Expr = in
		return &cp, n
	case *ast.In:
		if v, ok := x.List.(*ast.Variable); ok && neg && v.Name == list && !exprReads(x.Expr, list) {
			cp := *x
			cp.List = clonePatternComprehension(pc)
			return &cp, 1
		}
	}
	return e, 0
}

// clonePatternComprehension copies pc's top level, so that each test
// holds its own node (rules that key on expressions by identity).
func clonePatternComprehension(pc ast.Expr) ast.Expr {
	cp := *pc.(*ast.PatternComprehension)
	return &cp
}

// carryNames returns WITH w with an item carrying each of names it does
// not carry yet; a WITH that groups (DISTINCT, an aggregate) cannot take
// one more column.
func carryNames(w *ast.With, names map[string]bool) (*ast.With, bool) {
	pr := w.Projection
	var add []string
	for n := range names {
		if !slices.ContainsFunc(pr.Items, func(it *ast.ProjectionItem) bool { return carries(it, n) }) {
			add = append(add, n)
		}
	}
	if len(add) == 0 {
		return w, true
	}
	if pr.Distinct || slices.ContainsFunc(pr.Items, func(it *ast.ProjectionItem) bool { return containsAggregate(it.Expr) }) {
		return nil, false
	}
	slices.Sort(add)
	np := *pr
	np.Items = slices.Clone(pr.Items)
	for _, n := range add {
		sp := ast.Span{Start: w.Span.Start, End: w.Span.Start}
		np.Items = append(np.Items, &ast.ProjectionItem{Span: sp, Expr: &ast.Variable{Span: sp, Name: n}, Text: n})
	}
	nw := *w
	nw.Projection = &np
	return &nw, true
}

// listRead reports whether clauses read list other than by carrying it.
func listRead(clauses []ast.Clause, list string) bool {
	read := false
	carried := map[*ast.Variable]bool{}
	for _, c := range clauses {
		ast.Inspect(c, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ProjectionItem:
				if carries(x, list) {
					carried[x.Expr.(*ast.Variable)] = true
					if x.Alias != nil {
						carried[x.Alias] = true
					}
				}
			case *ast.Variable:
				if x.Name == list && !carried[x] {
					read = true
				}
			}
			return !read
		})
	}
	return read
}

// dropList removes list's item from the WITH at i and its carries after,
// where every WITH keeps another item; otherwise it leaves them.
func dropList(clauses []ast.Clause, i int, list string) []ast.Clause {
	res := slices.Clone(clauses)
	for j := i; j < len(res); j++ {
		w, ok := res[j].(*ast.With)
		if !ok || w.Projection == nil {
			continue
		}
		items := slices.DeleteFunc(slices.Clone(w.Projection.Items), func(it *ast.ProjectionItem) bool {
			return it.Name() == list && (j == i || carries(it, list))
		})
		if len(items) == len(w.Projection.Items) {
			continue
		}
		if len(items) == 0 && !w.Projection.Star {
			return clauses
		}
		nw := *w
		np := *w.Projection
		np.Items = items
		nw.Projection = &np
		res[j] = &nw
	}
	return res
}
