package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// projectedExistence reads a number of matches projected as a column
// that is only ever compared with 0 as an existence test: `WITH v,
// COUNT { (v)-->(h) } AS back RETURN CASE WHEN back > 0 THEN ...`, `WITH
// a, size([(a)-->(x) | x]) AS n WHERE n = 0`, and sums of counts (`COUNT
// { p } + COUNT { q } AS s` read by s >= 1). The item becomes CASE WHEN
// EXISTS { p } THEN 1 ELSE 0 END (EXISTS { p } OR EXISTS { q } for a
// sum), which the existence rules answer with one probe per row (a
// semi-join mark) where the count read every match of every row.
//
// The rewrite is exact for the same reason as summedExistence's: a count
// is a non-negative integer, never null, so a comparison that only asks
// whether it is 0 (zeroTest: > 0, >= 1, = 0, < 1, <> 0, and the always
// true or false > -1, < 0) has the same answer on the indicator, which
// is 0 exactly when the count is. The column must be read nowhere else:
// every later read is such a comparison, or passes it on under its own
// name, and the pipeline's consumer does not read it (columnZeroTests);
// a comparison with 1 or more, arithmetic, a returned or collected
// column keep the count. The count's reading must not fail
// (countThreshold), as the existence test stops at the first match.
func projectedExistence(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for j, op := range ops {
		p, ok := op.(logical.Project)
		if !ok {
			continue
		}
		for k, it := range p.Items {
			if _, _, count, ok := patternMatches(it.Expr); (!ok || !count) && !isCountSum(it.Expr) {
				continue
			}
			sp := it.Expr.NodeSpan()
			at := &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpGe}, Operands: []ast.Expr{it.Expr, intLit(sp, 1)}}
			exists, ok := countThreshold(at, entitiesAt(ops, j))
			if !ok {
				continue
			}
			if !b.columnZeroTests(ops[j+1:], it.Name, req.After[len(ops)-1].Live) {
				continue
			}
			items := append([]logical.Item(nil), p.Items...)
			items[k] = logical.Item{Name: it.Name, Expr: &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp, When: exists, Then: intLit(sp, 1)}}, Else: intLit(sp, 0)}}
			p.Items = items
			return replace(ops, j, 1, p), true
		}
	}
	return ops, false
}
