package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// targetSearch serves the shortest paths from one start node to the many
// end nodes that successive rows pair it with (both ends bound: the
// operator is opened once per row): one breadth-first search from the
// start, grown a whole level at a time, answers every end node within the
// levels it has completed by reading the parent links back, as a
// single-source search does (singleSource). A node first met at level d
// is at distance d, and the links recorded for it within level d are the
// last hops of all its shortest paths, so the paths read back are the
// shortest ones, as many as the selection asks for.
//
// The search holds its visited set and one parent link per node (every
// link of the node's level with All): what it holds is bounded by the
// nodes the start reaches, not by the pairs asked. A pair search (the
// bidirectional shortestOne) holds its maps only while it runs.
//
// One shortest path between two nodes is usually cheaper to find from
// both ends than by growing the start's levels to the end's distance, so
// without All the levels grow only as the pairs pay for them: an end node
// beyond the completed levels is searched for by its pair, the
// relationships it reads are counted (spent), and the next level is grown
// once the pair searches since the last one have read as many
// relationships as that level did. Work over the pairs is then within a
// small factor of the cheaper of one search per pair and one search from
// the start.
type targetSearch struct {
	spec     *ShortestSpec
	a        uint32
	operands []value.Value // the test operands the search was opened with
	keep     *searchTests
	parents  map[uint32][]parentLink
	visited  *roaring.Bitmap
	frontier []uint32
	depth    int   // the levels completed
	last     int64 // the relationships the last level read
	spent    int64 // the relationships pair searches read since then
	held     int64 // the bytes charged to the query for the search
}

// targetBytes is what the search is charged per node it reaches: its
// visited bit, its parent link and the map's overhead.
const targetBytes = 32

// sharedSearch reports whether a search from one start serves other rows
// than the one that opened it: the program does not write (the graph
// does not change between rows) and the tests of the hops read no set
// register (an operand register is compared when the search is reused:
// searchOperands).
func (s *ShortestSpec) sharedSearch(p *Program) bool {
	if p.Writes {
		return false
	}
	for _, t := range []*NodeTest{s.In, s.Leave, s.Through} {
		if t != nil && t.Set >= 0 {
			return false
		}
	}
	return true
}

// searchOperands reads the registers the tests of the hops compare with.
func (m *Machine) searchOperands(s *ShortestSpec) []value.Value {
	var out []value.Value
	for _, r := range s.PropRegs {
		out = append(out, m.R[r])
	}
	add := func(fs []*BatchFilter) {
		for _, f := range fs {
			if f.Operand >= 0 {
				out = append(out, m.R[f.Operand])
			}
		}
	}
	add(s.RelProps)
	for _, t := range []*NodeTest{s.In, s.Leave, s.Through} {
		if t != nil {
			add(t.Props)
		}
	}
	return out
}

// sameOperands reports whether two readings of the operands are the same
// values (of the same kind: a test may tell 1 from 1.0; a null is never
// the same, so a search opened with one is not reused).
func sameOperands(x, y []value.Value) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if value.KindOf(x[i]) != value.KindOf(y[i]) || value.Equal(x[i], y[i]) != value.True {
			return false
		}
	}
	return true
}

// pairPaths finds the shortest paths from src to dst for an operator
// whose ends are both bound, reusing the search from src that the
// cursor's earlier rows grew (targetSearch) when that is exact. A start
// met for the first time is searched for the pair alone (but with All,
// which searches from the start anyway); the second row from the same
// start opens the shared search.
func (m *Machine) pairPaths(c *cursor, src, dst uint64, spec *ShortestSpec, keep *searchTests) ([]value.Path, error) {
	if src == NullID || dst == NullID || src == dst || !spec.sharedSearch(m.prog) {
		return m.pairSearch(src, dst, spec, keep)
	}
	a, b := uint32(src), uint32(dst)
	t := c.targets
	if t != nil && (t.a != a || t.spec != spec || !sameOperands(t.operands, m.searchOperands(spec))) {
		m.release(t.held)
		c.targets, t = nil, nil
	}
	if t == nil {
		if !spec.All && (!c.pairFrom || c.pairSrc != a) {
			c.pairFrom, c.pairSrc = true, a
			return m.pairSearch(src, dst, spec, keep)
		}
		t = &targetSearch{spec: spec, a: a, operands: m.searchOperands(spec), keep: keep,
			parents: map[uint32][]parentLink{}, visited: roaring.BitmapOf(a), frontier: []uint32{a}}
		c.targets = t
	}
	return t.pathsTo(m, b)
}

// pairSearch is the search for one pair; what it holds is given back
// when it ends.
func (m *Machine) pairSearch(src, dst uint64, spec *ShortestSpec, keep *searchTests) ([]value.Path, error) {
	before := m.memory
	paths, err := m.shortestPaths(src, dst, spec, keep)
	if err == nil {
		m.release(m.memory - before)
	}
	return paths, err
}

// pathsTo returns the shortest paths from the start to b.
func (t *targetSearch) pathsTo(m *Machine, b uint32) ([]value.Path, error) {
	for !t.visited.Contains(b) {
		if len(t.frontier) == 0 || (t.spec.Max >= 0 && t.depth >= t.spec.Max) {
			return nil, nil
		}
		if !t.spec.All && t.spent < t.last {
			before := m.memory
			paths, read, err := m.shortestOne(t.a, b, t.spec, t.keep)
			if err != nil {
				return nil, err
			}
			m.release(m.memory - before)
			t.spent += read
			return paths, nil
		}
		if err := t.grow(m); err != nil {
			return nil, err
		}
	}
	return m.readPaths(t.parents, t.a, b, t.spec.All), nil
}

// grow completes the next level of the search.
func (t *targetSearch) grow(m *Machine) error {
	if err := m.searchAlive(); err != nil {
		return err
	}
	spec, keep := t.spec, t.keep
	var next []uint32
	var read int64
	level := roaring.New()
	for _, n := range t.frontier {
		if !keep.leaves(n, t.depth == 0) {
			continue
		}
		m.expandCounted(n, &spec.ExpandSpec, func(rel uint64, nbr uint32, _ uint32) bool {
			read++
			if t.visited.Contains(nbr) || !keep.crosses(rel) || !keep.reaches(nbr) {
				return true
			}
			if level.CheckedAdd(nbr) {
				next = append(next, nbr)
			}
			if spec.All || len(t.parents[nbr]) == 0 {
				t.parents[nbr] = append(t.parents[nbr], parentLink{n, rel})
			}
			return true
		})
	}
	t.visited.Or(level)
	t.frontier = next
	t.depth++
	t.last, t.spent = read, 0
	n := int64(len(next)) * targetBytes
	t.held += n
	return m.account(n)
}
