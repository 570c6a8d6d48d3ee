package planner

import "github.com/cyqdb/cyq/parser/ast"

// impliedTupleIns returns the tests a conjunct `[e1, ..., ek] IN L`
// implies of its components, so that the choice of a pattern's start and
// the index seeks see them: for each ei that is a property x.p of a node
// or relationship x (entities), `x.p IN [L1[i], L2[i], ...]`, the list of
// the i-th elements of the elements of L that could equal the tuple
// (normalized, so a column of one value is an equality). Nil when c is not
// such a test.
//
// The tests are implied. List equality is true only when both lists have
// the same length and every pair of elements is equal (true), so when c
// is true some Lj has k elements with Lj[i] = ei true for every i, and ei
// IN column i is then true. A row a new test drops (false or null) is one
// c drops as well. Hence the elements of L that cannot equal the tuple
// are left out of the columns: a literal (no scalar equals a list; a null
// makes the comparison null, never true), a list of another length, a
// list holding a null literal (its comparison with the null's position is
// null or false, never true). L must be a list literal whose elements are
// such literals or list literals of literals and parameters: a parameter
// or any other expression in the place of an element might be a matching
// list, and an element of a column is evaluated once more, so it must be
// a constant that cannot fail. The new tests cannot fail themselves (a
// property of a node or relationship, IN a list), and withPrefixes adds
// them only where no earlier conjunct may fail, as it does its prefix
// tests; c stays as written and decides.
func impliedTupleIns(c ast.Expr, entities map[string]bool) []ast.Expr {
	in, ok := c.(*ast.In)
	if !ok {
		return nil
	}
	tuple, ok := in.Expr.(*ast.ListLiteral)
	if !ok || len(tuple.Items) == 0 {
		return nil
	}
	list, ok := in.List.(*ast.ListLiteral)
	if !ok {
		return nil
	}
	k := len(tuple.Items)
	cols := make([][]ast.Expr, k)
	seen := make([]map[string]bool, k)
	for i := range seen {
		seen[i] = map[string]bool{}
	}
	for _, item := range list.Items {
		switch it := item.(type) {
		case *ast.Literal:
			continue // a scalar or null: never equal to a list
		case *ast.ListLiteral:
			if len(it.Items) != k {
				continue // lists of different lengths are not equal
			}
			hasNull := false
			for _, v := range it.Items {
				switch x := v.(type) {
				case *ast.Literal:
					hasNull = hasNull || x.Kind == ast.LitNull
				case *ast.Parameter:
				default:
					return nil // a nested list, a map, an expression: not read
				}
			}
			if hasNull {
				continue // never true against the tuple
			}
			for i, v := range it.Items {
				if key := ast.FormatExpr(v); !seen[i][key] {
					seen[i][key] = true
					cols[i] = append(cols[i], v)
				}
			}
		default:
			return nil // a parameter or expression may be a matching list
		}
	}
	var out []ast.Expr
	for i, e := range tuple.Items {
		v, ok := varProperty(e)
		if !ok || !entities[v] {
			continue
		}
		out = append(out, normalizeOperand(&ast.In{Span: in.Span, Expr: e, List: &ast.ListLiteral{Span: list.Span, Items: cols[i]}}))
	}
	return out
}
