package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// disjointUniqueness drops from an expansion's relationship uniqueness
// (its Distinct list) the relationships that cannot equal its own
// because no type is in both type lists: a relationship has one type,
// so `(p)-[:KNOWS]-(f)-[:LIKES]->(m)` never follows one relationship
// twice, and the test that it does not is always true. What the test
// kept alive is then free for every rule that reads liveness: the KNOWS
// relationship is no longer read by the LIKES expansion, so the
// expansions after f are a run of one probe (semiJoinRuns) and the
// pattern `(p)-[:KNOWS]-(f)-[:LIKES]->(:Post)-[:HAS_CREATOR]->(p)` under
// count(DISTINCT f) is decided as `MATCH (p)-[:KNOWS]-(f) WHERE EXISTS {
// (f)-[:LIKES]->(:Post)-[:HAS_CREATOR]->(p) }` is, where the
// uniqueness had kept every walk of every friend enumerated.
//
// Why it is exact. A Distinct entry names a relationship bound by an
// expansion of the same pipeline before this one (one MATCH's pattern,
// or a uniqueness conjunct pushdownUniqueness moved, whose two
// relationships expansions of the pipeline bind), so neither is null.
// Every row that reaches the later expansion passed the earlier one,
// which keeps only relationships of its types (a bound relationship is
// checked against them too); a list of types that is empty allows every
// type, and a variable-length expansion's types hold for every
// relationship of its list unless it is a quantified group (whose hops
// may have types of their own), which prunes nothing. Two relationships
// with disjoint sets of possible types differ, so the test removed held
// on every row it was made on.
func disjointUniqueness(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	changed := false
	var out []logical.Op
	for i, op := range ops {
		var types, distinct []string
		switch o := op.(type) {
		case logical.Expand:
			types, distinct = o.Types, o.Distinct
		case logical.VarExpand:
			if o.Group != nil {
				continue
			}
			types, distinct = o.Types, o.Distinct
		default:
			continue
		}
		if len(types) == 0 || len(distinct) == 0 {
			continue
		}
		keep := slices.DeleteFunc(slices.Clone(distinct), func(d string) bool {
			dt, ok := relTypesBefore(ops[:i], d)
			return ok && typesDisjoint(dt, types)
		})
		if len(keep) == len(distinct) {
			continue
		}
		if out == nil {
			out = slices.Clone(ops)
		}
		if len(keep) == 0 {
			keep = nil
		}
		switch o := op.(type) {
		case logical.Expand:
			o.Distinct = keep
			out[i] = o
		case logical.VarExpand:
			o.Distinct = keep
			out[i] = o
		}
		changed = true
	}
	if !changed {
		return ops, false
	}
	return out, true
}

// relTypesBefore returns the types a relationship variable rel may have
// at the end of ops: those of the last expansion among ops that binds or
// checks it (it keeps only relationships of its types); ok is false when
// that expansion allows every type, or when an operator after it that
// could bind rel anew (a projection, an unwind, any operator a filter
// does not cross) comes first.
func relTypesBefore(ops []logical.Op, rel string) ([]string, bool) {
	for k := len(ops) - 1; k >= 0; k-- {
		switch o := ops[k].(type) {
		case logical.Expand:
			if o.Rel == rel {
				return o.Types, len(o.Types) > 0
			}
		case logical.VarExpand:
			if o.RelList == rel {
				return o.Types, o.Group == nil && len(o.Types) > 0
			}
		}
		binds, crossable := bindsVars(ops[k])
		if !crossable || slices.Contains(binds, rel) {
			return nil, false
		}
	}
	return nil, false
}
