package vm

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// trailWalk enumerates the trails (no relationship twice) of a
// variable-length expansion depth first, one per call of next: it holds
// only the current trail and, per node on it, the relationships still to
// try, so its memory grows with the trail's length, never with the number
// of trails. LIMIT stops it by not asking for more.
type trailWalk struct {
	spec     *VarExpandSpec
	start    uint32
	started  bool
	frames   []trailFrame
	rels     []uint64   // the current trail
	vals     value.List // its relationships as values (unless NoList)
	used     map[uint64]bool
	excluded map[uint64]bool
	steps    stepBitmaps
	min, max int // the bounds of the trails' length (max < 0: none)
	// held is the memory the frames hold now and peak the most they have
	// held; only growth beyond the peak is charged to the budget.
	held, peak int64
	// reached is the greatest length yielded (-1: none) and done says
	// no more trails are to be yielded, where the spec's Lengths yields
	// fewer than every trail.
	reached int
	done    bool
}

// TrailLengths says which of a variable-length expansion's trails it
// yields.
type TrailLengths uint8

// Trail lengths.
const (
	// EveryTrail yields every trail.
	EveryTrail TrailLengths = iota
	// EachLength yields one trail of each length the trails have: the
	// first trail met of a length greater than any yielded before. The
	// walk is depth first, so a trail's prefixes are met before it; the
	// lengths it yields are therefore every length within the bounds
	// that some trail has, and it stops once it yields one of the
	// greatest length the bounds allow.
	EachLength
	// LeastLength yields one trail of the least length the trails have:
	// the first trail met, since every trail of a greater length has a
	// prefix of the least length the bounds allow, met before it.
	LeastLength
)

func (l TrailLengths) String() string {
	switch l {
	case EachLength:
		return "each length"
	case LeastLength:
		return "least length"
	}
	return "every trail"
}

// trailFrame is a node of the current trail with the steps out of it.
type trailFrame struct {
	steps []trailStep
	next  int
}

type trailStep struct {
	rel uint64
	nbr uint32
}

// trailStepBytes is the memory charged per pending step.
const trailStepBytes = 16

func (w *trailWalk) reset(m *Machine, src uint32, spec *VarExpandSpec) {
	w.spec, w.start, w.started = spec, src, false
	w.frames, w.rels, w.vals = w.frames[:0], w.rels[:0], w.vals[:0]
	w.held, w.peak = 0, 0
	w.reached, w.done = -1, false
	w.steps = spec.Steps.bitmaps(m.S)
	w.min, w.max = spec.Min, spec.Max
	for _, b := range spec.Bounds {
		v, ok := m.R[b.Reg].(value.Int)
		if !ok {
			continue
		}
		n := max(int(v)+b.Off, 0)
		if b.Min && n > w.min {
			w.min = n
		}
		if b.Max && (w.max < 0 || n < w.max) {
			w.max = n
		}
	}
	if w.max >= 0 && w.min > w.max {
		w.min, w.max = 1, 0 // no length: no trail
	}
	if w.used == nil {
		w.used, w.excluded = map[uint64]bool{}, map[uint64]bool{}
	}
	clear(w.used)
	clear(w.excluded)
	for _, r := range spec.Excluded {
		if id := m.N[r]; id != NullID {
			w.excluded[id] = true
		}
	}
	for _, r := range spec.ExcludedLists {
		l, _ := m.R[r].(value.List)
		for _, v := range l {
			if rel, ok := v.(value.Rel); ok {
				w.excluded[rel.ID] = true
			}
		}
	}
}

// next returns the end node and relationships of the next trail whose
// length is within [Min, Max]; ok is false when there are no more.
func (w *trailWalk) next(m *Machine) (end uint32, rels value.Value, ok bool, err error) {
	spec := w.spec
	if w.done {
		return 0, nil, false, nil
	}
	if !w.started {
		w.started = true
		if err := w.enter(m, w.start); err != nil {
			return 0, nil, false, err
		}
		if w.min == 0 {
			w.yielded(0)
			return w.start, w.list(), true, nil
		}
	}
	for len(w.frames) > 0 {
		f := &w.frames[len(w.frames)-1]
		if f.next >= len(f.steps) {
			w.leave()
			continue
		}
		s := f.steps[f.next]
		f.next++
		if w.used[s.rel] || (len(spec.PropKeys) > 0 && !m.relPropsMatch(s.rel, spec)) {
			continue
		}
		w.used[s.rel] = true
		w.rels = append(w.rels, s.rel)
		if !spec.NoList {
			w.vals = append(w.vals, m.relValue(s.rel))
		}
		if err := w.enter(m, s.nbr); err != nil {
			return 0, nil, false, err
		}
		if len(w.rels) >= w.min && (spec.Lengths == EveryTrail || len(w.rels) > w.reached) {
			w.yielded(len(w.rels))
			return s.nbr, w.list(), true, nil
		}
	}
	return 0, nil, false, nil
}

// yielded notes that a trail of length n is yielded: where the spec
// yields one trail per length, the walk is done after the least one or
// after one of the greatest length allowed.
func (w *trailWalk) yielded(n int) {
	w.reached = n
	switch w.spec.Lengths {
	case LeastLength:
		w.done = true
	case EachLength:
		w.done = w.max >= 0 && n >= w.max
	}
}

// enter pushes the frame of node, reached by the current trail, with the
// relationships the trail may still follow out of it.
func (w *trailWalk) enter(m *Machine, node uint32) error {
	if len(w.frames) < cap(w.frames) {
		w.frames = w.frames[:len(w.frames)+1]
	} else {
		w.frames = append(w.frames, trailFrame{})
	}
	f := &w.frames[len(w.frames)-1]
	f.steps, f.next = f.steps[:0], 0
	if w.max >= 0 && len(w.rels) >= w.max {
		return nil
	}
	if !w.steps.leaves(node, len(w.rels)) {
		return nil
	}
	if err := m.ctx.Context.Err(); err != nil {
		return cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
	}
	steps := f.steps[:0]
	expandTypes(m.ctx.Graph, node, &w.spec.ExpandSpec, func(rel uint64, nbr uint32, _ uint32) bool {
		if !w.used[rel] && !w.excluded[rel] && w.steps.reaches(nbr) {
			steps = append(steps, trailStep{rel, nbr})
		}
		return true
	})
	f.steps = steps
	w.held += int64(len(steps)) * trailStepBytes
	if w.held > w.peak {
		grow := w.held - w.peak
		w.peak = w.held
		return m.account(grow)
	}
	return nil
}

// leave pops the top frame and the relationship that reached it.
func (w *trailWalk) leave() {
	f := &w.frames[len(w.frames)-1]
	w.held -= int64(len(f.steps)) * trailStepBytes
	w.frames = w.frames[:len(w.frames)-1]
	if n := len(w.rels); n > 0 && len(w.frames) > 0 {
		delete(w.used, w.rels[n-1])
		w.rels = w.rels[:n-1]
		if len(w.vals) == n {
			w.vals = w.vals[:n-1]
		}
	}
}

// list is the current trail as a fresh list of relationships, in pattern
// order, or null when nothing reads it.
func (w *trailWalk) list() value.Value {
	if w.spec.NoList {
		return value.NullValue
	}
	out := make(value.List, len(w.vals))
	copy(out, w.vals)
	if w.spec.Reverse {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}
