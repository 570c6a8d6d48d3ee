package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
)

// typeSet is a set of relationship types: the names listed (sorted,
// without repeats) or, when except is set, every type but them. It is the
// one form every relationship-type test takes (`type(r) = 'T'`,
// `type(r) <> 'T'`, `type(r) IN [...]`, `r:T`, `r:!T`, `r:A|B`, and the
// NOT, AND and OR of those), so that a test narrows an expansion's types
// whichever way it was written.
type typeSet struct {
	names  []string
	except bool
}

// anyType is the set of every type.
var anyType = typeSet{except: true}

// typesOf returns the set an expansion's written types allow (none
// written: every type).
func typesOf(types []string) typeSet {
	if len(types) == 0 {
		return anyType
	}
	s := slices.Clone(types)
	slices.Sort(s)
	return typeSet{names: slices.Compact(s)}
}

// not is the complement of s.
func (s typeSet) not() typeSet { return typeSet{names: s.names, except: !s.except} }

// and is the intersection of s and t.
func (s typeSet) and(t typeSet) typeSet {
	switch {
	case !s.except && !t.except:
		return typeSet{names: keepNames(s.names, t.names, true)}
	case !s.except:
		return typeSet{names: keepNames(s.names, t.names, false)}
	case !t.except:
		return typeSet{names: keepNames(t.names, s.names, false)}
	}
	return typeSet{names: unionNames(s.names, t.names), except: true}
}

// or is the union of s and t.
func (s typeSet) or(t typeSet) typeSet { return s.not().and(t.not()).not() }

// resolve lists the types of s among the graph's types (all: the
// catalog's dictionary, needed only when s is a complement); ok is false
// when the types of a complement are not known.
func (s typeSet) resolve(all func() ([]string, bool)) ([]string, bool) {
	if !s.except {
		return s.names, true
	}
	cat, ok := all()
	if !ok {
		return nil, false
	}
	var out []string
	for _, t := range cat {
		if !slices.Contains(s.names, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), true
}

// keepNames returns the names of a that are in b (in true) or not in b
// (in false).
func keepNames(a, b []string, in bool) []string {
	var out []string
	for _, n := range a {
		if slices.Contains(b, n) == in {
			out = append(out, n)
		}
	}
	return out
}

// unionNames returns the sorted union of a and b.
func unionNames(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// typeSetOf returns the set of types conjunct e admits for relationship
// variable r, when e tests nothing but r's type: `type(r) = 'T'` or
// `<> 'T'` (either side), `type(r) IN [...]` of string literals, a label
// test `r:<type expression>`, and NOT, AND and OR of those. type(r) of a
// bound relationship is never null and is one name, so such a test is
// true or false, never null, and NOT is the complement.
func typeSetOf(e ast.Expr, r string) (typeSet, bool) {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr && x.Op != ast.OpXor {
			return typeSet{}, false
		}
		l, ok1 := typeSetOf(x.Left, r)
		rt, ok2 := typeSetOf(x.Right, r)
		if !ok1 || !ok2 {
			return typeSet{}, false
		}
		switch x.Op {
		case ast.OpAnd:
			return l.and(rt), true
		case ast.OpOr:
			return l.or(rt), true
		}
		return l.and(rt.not()).or(rt.and(l.not())), true
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return typeSet{}, false
		}
		s, ok := typeSetOf(x.Expr, r)
		return s.not(), ok
	case *ast.Comparison:
		if len(x.Ops) != 1 || (x.Ops[0] != ast.CmpEq && x.Ops[0] != ast.CmpNe) {
			return typeSet{}, false
		}
		l, rt := x.Operands[0], x.Operands[1]
		if !isTypeOf(l, r) {
			l, rt = rt, l
		}
		name, ok := stringLit(rt)
		if !ok || !isTypeOf(l, r) {
			return typeSet{}, false
		}
		return typeSet{names: []string{name}, except: x.Ops[0] == ast.CmpNe}, true
	case *ast.In:
		list, ok := x.List.(*ast.ListLiteral)
		if !ok || !isTypeOf(x.Expr, r) {
			return typeSet{}, false
		}
		var names []string
		for _, it := range list.Items {
			name, ok := stringLit(it)
			if !ok {
				return typeSet{}, false
			}
			names = append(names, name)
		}
		return typesOfNames(names), true
	case *ast.LabelPredicate:
		if v, ok := varName(x.Expr); !ok || v != r {
			return typeSet{}, false
		}
		return typeSetOfLabels(x.Labels)
	}
	return typeSet{}, false
}

// typesOfNames is the set of the names listed (none: the empty set).
func typesOfNames(names []string) typeSet {
	s := slices.Clone(names)
	slices.Sort(s)
	return typeSet{names: slices.Compact(s)}
}

// typeSetOfLabels returns the set of types a relationship label
// expression (`:T`, `:A|B`, `:!T`, `:%`, `&`) admits; ok is false for a
// computed `$(expr)` type.
func typeSetOfLabels(l ast.LabelExpr) (typeSet, bool) {
	switch x := l.(type) {
	case *ast.LabelName:
		return typeSet{names: []string{x.Name}}, true
	case *ast.LabelWildcard:
		return anyType, true
	case *ast.LabelNot:
		s, ok := typeSetOfLabels(x.Expr)
		return s.not(), ok
	case *ast.LabelAnd, *ast.LabelOr:
		items, and := labelItems(x)
		out := anyType
		if !and {
			out = typeSet{}
		}
		for _, it := range items {
			s, ok := typeSetOfLabels(it)
			if !ok {
				return typeSet{}, false
			}
			if and {
				out = out.and(s)
			} else {
				out = out.or(s)
			}
		}
		return out, true
	}
	return typeSet{}, false
}

// labelItems returns the operands of a label conjunction (and true) or
// disjunction.
func labelItems(l ast.LabelExpr) ([]ast.LabelExpr, bool) {
	if a, ok := l.(*ast.LabelAnd); ok {
		return a.Items, true
	}
	return l.(*ast.LabelOr).Items, false
}
