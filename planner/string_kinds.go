package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// stringKinds is the kinds of the string functions that cannot fail on
// the values they meet, known from the kinds of their arguments: each
// of toLower, toUpper, trim, ltrim, rtrim, btrim and reverse of a string
// or null is a string or null; toString of a number, string, boolean or
// null is a string or null; substring, left and right of a string or
// null, with literal non-negative integer positions and lengths, are a
// string or null (a negative one fails); split of a string or null by
// a string or null is a list of strings or null, so its element at a
// literal integer index (out of range: null), and its head() and
// last(), are a string or null. Every argument must itself be a value
// that cannot fail (plain, as kindFailFree checks), so a key such as
// split(a.name, ' ')[0] over names that are strings or missing is
// evaluated without error on every row: a value join may use it as a
// key (value_joins.go) and a test over it may move.
func stringKinds(e ast.Expr, entities map[string]bool, prop kindsOf) (KindSet, bool) {
	str := func(a ast.Expr) bool {
		k, ok := exprKinds(a, entities, prop)
		return ok && k.Within(kindsString|kindsNull)
	}
	switch x := e.(type) {
	case *ast.FunctionCall:
		if len(x.Namespace) > 0 || x.Distinct || x.Star || len(x.Args) == 0 {
			return 0, false
		}
		switch strings.ToLower(x.Name) {
		case "tolower", "toupper", "trim", "ltrim", "rtrim", "btrim", "reverse":
			if len(x.Args) == 1 && str(x.Args[0]) {
				return kindsString | kindsNull, true
			}
		case "tostring":
			k, ok := exprKinds(x.Args[0], entities, prop)
			if len(x.Args) == 1 && ok && k.Within(kindsNumbers|kindsString|kindsBool|kindsNull) {
				return kindsString | kindsNull, true
			}
		case "substring", "left", "right":
			n := 2
			if strings.EqualFold(x.Name, "substring") {
				n = 3
			}
			if len(x.Args) < 2 || len(x.Args) > n || !str(x.Args[0]) {
				return 0, false
			}
			for _, a := range x.Args[1:] {
				if l, ok := a.(*ast.Literal); !ok || l.Kind != ast.LitInt || l.Int < 0 {
					return 0, false
				}
			}
			return kindsString | kindsNull, true
		case "split":
			if len(x.Args) == 2 && str(x.Args[0]) && str(x.Args[1]) {
				return kindsList | kindsNull, true
			}
		case "head", "last":
			if len(x.Args) == 1 && splitCall(x.Args[0], entities, prop) {
				return kindsString | kindsNull, true
			}
		}
	case *ast.Index:
		if l, ok := x.Index.(*ast.Literal); ok && l.Kind == ast.LitInt && splitCall(x.Expr, entities, prop) {
			return kindsString | kindsNull, true
		}
	}
	return 0, false
}

// splitCall reports whether e is split() of strings (see stringKinds):
// a list of strings, or null.
func splitCall(e ast.Expr, entities map[string]bool, prop kindsOf) bool {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || !isCall(fc, "split", 2) {
		return false
	}
	_, ok = stringKinds(fc, entities, prop)
	return ok
}

// stringArgsPlain reports whether the operands stringKinds reads are
// values that cannot fail (plain).
func stringArgsPlain(e ast.Expr, plain func(ast.Expr) bool) bool {
	switch x := e.(type) {
	case *ast.FunctionCall:
		for _, a := range x.Args {
			if !plain(a) {
				return false
			}
		}
		return true
	case *ast.Index:
		return plain(x.Expr)
	}
	return false
}

// Kind sets stringKinds reads.
var (
	kindsBool = KindBit(value.KindBool)
	kindsList = KindBit(value.KindList)
)
