package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// collectHeads cuts the rows of an ORDER BY to the first k when they are
// collected into lists of which only the first k elements are read:
//
//	WITH u, COUNT { (u)-->() } AS d ORDER BY d DESC, u.id
//	WITH collect(u)[..5] AS top
//
// (or head(collect(u)), collect(u)[0], collect(u)[1..3]). The sort is
// followed by LIMIT k, so it keeps the first k rows (a top-k) instead of
// sorting and collecting every row: the degree top-k and the other rules
// for an ORDER BY with a LIMIT then apply as they do to the form written
// with LIMIT k.
//
// Why it is exact. The aggregation has no grouping keys, so its one row
// holds lists of all rows in the order of the sort (collect keeps the
// order of its rows); every aggregate is collect() of a value that is
// never null (nonNullVars: collect drops nulls, and a null among the
// first k rows would let a later row into the first k elements), not
// DISTINCT (which would let later rows in past repeated values); every
// read of a list after the aggregation is a slice with a literal,
// non-negative end, an element at a literal non-negative position, or
// head(), which reads only elements before k; the largest such k is the
// limit. With no rows the lists are empty either way. The projections
// between the sort and the aggregation only pass on variables and
// properties (cannotFail), so the rows the limit drops raise no error
// that the full plan would have raised. The sort's keys are evaluated
// on every row as before.
func collectHeads(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for j, op := range ops {
		agg, ok := op.(logical.Aggregate)
		if !ok || len(agg.Keys) > 0 || len(agg.Aggs) == 0 {
			continue
		}
		s := j - 1
		for s >= 0 && isRowProjection(ops[s]) {
			if p, ok := ops[s].(logical.Project); ok && !passesOnly(p) {
				break
			}
			s--
		}
		if s < 0 {
			continue
		}
		if _, ok := ops[s].(logical.Sort); !ok || s+1 < len(ops) && isSkipOrLimit(ops[s+1]) {
			continue
		}
		nn := nonNullVars(ops[:j])
		k, ok := int64(0), true
		for _, a := range agg.Aggs {
			c := a.Call
			if len(c.Namespace) > 0 || c.Distinct || c.Star || len(c.Args) != 1 || !strings.EqualFold(c.Name, "collect") || !neverNull(c.Args[0], nn) {
				ok = false
				break
			}
			n, names, read := headsRead(ops[j+1:], a)
			if !read || len(req.After) > 0 && req.After[len(req.After)-1].Live.hasAny(names...) {
				ok = false
				break
			}
			k = max(k, n)
		}
		if !ok {
			continue
		}
		limit := logical.Limit{Count: &ast.Literal{Span: agg.Aggs[0].Call.Span, Kind: ast.LitInt, Int: k}}
		return slices.Insert(slices.Clone(ops), s+1, logical.Op(limit)), true
	}
	return ops, false
}

// passesOnly reports whether every item of p is a variable or a property
// of one (cannotFail): a projection that raises no error on any row.
func passesOnly(p logical.Project) bool {
	if p.Vectorised {
		return false
	}
	for _, it := range p.Items {
		if !cannotFail(it.Expr) {
			return false
		}
	}
	return true
}

// headsRead returns the number of leading elements of the list that
// aggregate a collects that ops read, when every read of it is a slice
// with a literal non-negative end, an element at a literal non-negative
// position or head() (see collectHeads), and at least one such read
// exists. The list is read as a's column, as a's call written again in
// the projection after the aggregation (`WITH collect(u)[..5] AS t`), or
// under the names projections pass it on as (`WITH collect(u) AS xs
// RETURN xs[..3]`); names are all the names it goes by. ok is false when
// some read is anything else, when a name or the call occurs where those
// reads are not seen (a subquery body, a comprehension variable of the
// same name), or when an operator reads it in a way opExprs does not
// show or by a grouping key's text.
func headsRead(ops []logical.Op, a logical.AggCall) (k int64, names []string, ok bool) {
	names = []string{a.Name}
	call := ast.FormatExpr(a.Call)
	isCol := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Variable:
			return slices.Contains(names, x.Name)
		case *ast.FunctionCall:
			return ast.FormatExpr(x) == call
		}
		return false
	}
	nonNeg := func(e ast.Expr) (int64, bool) {
		lit, is := e.(*ast.Literal)
		if !is || lit.Kind != ast.LitInt || lit.Int < 0 {
			return 0, false
		}
		return lit.Int, true
	}
	total := 0
	for _, op := range ops {
		es := opExprs(op)
		if es == nil {
			if usesOf(op).hasAny(names...) {
				return 0, names, false
			}
			continue
		}
		var subst map[string]string
		switch o := op.(type) {
		case logical.Project:
			subst = o.Subst
		case logical.Filter:
			subst = o.Subst
		case logical.Sort:
			subst = o.Subst
		}
		for _, col := range subst {
			if slices.Contains(names, col) {
				return 0, names, false
			}
		}
		var passed []string
		if p, is := op.(logical.Project); is {
			es = es[:0:0]
			for _, it := range p.Items {
				if isCol(it.Expr) {
					passed = append(passed, it.Name) // passed on under a name
					continue
				}
				es = append(es, it.Expr)
			}
		}
		for _, e := range es {
			reads, seen := 0, 0
			ast.Inspect(e, func(n ast.Node) bool {
				if x, is := n.(ast.Expr); is && isCol(x) {
					seen++
				}
				return true
			})
			ok = true
			visitExpr(e, func(x ast.Expr) bool {
				if !ok {
					return false
				}
				switch y := x.(type) {
				case *ast.Slice:
					if isCol(y.Expr) {
						to, isLit := nonNeg(y.To)
						if y.To == nil || !isLit || y.From != nil && !isNonNegLit(y.From) {
							ok = false
							return false
						}
						k, reads = max(k, to), reads+1
						return false
					}
				case *ast.Index:
					if isCol(y.Expr) {
						i, isLit := nonNeg(y.Index)
						if !isLit {
							ok = false
							return false
						}
						k, reads = max(k, i+1), reads+1
						return false
					}
				case *ast.FunctionCall:
					if len(y.Namespace) == 0 && strings.EqualFold(y.Name, "head") && len(y.Args) == 1 && isCol(y.Args[0]) {
						k, reads = max(k, 1), reads+1
						return false
					}
				}
				if isCol(x) {
					ok = false
					return false
				}
				return true
			})
			if !ok || reads != seen {
				return 0, names, false // a read inside a body visitExpr does not enter, or a shadowing name
			}
			total += reads
		}
		names = append(names, passed...)
	}
	return k, names, total > 0
}

// isNonNegLit reports whether e is a non-negative integer literal.
func isNonNegLit(e ast.Expr) bool {
	lit, ok := e.(*ast.Literal)
	return ok && lit.Kind == ast.LitInt && lit.Int >= 0
}
