package planner

import (
	"math"
	"math/big"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// Value ranges in the failure analysis.
//
// Integer arithmetic may fail: + - * overflow the 64 bits of an INTEGER,
// / and % divide by zero, and an operand of another kind is a type
// error. So the failure analysis (neverFails, plainValueKinds) reads
// `a.k - 1 >= 2` as a test that may fail, which no other test may be
// moved ahead of. Yet many integers come with a range the planner knows:
// a number of things is a non-negative integer no larger than anything
// the engine can hold or read in a run, and arithmetic on such numbers
// with small constants neither overflows nor divides by zero:
//
//   - COUNT { } of a pattern, and size() of a pattern comprehension, whose
//     matches are read without error (patternSafe; or, knowing the kinds
//     of the values of property keys, bodyFails): 0..maxCount;
//   - size() of nodes(p) or relationships(p), and length(p), for a
//     variable p known to hold a path (or null: a path an OPTIONAL MATCH
//     left null gives null, which is no error): 0..maxCount; the kinds
//     of variables themselves come with the kinds of property keys, as
//     kinds(v, "") (withVarKinds);
//   - integer literals: their value;
//   - -x, x + y, x - y and x * y of such integers, when every value the
//     ranges allow stays within 64 bits; x / y and x % y when y's range
//     excludes 0 (and so the one overflowing quotient, the least
//     INTEGER divided by -1, whose dividend the ranges bound away).
//
// Such an expression evaluates to an INTEGER in its range, or null, and
// never raises an error: it is a plain value (plainValueKinds), so a
// comparison of it cannot fail (`size(nodes(p)) - 1 >= 2`, `COUNT { (a)
// --()--(c) } < 2`, `size([(a)-->(b) | 1]) = 0`) and the tests of a run
// may move past it (hoistRunConditions), filters may be pushed past it
// and seeks chosen ahead of it, as for a test of a property.

// maxCount bounds every number of things a run counts or holds: the
// elements of a list or a path, the matches a COUNT { } reads. Each is
// read or built one at a time, at least one step of the machine each; a
// run doing 2^53 of them would take years at any speed the engine has,
// and every run is bounded by its context's timeout long before.
const maxCount = MaxExactInt

// intRange is a closed range of INTEGER values.
type intRange struct{ lo, hi int64 }

// valueRange reports the range of the INTEGER values e evaluates to
// (null aside) when e is an expression the range analysis proves cannot
// fail (see above); ok is false for any other. entities are the
// variables known to hold nodes or relationships (true) or other values
// (false); kinds, when not nil, the kinds of the values of property keys
// and, by key "", of variables (withVarKinds).
func valueRange(e ast.Expr, entities map[string]bool, kinds kindsOf) (intRange, bool) {
	switch x := e.(type) {
	case *ast.Literal:
		if x.Kind == ast.LitInt {
			return intRange{x.Int, x.Int}, true
		}
	case *ast.Unary:
		r, ok := valueRange(x.Expr, entities, kinds)
		switch {
		case !ok:
		case x.Op == ast.OpPlus:
			return r, true
		case x.Op == ast.OpNeg && r.lo != math.MinInt64:
			return intRange{-r.hi, -r.lo}, true
		}
	case *ast.Binary:
		return binaryRange(x, entities, kinds)
	case *ast.CountSubquery, *ast.FunctionCall:
		if countedMatches(x, entities, kinds) {
			return intRange{0, maxCount}, true
		}
		if f, ok := x.(*ast.FunctionCall); ok && pathMeasure(f, kinds) {
			return intRange{0, maxCount}, true
		}
	}
	return intRange{}, false
}

// binaryRange is valueRange of an arithmetic operator's result.
func binaryRange(x *ast.Binary, entities map[string]bool, kinds kindsOf) (intRange, bool) {
	switch x.Op {
	case ast.OpAdd, ast.OpSub, ast.OpMul, ast.OpDiv, ast.OpMod:
	default:
		return intRange{}, false
	}
	l, ok := valueRange(x.Left, entities, kinds)
	if !ok {
		return intRange{}, false
	}
	r, ok := valueRange(x.Right, entities, kinds)
	if !ok {
		return intRange{}, false
	}
	big2 := func(v int64) *big.Int { return big.NewInt(v) }
	var lo, hi *big.Int
	switch x.Op {
	case ast.OpAdd:
		lo, hi = new(big.Int).Add(big2(l.lo), big2(r.lo)), new(big.Int).Add(big2(l.hi), big2(r.hi))
	case ast.OpSub:
		lo, hi = new(big.Int).Sub(big2(l.lo), big2(r.hi)), new(big.Int).Sub(big2(l.hi), big2(r.lo))
	case ast.OpMul:
		for _, a := range []int64{l.lo, l.hi} {
			for _, b := range []int64{r.lo, r.hi} {
				p := new(big.Int).Mul(big2(a), big2(b))
				if lo == nil || p.Cmp(lo) < 0 {
					lo = p
				}
				if hi == nil || p.Cmp(hi) > 0 {
					hi = p
				}
			}
		}
	case ast.OpDiv, ast.OpMod:
		if r.lo <= 0 && r.hi >= 0 {
			return intRange{}, false // may divide by zero
		}
		// |x / y| and |x % y| are at most |x| for |y| >= 1.
		m := new(big.Int).Abs(big2(l.lo))
		if h := new(big.Int).Abs(big2(l.hi)); h.Cmp(m) > 0 {
			m = h
		}
		lo, hi = new(big.Int).Neg(m), m
	}
	if !lo.IsInt64() || !hi.IsInt64() || lo.Int64() == math.MinInt64 {
		return intRange{}, false // may overflow
	}
	return intRange{lo.Int64(), hi.Int64()}, true
}

// countedMatches reports whether e is a number of a pattern's matches
// (COUNT { } of a pattern or of a MATCH-only body, size() of a pattern
// comprehension: patternMatches) read without error: by the text
// (patternSafe), or by the kinds of the values of property keys
// (bodyFails).
func countedMatches(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	p, where, count, ok := patternMatches(e)
	if !ok || !count {
		return false
	}
	if patternSafe(p, where, entities) {
		return true
	}
	return kinds != nil && !bodyFails(&ast.ExistsSubquery{Span: e.NodeSpan(), Pattern: p, Where: where}, entities, kinds)
}

// pathMeasure reports whether f is length(p), size(nodes(p)) or
// size(relationships(p)) for a variable p the kinds know holds a path
// (or null).
func pathMeasure(f *ast.FunctionCall, kinds kindsOf) bool {
	if len(f.Namespace) > 0 || f.Distinct || len(f.Args) != 1 {
		return false
	}
	arg := f.Args[0]
	switch strings.ToLower(f.Name) {
	case "length":
	case "size":
		in, ok := arg.(*ast.FunctionCall)
		if !ok || len(in.Namespace) > 0 || in.Distinct || len(in.Args) != 1 {
			return false
		}
		if n := strings.ToLower(in.Name); n != "nodes" && n != "relationships" {
			return false
		}
		arg = in.Args[0]
	default:
		return false
	}
	v, ok := arg.(*ast.Variable)
	return ok && pathVariable(v.Name, kinds)
}

// pathVariable reports whether the kinds know variable v holds a path or
// null.
func pathVariable(v string, kinds kindsOf) bool {
	if kinds == nil {
		return false
	}
	k, ok := kinds(v, "")
	return ok && k != 0 && k.Within(KindBit(value.KindPath)|kindsNull)
}

// withVarKinds is kinds (nil for none known) answering also, by key "",
// the kinds of the variables of vars themselves: a path variable's
// PATH or null (an OPTIONAL MATCH may leave it null).
func withVarKinds(kinds kindsOf, vars map[string]varKind) kindsOf {
	return func(v, key string) (KindSet, bool) {
		if key == "" {
			if k, ok := vars[v]; ok && k == kindPath {
				return KindBit(value.KindPath) | kindsNull, true
			}
			return 0, false
		}
		if kinds == nil {
			return 0, false
		}
		return kinds(v, key)
	}
}
