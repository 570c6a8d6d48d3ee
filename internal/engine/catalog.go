package engine

import (
	"strings"

	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

var _ planner.Catalog = statsView{}

// catalogSample bounds how many relationships or nodes propertyHolding
// reads: it samples the graph, it does not scan it.
const catalogSample = 5000

// propertyHolding looks, in a sample of the graph's relationships (rel
// true) or nodes, for a string property whose value equals v ignoring
// case and the difference between '_', '-' and ' ': graphs imported from
// triples often keep the relationship kind in a property such as
// `relation: 'member_of'` under one generic type. It returns the key and
// the value as stored.
func propertyHolding(r storage.Reader, rel bool, v string) (key, stored string, ok bool) {
	want := normName(v)
	seen := 0
	check := func(k uint32, val value.Value) bool {
		if s, isStr := val.(value.String); isStr && normName(string(s)) == want {
			key, stored, ok = r.PropKeyName(k), string(s), true
			return false
		}
		return true
	}
	if rel {
		r.ForEachRel(func(id uint64, _, _, _ uint32) bool {
			r.ForEachRelProp(id, check)
			seen++
			return !ok && seen < catalogSample
		})
		return key, stored, ok
	}
	it := r.AllNodes().Iterator()
	for it.HasNext() && !ok && seen < catalogSample {
		r.ForEachNodeProp(it.Next(), check)
		seen++
	}
	return key, stored, ok
}

func normName(s string) string {
	return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(s))
}
