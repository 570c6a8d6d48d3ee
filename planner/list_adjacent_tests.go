package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// A comprehension or quantifier over a list whose test reads the element
// through a one-hop pattern with a node bound outside it,
//
//	[w IN ws WHERE (w)-->(v)]             all(w IN ws WHERE (w)-->(v))
//	[y IN xs WHERE y <> h AND (x)-->(y) | [x, y]]
//	[x IN xs WHERE NOT (x)-[:R]-(h)]      none(x IN xs WHERE (h)<--(x))
//
// tests each element's adjacency to that node: the loop runs the pattern
// once per element (a seek from each bound end), so a comprehension over
// every pair of a collected list, or all() of a collected neighbourhood,
// costs a pattern evaluation per element per row. The elements whose
// pattern answer settles the test to the consumer's neutral value (false
// for a comprehension, its size, any, none and single: such an element
// adds nothing; true for all: it changes nothing) are dropped before the
// loop by one OpListAdjFilter, which answers the adjacency of every
// element from the other node's neighbour bitmaps; the loop then runs its
// own test on the elements left (vm/list_adjacent.go).
//
// Exactness: an element is dropped only when the pattern's answer is
// known without error (the element and the other end are nodes or null;
// a null end does not match, as the loop's pattern does not) and that
// answer fixes the test: the test is the pattern or its negation, or a
// conjunction of it with conjuncts that cannot fail, where a false
// pattern makes the whole false (false AND null is false). Evaluating the
// test on such an element raises nothing and changes nothing the
// consumer computes, so skipping it keeps every value; the kept elements
// keep their order and duplicates, and run the loop's own code, errors
// included. The list and the other end's variable are read before the
// loop, as the loop reads them first (a variable's read cannot fail).
// Row mode keeps the loop alone, the reference this is compared with.

// listAdjVar is the variable the filtered list is bound to for the loop
// (no written name can be it).
const listAdjVar = "#listadj"

// listAdjTest returns, for the test where over the element variable el
// whose consumer ignores the elements with test value neutral, the
// adjacency test that settles it: the other end's variable, the hop from
// it to the element, and the pattern answer that makes the test neutral.
func listAdjTest(el string, where ast.Expr, neutral bool, env *regEnv) (other string, hop vm.ExpandSpec, drop bool, ok bool) {
	if where == nil {
		return "", hop, false, false
	}
	one := func(e ast.Expr) (string, vm.ExpandSpec, bool, bool) {
		neg := false
		if u, isNot := e.(*ast.Unary); isNot && u.Op == ast.OpNot {
			neg, e = true, u.Expr
		}
		other, hop, ok := oneHopWith(e, el, env)
		return other, hop, neg, ok
	}
	if other, hop, neg, ok := one(where); ok {
		// the test is the pattern's answer (negated with neg)
		return other, hop, neutral != neg, true
	}
	if neutral {
		return "", hop, false, false
	}
	// a conjunction is false where its pattern conjunct is false
	parts := conjuncts(where)
	if len(parts) < 2 {
		return "", hop, false, false
	}
	found := -1
	for k, c := range parts {
		if o, h, neg, ok := one(c); ok && found < 0 {
			found, other, hop, drop = k, o, h, neg
			continue
		}
		if !neverFails(c, nil) {
			return "", hop, false, false
		}
	}
	return other, hop, drop, found >= 0
}

// oneHopWith reports whether e is a pattern predicate of one relationship
// between the element variable el and another variable bound in env,
// both plain variables (no labels, properties or inline tests), the
// relationship anonymous, of one hop and a list of types or none; it
// returns the other variable and the hop from it to the element.
func oneHopWith(e ast.Expr, el string, env *regEnv) (string, vm.ExpandSpec, bool) {
	var hop vm.ExpandSpec
	p, where, count, ok := patternMatches(e)
	if !ok || count || where != nil || len(p.Parts) != 1 {
		return "", hop, false
	}
	part := p.Parts[0]
	if part.Var != nil || part.Kind != ast.PathPlain || part.Selector != nil || part.Element == nil {
		return "", hop, false
	}
	pe := part.Element
	if len(pe.Nodes) != 2 || len(pe.Rels) != 1 {
		return "", hop, false
	}
	for _, n := range pe.Nodes {
		if n.Var == nil || n.Labels != nil || n.Props != nil || n.Where != nil || n.Implicit {
			return "", hop, false
		}
	}
	r := pe.Rels[0]
	if r.Var != nil || r.Props != nil || r.Where != nil || r.VarLength != nil || r.Quant != nil || r.Group != nil {
		return "", hop, false
	}
	types, ok := r.TypeNames()
	if !ok {
		return "", hop, false
	}
	a, b := pe.Nodes[0].Var.Name, pe.Nodes[1].Var.Name
	dir := r.Direction
	switch {
	case b == el && a != el:
		// (other)-[r]-(el): the hop as written
	case a == el && b != el:
		a, b = b, a
		dir = reverseDir(dir)
	default:
		return "", hop, false
	}
	if !env.bound(a) || a == listAdjVar {
		return "", hop, false
	}
	hop = vm.ExpandSpec{Dir: vmDir(dir), Types: types}
	return a, hop, true
}

// listAdjComp compiles comprehension x with OpListAdjFilter before its
// loop when its test is settled by an adjacency (listAdjTest).
func (g *gen) listAdjComp(x *ast.ListComprehension, env *regEnv) (int32, bool, error) {
	if g.b.rowModeOnly || x.Var == nil {
		return 0, false, nil
	}
	other, hop, drop, ok := listAdjTest(x.Var.Name, x.Where, false, env)
	if !ok {
		return 0, false, nil
	}
	le, err := g.listAdjFiltered(x.In, other, hop, drop, env)
	if err != nil {
		return 0, true, err
	}
	y := *x
	y.In = &ast.Variable{Span: x.In.NodeSpan(), Name: listAdjVar}
	r, err := g.listComp(&y, le)
	return r, true, err
}

// listAdjQuantifier compiles quantifier x as listAdjComp compiles a
// comprehension: all() ignores the elements whose test is true, the
// others those whose test is false.
func (g *gen) listAdjQuantifier(x *ast.Quantifier, env *regEnv) (int32, bool, error) {
	if g.b.rowModeOnly || x.Var == nil {
		return 0, false, nil
	}
	switch x.Kind {
	case ast.QuantAll, ast.QuantAny, ast.QuantNone, ast.QuantSingle:
	default:
		return 0, false, nil
	}
	other, hop, drop, ok := listAdjTest(x.Var.Name, x.Where, x.Kind == ast.QuantAll, env)
	if !ok {
		return 0, false, nil
	}
	le, err := g.listAdjFiltered(x.In, other, hop, drop, env)
	if err != nil {
		return 0, true, err
	}
	y := *x
	y.In = &ast.Variable{Span: x.In.NodeSpan(), Name: listAdjVar}
	r, err := g.quantifier(&y, le)
	return r, true, err
}

// listAdjFiltered emits the list xs, then OpListAdjFilter of it against
// the node in variable other, and returns env with the filtered list
// bound to listAdjVar.
func (g *gen) listAdjFiltered(xs ast.Expr, other string, hop vm.ExpandSpec, drop bool, env *regEnv) (*regEnv, error) {
	xr, err := g.expr(xs, env)
	if err != nil {
		return nil, err
	}
	or, err := g.expr(&ast.Variable{Span: xs.NodeSpan(), Name: other}, env)
	if err != nil {
		return nil, err
	}
	r := g.r()
	g.emit(vm.OpListAdjFilter, r, xr, or, g.addAux(&vm.ListAdjSpec{Hop: hop, Drop: drop}))
	le := env.clone()
	le.set(listAdjVar, slot{slotValue, r})
	return le, nil
}
