package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
)

// unknown is the static type of an expression whose type cannot be known
// before it runs (a parameter, a property).
var unknown = functions.Type{}

func known(t functions.Type) bool { return t.Mask != 0 && !t.IsAny() }

// only reports whether t is known and admits nothing but kinds in ok (null
// aside).
func only(t functions.Type, ok ...functions.Type) bool {
	if !known(t) || t.Mask == functions.NullType.Mask {
		return false
	}
	var m uint32 = functions.NullType.Mask
	for _, o := range ok {
		m |= o.Mask
	}
	return t.Mask&^m == 0
}

// never reports whether t is known and admits none of the kinds in ok
// (null aside): an operand of type t can never be valid.
func never(t functions.Type, ok ...functions.Type) bool {
	if !known(t) || t.Mask == functions.NullType.Mask {
		return false
	}
	var m uint32
	for _, o := range ok {
		m |= o.Mask
	}
	return t.Mask&m == 0
}

func (sc *scope) typeOf(name string) functions.Type {
	switch sc.vars[name] {
	case kindNode:
		return functions.Node
	case kindRel:
		return functions.Rel
	case kindPath:
		return functions.Path
	}
	if sc.types != nil {
		return sc.types[name]
	}
	return unknown
}

// typeCheck infers e's static type and reports the type errors that are
// certain before the query runs, as the TCK expects them at compile time.
func (b *builder) typeCheck(e ast.Expr, sc *scope, local map[string]functions.Type) (functions.Type, error) {
	rec := func(x ast.Expr) (functions.Type, error) { return b.typeCheck(x, sc, local) }
	badArg := func(n ast.Node, format string, args ...any) error {
		return b.errAt(n, cyqerr.SyntaxError, "InvalidArgumentType", format, args...)
	}
	if e == nil {
		return unknown, nil
	}
	switch x := e.(type) {
	case *ast.Parameter:
		if rc := b.runConstOf(x.Name); rc != nil {
			return rec(rc) // a run-constant parameter has its expression's type
		}
		return unknown, nil
	case *ast.Literal:
		switch x.Kind {
		case ast.LitNull:
			return functions.NullType, nil
		case ast.LitBool:
			return functions.Bool, nil
		case ast.LitInt:
			return functions.Int, nil
		case ast.LitFloat:
			return functions.Float, nil
		}
		return functions.String, nil
	case *ast.ListLiteral:
		var elems []functions.Type
		for _, it := range x.Items {
			t, err := rec(it)
			if err != nil {
				return unknown, err
			}
			if !known(t) {
				return functions.AnyList, nil
			}
			elems = append(elems, t)
		}
		if len(elems) == 0 {
			return functions.AnyList, nil
		}
		return functions.List(functions.Union(elems...)), nil
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			if _, err := rec(en.Value); err != nil {
				return unknown, err
			}
		}
		return functions.Map, nil
	case *ast.Variable:
		if t, ok := local[x.Name]; ok {
			return t, nil
		}
		return sc.typeOf(x.Name), nil
	case *ast.Property:
		t, err := rec(x.Expr)
		if err != nil {
			return unknown, err
		}
		if only(t, functions.Path) {
			return unknown, badArg(x, "paths have no properties")
		}
		if never(t, functions.Map, functions.Node, functions.Rel, functions.Temporal) {
			return unknown, b.errAt(x, cyqerr.TypeError, "InvalidArgumentType", "cannot read property %s of a %s", x.Key, t).WithHint("properties belong to nodes, relationships, maps and temporal values")
		}
		return unknown, nil
	case *ast.Index:
		t, err := rec(x.Expr)
		if err != nil {
			return unknown, err
		}
		if _, err := rec(x.Index); err != nil {
			return unknown, err
		}
		if only(t, functions.AnyList) && t.Elem != 0 {
			return functions.Type{Mask: t.Elem}, nil
		}
		return unknown, nil
	case *ast.Slice:
		for _, s := range []ast.Expr{x.Expr, x.From, x.To} {
			if _, err := rec(s); err != nil {
				return unknown, err
			}
		}
		return unknown, nil
	case *ast.Binary:
		l, err := rec(x.Left)
		if err != nil {
			return unknown, err
		}
		r, err := rec(x.Right)
		if err != nil {
			return unknown, err
		}
		switch x.Op {
		case ast.OpAnd, ast.OpOr, ast.OpXor:
			for i, t := range []functions.Type{l, r} {
				if never(t, functions.Bool) {
					side := x.Left
					if i == 1 {
						side = x.Right
					}
					return unknown, badArg(side, "boolean operators take booleans, got %s", t)
				}
			}
			return functions.Bool, nil
		case ast.OpAdd:
			if only(l, functions.Number) && only(r, functions.Number) {
				return numResult(l, r), nil
			}
			// A side that can be no number, string, list or temporal value
			// adds only to a list (appended to it), so the addition is
			// wrong before it runs only when the other side can never be
			// a list. A side that may be a list (of unknown type, a union
			// with a list, a reduce() accumulator) is left to the run,
			// which raises the error on the rows where it is not one.
			if (never(l, functions.Number, functions.String, functions.AnyList, functions.Temporal) && never(r, functions.AnyList)) ||
				(never(r, functions.Number, functions.String, functions.AnyList, functions.Temporal) && never(l, functions.AnyList)) {
				return unknown, badArg(x, "cannot add %s and %s", l, r)
			}
			if only(l, functions.String) && only(r, functions.String) {
				return functions.String, nil
			}
			return unknown, nil
		default:
			for _, t := range []functions.Type{l, r} {
				if never(t, functions.Number, functions.Temporal) {
					return unknown, badArg(x, "arithmetic needs numbers, got %s", t)
				}
			}
			if x.Op == ast.OpPow {
				return functions.Float, nil
			}
			if only(l, functions.Number) && only(r, functions.Number) {
				return numResult(l, r), nil
			}
			return unknown, nil
		}
	case *ast.Unary:
		t, err := rec(x.Expr)
		if err != nil {
			return unknown, err
		}
		if x.Op == ast.OpNot {
			if never(t, functions.Bool) {
				return unknown, badArg(x.Expr, "NOT takes a boolean, got %s", t)
			}
			return functions.Bool, nil
		}
		if never(t, functions.Number, functions.Duration) {
			return unknown, badArg(x.Expr, "unary minus takes a number, got %s", t)
		}
		return t, nil
	case *ast.Comparison:
		for _, o := range x.Operands {
			if _, err := rec(o); err != nil {
				return unknown, err
			}
		}
		return functions.Bool, nil
	case *ast.TypePredicate:
		if _, err := rec(x.Expr); err != nil {
			return unknown, err
		}
		return functions.Bool, nil
	case *ast.IsNull:
		if _, err := rec(x.Expr); err != nil {
			return unknown, err
		}
		return functions.Bool, nil
	case *ast.StringMatch:
		if _, err := rec(x.Left); err != nil {
			return unknown, err
		}
		if _, err := rec(x.Right); err != nil {
			return unknown, err
		}
		return functions.Bool, nil
	case *ast.In:
		if _, err := rec(x.Expr); err != nil {
			return unknown, err
		}
		t, err := rec(x.List)
		if err != nil {
			return unknown, err
		}
		if never(t, functions.AnyList) {
			return unknown, badArg(x.List, "IN needs a list on its right, got %s", t)
		}
		return functions.Bool, nil
	case *ast.FunctionCall:
		types := make([]functions.Type, len(x.Args))
		for i, a := range x.Args {
			t, err := rec(a)
			if err != nil {
				return unknown, err
			}
			types[i] = t
		}
		if x.Star {
			return functions.Int, nil
		}
		o, err := functions.Resolve(qualifiedName(x), types)
		if err != nil {
			ce := cyqerr.As(err)
			if i := entityArgMismatch(qualifiedName(x), types); ce.Detail == "InvalidArgumentType" && i >= 0 {
				return unknown, b.ruleErr(ruleEntityArg, x.Args[i], "%s", ce.Message).WithHint("%s", ce.Hint)
			}
			if ce.Detail == "InvalidArgumentType" && !entityMismatch(types) {
				// Only graph-element mismatches are certain enough to reject
				// before running; the rest is checked on the values.
				return unknown, nil
			}
			return unknown, b.errAt(x, ce.Type, ce.Detail, "%s", ce.Message).WithHint("%s", ce.Hint)
		}
		return o.Result, nil
	case *ast.Case:
		var ts []functions.Type
		if _, err := rec(x.Subject); err != nil {
			return unknown, err
		}
		for _, w := range x.Whens {
			if _, err := rec(w.When); err != nil {
				return unknown, err
			}
			t, err := rec(w.Then)
			if err != nil {
				return unknown, err
			}
			ts = append(ts, t)
		}
		t, err := rec(x.Else)
		if err != nil {
			return unknown, err
		}
		if x.Else == nil {
			t = functions.NullType
		}
		for _, u := range ts {
			if !known(u) {
				return unknown, nil
			}
		}
		return functions.Union(append(ts, t)...), nil
	case *ast.ListComprehension:
		lt, err := rec(x.In)
		if err != nil {
			return unknown, err
		}
		l := withLocal(local, x.Var.Name, elemOf(lt))
		wt, err := b.typeCheck(x.Where, sc, l)
		if err != nil {
			return unknown, err
		}
		if x.Where != nil && never(wt, functions.Bool) {
			return unknown, badArg(x.Where, "a WHERE condition must be a boolean, got %s", wt)
		}
		if x.Map == nil {
			return lt, nil
		}
		mt, err := b.typeCheck(x.Map, sc, l)
		if err != nil {
			return unknown, err
		}
		if known(mt) {
			return functions.List(mt), nil
		}
		return functions.AnyList, nil
	case *ast.Quantifier:
		lt, err := rec(x.In)
		if err != nil {
			return unknown, err
		}
		if never(lt, functions.AnyList) {
			return unknown, badArg(x.In, "a quantifier needs a list, got %s", lt)
		}
		wt, err := b.typeCheck(x.Where, sc, withLocal(local, x.Var.Name, elemOf(lt)))
		if err != nil {
			return unknown, err
		}
		if x.Where != nil && never(wt, functions.Bool) {
			return unknown, badArg(x.Where, "a quantifier's condition must be a boolean, got %s", wt)
		}
		return functions.Bool, nil
	case *ast.Reduce:
		if _, err := rec(x.Init); err != nil {
			return unknown, err
		}
		lt, err := rec(x.In)
		if err != nil {
			return unknown, err
		}
		l := withLocal(local, x.Var.Name, elemOf(lt))
		l[x.Acc.Name] = unknown
		if _, err := b.typeCheck(x.Expr, sc, l); err != nil {
			return unknown, err
		}
		return unknown, nil
	case *ast.LabelPredicate:
		if _, err := rec(x.Expr); err != nil {
			return unknown, err
		}
		return functions.Bool, nil
	case *ast.PatternExpr, *ast.ExistsSubquery:
		return functions.Bool, nil
	case *ast.CountSubquery:
		return functions.Int, nil
	case *ast.PatternComprehension, *ast.CollectSubquery:
		return functions.AnyList, nil
	case *ast.MapProjection:
		return functions.Map, nil
	}
	return unknown, nil
}

func numResult(l, r functions.Type) functions.Type {
	if only(l, functions.Int) && only(r, functions.Int) {
		return functions.Int
	}
	if only(l, functions.Float) || only(r, functions.Float) {
		return functions.Float
	}
	return functions.Number
}

func elemOf(t functions.Type) functions.Type {
	if only(t, functions.AnyList) && t.Elem != 0 {
		return functions.Type{Mask: t.Elem}
	}
	return unknown
}

func withLocal(local map[string]functions.Type, name string, t functions.Type) map[string]functions.Type {
	l := make(map[string]functions.Type, len(local)+1)
	for k, v := range local {
		l[k] = v
	}
	l[name] = t
	return l
}

// entityMismatch reports whether one of the argument types is a node,
// relationship or path.
func entityMismatch(types []functions.Type) bool {
	for _, t := range types {
		if only(t, functions.Node, functions.Rel, functions.Path) {
			return true
		}
	}
	return false
}
