package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// seekFacts returns the predicates true of every row a seek or label
// scan gives (see rowFacts), in each order of their operands that a
// filter may write:
//
//   - a node scan of a label: v:Label;
//   - an index seek of a value: v:Label and v.key = value (value = v.key);
//     the store's seek is exact: it gives the nodes whose value equals
//     the sought one (value.Equal true), none for null or NaN;
//   - an index seek of a list's values: v:Label and v.key IN list (one
//     of the values equals v.key);
//   - an index range without NaN: v:Label and each bound's comparison
//     (v.key > lo or >=, v.key < hi or <=, and lo < v.key ...), which
//     the store checks with the comparison's own order (inRange); with
//     NaN the range takes more nodes than its bounds, and gives only
//     the label;
//   - an index prefix range: v:Label and v.key STARTS WITH prefix.
//
// A filter evaluating one of these on such a row finds it true without
// raising an error (its operands are values the seek evaluated once,
// deterministic ones, and a comparison raises none), so fold_known may
// drop it. The facts hold as of the seek, and until the first write
// after it: rowFacts ends every fact at a write operator, and the Eager
// before a write clause runs every row's reads before any row's write.
func seekFacts(op logical.Op) []ast.Expr {
	prop := func(v, key string) ast.Expr {
		return &ast.Property{Expr: &ast.Variable{Name: v}, Key: key}
	}
	label := func(v, l string) ast.Expr {
		return &ast.LabelPredicate{Expr: &ast.Variable{Name: v}, Labels: &ast.LabelName{Name: l}}
	}
	cmp := func(l ast.Expr, op ast.CompareOp, r ast.Expr) []ast.Expr {
		return []ast.Expr{
			&ast.Comparison{Operands: []ast.Expr{l, r}, Ops: []ast.CompareOp{op}},
			&ast.Comparison{Operands: []ast.Expr{r, l}, Ops: []ast.CompareOp{flipComparison(op)}},
		}
	}
	var out []ast.Expr
	switch o := op.(type) {
	case logical.NodeScan:
		if o.Label != "" {
			out = append(out, label(o.Var, o.Label))
		}
	case logical.NodeIndexSeek:
		out = append(out, label(o.Var, o.Label))
		out = append(out, cmp(prop(o.Var, o.Key), ast.CmpEq, o.Value)...)
	case logical.NodeSetSeek:
		if o.Key != "" {
			out = append(out, label(o.Var, o.Label), &ast.In{Expr: prop(o.Var, o.Key), List: o.List})
		}
	case logical.NodeRangeSeek:
		out = append(out, label(o.Var, o.Label))
		switch {
		case o.Prefix:
			out = append(out, &ast.StringMatch{Left: prop(o.Var, o.Key), Op: ast.StrStartsWith, Right: o.Lo})
		case !o.NaN:
			if o.Lo != nil {
				op := ast.CmpGt
				if o.LoIncl {
					op = ast.CmpGe
				}
				out = append(out, cmp(prop(o.Var, o.Key), op, o.Lo)...)
			}
			if o.Hi != nil {
				op := ast.CmpLt
				if o.HiIncl {
					op = ast.CmpLe
				}
				out = append(out, cmp(prop(o.Var, o.Key), op, o.Hi)...)
			}
		}
	}
	return out
}
