package planner

import "github.com/cyqdb/cyq/planner/logical"

// setExpandChain turns one expansion, or two in a row, whose relationships
// and middle node nothing reads later into a set chain binding only the
// distinct end nodes, when the rows' multiplicity does not matter:
// `(a)-->(b)-->(c) RETURN count(DISTINCT c)` touches each relationship of
// the frontier once instead of enumerating every two-hop path.
func setExpandChain(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || !chainable(o, nil) {
			continue
		}
		if i+1 < len(ops) {
			next, ok := ops[i+1].(logical.Expand)
			if ok && next.From == o.To && chainable(next, []string{o.Rel}) && !req.After[i+1].Bag && !req.After[i+1].Live.hasAny(o.Rel, o.To, next.Rel) {
				chain := logical.ExpandChain{From: o.From, To: next.To, Hops: []logical.Hop{{Dir: o.Dir, Types: o.Types}, {Dir: next.Dir, Types: next.Types}}}
				return replace(ops, i, 2, chain), true
			}
		}
		if req.After[i].Bag || req.After[i].Live.has(o.Rel) {
			continue
		}
		return replace(ops, i, 1, logical.ExpandChain{From: o.From, To: o.To, Hops: []logical.Hop{{Dir: o.Dir, Types: o.Types}}}), true
	}
	return ops, false
}

// chainable reports whether an expansion may join a set chain: it binds a
// new end node and a new relationship, and the relationship must differ
// from exactly the relationships of prior (the chain's earlier hops).
func chainable(o logical.Expand, prior []string) bool {
	if o.ToBound || o.RelBound || len(o.Distinct) != len(prior) {
		return false
	}
	for i := range prior {
		if o.Distinct[i] != prior[i] {
			return false
		}
	}
	return true
}
