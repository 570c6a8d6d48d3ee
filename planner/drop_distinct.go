package planner

import "github.com/cyqdb/cyq/planner/logical"

// dropDistinct removes a DISTINCT whose consumers ignore how often a row
// occurs (the required-properties analysis: no Bag after it) and read
// only variables it deduplicates on: a GraphProgram statement's `RETURN
// DISTINCT t` collected into a set, `WITH DISTINCT a RETURN
// count(DISTINCT a)`, a branch of a UNION. The rows that reach the
// consumer are then the same set, only repeated, and the hash table the
// DISTINCT builds row by row is saved (a set-at-a-time operator before it
// hands its set on as is).
func dropDistinct(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		d, ok := op.(logical.Distinct)
		if !ok {
			continue
		}
		after := req.After[i]
		if after.Bag || after.Live.all || after.Live.aggs {
			continue
		}
		covered := true
		for n := range after.Live.names {
			if !contains(d.Vars, n) {
				covered = false
				break
			}
		}
		if covered {
			return replace(ops, i, 1), true
		}
	}
	return ops, false
}
