package engine

import (
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

var _ planner.KindStats = (*statsView)(nil)

// maxKindScan bounds the nodes and relationships whose properties a
// computation of value kinds reads: a larger graph's kinds read as
// unknown. The kinds are read by a scan of every entity, which touches
// every page of the graph; the bound keeps that within a few
// milliseconds and megabytes, so the first plan after an open or a
// write does not load a large graph that the query itself reads only a
// part of (a Slashdot-sized graph of a million entities took 30 ms of
// CPU and 30 MB of resident memory at open).
const maxKindScan = 1 << 18

// propKinds are the kinds of the values of every property key of one
// version of a graph, read from every node and relationship, with the
// count of entities that hold each key (the others read it as null).
type propKinds struct {
	gen      storage.Generation
	kinds    map[uint32]planner.KindSet
	holders  map[uint32]uint64
	entities uint64
}

// PropertyKinds implements planner.KindStats: the kinds of key's values
// over every node and relationship of the version the view reads, exact
// (value.KindNull when some entity holds none). They are read from the
// graph once per version of a snapshot (cached with its generation, as
// long as nothing else is planned on another version), and afresh for a
// transaction's own state. The answer is recorded as a read of the plan
// (the set itself), so a cached plan that relied on it is planned again
// once a write changes it.
func (s *statsView) PropertyKinds(key string) (planner.KindSet, bool) {
	k, ok := s.propertyKinds(key)
	n := -1.0
	if ok {
		n = float64(k)
	}
	s.recordExact(readKinds, key, n)
	return k, ok
}

func (s *statsView) propertyKinds(key string) (planner.KindSet, bool) {
	if s.r.NodeCount()+s.r.RelCount() > maxKindScan {
		return 0, false
	}
	id, ok := s.r.PropKeyID(key)
	if !ok {
		// No entity holds the key: every one reads it as null.
		if s.r.NodeCount()+s.r.RelCount() == 0 {
			return 0, true
		}
		return planner.KindBit(value.KindNull), true
	}
	pk := s.kindsOfVersion()
	k := pk.kinds[id]
	if pk.holders[id] < pk.entities {
		k |= planner.KindBit(value.KindNull)
	}
	return k, true
}

// kindsOfVersion returns the kinds of the version s reads: the cached
// ones when s reads a snapshot of the generation they were read from.
func (s *statsView) kindsOfVersion() *propKinds {
	gen, snap := generation(s.r)
	c := s.eng.plans
	graph := s.eng.opts.Graph
	if snap {
		c.mu.Lock()
		pk := c.kinds[graph]
		c.mu.Unlock()
		if pk != nil && pk.gen == gen {
			return pk
		}
	}
	pk := scanKinds(s.r)
	pk.gen = gen
	if snap {
		c.mu.Lock()
		if c.kinds == nil {
			c.kinds = map[string]*propKinds{}
		}
		c.kinds[graph] = pk
		c.mu.Unlock()
	}
	return pk
}

// scanKinds reads the kinds of every property of r's nodes and
// relationships.
func scanKinds(r storage.Reader) *propKinds {
	pk := &propKinds{kinds: map[uint32]planner.KindSet{}, holders: map[uint32]uint64{}}
	note := func(key uint32, v value.Value) bool {
		if value.IsNull(v) {
			return true // a null is not stored; read as absent
		}
		pk.kinds[key] |= planner.KindOf(v)
		pk.holders[key]++
		return true
	}
	for it := r.AllNodes().Iterator(); it.HasNext(); {
		r.ForEachNodeProp(it.Next(), note)
		pk.entities++
	}
	r.ForEachRel(func(id uint64, _, _, _ uint32) bool {
		r.ForEachRelProp(id, note)
		pk.entities++
		return true
	})
	return pk
}
