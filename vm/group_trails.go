package vm

import (
	"github.com/RoaringBitmap/roaring/v2"
)

// groupEnds returns the nodes at the end of some trail from src that
// follows spec's hops Repeat.Min..Repeat.Max times (a quantified path
// pattern whose consumers need only its distinct ends): for each number
// of repetitions k, the hops unrolled k times, the node between two
// repetitions tested as both the last hop's node and a repetition's
// start, give a fixed chain whose trail ends trailEnds finds exactly;
// the result is their union, with src itself for zero repetitions.
//
// Trails, not walks: MATCH binds a quantified path's relationships
// uniquely, and a walk that follows the hops k times may use a
// relationship twice where no trail of k repetitions reaches its end
// (two hops of a group over the same relationship forth and back lead
// back to the start, which a trail reaches only through a cycle).
// trailEnds' argument holds for any fixed chain: a walk that repeats a
// relationship has a shorter walk over the chain's relationships to the
// same end, so only ends near src need a trail searched for.
//
// allowed parallels spec.Hops (as for trailEnds); the work is that of
// trailEnds for each k, so Max is bounded (the planner enumerates
// unbounded quantifiers).
func (m *Machine) groupEnds(src uint32, spec *ChainSpec, allowed []*roaring.Bitmap) (*roaring.Bitmap, error) {
	q := spec.Repeat
	out := roaring.New()
	if q.Min == 0 {
		out.Add(src)
	}
	var start *roaring.Bitmap
	if q.Allowed >= 0 {
		start = m.S[q.Allowed]
	}
	if q.Max == 0 || (start != nil && !start.Contains(src)) || (q.Labels != nil && !m.matchLabels(src, q.Labels)) {
		return out, nil
	}
	L := len(spec.Hops)
	at := func(list []*LabelExpr, j int) *LabelExpr {
		if j < len(list) {
			return list[j]
		}
		return nil
	}
	atSet := func(list []*roaring.Bitmap, j int) *roaring.Bitmap {
		if j < len(list) {
			return list[j]
		}
		return nil
	}
	// The last hop's node between two repetitions: its own tests and a
	// start's.
	junctionLabels := at(spec.Labels, L-1)
	if q.Labels != nil {
		junctionLabels = &LabelExpr{Op: '&', Items: []*LabelExpr{q.Labels}}
		if l := at(spec.Labels, L-1); l != nil {
			junctionLabels.Items = append(junctionLabels.Items, l)
		}
	}
	junctionAllowed := atSet(allowed, L-1)
	if start != nil {
		junctionAllowed = start
		if a := atSet(allowed, L-1); a != nil {
			junctionAllowed = roaring.And(a, start)
		}
	}
	hops := make([]ExpandSpec, 0, q.Max*L)
	labels := make([]*LabelExpr, 0, q.Max*L)
	sets := make([]*roaring.Bitmap, 0, q.Max*L)
	for k := 1; k <= q.Max; k++ {
		if k > 1 {
			// The previous repetition's last node is now a junction.
			labels[len(labels)-1] = junctionLabels
			sets[len(sets)-1] = junctionAllowed
		}
		for j := range L {
			hops = append(hops, spec.Hops[j])
			labels = append(labels, at(spec.Labels, j))
			sets = append(sets, atSet(allowed, j))
		}
		if k < q.Min {
			continue
		}
		ends, err := m.trailEnds(src, hops, labels, sets, nil)
		if err != nil {
			return nil, err
		}
		out.Or(ends)
	}
	return out, nil
}
