package vm

// sameStart reports whether the OpSameStart at pc ran last with node n
// (and remembers n otherwise). It guards code that computes sets from a
// start node alone (the level sets of a search's node tests, stepSets
// in the planner, whose tests read nothing else of the row): when the
// start is the one the sets were computed for, the set registers still
// hold them, as registers are not shared between code paths. A program
// that writes may change the graph between rows, so its sets are always
// computed again.
func (m *Machine) sameStart(pc int, n uint64) bool {
	if m.prog.Writes {
		return false
	}
	if last, ok := m.lastStart[pc]; ok && last == n {
		return true
	}
	if m.lastStart == nil {
		m.lastStart = map[int]uint64{}
	}
	m.lastStart[pc] = n
	return false
}
