package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// unwoundComprehensions reads an UNWIND of a pattern comprehension as the
// matches of its pattern: `UNWIND [p WHERE w | e] AS x` is `MATCH p WHERE
// w WITH *, e AS x`. The comprehension holds one element per match of p
// (bound variables read as they are, relationships of p distinct from one
// another, as in a MATCH), e evaluated on each, so the UNWIND gives one
// row per match with x = e: the rows of the MATCH, e projected. An input
// row with no match gives an empty list, hence no row, as the MATCH
// gives none. Only the order of the rows may differ, which nothing
// observes without an ORDER BY.
//
// `UNWIND [null] + [p WHERE w | e] AS x` (or the comprehension then
// [null]) gives, for each input row, a row with x null and one per match.
// Where the next clause aggregates with aggregates that all ignore
// duplicates (DISTINCT ones, min, max), reads x only as the argument of
// aggregates (x itself or a property of it, whose nulls they skip) and
// not among its grouping keys, that is `OPTIONAL MATCH p WHERE w WITH *,
// e AS x` when e is a variable p binds (or a property of one), null when
// p has no match: both give each input row's keys at least once with x
// null or the values of e, and the null row of the written form adds
// nothing such aggregates see.
//
// Preconditions: the variables p binds (its path variable, nodes and
// relationships not bound before) are named by no later clause, and no
// later projection is `*` (they would be in scope where the comprehension
// kept them local); x is not bound before.
func unwoundComprehensions(clauses []ast.Clause, sc *scope) []ast.Clause {
	out := clauses
	kinds := scopeKinds(sc)
	for i := 0; i < len(out) && kinds != nil; i++ {
		if w, ok := out[i].(*ast.With); ok && i+1 < len(out) {
			if u, ok := out[i+1].(*ast.Unwind); ok {
				if nw, nu, ok := inlinedUnwoundList(w, u, out[i+2:], kinds); ok {
					out = slices.Concat(out[:i:i], []ast.Clause{nw, nu}, out[i+2:])
				}
			}
		}
		if u, ok := out[i].(*ast.Unwind); ok {
			if rep, ok := unwoundComprehension(u, out[i+1:], kinds); ok {
				out = slices.Concat(out[:i:i], rep, out[i+1:])
			} else if call, ok := unwoundConcatenation(u, out[i+1:], kinds); ok {
				out = slices.Concat(out[:i:i], []ast.Clause{call}, out[i+1:])
			}
		}
		kinds = followScope(out[i], kinds, sc)
	}
	return out
}

// unwoundComprehension returns the clauses standing for UNWIND u (see
// unwoundComprehensions), given the clauses after it and the variables
// bound before it.
func unwoundComprehension(u *ast.Unwind, after []ast.Clause, kinds map[string]varKind) ([]ast.Clause, bool) {
	x := u.Var.Name
	if _, bound := kinds[x]; bound {
		return nil, false
	}
	pc, optional := unwoundPattern(u.Expr)
	if pc == nil {
		return nil, false
	}
	part := &ast.PatternPart{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}
	pat := &ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{part}}
	bound := map[string]varKind{}
	addPatternKinds(pat, bound)
	fresh := map[string]bool{}
	for n := range bound {
		if _, ok := kinds[n]; !ok {
			fresh[n] = true
		}
	}
	ev, sameVar := pc.Map.(*ast.Variable)
	sameVar = sameVar && ev.Name == x && fresh[x]
	for n := range fresh {
		if (n != x || !sameVar) && mentions(after, n) {
			return nil, false
		}
	}
	for _, c := range after {
		if pr := clauseProjection(c); pr != nil && pr.Star {
			return nil, false
		}
	}
	if optional && (!nullWhenUnmatched(pc.Map, fresh) || len(after) == 0 || !nullRowUnseen(after[0], x)) {
		return nil, false
	}
	if ev, ok := pc.Map.(*ast.Variable); ok && !entityFits(ev.Name, bound, kinds, after, x) {
		return nil, false
	}
	m := &ast.Match{Span: u.Span, Optional: optional, Pattern: pat, Where: pc.Where}
	if sameVar {
		return []ast.Clause{m}, true
	}
	bind := &ast.With{Span: u.Span, Projection: &ast.Projection{Span: u.Span, Star: true, Items: []*ast.ProjectionItem{
		{Span: u.Span, Expr: pc.Map, Alias: &ast.Variable{Span: u.Var.Span, Name: x}, Text: x}}}}
	return []ast.Clause{m, bind}, true
}

// unwoundPattern is the pattern comprehension list e unwinds, and whether
// e adds a null element to it ([null] + it, or it + [null]).
func unwoundPattern(e ast.Expr) (*ast.PatternComprehension, bool) {
	if pc, ok := e.(*ast.PatternComprehension); ok {
		return pc, false
	}
	b, ok := e.(*ast.Binary)
	if !ok || b.Op != ast.OpAdd {
		return nil, false
	}
	if pc, ok := b.Right.(*ast.PatternComprehension); ok && nullSingleton(b.Left) {
		return pc, true
	}
	if pc, ok := b.Left.(*ast.PatternComprehension); ok && nullSingleton(b.Right) {
		return pc, true
	}
	return nil, false
}

// nullSingleton reports whether e is the list literal [null].
func nullSingleton(e ast.Expr) bool {
	l, ok := e.(*ast.ListLiteral)
	if !ok || len(l.Items) != 1 {
		return false
	}
	lit, ok := l.Items[0].(*ast.Literal)
	return ok && lit.Kind == ast.LitNull
}

// nullWhenUnmatched reports whether e is a variable of fresh or a
// property of one: null on the row OPTIONAL MATCH gives when its pattern
// has no match.
func nullWhenUnmatched(e ast.Expr, fresh map[string]bool) bool {
	if p, ok := e.(*ast.Property); ok {
		e = p.Expr
	}
	v, ok := e.(*ast.Variable)
	return ok && fresh[v.Name]
}

// clauseProjection is the projection of a WITH or RETURN, else nil.
func clauseProjection(c ast.Clause) *ast.Projection {
	switch y := c.(type) {
	case *ast.With:
		return y.Projection
	case *ast.Return:
		return y.Projection
	}
	return nil
}

// nullRowUnseen reports whether clause c aggregates so that a row with x
// null, next to rows with the same other values, changes nothing: its
// aggregates all ignore duplicates, x is read only as the whole argument
// of an aggregate (or a property of it), never a grouping key, an ORDER
// BY key or in a WHERE.
func nullRowUnseen(c ast.Clause, x string) bool {
	pr := clauseProjection(c)
	if pr == nil || pr.Star || !projectionAggregates(pr) || !aggregatesIgnoreDuplicates(pr) {
		return false
	}
	if w, ok := c.(*ast.With); ok && w.Where != nil && mentionedNames(w.Where)[x] {
		return false
	}
	for _, o := range pr.OrderBy {
		if mentionedNames(o.Expr)[x] {
			return false
		}
	}
	for _, it := range pr.Items {
		if !mentionedNames(it.Expr)[x] {
			continue
		}
		if !containsAggregate(it.Expr) {
			return false // a grouping key
		}
		ok := true
		visitExpr(it.Expr, func(e ast.Expr) bool {
			if !ok {
				return false
			}
			switch y := e.(type) {
			case *ast.FunctionCall:
				if isAggregate(y) && mentionedNames(y)[x] {
					if len(y.Args) != 1 || !argOf(y.Args[0], x) || !(y.Distinct || strings.EqualFold(y.Name, "min") || strings.EqualFold(y.Name, "max")) {
						ok = false
					}
					return false
				}
			case *ast.Variable:
				if y.Name == x {
					ok = false // read outside an aggregate
				}
			}
			return true
		})
		if !ok {
			return false
		}
	}
	return true
}

// argOf reports whether e is variable x or a property of it.
func argOf(e ast.Expr, x string) bool {
	if p, ok := e.(*ast.Property); ok {
		e = p.Expr
	}
	return isVar(e, x)
}

// entityFits reports whether x, bound to the entity variable e (of the
// pattern's kinds bound or the row's kinds), may take e's kind for the
// clauses after: a later pattern naming x where another kind is needed
// (a relationship or a path where a node is, a node where a relationship
// is) would then be a conflict found at planning, where the written
// UNWIND gives x a value checked per row, raising an error only when a
// row reaches the pattern.
func entityFits(e string, bound, kinds map[string]varKind, after []ast.Clause, x string) bool {
	k, ok := bound[e]
	if !ok {
		if k, ok = kinds[e]; !ok {
			return true // not an entity: a value either way
		}
	}
	if k == kindValue {
		return true
	}
	fits := true
	for _, c := range after {
		ast.Inspect(c, func(n ast.Node) bool {
			switch p := n.(type) {
			case *ast.NodePattern:
				if p.Var != nil && p.Var.Name == x && k != kindNode {
					fits = false
				}
			case *ast.RelPattern:
				if p.Var != nil && p.Var.Name == x && k != kindRel {
					fits = false
				}
			}
			return fits
		})
	}
	return fits
}
