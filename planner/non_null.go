package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldNullTests folds the null tests of variables no row can hold null:
// a node an operator binds (a scan or seek), both ends of an expansion
// that is not OPTIONAL and its relationship, are never null in the rows
// after it, so a filter's conjunct `v IS NOT NULL` is true there (it
// goes, and the filter with it when nothing is left) and `v IS NULL`
// false. The property is derived operator by operator: a filter, sort,
// skip, limit, DISTINCT, semi-join, narrowing or degree read keeps it (a
// degree's count is never null), a projection
// passes it to the names it gives a non-null variable (and takes it from
// the names it gives anything else), and every other operator (an
// aggregation, OPTIONAL, UNWIND, a subquery) ends it. (collect-then-UNWIND
// reads `y IS NOT NULL` of the nodes the MATCH before bound, see
// uncollect.go; the filter stood between two expansions.)
func foldNullTests(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	nonNull := map[string]bool{}
	for i, op := range ops {
		if v, ok := bindsNode(op); ok {
			nonNull[v] = true
		}
		switch o := op.(type) {
		case logical.NodeScan, logical.NodeIndexSeek, logical.NodeSetSeek, logical.NodeRangeSeek,
			logical.Sort, logical.Skip, logical.Limit, logical.Distinct, logical.SemiJoin, logical.Select, logical.Start:
		case logical.Expand:
			nonNull[o.From], nonNull[o.To] = true, true
			if o.Rel != "" {
				nonNull[o.Rel] = true
			}
		case logical.ExpandChain:
			nonNull[o.From], nonNull[o.To] = true, true
		case logical.Degree:
			nonNull[o.Into] = true // a count, Var's rows kept
		case logical.VarExpand:
			nonNull[o.From], nonNull[o.To] = true, true
		case logical.Project:
			next := map[string]bool{}
			for _, it := range o.Items {
				v, ok := it.Expr.(*ast.Variable)
				next[it.Name] = ok && nonNull[substColumn(b, v, o.Subst)]
			}
			for n, nn := range next {
				nonNull[n] = nn
			}
		case logical.Filter:
			var kept []ast.Expr
			changed := false
			for _, c := range conjuncts(o.Pred) {
				if t, ok := c.(*ast.IsNull); ok && isNonNull(b, t.Expr, o.Subst, nonNull) {
					changed = true
					if t.Not {
						continue // true
					}
					c = &ast.Literal{Span: t.Span, Kind: ast.LitBool, Bool: false}
				}
				kept = append(kept, c)
			}
			if !changed {
				continue
			}
			if len(kept) == 0 {
				return replace(ops, i, 1), true
			}
			o.Pred, o.Why = andAll(kept), ""
			return replace(ops, i, 1, o), true
		default:
			clear(nonNull)
		}
	}
	return ops, false
}

func isNonNull(b *builder, e ast.Expr, subst map[string]string, nonNull map[string]bool) bool {
	v, ok := e.(*ast.Variable)
	return ok && nonNull[substColumn(b, v, subst)]
}

// substColumn is the column variable v reads in an operator after
// DISTINCT or aggregation, whose Subst maps the source text of the
// grouping keys to their columns: v's own name, unless its text maps to
// another column ("", known of no column, then).
func substColumn(b *builder, v *ast.Variable, subst map[string]string) string {
	if len(subst) > 0 && b != nil {
		if c, ok := subst[v.NodeSpan().Text(b.src)]; ok && c != v.Name {
			return ""
		}
	}
	return v.Name
}
