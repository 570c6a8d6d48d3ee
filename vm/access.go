package vm

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// keyID resolves the property key named by constant k, caching the answer.
// An unknown key is looked up again on later calls (a write in the same
// statement may create it).
func (m *Machine) keyID(k int32) (uint32, bool) {
	if id := m.keyIDs[k]; id >= 0 {
		return uint32(id), true
	}
	id, ok := m.ctx.Graph.PropKeyID(string(m.prog.Consts[k].(value.String)))
	if ok {
		m.keyIDs[k] = int64(id)
	}
	return id, ok
}

func (m *Machine) nodeProp(id uint64, k int32) value.Value {
	if id == NullID {
		return value.NullValue
	}
	if m.ctx.Writer != nil && !m.ctx.Graph.NodeExists(uint32(id)) {
		m.deleted = true
		return value.NullValue
	}
	key, ok := m.keyID(k)
	if !ok {
		return value.NullValue
	}
	if v, ok := m.ctx.Graph.NodeProp(uint32(id), key); ok {
		return v
	}
	return value.NullValue
}

func (m *Machine) relProp(id uint64, k int32) value.Value {
	if id == NullID {
		return value.NullValue
	}
	if m.ctx.Writer != nil {
		if _, _, _, ok := m.ctx.Graph.Rel(id); !ok {
			m.deleted = true
			return value.NullValue
		}
	}
	key, ok := m.keyID(k)
	if !ok {
		return value.NullValue
	}
	if v, ok := m.ctx.Graph.RelProp(id, key); ok {
		return v
	}
	return value.NullValue
}

// prop evaluates base.key for any base value.
func (m *Machine) prop(base value.Value, k int32) (value.Value, error) {
	switch b := base.(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Map:
		if v, ok := b[string(m.prog.Consts[k].(value.String))]; ok {
			return v, nil
		}
		return value.NullValue, nil
	case value.Node:
		if !m.ctx.Graph.NodeExists(b.ID) {
			return nil, deletedErr()
		}
		return m.nodeProp(uint64(b.ID), k), nil
	case value.Rel:
		if _, _, _, ok := m.ctx.Graph.Rel(b.ID); !ok {
			return nil, deletedErr()
		}
		return m.relProp(b.ID, k), nil
	}
	if v, ok := componentOf(base, string(m.prog.Consts[k].(value.String))); ok {
		return v, nil
	}
	return nil, typeErr("cannot read property %q of a %s", string(m.prog.Consts[k].(value.String)), value.TypeName(base))
}

func deletedErr() error {
	return cyqerr.Runtimef(cyqerr.EntityNotFound, "DeletedEntityAccess", "the entity was deleted earlier in this query")
}

// relValue builds a relationship value (id, type and ends; properties are
// filled when results are materialised).
func (m *Machine) relValue(id uint64) value.Value {
	if id == NullID {
		return value.NullValue
	}
	return m.relOf(id)
}

// relOf is relValue of a relationship id that is not NullID, as the
// value.Rel itself (not boxed as a value.Value).
func (m *Machine) relOf(id uint64) value.Rel {
	start, end, typ, ok := m.ctx.Graph.Rel(id)
	if !ok {
		if r, was := m.deletedRels[id]; was {
			return r
		}
		return value.Rel{ID: id}
	}
	return value.Rel{ID: id, Type: m.ctx.Graph.TypeName(typ), Start: start, End: end}
}

func (m *Machine) matchLabels(node uint32, e *LabelExpr) bool {
	switch e.Op {
	case 'n':
		id, ok := m.ctx.Graph.LabelID(e.Name)
		return ok && m.ctx.Graph.NodeHasLabel(node, id)
	case '&':
		for _, it := range e.Items {
			if !m.matchLabels(node, it) {
				return false
			}
		}
		return true
	case '|':
		for _, it := range e.Items {
			if m.matchLabels(node, it) {
				return true
			}
		}
		return false
	case '!':
		return !m.matchLabels(node, e.Items[0])
	case '%':
		return len(m.ctx.Graph.NodeLabels(node)) > 0
	}
	return false
}

// matchesType reports whether a relationship of type typ matches e, the
// relationship having exactly that one type.
func (e *LabelExpr) matchesType(typ string) bool {
	switch e.Op {
	case 'n':
		return e.Name == typ
	case '&':
		for _, it := range e.Items {
			if !it.matchesType(typ) {
				return false
			}
		}
		return true
	case '|':
		for _, it := range e.Items {
			if it.matchesType(typ) {
				return true
			}
		}
		return false
	case '!':
		return !e.Items[0].matchesType(typ)
	case '%':
		return true
	}
	return false
}

func (m *Machine) mkPath(spec *PathSpec) (value.Value, error) {
	first := m.N[spec.Nodes[0]]
	if first == NullID {
		return value.NullValue, nil
	}
	// The path's length first, so that its two slices are allocated once
	// at their size: a path is built per row, and growing them by append
	// was most of its cost.
	n := 0
	for _, r := range spec.Rels {
		if !r.List {
			if m.N[r.Reg] == NullID {
				return value.NullValue, nil
			}
			n++
			continue
		}
		l, _ := m.R[r.Reg].(value.List)
		n += len(l)
	}
	p := value.Path{Nodes: make([]value.Node, 1, n+1), Rels: make([]value.Rel, 0, n)}
	p.Nodes[0] = value.Node{ID: uint32(first)}
	cur := uint32(first)
	step := func(rel value.Rel) {
		next := rel.End
		if rel.End == cur && rel.Start != cur {
			next = rel.Start
		} else if rel.Start != cur {
			next = rel.Start
		}
		p.Rels = append(p.Rels, rel)
		p.Nodes = append(p.Nodes, value.Node{ID: next})
		cur = next
	}
	for i, r := range spec.Rels {
		if r.List {
			l, _ := m.R[r.Reg].(value.List)
			for _, rv := range l {
				rel, ok := rv.(value.Rel)
				if !ok {
					return value.NullValue, nil
				}
				step(rel)
			}
		} else {
			step(m.relOf(m.N[r.Reg]))
		}
		if want := m.N[spec.Nodes[i+1]]; want != NullID && uint64(cur) != want {
			cur = uint32(want)
			p.Nodes[len(p.Nodes)-1] = value.Node{ID: cur}
		}
	}
	return p, nil
}
