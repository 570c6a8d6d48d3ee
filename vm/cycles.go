package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
)

func reverseDir(d Direction) Direction {
	switch d {
	case Out:
		return In
	case In:
		return Out
	}
	return Both
}

// cycleCount counts the closed cycles a -h1-> b -h2-> c -h3-> a from node a
// as MATCH counts them: every combination of three distinct relationships.
//
// For each relationship a -h1-> b it adds |h2(b) AND h3⁻¹(a)| when that is
// exact: neither neighbour list has parallel relationships (each neighbour
// stands for one relationship) and a != b. A relationship can then only
// repeat in a cycle whose second or third hop goes back along the first
// one (its direction differs from the first hop's, or either is Both) to
// a node with a self-loop: c = a with a self-loop of the third hop at a
// (the second hop going back), or c = b with one of the second at b (the
// third hop going back). Those, a self-loop a -> a and parallel lists take the exact
// enumeration.
func (m *Machine) cycleCount(src uint64, spec *ChainSpec) (int64, error) {
	if src == NullID {
		return 0, nil
	}
	g := m.ctx.Graph
	a := uint32(src)
	h1, h2, h3 := &spec.Hops[0], &spec.Hops[1], &spec.Hops[2]
	back := &ExpandSpec{Dir: reverseDir(h3.Dir), Types: h3.Types}
	into := m.neighbourSet(a, back)
	intoExact := into.GetCardinality() == uint64(m.degree(a, back))
	// A hop can go back along the first relationship only when it may
	// walk it the other way round; the directed cycle (all hops Out)
	// never does.
	goesBack := func(h *ExpandSpec) bool {
		return h1.Dir == Both || h.Dir == Both || h.Dir == reverseDir(h1.Dir)
	}
	backOn2, backOn3 := goesBack(h2), goesBack(h3)
	var total int64
	var firsts []struct {
		rel uint64
		b   uint32
	}
	expandTypes(g, a, h1, func(rel uint64, b uint32, _ uint32) bool {
		firsts = append(firsts, struct {
			rel uint64
			b   uint32
		}{rel, b})
		return true
	})
	for i, f := range firsts {
		if i%256 == 0 {
			if err := m.ctx.Context.Err(); err != nil {
				return 0, cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
			}
		}
		if f.b != a && intoExact {
			out := m.neighbourSet(f.b, h2)
			// c = a or c = b may close the cycle over the first
			// relationship again (a second hop back along it to a node
			// with a self-loop): enumerate those with uniqueness.
			reuses := backOn2 && into.Contains(a) && out.Contains(a) || backOn3 && into.Contains(f.b) && out.Contains(f.b)
			if !reuses && out.GetCardinality() == uint64(m.degree(f.b, h2)) {
				total += int64(out.AndCardinality(into))
				continue
			}
		}
		// Exact enumeration with relationship uniqueness.
		expandTypes(g, f.b, h2, func(r2 uint64, c uint32, _ uint32) bool {
			if r2 == f.rel {
				return true
			}
			expandTypes(g, c, h3, func(r3 uint64, end uint32, _ uint32) bool {
				if end == a && r3 != f.rel && r3 != r2 {
					total++
				}
				return true
			})
			return true
		})
	}
	return total, nil
}

// neighbourSet is the union of a node's neighbours over spec's types.
func (m *Machine) neighbourSet(n uint32, spec *ExpandSpec) (out *roaring.Bitmap) {
	defer func() { m.touchSets(out) }()
	ids := m.typeIDs(spec.Types)
	if len(ids) == 1 {
		if b := m.ctx.Graph.Neighbors(n, spec.Dir, ids[0]); b != nil {
			return b
		}
		return roaring.New()
	}
	out = roaring.New()
	for _, t := range ids {
		if b := m.ctx.Graph.Neighbors(n, spec.Dir, t); b != nil {
			out.Or(b)
		}
	}
	return out
}

// degree is n's number of relationships of spec; with spec.NoLoops less
// its self-loops of those types, which are the relationships counted out
// and in but once either way.
func (m *Machine) degree(n uint32, spec *ExpandSpec) int {
	if spec.EndLabels != nil {
		return m.degreeToLabels(n, spec)
	}
	d := 0
	for _, t := range m.typeIDs(spec.Types) {
		d += m.ctx.Graph.Degree(n, spec.Dir, t)
		if spec.NoLoops {
			// every direction counts a self-loop once
			d -= m.ctx.Graph.Degree(n, Out, t) + m.ctx.Graph.Degree(n, In, t) - m.ctx.Graph.Degree(n, Both, t)
		}
	}
	return d
}

// degreeToLabels is degree counting only the relationships whose far end
// matches spec.EndLabels: one pass over the adjacency. It is a function of
// its own, working on a copy of the spec, so that what its callback
// captures escapes only here: a plain degree read (and the caller's
// spec) stays off the heap.
func (m *Machine) degreeToLabels(n uint32, spec *ExpandSpec) int {
	s := *spec
	d := 0
	expandTypes(m.ctx.Graph, n, &s, func(_ uint64, nbr uint32, _ uint32) bool {
		if !(s.NoLoops && nbr == n) && m.matchLabels(nbr, s.EndLabels) {
			d++
		}
		return true
	})
	return d
}

// setCommon returns the nodes x with a -h1- x -h2- b: the neighbours of a
// by h1 that reach b by h2, as the intersection of two neighbour sets. The
// two relationships can only be the same one when a = b (then x needs two
// distinct relationships to a), which is counted exactly.
func (m *Machine) setCommon(a, b uint64, spec *ChainSpec) *roaring.Bitmap {
	if a == NullID || b == NullID {
		return roaring.New()
	}
	h1, h2 := &spec.Hops[0], &spec.Hops[1]
	back := &ExpandSpec{Dir: reverseDir(h2.Dir), Types: h2.Types}
	if a != b || spec.AnyRels {
		return roaring.And(m.neighbourSet(uint32(a), h1), m.neighbourSet(uint32(b), back))
	}
	// a = b: x qualifies when a relationship a -h1- x and a different one
	// x -h2- a exist.
	type link struct {
		rel uint64
		x   uint32
	}
	var firsts []link
	expandTypes(m.ctx.Graph, uint32(a), h1, func(rel uint64, x uint32, _ uint32) bool {
		firsts = append(firsts, link{rel, x})
		return true
	})
	out := roaring.New()
	for _, f := range firsts {
		if out.Contains(f.x) {
			continue
		}
		expandTypes(m.ctx.Graph, f.x, h2, func(rel uint64, end uint32, _ uint32) bool {
			if end == uint32(a) && rel != f.rel {
				out.Add(f.x)
				return false
			}
			return true
		})
	}
	return out
}
