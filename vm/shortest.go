package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// maxShortestPaths bounds how many paths allShortestPaths may return.
const maxShortestPaths = 100000

// parentLink records how a node was first reached in the search.
type parentLink struct {
	from uint32
	rel  uint64
}

// shortestPaths runs a breadth-first search from src until dst's level is
// complete, recording every parent link within a level, then reads one path
// (or, with All, every path) back from dst. Each node is expanded at most
// once, so the work is bounded by the relationships touched.
func (m *Machine) shortestPaths(src, dst uint64, spec *ShortestSpec, keep *searchTests) ([]value.Path, error) {
	if src == NullID || dst == NullID {
		return nil, nil
	}
	a, b := uint32(src), uint32(dst)
	if a == b {
		if spec.Min <= 0 {
			return []value.Path{{Nodes: []value.Node{{ID: a}}}}, nil
		}
		return nil, nil
	}
	if !spec.All {
		paths, _, err := m.shortestOne(a, b, spec, keep)
		return paths, err
	}
	parents := map[uint32][]parentLink{}
	visited := roaring.BitmapOf(a)
	frontier := []uint32{a}
	found := false
	for depth := 1; !found && len(frontier) > 0 && (spec.Max < 0 || depth <= spec.Max); depth++ {
		if err := m.ctx.Context.Err(); err != nil {
			return nil, cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
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
				if spec.All || len(parents[nbr]) == 0 {
					parents[nbr] = append(parents[nbr], parentLink{n, rel})
				}
				if nbr == b {
					found = true
				}
				return true
			})
		}
		visited.Or(level)
		frontier = next
		if err := m.account(int64(len(next)) * 24); err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, nil
	}
	return m.readPaths(parents, a, b, spec.All), nil
}

// readPaths reads the shortest paths from a to b back from the parent
// links of a breadth-first search from a: one, or with all every one (up
// to maxShortestPaths).
func (m *Machine) readPaths(parents map[uint32][]parentLink, a, b uint32, all bool) []value.Path {
	var out []value.Path
	var nodes []uint32
	var rels []uint64
	var walk func(n uint32) bool
	walk = func(n uint32) bool {
		if n == a {
			p := value.Path{Nodes: make([]value.Node, 0, len(nodes)+1), Rels: make([]value.Rel, 0, len(rels))}
			p.Nodes = append(p.Nodes, value.Node{ID: a})
			for i := len(rels) - 1; i >= 0; i-- {
				p.Rels = append(p.Rels, m.relValue(rels[i]).(value.Rel))
				p.Nodes = append(p.Nodes, value.Node{ID: nodes[i]})
			}
			out = append(out, p)
			return all && len(out) < maxShortestPaths
		}
		for _, pl := range parents[n] {
			nodes = append(nodes, n)
			rels = append(rels, pl.rel)
			more := walk(pl.from)
			nodes = nodes[:len(nodes)-1]
			rels = rels[:len(rels)-1]
			if !more {
				return false
			}
		}
		return true
	}
	walk(b)
	return out
}

// shortestOne finds one shortest path by a bidirectional breadth-first
// search: each round expands, by a whole level, the side whose frontier is
// smaller, and the search stops at the first level where the two meet.
// The path found is as short as any, and its length respects Max. read
// is the number of relationships the search read.
func (m *Machine) shortestOne(a, b uint32, spec *ShortestSpec, keep *searchTests) (paths []value.Path, read int64, err error) {
	type side struct {
		parent   map[uint32]parentLink // node -> the link it was reached by
		frontier []uint32
		spec     *ExpandSpec
		depth    int
		back     bool // the side searched from b, against the pattern
	}
	fwd := &side{parent: map[uint32]parentLink{a: {}}, frontier: []uint32{a}, spec: &spec.ExpandSpec}
	bwd := &side{parent: map[uint32]parentLink{b: {}}, frontier: []uint32{b}, spec: &ExpandSpec{Dir: reverseDir(spec.Dir), Types: spec.Types}, back: true}
	meet, found := uint32(0), false
	for !found && len(fwd.frontier) > 0 && len(bwd.frontier) > 0 {
		if spec.Max >= 0 && fwd.depth+bwd.depth >= spec.Max {
			break
		}
		if err := m.ctx.Context.Err(); err != nil {
			return nil, read, cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
		}
		this, other := fwd, bwd
		if len(bwd.frontier) < len(fwd.frontier) {
			this, other = bwd, fwd
		}
		var next []uint32
		for _, n := range this.frontier {
			// A hop from the path's start side to its end side: n leaves
			// it (forward), or reaches it (backward).
			if !this.back && !keep.leaves(n, n == a) || this.back && !keep.reaches(n) {
				continue
			}
			m.expandCounted(n, this.spec, func(rel uint64, nbr uint32, _ uint32) bool {
				read++
				if _, seen := this.parent[nbr]; seen || !keep.crosses(rel) {
					return true
				}
				if !this.back && !keep.reaches(nbr) || this.back && !keep.leaves(nbr, nbr == a) {
					return true
				}
				this.parent[nbr] = parentLink{n, rel}
				next = append(next, nbr)
				if _, hit := other.parent[nbr]; hit && !found {
					meet, found = nbr, true
				}
				return true
			})
		}
		this.frontier = next
		this.depth++
		if err := m.account(int64(len(next)) * 24); err != nil {
			return nil, read, err
		}
	}
	if !found {
		return nil, read, nil
	}
	// a ... meet along forward links, then meet ... b along backward links.
	var nodes []uint32
	var rels []uint64
	for n := meet; n != a; {
		l := fwd.parent[n]
		nodes = append(nodes, n)
		rels = append(rels, l.rel)
		n = l.from
	}
	p := value.Path{Nodes: []value.Node{{ID: a}}}
	for i := len(rels) - 1; i >= 0; i-- {
		p.Rels = append(p.Rels, m.relValue(rels[i]).(value.Rel))
		p.Nodes = append(p.Nodes, value.Node{ID: nodes[i]})
	}
	for n := meet; n != b; {
		l := bwd.parent[n]
		p.Rels = append(p.Rels, m.relValue(l.rel).(value.Rel))
		p.Nodes = append(p.Nodes, value.Node{ID: l.from})
		n = l.from
	}
	if len(p.Rels) < spec.Min || (spec.Max >= 0 && len(p.Rels) > spec.Max) {
		return nil, read, nil
	}
	return []value.Path{p}, read, nil
}
