package storage

import (
	"maps"
	"slices"

	"github.com/cyqdb/cyq/value"
)

// Most common values that follow commits. The most-common-values list of
// a (label, key) is computed when an image is written; between two
// computations every commit tallies the values it adds to and takes from
// each (label, key) in a small summary of its version (vtally), and
// PropStats adds what the summary counted since the computation to the
// list: a value a commit wrote to many nodes enters the list (or its
// count grows) at once, not at the next image write.
//
// The summary of a (label, key) is a space-saving summary of inserted
// values with tallyCounters counters (a value's count is overestimated by
// at most the inserts it saw over tallyCounters, its err), in which a
// value taken away lowers its counter by one when it has one (or takes a
// free counter). A commit copies the summaries it changes (copy-on-write:
// snapshots keep theirs), so its work is bounded by tallyCounters per
// (label, key) it writes and one per value. What a summary counted since
// the computation is the summary less the one of the version the
// statistics were computed from (cellState.tallyFrom).
//
// A value's estimated count then lies between its true count less the
// computed list's slack (rows/sketchCounters), the summary's err and the
// values taken away that were not tallied, and its true count plus the
// values taken away that were not tallied. A reopen that replays a
// journal makes the summaries again from the nodes the journal logs
// (valuestats_replay.go), counting what was counted since the image.

// tallyCounters is the counters of a (label, key)'s summary.
const tallyCounters = 2 * sketchMCVs

// mcvTally is one (label, key)'s summary. It never changes once shared.
type mcvTally struct {
	e []tallyEntry
}

type tallyEntry struct {
	h      uint64
	v      value.Value
	n, err int64
}

// tallyMove is one value a commit added (n = 1) to or took (n = -1) from
// the nodes of a (label, key) (pair k).
type tallyMove struct {
	k uint64
	v value.Value
	n int64
}

// at is the index of the counter of hash h, -1 without one.
func (t *mcvTally) at(h uint64) int {
	if t == nil {
		return -1
	}
	for i := range t.e {
		if t.e[i].h == h {
			return i
		}
	}
	return -1
}

// add counts n (1 or -1) of v, whose hash is h, in t (owned).
func (t *mcvTally) add(v value.Value, h uint64, n int64) {
	if i := t.at(h); i >= 0 {
		t.e[i].n += n
		return
	}
	if len(t.e) < tallyCounters {
		t.e = append(t.e, tallyEntry{h: h, v: keepValue(v), n: n})
		return
	}
	if n < 0 {
		return // the removal is counted among the values taken away
	}
	// Space-saving: the counter of least count (of those that counted
	// inserts) is taken over, its count the new value's error.
	low := -1
	for i := range t.e {
		if t.e[i].n > 0 && (low < 0 || t.e[i].n < t.e[low].n) {
			low = i
		}
	}
	if low < 0 {
		return
	}
	m := t.e[low].n
	t.e[low] = tallyEntry{h: h, v: keepValue(v), n: m + 1, err: m}
}

// tallyMoves lists what the node change from (bl, bps) to (nl, nps)
// adds to and takes from each (label, key): a value a (label, key) held
// and holds alike is no move.
func tallyMoves(moves []tallyMove, bl []uint32, bps props, nl []uint32, nps props) []tallyMove {
	side := func(moves []tallyMove, fl []uint32, fps props, ol []uint32, ops props, n int64) []tallyMove {
		for _, pr := range fps {
			if value.IsNull(pr.val) {
				continue
			}
			ov, ok := ops.get(pr.key)
			same := ok && value.Equal(ov, pr.val) == value.True
			if !same {
				moves = append(moves, tallyMove{pair(AnyLabel, pr.key), pr.val, n})
			}
			for _, l := range fl {
				if !same || !slices.Contains(ol, l) {
					moves = append(moves, tallyMove{pair(l, pr.key), pr.val, n})
				}
			}
		}
		return moves
	}
	moves = side(moves, bl, bps, nl, nps, -1)
	return side(moves, nl, nps, bl, bps, 1)
}

// applyTally adds moves to v's summaries (owned by the caller's version):
// the map and each summary changed are copied once.
func (v *version) applyTally(moves []tallyMove) {
	if len(moves) == 0 {
		return
	}
	set := maps.Clone(v.vtally)
	if set == nil {
		set = map[uint64]*mcvTally{}
	}
	owned := map[uint64]bool{}
	for _, mv := range moves {
		t := set[mv.k]
		if !owned[mv.k] {
			c := &mcvTally{}
			if t != nil {
				c.e = slices.Clone(t.e)
			}
			t = c
			set[mv.k] = t
			owned[mv.k] = true
		}
		t.add(mv.v, valueHash(mv.v), mv.n)
	}
	v.vtally = set
}

// tallied adds to the computed list mcv what v's summary of (label, key)
// pair k counted since cs was computed: a listed value's count grows (or
// shrinks, not below zero) by its counter's growth less its error, and a
// value counted at least twice since is listed. The list stays ordered
// by count, at most sketchMCVs long, its counts at most rows.
func (v *version) tallied(cs *cellState, k uint64, mcv []ValueCount, rows uint64) []ValueCount {
	t := v.vtally[k]
	from := cs.tallyFrom[k]
	if t == nil || t == from {
		return mcv
	}
	out := slices.Clone(mcv)
	changed := false
	for _, e := range t.e {
		d := e.n - e.err
		if i := from.at(e.h); i >= 0 {
			f := from.e[i]
			d -= f.n - f.err
		}
		if d == 0 {
			continue
		}
		j := slices.IndexFunc(out, func(m ValueCount) bool { return value.Equal(m.Value, e.v) == value.True })
		switch {
		case j >= 0:
			out[j].Count = uint64(max(int64(out[j].Count)+d, 0))
			changed = true
		case d >= 2:
			out = append(out, ValueCount{e.v, uint64(d)})
			changed = true
		}
	}
	if !changed {
		return mcv
	}
	out = slices.DeleteFunc(out, func(m ValueCount) bool { return m.Count < 2 })
	for i := range out {
		out[i].Count = min(out[i].Count, rows)
	}
	slices.SortStableFunc(out, func(a, b ValueCount) int {
		switch {
		case a.Count > b.Count:
			return -1
		case a.Count < b.Count:
			return 1
		}
		return 0
	})
	if len(out) > sketchMCVs {
		out = out[:sketchMCVs]
	}
	return out
}
