package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// unifyEquals makes one variable of two that a WHERE of a run of plain
// MATCH clauses equates: `x = y` or `id(x) = id(y)` (elementId too) of two
// nodes, or of two relationships bound by different clauses of the run.
// Every variable a plain MATCH binds is bound on every row it yields (it
// is never null), so on the rows that pass the WHERE both hold the same
// entity, and the rows of the run with y written as x everywhere (its
// patterns, property maps and WHERE) are exactly those rows: a node named
// twice is one node, and its labels and properties are those both
// occurrences ask for (`MATCH (a)-->(x) MATCH (b:B) WHERE b = x` is
// `MATCH (a)-->(x) MATCH (x:B)`; `MATCH (a)-->(x), (b)-->(y) WHERE x = y`
// is `MATCH (a)-->(x), (b)-->(x)`, the common neighbours of a and b;
// `MATCH (a)-->(b)-->(c)-->(d) WHERE d = a` is the cycle through a).
// Relationship uniqueness is not changed: within one MATCH two
// relationship patterns never bind the same relationship, so r1 = r2 of
// two relationships of one clause is false, and is left as written.
//
// At least one of the two must be bound by the run itself, and is the
// one renamed: a variable bound before it may be null (an OPTIONAL
// MATCH's, passed on), where the equality is null and drops the row, as
// the run's pattern through the null node does: it matches nothing. Two
// variables bound before the run are left alone (each may be null). An
// OPTIONAL MATCH ends a run, so its own variables are never unified. The variable
// kept is the one the clauses after the run read, when only one of them
// is, else the one the run names first; when both are (or a projection
// reads all with *), a `WITH *, x AS
// y` after the run binds the other under its own name again, so that the
// columns keep their names.
//
// later are the clauses after the run; outer the variables bound before
// it. It returns the run as rewritten and the alias to place after it
// (nil for none).
func unifyEquals(run []ast.Clause, outer map[string]varKind, later []ast.Clause) ([]ast.Clause, []ast.Clause) {
	var aliases []ast.Clause
	for round := 0; round < maxRuleRounds; round++ {
		next, alias, ok := unifyOne(run, outer, later)
		if !ok {
			break
		}
		run = next
		if alias != nil {
			aliases = append(aliases, alias)
		}
	}
	return run, aliases
}

// unifyOne unifies the first pair of variables of run an equality joins
// (see unifyEquals).
func unifyOne(run []ast.Clause, outer map[string]varKind, later []ast.Clause) ([]ast.Clause, ast.Clause, bool) {
	kinds := map[string]varKind{}
	clauseOf := map[string][]int{} // the clauses of the run that bind each relationship
	first := map[string]int{}      // the order in which the run first names each variable
	for _, c := range run {
		ast.Inspect(c, func(n ast.Node) bool {
			if v, ok := n.(*ast.Variable); ok {
				if _, seen := first[v.Name]; !seen {
					first[v.Name] = len(first)
				}
			}
			return true
		})
	}
	for k, c := range run {
		m := c.(*ast.Match)
		own := map[string]varKind{}
		addPatternKinds(m.Pattern, own)
		for n, kd := range own {
			if prev, ok := kinds[n]; ok && prev != kd {
				kinds[n] = kindValue // bound as two kinds: an error the binder reports
				continue
			}
			kinds[n] = kd
			if kd == kindRel {
				clauseOf[n] = append(clauseOf[n], k)
			}
		}
	}
	for k, c := range run {
		m := c.(*ast.Match)
		cs := conjunctsOf(m.Where)
		for ci, cj := range cs {
			x, y, ok := nodeEquality(cj)
			if !ok {
				continue
			}
			fixed, ok := unifiable(x, y, kinds, outer, clauseOf)
			if !ok {
				continue
			}
			keep, drop := x, y
			if first[y] < first[x] {
				keep, drop = y, x
			}
			needX, needY := readLater(later, x), readLater(later, y)
			if needX != needY {
				keep, drop = x, y
				if needY {
					keep, drop = y, x
				}
			}
			if fixed != "" && keep != fixed {
				keep, drop = drop, keep
			}
			rest := append(append([]ast.Expr(nil), cs[:ci]...), cs[ci+1:]...)
			out, ok := renameRun(run, k, rest, drop, keep)
			if !ok {
				continue
			}
			var alias ast.Clause
			if needX && drop == x || needY && drop == y {
				alias = &ast.With{Span: m.Span, Projection: &ast.Projection{Span: m.Span, Star: true,
					Items: []*ast.ProjectionItem{{Span: cj.NodeSpan(), Expr: &ast.Variable{Span: cj.NodeSpan(), Name: keep},
						Alias: &ast.Variable{Span: cj.NodeSpan(), Name: drop}, Text: drop}}}}
			}
			return out, alias, true
		}
	}
	return run, nil, false
}

// unifiable reports whether x and y are both nodes, or both
// relationships bound by different clauses, that the run binds, or of
// which one is bound before the run (outer) and the other by it; fixed
// is then the one bound before, which the renaming must keep. (A node
// bound before may be null, where x = y is null; the run's pattern
// through a null node matches nothing either.)
func unifiable(x, y string, kinds, outer map[string]varKind, clauseOf map[string][]int) (fixed string, ok bool) {
	kx, inX := kinds[x]
	ky, inY := kinds[y]
	ox, outX := outer[x]
	oy, outY := outer[y]
	switch {
	case outX && outY:
		return "", false
	case outX:
		if !inY || ox != ky {
			return "", false
		}
		kx, fixed = ox, x
	case outY:
		if !inX || oy != kx {
			return "", false
		}
		ky, fixed = oy, y
	case !inX || !inY || kx != ky:
		return "", false
	}
	switch kx {
	case kindNode:
		return fixed, true
	case kindRel:
		for _, i := range clauseOf[x] {
			for _, j := range clauseOf[y] {
				if i == j {
					return "", false // one clause: distinct relationships by uniqueness
				}
			}
		}
		return fixed, true
	}
	return "", false
}

// readLater reports whether a clause of later reads variable v (a
// projection with * reads every variable).
func readLater(later []ast.Clause, v string) bool {
	for _, c := range later {
		star := false
		ast.Inspect(c, func(n ast.Node) bool {
			if p, ok := n.(*ast.Projection); ok && p.Star {
				star = true
			}
			return !star
		})
		if star || mentionedNames(c)[v] {
			return true
		}
	}
	return false
}

// renameRun is run with the WHERE of clause k made of the conjuncts rest,
// and drop named keep in every clause; ok is false when a clause holds
// an expression the renaming does not follow.
func renameRun(run []ast.Clause, k int, rest []ast.Expr, drop, keep string) ([]ast.Clause, bool) {
	out := make([]ast.Clause, len(run))
	for i, c := range run {
		m := c.(*ast.Match)
		if i == k {
			nm := *m
			nm.Where = nil
			if len(rest) > 0 {
				nm.Where = andOf(rest)
			}
			m = &nm
		}
		r, ok := renameClause(m, renamingOf(m, map[string]string{drop: keep}))
		if !ok {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}

// nodeEquality reads c as u = v, id(u) = id(v) or elementId(u) =
// elementId(v) of two distinct variables.
func nodeEquality(c ast.Expr) (string, string, bool) {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return "", "", false
	}
	var names, fns [2]string
	for k, o := range cmp.Operands {
		if f, isCall := o.(*ast.FunctionCall); isCall {
			fns[k] = strings.ToLower(f.Name)
			if len(f.Namespace) != 0 || f.Distinct || len(f.Args) != 1 || fns[k] != "id" && fns[k] != "elementid" {
				return "", "", false
			}
			o = f.Args[0]
		}
		v, isVar := varName(o)
		if !isVar {
			return "", "", false
		}
		names[k] = v
	}
	// id(u) = v compares an id with an entity, id(u) = elementId(v) an
	// integer with a string: neither is the entities' equality.
	if names[0] == names[1] || fns[0] != fns[1] {
		return "", "", false
	}
	return names[0], names[1], true
}
