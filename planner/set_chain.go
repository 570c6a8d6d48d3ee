package planner

import (
	"strings"

	"github.com/cyqdb/cyq/planner/logical"
)

// setExpandChain turns expansions in a row, each from the node the one
// before reached, whose relationships and middle nodes nothing reads
// later into a set chain binding only the distinct end nodes, when the
// rows' multiplicity does not matter: `(a)-->(b)-->(c) RETURN
// count(DISTINCT c)` touches each relationship of the frontier once
// instead of enumerating every two-hop path. It takes the longest such
// row (one expansion alone too). An expansion left in row mode gets its
// reason (Why), for EXPLAIN.
func setExpandChain(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok {
			continue
		}
		if chainable(o, nil) {
			hops := []logical.Expand{o}
			best := -1
			for j := i + 1; j < len(ops); j++ {
				next, ok := ops[j].(logical.Expand)
				if !ok || next.From != hops[len(hops)-1].To || !chainable(next, hops) {
					break
				}
				hops = append(hops, next)
				if !req.After[j].Bag && !req.After[j].Live.hasAny(chainInner(hops)...) {
					best = j
				}
			}
			if best < 0 && !req.After[i].Bag && !req.After[i].Live.has(o.Rel) {
				best = i
			}
			if best >= 0 {
				hops = hops[:best-i+1]
				chain := logical.ExpandChain{From: o.From, To: hops[len(hops)-1].To}
				for _, h := range hops {
					chain.Hops = append(chain.Hops, logical.Hop{Dir: h.Dir, Types: h.Types})
				}
				return replace(ops, i, best-i+1, chain), true
			}
		}
		if why := expandRowReason(o, req.After[i]); why != o.Why {
			o.Why = why
			return replace(ops, i, 1, o), true
		}
	}
	return ops, false
}

// chainInner lists what a set chain of hops does not bind: every
// relationship and every node but the last.
func chainInner(hops []logical.Expand) []string {
	var names []string
	for k, h := range hops {
		names = append(names, h.Rel)
		if k < len(hops)-1 {
			names = append(names, h.To)
		}
	}
	return names
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
