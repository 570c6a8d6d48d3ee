package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Counting the distinct values of a list a group's rows all come from
// is asking whether the group has every value of the list:
//
//	MATCH (q:Question)-[:TAGGED]->(t:Tag) WHERE t.name IN ['a', 'b']
//	WITH q, count(DISTINCT t.name) AS k WHERE k = 2
//
// keeps the questions tagged with both, which is
//
//	MATCH (q:Question) WHERE EXISTS { (q:Question)-[:TAGGED]->(t:Tag) WHERE t.name = 'a' }
//	  AND EXISTS { (q:Question)-[:TAGGED]->(t:Tag) WHERE t.name = 'b' }
//	WITH DISTINCT q, 2 AS k
//
// and the conjunction of existence tests is one intersection of the sets
// reached backwards from each value (semijoin_conjuncts.go). It holds
// when:
//
//   - every row of a group passes x IN L, so x is not null and equals an
//     element of L; L is a list literal of n >= 1 distinct strings or
//     booleans (values whose equality is their equivalence, so the
//     DISTINCT of the count and the = of IN agree, and none is null);
//     then count(DISTINCT x) is at most n, and is n exactly when each
//     element equals x on some row of the group: k = n is "all of L";
//   - the group's key is one node the MATCH binds (and variables bound
//     before it, which the pattern may read; it reads no other earlier
//     variable, so that the rows of one key are those of one pattern);
//     a group is a key with at least one such row, which a non-empty L
//     with every element found implies; the WITH keeps nothing else but
//     the count, and filters it by k = n (n = k too), other conjuncts
//     reading the keys and k staying (k is n in every row kept);
//   - the MATCH is not OPTIONAL, one path pattern without a path
//     variable or selector, and x a property of a variable (it cannot
//     fail, so EXISTS, stopping at its first match, raises no error
//     the rows would not).
//
// A list of parameters is left as written: whether its values are
// distinct and not null is known only when the query runs.

// countedAll rewrites each MATCH and aggregating WITH that count the
// distinct values of a list literal to the existence tests per value.
func countedAll(clauses []ast.Clause, sc *scope) []ast.Clause {
	out := clauses
	for i := 0; i+1 < len(out); i++ {
		if r, ok := countedAllAt(out, i, sc); ok {
			out = r
		}
	}
	return out
}

func countedAllAt(out []ast.Clause, i int, sc *scope) ([]ast.Clause, bool) {
	m, ok := out[i].(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil || len(m.Pattern.Parts) != 1 || m.Where == nil {
		return nil, false
	}
	part := m.Pattern.Parts[0]
	if part.Var != nil || part.Selector != nil || part.Kind != ast.PathKind(0) || part.Mode != ast.PathMode(0) || part.Element == nil {
		return nil, false
	}
	w, ok := out[i+1].(*ast.With)
	if !ok || w.Projection == nil || w.Projection.Star || len(w.Projection.OrderBy) > 0 || w.Projection.Skip != nil || w.Projection.Limit != nil || w.Where == nil {
		return nil, false
	}
	own := map[string]varKind{}
	addPatternKinds(m.Pattern, own)
	before := func(n string) bool { return sc.has(n) || boundBefore(out[:i], n) }
	// The keys: one node of the pattern, and variables bound before.
	keys := map[string]bool{}
	key, countAt := "", -1
	var count *ast.FunctionCall
	for j, it := range w.Projection.Items {
		if c, isCall := it.Expr.(*ast.FunctionCall); isCall && isAggregate(c) {
			if count != nil || it.Alias == nil || !strings.EqualFold(c.Name, "count") || !c.Distinct || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 {
				return nil, false
			}
			count, countAt = c, j
			continue
		}
		v, isVar := it.Expr.(*ast.Variable)
		if !isVar || it.Alias != nil && it.Alias.Name != v.Name {
			return nil, false
		}
		switch {
		case before(v.Name):
			keys[v.Name] = true
		case own[v.Name] == kindNode && key == "":
			key = v.Name
			keys[v.Name] = true
		default:
			return nil, false
		}
	}
	if count == nil || key == "" {
		return nil, false
	}
	x, ok := count.Args[0].(*ast.Property)
	if !ok {
		return nil, false
	}
	xv, ok := x.Expr.(*ast.Variable)
	if _, isOwn := own[xv.Name]; !ok || !keys[xv.Name] && !isOwn {
		return nil, false
	}
	// The pattern and its WHERE read no earlier variable but the keys.
	for n := range mentionedNames(m) {
		if before(n) && !keys[n] {
			return nil, false
		}
	}
	// WHERE ... x IN L ...
	conds := conjuncts(m.Where)
	in := slices.IndexFunc(conds, func(c ast.Expr) bool { return inDistinctLiterals(c, x) })
	if in < 0 {
		return nil, false
	}
	list := conds[in].(*ast.In).List.(*ast.ListLiteral)
	n := len(list.Items)
	// WITH ... WHERE k = n
	k := w.Projection.Items[countAt].Alias.Name
	filters := conjuncts(w.Where)
	eq := slices.IndexFunc(filters, func(c ast.Expr) bool { return isVarEqualsInt(c, k, int64(n)) })
	if eq < 0 {
		return nil, false
	}
	rest := slices.Delete(slices.Clone(conds), in, in+1)
	var tests []ast.Expr
	for _, e := range list.Items {
		where := append(slices.Clone(rest), &ast.Comparison{Span: conds[in].NodeSpan(), Operands: []ast.Expr{x, e}, Ops: []ast.CompareOp{ast.CmpEq}})
		tests = append(tests, &ast.ExistsSubquery{Span: m.Span, Pattern: m.Pattern, Where: andAll(where)})
	}
	node := &ast.NodePattern{Span: m.Span, Var: &ast.Variable{Span: m.Span, Name: key}, Labels: keyLabels(part.Element, key)}
	match := &ast.Match{Span: m.Span, Pattern: &ast.Pattern{Span: m.Pattern.Span, Parts: []*ast.PatternPart{{Span: part.Span, Element: &ast.PatternElement{Span: part.Element.Span, Nodes: []*ast.NodePattern{node}}}}}, Where: andAll(tests)}
	nw := *w
	pr := *w.Projection
	pr.Distinct = true
	pr.Items = slices.Clone(pr.Items)
	it := *pr.Items[countAt]
	it.Expr = &ast.Literal{Span: count.Span, Kind: ast.LitInt, Int: int64(n)}
	pr.Items[countAt] = &it
	nw.Projection = &pr
	nw.Where = nil
	if others := slices.Delete(slices.Clone(filters), eq, eq+1); len(others) > 0 {
		nw.Where = andAll(others)
	}
	return slices.Replace(slices.Clone(out), i, i+2, ast.Clause(match), ast.Clause(&nw)), true
}

// inDistinctLiterals reports whether c is `x IN L` with L a list literal
// of one or more distinct strings or booleans.
func inDistinctLiterals(c ast.Expr, x *ast.Property) bool {
	in, ok := c.(*ast.In)
	if !ok {
		return false
	}
	p, ok := in.Expr.(*ast.Property)
	if !ok || p.Key != x.Key || !sameVariable(p.Expr, x.Expr) {
		return false
	}
	list, ok := in.List.(*ast.ListLiteral)
	if !ok || len(list.Items) == 0 {
		return false
	}
	seen := map[any]bool{}
	for _, e := range list.Items {
		l, ok := e.(*ast.Literal)
		if !ok {
			return false
		}
		var v any
		switch l.Kind {
		case ast.LitString:
			v = l.Str
		case ast.LitBool:
			v = l.Bool
		default:
			return false
		}
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// sameVariable reports whether a and b are the same variable.
func sameVariable(a, b ast.Expr) bool {
	x, ok1 := a.(*ast.Variable)
	y, ok2 := b.(*ast.Variable)
	return ok1 && ok2 && x.Name == y.Name
}

// isVarEqualsInt reports whether c is `v = n` or `n = v`.
func isVarEqualsInt(c ast.Expr, v string, n int64) bool {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return false
	}
	for k := range 2 {
		vv, ok1 := cmp.Operands[k].(*ast.Variable)
		l, ok2 := cmp.Operands[1-k].(*ast.Literal)
		if ok1 && ok2 && vv.Name == v && l.Kind == ast.LitInt && l.Int == n {
			return true
		}
	}
	return false
}

// keyLabels returns the labels of the first node of el that binds v.
func keyLabels(el *ast.PatternElement, v string) ast.LabelExpr {
	for _, n := range el.Nodes {
		if n.Var != nil && n.Var.Name == v {
			return n.Labels
		}
	}
	return nil
}
