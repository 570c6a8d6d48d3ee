package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A CASE evaluates its conditions in order and stops at the first that
// holds: a row reaches the k-th WHEN only when every earlier condition
// failed, and runs a THEN only when its condition held. Priced that way,
// a CASE of increasing-depth EXISTS tests costs the tests a row is
// expected to run (the deep ones rarely, when the shallow ones usually
// hold), not the sum of every branch's worst case.

// caseBranch is an expression of a CASE and the share of the rows that
// evaluate it.
type caseBranch struct {
	expr  ast.Expr
	share float64
}

// caseBranches returns the parts of c with the share of the rows
// entering ops[i] that evaluate each: the subject (simple form) and the
// first condition every row, a later condition the rows whose earlier
// conditions all failed, a THEN the rows reaching its condition times the
// chance it holds, the ELSE the rest. A simple CASE's values are
// compared, not tested: each is taken as likely as the next.
func (b *builder) caseBranches(ops []logical.Op, i int, c *ast.Case, sel *selectivity) []caseBranch {
	var out []caseBranch
	if c.Subject != nil {
		out = append(out, caseBranch{c.Subject, 1})
	}
	reach := 1.0
	for _, w := range c.Whens {
		p := 1 / float64(len(c.Whens)+1)
		if c.Subject == nil {
			p = b.conditionChance(ops, i, w.When, sel)
		}
		out = append(out, caseBranch{w.When, reach}, caseBranch{w.Then, reach * p})
		reach *= 1 - p
	}
	if c.Else != nil {
		out = append(out, caseBranch{c.Else, reach})
	}
	return out
}

// conditionChance is the chance that condition e holds on a row entering
// ops[i]: for a pattern's existence, that at least one of the matches
// its pipeline is estimated to give per row is there (1 - e^-matches);
// for a literal, 1 when it is true and 0 otherwise;
// for a mark a semi-join bound before, the share of rows it marks; for
// other predicates their selectivity.
func (b *builder) conditionChance(ops []logical.Op, i int, e ast.Expr, sel *selectivity) float64 {
	if l, ok := e.(*ast.Literal); ok {
		if l.Kind == ast.LitBool && l.Bool {
			return 1
		}
		return 0 // false, or null: not true
	}
	if v, ok := e.(*ast.Variable); ok {
		for _, op := range ops[:i] {
			if m, isMark := op.(logical.Mark); isMark && m.Var == v.Name {
				return math.Min(1, b.semiJoinFraction(m.Join, math.Max(b.stats.NodeCount(), 1), 0))
			}
		}
	}
	if _, _, _, ok := patternMatches(e); ok {
		if n, ok := b.perRowMatches(ops, i, e, sel); ok {
			return 1 - math.Exp(-n)
		}
	}
	return math.Min(1, sel.of(e))
}
