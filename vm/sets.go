package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// smallDegree is the adjacency size below which neighbours are copied into
// a buffer rather than taken as a bitmap.
const smallDegree = 64

// setExpand returns the union of the neighbours of every node in src: small
// adjacency lists are gathered into one buffer, large ones contribute their
// (cached) neighbour bitmaps, and one many-way OR finishes.
func (m *Machine) setExpand(src *roaring.Bitmap, spec *ExpandSpec) *roaring.Bitmap {
	g := m.ctx.Graph
	if se, ok := g.(SetExpander); ok {
		types := m.typeIDs(spec.Types)
		if len(types) == 1 {
			return m.expandStep(se, src, nil, spec.Dir, types[0])
		}
		parts := make([]*roaring.Bitmap, 0, len(types))
		for _, t := range types {
			parts = append(parts, m.expandStep(se, src, nil, spec.Dir, t))
		}
		return roaring.FastOr(parts...)
	}
	var parts []*roaring.Bitmap
	buf := m.nbrBuf[:0]
	typeIDs := m.typeIDs(spec.Types)
	collect := func(_ uint64, nbr uint32, _ uint32) bool {
		buf = append(buf, nbr)
		return true
	}
	it := src.Iterator()
	for it.HasNext() {
		n := it.Next()
		for _, t := range typeIDs {
			if g.Degree(n, spec.Dir, t) < smallDegree {
				g.Expand(n, spec.Dir, t, collect)
				continue
			}
			if nb := g.Neighbors(n, spec.Dir, t); nb != nil && !nb.IsEmpty() {
				parts = append(parts, nb)
			}
		}
		if len(parts) >= 256 {
			parts = []*roaring.Bitmap{roaring.FastOr(parts...)}
		}
	}
	out := roaring.New()
	if len(parts) > 0 {
		out = roaring.FastOr(parts...)
	}
	out.AddMany(buf)
	m.nbrBuf = buf
	m.touchSets(src, out)
	return out
}

// SetExpander is implemented by graphs that expand a whole node set at
// once, reading their adjacency arrays directly (setExpand uses it).
type SetExpander interface {
	// ExpandSet returns the neighbours of the nodes over relationships of
	// type typ (AnyType for all) in direction dir.
	ExpandSet(nodes *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap
	// ExpandSetExcept returns ExpandSet(nodes, dir, typ) without the nodes
	// of except, which it may find bottom-up (from the nodes outside
	// except) when that reads less.
	ExpandSetExcept(nodes, except *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap
}

// ChargedSetExpander is a SetExpander that charges the transient buffers
// of a step to the run's memory account (expandStep uses it).
type ChargedSetExpander interface {
	// ExpandSetCharged is ExpandSetExcept (ExpandSet when except is nil)
	// with its buffers charged to charge (and given back, negative,
	// when it returns); an error from charge stops the step and is
	// returned with an empty set.
	ExpandSetCharged(nodes, except *roaring.Bitmap, dir Direction, typ uint32, charge func(int64) error) (*roaring.Bitmap, error)
}

// expandStep is one set-expansion step (except nil: none left out), its
// buffers charged to the run's memory account when the graph can. A
// refused charge is kept in m.stepErr (see takeStepErr) and gives an
// empty set.
func (m *Machine) expandStep(se SetExpander, src, except *roaring.Bitmap, dir Direction, typ uint32) (out *roaring.Bitmap) {
	defer func() { m.touchSets(src, out) }()
	if ce, ok := se.(ChargedSetExpander); ok && (m.limits.MaxMemory > 0 || m.charge != nil) {
		out, err := ce.ExpandSetCharged(src, except, dir, typ, m.stepCharge)
		if err != nil && m.stepErr == nil {
			m.stepErr = err
		}
		return out
	}
	if except == nil {
		return se.ExpandSet(src, dir, typ)
	}
	return se.ExpandSetExcept(src, except, dir, typ)
}

// stepCharge charges (or, negative, gives back) a step's buffers.
func (m *Machine) stepCharge(n int64) error { return m.account(n) }

// takeStepErr returns the error a step's refused charge left, clearing it.
func (m *Machine) takeStepErr() error {
	err := m.stepErr
	m.stepErr = nil
	return err
}

// setExpandExcept returns setExpand(src, spec) without the nodes of except
// (a breadth-first search's visited set), which the graph may compute
// bottom-up. except is not changed.
func (m *Machine) setExpandExcept(src, except *roaring.Bitmap, spec *ExpandSpec) *roaring.Bitmap {
	se, ok := m.ctx.Graph.(SetExpander)
	if !ok {
		out := m.setExpand(src, spec)
		out.AndNot(except)
		return out
	}
	types := m.typeIDs(spec.Types)
	if len(types) == 1 {
		return m.expandStep(se, src, except, spec.Dir, types[0])
	}
	parts := make([]*roaring.Bitmap, 0, len(types))
	for _, t := range types {
		parts = append(parts, m.expandStep(se, src, except, spec.Dir, t))
	}
	return roaring.FastOr(parts...)
}

var anyTypeIDs = []uint32{AnyType}

// typeIDs resolves relationship type names. Fully resolved lists are cached
// (a type created later by this query is looked up again until it exists).
func (m *Machine) typeIDs(types []string) []uint32 {
	if len(types) == 0 {
		return anyTypeIDs
	}
	if ids, ok := m.typeCache[&types[0]]; ok {
		return ids
	}
	ids := make([]uint32, 0, len(types))
	for _, t := range types {
		if id, ok := m.ctx.Graph.TypeID(t); ok {
			ids = append(ids, id)
		}
	}
	if len(ids) == len(types) {
		if m.typeCache == nil {
			m.typeCache = map[*string][]uint32{}
		}
		m.typeCache[&types[0]] = ids
	}
	return ids
}

// setReach returns the nodes at the end of some trail from a node of src
// whose length lies in [Min, Max]. With Min >= 2 (and Max finite: the
// planner uses row mode otherwise) see trailReach. Otherwise frontier BFS: each node is expanded at most once, so the work
// is bounded by the relationships touched, not by the number of paths.
//
// A node other than the start is the end of a trail of length k >= 1 iff it
// is at distance <= k, since a shortest walk is a path. The start node
// itself needs a cycle: for directed expansion any closed walk contains a
// simple cycle, so meeting the start again in the BFS is exact; for
// undirected expansion a trail cannot go back over the relationship it
// came along, so the start is checked by cycleThrough.
func (m *Machine) setReach(src *roaring.Bitmap, spec *VarExpandSpec) (*roaring.Bitmap, error) {
	steps := spec.Steps.bitmaps(m.S)
	if steps.any() && src.GetCardinality() > 1 {
		// The tests of a trail's start differ from those of its later
		// nodes: one start at a time.
		out := roaring.New()
		it := src.Iterator()
		for it.HasNext() {
			one, err := m.setReach(roaring.BitmapOf(it.Next()), spec)
			if err != nil {
				return nil, err
			}
			out.Or(one)
		}
		return out, nil
	}
	result := roaring.New()
	if spec.Min == 0 {
		result.Or(src)
	}
	if !src.IsEmpty() && !steps.leaves(src.Minimum(), 0) {
		return result, nil // no hop leaves the start
	}
	if spec.Min >= 2 {
		return m.trailReach(src, spec, steps)
	}
	if src.GetCardinality() == 1 && spec.Dir == Both {
		start := src.Minimum()
		reached := m.bfs(src, spec, false, steps)
		reached.Remove(start)
		result.Or(reached)
		if m.cycleThrough(start, spec, steps) {
			result.Add(start)
		}
		return result, nil
	}
	result.Or(m.bfs(src, spec, true, steps))
	return result, nil
}

// bfs returns every node reached in 1..Max hops; with revisitStart, a start
// node met again is included.
//
// Each step leaves out the nodes reached before (and the start nodes,
// unless they may be met again) through setExpandExcept, so that a step
// over a frontier that covers much of the graph may run bottom-up.
//
// steps, the per-level tests, keep each step to the nodes a hop may reach
// and the frontier to the nodes a hop may leave: a walk through passing
// nodes holds a trail through some of them to the same end, so the ends
// stay exact. (src is one node when there are tests, and the caller has
// checked that a hop may leave it.)
func (m *Machine) bfs(src *roaring.Bitmap, spec *VarExpandSpec, revisitStart bool, steps stepBitmaps) *roaring.Bitmap {
	except := roaring.New() // the nodes a step leaves out
	if !revisitStart {
		except.Or(src)
	}
	reached := roaring.New()
	frontier := src
	for depth := 1; spec.Max < 0 || depth <= spec.Max; depth++ {
		next := m.setExpandExcept(frontier, except, &spec.ExpandSpec)
		if steps.in != nil {
			next.And(steps.in)
		}
		if revisitStart {
			reached.Or(roaring.And(next, src))
			next.AndNot(src)
		}
		if next.IsEmpty() {
			break
		}
		reached.Or(next)
		if depth == spec.Max {
			break // no step follows: except and the frontier are not read again
		}
		except.Or(next)
		frontier = next
		if steps.through != nil {
			frontier = roaring.And(next, steps.through)
			if frontier.IsEmpty() {
				break
			}
		}
	}
	return reached
}

// cycleThrough reports whether an undirected trail of length 1..Max leaves
// start and returns to it: a self-loop (length 1), two parallel
// relationships (length 2), or a path between two distinct neighbours that
// avoids start (length 3 and more).
//
// Under per-level tests, the trail must come back into start (a hop
// reaches it) and go through nodes a hop may reach and leave.
func (m *Machine) cycleThrough(start uint32, spec *VarExpandSpec, steps stepBitmaps) bool {
	type hop struct {
		rel uint64
		nbr uint32
	}
	if !steps.reaches(start) {
		return false
	}
	inner := func(n uint32) bool { return n == start || (steps.reaches(n) && steps.leaves(n, 1)) }
	var hops []hop
	expandTypes(m.ctx.Graph, start, &spec.ExpandSpec, func(rel uint64, nbr uint32, _ uint32) bool {
		if inner(nbr) {
			hops = append(hops, hop{rel, nbr})
		}
		return true
	})
	perNbr := map[uint32]int{}
	for _, h := range hops {
		if h.nbr == start {
			return true
		}
		perNbr[h.nbr]++
	}
	if spec.Max >= 0 && spec.Max < 2 {
		return false
	}
	for _, c := range perNbr {
		if c >= 2 {
			return true
		}
	}
	if spec.Max >= 0 && spec.Max < 3 {
		return false
	}
	// Distinct neighbours b, c joined by a path avoiding start of length
	// <= Max-2: BFS from each neighbour in the graph without start.
	nbrs := roaring.New()
	for n := range perNbr {
		nbrs.Add(n)
	}
	limit := -1
	if spec.Max >= 0 {
		limit = spec.Max - 2
	}
	// In the neighbours' order, not the map's: the answer is the same in
	// any order, but the work (the steps and set elements counted) is
	// then the same on every run.
	for it := nbrs.Iterator(); it.HasNext(); {
		n := it.Next()
		visited := roaring.BitmapOf(n, start)
		frontier := roaring.BitmapOf(n)
		for d := 1; limit < 0 || d <= limit; d++ {
			next := m.setExpandExcept(frontier, visited, &spec.ExpandSpec)
			if steps.in != nil {
				next.And(steps.in)
			}
			if steps.through != nil {
				next.And(steps.through)
			}
			if next.IsEmpty() {
				break
			}
			if next.Intersects(nbrs) {
				return true
			}
			visited.Or(next)
			frontier = next
		}
	}
	return false
}

func (m *Machine) setFilterLabels(src *roaring.Bitmap, e *LabelExpr) *roaring.Bitmap {
	if e.Op == 'n' {
		id, ok := m.ctx.Graph.LabelID(e.Name)
		if !ok {
			return roaring.New()
		}
		return roaring.And(src, m.ctx.Graph.NodesWithLabel(id))
	}
	out := roaring.New()
	it := src.Iterator()
	for it.HasNext() {
		n := it.Next()
		if m.matchLabels(n, e) {
			out.Add(n)
		}
	}
	return out
}

// setChain returns the end nodes of the trails from src along spec's hops
// (see trailEnds).
func (m *Machine) setChain(src uint64, spec *ChainSpec) (*roaring.Bitmap, error) {
	if src == NullID {
		return roaring.New(), nil
	}
	var allowed []*roaring.Bitmap
	if spec.Allowed != nil {
		allowed = make([]*roaring.Bitmap, len(spec.Allowed))
		for i, r := range spec.Allowed {
			if r >= 0 {
				allowed[i] = m.S[r]
			}
		}
	}
	if spec.Repeat != nil {
		return m.groupEnds(uint32(src), spec, allowed)
	}
	return m.trailEnds(uint32(src), spec.Hops, spec.Labels, allowed, spec.Groups)
}

// adjacent reports whether some relationship of spec joins from and to,
// using the neighbour bitmaps (no relationship is enumerated).
func (m *Machine) adjacent(from, to uint64, spec *ExpandSpec) bool {
	if from == NullID || to == NullID {
		return false
	}
	for _, t := range m.typeIDs(spec.Types) {
		if m.linked(uint32(from), spec.Dir, t, uint32(to)) {
			return true
		}
	}
	return false
}

// indexSeek returns the nodes with label whose property key equals v. With
// no index (it was dropped since planning) it falls back to a label scan
// with a property check, so the answer stays right.
// indexRange answers an OpSetIndexRange: from the index, or, without
// one, by testing every node of the label.
func (m *Machine) indexRange(spec *RangeSpec, R []value.Value) *roaring.Bitmap {
	g := m.ctx.Graph
	l, ok1 := g.LabelID(spec.Label)
	k, ok2 := g.PropKeyID(spec.Key)
	var lo, hi value.Value
	if spec.Lo >= 0 {
		lo = R[spec.Lo]
	}
	if spec.Hi >= 0 {
		hi = R[spec.Hi]
	}
	loIncl, hiIncl := spec.LoIncl, spec.HiIncl
	if spec.Prefix {
		p, ok := lo.(value.String)
		if !ok {
			return roaring.New()
		}
		loIncl, hi, hiIncl = true, nil, false
		if next, ok := prefixEnd(string(p)); ok {
			hi = value.String(next)
		}
	}
	if !ok1 || !ok2 || (spec.Lo >= 0 && value.IsNull(lo)) || (spec.Hi >= 0 && value.IsNull(hi)) {
		return roaring.New()
	}
	if spec.NaN && (isNaN(lo) || isNaN(hi)) {
		// NOT (x < NaN) holds for every number x: the label's nodes, for
		// the filter that follows to test.
		return g.NodesWithLabel(l).Clone()
	}
	if b, ok := g.IndexRange(l, k, lo, hi, loIncl, hiIncl); ok {
		if spec.NaN {
			if nan, ok := g.IndexNaN(l, k); ok && !nan.IsEmpty() {
				return roaring.Or(b, nan)
			}
		}
		return b
	}
	out := roaring.New()
	it := g.NodesWithLabel(l).Iterator()
	for it.HasNext() {
		n := it.Next()
		pv, ok := g.NodeProp(n, k)
		if !ok {
			continue
		}
		in := (lo == nil || value.CompareOp(map[bool]string{true: ">=", false: ">"}[loIncl], pv, lo) == value.True) &&
			(hi == nil || value.CompareOp(map[bool]string{true: "<=", false: "<"}[hiIncl], pv, hi) == value.True)
		if in || spec.NaN && isNaN(pv) {
			out.Add(n)
		}
	}
	return out
}

// isNaN reports whether v is the float NaN.
func isNaN(v value.Value) bool {
	f, ok := v.(value.Float)
	return ok && f != f
}

// prefixEnd is the least string greater than every string starting with
// p (an exclusive upper bound), or false when there is none (p is empty
// or all 0xff bytes).
func prefixEnd(p string) (string, bool) {
	b := []byte(p)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return string(b[:i+1]), true
		}
	}
	return "", false
}

func (m *Machine) indexSeek(label, key, v value.Value) *roaring.Bitmap {
	g := m.ctx.Graph
	l, ok1 := g.LabelID(string(label.(value.String)))
	k, ok2 := g.PropKeyID(string(key.(value.String)))
	if !ok1 || !ok2 || value.IsNull(v) {
		return roaring.New()
	}
	if b, ok := g.IndexSeek(l, k, v); ok {
		return b
	}
	out := roaring.New()
	it := g.NodesWithLabel(l).Iterator()
	for it.HasNext() {
		n := it.Next()
		if pv, ok := g.NodeProp(n, k); ok && value.Equal(pv, v) == value.True {
			out.Add(n)
		}
	}
	return out
}
