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
// labels, when not nil, gives for each hop the label expression the node
// it reaches must satisfy (nil: none). W, the search and the sets that
// guide it honour them; the distances do not need to, since the shorter
// walk the argument cuts out is a walk over the hops' relationships
// whatever its nodes' labels.
func (m *Machine) trailEnds(src uint32, hops []ExpandSpec, labels []*LabelExpr) (*roaring.Bitmap, error) {
	k := len(hops)
	filter := func(set *roaring.Bitmap, i int) *roaring.Bitmap {
		if i < len(labels) && labels[i] != nil {
			return m.setFilterLabels(set, labels[i])
		}
		return set
	}
	w := roaring.BitmapOf(src)
	for i := range hops {
		w = filter(m.setExpand(w, &hops[i]), i)
		if w.IsEmpty() {
			return w, nil
		}
	}
	if k < 2 || w.IsEmpty() {
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
			parts = append(parts, m.setExpand(frontier, &hops[i]))
		}
		next := roaring.FastOr(parts...)
		next.AndNot(near[d-1])
		frontier = next
		next = roaring.Or(near[d-1], next)
		near = append(near, next)
	}
	unsure := roaring.And(w, near[k-2])
	if unsure.IsEmpty() {
		return w, nil
	}
	// reach[i]: the nodes, with hop i-1's labels, from which hops i.. can
	// walk to unsure.
	reach := make([]*roaring.Bitmap, k+1)
	reach[k] = unsure
	for i := k - 1; i >= 1; i-- {
		back := ExpandSpec{Dir: reverseDir(hops[i].Dir), Types: hops[i].Types}
		reach[i] = filter(m.setExpand(reach[i+1], &back), i-1)
	}
	found := roaring.New()
	left := unsure.GetCardinality()
	used := make([]uint64, 0, k)
	steps := 0
	var err error
	// next[d]: the steps the search takes from the node it is at on depth
	// d, sorted by neighbour, so that it descends into nodes in id order:
	// an adjacency list is in relationship order, which for a large one
	// is a random order of neighbours, and reading them so would touch
	// the node table at random when it does not fit in memory.
	next := make([][]trailHop, k)
	var walk func(node uint32, depth int) bool
	walk = func(node uint32, depth int) bool {
		cont := true
		hopsOut := next[depth][:0]
		expandTypes(m.ctx.Graph, node, &hops[depth], func(rel uint64, nbr uint32, _ uint32) bool {
			steps++
			if steps%4096 == 0 {
				if e := m.ctx.Context.Err(); e != nil {
					err = cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
					cont = false
					return false
				}
			}
			if !reach[depth+1].Contains(nbr) || slices.Contains(used, rel) {
				return true
			}
			if depth+1 == k {
				if found.CheckedAdd(nbr) {
					left--
				}
				cont = left > 0
				return cont
			}
			hopsOut = append(hopsOut, trailHop{nbr, rel})
			return true
		})
		next[depth] = hopsOut
		if !cont || len(hopsOut) == 0 {
			return cont
		}
		slices.SortFunc(hopsOut, func(a, b trailHop) int { return cmpHop(a, b) })
		for _, s := range hopsOut {
			used = append(used, s.rel)
			cont = walk(s.nbr, depth+1)
			used = used[:len(used)-1]
			if !cont {
				break
			}
		}
		return cont
	}
	walk(src, 0)
	if err != nil {
		return nil, err
	}
	w.AndNot(unsure)
	w.Or(found)
	return w, nil
}

// trailHop is one relationship a trail search may follow, to nbr.
type trailHop struct {
	nbr uint32
	rel uint64
}

func cmpHop(a, b trailHop) int {
	switch {
	case a.nbr != b.nbr:
		if a.nbr < b.nbr {
			return -1
		}
		return 1
	case a.rel < b.rel:
		return -1
	case a.rel > b.rel:
		return 1
	}
	return 0
}

func sameHop(a, b *ExpandSpec) bool {
	return a.Dir == b.Dir && slices.Equal(a.Types, b.Types)
}

// trailReach returns the nodes at the end of some trail from src along
// spec whose length lies in [Min, Max] (Max >= Min >= 2): the trails of
// each length, found by trailEnds.
func (m *Machine) trailReach(src *roaring.Bitmap, spec *VarExpandSpec) (*roaring.Bitmap, error) {
	out := roaring.New()
	it := src.Iterator()
	for it.HasNext() {
		s := it.Next()
		hops := make([]ExpandSpec, 0, spec.Max)
		for l := 1; l <= spec.Max; l++ {
			hops = append(hops, spec.ExpandSpec)
			if l < spec.Min {
				continue
			}
			ends, err := m.trailEnds(s, hops, nil)
			if err != nil {
				return nil, err
			}
			out.Or(ends)
		}
	}
	return out, nil
}
