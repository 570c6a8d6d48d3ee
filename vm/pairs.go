package vm

import "github.com/RoaringBitmap/roaring/v2"

// PairGraph is a Graph that answers questions about one pair of nodes
// from the pair's adjacency lists, without building a neighbour bitmap per
// question (the store builds and caches bitmaps only for long lists) or
// making a call per relationship read. The machine uses it when its Graph
// has it, Neighbors and Expand otherwise.
type PairGraph interface {
	// Linked reports what Neighbors(node, dir, typ).Contains(nbr) does.
	Linked(node uint32, dir Direction, typ uint32, nbr uint32) bool
	// RelsBetween calls fn with each relationship between a and b in
	// direction dir from a (with Both a self-loop once) until fn returns
	// false.
	RelsBetween(a, b uint32, dir Direction, fn func(rel uint64, start, end, typ uint32) bool)
}

// linked reports whether a relationship of type typ in direction dir
// joins node to nbr.
func (m *Machine) linked(node uint32, dir Direction, typ uint32, nbr uint32) bool {
	if pg, ok := m.ctx.Graph.(PairGraph); ok {
		return pg.Linked(node, dir, typ, nbr)
	}
	nb := m.ctx.Graph.Neighbors(node, dir, typ)
	return nb != nil && nb.Contains(nbr)
}

// fewTargets is the size up to which hopNeighborsIn tests a set's nodes
// one by one rather than intersecting it with the node's neighbours.
const fewTargets = 4

// hopNeighborsIn returns the nodes of to that one relationship of spec
// joins to node, in id order: a few targets are tested pair by pair (a
// trail search's last hop, whose targets are the ends still without a
// trail, often one), more are intersected with the node's neighbour set.
// The caller may change to afterwards.
func (m *Machine) hopNeighborsIn(node uint32, spec *ExpandSpec, to *roaring.Bitmap) []uint32 {
	if to.GetCardinality() > fewTargets {
		return roaring.And(m.hopNeighbors(node, spec), to).ToArray()
	}
	out := to.ToArray()
	k := 0
	for _, x := range out {
		if m.adjacent(uint64(node), uint64(x), spec) {
			out[k] = x
			k++
		}
	}
	return out[:k]
}

// single reports that at most one relationship goes from a to b in
// direction dir (Out: from a to b, In: from b to a), known without reading
// the pair's relationships: one of the two nodes has as many
// relationships on that side as neighbours there (no two of them, of any
// types, lead to one node). It asks the node with more relationships on
// that side (a hub a search passes through again and again, whose
// neighbour set is cached), once per search. False means unknown.
func (t *trailSearch) single(a, b uint32, dir Direction) bool {
	g := t.m.ctx.Graph
	back := In
	if dir == In {
		back = Out
	}
	n, d := a, dir
	if g.Degree(b, back, AnyType) > g.Degree(a, dir, AnyType) {
		n, d = b, back
	}
	key := uint64(n)<<2 | uint64(d)
	ok, seen := t.simple[key]
	if !seen {
		ok = uint64(g.Degree(n, d, AnyType)) == g.Neighbors(n, d, AnyType).GetCardinality()
		if t.simple == nil {
			t.simple = map[uint64]bool{}
		}
		t.simple[key] = ok
	}
	return ok
}
