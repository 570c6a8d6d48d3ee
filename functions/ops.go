package functions

import (
	"math"
	"math/bits"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// This file holds the value semantics of openCypher's operators; the VM
// calls these functions directly. Every operator propagates null (except
// where openCypher's three-valued logic says otherwise) and reports wrong
// operand types as TypeError/InvalidArgumentType.

// ArithOp names an arithmetic operator for the Arith hook. It is an alias
// of uint8 (not a defined type) so that packages functions imports, such as
// value/temporal, can implement Arith without importing functions; they use
// the same numbering (OpAdd = 0 … OpNeg = 5).
type ArithOp = uint8

// Arithmetic operators.
const (
	OpAdd ArithOp = iota
	OpSub
	OpMul
	OpDiv
	OpMod
	OpNeg
)

var arithNames = [...]string{OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "%", OpNeg: "unary -"}

// ArithOpString returns the operator's symbol.
func ArithOpString(op ArithOp) string {
	if int(op) < len(arithNames) {
		return arithNames[op]
	}
	return "?"
}

// Arith is implemented by extension values (the temporal types) that take
// part in arithmetic: date + duration, datetime - datetime is not defined
// but duration * 2 is, and so on. The receiver is the left operand when
// left is true and the right operand otherwise; other is nil for OpNeg.
// handled is false when the combination is not defined, and the operator
// then reports a type error (after trying the other operand for + and *).
type Arith interface {
	value.Extension
	Arith(op ArithOp, other value.Value, left bool) (result value.Value, handled bool, err error)
}

// PropertyGetter is implemented by extension values that have properties
// (date.year, duration.months). ok is false for an unknown key, which
// yields null.
type PropertyGetter interface {
	value.Extension
	Property(key string) (v value.Value, ok bool)
}

func arithHook(op ArithOp, a, b value.Value) (value.Value, bool, error) {
	if x, ok := a.(Arith); ok {
		if r, handled, err := x.Arith(op, b, true); handled || err != nil {
			return r, true, err
		}
	}
	if op == OpAdd || op == OpMul {
		if y, ok := b.(Arith); ok {
			if r, handled, err := y.Arith(op, a, false); handled || err != nil {
				return r, true, err
			}
		}
	}
	return nil, false, nil
}

func isNull(v value.Value) bool { return v == nil || v.Kind() == value.KindNull }

// Add is the + operator: numeric addition (integer overflow raises
// ArithmeticError/IntegerOverflow), string concatenation (a number on either
// side of a string is converted to its string form), list concatenation, and
// append/prepend of a non-list value to a list; extension values through Arith.
func Add(a, b value.Value) (value.Value, error) {
	if isNull(a) || isNull(b) {
		return value.NullValue, nil
	}
	switch x := a.(type) {
	case value.Int:
		switch y := b.(type) {
		case value.Int:
			s, ok := addInt(int64(x), int64(y))
			if !ok {
				return nil, overflowErr("+")
			}
			return value.Int(s), nil
		case value.Float:
			return value.Float(float64(x) + float64(y)), nil
		case value.String:
			return value.String(strconv.FormatInt(int64(x), 10) + string(y)), nil
		}
	case value.Float:
		switch y := b.(type) {
		case value.Int:
			return value.Float(float64(x) + float64(y)), nil
		case value.Float:
			return value.Float(float64(x) + float64(y)), nil
		case value.String:
			return value.String(value.FormatFloat(float64(x)) + string(y)), nil
		}
	case value.String:
		switch y := b.(type) {
		case value.String:
			return x + y, nil
		case value.Int:
			return value.String(string(x) + strconv.FormatInt(int64(y), 10)), nil
		case value.Float:
			return value.String(string(x) + value.FormatFloat(float64(y))), nil
		}
	case value.List:
		if y, ok := b.(value.List); ok {
			out := make(value.List, 0, len(x)+len(y))
			return append(append(out, x...), y...), nil
		}
		out := make(value.List, 0, len(x)+1)
		return append(append(out, x...), b), nil
	}
	if y, ok := b.(value.List); ok {
		out := make(value.List, 0, len(y)+1)
		return append(append(out, a), y...), nil
	}
	if r, ok, err := arithHook(OpAdd, a, b); ok {
		return r, err
	}
	return nil, opTypeErr("+", a, b)
}

// Sub is the - operator on numbers (and extension values through Arith).
func Sub(a, b value.Value) (value.Value, error) {
	return numeric(OpSub, "-", a, b, subInt, func(x, y float64) float64 { return x - y })
}

// Mul is the * operator on numbers (and extension values through Arith,
// e.g. duration * number).
func Mul(a, b value.Value) (value.Value, error) {
	return numeric(OpMul, "*", a, b, mulInt, func(x, y float64) float64 { return x * y })
}

// numeric applies an arithmetic operator: null in, null out; integers with
// overflow detection; floats (an integer with a float is a float); then
// extension values through Arith; anything else is a type error.
func numeric(op ArithOp, sym string, a, b value.Value, ints func(x, y int64) (int64, bool), floats func(x, y float64) float64) (value.Value, error) {
	if isNull(a) || isNull(b) {
		return value.NullValue, nil
	}
	if x, ok := a.(value.Int); ok {
		if y, ok := b.(value.Int); ok {
			r, ok := ints(int64(x), int64(y))
			if !ok {
				return nil, overflowErr(sym)
			}
			return value.Int(r), nil
		}
	}
	if x, ok := value.Number(a); ok {
		if y, ok := value.Number(b); ok {
			return value.Float(floats(x, y)), nil
		}
	}
	if r, ok, err := arithHook(op, a, b); ok {
		return r, err
	}
	return nil, opTypeErr(sym, a, b)
}

// Div is the / operator. Integer division truncates toward zero and raises
// ArithmeticError/DivisionByZero for a zero divisor; with a float on either
// side the result is IEEE-754 (x/0.0 is ±Infinity or NaN).
func Div(a, b value.Value) (value.Value, error) {
	if isNull(a) || isNull(b) {
		return value.NullValue, nil
	}
	if x, ok := a.(value.Int); ok {
		if y, ok := b.(value.Int); ok {
			if y == 0 {
				return nil, cyqerr.Runtimef(cyqerr.ArithmeticError, "DivisionByZero", "/ by zero")
			}
			if x == math.MinInt64 && y == -1 {
				return nil, overflowErr("/")
			}
			return x / y, nil
		}
	}
	if x, ok := value.Number(a); ok {
		if y, ok := value.Number(b); ok {
			return value.Float(x / y), nil
		}
	}
	if r, ok, err := arithHook(OpDiv, a, b); ok {
		return r, err
	}
	return nil, opTypeErr("/", a, b)
}

// Mod is the % operator: the remainder of truncated division, with the sign
// of the dividend (as Java's %). An integer zero divisor raises
// ArithmeticError/DivisionByZero; floats follow math.Mod (NaN for x % 0.0).
func Mod(a, b value.Value) (value.Value, error) {
	if isNull(a) || isNull(b) {
		return value.NullValue, nil
	}
	if x, ok := a.(value.Int); ok {
		if y, ok := b.(value.Int); ok {
			if y == 0 {
				return nil, cyqerr.Runtimef(cyqerr.ArithmeticError, "DivisionByZero", "%% by zero")
			}
			if y == -1 {
				return value.Int(0), nil
			}
			return x % y, nil
		}
	}
	if x, ok := value.Number(a); ok {
		if y, ok := value.Number(b); ok {
			return value.Float(math.Mod(x, y)), nil
		}
	}
	if r, ok, err := arithHook(OpMod, a, b); ok {
		return r, err
	}
	return nil, opTypeErr("%", a, b)
}

// Pow is the ^ operator; the result is always a float.
func Pow(a, b value.Value) (value.Value, error) {
	if isNull(a) || isNull(b) {
		return value.NullValue, nil
	}
	x, ok1 := value.Number(a)
	y, ok2 := value.Number(b)
	if !ok1 || !ok2 {
		return nil, opTypeErr("^", a, b)
	}
	return value.Float(math.Pow(x, y)), nil
}

// Neg is unary minus; -(-9223372036854775808) overflows.
func Neg(a value.Value) (value.Value, error) {
	switch x := a.(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		if x == math.MinInt64 {
			return nil, overflowErr("unary -")
		}
		return -x, nil
	case value.Float:
		return -x, nil
	}
	if h, ok := a.(Arith); ok {
		if r, handled, err := h.Arith(OpNeg, nil, true); handled || err != nil {
			return r, err
		}
	}
	return nil, opTypeErr("unary -", a, nil)
}

// Pos is unary plus: the identity on numbers (and durations).
func Pos(a value.Value) (value.Value, error) {
	switch a.(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int, value.Float:
		return a, nil
	}
	if value.KindOf(a) == value.KindDuration {
		return a, nil
	}
	return nil, opTypeErr("unary +", a, nil)
}

func addInt(a, b int64) (int64, bool) {
	s := a + b
	// Overflow iff a and b have the same sign and s's sign differs.
	return s, !((a >= 0) == (b >= 0) && (s >= 0) != (a >= 0))
}

func subInt(a, b int64) (int64, bool) {
	s := a - b
	// Overflow iff a and b have different signs and s's sign differs from a's.
	return s, !((a >= 0) != (b >= 0) && (s >= 0) != (a >= 0))
}

func mulInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	neg := (a < 0) != (b < 0)
	ua, ub := absU(a), absU(b)
	hi, lo := bits.Mul64(ua, ub)
	if hi != 0 {
		return 0, false
	}
	if neg {
		if lo > 1<<63 {
			return 0, false
		}
		return int64(-lo), true //nolint:gosec // range checked above
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-(a + 1)) + 1
	}
	return uint64(a)
}

// Truth converts a value to three-valued logic: booleans and null only;
// anything else is a TypeError/InvalidArgumentType naming the operator.
func Truth(op string, v value.Value) (value.Tri, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return value.Unknown, nil
	case value.Bool:
		return value.TriOf(bool(x)), nil
	}
	return value.Unknown, opTypeErr(op, v, nil)
}

// Not is the NOT operator.
func Not(a value.Value) (value.Value, error) {
	t, err := Truth("NOT", a)
	if err != nil {
		return nil, err
	}
	return t.Not().Value(), nil
}

func logic(op string, a, b value.Value, f func(x, y value.Tri) value.Tri) (value.Value, error) {
	x, err := Truth(op, a)
	if err != nil {
		return nil, err
	}
	y, err := Truth(op, b)
	if err != nil {
		return nil, err
	}
	return f(x, y).Value(), nil
}

// And is the AND operator (three-valued).
func And(a, b value.Value) (value.Value, error) { return logic("AND", a, b, value.Tri.And) }

// Or is the OR operator (three-valued).
func Or(a, b value.Value) (value.Value, error) { return logic("OR", a, b, value.Tri.Or) }

// Xor is the XOR operator (three-valued).
func Xor(a, b value.Value) (value.Value, error) { return logic("XOR", a, b, value.Tri.Xor) }

// Eq is the = operator (three-valued).
func Eq(a, b value.Value) value.Value { return value.Equal(a, b).Value() }

// Ne is the <> operator (three-valued).
func Ne(a, b value.Value) value.Value { return value.Equal(a, b).Not().Value() }

// Lt is the < operator (null when the operands are not comparable).
func Lt(a, b value.Value) value.Value { return value.CompareOp("<", a, b).Value() }

// Le is the <= operator.
func Le(a, b value.Value) value.Value { return value.CompareOp("<=", a, b).Value() }

// Gt is the > operator.
func Gt(a, b value.Value) value.Value { return value.CompareOp(">", a, b).Value() }

// Ge is the >= operator.
func Ge(a, b value.Value) value.Value { return value.CompareOp(">=", a, b).Value() }

// In is the IN operator: true when list holds an element equal to x; null
// when no element is equal but some comparison was null (x is null, or the
// list holds a null or a list containing null that could match); false
// otherwise. A null list gives null; a non-list is a TypeError.
func In(x, list value.Value) (value.Value, error) {
	if isNull(list) {
		return value.NullValue, nil
	}
	l, ok := list.(value.List)
	if !ok {
		return nil, cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType",
			"the right-hand side of IN must be a list, but was %s", value.TypeName(list))
	}
	unknown := false
	for _, e := range l {
		switch value.Equal(x, e) {
		case value.True:
			return value.Bool(true), nil
		case value.Unknown:
			unknown = true
		}
	}
	if unknown {
		return value.NullValue, nil
	}
	return value.Bool(false), nil
}

func twoStrings(a, b value.Value) (string, string, bool) {
	x, ok1 := a.(value.String)
	y, ok2 := b.(value.String)
	return string(x), string(y), ok1 && ok2
}

// StartsWith is the STARTS WITH operator: null unless both are strings.
func StartsWith(a, b value.Value) value.Value {
	x, y, ok := twoStrings(a, b)
	if !ok {
		return value.NullValue
	}
	return value.Bool(strings.HasPrefix(x, y))
}

// EndsWith is the ENDS WITH operator: null unless both are strings.
func EndsWith(a, b value.Value) value.Value {
	x, y, ok := twoStrings(a, b)
	if !ok {
		return value.NullValue
	}
	return value.Bool(strings.HasSuffix(x, y))
}

// Contains is the CONTAINS operator: null unless both are strings.
func Contains(a, b value.Value) value.Value {
	x, y, ok := twoStrings(a, b)
	if !ok {
		return value.NullValue
	}
	return value.Bool(strings.Contains(x, y))
}

// RegexMatch is the =~ operator: whether the whole string matches the
// pattern (Java's Pattern.matches). Null unless both are strings. The
// pattern is Java syntax translated to RE2 where that is cheap (POSIX
// \p{...} classes, (?u) and (?U) flags); constructs RE2 lacks
// (backreferences, lookaround, possessive quantifiers) are rejected with
// ArgumentError/InvalidArgumentValue. Compiled patterns are cached.
func RegexMatch(a, b value.Value) (value.Value, error) {
	s, p, ok := twoStrings(a, b)
	if !ok {
		return value.NullValue, nil
	}
	re, err := compileRegex(p)
	if err != nil {
		return nil, err
	}
	return value.Bool(re.MatchString(s)), nil
}

var regexCache struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}

const regexCacheMax = 256

var javaClasses = strings.NewReplacer(
	`\p{Lower}`, `[a-z]`, `\p{Upper}`, `[A-Z]`, `\p{ASCII}`, `[\x00-\x7F]`,
	`\p{Alpha}`, `[a-zA-Z]`, `\p{Digit}`, `[0-9]`, `\p{Alnum}`, `[a-zA-Z0-9]`,
	`\p{Punct}`, `[!-/:-@\[-`+"`"+`{-~]`, `\p{Graph}`, `[!-~]`, `\p{Print}`, `[ -~]`,
	`\p{Blank}`, `[ \t]`, `\p{Cntrl}`, `[\x00-\x1F\x7F]`, `\p{XDigit}`, `[0-9a-fA-F]`,
	`\p{Space}`, `\s`, `\p{javaLowerCase}`, `\p{Ll}`, `\p{javaUpperCase}`, `\p{Lu}`,
	`\p{javaWhitespace}`, `\s`, `\h`, `[ \t\xA0\x{1680}\x{180e}\x{2000}-\x{200a}\x{202f}\x{205f}\x{3000}]`,
	`(?u)`, ``, `(?U)`, ``,
)

func compileRegex(p string) (*regexp.Regexp, error) {
	regexCache.Lock()
	re, ok := regexCache.m[p]
	regexCache.Unlock()
	if ok {
		return re, nil
	}
	re, err := regexp.Compile(`^(?:` + javaClasses.Replace(p) + `)$`)
	if err != nil {
		return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidArgumentValue",
			"invalid regular expression %s: %v", value.QuoteString(p), err)
	}
	regexCache.Lock()
	if regexCache.m == nil || len(regexCache.m) >= regexCacheMax {
		regexCache.m = make(map[string]*regexp.Regexp)
	}
	regexCache.m[p] = re
	regexCache.Unlock()
	return re, nil
}

// Index is the subscript operator container[idx]:
//   - list[int]: the element, counting from the end for negative indexes;
//     null when out of range; a non-integer index is
//     TypeError/ListElementAccessByNonInteger;
//   - map[string], node[string], relationship[string]: the property or
//     null; a non-string key is TypeError/MapElementAccessByNonString;
//   - null container or null index: null;
//   - anything else: TypeError/InvalidArgumentType.
func Index(ctx *Context, container, idx value.Value) (value.Value, error) {
	if isNull(container) || isNull(idx) {
		return value.NullValue, nil
	}
	switch c := container.(type) {
	case value.List:
		i, ok := idx.(value.Int)
		if !ok {
			return nil, cyqerr.Runtimef(cyqerr.TypeError, "ListElementAccessByNonInteger",
				"list index must be an integer, but was %s", value.TypeName(idx))
		}
		n := int64(len(c))
		j := int64(i)
		if j < 0 {
			j += n
		}
		if j < 0 || j >= n || c[j] == nil {
			return value.NullValue, nil
		}
		return c[j], nil
	case value.Vector:
		i, ok := idx.(value.Int)
		if !ok {
			return nil, cyqerr.Runtimef(cyqerr.TypeError, "ListElementAccessByNonInteger",
				"vector index must be an integer, but was %s", value.TypeName(idx))
		}
		n := int64(len(c))
		j := int64(i)
		if j < 0 {
			j += n
		}
		if j < 0 || j >= n {
			return value.NullValue, nil
		}
		return value.Float(c[j]), nil
	case value.Map, value.Node, value.Rel:
		k, ok := idx.(value.String)
		if !ok {
			return nil, cyqerr.Runtimef(cyqerr.TypeError, "MapElementAccessByNonString",
				"map key must be a string, but was %s", value.TypeName(idx))
		}
		return Property(ctx, container, string(k))
	}
	if _, ok := container.(PropertyGetter); ok {
		if k, ok := idx.(value.String); ok {
			return Property(ctx, container, string(k))
		}
	}
	return nil, cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType",
		"cannot index a value of type %s", value.TypeName(container))
}

// Slice is list[from..to]: hasFrom/hasTo say whether each bound was
// written. Bounds count from the end when negative and are clamped to the
// list; from >= to gives an empty list. A null list or an explicit null
// bound gives null; a non-integer bound is
// TypeError/ListElementAccessByNonInteger.
func Slice(list, from, to value.Value, hasFrom, hasTo bool) (value.Value, error) {
	if isNull(list) || (hasFrom && isNull(from)) || (hasTo && isNull(to)) {
		return value.NullValue, nil
	}
	l, ok := list.(value.List)
	if !ok {
		return nil, cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType",
			"cannot slice a value of type %s", value.TypeName(list))
	}
	n := int64(len(l))
	bound := func(v value.Value, has bool, def int64) (int64, error) {
		if !has {
			return def, nil
		}
		i, ok := v.(value.Int)
		if !ok {
			return 0, cyqerr.Runtimef(cyqerr.TypeError, "ListElementAccessByNonInteger",
				"list slice bound must be an integer, but was %s", value.TypeName(v))
		}
		j := int64(i)
		if j < 0 {
			j += n
		}
		return min(max(j, 0), n), nil
	}
	lo, err := bound(from, hasFrom, 0)
	if err != nil {
		return nil, err
	}
	hi, err := bound(to, hasTo, n)
	if err != nil {
		return nil, err
	}
	if lo >= hi {
		return value.List{}, nil
	}
	return append(value.List(nil), l[lo:hi]...), nil
}

// Property is property access v.key on a map, node, relationship or an
// extension value with properties. Missing keys give null, as does a null
// v; any other v is TypeError/InvalidArgumentType. Nodes and relationships
// are read through ctx.Graph when set, otherwise from the values' Props.
func Property(ctx *Context, v value.Value, key string) (value.Value, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Map:
		if e, ok := x[key]; ok && e != nil {
			return e, nil
		}
		return value.NullValue, nil
	case value.Node:
		if g := ctx.graph(); g != nil {
			return nullIfMissing(g.NodeProp(x.ID, key))
		}
		return nullIfMissing(x.Props[key], nil)
	case value.Rel:
		if g := ctx.graph(); g != nil {
			return nullIfMissing(g.RelProp(x.ID, key))
		}
		return nullIfMissing(x.Props[key], nil)
	case PropertyGetter:
		if r, ok := x.Property(key); ok {
			return r, nil
		}
		return value.NullValue, nil
	}
	return nil, cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType",
		"cannot read property %s of a value of type %s", value.QuoteName(key), value.TypeName(v))
}

// nullIfMissing turns a missing property (nil without an error) into null.
func nullIfMissing(v value.Value, err error) (value.Value, error) {
	if v == nil && err == nil {
		return value.NullValue, nil
	}
	return v, err
}
