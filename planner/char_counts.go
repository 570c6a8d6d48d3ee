package planner

import (
	"slices"
	"unicode/utf8"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// charCounts reads a count of the characters of a string s that are one
// of some literal characters c1..cn, written as a comprehension over the
// characters read by size(),
//
//	size([ch IN split(s, '') WHERE ch = 'c'])
//	size([i IN range(0, size(s) - 1) WHERE substring(s, i, 1) = 'c'])
//
// (the literal on either side of the =, or the character tested by
// IN ['c1', ..., 'cn']), as the sum over the distinct ci of
// size(split(s, ci)) - 1: one call per row where the comprehension
// evaluates its test once per character. Each ci is one character (a
// literal of one code point, not the replacement character). On a string,
// split(s, ”) and substring(s, i, 1) for i below size(s) are the code
// points of s, in order; those equal to ci are its occurrences, which
// never overlap, and split(s, ci) cuts s at each of them into one piece
// more (the empty string into one piece, as it has no character).
//
// Off strings the two spellings differ. split(s, ”) is null on null, as
// size(split(s, ci)) - 1 is, and raises on any other value the error
// split(s, ci) raises (the same function, checking the same argument),
// so the first reads so on every value. The range spelling raises an
// error on null (range() of a null bound) and on values without a size,
// and is 0 on an empty list; so, as substringScanForm does, it is kept
// there: `CASE WHEN valueType(s) = 'STRING NOT NULL' THEN <the sum> ELSE
// <the count as written, its test an IS NULL of the character> END`
// (off strings the test is never evaluated to a value, see below), s a
// deterministic value read again
// (deterministicPlain). A sum over several characters reads s once per
// character, so it too needs s deterministic. The comprehension must
// have no projection (size() would still evaluate it, with its errors).
// It rewrites the expressions of filters, projections and aggregations,
// wherever the size() sits in them; reduceCounts brings the counting
// reduce() to this form.
func charCounts(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	return rewriteOpExprs(b, ops, charCountForm)
}

// charCountForm is a count of a string's characters equal to literal
// characters as split() counts (see charCounts).
func charCountForm(e ast.Expr) (ast.Expr, bool) {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || !plainCall(fc, "size") || fc.Star || len(fc.Args) != 1 {
		return e, false
	}
	lc, ok := fc.Args[0].(*ast.ListComprehension)
	if !ok || lc.Var == nil || lc.Where == nil || lc.Map != nil {
		return e, false
	}
	in, ok := lc.In.(*ast.FunctionCall)
	if !ok || in.Star {
		return e, false
	}
	sp := fc.Span
	switch {
	case plainCall(in, "split") && len(in.Args) == 2:
		// [ch IN split(s, '') WHERE ch = 'c']
		if sep, ok := in.Args[1].(*ast.Literal); !ok || sep.Kind != ast.LitString || sep.Str != "" {
			return e, false
		}
		s := in.Args[0]
		cs := testedChars(lc.Where, func(x ast.Expr) bool {
			v, ok := x.(*ast.Variable)
			return ok && v.Name == lc.Var.Name
		})
		if cs == nil || exprVars(s)[lc.Var.Name] || len(cs) > 1 && !deterministicPlain(s) {
			return e, false
		}
		return splitCounts(sp, in, s, cs), true
	case plainCall(in, "range") && (len(in.Args) == 2 || len(in.Args) == 3 && isIntLit(in.Args[2], 1)) && isIntLit(in.Args[0], 0):
		// [i IN range(0, size(s) - 1) WHERE substring(s, i, 1) = 'c']
		hi, ok := in.Args[1].(*ast.Binary)
		if !ok || hi.Op != ast.OpSub || !isIntLit(hi.Right, 1) {
			return e, false
		}
		size, ok := hi.Left.(*ast.FunctionCall)
		if !ok || !plainCall(size, "size") || size.Star || len(size.Args) != 1 {
			return e, false
		}
		s := size.Args[0]
		if !deterministicPlain(s) || exprVars(s)[lc.Var.Name] {
			return e, false
		}
		text := ast.FormatExpr(s)
		cs := testedChars(lc.Where, func(x ast.Expr) bool {
			sub, ok := x.(*ast.FunctionCall)
			if !ok || !plainCall(sub, "substring") || sub.Star || len(sub.Args) != 3 || !isIntLit(sub.Args[2], 1) {
				return false
			}
			v, ok := sub.Args[1].(*ast.Variable)
			return ok && v.Name == lc.Var.Name && ast.FormatExpr(sub.Args[0]) == text
		})
		if cs == nil {
			return e, false
		}
		split := &ast.FunctionCall{Span: sp, Name: "split"}
		isString := &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{
			&ast.FunctionCall{Span: sp, Name: "valueType", Args: []ast.Expr{s}}, strLit(sp, "STRING NOT NULL")}}
		// Off strings the test never yields a value: an empty list has
		// no index to test, and on a non-empty one substring() raises
		// (as size() or range() do on anything else before it). The
		// ELSE keeps the calls that raise those errors, testing the
		// character with IS NULL, which is not read again as a count.
		var where ast.Expr
		visitExpr(lc.Where, func(x ast.Expr) bool {
			if where == nil {
				if sub, ok := x.(*ast.FunctionCall); ok && plainCall(sub, "substring") {
					where = &ast.IsNull{Span: sp, Expr: sub}
				}
			}
			return where == nil
		})
		kept := *lc
		kept.Where = where
		els := &ast.FunctionCall{Span: fc.Span, Name: fc.Name, Args: []ast.Expr{&kept}}
		return &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp, When: isString, Then: splitCounts(sp, split, s, cs)}}, Else: els}, true
	}
	return e, false
}

// splitCounts is the sum over cs of size(split(s, c)) - 1, each split a
// copy of call (its span, for errors) with the arguments s and c.
func splitCounts(sp ast.Span, call *ast.FunctionCall, s ast.Expr, cs []string) ast.Expr {
	var sum ast.Expr
	for _, c := range cs {
		split := *call
		split.Args = []ast.Expr{s, strLit(sp, c)}
		n := &ast.Binary{Span: sp, Op: ast.OpSub, Left: &ast.FunctionCall{Span: sp, Name: "size", Args: []ast.Expr{&split}}, Right: &ast.Literal{Span: sp, Kind: ast.LitInt, Int: 1}}
		if sum == nil {
			sum = n
		} else {
			sum = &ast.Binary{Span: sp, Op: ast.OpAdd, Left: sum, Right: n}
		}
	}
	return sum
}

// testedChars is the distinct characters c of a test `x = 'c'` ('c' on
// either side) or `x IN ['c1', ..., 'cn']`, where char tells whether an
// operand is the character x; nil for any other test. Each literal must
// be one code point other than the replacement character (which an
// invalid byte of a string may read as).
func testedChars(where ast.Expr, char func(ast.Expr) bool) []string {
	one := func(e ast.Expr) (string, bool) {
		l, ok := e.(*ast.Literal)
		if !ok || l.Kind != ast.LitString || utf8.RuneCountInString(l.Str) != 1 || l.Str == string(utf8.RuneError) {
			return "", false
		}
		return l.Str, true
	}
	switch x := where.(type) {
	case *ast.Comparison:
		if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
			return nil
		}
		for side := 0; side < 2; side++ {
			if c, ok := one(x.Operands[1-side]); ok && char(x.Operands[side]) {
				return []string{c}
			}
		}
	case *ast.In:
		list, ok := x.List.(*ast.ListLiteral)
		if !ok || len(list.Items) == 0 || !char(x.Expr) {
			return nil
		}
		var cs []string
		for _, it := range list.Items {
			c, ok := one(it)
			if !ok {
				return nil
			}
			if !slices.Contains(cs, c) {
				cs = append(cs, c)
			}
		}
		return cs
	}
	return nil
}
