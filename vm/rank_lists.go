package vm

import (
	"github.com/cyqdb/cyq/value"
)

// ListRankSpec describes a rank over a list's elements (OpRankList): the
// number of elements e of a list whose key tuple (Keys, each read from e)
// compares with a value tuple (Vals, each read from a register) as Cmps
// say, lexicographically (RankSpec). It is what
//
//	size([y IN xs WHERE y.d > x.d OR (y.d = x.d AND y.id < x.id)])
//
// computes per row by testing every element, answered from the list's
// keys sorted once: a list carried to every row (a collected value
// unwound, a parameter) is sorted on its first probe and every later probe
// of the same list (the same elements, by identity) is a binary search.
//
// Keys and values are paths, a value followed by zero or more property
// reads; a read that would fail (a property of an integer, of a deleted
// entity) is not made here: the probe then does not answer (OpRankList
// jumps to the per-element form, which raises the error where it would).
type ListRankSpec struct {
	Keys []Path // read from each element
	Vals []Path // read from the registers after the list's
	Cmps []RankCmp
	Kind ListRankKind
}

// Path is a value followed by reads, in order: property reads (the
// constants' indexes of the property names) and list subscripts by
// constant integers.
type Path struct {
	Props []int32
	// Subs marks the steps that are subscripts: where Subs[i] is true,
	// Props[i] is not a constant's index but the subscript (x[-1] is -1).
	// Nil when no step is one.
	Subs []bool
}

// ListRankKind is what OpRankList answers with the count c.
type ListRankKind uint8

// The answers of OpRankList.
const (
	ListRankCount ListRankKind = iota // c
	ListRankAny                       // true when c > 0; not answered otherwise
	ListRankNone                      // false when c > 0; not answered otherwise
	// ListRankLeast and ListRankGreatest answer with an element rather
	// than a count: the least (greatest) of the elements that count, the
	// first in the list's order among equal ones, null when none counts
	// (list_extremes.go). They take one comparison, or none (the least or
	// greatest of all the keys), after partitions (RankEq: the extreme is
	// the partition's).
	ListRankLeast
	ListRankGreatest
)

// listRankCache is the sorted keys of the last list probed; the list is
// held so that its elements stay what they were sorted from.
type listRankCache struct {
	list value.List
	keys *rankKeys
	bad  bool  // some element's key cannot be read here
	size int64 // the memory charged for keys
}

// sameList reports whether a and b are the same list value: the same
// elements, not merely equal ones.
func sameList(a, b value.List) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// readPath reads path p from v; ok is false when a read would fail.
func (m *Machine) readPath(v value.Value, p Path) (value.Value, bool) {
	for i, k := range p.Props {
		if i < len(p.Subs) && p.Subs[i] {
			// x[k] as functions.Index reads it: null for null, an element
			// (null out of range) of a list; anything else is left to the
			// per-element form (an error there, or a vector's element).
			switch b := v.(type) {
			case nil, value.Null:
				return value.NullValue, true
			case value.List:
				j := int64(k)
				if j < 0 {
					j += int64(len(b))
				}
				if j < 0 || j >= int64(len(b)) || b[j] == nil {
					v = value.NullValue
				} else {
					v = b[j]
				}
				continue
			default:
				return nil, false
			}
		}
		switch b := v.(type) {
		case nil, value.Null:
			return value.NullValue, true
		case value.Map:
			x, found := b[string(m.prog.Consts[k].(value.String))]
			if !found {
				x = value.NullValue
			}
			v = x
		case value.Node:
			if !m.ctx.Graph.NodeExists(b.ID) {
				return nil, false
			}
			v = m.nodeProp(uint64(b.ID), k)
		case value.Rel:
			if _, _, _, found := m.ctx.Graph.Rel(b.ID); !found {
				return nil, false
			}
			v = m.relProp(b.ID, k)
		default:
			x, found := componentOf(v, string(m.prog.Consts[k].(value.String)))
			if !found {
				return nil, false
			}
			v = x
		}
	}
	if v == nil {
		v = value.NullValue
	}
	return v, true
}

// rankList answers OpRankList for the list in R[at] and the values' bases
// from R[at+1] on; ok is false when it cannot answer exactly.
func (m *Machine) rankList(aux, at int32) (value.Value, bool, error) {
	s := m.prog.Aux[aux].(*ListRankSpec)
	l, isList := m.R[at].(value.List)
	if !isList {
		return nil, false, nil // null (or not a list): the per-element form says
	}
	vals := make([]value.Value, len(s.Vals))
	for i, p := range s.Vals {
		v, ok := m.readPath(m.R[at+1+int32(i)], p)
		if !ok {
			return nil, false, nil
		}
		vals[i] = v
	}
	extreme := s.Kind == ListRankLeast || s.Kind == ListRankGreatest
	c := 0
	var best value.Value = value.NullValue
	if len(l) > 0 {
		t := m.table(aux)
		rc := t.rankList
		if rc == nil || !sameList(rc.list, l) {
			if rc != nil {
				// Only the last list's keys are kept.
				m.release(rc.size)
			}
			var err error
			if rc, err = m.sortList(s, l); err != nil {
				return nil, false, err
			}
			t.rankList = rc
		}
		if rc.bad {
			return nil, false, nil
		}
		if extreme {
			var ok bool
			best, ok = rc.keys.extremeIn(s.Cmps, vals, s.Kind == ListRankGreatest)
			if !ok {
				return nil, false, nil
			}
		} else {
			c = rc.keys.count(s.Cmps, vals)
		}
	}
	switch s.Kind {
	case ListRankLeast, ListRankGreatest:
		return best, true, nil
	case ListRankAny:
		if c == 0 {
			return nil, false, nil
		}
		return value.Bool(true), true, nil
	case ListRankNone:
		if c == 0 {
			return nil, false, nil
		}
		return value.Bool(false), true, nil
	}
	return value.Int(int64(c)), true, nil
}

// sortList reads and sorts the keys of list l's elements. The work is
// charged as one step per element, as the per-element form would take at
// least that many.
func (m *Machine) sortList(s *ListRankSpec, l value.List) (*listRankCache, error) {
	rc := &listRankCache{list: l, keys: &rankKeys{}}
	m.steps += int64(len(l))
	k := make([]value.Value, len(s.Keys))
	for _, e := range l {
		for i, p := range s.Keys {
			v, ok := m.readPath(e, p)
			if !ok {
				rc.bad, rc.keys = true, nil
				return rc, nil
			}
			k[i] = v
		}
		n := rc.keys.add(k)
		rc.size += n
		if err := m.account(n); err != nil {
			return nil, err
		}
	}
	n := rc.keys.seal()
	rc.size += n
	if err := m.account(n); err != nil {
		return nil, err
	}
	return rc, nil
}
