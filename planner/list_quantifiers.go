package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// A quantifier over a list of a pattern's matches is a test on the
// matches (list_existence.go reads any/none/all so). This file widens
// what it reads to every quantifier whose test, with the element in the
// variable's place, is a predicate that cannot fail:
//
//   - the element may be any value that cannot fail and reads the
//     pattern, not only its variable: a property (`[(v)-->(w) | w.id]`),
//     an entity function, or a count or existence test of a pattern whose
//     reading cannot fail (`[(v)-->(w) | COUNT { (w)-->() }]`, `[(v)-->(w)
//     | EXISTS { (w)-->(v) }]`); the test gets it in the variable's place
//     wherever it reads the variable outside a scope of its own (a read
//     inside a nested comprehension or subquery leaves the quantifier as
//     written, so nothing is captured);
//   - the test must then be a predicate (true, false or null: the
//     quantifier raises an error on any other value, which EXISTS { }
//     would not) that cannot fail (safePredicate): the quantifier tests
//     every element, EXISTS { } stops at its first match, so a test that
//     may fail on a later element would raise in row mode only;
//   - single(v IN L WHERE q) is false when two elements pass, otherwise
//     null when one is null, otherwise whether one passes. With t =
//     COUNT { pattern WHERE w AND q } and n = EXISTS { pattern WHERE w AND
//     q IS NULL } it is true exactly when t = 1 AND NOT n, and false
//     exactly when t >= 2 OR (t <> 1 AND NOT n): a filter keeping its true
//     rows tests the first, one keeping its false rows (under NOT) the
//     negation of the second, t < 2 AND (t = 1 OR n). A test that is
//     never null (a null test, an existence test, a boolean literal, and
//     their AND, OR, XOR and NOT) has no n, and both are t = 1, which the
//     count rules answer with a degree or a count stopped at 2. The list
//     holds one element per match, so t counts the elements that pass.
//
// Reading a list's size compared with an integer (`WITH v, [(v)-->(w) |
// w.id] AS ids WHERE size(ids) > 0 AND all(x IN ids WHERE x > v.id)`) is
// also a test on the matches (normalize_subqueries.go reads size([...])
// > 0 as EXISTS { }), so a projected list read only so and by
// quantifiers folds into its filter (inlineListReads,
// foldProjectedTests).

// safeListElement reports whether e, a pattern comprehension's element
// (or a COLLECT { }'s returned item) over pattern p, is a value that
// cannot fail: one readsEntity accepts, or a count or existence test of a
// pattern whose reading cannot fail, with p's entities known.
func safeListElement(e ast.Expr, p *ast.Pattern) bool {
	if readsEntity(e, p) {
		return true
	}
	sp, where, _, ok := patternMatches(e)
	return ok && patternSafe(sp, where, patternEntities(p))
}

// quantifiedMatches returns the existence or count test that keeps the
// same rows as quantifier x over a list of matches in a filter that
// keeps the rows where x is true (pos) or false (not pos); false when x
// is not such a quantifier or its test cannot be moved (see above).
func quantifiedMatches(x *ast.Quantifier, pos bool, bound *scope) (ast.Expr, bool) {
	if x.Where == nil || x.Var == nil {
		return nil, false
	}
	p, w, el, ok := listMatches(x.In)
	if !ok || capturesIn(x.Where, p, bound, x.Var.Name) {
		return nil, false
	}
	q, ok := substituteListElement(x.Where, x.Var.Name, el)
	if !ok || !isPredicate(q) {
		return nil, false
	}
	entities := patternEntities(p)
	if bound != nil {
		for n, k := range bound.vars {
			if _, own := entities[n]; !own {
				entities[n] = k == kindNode || k == kindRel
			}
		}
	}
	// The row's variables of known kinds (a list collect() bound: `w IN
	// ms` cannot fail); the pattern's new variables are not among them.
	kinds := varKinds(bound, nil)
	if !safeQuantifierTest(q, entities, kinds) {
		return nil, false
	}
	q = foldMatchedNulls(q, patternEntities(p))
	switch x.Kind {
	case ast.QuantAny:
		return someMatch(x.Span, p, w, q, pos), true
	case ast.QuantNone:
		return not(x.Span, someMatch(x.Span, p, w, q, !pos)), true
	case ast.QuantAll:
		return not(x.Span, someMatch(x.Span, p, w, not(x.Span, q), !pos)), true
	case ast.QuantSingle:
		return singleMatch(x.Span, p, w, q, pos), true
	}
	return nil, false
}

// singleMatch is the test that keeps the rows single(v IN L WHERE q)
// keeps (pos: its true rows; not pos: its false rows) for L the list of
// matches of p filtered by w, q the test on a match (see above).
func singleMatch(sp ast.Span, p *ast.Pattern, w, q ast.Expr, pos bool) ast.Expr {
	filtered := func(t ast.Expr) ast.Expr {
		if isBool(t, true) {
			return w
		}
		if w != nil {
			return &ast.Binary{Span: sp, Op: ast.OpAnd, Left: w, Right: t}
		}
		return t
	}
	count := func(op ast.CompareOp, k int64) ast.Expr {
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{op}, Operands: []ast.Expr{
			&ast.CountSubquery{Span: sp, Pattern: p, Where: filtered(q)},
			&ast.Literal{Span: sp, Kind: ast.LitInt, Int: k},
		}}
	}
	one := count(ast.CmpEq, 1)
	if neverNullTest(q) {
		return one
	}
	nulls := &ast.ExistsSubquery{Span: sp, Pattern: p, Where: filtered(&ast.IsNull{Span: sp, Expr: q})}
	if pos {
		return &ast.Binary{Span: sp, Op: ast.OpAnd, Left: one, Right: not(sp, nulls)}
	}
	return &ast.Binary{Span: sp, Op: ast.OpAnd, Left: count(ast.CmpLt, 2),
		Right: &ast.Binary{Span: sp, Op: ast.OpOr, Left: one, Right: nulls}}
}

// neverNullTest reports whether predicate e is true or false on every
// row, never null: a null test, an existence test of a pattern, a
// boolean literal, and their AND, OR, XOR and NOT.
func neverNullTest(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.IsNull, *ast.ExistsSubquery:
		return true
	case *ast.PatternExpr:
		return x.Kind == ast.PathPlain
	case *ast.Literal:
		return x.Kind == ast.LitBool
	case *ast.Binary:
		return (x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor) && neverNullTest(x.Left) && neverNullTest(x.Right)
	case *ast.Unary:
		return x.Op == ast.OpNot && neverNullTest(x.Expr)
	}
	return false
}

// substituteListElement returns q with the element el in place of the
// variable v. A variable element is renamed in (substituteElement); any
// other goes where q reads v outside a scope of its own, and q is left
// as written (false) when it reads v inside one (a comprehension,
// quantifier, reduce() or subquery, which rewriteExpr does not enter:
// el's names could be captured there).
func substituteListElement(q ast.Expr, v string, el ast.Expr) (ast.Expr, bool) {
	if _, ok := el.(*ast.Variable); ok {
		return substituteElement(q, v, el)
	}
	out, _ := rewriteExpr(q, func(e ast.Expr) (ast.Expr, bool) {
		if x, ok := e.(*ast.Variable); ok && x.Name == v {
			return el, true
		}
		return e, false
	})
	left := false
	ast.Inspect(out, func(n ast.Node) bool {
		if x, ok := n.(*ast.Variable); ok && x.Name == v {
			left = true
		}
		return !left
	})
	if left {
		return nil, false
	}
	return out, true
}

// listSizeTest reports whether e compares size(name) with an integer
// literal (either side): a test on the number of the list's elements,
// which is the number of matches when name is a list of matches.
func listSizeTest(e ast.Expr, name string) (k int, ok bool) {
	c, isCmp := e.(*ast.Comparison)
	if !isCmp || len(c.Ops) != 1 || len(c.Operands) != 2 {
		return 0, false
	}
	for k := 0; k < 2; k++ {
		f, isCall := c.Operands[k].(*ast.FunctionCall)
		lit, isLit := c.Operands[1-k].(*ast.Literal)
		if !isCall || !isLit || lit.Kind != ast.LitInt || len(f.Namespace) > 0 || f.Distinct || f.Star ||
			len(f.Args) != 1 || !strings.EqualFold(f.Name, "size") {
			continue
		}
		if v, isVar := f.Args[0].(*ast.Variable); isVar && v.Name == name {
			return k, true
		}
	}
	return 0, false
}

// safeQuantifierTest reports whether q, a quantifier's test with the
// element in place, evaluates without error with the variables of
// entities nodes, relationships or null, and those kinds knows (the
// row's variables, varKinds) of their kinds: a predicate safePredicate
// accepts, a comparison of values that cannot fail or counts of
// patterns whose reading cannot fail (matchesSafe), and their AND, OR,
// XOR and NOT.
func safeQuantifierTest(q ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	if safePredicateKinds(q, entities, kinds) {
		return true
	}
	switch x := q.(type) {
	case *ast.Comparison:
		for _, o := range x.Operands {
			if !plainValueKinds(o, entities, kinds) && !matchesSafe(o, entities) {
				return false
			}
		}
		return true
	case *ast.Binary:
		return (x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor) &&
			safeQuantifierTest(x.Left, entities, kinds) && safeQuantifierTest(x.Right, entities, kinds)
	case *ast.Unary:
		return x.Op == ast.OpNot && safeQuantifierTest(x.Expr, entities, kinds)
	}
	return false
}

// foldMatchedNulls returns q with each null test of a variable of own
// (a node or relationship every match binds, never null) folded to the
// boolean it always is: `w IS NOT NULL` is true on every match.
func foldMatchedNulls(q ast.Expr, own map[string]bool) ast.Expr {
	out, _ := rewriteExpr(q, func(e ast.Expr) (ast.Expr, bool) {
		x, ok := e.(*ast.IsNull)
		if !ok {
			return e, false
		}
		if v, isVar := x.Expr.(*ast.Variable); isVar && own[v.Name] {
			return &ast.Literal{Span: x.Span, Kind: ast.LitBool, Bool: x.Not}, true
		}
		return e, false
	})
	return out
}
