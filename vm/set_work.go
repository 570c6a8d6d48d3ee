package vm

import "github.com/RoaringBitmap/roaring/v2"

// A set step is one instruction however many nodes it touches: one
// SetExpand of a node of degree 2 and one of a frontier of a million
// nodes count one step each. The machine therefore also counts the
// elements its whole-set steps touch (Stats.Elements): for each such
// step, the cardinality of every set it reads and of the set it writes.
// An expansion from one node counts the node and its neighbours (its
// degree, less parallel relationships); an intersection counts both
// operands and the result. Expansions count themselves where they run
// (touchSets in expandStep and setExpand: the frontier read and the set
// written, once per relationship type, on a graph that expands whole
// sets; once for all types on one that expands node by node), so that
// the hops of a chain, the levels of a breadth-first search and the
// neighbour sets an intersection of two nodes' neighbours reads
// (neighbourSet) count too. The shortest-path searches, which read
// relationships one by one and take one step per path found, count each
// relationship they read as a step, not an element (expandCounted): it
// is a cursor read, not a bit of a set. Steps that touch one element of
// a set (a membership test, an add) count none: their step is their work.
//
// setOperands says, per opcode, which of the instruction's operands
// A, B, C, D name set registers the step reads or writes (bit 0 for A,
// bit 1 for B, ...), read after the step ran: a destination holds the
// result, a source what was read (a step whose destination is also its
// source counts the result once). OpSetAddAll adds a set to one it grows
// in place: it counts the set added, as a union with a large set whose
// containers it merely extends would otherwise count the large set on
// every add (a build that adds one node's neighbours per row).
var setOperands = [numOpcodes]uint8{
	OpSetAll:           1,
	OpSetLabel:         1,
	OpSetAnd:           1 | 2 | 4,
	OpSetOr:            1 | 2 | 4,
	OpSetAndNot:        1 | 2 | 4,
	OpSetFilterLabels:  1 | 2,
	OpSetFromIDs:       1,
	OpSetIndexSeekMany: 1,
	OpSetIndexSeek:     1,
	OpSetIndexRange:    1,
	OpSetCommon:        1,
	OpSetAddAll:        2, // in place: the set added, not the set grown
	OpDegreeTop:        1 | 2,
	OpSetFromWorking:   1,
	OpCollectSet:       1,
}

// setElements is the number of set elements the step in touched (see
// setOperands), S the set registers after it ran.
func setElements(in Instr, mask uint8, S []*roaring.Bitmap) int64 {
	var n int64
	var seen [4]int32
	k := 0
	for i, r := range [4]int32{in.A, in.B, in.C, in.D} {
		if mask&(1<<i) == 0 || r < 0 || int(r) >= len(S) || S[r] == nil {
			continue
		}
		dup := false
		for _, s := range seen[:k] {
			dup = dup || s == r
		}
		if dup {
			continue
		}
		seen[k] = r
		k++
		n += int64(S[r].GetCardinality())
	}
	return n
}

// touchSets counts the elements of sets a step read or wrote inside its
// implementation (see setOperands for those counted from its operands).
func (m *Machine) touchSets(sets ...*roaring.Bitmap) {
	var n int64
	for _, s := range sets {
		if s != nil {
			n += int64(s.GetCardinality())
		}
	}
	m.elements += n
	if m.stats != nil && m.memPC < len(m.stats.ElementsPerPC) {
		m.stats.ElementsPerPC[m.memPC] += n
	}
}

// expandCounted is expandTypes for a search that reads a node's
// relationships one by one (the shortest-path searches): it counts each
// relationship read as a step (Stats.Steps, and Stats.ReadsPerPC when
// profiling), the work of the relationship cursor step a row expansion
// takes for it, so that a search's work shows in the step count where its
// own instruction (one step per path found) does not show it. Counted as
// set elements, weighed at the price of a bit in a bitmap, a search that
// reads a million relationships would look a fraction of the expansion
// that reads them as rows.
func (m *Machine) expandCounted(node uint32, spec *ExpandSpec, fn func(rel uint64, nbr uint32, typ uint32) bool) {
	var n int64
	expandTypes(m.ctx.Graph, node, spec, func(rel uint64, nbr uint32, typ uint32) bool {
		n++
		return fn(rel, nbr, typ)
	})
	m.steps += n
	if m.stats != nil && m.memPC < len(m.stats.ReadsPerPC) {
		m.stats.ReadsPerPC[m.memPC] += n
	}
}
