package planner

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
)

// typeNamesPred is "the relationship type typ is every name (any name,
// for $any) that d computes", namesPred for the one name a relationship
// has, in the form d's static type dt allows: where d cannot be a list
// (a string, an unwound name), `d = typ`, a comparison per row; where it
// can only be a list, `all(l IN d WHERE l = typ)`; otherwise
//
//	CASE WHEN valueType(d) STARTS WITH 'LIST' THEN all(l IN d WHERE l = typ)
//	     ELSE d = typ END
//
// where namesPred wraps d in a list per row and tests every name's
// membership in [typ]. They have the same value in every row: typ, the
// type of a relationship the pattern bound, is a string, never null, so
// `l IN [typ]` is `l = typ` for every l (null when l is null, false for
// a value of another kind), and all() or any() over the one-element list
// [d] is that test of d. Neither valueType() nor = fails.
func typeNamesPred(sp ast.Span, d *ast.LabelDynamic, typ ast.Expr, dt functions.Type) ast.Expr {
	eq := func(x ast.Expr) ast.Expr {
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{x, typ}}
	}
	if never(dt, functions.AnyList) {
		return eq(d.Expr)
	}
	v := &ast.Variable{Span: sp, Name: " l"}
	kind := ast.QuantAll
	if d.Any {
		kind = ast.QuantAny
	}
	each := &ast.Quantifier{Span: sp, Kind: kind, Var: v, In: d.Expr, Where: eq(v)}
	if only(dt, functions.AnyList) {
		return each
	}
	isList := &ast.StringMatch{Span: sp, Op: ast.StrStartsWith,
		Left:  &ast.FunctionCall{Span: sp, Name: "valueType", Args: []ast.Expr{d.Expr}},
		Right: strLit(sp, "LIST")}
	return &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp, When: isList, Then: each}}, Else: eq(d.Expr)}
}
