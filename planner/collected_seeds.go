package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// collectedSeeds reads a list of nodes collected only to seed the next
// MATCH as the rows it was collected from: `MATCH ... (v) ... WITH k...,
// collect(v) AS xs MATCH pattern WHERE o IN xs AND w` is `WITH DISTINCT
// k..., v AS o MATCH pattern WHERE w`. o IN xs binds o to each distinct
// node of the list once (a membership test, not a row per element), the
// list holds the nodes of v in the group's rows (collect drops nulls;
// v, a node the MATCH right before binds, is never null there), and an
// input of no rows gives one empty list, hence no rows, as the rows
// themselves give none; with grouping keys each group's nodes go with
// its keys. So the rows are the same, and the MATCH then runs from o
// bound by rows, where a set chain may cross the boundary (see
// chain_boundaries.go) instead of seeking the list per row.
//
// Preconditions: the clause before the WITH is a MATCH (not OPTIONAL)
// binding v as a node outside any quantified part; the WITH has one
// aggregate item, collect(v) or collect(DISTINCT v) of that variable, the
// others being grouping keys, and no WHERE, ORDER BY, SKIP, LIMIT,
// DISTINCT or *; the next clause is a MATCH (not OPTIONAL) binding o as
// a node outside any quantified part, o not a key, whose WHERE has the
// conjunct o IN xs; xs is read nowhere else.
func collectedSeeds(clauses []ast.Clause) []ast.Clause {
	out := slices.Clone(clauses)
	for i := 1; i+1 < len(out); i++ {
		if r, ok := collectedSeedAt(out, i); ok {
			out = r
		}
	}
	return out
}

// collectedSeedAt rewrites the WITH at out[i] and the MATCH after it when
// they are a collect of nodes and a membership test seeding the MATCH.
func collectedSeedAt(out []ast.Clause, i int) ([]ast.Clause, bool) {
	before, ok := out[i-1].(*ast.Match)
	if !ok || before.Optional {
		return nil, false
	}
	w, keys, list, ok := aggregatingWith(out[i])
	if !ok {
		return nil, false
	}
	c, ok := list.Expr.(*ast.FunctionCall)
	if !ok || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "collect") {
		return nil, false
	}
	v, ok := c.Args[0].(*ast.Variable)
	if !ok || !plainNodeVars(before.Pattern)[v.Name] {
		return nil, false
	}
	m, ok := out[i+1].(*ast.Match)
	if !ok || m.Optional || m.Where == nil {
		return nil, false
	}
	xs := list.Alias.Name
	nodes := plainNodeVars(m.Pattern)
	var rest []ast.Expr
	o := ""
	for _, cj := range conjuncts(m.Where) {
		if in, ok := cj.(*ast.In); ok && o == "" && isVar(in.List, xs) {
			if x, ok := in.Expr.(*ast.Variable); ok && nodes[x.Name] {
				o = x.Name
				continue
			}
		}
		rest = append(rest, cj)
	}
	if o == "" {
		return nil, false
	}
	for _, k := range keys {
		if k.Name() == o {
			return nil, false
		}
	}
	nm := &ast.Match{Span: m.Span, Pattern: m.Pattern}
	if len(rest) > 0 {
		nm.Where = andAll(rest)
	}
	if mentionedNames(nm)[xs] || mentions(out[i+2:], xs) {
		return nil, false
	}
	ov := &ast.Variable{Span: list.Alias.Span, Name: o}
	items := append(slices.Clone(keys), &ast.ProjectionItem{Span: list.Span, Expr: v, Alias: ov, Text: list.Text})
	nw := &ast.With{Span: w.Span, Projection: &ast.Projection{Span: w.Projection.Span, Distinct: true, Items: items}}
	return slices.Replace(out, i, i+2, ast.Clause(nw), ast.Clause(nm)), true
}

// plainNodeVars returns the node variables a pattern binds outside any
// quantified part (those are lists of nodes) and path selectors.
func plainNodeVars(p *ast.Pattern) map[string]bool {
	out := map[string]bool{}
	if p == nil {
		return out
	}
	for _, part := range p.Parts {
		if part.Element == nil {
			continue
		}
		for _, r := range part.Element.Rels {
			if r.Quantified() {
				return map[string]bool{}
			}
		}
		for _, n := range part.Element.Nodes {
			if n.Var != nil && !n.Implicit {
				out[n.Var.Name] = true
			}
		}
	}
	return out
}
