package storage

// Value summaries rebuilt when a journal is replayed. A commit tallies
// the values it adds to and takes from each (label, key) in the version's
// summaries (valuestats_tally.go) from each node it writes: what the node
// held before the commit and what it holds after. A journal record logs
// the after state of every node its commit wrote, in the commit's order
// of nodes (ascending ids), so the before state is the node's state in
// the record before (or, for its first record, in the image): an open
// that replays the journal makes every commit's moves again, in the same
// order, and its summaries count what the commits' summaries counted
// since the image. The statistics the image carries were computed from
// the summaries as of its write (cellState.tallyFrom), which were counted
// before it; after the open they are computed from none, so a value's
// estimate equals the one before the close.

// nodeStep is one node a journal record logs: its state in the record
// before (nil: the image's) and in this one.
type nodeStep struct {
	id            uint32
	before, after *nodeState
}

// replayTally returns the moves of js's records, in their order, taking
// the states of nodes the journal logs for the first time from img (nil:
// the empty graph).
func (js *journalState) replayTally(img *image) []tallyMove {
	var moves []tallyMove
	pages := map[uint64]*nodePage{}
	for _, st := range js.steps {
		var bl, nl []uint32
		var bps, nps props
		switch {
		case st.before != nil:
			if st.before.alive {
				bl, bps = st.before.labels, st.before.props
			}
		case img != nil:
			pi := uint64(st.id >> nodePageBits)
			p, ok := pages[pi]
			if !ok {
				p = img.nodePage(pi)
				pages[pi] = p
			}
			if i := st.id & (nodePageSize - 1); p != nil && p.isAlive(i) {
				bl, bps = p.labels[i], p.props[i]
			}
		}
		if st.after.alive {
			nl, nps = st.after.labels, st.after.props
		}
		moves = tallyMoves(moves, bl, bps, nl, nps)
	}
	return moves
}
