package vm

import (
	"slices"

	"github.com/cyqdb/cyq/value"
)

// A pattern comprehension of one hop from a bound node that maps each
// match to its far node or its relationship, [(h)-->(v) | v] or
// [(h)-[r:T]-() | r], is the list of what one expansion of h enumerates.
// Its loop runs four instructions a match (next relationship, the value,
// the append, the jump back); OpExpandList builds the same list in one,
// from the same enumeration (expandTypes, as OpOpenExpand's cursor), so
// its elements come in the same order with the same duplicates (parallel
// relationships, and a self-loop as an undirected expansion meets it).
// The memory budget is checked on the whole list, as the loop's appends
// check each longer list: the loop fails on the append that first goes
// over, the instruction on the list that does, with the same error.

// expandList is OpExpandList: the far nodes (rels: the relationships) of
// src's relationships matching spec.
func (m *Machine) expandList(src uint64, spec *ExpandSpec, rels bool) (value.Value, error) {
	if src == NullID {
		return value.List{}, nil
	}
	var l value.List
	expandTypes(m.ctx.Graph, uint32(src), spec, func(rel uint64, nbr uint32, _ uint32) bool {
		if rels {
			l = append(l, m.relOf(rel))
		} else {
			l = append(l, value.Node{ID: nbr})
		}
		return true
	})
	m.steps += int64(len(l))
	if l == nil {
		return value.List{}, nil
	}
	l = slices.Clip(l)
	if m.limits.MaxMemory > 0 {
		if err := m.fitsValue(l); err != nil {
			return nil, err
		}
	}
	return l, nil
}
