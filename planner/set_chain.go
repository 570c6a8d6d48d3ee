package planner

import (
	"strings"

	"github.com/cyqdb/cyq/planner/logical"
)

// setExpandChain turns one expansion, or two in a row, whose relationships
// and middle node nothing reads later into a set chain binding only the
// distinct end nodes, when the rows' multiplicity does not matter:
// `(a)-->(b)-->(c) RETURN count(DISTINCT c)` touches each relationship of
// the frontier once instead of enumerating every two-hop path. An
// expansion left in row mode gets its reason (Why), for EXPLAIN.
func setExpandChain(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok {
			continue
		}
		if chainable(o, nil) {
			if i+1 < len(ops) {
				next, ok := ops[i+1].(logical.Expand)
				if ok && next.From == o.To && chainable(next, []logical.Expand{o}) && !req.After[i+1].Bag && !req.After[i+1].Live.hasAny(o.Rel, o.To, next.Rel) {
					chain := logical.ExpandChain{From: o.From, To: next.To, Hops: []logical.Hop{{Dir: o.Dir, Types: o.Types}, {Dir: next.Dir, Types: next.Types}}}
					return replace(ops, i, 2, chain), true
				}
			}
			if !req.After[i].Bag && !req.After[i].Live.has(o.Rel) {
				return replace(ops, i, 1, logical.ExpandChain{From: o.From, To: o.To, Hops: []logical.Hop{{Dir: o.Dir, Types: o.Types}}}), true
			}
		}
		if why := expandRowReason(o, req.After[i]); why != o.Why {
			o.Why = why
			return replace(ops, i, 1, o), true
		}
	}
	return ops, false
}

// chainable reports whether an expansion may join a set chain after the
// hops prior: it binds a new end node and a new relationship, which must
// differ from the relationships of prior and no others. A prior hop its
// relationship need not differ from must have types disjoint from its
// own (so the two cannot be the same relationship either): a set chain
// gives trails, not walks.
func chainable(o logical.Expand, prior []logical.Expand) bool {
	if o.ToBound || o.RelBound {
		return false
	}
	for _, d := range o.Distinct {
		found := false
		for _, p := range prior {
			found = found || p.Rel == d
		}
		if !found {
			return false
		}
	}
	for _, p := range prior {
		if !contains(o.Distinct, p.Rel) && !typesDisjoint(p.Types, o.Types) {
			return false
		}
	}
	return true
}

// typesDisjoint reports whether no relationship can have a type of both
// lists (an empty list allows every type).
func typesDisjoint(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, t := range a {
		if contains(b, t) {
			return false
		}
	}
	return true
}

// expandRowReason says why o must enumerate its relationships one by one,
// given what its consumers need; "" when nothing does.
func expandRowReason(o logical.Expand, after need) string {
	switch {
	case after.Live.has(o.Rel):
		if isInternal(o.Rel) {
			return "its relationship is used later (by a path, or by the uniqueness of the pattern's later relationships)"
		}
		return "`" + o.Rel + "` is used later"
	case after.Bag:
		return "the number of paths matters (no DISTINCT or duplicate-insensitive aggregate follows)"
	case o.RelBound:
		return "the relationship is already bound"
	case o.ToBound:
		return "the end node is already bound (an adjacency test per row)"
	case len(o.Distinct) > 0:
		var named []string
		for _, d := range o.Distinct {
			if !isInternal(d) {
				named = append(named, "`"+d+"`")
			}
		}
		if len(named) == len(o.Distinct) {
			return "its relationship must differ from " + strings.Join(named, ", ")
		}
		return "its relationship must differ from the pattern's other relationships"
	}
	return ""
}
