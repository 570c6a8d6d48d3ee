package planner

import (
	"math"

	"github.com/cyqdb/cyq/planner/logical"
)

// Rows of a CALL { } subquery.
//
// A CALL runs its branches for each row that enters it (code generation
// inlines them: an uncorrelated CALL runs per row too, so planCost
// charges every branch's cost once per entering row, see pipelineCost),
// and each entering row leaves as many times as the branches return rows
// for it: one branch's rows, the sum of the branches' for UNION ALL, the
// distinct ones among them for UNION. A unit subquery (no RETURN) passes
// each row on once.
//
// Without this the rows after a CALL were the rows before it, so
// everything after a CALL that returns many rows per row (a sort, an
// aggregation, a further expansion) was priced for one, and the UNION
// ALL of a pattern's two directions cost less than the pattern.

// callRows is the number of rows a CALL o returns per entering row, its
// branches estimated with the variables of the rows before it bound as
// sel records them.
func (b *builder) callRows(o logical.CallSubquery, sel *selectivity) float64 {
	if len(o.Columns) == 0 {
		return 1
	}
	saved := b.outer
	b.outer = sel
	defer func() { b.outer = saved }()
	sum, most := 0.0, 0.0
	for _, br := range o.Children() {
		r := b.branchRows(br)
		sum += r
		most = math.Max(most, r)
	}
	if o.UnionAll || len(o.Union) == 0 {
		return sum
	}
	// UNION drops duplicates within and across branches: at least the
	// largest branch's rows.
	return math.Max(most, sum*distinctFraction)
}

// branchRows is the number of rows branch br returns for one entering
// row: its last operator's estimate, on a copy (the branch's own
// estimates are its plan's, made when it was planned).
func (b *builder) branchRows(br *logical.Pipeline) float64 {
	if len(br.Ops) == 0 {
		return 0
	}
	c := &logical.Pipeline{Ops: append([]logical.Op(nil), br.Ops...)}
	b.estimate(c)
	return c.Est[len(c.Est)-1]
}
