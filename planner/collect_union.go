package planner

import (
	"maps"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// unionOfCollects rewrites `<clauses before> WITH k..., collect(e1) +
// collect(e2) + ... AS xs UNWIND xs AS y <next>` (the WITH at out[i])
// when next does not count duplicates: the set of rows (k..., y) the
// UNWIND gives is the union over the terms of the rows (k..., ej) of the
// clauses before with ej not null (collect drops nulls; DISTINCT in a
// term only removes duplicates the set does not see). It becomes
//
//	CALL { <before> WITH k..., e1 AS y WHERE y IS NOT NULL RETURN k..., y
//	       UNION ... } <next>
//
// which the planner reads as a union of node sets when y is a node
// (unionSets). Keys next does not read are dropped: the union of the
// per-group sets is the set over all rows. In each branch an OPTIONAL
// MATCH whose new variables nothing after it reads goes (it never drops a
// row, and a set does not count the rows it repeats) unless matching it
// may fail (failing_optionals.go), and the OPTIONAL
// MATCH that binds ej, when ej is a variable, is a MATCH (the rows where
// it is not null are the rows where the OPTIONAL MATCH matched), after
// which ej is never null and the test goes.
//
// Preconditions: the query imports nothing (the branches run the
// clauses before from the start); those clauses only read, and call no
// function whose value changes between calls (they run once per branch).
func (b *builder) unionOfCollects(out []ast.Clause, i int, sc *scope, keys []*ast.ProjectionItem, terms []*ast.FunctionCall, u *ast.Unwind) ([]ast.Clause, bool) {
	if len(sc.vars) > 0 || sc.imported != nil || i+2 >= len(out) || !setConsumer(out[i+2]) {
		return nil, false
	}
	prefix := out[:i]
	for _, c := range prefix {
		switch c.(type) {
		case *ast.Match, *ast.With, *ast.Unwind:
		default:
			return nil, false
		}
		if volatile(c) {
			return nil, false
		}
	}
	read := map[string]bool{}
	for _, c := range out[i+2:] {
		for n := range mentionedNames(c) {
			read[n] = true
		}
	}
	var kept []*ast.ProjectionItem
	for _, k := range keys {
		if read[k.Name()] {
			kept = append(kept, k)
		}
	}
	y := u.Var.Name
	w := out[i].(*ast.With)
	body := &ast.Query{Span: w.Span}
	for j, t := range terms {
		before, nonNull := b.unionBranchClauses(prefix, t.Args[0], kept)
		yv := &ast.Variable{Span: u.Var.Span, Name: y}
		items := append(slices.Clone(kept), &ast.ProjectionItem{Span: t.Span, Expr: t.Args[0], Alias: yv, Text: y})
		var clauses []ast.Clause
		if nonNull {
			clauses = append(before, &ast.Return{Span: w.Span, Projection: &ast.Projection{Span: w.Span, Items: items}})
		} else {
			names := make([]*ast.ProjectionItem, 0, len(items))
			for _, it := range items {
				names = append(names, &ast.ProjectionItem{Span: it.Span, Expr: &ast.Variable{Span: it.Span, Name: it.Name()}, Text: it.Name()})
			}
			clauses = append(before,
				&ast.With{Span: w.Span, Projection: &ast.Projection{Span: w.Span, Items: items}, Where: &ast.IsNull{Span: u.Span, Expr: yv, Not: true}},
				&ast.Return{Span: w.Span, Projection: &ast.Projection{Span: w.Span, Items: names}})
		}
		body.Parts = append(body.Parts, &ast.SingleQuery{Span: w.Span, Clauses: clauses})
		if j > 0 {
			body.All = append(body.All, false)
		}
	}
	call := &ast.CallSubquery{Span: w.Span, Body: body}
	return append([]ast.Clause{call}, out[i+2:]...), true
}

// setConsumer reports whether clause c gives the same rows for an input
// with any multiplicity of the same rows: a DISTINCT projection without
// aggregates, or one whose aggregates all ignore duplicates (DISTINCT,
// min, max).
func setConsumer(c ast.Clause) bool {
	pr, _, ok := projectionOf(c)
	if !ok || pr.Star {
		return false
	}
	aggs, dupSafe := 0, true
	for _, it := range pr.Items {
		visitExpr(it.Expr, func(x ast.Expr) bool {
			switch fc := x.(type) {
			case *ast.FunctionCall:
				if isAggregate(fc) {
					aggs++
					if fc.Star || !(fc.Distinct || strings.EqualFold(fc.Name, "min") || strings.EqualFold(fc.Name, "max")) {
						dupSafe = false
					}
					return false
				}
			case *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
				return false
			}
			return true
		})
	}
	if aggs == 0 {
		return pr.Distinct
	}
	return dupSafe
}

// volatile reports whether clause c calls a function whose value differs
// between calls with the same arguments.
func volatile(c ast.Clause) bool {
	found := false
	ast.Inspect(c, func(n ast.Node) bool {
		if fc, ok := n.(*ast.FunctionCall); ok {
			switch strings.ToLower(fc.Name) {
			case "rand", "randomuuid", "timestamp", "linenumber", "file":
				found = true
			}
		}
		return !found
	})
	return found
}

// unionBranchClauses returns the clauses before the collect as one
// branch of unionOfCollects runs them, for the term e and the kept keys:
// when they are all MATCH clauses, the OPTIONAL MATCHes whose new
// variables nothing after them reads and whose matching cannot fail go, and the one that binds e (a
// variable) becomes a MATCH; nonNull reports that e is then a variable
// a MATCH binds.
func (b *builder) unionBranchClauses(prefix []ast.Clause, e ast.Expr, keys []*ast.ProjectionItem) ([]ast.Clause, bool) {
	matches := make([]*ast.Match, len(prefix))
	for j, c := range prefix {
		m, ok := c.(*ast.Match)
		if !ok {
			return slices.Clone(prefix), false
		}
		matches[j] = m
	}
	// bound[j]: the variables clauses before j bind
	bound := make([]map[string]bool, len(matches)+1)
	bound[0] = map[string]bool{}
	for j, m := range matches {
		bound[j+1] = maps.Clone(bound[j])
		own := map[string]varKind{}
		addPatternKinds(m.Pattern, own)
		for n := range own {
			bound[j+1][n] = true
		}
	}
	needed := mentionedNames(e)
	for _, k := range keys {
		for n := range mentionedNames(k.Expr) {
			needed[n] = true
		}
	}
	ev, isVar := e.(*ast.Variable)
	nonNull := false
	var kept []ast.Clause
	for j := len(matches) - 1; j >= 0; j-- {
		m := matches[j]
		own := map[string]varKind{}
		addPatternKinds(m.Pattern, own)
		read := false
		for n := range own {
			read = read || (!bound[j][n] && needed[n])
		}
		if m.Optional && !read && !b.optionalMayFail(prefix, j) {
			continue // it only repeats rows, and cannot fail (failing_optionals.go)
		}
		if isVar && !bound[j][ev.Name] {
			if _, binds := own[ev.Name]; binds {
				if m.Optional {
					c := *m
					c.Optional = false
					m = &c
				}
				nonNull = true
			}
		}
		for n := range mentionedNames(m) {
			needed[n] = true
		}
		kept = append(kept, m)
	}
	slices.Reverse(kept)
	return kept, nonNull
}
