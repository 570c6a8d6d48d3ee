package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// countedExists reads an EXISTS { } whose body counts its matches and
// tests the count,
//
//	EXISTS { MATCH p WHERE w WITH count(*) AS c WHERE t(c) [RETURN ...] }
//
// as t(COUNT { p WHERE w }). A WITH that aggregates without grouping keys
// yields exactly one row, whose c is the number of matches (count(*)
// counts rows, as COUNT { } does, and is never null); the WITH's WHERE
// keeps that row when t(c) is true, and a RETURN of c, literals and
// parameters keeps it as it is, so the subquery has a row exactly when
// t(c) is true. t must be comparisons of c with integer literals joined by
// AND, OR, XOR and NOT: then it is never null (EXISTS is false where the
// test is null, which only a null operand could make it) and cannot fail.
// The matches are read alike on both sides (all of them), and the count
// comparison then takes the normal form of every count test
// (countThreshold), which decides where it may stop early. ok is false
// for any other subquery.
func countedExists(e ast.Expr) (ast.Expr, bool) {
	x, ok := e.(*ast.ExistsSubquery)
	if !ok || x.Query == nil || len(x.Query.Parts) != 1 || len(x.Query.When) > 0 {
		return nil, false
	}
	cl := x.Query.Parts[0].Clauses
	if len(cl) < 2 || len(cl) > 3 {
		return nil, false
	}
	m, ok := cl[0].(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil {
		return nil, false
	}
	w, ok := cl[1].(*ast.With)
	if !ok || w.Where == nil || !oneRowProjection(w.Projection) {
		return nil, false
	}
	it := w.Projection.Items[0]
	call, ok := it.Expr.(*ast.FunctionCall)
	if !ok || !call.Star || len(call.Namespace) > 0 || !strings.EqualFold(call.Name, "count") || it.Alias == nil {
		return nil, false
	}
	c := it.Alias.Name
	if !countedTest(w.Where, c) {
		return nil, false
	}
	if len(cl) == 3 {
		r, ok := cl[2].(*ast.Return)
		if !ok || r.Projection == nil || r.Projection.Star || r.Projection.OrderBy != nil || r.Projection.Skip != nil || r.Projection.Limit != nil {
			return nil, false
		}
		for _, ri := range r.Projection.Items {
			switch y := ri.Expr.(type) {
			case *ast.Literal, *ast.Parameter:
			case *ast.Variable:
				if y.Name != c {
					return nil, false
				}
			default:
				return nil, false
			}
		}
	}
	count := &ast.CountSubquery{Span: x.Span, Pattern: m.Pattern, Where: m.Where}
	return substCount(w.Where, c, count), true
}

// oneRowProjection reports whether p is one aggregate item without
// DISTINCT, `*`, ORDER BY, SKIP or LIMIT (checked by the caller to be
// count(*)).
func oneRowProjection(p *ast.Projection) bool {
	return p != nil && !p.Distinct && !p.Star && p.OrderBy == nil && p.Skip == nil && p.Limit == nil && len(p.Items) == 1
}

// countedTest reports whether t is comparisons of the variable c with
// integer literals, joined by AND, OR, XOR and NOT.
func countedTest(t ast.Expr, c string) bool {
	switch x := t.(type) {
	case *ast.Binary:
		return (x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor) && countedTest(x.Left, c) && countedTest(x.Right, c)
	case *ast.Unary:
		return x.Op == ast.OpNot && countedTest(x.Expr, c)
	case *ast.Comparison:
		for _, o := range x.Operands {
			switch y := o.(type) {
			case *ast.Variable:
				if y.Name != c {
					return false
				}
			case *ast.Literal:
				if y.Kind != ast.LitInt {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return false
}

// substCount returns t (a countedTest) with c replaced by count.
func substCount(t ast.Expr, c string, count ast.Expr) ast.Expr {
	switch x := t.(type) {
	case *ast.Binary:
		y := *x
		y.Left, y.Right = substCount(x.Left, c, count), substCount(x.Right, c, count)
		return &y
	case *ast.Unary:
		y := *x
		y.Expr = substCount(x.Expr, c, count)
		return &y
	case *ast.Comparison:
		y := *x
		y.Operands = make([]ast.Expr, len(x.Operands))
		for i, o := range x.Operands {
			y.Operands[i] = o
			if v, ok := o.(*ast.Variable); ok && v.Name == c {
				y.Operands[i] = count
			}
		}
		return &y
	}
	return t
}
