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
