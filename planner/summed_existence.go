package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// summedExistence reads a sum of numbers of matches that is only ever
// compared with 0 as a sum of existence tests:
// `OPTIONAL MATCH (v)-[b]->(h) WITH v, count(b) > 0 AS back` (which
// optionalCount reads as sum(COUNT { (v)-[b]->(h) }) per group),
// `WITH v, sum(COUNT { (v)-->(h) }) AS c WHERE c >= 1`, sum(size([...]))
// = 0, and so on. Each row's count becomes CASE WHEN EXISTS { p } THEN 1
// ELSE 0 END, which the existence rules answer with one probe between
// the row's bound nodes (a semi-join mark) instead of reading every
// match of every row.
//
// The rewrite is exact: counts are non-negative integers, so a sum of
// them is 0 exactly when every count is 0, that is when every indicator
// is 0, and is at least 1 otherwise, as the sum of indicators is. So
// every comparison `sum op n` with n an integer literal whose answer
// depends only on whether the sum is 0 keeps its answer: the thresholds
// "at least k" and "fewer than k" for k <= 1 (> 0, >= 1, < 1, <= 0, and
// the always-true or always-false > -1, >= 0, < 0), and = n, <> n for
// n <= 0. A comparison with 1 or more (= 1, >= 2) is not, and stops the
// rewrite. The sum's value must be read nowhere else: every read of the
// aggregate, in the operators after it, is such a comparison, or passes
// the value on as a column whose every later read is one, and which the
// pipeline's consumer does not read. The count's pattern must be one
// whose reading cannot fail (countThreshold), so that the existence test,
// which stops at the first match, raises no fewer errors.
func summedExistence(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for j, op := range ops {
		a, ok := op.(logical.Aggregate)
		if !ok {
			continue
		}
		for k, c := range a.Aggs {
			call := c.Call
			if c.Name == "" || call.Star || call.Distinct || len(call.Namespace) > 0 || len(call.Args) != 1 || !strings.EqualFold(call.Name, "sum") {
				continue
			}
			arg := call.Args[0]
			if _, _, count, ok := patternMatches(arg); (!ok || !count) && !isCountSum(arg) {
				continue
			}
			sp := call.Span
			at := &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpGe}, Operands: []ast.Expr{arg, intLit(sp, 1)}}
			exists, ok := countThreshold(at, entitiesAt(ops, j))
			if !ok {
				continue
			}
			if !b.onlyZeroTests(ops[j+1:], c.Name, req.After[len(ops)-1].Live) {
				continue
			}
			ind := &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp, When: exists, Then: intLit(sp, 1)}}, Else: intLit(sp, 0)}
			sum := &ast.FunctionCall{Span: sp, Name: "sum", Args: []ast.Expr{ind}}
			aggs := append([]logical.AggCall(nil), a.Aggs...)
			aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: sum}
			a.Aggs = aggs
			return replace(ops, j, 1, a), true
		}
	}
	return ops, false
}

// onlyZeroTests reports whether every read of the aggregate result agg in
// ops is a comparison that only asks whether it is 0 (zeroTest), or the
// whole of a projection item whose column is read in the operators after
// only by such comparisons (or passed on under its own name), and which
// out, what the pipeline's consumer reads, does not hold.
func (b *builder) onlyZeroTests(ops []logical.Op, agg string, out varSet) bool {
	isRef := func(e ast.Expr) bool { return b.refersTo(e, agg) }
	for i, op := range ops {
		var cols []string
		switch o := op.(type) {
		case logical.Project:
			for _, it := range o.Items {
				if isRef(it.Expr) {
					cols = append(cols, it.Name)
					continue
				}
				if !zeroTestsOnly(it.Expr, isRef) {
					return false
				}
			}
		default:
			for _, e := range opExprs(op) {
				if !zeroTestsOnly(e, isRef) {
					return false
				}
			}
			if len(opExprs(op)) == 0 && b.readsAgg([]logical.Op{op}, agg) {
				return false
			}
		}
		for _, col := range cols {
			if !b.columnZeroTests(ops[i+1:], col, out) {
				return false
			}
		}
	}
	return true
}

// columnZeroTests reports whether column col is read in ops only by
// comparisons that ask whether it is 0, or passed on under its own name
// by projections and selections, and out does not hold it after them. A
// read is the variable, or after a grouping an expression whose text the
// operator's substitution of grouping texts (Subst) maps to col.
func (b *builder) columnZeroTests(ops []logical.Op, col string, out varSet) bool {
	isCol := func(subst map[string]string) func(ast.Expr) bool {
		return func(e ast.Expr) bool {
			if v, ok := e.(*ast.Variable); ok && v.Name == col {
				return true
			}
			return len(subst) > 0 && subst[e.NodeSpan().Text(b.src)] == col
		}
	}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Select:
			continue
		case logical.Project:
			is := isCol(o.Subst)
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); ok && v.Name == col && it.Name == col {
					continue
				}
				if it.Name == col || !zeroTestsOnly(it.Expr, is) {
					return false
				}
			}
			continue
		case logical.Filter, logical.Sort, logical.Aggregate, logical.Unwind:
			var subst map[string]string
			switch x := o.(type) {
			case logical.Filter:
				subst = x.Subst
			case logical.Sort:
				subst = x.Subst
			}
			for _, e := range opExprs(op) {
				if !zeroTestsOnly(e, isCol(subst)) {
					return false
				}
			}
			if a, ok := o.(logical.Aggregate); ok {
				// the column ends here unless a key passes it on
				for _, k := range a.Keys {
					if k.Name == col {
						return false
					}
				}
				return true
			}
			continue
		}
		if usesOf(op).has(col) {
			return false
		}
	}
	return !out.has(col)
}

// zeroTestsOnly reports whether every subexpression of e that is (is) a
// read of the value sits in a comparison that only asks whether the value
// is 0 (zeroTest).
func zeroTestsOnly(e ast.Expr, is func(ast.Expr) bool) bool {
	ok := true
	visitExpr(e, func(x ast.Expr) bool {
		if !ok {
			return false
		}
		if c, isCmp := x.(*ast.Comparison); isCmp && zeroTest(c, is) {
			return false
		}
		if is(x) {
			ok = false
			return false
		}
		return true
	})
	return ok
}

// zeroTest reports whether c compares a non-negative integer value (is)
// with an integer literal n in a way whose answer depends only on whether
// the value is 0: an order comparison that reads "at least k" or "fewer
// than k" with k <= 1 (rowsAtLeast), or = n and <> n with n <= 0.
func zeroTest(c *ast.Comparison, is func(ast.Expr) bool) bool {
	if len(c.Ops) != 1 {
		return false
	}
	op, l, r := c.Ops[0], c.Operands[0], c.Operands[1]
	if is(r) && !is(l) {
		l, r = r, l
		op = map[ast.CompareOp]ast.CompareOp{ast.CmpEq: ast.CmpEq, ast.CmpNe: ast.CmpNe, ast.CmpLt: ast.CmpGt, ast.CmpGt: ast.CmpLt, ast.CmpLe: ast.CmpGe, ast.CmpGe: ast.CmpLe}[op]
	}
	lit, isLit := r.(*ast.Literal)
	if !is(l) || !isLit || lit.Kind != ast.LitInt {
		return false
	}
	switch op {
	case ast.CmpEq, ast.CmpNe:
		return lit.Int <= 0
	}
	if lit.Int == 1<<63-1 {
		return false // > max: n + 1 overflows
	}
	k, _, ok := rowsAtLeast(op, lit.Int)
	return ok && k <= 1
}
