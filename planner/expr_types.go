package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// Type predicates (`x IS :: INTEGER`, `x IS NOT :: LIST<STRING NOT NULL>`)
// lower onto expressions cyq already compiles: the value is bound once by
// a one-element quantifier, and each type becomes a test of valueType()'s
// answer, recursing through list elements and union members.

// propertyTypes are the scalar types a property may hold (PROPERTY VALUE
// is these and lists of them).
var propertyTypes = []string{"BOOLEAN", "STRING", "INTEGER", "FLOAT", "DATE", "LOCAL TIME", "ZONED TIME",
	"LOCAL DATETIME", "ZONED DATETIME", "DURATION", "POINT"}

// lowerTypePredicate is x as an expression without type predicates at
// its top: all(v IN [x.Expr] WHERE test(v)), negated for IS NOT ::.
func (b *builder) lowerTypePredicate(x *ast.TypePredicate) ast.Expr {
	sp := x.Span
	v := &ast.Variable{Span: sp, Name: b.fresh("v")}
	var e ast.Expr = &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: v,
		In: &ast.ListLiteral{Span: sp, Items: []ast.Expr{x.Expr}}, Where: b.typeTest(sp, v, x.Type)}
	if x.Not {
		e = &ast.Unary{Span: sp, Op: ast.OpNot, Expr: e}
	}
	return e
}

// typeTest is the predicate "v (a variable) has type t".
func (b *builder) typeTest(sp ast.Span, v *ast.Variable, t *ast.ValueType) ast.Expr {
	isNull := &ast.IsNull{Span: sp, Expr: v}
	switch t.Name {
	case "NULL":
		return isNull
	case "NOTHING":
		return boolLit(sp, false)
	}
	base := b.baseTypeTest(sp, v, t)
	notNull := &ast.IsNull{Span: sp, Expr: v, Not: true}
	present := &ast.Binary{Span: sp, Op: ast.OpAnd, Left: notNull, Right: base}
	if t.NotNull {
		return present
	}
	return &ast.Binary{Span: sp, Op: ast.OpOr, Left: isNull, Right: present}
}

// baseTypeTest is the predicate "v, which is not null, has type t".
func (b *builder) baseTypeTest(sp ast.Span, v *ast.Variable, t *ast.ValueType) ast.Expr {
	vt := func() ast.Expr {
		return &ast.FunctionCall{Span: sp, Name: "valueType", Args: []ast.Expr{v}}
	}
	is := func(name string) ast.Expr {
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{vt(), strLit(sp, name+" NOT NULL")}}
	}
	prefix := func(p string) ast.Expr {
		return &ast.StringMatch{Span: sp, Op: ast.StrStartsWith, Left: vt(), Right: strLit(sp, p)}
	}
	switch t.Name {
	case "ANY":
		if len(t.Alts) == 0 {
			return boolLit(sp, true)
		}
		var alts []ast.Expr
		for _, a := range t.Alts {
			alts = append(alts, b.typeTest(sp, v, a))
		}
		return disjunction(sp, alts)
	case "LIST":
		isList := prefix("LIST")
		if t.Elem == nil {
			return isList
		}
		e := &ast.Variable{Span: sp, Name: b.fresh("e")}
		return &ast.Binary{Span: sp, Op: ast.OpAnd, Left: isList,
			Right: &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: e, In: v, Where: b.typeTest(sp, e, t.Elem)}}
	case "VECTOR":
		return prefix("VECTOR")
	case "PROPERTY VALUE":
		// A scalar property type, or a list of non-null scalars.
		scalars := &ast.ValueType{Span: sp, Name: "ANY", NotNull: true}
		for _, name := range propertyTypes {
			scalars.Alts = append(scalars.Alts, &ast.ValueType{Span: sp, Name: name, NotNull: true})
		}
		e := &ast.Variable{Span: sp, Name: b.fresh("e")}
		list := &ast.Binary{Span: sp, Op: ast.OpAnd, Left: prefix("LIST"),
			Right: &ast.Quantifier{Span: sp, Kind: ast.QuantAll, Var: e, In: v, Where: b.typeTest(sp, e, scalars)}}
		return &ast.Binary{Span: sp, Op: ast.OpOr, Left: b.baseTypeTest(sp, v, scalars), Right: list}
	}
	return is(t.Name)
}

func boolLit(sp ast.Span, v bool) *ast.Literal {
	return &ast.Literal{Span: sp, Kind: ast.LitBool, Bool: v}
}

func strLit(sp ast.Span, s string) *ast.Literal {
	return &ast.Literal{Span: sp, Kind: ast.LitString, Str: s}
}
