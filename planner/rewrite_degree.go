package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// useDegrees rewrites `(a)-->()` expansions whose rows are only counted
// (count(*) in the aggregation that follows) into a read of a's stored
// degree, summed instead of counted: no relationship is enumerated. It
// reports whether anything changed.
func (b *builder) useDegrees(pl *logical.Pipeline) bool {
	changed := false
	ops := pl.Ops
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || o.ToBound || o.RelBound || len(o.Distinct) > 0 || !isInternal(o.To) || !isInternal(o.Rel) {
			continue
		}
		agg := -1
	scan:
		for j := i + 1; j < len(ops); j++ {
			switch x := ops[j].(type) {
			case logical.Project, logical.Select, logical.Filter:
			case logical.NodeFilter:
				if x.Var == o.To {
					break scan
				}
			case logical.Aggregate:
				agg = j
				break scan
			default:
				break scan
			}
		}
		if agg < 0 {
			continue
		}
		a := ops[agg].(logical.Aggregate)
		if len(a.Aggs) == 0 {
			continue
		}
		allStar := true
		for _, c := range a.Aggs {
			allStar = allStar && c.Call.Star
		}
		if !allStar {
			continue
		}
		into := b.fresh("deg")
		ops[i] = logical.Degree{Var: o.From, Dir: o.Dir, Types: o.Types, Into: into}
		aggs := make([]logical.AggCall, len(a.Aggs))
		for k, c := range a.Aggs {
			aggs[k] = logical.AggCall{Name: c.Name, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{&ast.Variable{Name: into}}}}
		}
		a.Aggs = aggs
		ops[agg] = a
		changed = true
	}
	return changed
}
