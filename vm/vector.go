package vm

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// Vectorised expressions over a batched scan. A batched node scan
// (OpBatchFill) holds up to BatchSize nodes, its lanes. The filters and
// projections right after the scan are compiled to vector instructions:
// each computes one expression step for every lane of the batch at once,
// in a vector register V[i] (one value per lane), so an instruction is
// dispatched once per batch instead of once per row. OpVecFilter drops the
// lanes whose condition is not true; OpBatchNext then hands the surviving
// lanes one at a time to the rest of the pipeline, with OpVecLoad moving a
// lane's projected values into ordinary registers.
//
// Errors are kept per lane and raised when the row-at-a-time pipeline
// reaches that lane (OpBatchNext): a query fails exactly where, and only
// if, row-at-a-time execution would have failed, even when a LIMIT stops
// the pipeline before the batch's last lanes.

// VecSpec is the auxiliary operand of OpVecBinary, OpVecUnary and
// OpVecCall: the scalar opcode (or function) applied lane by lane and the
// batched scan whose lanes it covers.
type VecSpec struct {
	Op     Opcode
	Func   int32 // OpVecCall: index into Program.Funcs
	Cursor int32
}

// VecFilterSpec is the auxiliary operand of OpVecFilter: the scan and the
// vector registers already computed for the batch, compacted with it.
type VecFilterSpec struct {
	Cursor int32
	Live   []int32
}

// vec returns vector register i sized for n lanes. A register grows to
// what its batches need (a batch is BatchSize lanes at most) rather than
// to BatchSize at once: a run over a few rows then allocates and clears
// a few lanes per register, not a full batch's.
func (m *Machine) vec(i int32, n int) []value.Value {
	v := m.V[i]
	if cap(v) < n {
		v = make([]value.Value, n, max(n, min(2*cap(v), BatchSize)))
	}
	v = v[:n]
	m.V[i] = v
	return v
}

// laneFailed reports whether lane j of the cursor's batch has an error.
func (c *cursor) laneFailed(j int) bool { return c.laneErr != nil && c.laneErr[j] != nil }

// skips reports whether an instruction computing a value leaves lane j
// null: the lane has failed, or an enclosing operand masks it.
func (c *cursor) skips(j int) bool { return c.laneFailed(j) || c.masks.masked(j) }

// setLaneErr records the error of lane j, positioned at pc.
func (m *Machine) setLaneErr(c *cursor, j, pc int, err error) {
	if c.laneErr == nil {
		c.laneErr = make([]error, len(c.batch))
	}
	c.laneErr[j] = m.fail(pc, err)
}

func (m *Machine) vecProp(dst int32, c *cursor, k int32) {
	out := m.vec(dst, len(c.batch))
	key, ok := m.keyID(k)
	g := m.ctx.Graph
	for j, id := range c.batch {
		out[j] = value.NullValue
		if ok {
			if v, found := g.NodeProp(id, key); found {
				out[j] = v
			}
		}
	}
}

func (m *Machine) vecNode(dst int32, c *cursor) {
	out := m.vec(dst, len(c.batch))
	for j, id := range c.batch {
		out[j] = value.Node{ID: id}
	}
}

func (m *Machine) vecBroadcast(dst int32, c *cursor, v value.Value) {
	out := m.vec(dst, len(c.batch))
	for j := range out {
		out[j] = v
	}
}

// vecBinary applies a scalar binary opcode lane by lane, with the scalar
// instruction's semantics (scalarBinary).
func (m *Machine) vecBinary(pc int, dst, a, b int32, s *VecSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	x, y := m.V[a][:n], m.V[b][:n]
	out := m.vec(dst, n)
	for j := 0; j < n; j++ {
		if c.skips(j) {
			out[j] = value.NullValue
			continue
		}
		v, err := m.scalarBinary(pc, s.Op, x[j], y[j])
		if err != nil {
			m.setLaneErr(c, j, pc, err)
			v = value.NullValue
		}
		out[j] = v
	}
}

// vecBinaryScalar is vecBinary with a right operand that is the same in
// every lane (R[b]); string matches and equality against a string run as
// a direct string loop.
func (m *Machine) vecBinaryScalar(pc int, dst, a int32, y value.Value, s *VecSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	x := m.V[a][:n]
	out := m.vec(dst, n)
	var match func(string) bool
	if str, ok := y.(value.String); ok {
		match = stringMatcher(&BatchFilter{Op: s.Op}, string(str))
	}
	for j := 0; j < n; j++ {
		if c.skips(j) {
			out[j] = value.NullValue
			continue
		}
		if match != nil {
			if xs, ok := x[j].(value.String); ok {
				out[j] = value.Bool(match(string(xs)))
				continue
			}
		}
		v, err := m.scalarBinary(pc, s.Op, x[j], y)
		if err != nil {
			m.setLaneErr(c, j, pc, err)
			v = value.NullValue
		}
		out[j] = v
	}
}

func (m *Machine) vecUnary(pc int, dst, a int32, s *VecSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	x := m.V[a][:n]
	out := m.vec(dst, n)
	for j := 0; j < n; j++ {
		if c.skips(j) {
			out[j] = value.NullValue
			continue
		}
		v, err := scalarUnary(s.Op, x[j])
		if err != nil {
			m.setLaneErr(c, j, pc, err)
			v = value.NullValue
		}
		out[j] = v
	}
}

func (m *Machine) vecCall(pc int, dst int32, args []int32, s *VecSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	f := &m.prog.Funcs[s.Func]
	out := m.vec(dst, n)
	buf := make([]value.Value, len(args))
	for j := 0; j < n; j++ {
		if c.skips(j) {
			out[j] = value.NullValue
			continue
		}
		for i := range buf {
			buf[i] = m.V[args[i]][j]
		}
		v, err := f.Fn(m.fctx, buf)
		if err != nil {
			m.setLaneErr(c, j, pc, err)
			v = value.NullValue
		}
		if v == nil {
			v = value.NullValue
		}
		out[j] = v
	}
}

// vecFilter keeps the lanes whose condition is true, and the failed lanes
// (their error is raised when the pipeline reaches them); a condition that
// is neither boolean nor null fails its lane, as OpAssertBool would.
func (m *Machine) vecFilter(pc int, cond int32, s *VecFilterSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	v := m.V[cond][:n]
	keep := 0
	for j := 0; j < n; j++ {
		if !c.laneFailed(j) {
			t, err := tri(v[j])
			if err != nil {
				m.setLaneErr(c, j, pc, err)
			} else if t != value.True {
				continue
			}
		}
		c.moveLane(keep, j, s.Live, m.V)
		keep++
	}
	c.truncateLanes(keep, s.Live, m.V)
}

// moveLane moves lane j of the batch, its errors and its values in the
// vector registers live to lane keep (keep <= j).
func (c *cursor) moveLane(keep, j int, live []int32, V [][]value.Value) {
	c.batch[keep] = c.batch[j]
	if c.laneErr != nil {
		c.laneErr[keep] = c.laneErr[j]
	}
	if c.deferErr != nil {
		c.deferErr[keep] = c.deferErr[j]
	}
	for _, r := range live {
		V[r][keep] = V[r][j]
	}
}

// truncateLanes keeps the batch's first n lanes.
func (c *cursor) truncateLanes(n int, live []int32, V [][]value.Value) {
	c.batch = c.batch[:n]
	if c.laneErr != nil {
		c.laneErr = c.laneErr[:n]
	}
	if c.deferErr != nil {
		c.deferErr = c.deferErr[:n]
	}
	for _, r := range live {
		V[r] = V[r][:n]
	}
}

// scalarBinary is a binary instruction's effect on two values.
func (m *Machine) scalarBinary(pc int, op Opcode, a, b value.Value) (value.Value, error) {
	switch op {
	case OpEq:
		return value.Equal(a, b).Value(), nil
	case OpNe:
		return value.Equal(a, b).Not().Value(), nil
	case OpLt:
		return value.CompareOp("<", a, b).Value(), nil
	case OpLe:
		return value.CompareOp("<=", a, b).Value(), nil
	case OpGt:
		return value.CompareOp(">", a, b).Value(), nil
	case OpGe:
		return value.CompareOp(">=", a, b).Value(), nil
	case OpAnd, OpOr, OpXor:
		x, err := tri(a)
		if err != nil {
			return nil, err
		}
		y, err := tri(b)
		if err != nil {
			return nil, err
		}
		switch op {
		case OpAnd:
			return x.And(y).Value(), nil
		case OpOr:
			return x.Or(y).Value(), nil
		}
		return x.Xor(y).Value(), nil
	case OpIn:
		return m.in(pc, a, b)
	}
	return binaryOp(m.fctx, op, a, b)
}

// scalarUnary is a unary instruction's effect on a value.
func scalarUnary(op Opcode, a value.Value) (value.Value, error) {
	switch op {
	case OpNot:
		x, err := tri(a)
		if err != nil {
			return nil, err
		}
		return x.Not().Value(), nil
	case OpIsNull:
		return value.Bool(value.IsNull(a)), nil
	case OpIsNotNull:
		return value.Bool(!value.IsNull(a)), nil
	}
	return functions.Neg(a)
}
