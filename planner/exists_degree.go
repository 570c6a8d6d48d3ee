package planner

import "github.com/cyqdb/cyq/planner/logical"

// existsDegree turns an expansion `(a)-[:T]->(b)` into an existence test
// when nothing after it reads b or the relationship and the number of
// times a row occurs does not matter (the required-properties analysis:
// neither is live and there is no Bag after it): `MATCH (a)-->() RETURN
// DISTINCT a`, `RETURN count(DISTINCT a)`, a GraphProgram statement that
// collects a. One row per relationship of a then says no more than "a
// has one", which a's stored degree answers (Degree drops the rows whose
// degree is zero): a degree read per a instead of an enumeration of its
// relationships. A test of b (a label, a property) reads b, so such an
// expansion stays.
func existsDegree(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || o.ToBound || o.RelBound || len(o.Distinct) > 0 || o.From == o.To {
			continue
		}
		after := req.After[i]
		if after.Bag || after.Live.hasAny(o.To, o.Rel) {
			continue
		}
		return replace(ops, i, 1, logical.Degree{Var: o.From, Dir: o.Dir, Types: o.Types, Into: b.fresh("deg")}), true
	}
	return ops, false
}
