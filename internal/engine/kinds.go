package engine

import (
	"strings"

	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

var _ planner.KindStats = (*statsView)(nil)

// Value kinds are read from the counts the store keeps per (label, key)
// and (type, key) (storage.ValueKinds), exact for the version the view
// reads (a snapshot's, or a transaction's with its own writes): no scan
// of the graph. Each answer is recorded as a read of the plan (the set
// itself), so a cached plan that relied on it is planned again once a
// write changes it.

// PropertyKinds implements planner.KindStats: over every node and
// relationship.
func (s *statsView) PropertyKinds(key string) (planner.KindSet, bool) {
	return s.kindsRead(key, "", nil, nil)
}

// NodePropertyKinds implements planner.KindStats.
func (s *statsView) NodePropertyKinds(labels []string, key string) (planner.KindSet, bool) {
	if labels == nil {
		labels = []string{}
	}
	return s.kindsRead(key, "node", labels, nil)
}

// RelPropertyKinds implements planner.KindStats.
func (s *statsView) RelPropertyKinds(types []string, key string) (planner.KindSet, bool) {
	if types == nil {
		types = []string{}
	}
	return s.kindsRead(key, "rel", nil, types)
}

// kindsRead answers and records one read of kinds: of nodes with every
// label of labels, or of relationships of any type of types, when
// entity says which ("node", "rel"), else of every entity.
func (s *statsView) kindsRead(key, entity string, labels, types []string) (planner.KindSet, bool) {
	var k planner.KindSet
	owners := ""
	// The store knows the kinds of a version for every key or none.
	_, ok := s.r.NodeValueKinds(storage.AnyLabel, 0)
	if ok {
		switch entity {
		case "node":
			k = s.nodeKinds(labels, key)
			owners = strings.Join(labels, "\x00")
		case "rel":
			k = s.relKinds(types, key)
			owners = strings.Join(types, "\x00")
		default:
			k = s.nodeKinds(nil, key) | s.relKinds(nil, key)
		}
	}
	n := -1.0
	if ok {
		n = float64(k)
	}
	s.recordExact(readKinds, key, owners, entity, n)
	return k, ok
}

// kindSet is the planner's set of vk's kinds (null when some entity
// lacks the key).
func kindSet(vk storage.ValueKinds) planner.KindSet {
	k := planner.KindSet(vk.Kinds)
	if vk.Lacking > 0 {
		k |= planner.KindBit(value.KindNull)
	}
	if vk.Big > 0 {
		k |= planner.KindBigInt
	}
	return k
}

// nodeKinds is the kinds of key over the nodes with every label of
// labels (every node for none): those every label's nodes take, as a
// node with all of them is among each label's nodes (none when a label
// names no node).
func (s *statsView) nodeKinds(labels []string, key string) planner.KindSet {
	id, known := s.r.PropKeyID(key)
	of := func(label uint32) planner.KindSet {
		if !known { // no entity holds the key
			if label == storage.AnyLabel {
				return absent(s.r.NodeCount())
			}
			return absent(s.r.LabelCount(label))
		}
		vk, _ := s.r.NodeValueKinds(label, id)
		return kindSet(vk)
	}
	if len(labels) == 0 {
		return of(storage.AnyLabel)
	}
	out := ^planner.KindSet(0)
	for _, l := range labels {
		lid, ok := s.r.LabelID(l)
		if !ok {
			return 0
		}
		out &= of(lid)
	}
	return out
}

// relKinds is the kinds of key over the relationships of any type of
// types (every relationship for none).
func (s *statsView) relKinds(types []string, key string) planner.KindSet {
	id, known := s.r.PropKeyID(key)
	of := func(typ uint32) planner.KindSet {
		if !known {
			return absent(s.r.RelTypeCount(typ))
		}
		vk, _ := s.r.RelValueKinds(typ, id)
		return kindSet(vk)
	}
	if len(types) == 0 {
		return of(storage.AnyType)
	}
	var out planner.KindSet
	for _, t := range types {
		if tid, ok := s.r.TypeID(t); ok {
			out |= of(tid)
		}
	}
	return out
}

// absent is the kinds of a key no entity holds over n entities: null,
// or none when there are none.
func absent(n uint64) planner.KindSet {
	if n == 0 {
		return 0
	}
	return planner.KindBit(value.KindNull)
}
