package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// singletonIns reads, in the WHERE of each MATCH and WITH, a test
// `e IN $p` whose parameter p is known when planning (Options.Params) to
// hold a list of one element as `e = $p[0]`, as normalizeOperand reads
// `e IN [v]` as `e = v`: the two are the same test for a list of one
// element (three-valued results included), and the equality plans as
// one (an index seek by value, a value's selectivity), so the statement
// gets the plan of the literal list. The plan then relies on p holding
// a one-element list: it records the value's shape (DepShape, whose
// class of lists of length one holds no other length), so a plan cache
// reuses it only for such lists. Other clauses are returned as they are.
func (b *builder) singletonIns(clauses []ast.Clause) []ast.Clause {
	if b.params == nil {
		return clauses
	}
	out, _ := replaceItems(clauses, func(c ast.Clause) (ast.Clause, bool) {
		var nc ast.Clause
		switch y := c.(type) {
		case *ast.Match:
			if w, ok := b.singletonIn(y.Where); ok {
				m := *y
				m.Where = w
				nc = &m
			}
		case *ast.With:
			if w, ok := b.singletonIn(y.Where); ok {
				m := *y
				m.Where = w
				nc = &m
			}
		}
		return nc, nc != nil
	})
	return out
}

// singletonIn returns condition e with its tests `x IN $p` over a known
// one-element list read as `x = $p[0]` (see singletonIns), through AND,
// OR, XOR and NOT; ok reports whether it changed one.
func (b *builder) singletonIn(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case nil:
		return nil, false
	case *ast.In:
		p, ok := x.List.(*ast.Parameter)
		if !ok {
			return e, false
		}
		l, ok := b.params.params[p.Name].(value.List)
		if !ok {
			return e, false
		}
		b.params.add(ParamDep{Name: p.Name, Kind: DepShape})
		if len(l) != 1 {
			return e, false
		}
		sp := x.Span
		elem := &ast.Index{Span: p.Span, Expr: p, Index: knownListIndex}
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{x.Expr, elem}}, true
	}
	changed := false
	out, _ := mapLogical(e, func(o ast.Expr) ast.Expr {
		n, ok := b.singletonIn(o)
		changed = changed || ok
		return n
	})
	return out, changed
}

// knownListIndex is the index of the elements `$p[0]` singletonIns
// writes, of a parameter the plan relies on holding a list (its class
// holds no other kind): the mark of an element read that cannot fail
// (see knownElement). One literal shared by all of them, never changed.
var knownListIndex = &ast.Literal{Kind: ast.LitInt, Int: 0}

// knownElement reports whether e is an element `$p[0]` singletonIns
// wrote: a value that cannot fail, as a parameter is.
//
// An element `$p[k]` written in the query is not one: it raises an
// error when p is neither a list nor null (a map, a number, a string),
// on every row it is evaluated on, so it is a value that may fail, kept
// where the written query evaluates it (per row, after the operands
// that cannot fail). Where the parameters' values are known, an element
// that evaluates without error is named as a run-constant parameter
// (runConstants), which cannot fail, and its class holds the plan to
// runs where it evaluates too: a list, or null, in the same place.
func knownElement(e ast.Expr) bool {
	ix, ok := e.(*ast.Index)
	return ok && ix.Index == knownListIndex
}

// paramElement is the parameter p and index k of `$p[k]`, k an integer
// literal (whether or not it may fail: see knownElement).
func paramElement(e ast.Expr) (*ast.Parameter, int64, bool) {
	ix, ok := e.(*ast.Index)
	if !ok {
		return nil, 0, false
	}
	p, ok := ix.Expr.(*ast.Parameter)
	if !ok {
		return nil, 0, false
	}
	k, ok := ix.Index.(*ast.Literal)
	if !ok || k.Kind != ast.LitInt {
		return nil, 0, false
	}
	return p, k.Int, true
}
