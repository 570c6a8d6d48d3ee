package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldProjectionChain moves an item a projection computes only for the
// projection right after it, which passes it on under a name (`WITH f,
// COUNT { ... } AS c0 WITH f, c0 AS c`, or a grouping that became a
// projection, see singleRowGroups) or reads it once in a position every
// evaluation of the item reaches (`c0 > 0`, `c0 * 2`: see
// substituteOnce), into that projection: the value is computed once per
// row either way, now where it is named or tested, so that the
// rules that read a projected test right before a filter
// (foldProjectedTests) see it. A grouping's projection whose key
// substitutions are all of a variable by itself needs none and loses
// them.
func foldProjectionChain(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		p1, ok := ops[i].(logical.Project)
		if !ok || p1.Vectorised || len(p1.Subst) > 0 || p1.Note != "" {
			continue
		}
		p2, ok := ops[i+1].(logical.Project)
		if !ok || p2.Vectorised || !identitySubst(p2.Subst) {
			continue
		}
		for k, it := range p1.Items {
			if _, bare := columnRef(b, it.Expr); bare || req.After[i+1].Live.has(it.Name) {
				continue
			}
			at := -1
			var moved ast.Expr
			for m, it2 := range p2.Items {
				if !readsColumn(b, it2.Expr, it.Name) {
					continue
				}
				if e, ok := substituteOnce(b, it2.Expr, it.Name, it.Expr); ok && at == -1 {
					at, moved = m, e
				} else {
					at = -2 // read otherwise too
				}
			}
			if at < 0 {
				continue
			}
			q2 := logical.Project{Items: append([]logical.Item(nil), p2.Items...), Note: p2.Note}
			q2.Items[at].Expr = moved
			var with []logical.Op
			if len(p1.Items) > 1 {
				p1.Items = append(append([]logical.Item(nil), p1.Items[:k]...), p1.Items[k+1:]...)
				if !identityItems(p1.Items) {
					with = append(with, p1)
				}
			}
			return replace(ops, i, 2, append(with, q2)...), true
		}
	}
	return ops, false
}

// identitySubst reports whether every key substitution of a projection
// maps a name to itself (none: true).
func identitySubst(s map[string]string) bool {
	for k, v := range s {
		if k != v {
			return false
		}
	}
	return true
}

// identityItems reports whether every item binds a variable to itself
// (`WITH u` left after the item it computed moved on): a projection of
// only such items changes no column (a projection adds columns; a Select
// drops them), so it is dropped, and the operators around it meet
// (countItemDegrees then finds the scan right before the count).
func identityItems(items []logical.Item) bool {
	for _, it := range items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || v.Name != it.Name {
			return false
		}
	}
	return true
}

// columnRef returns the column e reads when it is nothing else: a bare
// variable, or an aggregate call a grouping computed (read from its
// column after the grouping, or the projection that replaced it).
func columnRef(b *builder, e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.Variable:
		return x.Name, true
	case *ast.FunctionCall:
		n, ok := b.aggRefs[x]
		return n, ok
	}
	return "", false
}

// readsColumn reports whether e reads the column name anywhere.
func readsColumn(b *builder, e ast.Expr, name string) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if n, ok := columnRef(b, x); ok && n == name {
			found = true
		}
		return !found
	})
	return found
}

// substituteOnce returns e with its one read of column name replaced by
// repl, when that read is e itself or an operand of a single comparison,
// an arithmetic operator, a sign, NOT or a null test: operators that
// evaluate every operand, so repl is evaluated (and may fail) on every
// row exactly as the column it replaces was. A read under AND, OR, CASE,
// coalesce() or any other function is not moved: those may skip it.
func substituteOnce(b *builder, e ast.Expr, name string, repl ast.Expr) (ast.Expr, bool) {
	if n, ok := columnRef(b, e); ok && n == name {
		return repl, true
	}
	one := func(kids []ast.Expr) (int, bool) {
		at := -1
		for k, c := range kids {
			if readsColumn(b, c, name) {
				if at >= 0 {
					return 0, false
				}
				at = k
			}
		}
		return at, at >= 0
	}
	switch x := e.(type) {
	case *ast.Comparison:
		if len(x.Operands) != 2 {
			return nil, false
		}
		k, ok := one(x.Operands)
		if !ok {
			return nil, false
		}
		n, ok := substituteOnce(b, x.Operands[k], name, repl)
		if !ok {
			return nil, false
		}
		c := *x
		c.Operands = append([]ast.Expr(nil), x.Operands...)
		c.Operands[k] = n
		return &c, true
	case *ast.Binary:
		if x.Op < ast.OpAdd || x.Op > ast.OpPow {
			return nil, false
		}
		k, ok := one([]ast.Expr{x.Left, x.Right})
		if !ok {
			return nil, false
		}
		c := *x
		var n ast.Expr
		if k == 0 {
			n, ok = substituteOnce(b, x.Left, name, repl)
			c.Left = n
		} else {
			n, ok = substituteOnce(b, x.Right, name, repl)
			c.Right = n
		}
		return &c, ok
	case *ast.Unary:
		n, ok := substituteOnce(b, x.Expr, name, repl)
		if !ok {
			return nil, false
		}
		c := *x
		c.Expr = n
		return &c, true
	case *ast.IsNull:
		n, ok := substituteOnce(b, x.Expr, name, repl)
		if !ok {
			return nil, false
		}
		c := *x
		c.Expr = n
		return &c, true
	}
	return nil, false
}
