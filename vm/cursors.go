package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// cursor is one iteration in progress. One struct serves every cursor kind
// (no interface dispatch per row); only the fields of its kind are used.
type cursor struct {
	// node scans
	it roaring.IntPeekable
	// batched node scans: the current batch, read from pos, and the
	// deferred errors of its lanes (nil when none failed)
	batch   []uint32
	laneErr []error
	// deferErr holds, per lane, the error of a test evaluated over the
	// batch for a later operator (OpVecDefer), and deferCur that of the
	// lane the pipeline is on (OpVecDeferLoad; see vector_defer.go)
	deferErr []error
	deferCur error
	masks    laneMasks // lanes an operand is not evaluated on (vector_mask.go)
	// relationship types with their counts
	typeCounts []TypeCount
	// expansions: (relationship, neighbour) pairs read in one block
	rels []uint64
	nbrs []uint32
	pos  int
	// lists
	list value.List
	// variable-length trails: a bound list's one trail in paths, else
	// walked one at a time
	paths []trail
	walk  *trailWalk
	// tables
	tab *table
	// value joins: the build rows a probe found (value_join.go)
	join     *joinTable
	joinSpec *ValueJoinSpec
	joinRows []int32
	// shortest paths
	spaths   []value.Path
	kpaths   *kShortest    // paths in order of length, when the spec is searched
	source   *singleSource // paths from one node to every node it reaches
	starget  uint32        // the end node of the last path from source
	sreverse bool          // the paths are given reversed (ShortestSpec.Reverse)
	// the search from the start the last rows shared (pairPaths), and
	// the start of the last pair searched alone
	targets  *targetSearch
	pairSrc  uint32
	pairFrom bool
	// what the row's search (from source, or kpaths) charged to the
	// query, given back when the next row's opens
	held int64
	// LOAD CSV
	csv *csvCursor
	// procedures
	procRows [][]value.Value
	procSpec *ProcSpec
}

type trail struct {
	end  uint32
	rels value.List
}

func (c *cursor) openBitmap(b *roaring.Bitmap) {
	if b == nil {
		c.it = nil
		return
	}
	c.it = b.Iterator()
}

func (c *cursor) openExpand(g Graph, src uint64, spec *ExpandSpec) {
	c.rels = c.rels[:0]
	c.nbrs = c.nbrs[:0]
	c.pos = 0
	if src == NullID {
		return
	}
	add := func(rel uint64, nbr uint32, _ uint32) bool {
		c.rels = append(c.rels, rel)
		c.nbrs = append(c.nbrs, nbr)
		return true
	}
	expandTypes(g, uint32(src), spec, add)
}

// expandTypes calls fn for the relationships of node matching spec.
func expandTypes(g Graph, node uint32, spec *ExpandSpec, fn func(rel uint64, nbr uint32, typ uint32) bool) {
	if len(spec.Types) == 0 {
		g.Expand(node, spec.Dir, AnyType, fn)
		return
	}
	for _, t := range spec.Types {
		id, ok := g.TypeID(t)
		if !ok {
			continue
		}
		stop := false
		g.Expand(node, spec.Dir, id, func(rel uint64, nbr uint32, typ uint32) bool {
			if !fn(rel, nbr, typ) {
				stop = true
				return false
			}
			return true
		})
		if stop {
			return
		}
	}
}

// openVarExpand starts enumerating the trails (no relationship twice) from
// src whose length is within [Min, Max], depth first (see trailWalk).
func (c *cursor) openVarExpand(m *Machine, src uint64, spec *VarExpandSpec) error {
	c.paths = c.paths[:0]
	c.pos = 0
	if c.walk != nil {
		c.walk.spec = nil
	}
	if src == NullID {
		return nil
	}
	if spec.Follow >= 0 {
		return c.followList(m, uint32(src), spec)
	}
	if c.walk == nil {
		c.walk = &trailWalk{}
	}
	c.walk.reset(m, uint32(src), spec)
	return nil
}

// nextVarExpand returns the cursor's next trail.
func (c *cursor) nextVarExpand(m *Machine) (end uint32, rels value.Value, ok bool, err error) {
	if c.walk != nil && c.walk.spec != nil {
		return c.walk.next(m)
	}
	if c.pos >= len(c.paths) {
		return 0, nil, false, nil
	}
	p := c.paths[c.pos]
	c.pos++
	return p.end, p.rels, true, nil
}

// relFilter is the test of the relationships a shortest-path search
// crosses: each must hold, under keys[i], a value equal to that of R
// register regs[i], read now (nil when keys is empty). An unknown key
// or a value that equals nothing (null) lets no relationship pass.
func (m *Machine) relFilter(keys []string, regs []int32) func(rel uint64) bool {
	if len(keys) == 0 {
		return nil
	}
	ids := make([]uint32, len(keys))
	want := make([]value.Value, len(keys))
	for i, k := range keys {
		id, ok := m.ctx.Graph.PropKeyID(k)
		if !ok {
			return func(uint64) bool { return false }
		}
		ids[i], want[i] = id, m.R[regs[i]]
	}
	return func(rel uint64) bool {
		for i, id := range ids {
			v, ok := m.ctx.Graph.RelProp(rel, id)
			if !ok || value.Equal(v, want[i]) != value.True {
				return false
			}
		}
		return true
	}
}

func (m *Machine) relPropsMatch(rel uint64, spec *VarExpandSpec) bool {
	for i, k := range spec.PropKeys {
		id, ok := m.ctx.Graph.PropKeyID(k)
		if !ok {
			return false
		}
		v, ok := m.ctx.Graph.RelProp(rel, id)
		if !ok || value.Equal(v, m.R[spec.PropRegs[i]]) != value.True {
			return false
		}
	}
	return true
}

func memoryErr(limit int64) error {
	return cyqerr.Runtimef(cyqerr.LimitExceeded, "MemoryBudget", "the query needed more than its memory budget of %d bytes", limit).WithHint("narrow the pattern, add a LIMIT, or aggregate earlier")
}

// followList matches a variable-length pattern against a bound list of
// relationships: the trail is the list itself, when its relationships join
// up from src in the pattern's direction, types and length range.
func (c *cursor) followList(m *Machine, src uint32, spec *VarExpandSpec) error {
	l, ok := m.R[spec.Follow].(value.List)
	if !ok {
		return nil
	}
	if len(l) < spec.Min || (spec.Max >= 0 && len(l) > spec.Max) {
		return nil
	}
	rels := l
	if spec.Reverse {
		rels = make(value.List, len(l))
		for i, v := range l {
			rels[len(l)-1-i] = v
		}
	}
	cur := src
	seen := map[uint64]bool{}
	for _, v := range rels {
		r, ok := v.(value.Rel)
		if !ok || seen[r.ID] {
			return nil
		}
		seen[r.ID] = true
		start, end, typ, exists := m.ctx.Graph.Rel(r.ID)
		if !exists {
			return nil
		}
		if len(spec.Types) > 0 {
			name := m.ctx.Graph.TypeName(typ)
			match := false
			for _, t := range spec.Types {
				match = match || t == name
			}
			if !match {
				return nil
			}
		}
		switch {
		case start == cur && (spec.Dir == Out || spec.Dir == Both):
			cur = end
		case end == cur && (spec.Dir == In || spec.Dir == Both):
			cur = start
		default:
			return nil
		}
	}
	c.paths = append(c.paths, trail{end: cur, rels: l})
	return nil
}
