package planner

import "github.com/cyqdb/cyq/planner/logical"

// setCommonNeighbours turns an expansion from a bound node A to a new node
// X followed (after X's own filters) by an expansion from X into the bound
// node B into the intersection of A's and B's neighbour sets, when neither
// relationship is read later and the rows' multiplicity does not matter:
// `(a)-->(x)<--(b) RETURN count(DISTINCT x)`. The second relationship
// must differ from the first (one pattern) or be free of it (two MATCH
// clauses: `MATCH (a)-->(x) MATCH (b)-->(x)`).
func setCommonNeighbours(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		e1, ok := op.(logical.Expand)
		if l, _ := asLink(e1); !ok || !chainable(l, nil) {
			continue
		}
		j := i + 1
		for j < len(ops) {
			f, ok := ops[j].(logical.NodeFilter)
			if !ok || f.Var != e1.To {
				break
			}
			j++
		}
		if j >= len(ops) {
			continue
		}
		e2, ok := ops[j].(logical.Expand)
		if !ok || e2.From != e1.To || !e2.ToBound || e2.RelBound || len(e2.Distinct) > 1 || len(e2.Distinct) == 1 && e2.Distinct[0] != e1.Rel {
			continue
		}
		if req.After[j].Bag || req.After[j].Live.hasAny(e1.Rel, e2.Rel) {
			continue
		}
		c := logical.ExpandCommon{A: e1.From, B: e2.To, X: e1.To, HA: logical.Hop{Dir: e1.Dir, Types: e1.Types}, HB: logical.Hop{Dir: e2.Dir, Types: e2.Types}, AnyRels: len(e2.Distinct) == 0}
		with := append([]logical.Op{c}, ops[i+1:j]...)
		return replace(ops, i, j-i+1, with...), true
	}
	return ops, false
}
