package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// A list comprehension whose only test is the membership of its element in
// another list,
//
//	[x IN xs WHERE x IN ys]            [x IN xs WHERE NOT x IN ys]
//	[x IN xs WHERE any(y IN ys WHERE y = x)]
//	[x IN xs WHERE none(y IN ys WHERE y = x)]
//
// and size() of one, is the intersection (difference) of the two lists as
// node sets: it compiles to one OpListSetFilter, which builds the set of
// ys's nodes once per list and keeps its answer for the last pair of lists
// (vm/list_sets.go). So the Jaccard forms that collect two neighbourhoods
// and compare them, and a comparison re-evaluated on every row of an
// UNWIND of the lists (the group's lists are the same values on every
// row), cost a set build per list rather than a loop of tests per element
// per row.
//
// Exactness: the instruction keeps the elements whose test the
// comprehension would keep, in xs's order and with xs's duplicates (size()
// counts them), and decides x IN ys for a node x by its id (node equality)
// and a null in ys (the only element that compares as unknown with a
// node); other elements are tested as IN tests them. any(y IN ys WHERE y =
// x) is x IN ys in three-valued logic (true if an element equals x, else
// unknown if one compares as unknown, else false), none() its negation,
// except that a quantifier iterates a ys that is not a list as a list of
// that one value where IN fails (ListSetScalarList keeps that). ys is
// evaluated once, before the loop, where the comprehension evaluates it
// per element: so ys must be a variable, a parameter or a literal (it
// cannot fail, nor change between elements, and an empty xs reads it to
// no effect), and must not read x.
func listSetTest(x *ast.ListComprehension) (ys ast.Expr, at ast.Node, mode int32, ok bool) {
	if x.Where == nil || x.Var == nil {
		return nil, nil, 0, false
	}
	if x.Map != nil {
		if v, isVar := x.Map.(*ast.Variable); !isVar || v.Name != x.Var.Name {
			return nil, nil, 0, false
		}
	}
	t := x.Where
	if u, isNot := t.(*ast.Unary); isNot && u.Op == ast.OpNot {
		mode |= vm.ListSetNot
		t = u.Expr
	}
	el := x.Var.Name
	switch m := t.(type) {
	case *ast.In:
		v, isVar := m.Expr.(*ast.Variable)
		if !isVar || v.Name != el {
			return nil, nil, 0, false
		}
		ys = m.List
	case *ast.Quantifier:
		neg := mode&vm.ListSetNot != 0
		switch {
		case m.Kind == ast.QuantAny:
		case m.Kind == ast.QuantNone && !neg:
			mode |= vm.ListSetNot
		default:
			return nil, nil, 0, false
		}
		if m.Var == nil || m.Var.Name == el || !equalsVars(m.Where, m.Var.Name, el) {
			return nil, nil, 0, false
		}
		ys = m.In
		mode |= vm.ListSetScalarList
	default:
		return nil, nil, 0, false
	}
	if exprReads(ys, el) || !cannotFailList(ys) {
		return nil, nil, 0, false
	}
	return ys, t, mode, true
}

// cannotFailList reports whether ys (a variable, parameter or literal)
// holds nothing that can fail when evaluated: a list literal of variables,
// parameters and literals.
func cannotFailList(ys ast.Expr) bool {
	if l, ok := ys.(*ast.ListLiteral); ok {
		for _, e := range l.Items {
			if !cannotFailList(e) {
				return false
			}
		}
		return true
	}
	switch ys.(type) {
	case *ast.Variable, *ast.Parameter, *ast.Literal:
		return true
	}
	return false
}

// equalsVars reports whether e is `a = b` or `b = a` for variables a, b.
func equalsVars(e ast.Expr, a, b string) bool {
	c, ok := e.(*ast.Comparison)
	if !ok || len(c.Ops) != 1 || c.Ops[0] != ast.CmpEq {
		return false
	}
	l, lok := c.Operands[0].(*ast.Variable)
	r, rok := c.Operands[1].(*ast.Variable)
	return lok && rok && (l.Name == a && r.Name == b || l.Name == b && r.Name == a)
}

// listSetQuantifier compiles a quantifier whose test is a membership,
// all/any/none/single(x IN xs WHERE [NOT] x IN ys) (subset, intersection,
// disjointness, one shared element), as an OpListSetFilter that answers
// the quantifier from the counts of true and unknown tests: the
// comprehension's test, counted where the comprehension keeps.
func (g *gen) listSetQuantifier(x *ast.Quantifier, env *regEnv) (int32, bool, error) {
	if g.b.rowModeOnly {
		return 0, false, nil
	}
	c := &ast.ListComprehension{Span: x.Span, Var: x.Var, In: x.In, Where: x.Where}
	ys, at, mode, ok := listSetTest(c)
	if !ok {
		return 0, false, nil
	}
	kinds := map[ast.QuantifierKind]int32{ast.QuantAll: 0, ast.QuantAny: 1, ast.QuantNone: 2, ast.QuantSingle: 3}
	kind, known := kinds[x.Kind]
	if !known {
		return 0, false, nil
	}
	return g.emitListSet(c.In, ys, at, mode|vm.ListSetQuantifier|kind<<vm.ListSetKindShift, env)
}

// listSetComp compiles comprehension x as an OpListSetFilter when its test
// is a membership (listSetTest), the list or, with size, its size. Row
// mode keeps the loop of tests (the reference the set form is compared
// with).
func (g *gen) listSetComp(x *ast.ListComprehension, size bool, env *regEnv) (int32, bool, error) {
	ys, at, mode, ok := listSetTest(x)
	if !ok || g.b.rowModeOnly {
		return 0, false, nil
	}
	if size {
		mode |= vm.ListSetSize
	}
	return g.emitListSet(x.In, ys, at, mode, env)
}

// emitListSet emits OpListSetFilter over the lists xs and ys with mode,
// its errors placed at at.
func (g *gen) emitListSet(xs, ys ast.Expr, at ast.Node, mode int32, env *regEnv) (int32, bool, error) {
	xr, err := g.expr(xs, env)
	if err != nil {
		return 0, true, err
	}
	yr, err := g.expr(ys, env)
	if err != nil {
		return 0, true, err
	}
	r := g.r()
	g.at(at) // IN's error points at the IN, as the loop's would
	g.emit(vm.OpListSetFilter, r, xr, yr, mode)
	return r, true, nil
}

// sizeOfListSet returns the comprehension of size(comprehension) when it
// is a membership filter (listSetTest).
func (g *gen) sizeOfListSet(x *ast.FunctionCall) (*ast.ListComprehension, bool) {
	if len(x.Namespace) > 0 || x.Distinct || x.Star || len(x.Args) != 1 || !strings.EqualFold(x.Name, "size") {
		return nil, false
	}
	c, ok := x.Args[0].(*ast.ListComprehension)
	if !ok {
		return nil, false
	}
	if _, _, _, ok := listSetTest(c); !ok || g.b.rowModeOnly {
		return nil, false
	}
	return c, true
}
