package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// size([(a)-->(b) WHERE p | x]) is the number of matches of the pattern,
// whatever x is when evaluating x cannot fail: it is compiled as
// COUNT { (a)-->(b) WHERE p }, which reads a stored degree when the
// pattern is one hop from a bound node, instead of building the list.

// sizeOfComprehension compiles size(pattern comprehension) as a count of
// the pattern's matches; ok is false when x is not such a call.
func (g *gen) sizeOfComprehension(x *ast.FunctionCall, env *regEnv) (r int32, ok bool, err error) {
	if !strings.EqualFold(qualifiedName(x), "size") || len(x.Args) != 1 {
		return 0, false, nil
	}
	pc, isComp := x.Args[0].(*ast.PatternComprehension)
	if !isComp || !cannotFail(pc.Map) {
		return 0, false, nil
	}
	part := &ast.PatternPart{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}
	r, err = g.exists(&ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{part}}, pc.Where, env, true)
	return r, true, err
}

// cannotFail reports whether evaluating e never raises an error: a
// literal, a parameter, a variable or a property of a variable.
func cannotFail(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.Property:
		_, ok := x.Expr.(*ast.Variable)
		return ok
	}
	return false
}
