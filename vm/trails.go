package vm

import (
	"slices"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
)

// trailEnds returns the nodes at the end of some trail (no relationship
// used twice) from src along hops, the way MATCH binds the end of a
// pattern of fixed hops, computed set at a time where that is exact.
//
// Set expansion along the hops gives the ends of their walks (W). A walk
// that is not a trail uses some relationship twice; cutting out the part
// between the two uses (with one use, or both) leaves a walk, over the
// same relationships in the same directions, to the same end, at least two
// hops shorter: the two uses in opposite directions go with the part
// between them; in the same direction, the part from the first to the
// second goes, at least two hops unless the second use follows the first
// at once, which makes the relationship a self-loop, and then both uses go
// (they start and end at the same node). So a node of W farther than k-2
// hops from src, in the graph of every hop's relationships, is the end of
// a trail; only W's nodes that near (U) need a trail found for them (for
// two hops, src alone): a depth-first search of trails from src that
// descends only into nodes from which the remaining hops can still reach
// U, and stops once every node of U has one.
//
// groups, when not nil, gives for each hop its uniqueness group: only hops
// of one group must use distinct relationships (hops of two MATCH clauses
// may reuse one). A walk that is not such a trail uses a relationship
// twice within a group, and the same cut shortens it, so the bound on U
// holds; with no group of two hops that may follow one relationship (their
// type lists meet, see sharedGroup), every walk qualifies and W is the
// answer.
//
// labels, when not nil, gives for each hop the label expression the node
// it reaches must satisfy (nil: none), and allowed, when not nil, the set
// that node must be in (nil: any; the nodes passing the tests of the
// pattern's node there). W, the search and the sets that guide it honour
// them; the distances do not need to, since the shorter walk the argument
// cuts out is a walk over the hops' relationships whatever its nodes.
func (m *Machine) trailEnds(src uint32, hops []ExpandSpec, labels []*LabelExpr, allowed []*roaring.Bitmap, groups []int) (*roaring.Bitmap, error) {
	k := len(hops)
	filter := func(set *roaring.Bitmap, i int) *roaring.Bitmap {
		if i < len(labels) && labels[i] != nil {
			set = m.setFilterLabels(set, labels[i])
		}
		if i < len(allowed) && allowed[i] != nil {
			set = roaring.And(set, allowed[i])
		}
		return set
	}
	// fwd[i]: the ends of the walks along hops[:i] (fwd[k] is W).
	fwd := make([]*roaring.Bitmap, k+1)
	fwd[0] = roaring.BitmapOf(src)
	for i := range hops {
		fwd[i+1] = filter(m.setExpand(fwd[i], &hops[i]), i)
		if fwd[i+1].IsEmpty() {
			return fwd[i+1], nil
		}
	}
	w := fwd[k]
	if k < 2 || w.IsEmpty() || !sharedGroup(groups, hops) {
		return w, nil
	}
	// near[d]: the nodes within d hops of src.
	near := []*roaring.Bitmap{roaring.BitmapOf(src)}
	frontier := near[0]
	for d := 1; d <= k-2; d++ {
		parts := make([]*roaring.Bitmap, 0, len(hops))
		for i := range hops {
			if i > 0 && sameHop(&hops[i], &hops[i-1]) {
				continue
			}
			parts = append(parts, m.setExpandExcept(frontier, near[d-1], &hops[i]))
		}
		next := roaring.FastOr(parts...)
		frontier = next
		next = roaring.Or(near[d-1], next)
		near = append(near, next)
	}
	unsure := roaring.And(w, near[k-2])
	if unsure.IsEmpty() {
		return w, nil
	}
	// reach[i]: the nodes of fwd[i] from which hops i.. can walk to
	// unsure, i.e. those with a neighbour in reach[i+1]: found by
	// expanding reach[i+1] backwards or, when fwd[i] is the smaller set,
	// by testing its nodes' neighbours (from a hub, reach[i+1] can be
	// much of the graph while fwd[i] is the hub's neighbours).
	reach := make([]*roaring.Bitmap, k+1)
	reach[k] = unsure
	for i := k - 1; i >= 1; i-- {
		if fwd[i].GetCardinality() < reach[i+1].GetCardinality() {
			reach[i] = roaring.New()
			it := fwd[i].Iterator()
			for it.HasNext() {
				x := it.Next()
				if m.hopNeighbors(x, &hops[i]).Intersects(reach[i+1]) {
					reach[i].Add(x)
				}
			}
			continue
		}
		back := ExpandSpec{Dir: reverseDir(hops[i].Dir), Types: hops[i].Types}
		reach[i] = roaring.And(m.setExpand(reach[i+1], &back), fwd[i])
	}
	left := unsure.Clone() // the ends still without a trail
	t := trailSearch{m: m, hops: hops, groups: groups, steps: make([]pairStep, 0, k)}
	// walk searches depth first, from node at depth, for trails to the
	// nodes of left; false once none is left or on an error. It follows
	// node pairs, not relationships: a step to a neighbour in reach is
	// found by intersecting the node's neighbours with reach (in id
	// order, so a large graph's node table is read in order), and only a
	// step between two nodes an earlier step joined as well, over a
	// relationship that could have served both, looks at the
	// relationships (see trailSearch.fits).
	var walk func(node uint32, depth int) bool
	walk = func(node uint32, depth int) bool {
		t.visits++
		if t.visits%1024 == 0 {
			if e := m.ctx.Context.Err(); e != nil {
				t.err = cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
				return false
			}
		}
		last := depth+1 == k
		to := reach[depth+1]
		if last {
			to = left
		}
		for _, nbr := range m.hopNeighborsIn(node, &hops[depth], to) {
			t.steps = append(t.steps, pairStep{from: node, to: nbr, hop: depth})
			cont := true
			if t.fits() {
				if last {
					left.Remove(nbr)
					cont = !left.IsEmpty()
				} else {
					cont = walk(nbr, depth+1)
				}
			}
			t.steps = t.steps[:len(t.steps)-1]
			if !cont {
				return false
			}
		}
		return true
	}
	walk(src, 0)
	if t.err != nil {
		return nil, t.err
	}
	w.AndNot(left)
	return w, nil
}

// hopNeighbors returns the nodes one relationship of spec joins to node
// (shared with the store: not to be changed).
func (m *Machine) hopNeighbors(node uint32, spec *ExpandSpec) *roaring.Bitmap {
	g := m.ctx.Graph
	if len(spec.Types) == 0 {
		return g.Neighbors(node, spec.Dir, AnyType)
	}
	ids := m.typeIDs(spec.Types)
	switch len(ids) {
	case 0:
		return roaring.New()
	case 1:
		return g.Neighbors(node, spec.Dir, ids[0])
	}
	parts := make([]*roaring.Bitmap, len(ids))
	for i, id := range ids {
		parts[i] = g.Neighbors(node, spec.Dir, id)
	}
	return roaring.FastOr(parts...)
}

// pairStep is one step of a trail search: from a node to a neighbour
// along hop hop, over a relationship not yet chosen.
type pairStep struct {
	from, to uint32
	hop      int
}

// trailSearch is the state of trailEnds' depth-first search: the steps
// taken so far from the start.
type trailSearch struct {
	m      *Machine
	hops   []ExpandSpec
	groups []int // per hop, nil: one group
	steps  []pairStep
	visits int
	err    error
	// simple remembers, by node<<2|direction, whether the node's
	// relationships in the direction lead to distinct neighbours (see
	// single).
	simple map[uint64]bool
}

// fits reports whether the steps taken, the last one just added, can use
// distinct relationships. A relationship joins one pair of nodes, so only
// the steps between the last step's two nodes can compete for one; every
// step has a relationship of its own (its node was found among the
// neighbours of its hop). When no earlier step between them could use a
// relationship that the last one could (their directions or types
// differ), the last one takes any of its own; otherwise the relationships
// between the two nodes are read and the steps between them matched to
// distinct ones.
func (t *trailSearch) fits() bool {
	s := t.steps[len(t.steps)-1]
	var group []pairStep
	for _, p := range t.steps[:len(t.steps)-1] {
		if samePair(p, s) && t.sameGroup(p.hop, s.hop) {
			group = append(group, p)
		}
	}
	if len(group) == 0 {
		return true
	}
	clash := false
	for _, p := range group {
		clash = clash || t.mayShare(p, s)
	}
	if !clash {
		return true
	}
	group = append(group, s)
	dir := t.between(group, s.from)
	if dir != Both && s.from != s.to && t.single(s.from, s.to, dir) {
		return false // one relationship at most for two or more steps
	}
	rels := t.relsBetween(s.from, s.to, dir)
	taken := make([]bool, len(rels))
	var assign func(i int) bool
	assign = func(i int) bool {
		if i == len(group) {
			return true
		}
		for j, r := range rels {
			if !taken[j] && t.serves(r, group[i]) {
				taken[j] = true
				if assign(i + 1) {
					return true
				}
				taken[j] = false
			}
		}
		return false
	}
	return assign(0)
}

// sameGroup reports whether hops i and j must use distinct relationships.
func (t *trailSearch) sameGroup(i, j int) bool {
	return t.groups == nil || t.groups[i] == t.groups[j]
}

// sharedGroup reports whether two of the hops are in one uniqueness
// group (groups nil: all are) and may follow one relationship: a
// relationship has one type, so two hops whose type lists are disjoint
// (an empty list is every type) never use the same one, and the walks
// along them are trails whatever their nodes and directions.
func sharedGroup(groups []int, hops []ExpandSpec) bool {
	for i := range hops {
		for j := i + 1; j < len(hops); j++ {
			if (groups == nil || j >= len(groups) || groups[i] == groups[j]) && typesMeet(hops[i].Types, hops[j].Types) {
				return true
			}
		}
	}
	return false
}

// typesMeet reports whether some relationship type is in both lists (an
// empty list is every type).
func typesMeet(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	for _, t := range a {
		if slices.Contains(b, t) {
			return true
		}
	}
	return false
}

func samePair(a, b pairStep) bool {
	return (a.from == b.from && a.to == b.to) || (a.from == b.to && a.to == b.from)
}

// ends lists the (start, end) pairs a relationship serving step s may
// have: one for a directed hop, both orders for an undirected one.
func (t *trailSearch) ends(s pairStep) [][2]uint32 {
	switch t.hops[s.hop].Dir {
	case Out:
		return [][2]uint32{{s.from, s.to}}
	case In:
		return [][2]uint32{{s.to, s.from}}
	}
	return [][2]uint32{{s.from, s.to}, {s.to, s.from}}
}

// mayShare reports whether one relationship could serve both steps
// (between the same two nodes): a direction and a type in common.
func (t *trailSearch) mayShare(a, b pairStep) bool {
	if !typesOverlap(t.hops[a.hop].Types, t.hops[b.hop].Types) {
		return false
	}
	for _, x := range t.ends(a) {
		for _, y := range t.ends(b) {
			if x == y {
				return true
			}
		}
	}
	return false
}

// typesOverlap reports whether some relationship type is in both lists
// (an empty list allows every type).
func typesOverlap(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// pairRel is a relationship between two nodes.
type pairRel struct {
	start, end, typ uint32
}

// between is the direction, from node a, of the relationships that can
// serve the steps of group (all between a and one other node): Out or In
// when every step's relationship must go one way.
func (t *trailSearch) between(group []pairStep, a uint32) Direction {
	out, in := false, false
	for _, p := range group {
		for _, e := range t.ends(p) {
			if e[0] == a {
				out = true
			}
			if e[1] == a {
				in = true
			}
		}
	}
	switch {
	case out && !in:
		return Out
	case in && !out:
		return In
	}
	return Both
}

// relsBetween lists the relationships between a and b in direction dir
// from a, read from the adjacency of whichever has the smaller degree
// (those of either direction when the graph cannot answer by direction).
func (t *trailSearch) relsBetween(a, b uint32, dir Direction) []pairRel {
	g := t.m.ctx.Graph
	if pg, ok := g.(PairGraph); ok {
		var out []pairRel
		pg.RelsBetween(a, b, dir, func(_ uint64, start, end, typ uint32) bool {
			out = append(out, pairRel{start, end, typ})
			return true
		})
		return out
	}
	if g.Degree(b, Both, AnyType) < g.Degree(a, Both, AnyType) {
		a, b = b, a
	}
	var out []pairRel
	for _, d := range []Direction{Out, In} {
		g.Expand(a, d, AnyType, func(_ uint64, nbr uint32, typ uint32) bool {
			if nbr != b {
				return true
			}
			r := pairRel{a, b, typ}
			if d == In {
				if a == b {
					return true // a self-loop, listed with Out already
				}
				r.start, r.end = b, a
			}
			out = append(out, r)
			return true
		})
	}
	return out
}

// serves reports whether relationship r can be step s's.
func (t *trailSearch) serves(r pairRel, s pairStep) bool {
	h := &t.hops[s.hop]
	if len(h.Types) > 0 && !slices.Contains(t.m.typeIDs(h.Types), r.typ) {
		return false
	}
	for _, e := range t.ends(s) {
		if e == [2]uint32{r.start, r.end} {
			return true
		}
	}
	return false
}

func sameHop(a, b *ExpandSpec) bool {
	return a.Dir == b.Dir && slices.Equal(a.Types, b.Types)
}

// trailReach returns the nodes at the end of some trail from src along
// spec whose length lies in [Min, Max] (Max >= Min >= 2): the trails of
// each length, found by trailEnds.
//
// Under per-level tests (steps), every hop's node is in steps.in and every
// one but the last's in steps.through too (the caller has checked that a
// hop may leave the start).
func (m *Machine) trailReach(src *roaring.Bitmap, spec *VarExpandSpec, steps stepBitmaps) (*roaring.Bitmap, error) {
	out := roaring.New()
	var inner *roaring.Bitmap // the nodes a trail may go through
	switch {
	case steps.in != nil && steps.through != nil:
		inner = roaring.And(steps.in, steps.through)
	case steps.in != nil:
		inner = steps.in
	default:
		inner = steps.through
	}
	it := src.Iterator()
	for it.HasNext() {
		s := it.Next()
		hops := make([]ExpandSpec, 0, spec.Max)
		for l := 1; l <= spec.Max; l++ {
			hops = append(hops, spec.ExpandSpec)
			if l < spec.Min {
				continue
			}
			var allowed []*roaring.Bitmap
			if steps.in != nil || steps.through != nil {
				allowed = make([]*roaring.Bitmap, l)
				for i := range allowed {
					allowed[i] = inner
				}
				allowed[l-1] = steps.in
			}
			ends, err := m.trailEnds(s, hops, nil, allowed, nil)
			if err != nil {
				return nil, err
			}
			out.Or(ends)
		}
	}
	return out, nil
}
