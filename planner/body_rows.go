package planner

import "github.com/cyqdb/cyq/planner/logical"

// A pattern tested or counted per row (EXISTS { }, COUNT { }, a pattern
// predicate or comprehension) is planned knowing how many rows reach it:
// a value join or key count inside it builds its table once, when the
// first row arrives, and every later row only probes it, so the build's
// work is shared by all the rows that reach the pattern. That number is
// the estimate of the rows entering the operator that evaluates the
// pattern: the estimate of the operators before it in the plan being
// priced (plan_cost.go, exprPipelineOrDegree) and, when code is
// generated, the chosen plan's estimate for the operator being emitted
// (gen.curRows), the same figure, so that the plan code generation
// builds is the one the cost model priced.

// rowsIn maps each top-level operator of p to the estimated number of
// rows entering it: the estimate of the operator before it in its
// pipeline, one for a pipeline's first.
func rowsIn(p *logical.Plan) map[*logical.Op]float64 {
	out := map[*logical.Op]float64{}
	for _, pl := range p.Pipelines {
		for i := range pl.Ops {
			rows := 1.0
			if i > 0 && i-1 < len(pl.Est) {
				rows = pl.Est[i-1]
			}
			out[&pl.Ops[i]] = rows
		}
	}
	return out
}
