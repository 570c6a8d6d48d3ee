package planner

import "github.com/cyqdb/cyq/parser/ast"

// A sum of numbers of matches compared with 0 is the OR of the
// existence tests of its terms: `COUNT { (v)-->(w) WHERE p } + COUNT {
// (v)<--(w) WHERE p } > 0` is `EXISTS { (v)-->(w) WHERE p } OR EXISTS {
// (v)<--(w) WHERE p }`, and `= 0` (< 1, <= 0) its negation. The rules
// for existence tests then answer each term with one probe (a semi-join
// mark, a degree test) and stop at the first term that holds, where the
// sum read every match of every term for every row.
//
// The rewrite is exact: each term is a count of matches, a non-negative
// integer that is never null, so their sum is 0 exactly when every term
// is 0 and at least 1 exactly when some term is at least 1, that is when
// one of the existence tests holds. So every comparison of the sum with
// an integer literal whose answer depends only on whether the sum is 0
// keeps its answer: "at least k" and "fewer than k" with k = 1 (> 0,
// >= 1, < 1, <= 0, and 0 < s, 1 > s written the other way round), and
// = 0, <> 0. Comparisons that are always true or always false (> -1,
// < 0) and thresholds of 2 or more stay as written. The sum of counts
// cannot overflow (each is at most the number of matches stored).
//
// Errors stay where row mode raises them: row mode reads every match of
// every term, where the OR stops at the first match of the first term
// that has one; so every term must be a count whose reading cannot fail
// (matchesSafe), or the sum stays as written.

// countSum returns the terms of e when e is a sum (+, at any nesting) of
// two or more numbers of matches whose reading cannot fail
// (matchesSafe), in their written order.
func countSum(e ast.Expr, entities map[string]bool) ([]ast.Expr, bool) {
	var terms []ast.Expr
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		if b, ok := e.(*ast.Binary); ok && b.Op == ast.OpAdd {
			return walk(b.Left) && walk(b.Right)
		}
		if !matchesSafe(e, entities) {
			return false
		}
		terms = append(terms, e)
		return true
	}
	if b, ok := e.(*ast.Binary); !ok || b.Op != ast.OpAdd || !walk(e) {
		return nil, false
	}
	return terms, true
}

// summedCountTest rewrites a comparison of a sum of numbers of matches
// (countSum) with an integer literal that only asks whether the sum is 0
// into the OR of the terms' existence tests, or its negation (see above).
func summedCountTest(x *ast.Comparison, entities map[string]bool) (ast.Expr, bool) {
	if len(x.Ops) != 1 {
		return nil, false
	}
	op, l, r := x.Ops[0], x.Operands[0], x.Operands[1]
	terms, ok := countSum(l, entities)
	if !ok {
		if terms, ok = countSum(r, entities); !ok {
			return nil, false
		}
		l, r = r, l
		op = map[ast.CompareOp]ast.CompareOp{ast.CmpEq: ast.CmpEq, ast.CmpNe: ast.CmpNe, ast.CmpLt: ast.CmpGt, ast.CmpGt: ast.CmpLt, ast.CmpLe: ast.CmpGe, ast.CmpGe: ast.CmpLe}[op]
	}
	lit, isLit := r.(*ast.Literal)
	if !isLit || lit.Kind != ast.LitInt || lit.Int == 1<<63-1 {
		return nil, false
	}
	var negated bool
	switch op {
	case ast.CmpEq, ast.CmpNe:
		if lit.Int != 0 {
			return nil, false
		}
		negated = op == ast.CmpEq
	default:
		k, neg, ok := rowsAtLeast(op, lit.Int)
		if !ok || k != 1 {
			return nil, false
		}
		negated = neg
	}
	sp := x.Span
	var test ast.Expr
	for _, t := range terms {
		p, where, _, _ := patternMatches(t)
		var e ast.Expr = &ast.ExistsSubquery{Span: t.NodeSpan(), Pattern: p, Where: where}
		if test != nil {
			e = &ast.Binary{Span: sp, Op: ast.OpOr, Left: test, Right: e}
		}
		test = e
	}
	if negated {
		test = &ast.Unary{Span: sp, Op: ast.OpNot, Expr: test}
	}
	return test, true
}

// isCountSum reports whether e is a sum of two or more numbers of
// matches, whatever their bodies (countSum checks that they cannot fail).
func isCountSum(e ast.Expr) bool {
	b, ok := e.(*ast.Binary)
	if !ok || b.Op != ast.OpAdd {
		return false
	}
	for _, s := range []ast.Expr{b.Left, b.Right} {
		if _, _, count, ok := patternMatches(s); !(ok && count) && !isCountSum(s) {
			return false
		}
	}
	return true
}
