package vm

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// hashInMin is the list length from which IN builds a hash set.
const hashInMin = 16

// inSet is a list prepared for membership tests: the canonical keys of its
// scalar elements, and whether it holds anything (null, a list, a map) that
// can make IN unknown rather than false.
type inSet struct {
	first   *value.Value
	n       int
	keys    map[string]struct{}
	unknown bool
}

func scalar(v value.Value) bool {
	switch value.KindOf(v) {
	case value.KindList, value.KindMap, value.KindNull:
		return false
	}
	return true
}

// in evaluates x IN list. A long list met again (the same parameter or
// constant on every row) is hashed once per run, so membership costs one
// lookup instead of a scan: a hash semi-join.
func (m *Machine) in(pc int, x, list value.Value) (value.Value, error) {
	l, ok := list.(value.List)
	if !ok || len(l) < hashInMin || !scalar(x) {
		return functions.In(x, list)
	}
	s := m.inSets[pc]
	if s == nil || s.first != &l[0] || s.n != len(l) {
		s = &inSet{first: &l[0], n: len(l), keys: make(map[string]struct{}, len(l))}
		for _, e := range l {
			if scalar(e) {
				s.keys[string(value.AppendKey(nil, e))] = struct{}{}
			} else {
				s.unknown = true
			}
		}
		if m.inSets == nil {
			m.inSets = map[int]*inSet{}
		}
		m.inSets[pc] = s
	}
	if _, found := s.keys[string(value.AppendKey(m.keyBuf[:0], x))]; found {
		return value.Bool(true), nil
	}
	if s.unknown {
		// A null or composite element may still compare as unknown.
		return functions.In(x, list)
	}
	return value.Bool(false), nil
}

// setFromIDs builds the set of existing nodes named by a list of element
// ids (elementId, mode 1), integer ids (id, mode 0) or held by a list of
// nodes (mode 2); the list's other values name none.
func (m *Machine) setFromIDs(list value.Value, mode int32) *roaring.Bitmap {
	out := roaring.New()
	l, _ := list.(value.List)
	element := mode == 1
	for _, v := range l {
		var id uint64
		if mode == 2 {
			n, ok := v.(value.Node)
			if !ok {
				continue
			}
			v = value.Int(n.ID)
		}
		switch x := v.(type) {
		case value.String:
			if !element {
				continue
			}
			node, n, err := functions.ParseElementID(string(x))
			if err != nil || !node {
				continue
			}
			id = n
		case value.Int:
			if element || x < 0 {
				continue
			}
			id = uint64(x)
		default:
			continue
		}
		if id <= 0xFFFFFFFF && m.ctx.Graph.NodeExists(uint32(id)) {
			out.Add(uint32(id))
		}
	}
	return out
}

// indexSeekMany is the union of index seeks for every value of a list.
func (m *Machine) indexSeekMany(label, key, list value.Value) *roaring.Bitmap {
	l, _ := list.(value.List)
	parts := make([]*roaring.Bitmap, 0, len(l))
	for _, v := range l {
		if b := m.indexSeek(label, key, v); !b.IsEmpty() {
			parts = append(parts, b)
		}
	}
	if len(parts) == 0 {
		return roaring.New()
	}
	return roaring.FastOr(parts...)
}
