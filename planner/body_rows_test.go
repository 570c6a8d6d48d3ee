package planner

import (
	"testing"

	"github.com/cyqdb/cyq/planner/logical"
)

// TestRowsIn checks that each operator is given the estimate of the rows
// entering it: the estimate after the operator before it, one for a
// pipeline's first, in every pipeline of a plan.
func TestRowsIn(t *testing.T) {
	a := &logical.Pipeline{Ops: []logical.Op{logical.Start{}, logical.NodeScan{Var: "a"}, logical.Filter{}}, Est: []float64{1, 40, 7}}
	b := &logical.Pipeline{Ops: []logical.Op{logical.Start{}, logical.NodeScan{Var: "b"}}, Est: []float64{1, 3}}
	got := rowsIn(&logical.Plan{Pipelines: []*logical.Pipeline{a, b}})
	for _, c := range []struct {
		op   *logical.Op
		want float64
	}{
		{&a.Ops[0], 1}, {&a.Ops[1], 1}, {&a.Ops[2], 40},
		{&b.Ops[0], 1}, {&b.Ops[1], 1},
	} {
		if got[c.op] != c.want {
			t.Errorf("%v: %g rows in, want %g", *c.op, got[c.op], c.want)
		}
	}
	if len(got) != 5 {
		t.Errorf("%d operators given rows, want 5", len(got))
	}
}
