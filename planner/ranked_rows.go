package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A rank with no group (rankedSiblings: the siblings read no variable of
// the row, so one sort of their keys serves every row) enumerates every
// sibling and sorts their keys once, whatever rows reach it; the per-row
// form enumerates, for each row, only the matches its comparison and
// partitions let through (a seek or a prefiltered scan of the row's
// values). Many rows share the sort; one row pays all of it, where the
// per-row form reads the few matches of that row. So the rank is priced
// by the rows reaching it, as a body's value join is (body_rows.go): the
// siblings' pipeline once, its keys sorted (a sort priced by its rows, as
// the cost model prices Sort) and one probe per row, against the per-row
// pipeline once per row; the rank is read unless it costs clearly more
// (rankMargin). Both
// the cost model (rankedPipeline, with the rows before the operator) and
// code generation (rankedCount, with the chosen plan's estimate of the
// rows entering the operator) ask rankPays with the same figure, so the
// plan generated is the one priced.
//
// A rank with a group is sorted once per group and left as it is: its
// groups are the rows' values, priced by keyRuns.

// rankPays reports whether reading pattern p with WHERE where (the test
// or count, count for a count, rs its rank reading, sc the row's scope)
// as rs costs no more than the per-row form, for rows rows reaching it.
func (b *builder) rankPays(p *ast.Pattern, where ast.Expr, rs rankedSiblings, sc *scope, rows float64, count bool) bool {
	if len(rs.group) > 0 || rows <= 0 {
		return true
	}
	// The row's variables bound as any (the same in both callers).
	saved := b.outer
	b.outer = nil
	defer func() { b.outer = saved }()
	sib, err := b.rankedSiblingOps(p, rs, sc)
	if err != nil {
		return true
	}
	sibPl := &logical.Pipeline{Ops: sib}
	rank := b.cost(sibPl) + b.rowsAfter(sib) + rows
	per, err := b.perRowOps(p, where, sc, rows, count)
	if err != nil {
		return true
	}
	return rank <= rankMargin*rows*b.cost(&logical.Pipeline{Ops: per})
}

// rankMargin is how much cheaper the per-row form must be estimated to
// replace the rank: the per-row form's scans are priced by their batched
// tests (batchTestCost) and the rank's siblings by their rows, figures of
// different kinds whose ratio the estimates know only roughly; where the
// two are within that (a small graph, a few dozen rows), the rank stays,
// and one row reaching a rank over a label's matches (tens of times the
// per-row form's work) is well past it.
const rankMargin = 2

// perRowOps plans pattern p with WHERE where as code generation plans its
// per-row test or count (gen.exists): the rules run with the rows reaching
// it known.
func (b *builder) perRowOps(p *ast.Pattern, where ast.Expr, sc *scope, rows float64, count bool) ([]logical.Op, error) {
	ops, _, err := b.matchOps(p, where, sc)
	if err != nil || b.rowModeOnly {
		return ops, err
	}
	saved, savedRows, savedRels := b.joinOuter, b.bodyRows, b.bodyRels
	b.joinOuter, b.bodyRows, b.bodyRels = scopeEntities(sc), rows, scopeRels(sc)
	defer func() { b.joinOuter, b.bodyRows, b.bodyRels = saved, savedRows, savedRels }()
	ops = b.correlatedSemiJoins(ops, sc)
	return b.rewrite(ops, need{Live: newVarSet(), Bag: count}), nil
}
