package vm

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// BatchSize is the number of nodes a batched scan reads at a time.
const BatchSize = 1024

// BatchFilter is a predicate evaluated over a whole batch of a scan
// (OpBatchFilter): the node property K[Key] compared by Op with the
// operand R[Operand] (the property on the left unless Swap), or tested
// for null (Op OpIsNull / OpIsNotNull, no operand). Nodes for which the
// predicate is not true are dropped; an evaluation error keeps the node,
// so that the row-at-a-time filter behind the scan reports it exactly
// where row-at-a-time execution would.
type BatchFilter struct {
	Key     int32
	Op      Opcode
	Operand int32
	Swap    bool
}

// batchFill reads the next batch of the cursor's node iterator; false when
// the scan is exhausted.
func (c *cursor) batchFill() bool {
	if c.batch == nil {
		c.batch = make([]uint32, BatchSize)
	}
	b := c.batch[:BatchSize]
	n := 0
	if c.it != nil {
		for n < BatchSize && c.it.HasNext() {
			b[n] = c.it.Next()
			n++
		}
	}
	c.batch, c.pos, c.laneErr, c.deferErr, c.deferCur = b[:n], 0, nil, nil, nil
	c.masks.depth = 0
	return n > 0
}

// batchFilter drops the batch's nodes for which f is not true.
func (m *Machine) batchFilter(c *cursor, f *BatchFilter) {
	key, hasKey := m.keyID(f.Key)
	var operand value.Value = value.NullValue
	if f.Operand >= 0 {
		operand = m.R[f.Operand]
	}
	g := m.ctx.Graph
	out := c.batch[:0]
	if s, ok := operand.(value.String); ok && hasKey {
		if match := stringMatcher(f, string(s)); match != nil {
			// A string operand: the predicate is true exactly for string
			// properties that match (anything else gives false or null).
			for _, id := range c.batch {
				if x, ok := g.NodeProp(id, key); ok {
					if xs, ok := x.(value.String); ok && match(string(xs)) {
						out = append(out, id)
					}
				}
			}
			c.batch = out
			return
		}
	}
	for _, id := range c.batch {
		var v value.Value = value.NullValue
		if hasKey {
			if x, ok := g.NodeProp(id, key); ok {
				v = x
			}
		}
		if m.batchKeep(f, v, operand) {
			out = append(out, id)
		}
	}
	c.batch = out
}

// stringMatcher returns the predicate on a string property for a string
// operand s, or nil when f is not a string match or equality.
func stringMatcher(f *BatchFilter, s string) func(string) bool {
	switch {
	case f.Op == OpEq:
		return func(x string) bool { return x == s }
	case f.Op == OpContains && !f.Swap:
		return rareByteContains(s)
	case f.Op == OpStartsWith && !f.Swap:
		return func(x string) bool { return strings.HasPrefix(x, s) }
	case f.Op == OpEndsWith && !f.Swap:
		return func(x string) bool { return strings.HasSuffix(x, s) }
	}
	return nil
}

func (m *Machine) batchKeep(f *BatchFilter, v, operand value.Value) bool {
	a, b := v, operand
	if f.Swap {
		a, b = operand, v
	}
	var r value.Value
	switch f.Op {
	case OpIsNull:
		return value.IsNull(v)
	case OpIsNotNull:
		return !value.IsNull(v)
	case OpEq:
		r = value.Equal(a, b).Value()
	case OpNe:
		r = value.Equal(a, b).Not().Value()
	case OpLt:
		r = value.CompareOp("<", a, b).Value()
	case OpLe:
		r = value.CompareOp("<=", a, b).Value()
	case OpGt:
		r = value.CompareOp(">", a, b).Value()
	case OpGe:
		r = value.CompareOp(">=", a, b).Value()
	case OpStartsWith, OpEndsWith, OpContains:
		x, err := binaryOp(m.fctx, f.Op, a, b)
		if err != nil {
			return true
		}
		r = x
	default:
		return true
	}
	t, ok := r.(value.Bool)
	return ok && bool(t)
}

// commonBytes lists bytes by how common they are in text, most common
// first; bytes not listed count as rare.
const commonBytes = " etaoinsrhldcumfpgwybvkxjqzETAOINSRHLDCUMFPGWYBVKXJQZ,.0123456789-'\"\n"

// rareByteContains returns a substring test for needle that scans the
// haystack for the needle's rarest byte (by commonBytes) and checks the
// needle around each occurrence: a common first byte ('r' of "river")
// would stop a first-byte scan at most positions of English text.
func rareByteContains(needle string) func(string) bool {
	if len(needle) < 2 {
		return func(x string) bool { return strings.Contains(x, needle) }
	}
	rank := func(b byte) int {
		if i := strings.IndexByte(commonBytes, b); i >= 0 {
			return len(commonBytes) - i
		}
		return 0
	}
	at := 0
	for i := 1; i < len(needle); i++ {
		if rank(needle[i]) < rank(needle[at]) {
			at = i
		}
	}
	rare := needle[at]
	return func(x string) bool {
		for from := at; from < len(x); {
			i := strings.IndexByte(x[from:], rare)
			if i < 0 {
				return false
			}
			start := from + i - at
			if start+len(needle) > len(x) {
				return false
			}
			if x[start:start+len(needle)] == needle {
				return true
			}
			from += i + 1
		}
		return false
	}
}

// openTypeCounts lists the relationship types in use with their counts,
// ordered by name: from the graph's counts when it keeps them, else by
// expanding every node.
func (m *Machine) openTypeCounts(c *cursor) {
	var counts []TypeCount
	if tc, ok := m.ctx.Graph.(TypeCounter); ok {
		counts = tc.RelTypeCounts()
	} else {
		per := map[uint32]int64{}
		it := m.ctx.Graph.AllNodes().Iterator()
		for it.HasNext() {
			m.ctx.Graph.Expand(it.Next(), Out, AnyType, func(_ uint64, _ uint32, typ uint32) bool {
				per[typ]++
				return true
			})
		}
		for t, n := range per {
			counts = append(counts, TypeCount{Type: m.ctx.Graph.TypeName(t), Count: n})
		}
	}
	slices.SortFunc(counts, func(a, b TypeCount) int { return strings.Compare(a.Type, b.Type) })
	c.typeCounts, c.pos = counts, 0
}
