package planner

import "github.com/cyqdb/cyq/parser/ast"

// Run-constant operands in nested predicate positions.
//
// A quantifier's WHERE (all(k IN relationships(p) WHERE k.since <
// datetime('2011-01-01T00:00:00Z'))) and a pattern's inline WHERE (a
// node's, a relationship's, a quantified path's) are tests as a MATCH's
// WHERE is: runConstants names their run-constant operands the same way,
// so that the planner reads `k.since < $(datetime('2011-...'))` as it
// reads `k.since < $since` (a comparison with a parameter cannot fail, and
// a test that cannot fail may move into a search or ahead of other
// operators).
//
// Why it is exact. An operand that reads no variable (runConstant: not
// the quantifier's own nor the pattern's) has one value per run, wherever
// it is written; the named parameter is computed from the run's
// parameters when the run first needs it (hoist), so a test whose
// quantifier list is empty, or that no row reaches, still computes
// nothing; and it is named only when it evaluates without error for the
// planning values, under the plan-cache class that holds the plan to runs
// where it does too (see run_constants.go).

// constQuantifier is quantifier q with the run-constant operands of its
// WHERE named.
func (b *builder) constQuantifier(q *ast.Quantifier) (ast.Expr, bool) {
	defer b.withEntity(elementVar(q))()
	w, ok := b.constOperands(q.Where)
	if !ok {
		return q, false
	}
	c := *q
	c.Where = w
	return &c, true
}

// constNodeInline is node pattern n's property map and inline WHERE with
// their run-constant operands named.
func (b *builder) constNodeInline(n *ast.NodePattern) (*ast.NodePattern, bool) {
	props, pok := b.constProps(n.Props)
	where, wok := b.constOperands(n.Where)
	if !pok && !wok {
		return n, false
	}
	c := *n
	c.Props, c.Where = props, where
	return &c, true
}

// constRelInline is relationship pattern r's property map and inline
// WHERE, or its quantified path's element and WHERE, with their
// run-constant operands named.
func (b *builder) constRelInline(r *ast.RelPattern) (*ast.RelPattern, bool) {
	props, pok := b.constProps(r.Props)
	where, wok := b.constOperands(r.Where)
	group, gok := r.Group, false
	if r.Group != nil {
		group, gok = b.constGroup(r.Group)
	}
	if !pok && !wok && !gok {
		return r, false
	}
	c := *r
	c.Props, c.Where, c.Group = props, where, group
	return &c, true
}

// constGroup is quantified path g with the run-constant operands of its
// element's inline tests and of its WHERE named.
func (b *builder) constGroup(g *ast.QuantifiedPath) (*ast.QuantifiedPath, bool) {
	el, eok := g.Element, false
	if g.Element != nil {
		el, eok = b.constElement(g.Element)
	}
	where, wok := b.constOperands(g.Where)
	if !eok && !wok {
		return g, false
	}
	c := *g
	c.Element, c.Where = el, where
	return &c, true
}

// constElement is pattern element el with the run-constant operands of
// its nodes' and relationships' property maps and inline tests named.
func (b *builder) constElement(el *ast.PatternElement) (*ast.PatternElement, bool) {
	nodes, nok := replaceItems(el.Nodes, b.constNodeInline)
	rels, rok := replaceItems(el.Rels, b.constRelInline)
	if !nok && !rok {
		return el, false
	}
	c := *el
	c.Nodes, c.Rels = nodes, rels
	return &c, true
}
