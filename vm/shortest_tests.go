package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// NodeTest is a test of the nodes a shortest-path search may cross (see
// ShortestSpec.In): a node passes when it is in the set of S register
// Set (when Set >= 0), has the labels Labels (when not nil) and its
// properties satisfy every comparison of Props. Each part is a test
// that cannot raise an error; the search applies it to the nodes it
// meets, as it meets them.
type NodeTest struct {
	Set    int32
	Labels *LabelExpr
	Props  []*BatchFilter
}

// searchTests are the tests a shortest-path search makes of each hop it
// crosses: of the relationship (rel), of the node it reaches (in), and
// of the node it leaves, the path's start (leave) or a later node
// (through). A nil test passes everything.
type searchTests struct {
	rel                func(uint64) bool
	in, leave, through func(uint32) bool
}

// openSearchTests reads the search's tests from the registers, as the
// search opens.
func (m *Machine) openSearchTests(spec *ShortestSpec) *searchTests {
	t := &searchTests{rel: m.relFilter(spec.PropKeys, spec.PropRegs)}
	if len(spec.RelProps) > 0 {
		props := propTest(m, spec.RelProps, m.ctx.Graph.RelProp)
		if own := t.rel; own != nil {
			t.rel = func(r uint64) bool { return own(r) && props(r) }
		} else {
			t.rel = props
		}
	}
	t.in, t.leave, t.through = m.nodeTestFunc(spec.In), m.nodeTestFunc(spec.Leave), m.nodeTestFunc(spec.Through)
	return t
}

// crosses reports whether the search may cross rel (t may be nil).
func (t *searchTests) crosses(rel uint64) bool {
	return t == nil || t.rel == nil || t.rel(rel)
}

// reaches reports whether a hop may reach n.
func (t *searchTests) reaches(n uint32) bool {
	return t == nil || t.in == nil || t.in(n)
}

// leaves reports whether a hop may leave n, the path's start when start.
func (t *searchTests) leaves(n uint32, start bool) bool {
	if t == nil {
		return true
	}
	if start {
		return t.leave == nil || t.leave(n)
	}
	return t.through == nil || t.through(n)
}

// leavesAnywhere reports whether a hop may leave n at some position of a
// path (a lower bound on the distances the search prunes by).
func (t *searchTests) leavesAnywhere(n uint32) bool {
	return t.leaves(n, true) || t.leaves(n, false)
}

// nodeTestFunc compiles t against the registers (nil: no test).
func (m *Machine) nodeTestFunc(t *NodeTest) func(uint32) bool {
	if t == nil {
		return nil
	}
	var set *roaring.Bitmap
	if t.Set >= 0 {
		set = m.S[t.Set]
		if set == nil {
			set = roaring.New()
		}
	}
	var props func(uint32) bool
	if len(t.Props) > 0 {
		props = propTest(m, t.Props, m.ctx.Graph.NodeProp)
	}
	return func(n uint32) bool {
		if set != nil && !set.Contains(n) {
			return false
		}
		if t.Labels != nil && !m.matchLabels(n, t.Labels) {
			return false
		}
		return props == nil || props(n)
	}
}

// propTest is the conjunction of comparisons fs of an entity's
// properties, read by prop.
func propTest[ID uint32 | uint64](m *Machine, fs []*BatchFilter, prop func(ID, uint32) (value.Value, bool)) func(ID) bool {
	type cmp struct {
		f       *BatchFilter
		key     uint32
		hasKey  bool
		operand value.Value
	}
	cs := make([]cmp, len(fs))
	for i, f := range fs {
		key, ok := m.keyID(f.Key)
		var operand value.Value = value.NullValue
		if f.Operand >= 0 {
			operand = m.R[f.Operand]
		}
		cs[i] = cmp{f, key, ok, operand}
	}
	return func(id ID) bool {
		for _, c := range cs {
			var v value.Value = value.NullValue
			if c.hasKey {
				if x, ok := prop(id, c.key); ok {
					v = x
				}
			}
			if !m.batchKeep(c.f, v, c.operand) {
				return false
			}
		}
		return true
	}
}
