package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// mergeVarExpands makes one variable-length expansion of two in a row
// through a node nothing else reads (anonymous, or named and unread): `(x)-[:T*a..b]->()-[:T*c..d]->(y)` reaches
// the y of `(x)-[:T*a+c..b+d]->(y)` when only the distinct rows matter.
// A trail of the two is one trail of the whole (relationship uniqueness
// holds across one MATCH, so the second part's relationships differ from
// the first's, as a single trail's do among themselves), its length the
// sum of the parts'; and every length from a+c to b+d splits into a part
// within a..b and one within c..d, so every trail of the whole is a trail
// of the two. The rows differ only in how many splits a trail has (a
// trail of length 1 under *0..1 twice is two rows), which the consumers
// must not count (need.Bag), and in the middle node and the two
// relationship lists, which nothing after may read. The two must expand
// the same way (direction, types, orientation) with no property map,
// step tests or bounds read from the row, both bounded (an unbounded one
// is left as written), the first to a node it binds
// (not a bound one), the second from it; the second may differ from the
// first's relationships and from those the first differs from (exactly
// those), which the whole does as one trail. setVarExpand then runs the one expansion as a
// set frontier where it can.
func mergeVarExpands(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		a, ok := ops[i].(logical.VarExpand)
		if !ok {
			continue
		}
		b, ok := ops[i+1].(logical.VarExpand)
		if !ok || !mergeable(a, b, req.After[i+1]) {
			continue
		}
		m := b
		m.From, m.Distinct = a.From, a.Distinct
		m.Min, m.Max = a.Min+b.Min, a.Max+b.Max
		m.Mode, m.Why = logical.RowMode, ""
		return replace(ops, i, 2, m), true
	}
	return ops, false
}

// mergeable reports whether a then b (b expanding from the node a
// reaches) may be one expansion, given what the operators after b need
// (see mergeVarExpands).
func mergeable(a, b logical.VarExpand, after need) bool {
	plain := func(o logical.VarExpand) bool {
		return o.Group == nil && o.Props == nil && len(o.Steps) == 0 && len(o.HopsBy) == 0 && !o.ListBound
	}
	if !plain(a) || !plain(b) || a.ToBound || b.From != a.To || a.Max < 0 || b.Max < 0 {
		return false
	}
	if after.Bag || after.Live.has(a.To) || after.Live.has(a.RelList) || after.Live.has(b.RelList) {
		return false
	}
	if a.Dir != b.Dir || a.Reverse != b.Reverse || !sameTypes(a.Types, b.Types) {
		return false
	}
	// b differs from exactly the relationships the whole must: a's and
	// those a differs from.
	if !slices.Contains(b.Distinct, a.RelList) {
		return false
	}
	for _, d := range b.Distinct {
		if d != a.RelList && !slices.Contains(a.Distinct, d) {
			return false
		}
	}
	for _, d := range a.Distinct {
		if !slices.Contains(b.Distinct, d) {
			return false
		}
	}
	return true
}

// sameTypes reports whether two type lists allow the same types (an empty
// list allows every type).
func sameTypes(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, t := range a {
		if !slices.Contains(b, t) {
			return false
		}
	}
	return true
}
