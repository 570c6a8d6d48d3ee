package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// singleSource serves a shortest-path selection whose end node is not
// bound (ShortestSpec.ToFree): one breadth-first search from the start
// node finds every node it reaches, in order of distance, with the parent
// links of every shortest path; the paths to each reached node are then
// read back from the links or, where the selection needs more than the
// shortest paths (kShortest: SHORTEST k, a pre-filter, a minimum length,
// the cycle back to the start), searched between the two nodes. Nodes
// the start does not reach cost nothing.
type singleSource struct {
	spec    *ShortestSpec
	a       uint32
	targets []uint32 // the start node, then the nodes reached, by distance
	pos     int
	parents map[uint32][]parentLink
	target  uint32
	paths   []value.Path // the current target's paths, read back
	next    int
	search  *kShortest   // the current target's search, when searched
	held    int64        // what the current target's search charged
	keep    *searchTests // the tests of the hops (nil: none)
}

// openSingleSource runs the breadth-first search from src.
func (m *Machine) openSingleSource(src uint64, spec *ShortestSpec, keep *searchTests) (*singleSource, error) {
	s := &singleSource{spec: spec, keep: keep}
	if src == NullID {
		return s, nil
	}
	a := uint32(src)
	s.a = a
	s.targets = []uint32{a}
	s.parents = map[uint32][]parentLink{}
	visited := roaring.BitmapOf(a)
	frontier := []uint32{a}
	for depth := 1; len(frontier) > 0 && (spec.Max < 0 || depth <= spec.Max); depth++ {
		if err := m.searchAlive(); err != nil {
			return nil, err
		}
		var next []uint32
		level := roaring.New()
		for _, n := range frontier {
			if !keep.leaves(n, depth == 1) {
				continue
			}
			m.expandCounted(n, &spec.ExpandSpec, func(rel uint64, nbr uint32, _ uint32) bool {
				if visited.Contains(nbr) || !keep.crosses(rel) || !keep.reaches(nbr) {
					return true
				}
				if level.CheckedAdd(nbr) {
					next = append(next, nbr)
				}
				if spec.All || len(s.parents[nbr]) == 0 {
					s.parents[nbr] = append(s.parents[nbr], parentLink{n, rel})
				}
				return true
			})
		}
		visited.Or(level)
		s.targets = append(s.targets, next...)
		frontier = next
		if err := m.account(int64(len(next)) * 32); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// nextPath yields the next (target, path) of the selection.
func (s *singleSource) nextPath(m *Machine) (uint32, value.Path, bool, error) {
	for {
		if s.search != nil {
			before := m.memory
			p, ok, err := s.search.next(m)
			s.held += m.memory - before
			if err != nil || ok {
				return s.target, p, ok, err
			}
			// The target's search is done with.
			s.search = nil
			m.release(s.held)
			s.held = 0
		}
		if s.next < len(s.paths) {
			s.next++
			return s.target, s.paths[s.next-1], true, nil
		}
		if s.pos >= len(s.targets) {
			return 0, value.Path{}, false, nil
		}
		s.target = s.targets[s.pos]
		s.pos++
		s.paths, s.next = nil, 0
		if s.spec.searched(uint64(s.a), uint64(s.target)) {
			before := m.memory
			k, err := m.openKShortest(uint64(s.a), uint64(s.target), s.spec, s.keep)
			s.held += m.memory - before
			if err != nil {
				return 0, value.Path{}, false, err
			}
			s.search = k
			continue
		}
		switch {
		case s.target != s.a:
			s.paths = m.readPaths(s.parents, s.a, s.target, s.spec.All)
		case s.spec.Min <= 0:
			s.paths = []value.Path{{Nodes: []value.Node{{ID: s.a}}}}
		}
	}
}

// reversedPath is p read from its last node to its first: the path of a
// search run against the written direction of its pattern, given in the
// order the pattern was written (ShortestSpec.Reverse). The node and
// relationship lists are new, as the search may share p's.
func reversedPath(p value.Path) value.Path {
	out := value.Path{Nodes: make([]value.Node, len(p.Nodes)), Rels: make([]value.Rel, len(p.Rels))}
	for i, n := range p.Nodes {
		out.Nodes[len(p.Nodes)-1-i] = n
	}
	for i, r := range p.Rels {
		out.Rels[len(p.Rels)-1-i] = r
	}
	return out
}
