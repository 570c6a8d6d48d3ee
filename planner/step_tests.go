package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// stepTests moves a list predicate over the nodes of a variable-length
// expansion's trails into the expansion, as a test made at each level
// (logical.StepTest): `all(x IN L WHERE P(x))`, or none(...) as all of
// NOT P, where L is one of the runs of the trail's nodes
//
//	s1..sL (the nodes each hop reaches, a quantified path pattern's right
//	        node: its list `nodes(p)[1..]`),
//	s0..s(L-1) (the nodes each hop leaves: `nodes(p)[..-1]`),
//	s1..s(L-1) (the inner nodes, as pathQuantifiers leaves
//	        `all(x IN nodes(p) WHERE ...)` over a variable-length part),
//	s0..sL (all of them: the test of s0, the pattern's node before the
//	        expansion, stays a filter, and s1..sL move)
//
// cut from nodes(p) of a path p that a PathBind binds from the
// expansion's relationship list (its one list), directly or through a
// projection's variable. all() in a filter keeps a row exactly when P is
// true of every node of L (false or null of one drops it), so a trail
// may stop at the first node that fails instead of being built and
// tested whole; the expansion's relationship uniqueness, its bounds (a
// zero-length trail has no node in the first three runs) and its rows
// stay as they were. P must read only x and variables bound before the
// expansion, and be a test that cannot fail (stepTestable, or by the
// kinds of the properties it reads, neverFailsKinds): the levels test
// nodes of trails that the filter might never have seen.
func stepTests(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	kinds := b.kinds()
	testable := func(e ast.Expr, v string) bool {
		return stepTestable(e, v) || neverFailsKinds(e, map[string]bool{v: true}, kinds)
	}
	for i, op := range ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		cs := conjuncts(f.Pred)
		// The filter's other conjuncts see only the trails the levels
		// let through: one that may fail would no longer raise its error
		// on the trails a level drops, so no conjunct moves then.
		entities, safe := entitiesAt(ops, i), true
		for _, c := range cs {
			if _, _, _, ok := stepTestOf(ops, i, c, testable, kinds); !ok && !neverFailsKinds(c, entities, kinds) {
				safe = false
			}
		}
		if !safe {
			continue
		}
		for ci, c := range cs {
			ve, t, extra, ok := stepTestOf(ops, i, c, testable, kinds)
			if !ok {
				continue
			}
			v := ops[ve].(logical.VarExpand)
			v.Steps = append(append([]logical.StepTest(nil), v.Steps...), t)
			rest := append(append(append([]ast.Expr(nil), cs[:ci]...), cs[ci+1:]...), extra...)
			out := append([]logical.Op(nil), ops...)
			out[ve] = v
			if len(rest) == 0 {
				return replace(out, i, 1), true
			}
			f.Pred = andOf(rest)
			out[i] = f
			return out, true
		}
	}
	return ops, false
}

// stepTestOf returns the expansion (its index in ops) whose trails'
// nodes conjunct c, of the filter at ops[at], tests, the test, and the
// conjuncts that stay in the filter in c's place.
func stepTestOf(ops []logical.Op, at int, c ast.Expr, testable func(ast.Expr, string) bool, kinds kindsOf) (int, logical.StepTest, []ast.Expr, bool) {
	fail := func() (int, logical.StepTest, []ast.Expr, bool) { return 0, logical.StepTest{}, nil, false }
	q, ok := c.(*ast.Quantifier)
	if !ok || q.Where == nil || q.Var == nil || (q.Kind != ast.QuantAll && q.Kind != ast.QuantNone) {
		return fail()
	}
	pred := q.Where
	if q.Kind == ast.QuantNone {
		pred = &ast.Unary{Span: q.Span, Op: ast.OpNot, Expr: pred}
	}
	v := q.Var.Name
	if !testable(pred, v) {
		return fail()
	}
	reads := exprVars(pred)
	delete(reads, v)
	list := q.In
	// bound: the variables bound between the expansion and the filter
	// (the test may read none of them).
	bound := map[string]bool{}
	var pb *logical.PathBind
	for j := at - 1; j >= 0; j-- {
		switch o := ops[j].(type) {
		case logical.Project:
			if name, ok := varName(list); ok {
				for _, it := range o.Items {
					if it.Name == name {
						list = it.Expr
					}
				}
			}
			if o.Vectorised || len(o.Subst) > 0 || !pathSlices(o) {
				return fail()
			}
			for _, it := range o.Items {
				bound[it.Name] = true
			}
			continue
		case logical.PathBind:
			if p, ok := slicedPath(list); ok && p == o.Var {
				cp := o
				pb = &cp
			}
		case logical.VarExpand:
			if pb != nil && !o.ListBound {
				if t, extra, ok := stepTestAt(o, *pb, list, v, pred); ok {
					for n := range reads {
						if bound[n] || n == o.RelList || (n == o.To && !o.ToBound) {
							return fail()
						}
					}
					return j, t, extra, true
				}
			}
		}
		binds, crossable := bindsVars(ops[j])
		if !crossable {
			return fail()
		}
		if f, ok := ops[j].(logical.Filter); ok && !neverFailsKinds(f.Pred, entitiesAt(ops, j), kinds) {
			// Row mode evaluates that filter on every trail first: a
			// level test ahead of it would drop trails whose error it
			// raises. (One the kinds prove cannot fail raises none: the
			// pushdown places such tests as it places the others.)
			return fail()
		}
		for _, n := range binds {
			bound[n] = true
		}
	}
	return fail()
}

// pathSlices reports whether every item of p is a variable or a slice of
// a path's nodes with literal bounds (the lists a quantified path
// pattern's node variables are cut as): nothing that could fail.
func pathSlices(p logical.Project) bool {
	for _, it := range p.Items {
		if _, ok := varName(it.Expr); ok {
			continue
		}
		if _, ok := slicedPath(it.Expr); !ok {
			return false
		}
	}
	return true
}

// slicedPath returns p when e is nodes(p) or nodes(p)[a..b] with literal
// integer bounds.
func slicedPath(e ast.Expr) (string, bool) {
	if s, ok := e.(*ast.Slice); ok {
		for _, b := range []ast.Expr{s.From, s.To} {
			if _, ok := intBound(b); b != nil && !ok {
				return "", false
			}
		}
		e = s.Expr
	}
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) != 0 || fc.Distinct || len(fc.Args) != 1 || !strings.EqualFold(fc.Name, "nodes") {
		return "", false
	}
	return varName(fc.Args[0])
}

// intBound is the value of a literal integer (or its negation).
func intBound(e ast.Expr) (int64, bool) {
	switch x := e.(type) {
	case *ast.Literal:
		return x.Int, x.Kind == ast.LitInt
	case *ast.Unary:
		if v, ok := intBound(x.Expr); ok && x.Op == ast.OpNeg {
			return -v, true
		}
	}
	return 0, false
}

// stepTestAt returns the test that all(v IN list WHERE pred) makes of the
// trails of expansion o, when list (a slice of nodes(p), p bound by pb)
// is one of the runs of their nodes stepTests moves, and the conjuncts
// that stay in the filter.
func stepTestAt(o logical.VarExpand, pb logical.PathBind, list ast.Expr, v string, pred ast.Expr) (logical.StepTest, []ast.Expr, bool) {
	k, lists := -1, 0
	for i, r := range pb.Rels {
		if i < len(pb.Lists) && pb.Lists[i] {
			lists++
			if r == o.RelList {
				k = i
			}
		}
	}
	if k < 0 || lists != 1 || len(pb.Nodes) != len(pb.Rels)+1 {
		return logical.StepTest{}, nil, false
	}
	left, right := o.From, o.To
	if o.Reverse {
		left, right = right, left
	}
	if pb.Nodes[k] != left || pb.Nodes[k+1] != right {
		return logical.StepTest{}, nil, false
	}
	// nodes(p) is the n named nodes with the trail's L-1 inner nodes
	// after the k-th: the trail's nodes s0..sL are its elements k..k+L
	// of n-1+L. A slice [a..b] holds s(i0)..s(L-j0) for every L when
	// a = k+i0 and b = k+2-j0-n (b < 0, or no b for 0).
	n := int64(len(pb.Nodes))
	a, b := int64(0), int64(0)
	if s, ok := list.(*ast.Slice); ok {
		if s.From != nil {
			a, _ = intBound(s.From)
		}
		if s.To != nil {
			if b, _ = intBound(s.To); b >= 0 {
				return logical.StepTest{}, nil, false
			}
		}
	}
	i0, j0 := a-int64(k), int64(k)+2-n-b
	if i0 < 0 || i0 > 1 || j0 < 0 || j0 > 1 {
		return logical.StepTest{}, nil, false
	}
	t := logical.StepTest{Var: v, Pred: pred}
	var extra []ast.Expr
	switch {
	case i0 == 1 && j0 == 0:
		t.Nodes = logical.StepReached
	case i0 == 0 && j0 == 1:
		t.Nodes = logical.StepLeft
	case i0 == 1 && j0 == 1:
		t.Nodes = logical.StepInner
	default:
		// s0 is tested on its own, s1..sL by the levels.
		t.Nodes = logical.StepReached
		m := map[string]string{}
		for name := range exprVars(pred) {
			m[name] = name
		}
		m[v] = left
		first, ok := renameExpr(pred, m)
		if !ok {
			return logical.StepTest{}, nil, false
		}
		extra = append(extra, first)
	}
	return t, extra, true
}
