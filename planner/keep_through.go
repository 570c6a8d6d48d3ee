package planner

import "github.com/cyqdb/cyq/planner/logical"

// keepThrough returns ops with column v added to every Select among
// ops[from:to]: a rule that binds a new column at from for an operator
// at to (a count the aggregation sums) must have it pass the WITH
// clauses between, which select only the variables the query wrote.
// ops itself is not changed.
func keepThrough(ops []logical.Op, from, to int, v string) []logical.Op {
	out := ops
	copied := false
	for j := from; j < to && j < len(ops); j++ {
		s, ok := ops[j].(logical.Select)
		if !ok {
			continue
		}
		if !copied {
			out, copied = append([]logical.Op(nil), ops...), true
		}
		out[j] = logical.Select{Vars: append(append([]string(nil), s.Vars...), v)}
	}
	return out
}
