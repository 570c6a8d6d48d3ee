package functions

import (
	"math"
	"regexp"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
)

func TestMathFunctions(t *testing.T) {
	runCases(t, nil, []fcase{
		{fn: "abs", args: a(I(-3)), want: I(3)},
		{fn: "abs", args: a(I(3)), want: I(3)},
		{fn: "abs", args: a(F(-2.5)), want: F(2.5)},
		{fn: "abs", args: a(null), want: null},
		{fn: "abs", args: a(I(math.MinInt64)), err: overflow},
		{fn: "abs", args: a(S("x")), err: badArg},
		{fn: "ceil", args: a(F(0.1)), want: F(1)},
		{fn: "ceil", args: a(I(3)), want: F(3)},
		{fn: "ceil", args: a(null), want: null},
		{fn: "floor", args: a(F(-0.1)), want: F(-1)},
		{fn: "floor", args: a(B(true)), err: badArg},
		{fn: "round", args: a(F(3.5)), want: F(4)},
		{fn: "round", args: a(F(-3.5)), want: F(-3)},
		{fn: "round", args: a(F(2.4999)), want: F(2)},
		{fn: "round", args: a(F(0.49999999999999994)), want: F(0)},
		{fn: "round", args: a(I(7)), want: F(7)},
		{fn: "round", args: a(nan), want: nan},
		{fn: "round", args: a(null), want: null},
		{fn: "round", args: a(F(3.14159), I(2)), want: F(3.14)},
		{fn: "round", args: a(F(-1.5), I(0)), want: F(-1)},               // precision 0 ties toward +inf, like round(x)
		{fn: "round", args: a(F(-1.5), I(0), S("HALF_UP")), want: F(-2)}, // an explicit mode applies as given
		{fn: "round", args: a(F(1.005), I(2)), want: F(1.01)},            // decimal, not binary, rounding
		{fn: "round", args: a(F(1234.5), I(-2)), want: F(1200)},
		{fn: "round", args: a(F(1250), I(-2)), want: F(1300)},
		{fn: "round", args: a(F(0.001), I(1)), want: F(0)},
		{fn: "round", args: a(F(9.99), I(1)), want: F(10)},
		{fn: "round", args: a(I(5), I(2)), want: F(5)},
		{fn: "round", args: a(F(1.5), null), want: null},
		{fn: "round", args: a(F(2.5), I(0), S("HALF_EVEN")), want: F(2)},
		{fn: "round", args: a(F(3.5), I(0), S("half_even")), want: F(4)},
		{fn: "round", args: a(F(2.5), I(0), S("HALF_DOWN")), want: F(2)},
		{fn: "round", args: a(F(2.51), I(0), S("HALF_DOWN")), want: F(3)},
		{fn: "round", args: a(F(-2.1), I(0), S("CEILING")), want: F(-2)},
		{fn: "round", args: a(F(-2.1), I(0), S("FLOOR")), want: F(-3)},
		{fn: "round", args: a(F(-2.1), I(0), S("UP")), want: F(-3)},
		{fn: "round", args: a(F(-2.9), I(0), S("DOWN")), want: F(-2)},
		{fn: "round", args: a(F(0.001), I(1), S("UP")), want: F(0.1)},
		{fn: "round", args: a(F(2.5), I(0), S("UNNECESSARY")), err: argErr("InvalidArgumentValue")},
		{fn: "round", args: a(F(2.5), I(1), S("UNNECESSARY")), want: F(2.5)},
		{fn: "round", args: a(F(2.5), I(0), S("SIDEWAYS")), err: argErr("InvalidArgumentValue")},
		{fn: "round", args: a(F(2.5), F(1)), err: badArg},
		{fn: "sign", args: a(I(-17)), want: I(-1)},
		{fn: "sign", args: a(F(0.1)), want: I(1)},
		{fn: "sign", args: a(I(0)), want: I(0)},
		{fn: "sign", args: a(null), want: null},
		{fn: "sqrt", args: a(I(256)), want: F(16)},
		{fn: "sqrt", args: a(I(-1)), want: nan},
		{fn: "exp", args: a(I(0)), want: F(1)},
		{fn: "log", args: a(I(0)), want: F(math.Inf(-1))},
		{fn: "log", args: a(F(math.E)), want: F(1)},
		{fn: "log10", args: a(I(1000)), want: F(3)},
		{fn: "e", args: a(), want: F(math.E)},
		{fn: "pi", args: a(), want: F(math.Pi)},
		{fn: "isNaN", args: a(F(math.NaN())), want: B(true)},
		{fn: "isNaN", args: a(I(1)), want: B(false)},
		{fn: "isNaN", args: a(null), want: null},
		{fn: "isNaN", args: a(S("NaN")), err: badArg},
		{fn: "sin", args: a(I(0)), want: F(0)},
		{fn: "cos", args: a(I(0)), want: F(1)},
		{fn: "tan", args: a(I(0)), want: F(0)},
		{fn: "cot", args: a(I(0)), want: F(math.Inf(1))},
		{fn: "asin", args: a(I(1)), want: F(math.Pi / 2)},
		{fn: "acos", args: a(I(2)), want: nan},
		{fn: "atan", args: a(I(1)), want: F(math.Pi / 4)},
		{fn: "atan2", args: a(I(1), I(1)), want: F(math.Pi / 4)},
		{fn: "atan2", args: a(null, I(1)), want: null},
		{fn: "atan2", args: a(I(1), S("1")), err: badArg},
		{fn: "sinh", args: a(I(0)), want: F(0)},
		{fn: "cosh", args: a(I(0)), want: F(1)},
		{fn: "tanh", args: a(I(0)), want: F(0)},
		{fn: "coth", args: a(I(0)), want: F(math.Inf(1))},
		{fn: "degrees", args: a(F(math.Pi)), want: F(180)},
		{fn: "radians", args: a(I(180)), want: F(math.Pi)},
		{fn: "haversin", args: a(I(0)), want: F(0)},
		{fn: "haversin", args: a(F(math.Pi)), want: F(1)},
	})
}

func TestRand(t *testing.T) {
	ctx := NewContext(t.Context(), nil)
	for range 1000 {
		v, err := call(ctx, "rand")
		if err != nil {
			t.Fatal(err)
		}
		f := float64(v.(value.Float))
		if f < 0 || f >= 1 {
			t.Fatalf("rand() = %v", f)
		}
	}
	if f, _ := Lookup("rand"); f.Deterministic {
		t.Error("rand must not be deterministic")
	}
	if _, err := call(nil, "rand"); err != nil {
		t.Error(err)
	}
}

func TestRoundDecimal(t *testing.T) {
	for _, c := range []struct {
		f    float64
		p    int
		mode RoundingMode
		want float64
	}{
		{0.125, 2, RoundHalfEven, 0.12},
		{0.135, 2, RoundHalfEven, 0.14},
		{-0.125, 2, RoundHalfUp, -0.13},
		{1e300, 2, RoundHalfUp, 1e300},
		{123.456, -5, RoundHalfUp, 0},
		{123.456, -5, RoundUp, 100000},
		{-0.4, 0, RoundHalfUp, 0},
		{99.5, 0, RoundHalfUp, 100},
		{5e-324, 400, RoundHalfUp, 5e-324},
	} {
		got, err := RoundDecimal(c.f, c.p, c.mode)
		if err != nil || got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("RoundDecimal(%v, %d, %d) = %v, %v; want %v", c.f, c.p, c.mode, got, err, c.want)
		}
	}
}

func TestConversionFunctions(t *testing.T) {
	node := value.Node{ID: 1}
	rel := value.Rel{ID: 1, Type: "T"}
	path := value.Path{Nodes: []value.Node{node}}
	runCases(t, nil, []fcase{
		{fn: "toInteger", args: a(F(82.9)), want: I(82)},
		{fn: "toInteger", args: a(F(-82.9)), want: I(-82)},
		{fn: "toInteger", args: a(I(5)), want: I(5)},
		{fn: "toInteger", args: a(S("42")), want: I(42)},
		{fn: "toInteger", args: a(S(" 42 ")), want: I(42)},
		{fn: "toInteger", args: a(S("2.9")), want: I(2)},
		{fn: "toInteger", args: a(S("1.7")), want: I(1)},
		{fn: "toInteger", args: a(S("1e3")), want: I(1000)},
		{fn: "toInteger", args: a(S("9223372036854775807")), want: I(math.MaxInt64)},
		{fn: "toInteger", args: a(S("foo")), want: null},
		{fn: "toInteger", args: a(S("")), want: null},
		{fn: "toInteger", args: a(S("0x1F")), want: null},
		{fn: "toInteger", args: a(B(true)), want: I(1)},
		{fn: "toInteger", args: a(B(false)), want: I(0)},
		{fn: "toInteger", args: a(null), want: null},
		{fn: "toInteger", args: a(F(1e20)), err: argErr("NumberOutOfRange")},
		{fn: "toInteger", args: a(nan), err: argErr("NumberOutOfRange")},
		{fn: "toInteger", args: a(L()), err: badArg},
		{fn: "toInteger", args: a(M()), err: badArg},
		{fn: "toInteger", args: a(node), err: badArg},
		{fn: "toInteger", args: a(rel), err: badArg},
		{fn: "toInteger", args: a(path), err: badArg},
		{fn: "toIntegerOrNull", args: a(L()), want: null},
		{fn: "toIntegerOrNull", args: a(S("7")), want: I(7)},
		{fn: "toIntegerOrNull", args: a(F(1e20)), want: null},
		{fn: "toFloat", args: a(I(3)), want: F(3)},
		{fn: "toFloat", args: a(F(3.4)), want: F(3.4)},
		{fn: "toFloat", args: a(S("5")), want: F(5)},
		{fn: "toFloat", args: a(S("1.5e3")), want: F(1500)},
		{fn: "toFloat", args: a(S("NaN")), want: nan},
		{fn: "toFloat", args: a(S("-Infinity")), want: F(math.Inf(-1))},
		{fn: "toFloat", args: a(S("inf")), want: null},
		{fn: "toFloat", args: a(S("foo")), want: null},
		{fn: "toFloat", args: a(S("")), want: null},
		{fn: "toFloat", args: a(null), want: null},
		{fn: "toFloat", args: a(B(true)), err: badArg},
		{fn: "toFloat", args: a(L()), err: badArg},
		{fn: "toFloat", args: a(M()), err: badArg},
		{fn: "toFloat", args: a(node), err: badArg},
		{fn: "toFloat", args: a(rel), err: badArg},
		{fn: "toFloat", args: a(path), err: badArg},
		{fn: "toFloatOrNull", args: a(B(true)), want: null},
		{fn: "toString", args: a(I(42)), want: S("42")},
		{fn: "toString", args: a(F(2.3)), want: S("2.3")},
		{fn: "toString", args: a(F(1)), want: S("1.0")},
		{fn: "toString", args: a(F(1e20)), want: S("1.0E20")},
		{fn: "toString", args: a(B(true)), want: S("true")},
		{fn: "toString", args: a(S("apa")), want: S("apa")},
		{fn: "toString", args: a(null), want: null},
		{fn: "toString", args: a(L()), err: badArg},
		{fn: "toString", args: a(M()), err: badArg},
		{fn: "toString", args: a(node), err: badArg},
		{fn: "toString", args: a(rel), err: badArg},
		{fn: "toString", args: a(path), err: badArg},
		{fn: "toStringOrNull", args: a(L(I(1))), want: null},
		{fn: "toBoolean", args: a(S("TRUE")), want: B(true)},
		{fn: "toBoolean", args: a(S(" false ")), want: B(false)},
		{fn: "toBoolean", args: a(S("yes")), want: null},
		{fn: "toBoolean", args: a(B(false)), want: B(false)},
		{fn: "toBoolean", args: a(I(0)), want: B(false)},
		{fn: "toBoolean", args: a(I(-3)), want: B(true)},
		{fn: "toBoolean", args: a(null), want: null},
		{fn: "toBoolean", args: a(F(1)), err: badArg},
		{fn: "toBooleanOrNull", args: a(F(1.5)), want: null},
		{fn: "toIntegerList", args: a(L(I(1), S("2"), null, F(3.7), L(), S("x"))), want: L(I(1), I(2), null, I(3), null, null)},
		{fn: "toIntegerList", args: a(null), want: null},
		{fn: "toIntegerList", args: a(I(1)), err: badArg},
		{fn: "toFloatList", args: a(L(I(1), S("2.5"), B(true))), want: L(F(1), F(2.5), null)},
		{fn: "toFloatList", args: a(value.Vector{1.5}), want: L(F(1.5))},
		{fn: "toStringList", args: a(L(I(1), F(2), B(true), L())), want: L(S("1"), S("2.0"), S("true"), null)},
		{fn: "toBooleanList", args: a(L(S("true"), I(0), F(1), null)), want: L(B(true), B(false), null, null)},
		{fn: "valueType", args: a(I(1)), want: S("INTEGER NOT NULL")},
		{fn: "valueType", args: a(null), want: S("NULL")},
		{fn: "valueType", args: a(F(1)), want: S("FLOAT NOT NULL")},
		{fn: "valueType", args: a(S("")), want: S("STRING NOT NULL")},
		{fn: "valueType", args: a(L()), want: S("LIST<NOTHING> NOT NULL")},
		{fn: "valueType", args: a(L(I(1), I(2))), want: S("LIST<INTEGER NOT NULL> NOT NULL")},
		{fn: "valueType", args: a(L(I(1), null)), want: S("LIST<INTEGER> NOT NULL")},
		{fn: "valueType", args: a(L(S("a"), I(1))), want: S("LIST<INTEGER NOT NULL | STRING NOT NULL> NOT NULL")},
		{fn: "valueType", args: a(node), want: S("NODE NOT NULL")},
		{fn: "valueType", args: a(M()), want: S("MAP NOT NULL")},
		{fn: "valueType", args: a(value.Vector{1, 2}), want: S("VECTOR<FLOAT32>(2) NOT NULL")},
	})
}

func TestStringFunctions(t *testing.T) {
	runCases(t, nil, []fcase{
		{fn: "substring", args: a(S("0123456789"), I(1)), want: S("123456789")},
		{fn: "substring", args: a(S("0123456789"), I(1), I(3)), want: S("123")},
		{fn: "substring", args: a(S("0123456789"), I(8), I(30)), want: S("89")},
		{fn: "substring", args: a(S("abc"), I(10)), want: S("")},
		{fn: "substring", args: a(S("Malmö!"), I(4), I(1)), want: S("ö")},
		{fn: "substring", args: a(null, I(1)), want: null},
		{fn: "substring", args: a(S("abc"), I(-1)), err: argErr("NegativeIntegerArgument")},
		{fn: "substring", args: a(S("abc"), I(0), I(-1)), err: argErr("NegativeIntegerArgument")},
		{fn: "substring", args: a(S("abc"), null), err: argErr("InvalidArgumentValue")},
		{fn: "substring", args: a(I(1), I(0)), err: badArg},
		{fn: "substring", args: a(S("abc"), F(1)), err: badArg},
		{fn: "left", args: a(S("hello"), I(3)), want: S("hel")},
		{fn: "left", args: a(S("hello"), I(30)), want: S("hello")},
		{fn: "left", args: a(null, I(3)), want: null},
		{fn: "left", args: a(S("hello"), I(-1)), err: argErr("NegativeIntegerArgument")},
		{fn: "left", args: a(S("hello"), null), err: argErr("InvalidArgumentValue")},
		{fn: "right", args: a(S("hello"), I(3)), want: S("llo")},
		{fn: "right", args: a(S("hello"), I(0)), want: S("")},
		{fn: "right", args: a(S("héllo"), I(4)), want: S("éllo")},
		{fn: "ltrim", args: a(S("  a b  ")), want: S("a b  ")},
		{fn: "rtrim", args: a(S("  a b  ")), want: S("  a b")},
		{fn: "trim", args: a(S(" \t\na b \n")), want: S("a b")},
		{fn: "trim", args: a(null), want: null},
		{fn: "trim", args: a(I(1)), err: badArg},
		{fn: "ltrim", args: a(S("xxhixx"), S("x")), want: S("hixx")},
		{fn: "rtrim", args: a(S("xxhixx"), S("x")), want: S("xxhi")},
		{fn: "btrim", args: a(S("xxhixx"), S("x")), want: S("hi")},
		{fn: "btrim", args: a(S("  hi  ")), want: S("hi")},
		{fn: "btrim", args: a(S("xxyyhelloxyxy"), S("xy")), want: S("hello")},     // a set of characters
		{fn: "ltrim", args: a(S("xxyyhelloxyxy"), S("yx")), want: S("helloxyxy")}, // in any order
		{fn: "rtrim", args: a(S("xxyyhelloxyxy"), S("xy")), want: S("xxyyhello")},
		{fn: "btrim", args: a(S("hi"), S("")), want: S("hi")},                        // the empty set trims nothing
		{fn: "trim", args: a(S("hi"), S("xy")), err: argErr("InvalidArgumentValue")}, // trim takes one character
		{fn: "btrim", args: a(S("hi"), null), want: null},
		{fn: "replace", args: a(S("hello"), S("l"), S("w")), want: S("hewwo")},
		{fn: "replace", args: a(S("abc"), S(""), S("-")), want: S("-a-b-c-")},
		{fn: "replace", args: a(S("abc"), null, S("-")), want: null},
		{fn: "replace", args: a(S("abc"), I(1), S("-")), err: badArg},
		{fn: "split", args: a(S("one,two"), S(",")), want: L(S("one"), S("two"))},
		{fn: "split", args: a(S("a,,b,"), S(",")), want: L(S("a"), S(""), S("b"), S(""))},
		{fn: "split", args: a(S(""), S(",")), want: L(S(""))},
		{fn: "split", args: a(S("abc"), S("")), want: L(S("a"), S("b"), S("c"))},
		{fn: "split", args: a(S("a,b;c"), L(S(","), S(";"))), want: L(S("a"), S("b"), S("c"))},
		{fn: "split", args: a(S("a::b:c"), L(S(":"), S("::"))), want: L(S("a"), S("b"), S("c"))},
		{fn: "split", args: a(null, S(",")), want: null},
		{fn: "split", args: a(S("a"), null), want: null},
		{fn: "split", args: a(S("a"), I(1)), err: badArg},
		{fn: "toUpper", args: a(S("hello")), want: S("HELLO")},
		{fn: "toLower", args: a(S("HeLLo")), want: S("hello")},
		{fn: "upper", args: a(S("ö")), want: S("Ö")},
		{fn: "lower", args: a(null), want: null},
		{fn: "toUpper", args: a(I(1)), err: badArg},
		{fn: "reverse", args: a(S("raksO")), want: S("Oskar")},
		{fn: "reverse", args: a(S("åäö")), want: S("öäå")},
		{fn: "reverse", args: a(L(I(1), S("a"), null)), want: L(null, S("a"), I(1))},
		{fn: "reverse", args: a(null), want: null},
		{fn: "reverse", args: a(I(12)), err: badArg},
		{fn: "char_length", args: a(S("Malmö")), want: I(5)},
		{fn: "character_length", args: a(S("")), want: I(0)},
		{fn: "char_length", args: a(L()), err: badArg},
		{fn: "normalize", args: a(S("\u212B")), want: S("\u00C5")},
		{fn: "normalize", args: a(S("\u00C5"), S("NFD")), want: S("A\u030A")},
		{fn: "normalize", args: a(S("ﬁ"), S("nfkc")), want: S("fi")},
		{fn: "normalize", args: a(S("a"), S("NFX")), err: argErr("InvalidArgumentValue")},
	})
}

func TestListFunctions(t *testing.T) {
	path := value.Path{Nodes: []value.Node{{ID: 1}, {ID: 2}, {ID: 3}}, Rels: []value.Rel{{ID: 1}, {ID: 2}}}
	runCases(t, nil, []fcase{
		{fn: "size", args: a(L(I(1), I(2), I(3))), want: I(3)},
		{fn: "size", args: a(S("Malmö")), want: I(5)},
		{fn: "size", args: a(value.Vector{1, 2}), want: I(2)},
		{fn: "size", args: a(null), want: null},
		{fn: "size", args: a(I(1)), err: badArg},
		{fn: "length", args: a(path), want: I(2)},
		{fn: "length", args: a(S("abc")), want: I(3)},
		{fn: "length", args: a(null), want: null},
		{fn: "length", args: a(I(1)), err: badArg},
		{fn: "head", args: a(L(I(1), I(2))), want: I(1)},
		{fn: "head", args: a(L()), want: null},
		{fn: "head", args: a(null), want: null},
		{fn: "head", args: a(S("a")), err: badArg},
		{fn: "last", args: a(L(I(1), I(2))), want: I(2)},
		{fn: "last", args: a(L()), want: null},
		{fn: "tail", args: a(L(I(1), I(2), I(3))), want: L(I(2), I(3))},
		{fn: "tail", args: a(L()), want: L()},
		{fn: "tail", args: a(null), want: null},
		{fn: "range", args: a(I(0), I(3)), want: L(I(0), I(1), I(2), I(3))},
		{fn: "range", args: a(I(0), I(10), I(4)), want: L(I(0), I(4), I(8))},
		{fn: "range", args: a(I(3), I(0), I(-1)), want: L(I(3), I(2), I(1), I(0))},
		{fn: "range", args: a(I(1), I(0)), want: L()},
		{fn: "range", args: a(I(0), I(5), I(-1)), want: L()},
		{fn: "range", args: a(I(-2000), I(0), I(1298)), want: L(I(-2000), I(-702))},
		{fn: "range", args: a(I(math.MaxInt64-1), I(math.MaxInt64)), want: L(I(math.MaxInt64-1), I(math.MaxInt64))},
		{fn: "range", args: a(I(math.MinInt64), I(math.MinInt64+1), I(math.MaxInt64)), want: L(I(math.MinInt64))},
		{fn: "range", args: a(I(2), I(8), I(0)), err: argErr("NumberOutOfRange")},
		{fn: "range", args: a(I(0), I(0), I(0)), err: argErr("NumberOutOfRange")},
		{fn: "range", args: a(B(true), I(1), I(1)), err: argErr("InvalidArgumentType")},
		{fn: "range", args: a(F(0), I(1), I(1)), err: argErr("InvalidArgumentType")},
		{fn: "range", args: a(I(0), F(-1.1), I(1)), err: argErr("InvalidArgumentType")},
		{fn: "range", args: a(I(0), I(1), B(true)), err: argErr("InvalidArgumentType")},
		{fn: "range", args: a(I(0), I(math.MaxInt64)), err: &errWant{"LimitExceeded", ""}},
		{fn: "keys", args: a(M("b", I(1), "a", null)), want: L(S("a"), S("b"))},
		{fn: "keys", args: a(value.Node{ID: 1, Props: M("x", I(1))}), want: L(S("x"))},
		{fn: "keys", args: a(value.Rel{ID: 1}), want: L()},
		{fn: "keys", args: a(null), want: null},
		{fn: "keys", args: a(I(1)), err: badArg},
		{fn: "coalesce", args: a(null, I(2), I(3)), want: I(2)},
		{fn: "coalesce", args: a(null, null), want: null},
		{fn: "coalesce", args: a(S("a")), want: S("a")},
		{fn: "isEmpty", args: a(L()), want: B(true)},
		{fn: "isEmpty", args: a(L(null)), want: B(false)},
		{fn: "isEmpty", args: a(S("")), want: B(true)},
		{fn: "isEmpty", args: a(M()), want: B(true)},
		{fn: "isEmpty", args: a(null), want: null},
		{fn: "isEmpty", args: a(I(0)), err: badArg},
		{fn: "nullIf", args: a(I(4), I(4)), want: null},
		{fn: "nullIf", args: a(I(4), F(4)), want: null},
		{fn: "nullIf", args: a(S("abc"), S("def")), want: S("abc")},
		{fn: "nullIf", args: a(S("abc"), null), want: S("abc")},
	})
}

var _ Graph = (*fakeGraph)(nil)

// fakeGraph is an in-memory Graph.
type fakeGraph struct {
	labels map[uint32][]string
	nodes  map[uint32]value.Map
	rels   map[uint64]value.Map
}

func (g *fakeGraph) NodeLabels(id uint32) ([]string, error) { return g.labels[id], nil }
func (g *fakeGraph) NodeProps(id uint32) (value.Map, error) { return g.nodes[id], nil }
func (g *fakeGraph) NodeProp(id uint32, k string) (value.Value, error) {
	return g.nodes[id][k], nil
}
func (g *fakeGraph) RelProps(id uint64) (value.Map, error) { return g.rels[id], nil }
func (g *fakeGraph) RelProp(id uint64, k string) (value.Value, error) {
	return g.rels[id][k], nil
}

func TestGraphFunctions(t *testing.T) {
	g := &fakeGraph{
		labels: map[uint32][]string{1: {"A", "B"}, 2: nil},
		nodes:  map[uint32]value.Map{1: M("name", S("x"), "age", I(3))},
		rels:   map[uint64]value.Map{7: M("since", I(2020))},
	}
	ctx := &Context{Graph: g}
	n1, n2 := value.Node{ID: 1}, value.Node{ID: 2}
	r := value.Rel{ID: 7, Type: "KNOWS", Start: 1, End: 2}
	p := value.Path{Nodes: []value.Node{n1, n2}, Rels: []value.Rel{r}}
	runCases(t, ctx, []fcase{
		{fn: "labels", args: a(n1), want: L(S("A"), S("B"))},
		{fn: "labels", args: a(n2), want: L()},
		{fn: "labels", args: a(null), want: null},
		{fn: "labels", args: a(I(1)), err: badArg},
		{fn: "labels", args: a(r), err: badArg},
		{fn: "type", args: a(r), want: S("KNOWS")},
		{fn: "type", args: a(null), want: null},
		{fn: "type", args: a(F(1)), err: badArg},
		{fn: "type", args: a(S("")), err: badArg},
		{fn: "type", args: a(L()), err: badArg},
		{fn: "type", args: a(n1), err: badArg},
		{fn: "id", args: a(n1), want: I(1)},
		{fn: "id", args: a(r), want: I(7)},
		{fn: "id", args: a(S("x")), err: badArg},
		{fn: "elementId", args: a(n1), want: S("n:1")},
		{fn: "elementId", args: a(r), want: S("r:7")},
		{fn: "elementId", args: a(null), want: null},
		{fn: "properties", args: a(n1), want: M("name", S("x"), "age", I(3))},
		{fn: "properties", args: a(n2), want: M()},
		{fn: "properties", args: a(r), want: M("since", I(2020))},
		{fn: "properties", args: a(M("a", I(1))), want: M("a", I(1))},
		{fn: "properties", args: a(null), want: null},
		{fn: "properties", args: a(I(1)), err: badArg},
		{fn: "properties", args: a(S("Cypher")), err: badArg},
		{fn: "properties", args: a(L(B(true))), err: badArg},
		{fn: "keys", args: a(n1), want: L(S("age"), S("name"))},
		{fn: "keys", args: a(r), want: L(S("since"))},
		{fn: "nodes", args: a(p), want: L(n1, n2)},
		{fn: "relationships", args: a(p), want: L(r)},
		{fn: "nodes", args: a(null), want: null},
		{fn: "nodes", args: a(n1), err: badArg},
		{fn: "startNode", args: a(r), want: n1},
		{fn: "endNode", args: a(r), want: n2},
		{fn: "endNode", args: a(n1), err: badArg},
		{fn: "exists", args: a(null), want: B(false)},
		{fn: "exists", args: a(I(0)), want: B(true)},
		{fn: "length", args: a(p), want: I(1)},
	})
	// Without a Graph, values' own fields are used.
	runCases(t, nil, []fcase{
		{fn: "labels", args: a(value.Node{ID: 1, Labels: []string{"X"}}), want: L(S("X"))},
		{fn: "properties", args: a(value.Rel{ID: 1, Props: M("a", I(1))}), want: M("a", I(1))},
	})
	for _, s := range []string{"n:1", "r:7"} {
		isNode, id, err := ParseElementID(s)
		if err != nil || isNode != (s[0] == 'n') || id != uint64(s[2]-'0') {
			t.Errorf("ParseElementID(%q) = %v %v %v", s, isNode, id, err)
		}
	}
	if _, _, err := ParseElementID("x:1"); err == nil {
		t.Error("ParseElementID(x:1) should fail")
	}
}

func TestTimestampAndUUID(t *testing.T) {
	now := time.Date(2025, 11, 21, 5, 0, 0, 0, time.UTC)
	ctx := &Context{Now: now}
	v, err := call(ctx, "timestamp")
	if err != nil || v != value.Int(now.UnixMilli()) {
		t.Errorf("timestamp() = %v, %v", v, err)
	}
	re := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[value.Value]bool{}
	for range 100 {
		v, err := call(NewContext(t.Context(), nil), "randomUUID")
		if err != nil || !re.MatchString(string(v.(value.String))) || seen[v] {
			t.Fatalf("randomUUID() = %v, %v", v, err)
		}
		seen[v] = true
	}
	if got := NewUUID(0, 0); got != "00000000-0000-4000-8000-000000000000" {
		t.Error(got)
	}
	if got := NewUUID(^uint64(0), ^uint64(0)); got != "ffffffff-ffff-4fff-bfff-ffffffffffff" {
		t.Error(got)
	}
}
