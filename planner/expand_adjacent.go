package planner

import "github.com/cyqdb/cyq/planner/logical"

// expandAdjacent makes an expansion into a bound node one adjacency test
// (logical.Expand.Adjacent) when its consumers need only whether a
// relationship joins the two nodes: nothing reads the relationship, no
// later relationship must differ from it, it need differ from none, and
// the number of rows does not matter (an existence test, a DISTINCT or a
// duplicate-insensitive aggregate follows). `EXISTS { (a)-->(b) }` with a
// and b bound then tests b's membership in a's neighbours once instead of
// enumerating a's relationships to find the ones that reach b: a hub's
// thousand relationships were a thousand steps for one yes.
func expandAdjacent(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || o.Adjacent || !o.ToBound || o.RelBound || len(o.Distinct) > 0 {
			continue
		}
		after := req.After[i]
		if after.Bag || after.Live.has(o.Rel) {
			continue
		}
		o.Adjacent, o.Why = true, ""
		return replace(ops, i, 1, o), true
	}
	return ops, false
}
