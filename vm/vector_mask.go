package vm

import "github.com/cyqdb/cyq/value"

// Lane masks: conditional evaluation over a batch.
//
// Row at a time, an AND stops at its first operand that is false and an
// OR at its first that is true, so a later operand is never evaluated on
// that row and cannot raise its error there (planner/deciding_operands.go);
// a CASE evaluates only the branch its conditions choose. Over a batch
// every lane is evaluated by each vector instruction, so an operand that
// may fail would fail lanes row mode never evaluates it on. OpVecMask
// narrows the lanes the following vector instructions compute: those a
// condition register leaves undecided, within the lanes already computed;
// OpVecUnmask restores the previous set. A skipped lane gets null (as a
// failed one does), which the instruction combining the operands ignores
// there: false AND null is false, true OR null is true.
//
// Errors stay per lane (vector.go): a lane that fails while computed is
// skipped by every later instruction and raises its error when the
// pipeline reaches it, which is where and only if row mode raises it; a
// lane masked by a deciding operand is never computed, so it never fails.

// MaskMode says which lanes a condition excludes (OpVecMask's C).
type MaskMode int32

const (
	MaskFalse   MaskMode = iota // lanes where the condition is false: an AND already decided
	MaskTrue                    // lanes where the condition is true: an OR already decided
	MaskNotTrue                 // lanes where the condition is not true (false, null or another value)
)

// laneMasks is a cursor's stack of masks, the innermost last; each holds,
// per lane of the batch, whether the lane is skipped. The slices are kept
// for reuse across batches.
type laneMasks struct {
	stack [][]bool
	depth int
}

// masked reports whether lane j is skipped by the innermost mask.
func (l *laneMasks) masked(j int) bool {
	return l.depth > 0 && l.stack[l.depth-1][j]
}

// push masks, in addition to the lanes already masked, the lanes where
// cond's value is excluded by mode.
func (l *laneMasks) push(cond []value.Value, mode MaskMode) {
	n := len(cond)
	if l.depth == len(l.stack) {
		l.stack = append(l.stack, nil)
	}
	m := l.stack[l.depth]
	if cap(m) < n {
		m = make([]bool, n, max(n, BatchSize))
	}
	m = m[:n]
	var outer []bool
	if l.depth > 0 {
		outer = l.stack[l.depth-1]
	}
	for j, v := range cond {
		b, isBool := v.(value.Bool)
		var skip bool
		switch mode {
		case MaskFalse:
			skip = isBool && !bool(b)
		case MaskTrue:
			skip = isBool && bool(b)
		default:
			skip = !isBool || !bool(b)
		}
		m[j] = skip || outer != nil && outer[j]
	}
	l.stack[l.depth] = m
	l.depth++
}

// pop undoes the last push.
func (l *laneMasks) pop() {
	if l.depth > 0 {
		l.depth--
	}
}

// VecSelectSpec is the auxiliary operand of OpVecSelect: the vector
// register recording, per lane, whether a branch has been taken
// (value.Bool), and the batched scan.
type VecSelectSpec struct {
	Taken  int32
	Cursor int32
}

// vecSelect gives the lanes that a CASE branch takes the branch's value:
// those computed (not failed, not masked by an enclosing operand), not
// taken by an earlier branch, and whose condition is true (cond < 0: the
// ELSE, every such lane). The branch's value was computed under the mask
// of those lanes (OpVecMask), as row mode evaluates it only there.
func (m *Machine) vecSelect(dst, cond, val int32, s *VecSelectSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	out, taken, v := m.V[dst][:n], m.V[s.Taken][:n], m.V[val][:n]
	var cv []value.Value
	if cond >= 0 {
		cv = m.V[cond][:n]
	}
	for j := 0; j < n; j++ {
		if c.skips(j) || taken[j] == value.Bool(true) {
			continue
		}
		if cv != nil && cv[j] != value.Bool(true) {
			continue
		}
		out[j], taken[j] = v[j], value.Bool(true)
	}
}
