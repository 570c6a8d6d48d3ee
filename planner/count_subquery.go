package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countSubquery inlines `CALL { WITH a MATCH (a)-->() RETURN count(*) AS
// d }`: a subquery whose body, once rewritten, only reads a degree of an
// outer node and adds it up without grouping. The subquery returns one
// row per outer row (a count without grouping keys is 0 for no rows),
// which is the degree read that keeps nodes without relationships, so the
// body's aggregation table, built once per outer row, goes.
func countSubquery(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		call, ok := op.(logical.CallSubquery)
		if !ok || len(call.Union) > 0 || len(call.Columns) == 0 || call.Body == nil {
			continue
		}
		if with, ok := b.degreeBody(rewriteBody(b, call.Body.Ops), call.Columns); ok {
			return replace(ops, i, 1, with...), true
		}
	}
	return ops, false
}

// rewriteBody rewrites a subquery's body as the rewrite of its enclosing
// pipeline later does; set in init, since the rules it runs include
// countSubquery.
var rewriteBody func(b *builder, ops []logical.Op) []logical.Op

func init() {
	rewriteBody = func(b *builder, ops []logical.Op) []logical.Op { return b.rewrite(ops, everything()) }
}

// degreeBody returns the operators replacing a subquery body of the form
// Start, variable-passing projections, Degree, a keyless aggregation of
// sums of that degree, its projection, WITH boundary and Emit of columns.
func (b *builder) degreeBody(body []logical.Op, columns []string) ([]logical.Op, bool) {
	k := 0
	if k < len(body) {
		if _, ok := body[k].(logical.Start); ok {
			k++
		}
	}
	for k < len(body) && passesOn(body[k]) {
		k++
	}
	if k+3 >= len(body) {
		return nil, false
	}
	deg, ok := body[k].(logical.Degree)
	if !ok || deg.KeepZero {
		return nil, false
	}
	agg, ok := body[k+1].(logical.Aggregate)
	if !ok || len(agg.Keys) > 0 || len(agg.Aggs) == 0 {
		return nil, false
	}
	for _, a := range agg.Aggs {
		v, ok := oneArg(a.Call)
		if !a.IntSum || !ok || v != deg.Into {
			return nil, false
		}
	}
	p, ok := body[k+2].(logical.Project)
	if !ok {
		return nil, false
	}
	for _, op := range body[k+3:] {
		switch op.(type) {
		case logical.Select, logical.Emit:
		default:
			return nil, false
		}
	}
	into := b.fresh("deg")
	var items []logical.Item
	for _, col := range columns {
		found := false
		for _, it := range p.Items {
			if it.Name != col {
				continue
			}
			for _, a := range agg.Aggs {
				found = found || b.refersTo(it.Expr, a.Name)
			}
		}
		if !found {
			return nil, false
		}
		items = append(items, logical.Item{Name: col, Expr: &ast.Variable{Name: into}})
	}
	deg.Into, deg.KeepZero = into, true
	return []logical.Op{deg, logical.Project{Items: items}}, true
}

// matchOnly returns the pattern and WHERE of a subquery that is one MATCH
// clause, optionally followed by a RETURN of literals: COUNT { MATCH p
// WHERE w } counts the matches of p that satisfy w, as COUNT { p WHERE w }
// does, so both spellings compile alike (and read a stored degree where
// the pattern is one hop from a bound node).
func matchOnly(q *ast.Query) (*ast.Pattern, ast.Expr, bool) {
	if q == nil || len(q.Parts) != 1 || len(q.When) > 0 {
		return nil, nil, false
	}
	cs := q.Parts[0].Clauses
	if len(cs) == 0 || len(cs) > 2 {
		return nil, nil, false
	}
	m, ok := cs[0].(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil {
		return nil, nil, false
	}
	if len(cs) == 2 {
		r, ok := cs[1].(*ast.Return)
		if !ok || r.Projection == nil {
			return nil, nil, false
		}
		pr := r.Projection
		if pr.Distinct || pr.Star || pr.OrderBy != nil || pr.Skip != nil || pr.Limit != nil {
			return nil, nil, false
		}
		for _, it := range pr.Items {
			if _, ok := it.Expr.(*ast.Literal); !ok {
				return nil, nil, false
			}
		}
	}
	return m.Pattern, m.Where, true
}
