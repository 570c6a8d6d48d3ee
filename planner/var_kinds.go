package planner

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// Value kinds of variables, from where they are bound. A rule that asks
// whether an expression can fail often needs to know what a variable
// holds: `x IN ms` cannot fail when ms is a list (or null), and raises an
// error when it is anything else. The query's text says so wherever the
// variable is bound: collect() and list literals, comprehensions and the
// list functions (keys(), labels(), nodes(), relationships(), range(),
// split()) give lists, count() and size() integers, a variable-length
// expansion and a shortest path lists of relationships, an UNWIND of a
// list of known elements its element type, and a projection of a
// variable its kind. The static types the binder checks (typeCheck, with
// the function registry's result types) are exactly this, so one
// function answers "what kind is this expression here?" for every rule:
// exprType, over a scope whose variables carry their types (the binder's
// scopes, and scopeAt's, which follows them through projections,
// aggregations, UNWIND, OPTIONAL MATCH and WITH).
//
// The failure analysis reads them through its kinds (kindsOf): asked for
// the key "", a variable's kinds are its own value's (varKinds), so that
// exprKinds knows a variable as it knows a literal, and neverFailsKinds
// knows `x IN ms` cannot fail. A type is a set of kinds every value may
// have, null always among them: an OPTIONAL MATCH's null, collect()'s
// list, size(null)'s null.

// typesOnly checks types without reporting errors (it has no source and
// no run constants): exprType reads the type it infers and drops its
// errors.
var typesOnly = &builder{}

// exprType is the static type of e with the variables of sc bound (their
// kinds and types); unknown when nothing is known or e is wrong in a way
// the binder reports itself.
func exprType(e ast.Expr, sc *scope) functions.Type {
	if e == nil || sc == nil {
		return unknown
	}
	t, err := typesOnly.typeCheck(e, sc, nil)
	if err != nil || !known(t) {
		return unknown
	}
	return t
}

// setType records t as name's static type in sc, or forgets the type a
// previous binding gave name when t is not known.
func (s *scope) setType(name string, t functions.Type) {
	if name == "" {
		return
	}
	if s.types == nil {
		s.types = map[string]functions.Type{}
	}
	if known(t) {
		s.types[name] = t
		return
	}
	delete(s.types, name)
}

// staticKinds is the kind set of the values of static type t: its kinds and
// null (every type admits it), and integers of any magnitude (a static
// INTEGER says nothing of its size); false when t is not known.
func staticKinds(t functions.Type) (KindSet, bool) {
	if !known(t) {
		return 0, false
	}
	k := KindSet(t.Mask) | kindsNull
	if k.Has(value.KindInt) {
		k |= KindBigInt
	}
	return k, true
}

// varKinds is prop (the kinds of properties, nil for none known) that
// also answers for the variables of sc themselves: asked for key "", the
// kinds of v's value by its static type in sc.
func varKinds(sc *scope, prop kindsOf) kindsOf {
	if sc == nil {
		return prop
	}
	return func(v, key string) (KindSet, bool) {
		if key == "" {
			if !sc.has(v) {
				return 0, false
			}
			return staticKinds(sc.typeOf(v))
		}
		if prop == nil {
			return 0, false
		}
		return prop(v, key)
	}
}

// listOrNull reports whether e's kinds are known to be lists or null
// (kinds, nil for none known): `x IN e` cannot fail on it.
func listOrNull(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	k, ok := exprKinds(e, entities, kinds)
	return ok && k.Within(KindBit(value.KindList)|kindsNull)
}
