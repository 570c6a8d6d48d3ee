package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldProjectionChain moves an item a projection computes only for the
// projection right after it, which passes it on under a name (`WITH f,
// COUNT { ... } AS c0 WITH f, c0 AS c`, or a grouping that became a
// projection, see singleRowGroups), into that projection: the value is
// computed once per row either way, now where it is named, so that the
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
			for m, it2 := range p2.Items {
				if n, ok := columnRef(b, it2.Expr); ok && n == it.Name && at < 0 {
					at = m
				} else if readsColumn(b, it2.Expr, it.Name) {
					at = -2 // read otherwise too
				}
			}
			if at < 0 {
				continue
			}
			q2 := logical.Project{Items: append([]logical.Item(nil), p2.Items...), Note: p2.Note}
			q2.Items[at].Expr = it.Expr
			var with []logical.Op
			if len(p1.Items) > 1 {
				p1.Items = append(append([]logical.Item(nil), p1.Items[:k]...), p1.Items[k+1:]...)
				with = append(with, p1)
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
