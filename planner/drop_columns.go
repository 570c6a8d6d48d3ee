package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// dropUnusedColumns removes what a projection or an aggregation computes
// that nothing after it reads, when computing it cannot fail: a projected
// variable (`WITH c, x RETURN count(*)`), an aggregate count, min, max or
// collect (`WITH c, count(*) AS dup RETURN count(*)`). What is left then
// says what the operators before need: grouping by c alone ignores
// duplicates, so the rows before need not carry them (set-at-a-time
// expansion becomes possible).
func dropUnusedColumns(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		after := req.After[i].Live
		if after.all {
			continue
		}
		switch o := op.(type) {
		case logical.Project:
			var keep []logical.Item
			for _, it := range o.Items {
				if readsOnly(it.Expr) && !after.has(it.Name) {
					continue
				}
				keep = append(keep, it)
			}
			if len(keep) == 0 && len(o.Items) > 0 {
				return replace(ops, i, 1), true
			}
			if len(keep) < len(o.Items) {
				o.Items = keep
				return replace(ops, i, 1, o), true
			}
		case logical.Aggregate:
			var keep []logical.AggCall
			for _, a := range o.Aggs {
				if !after.has(a.Name) && aggNeverFails(a.Call) && !callRead(ops[i+1:], a.Call) {
					continue
				}
				keep = append(keep, a)
			}
			// Without keys an aggregation gives one row even of no input
			// rows: it keeps an aggregate so that it stays one.
			if len(keep) < len(o.Aggs) && (len(o.Keys) > 0 || len(keep) > 0) {
				o.Aggs = keep
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}

// aggNeverFails reports whether an aggregate raises no error whatever its
// input: count(*), or count, min, max or collect of a variable.
func aggNeverFails(c *ast.FunctionCall) bool {
	if c.Star {
		return true
	}
	if len(c.Namespace) > 0 || len(c.Args) != 1 {
		return false
	}
	if _, ok := c.Args[0].(*ast.Variable); !ok {
		return false
	}
	switch strings.ToLower(c.Name) {
	case "count", "min", "max", "collect":
		return true
	}
	return false
}

// readsOnly reports whether a projection item only reads a value already
// computed: a variable, or an aggregate's result.
func readsOnly(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return true
	case *ast.FunctionCall:
		return isAggregate(x)
	}
	return false
}

// callRead reports whether the operators up to the next WITH boundary may
// read the result of aggregate call c (projections, filters and sorts
// after an aggregation refer to its results by the calls themselves).
func callRead(ops []logical.Op, c *ast.FunctionCall) bool {
	found := false
	look := func(es ...ast.Expr) {
		for _, e := range es {
			visitExpr(e, func(x ast.Expr) bool {
				if x == ast.Expr(c) {
					found = true
				}
				return !found
			})
		}
	}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Select:
			return found
		case logical.Project:
			for _, it := range o.Items {
				look(it.Expr)
			}
		case logical.Filter:
			look(o.Pred)
		case logical.Sort:
			for _, k := range o.Keys {
				look(k.Expr)
			}
		default:
			return true
		}
		if found {
			return true
		}
	}
	return found
}
