package vm

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

func stringsOf(l value.List) []string {
	out := make([]string, len(l))
	for i, v := range l {
		out[i] = string(v.(value.String))
	}
	return out
}

// propsOf converts a SET / CREATE properties argument into a map: maps as
// they are, nodes and relationships by their properties.
func (m *Machine) propsOf(v value.Value) (value.Map, error) {
	switch x := v.(type) {
	case value.Map:
		return x, nil
	case nil, value.Null:
		return value.Map{}, nil
	case value.Node:
		return m.namedProps(m.ctx.Graph.NodeProps(x.ID)), nil
	case value.Rel:
		return m.namedProps(m.ctx.Graph.RelProps(x.ID)), nil
	}
	return nil, typeErr("expected a map of properties, got %s", value.TypeName(v))
}

func (m *Machine) namedProps(p map[uint32]value.Value) value.Map {
	return namedProps(m.ctx.Graph, p)
}

func withoutNulls(mp value.Map) value.Map {
	out := make(value.Map, len(mp))
	for k, v := range mp {
		if !value.IsNull(v) {
			out[k] = v
		}
	}
	return out
}

func (m *Machine) write(in Instr) error {
	w := m.ctx.Writer
	R, N := m.R, m.N
	consts := m.prog.Consts
	switch in.Op {
	case OpCreateNode:
		var props value.Map
		if in.C >= 0 {
			p, err := m.propsOf(R[in.C])
			if err != nil {
				return err
			}
			props = withoutNulls(p)
		}
		id, err := w.CreateNode(stringsOf(consts[in.B].(value.List)), props)
		if err != nil {
			return err
		}
		N[in.A] = uint64(id)
	case OpCreateRel:
		spec := m.prog.Aux[in.D].(*CreateRelSpec)
		var props value.Map
		if spec.Props >= 0 {
			p, err := m.propsOf(R[spec.Props])
			if err != nil {
				return err
			}
			props = withoutNulls(p)
		}
		if N[in.B] == NullID || N[in.C] == NullID {
			return cyqerr.Runtimef(cyqerr.SemanticError, "", "cannot create a relationship with a null end node")
		}
		typ := spec.Type
		if spec.TypeReg >= 0 {
			t, err := computedType(R[spec.TypeReg])
			if err != nil {
				return err
			}
			typ = t
		}
		id, err := w.CreateRel(uint32(N[in.B]), uint32(N[in.C]), typ, props)
		if err != nil {
			return err
		}
		N[in.A] = id
	case OpSetProp:
		key := string(consts[in.B].(value.String))
		switch e := R[in.A].(type) {
		case nil, value.Null:
		case value.Node:
			return w.SetNodeProp(e.ID, key, R[in.C])
		case value.Rel:
			return w.SetRelProp(e.ID, key, R[in.C])
		default:
			return typeErr("SET needs a node or relationship, got %s", value.TypeName(e))
		}
	case OpSetAllProps:
		props, err := m.propsOf(R[in.B])
		if err != nil {
			return err
		}
		merge := in.C == 1
		switch e := R[in.A].(type) {
		case nil, value.Null:
		case value.Node:
			if !merge {
				for k := range m.ctx.Graph.NodeProps(e.ID) {
					name := m.ctx.Graph.PropKeyName(k)
					if _, keep := props[name]; !keep {
						if err := w.SetNodeProp(e.ID, name, value.NullValue); err != nil {
							return err
						}
					}
				}
			}
			for _, k := range props.Keys() {
				if err := w.SetNodeProp(e.ID, k, props[k]); err != nil {
					return err
				}
			}
		case value.Rel:
			if !merge {
				for k := range m.ctx.Graph.RelProps(e.ID) {
					name := m.ctx.Graph.PropKeyName(k)
					if _, keep := props[name]; !keep {
						if err := w.SetRelProp(e.ID, name, value.NullValue); err != nil {
							return err
						}
					}
				}
			}
			for _, k := range props.Keys() {
				if err := w.SetRelProp(e.ID, k, props[k]); err != nil {
					return err
				}
			}
		default:
			return typeErr("SET needs a node or relationship, got %s", value.TypeName(e))
		}
	case OpSetLabels, OpRemoveLabels:
		switch e := R[in.A].(type) {
		case nil, value.Null:
		case value.Node:
			labels := stringsOf(consts[in.B].(value.List))
			if in.C >= 0 {
				dyn, err := computedLabels(R[in.C])
				if err != nil {
					return err
				}
				labels = append(labels, dyn...)
			}
			if in.Op == OpSetLabels {
				return w.AddLabels(e.ID, labels)
			}
			return w.RemoveLabels(e.ID, labels)
		default:
			return typeErr("labels can only be set on nodes, got %s", value.TypeName(e))
		}
	case OpDelete:
		return m.deleteValue(R[in.A], in.B == 1)
	}
	return nil
}

func (m *Machine) deleteValue(v value.Value, detach bool) error {
	w := m.ctx.Writer
	switch e := v.(type) {
	case nil, value.Null:
		return nil
	case value.Node:
		if !m.ctx.Graph.NodeExists(e.ID) {
			return nil
		}
		if detach {
			// The relationships DETACH DELETE removes are deleted
			// relationships like any other for the rest of the statement.
			m.ctx.Graph.Expand(e.ID, Both, AnyType, func(rel uint64, _ uint32, _ uint32) bool {
				m.rememberDeleted(rel)
				return true
			})
		}
		return w.DeleteNode(e.ID, detach)
	case value.Rel:
		if !m.rememberDeleted(e.ID) {
			return nil
		}
		return w.DeleteRel(e.ID)
	case value.Path:
		for _, r := range e.Rels {
			if err := m.deleteValue(r, detach); err != nil {
				return err
			}
		}
		for _, n := range e.Nodes {
			if err := m.deleteValue(n, detach); err != nil {
				return err
			}
		}
		return nil
	}
	return cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType", "DELETE takes nodes, relationships or paths, got %s", value.TypeName(v))
}

// rememberDeleted records the id, type and ends of relationship id, about
// to be deleted, so that type(), startNode() and endNode() of it still
// answer for the rest of the statement (see relValue). It reports whether
// the relationship exists.
func (m *Machine) rememberDeleted(id uint64) bool {
	start, end, typ, ok := m.ctx.Graph.Rel(id)
	if !ok {
		return false
	}
	if m.deletedRels == nil {
		m.deletedRels = map[uint64]value.Rel{}
	}
	m.deletedRels[id] = value.Rel{ID: id, Type: m.ctx.Graph.TypeName(typ), Start: start, End: end}
	return true
}

// computedLabels flattens the values of `n:$(expr)` labels: each a
// string or a list of strings, none null or empty.
func computedLabels(v value.Value) ([]string, error) {
	var out []string
	var add func(v value.Value, top bool) error
	add = func(v value.Value, top bool) error {
		switch x := v.(type) {
		case value.String:
			if x == "" {
				return typeErr("a computed label cannot be the empty string")
			}
			out = append(out, string(x))
			return nil
		case value.List:
			if top {
				for _, e := range x {
					if err := add(e, false); err != nil {
						return err
					}
				}
				return nil
			}
			for _, e := range x {
				s, ok := e.(value.String)
				if !ok || s == "" {
					return typeErr("a computed label must be a non-empty string, got %s", value.TypeName(e))
				}
				out = append(out, string(s))
			}
			return nil
		}
		return typeErr("a computed label must be a string or a list of strings, got %s", value.TypeName(v))
	}
	return out, add(v, true)
}

// computedType is the type of a relationship created with -[:$(expr)]->:
// a non-empty string, or a list holding exactly one.
func computedType(v value.Value) (string, error) {
	if l, ok := v.(value.List); ok && len(l) == 1 {
		v = l[0]
	}
	s, ok := v.(value.String)
	if !ok || s == "" {
		return "", typeErr("a relationship type computed with $(...) must be one non-empty string, got %s", value.TypeName(v))
	}
	return string(s), nil
}
