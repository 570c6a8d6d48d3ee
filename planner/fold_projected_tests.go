package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldProjectedTests moves a count or existence test of a pattern that a
// projection computes only for the filter right after it into that
// filter: `WITH a, COUNT { (a)-->(:B) } AS d WHERE d >= 2` (nothing after
// the WHERE reads d) tests `COUNT { (a)-->(:B) } >= 2`, as the query
// written with the test in its WHERE does, so that the test takes the
// normal form of a threshold (normalize_subqueries.go) and the
// decorrelation rules may answer it with a degree read or a semi-join
// instead of counting every row's matches.
//
// The filter must be one comparison of the projected name with a literal
// or a parameter: the pattern's matches are then counted exactly once per
// row, as the projection counted them, so an error the count raises is
// raised the same. A list of a pattern's matches (a pattern
// comprehension, COLLECT { }) folds likewise when the filter reads it
// only as the list of tests listTests rewrites (`WITH q, COLLECT { ... }
// AS names WHERE $a IN names AND $b IN names`): each becomes an existence
// test. The projection keeps its other items (and goes when none is
// left).
func foldProjectedTests(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		p, ok := ops[i].(logical.Project)
		if !ok || p.Vectorised || len(p.Subst) > 0 {
			continue
		}
		f, ok := ops[i+1].(logical.Filter)
		if !ok || f.Vectorised {
			continue
		}
		for k, it := range p.Items {
			if req.After[i+1].Live.has(it.Name) || projectionRebindsRead(p, it.Expr) {
				continue
			}
			var pred ast.Expr
			if _, _, _, ok := patternMatches(it.Expr); ok {
				if pred, ok = compareWith(f.Pred, it.Name, it.Expr); !ok {
					continue
				}
			} else if _, _, _, ok := listMatches(it.Expr); ok {
				// A list of matches read only by the filter's tests on
				// it: each test is an existence test (list_existence.go).
				if pred, ok = inlineListReads(f.Pred, it.Name, it.Expr, nil); !ok {
					continue
				}
				bound, _, known := scopeAt(ops, i+1)
				if !known {
					bound = nil
				}
				pred = listTests(pred, true, nil, bound)
			} else {
				continue
			}
			f.Pred, f.Why = normalizeSubqueries(normalizePredicate(pred), entitiesAt(ops, i)), ""
			var with []logical.Op
			if len(p.Items) > 1 {
				p.Items = append(append([]logical.Item(nil), p.Items[:k]...), p.Items[k+1:]...)
				with = append(with, p)
			}
			return replace(ops, i, 2, append(with, f)...), true
		}
	}
	return ops, false
}

// compareWith returns pred, a comparison of the variable name with a
// literal or a parameter (either side), with e in the variable's place;
// false for any other predicate.
func compareWith(pred ast.Expr, name string, e ast.Expr) (ast.Expr, bool) {
	c, ok := pred.(*ast.Comparison)
	if !ok || len(c.Ops) != 1 || len(c.Operands) != 2 {
		return nil, false
	}
	constant := func(x ast.Expr) bool {
		switch x.(type) {
		case *ast.Literal, *ast.Parameter:
			return true
		}
		return false
	}
	out := *c
	out.Operands = append([]ast.Expr(nil), c.Operands...)
	for k, op := range c.Operands {
		if v, ok := op.(*ast.Variable); ok && v.Name == name && constant(c.Operands[1-k]) {
			out.Operands[k] = e
			return &out, true
		}
	}
	return nil, false
}

// projectionRebindsRead reports whether projection p gives a name e reads (exprVars:
// the variables of its patterns too) another value: an item `o AS h`
// where e reads h. Moved after p, e would read the new value: `WITH o AS
// h, [(h)-->(b) | b] AS xs WHERE any(x IN xs ...)` lists the neighbours
// of the h before the WITH, not of o.
func projectionRebindsRead(p logical.Project, e ast.Expr) bool {
	reads := exprVars(e)
	for _, it := range p.Items {
		if !reads[it.Name] {
			continue
		}
		if v, ok := it.Expr.(*ast.Variable); ok && v.Name == it.Name {
			continue
		}
		return true
	}
	return false
}
