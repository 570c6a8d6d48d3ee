package planner

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/planner/logical"
)

// TestUnwindOfCollectedList checks that an UNWIND of a list an
// aggregation collected is estimated to give back the rows that went into
// the collect (per group), and a slice [..k] of it at most k per list,
// so that collect-then-UNWIND prices like the rows it passes on. (A list
// read nowhere after its UNWIND is no list at all: see uncollect.)
func TestUnwindOfCollectedList(t *testing.T) {
	for _, c := range []struct {
		q    string
		want func(in float64) float64 // the rows after the UNWIND, from the rows into the collect
	}{
		{"MATCH (a:User) WITH collect(a) AS xs UNWIND xs AS a RETURN a, size(xs) AS n", func(in float64) float64 { return in }},
		{"MATCH (a:User) WITH collect([a, 1]) AS xs UNWIND xs AS r RETURN r, size(xs) AS n", func(in float64) float64 { return in }},
		{"MATCH (a:User) WITH collect(a)[..5] AS xs UNWIND xs AS a RETURN a, size(xs) AS n", func(in float64) float64 { return math.Min(in, 5) }},
		{"MATCH (a:User) WITH collect(a) AS xs WITH xs[..3] AS ys UNWIND ys AS a RETURN a", func(in float64) float64 { return math.Min(in, 3) }},
	} {
		comp := compileFake(t, c.q)
		pl := comp.Plan.Pipelines[0]
		in, out := -1.0, -1.0
		for i, op := range pl.Ops {
			switch op.(type) {
			case logical.Aggregate:
				in = pl.Est[i-1]
			case logical.Unwind:
				out = pl.Est[i]
			}
		}
		if in < 0 || out < 0 {
			t.Fatalf("%s: no aggregation or UNWIND\n%s", c.q, comp.Plan.Explain())
		}
		if want := c.want(in); math.Abs(out-want) > 1e-9*math.Max(1, want) {
			t.Errorf("%s: UNWIND estimated at %.4g rows, want %.4g (%.4g collected)\n%s", c.q, out, want, in, comp.Plan.Explain())
		}
	}
}
