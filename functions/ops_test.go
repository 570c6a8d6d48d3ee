package functions

import (
	"fmt"
	"math"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// dur is a toy duration (whole seconds) implementing Arith and
// PropertyGetter, standing in for the temporal package's values.
type dur int64

func (dur) Kind() value.Kind                      { return value.KindDuration }
func (d dur) EqualSame(o value.Value) bool        { return d == o.(dur) }
func (d dur) CompareSame(value.Value) (int, bool) { return 0, false }
func (d dur) OrderSame(o value.Value) int         { return int(d - o.(dur)) }
func (d dur) AppendKey(dst []byte) []byte         { return fmt.Appendf(dst, "%d", int64(d)) }
func (d dur) String() string                      { return fmt.Sprintf("PT%dS", int64(d)) }

func (d dur) Arith(op ArithOp, other value.Value, left bool) (value.Value, bool, error) {
	switch op {
	case OpAdd, OpSub:
		o, ok := other.(dur)
		if !ok {
			return nil, false, nil
		}
		if op == OpSub {
			o = -o
		}
		return d + o, true, nil
	case OpMul:
		if n, ok := other.(value.Int); ok {
			return d * dur(n), true, nil
		}
	case OpDiv:
		if n, ok := other.(value.Int); ok && left && n != 0 {
			return d / dur(n), true, nil
		}
	case OpNeg:
		return -d, true, nil
	}
	return nil, false, nil
}

func (d dur) Property(key string) (value.Value, bool) {
	if key == "seconds" {
		return value.Int(d), true
	}
	return nil, false
}

type opFn func(a, b value.Value) (value.Value, error)

type opCase struct {
	name string
	op   opFn
	a, b value.Value
	want value.Value
	err  *errWant
}

func TestArithmetic(t *testing.T) {
	big := I(math.MaxInt64)
	small := I(math.MinInt64)
	cases := []opCase{
		{"+", Add, I(1), I(2), I(3), nil},
		{"+", Add, I(1), F(2), F(3), nil},
		{"+", Add, F(1.5), I(2), F(3.5), nil},
		{"+", Add, big, I(1), nil, overflow},
		{"+", Add, small, I(-1), nil, overflow},
		{"+", Add, big, small, I(-1), nil},
		{"+", Add, big, F(1), F(9.223372036854775807e18), nil},
		{"+", Add, S("a"), S("b"), S("ab"), nil},
		{"+", Add, S("a"), I(1), S("a1"), nil},
		{"+", Add, F(1.5), S("a"), S("1.5a"), nil},
		{"+", Add, S("a"), F(1), S("a1.0"), nil},
		{"+", Add, L(I(1)), L(I(2), I(3)), L(I(1), I(2), I(3)), nil},
		{"+", Add, L(I(1)), I(2), L(I(1), I(2)), nil},
		{"+", Add, I(0), L(I(1)), L(I(0), I(1)), nil},
		{"+", Add, L(), null, null, nil},
		{"+", Add, L(I(1)), L(null), L(I(1), null), nil},
		{"+", Add, null, I(1), null, nil},
		{"+", Add, I(1), null, null, nil},
		{"+", Add, B(true), I(1), nil, badOp},
		{"+", Add, S("a"), B(true), nil, badOp},
		{"+", Add, M(), M(), nil, badOp},
		{"+", Add, dur(2), dur(3), dur(5), nil},
		{"+", Add, dur(2), I(3), nil, badOp},
		{"-", Sub, I(1), I(3), I(-2), nil},
		{"-", Sub, F(1), I(3), F(-2), nil},
		{"-", Sub, small, I(1), nil, overflow},
		{"-", Sub, I(0), small, nil, overflow},
		{"-", Sub, I(-1), small, big, nil},
		{"-", Sub, S("a"), S("a"), nil, badOp},
		{"-", Sub, null, S("a"), null, nil},
		{"-", Sub, dur(5), dur(3), dur(2), nil},
		{"*", Mul, I(6), I(7), I(42), nil},
		{"*", Mul, I(-6), F(0.5), F(-3), nil},
		{"*", Mul, big, I(2), nil, overflow},
		{"*", Mul, small, I(-1), nil, overflow},
		{"*", Mul, small, I(1), small, nil},
		{"*", Mul, I(1 << 32), I(1 << 31), nil, overflow},
		{"*", Mul, I(-(1 << 32)), I(1 << 31), I(math.MinInt64), nil},
		{"*", Mul, I(3037000500), I(3037000500), nil, overflow},
		{"*", Mul, dur(2), I(3), dur(6), nil},
		{"*", Mul, I(3), dur(2), dur(6), nil},
		{"*", Mul, S("a"), I(2), nil, badOp},
		{"/", Div, I(7), I(2), I(3), nil},
		{"/", Div, I(-7), I(2), I(-3), nil},
		{"/", Div, I(7), F(2), F(3.5), nil},
		{"/", Div, I(1), I(0), nil, divZero},
		{"/", Div, I(0), I(0), nil, divZero},
		{"/", Div, F(1), I(0), F(math.Inf(1)), nil},
		{"/", Div, I(-1), F(0), F(math.Inf(-1)), nil},
		{"/", Div, F(0), F(0), nan, nil},
		{"/", Div, small, I(-1), nil, overflow},
		{"/", Div, null, I(0), null, nil},
		{"/", Div, dur(6), I(3), dur(2), nil},
		{"/", Div, I(6), dur(3), nil, badOp},
		{"%", Mod, I(7), I(3), I(1), nil},
		{"%", Mod, I(-7), I(3), I(-1), nil},
		{"%", Mod, I(7), I(-3), I(1), nil},
		{"%", Mod, small, I(-1), I(0), nil},
		{"%", Mod, I(7), I(0), nil, divZero},
		{"%", Mod, F(7.5), I(2), F(1.5), nil},
		{"%", Mod, F(-7.5), F(2), F(-1.5), nil},
		{"%", Mod, I(1), F(0), nan, nil},
		{"%", Mod, S("a"), I(1), nil, badOp},
		{"^", Pow, I(2), I(3), F(8), nil},
		{"^", Pow, I(2), I(-1), F(0.5), nil},
		{"^", Pow, F(4), F(0.5), F(2), nil},
		{"^", Pow, I(2), null, null, nil},
		{"^", Pow, I(2), S("3"), nil, badOp},
	}
	for _, c := range cases {
		got, err := c.op(c.a, c.b)
		checkResult(t, value.Format(c.a)+" "+c.name+" "+value.Format(c.b), got, err, c.want, c.err)
	}
}

func TestUnary(t *testing.T) {
	for _, c := range []struct {
		a, want value.Value
		err     *errWant
	}{
		{I(1), I(-1), nil},
		{F(1.5), F(-1.5), nil},
		{I(math.MinInt64), nil, overflow},
		{I(math.MaxInt64), I(-math.MaxInt64), nil},
		{null, null, nil},
		{dur(3), dur(-3), nil},
		{S("a"), nil, badOp},
	} {
		got, err := Neg(c.a)
		checkResult(t, "-"+value.Format(c.a), got, err, c.want, c.err)
	}
	for _, c := range []struct {
		a, want value.Value
		err     *errWant
	}{
		{I(1), I(1), nil}, {F(-2), F(-2), nil}, {null, null, nil}, {dur(3), dur(3), nil}, {B(true), nil, badOp},
	} {
		got, err := Pos(c.a)
		checkResult(t, "+"+value.Format(c.a), got, err, c.want, c.err)
	}
}

func TestLogic(t *testing.T) {
	T, Fa := B(true), B(false)
	for _, c := range []struct {
		a, b         value.Value
		and, or, xor value.Value
	}{
		{T, T, T, T, Fa},
		{T, Fa, Fa, T, T},
		{Fa, Fa, Fa, Fa, Fa},
		{T, null, null, T, null},
		{Fa, null, Fa, null, null},
		{null, null, null, null, null},
	} {
		for _, x := range []struct {
			name string
			f    opFn
			want value.Value
		}{{"AND", And, c.and}, {"OR", Or, c.or}, {"XOR", Xor, c.xor}} {
			got, err := x.f(c.a, c.b)
			checkResult(t, value.Format(c.a)+" "+x.name+" "+value.Format(c.b), got, err, x.want, nil)
			got, err = x.f(c.b, c.a)
			checkResult(t, value.Format(c.b)+" "+x.name+" "+value.Format(c.a), got, err, x.want, nil)
		}
	}
	for _, c := range []struct{ a, want value.Value }{{T, Fa}, {Fa, T}, {null, null}} {
		got, err := Not(c.a)
		checkResult(t, "NOT "+value.Format(c.a), got, err, c.want, nil)
	}
	if _, err := Not(I(1)); cyqerr.As(err) == nil || cyqerr.As(err).Detail != "InvalidArgumentType" {
		t.Errorf("NOT 1: %v", err)
	}
	if _, err := And(T, S("x")); err == nil {
		t.Error("true AND 'x' should fail")
	}
	if _, err := Or(I(0), null); err == nil {
		t.Error("0 OR null should fail")
	}
}

func TestComparison(t *testing.T) {
	T, Fa := B(true), B(false)
	for _, c := range []struct {
		name string
		f    func(a, b value.Value) value.Value
		a, b value.Value
		want value.Value
	}{
		{"=", Eq, I(1), F(1), T},
		{"=", Eq, I(1), S("1"), Fa},
		{"=", Eq, null, null, null},
		{"=", Eq, L(I(1), null), L(I(1), null), null},
		{"=", Eq, L(I(1), null), L(I(2), null), Fa},
		{"=", Eq, nan, nan, Fa},
		{"<>", Ne, I(1), I(2), T},
		{"<>", Ne, I(1), null, null},
		{"<", Lt, I(1), F(1.5), T},
		{"<", Lt, S("a"), S("b"), T},
		{"<", Lt, S("a"), I(1), null},
		{"<", Lt, nan, I(1), Fa},
		{"<=", Le, I(1), I(1), T},
		{">", Gt, L(I(1), I(2)), L(I(1)), T},
		{">=", Ge, B(true), B(false), T},
		{">=", Ge, null, I(1), null},
		{"STARTS WITH", StartsWith, S("abc"), S("ab"), T},
		{"STARTS WITH", StartsWith, S("abc"), S(""), T},
		{"STARTS WITH", StartsWith, S("abc"), null, null},
		{"STARTS WITH", StartsWith, I(1), S("1"), null},
		{"ENDS WITH", EndsWith, S("abc"), S("bc"), T},
		{"ENDS WITH", EndsWith, S("abc"), S("b"), Fa},
		{"ENDS WITH", EndsWith, L(), S("b"), null},
		{"CONTAINS", Contains, S("abc"), S("b"), T},
		{"CONTAINS", Contains, S("abc"), S("B"), Fa},
		{"CONTAINS", Contains, S("abc"), I(1), null},
	} {
		got := c.f(c.a, c.b)
		checkResult(t, value.Format(c.a)+" "+c.name+" "+value.Format(c.b), got, nil, c.want, nil)
	}
}

func TestIn(t *testing.T) {
	T, Fa := B(true), B(false)
	for _, c := range []opCase{
		{"IN", In, I(1), L(I(1), I(2)), T, nil},
		{"IN", In, F(1), L(I(1), I(2)), T, nil},
		{"IN", In, I(3), L(I(1), I(2)), Fa, nil},
		{"IN", In, I(3), L(I(1), null), null, nil},
		{"IN", In, I(1), L(I(1), null), T, nil},
		{"IN", In, null, L(I(1)), null, nil},
		{"IN", In, null, L(), Fa, nil},
		{"IN", In, I(1), null, null, nil},
		{"IN", In, L(I(1), null), L(L(I(1), null)), null, nil},
		{"IN", In, L(I(1), I(2)), L(L(I(1), null)), null, nil},
		{"IN", In, L(I(1), I(2)), L(L(null, S("foo"))), Fa, nil},
		{"IN", In, L(I(1), I(2)), L(L(null, S("foo")), L(I(1), I(2))), T, nil},
		{"IN", In, L(I(1)), L(L(I(1), null)), Fa, nil},
		{"IN", In, L(null), L(null), null, nil},
		{"IN", In, L(I(1), I(2)), L(I(1), I(2)), Fa, nil},
		{"IN", In, I(1), L(S("1"), I(2)), Fa, nil},
		{"IN", In, L(I(1)), L(L(I(1)), I(2)), T, nil},
		{"IN", In, I(1), I(1), nil, badOp},
	} {
		got, err := c.op(c.a, c.b)
		checkResult(t, value.Format(c.a)+" IN "+value.Format(c.b), got, err, c.want, c.err)
	}
}

func TestRegexMatch(t *testing.T) {
	T, Fa := B(true), B(false)
	for _, c := range []opCase{
		{"=~", RegexMatch, S("abc"), S("a.c"), T, nil},
		{"=~", RegexMatch, S("abcd"), S("a.c"), Fa, nil}, // whole-string match
		{"=~", RegexMatch, S("xabc"), S("abc"), Fa, nil},
		{"=~", RegexMatch, S("a|b"), S("a|b|c"), Fa, nil},
		{"=~", RegexMatch, S("b"), S("a|b"), T, nil},
		{"=~", RegexMatch, S("ABC"), S("(?i)abc"), T, nil},
		{"=~", RegexMatch, S("Foo Bar"), S(`\p{Upper}\p{Lower}+ \p{Alpha}+`), T, nil},
		{"=~", RegexMatch, S("a\nb"), S("a.b"), Fa, nil},
		{"=~", RegexMatch, S("a\nb"), S("(?s)a.b"), T, nil},
		{"=~", RegexMatch, null, S("a"), null, nil},
		{"=~", RegexMatch, S("a"), null, null, nil},
		{"=~", RegexMatch, I(1), S("1"), null, nil},
		{"=~", RegexMatch, S("a"), S("("), nil, argErr("InvalidArgumentValue")},
		{"=~", RegexMatch, S("aa"), S(`(a)\1`), nil, argErr("InvalidArgumentValue")},
	} {
		got, err := c.op(c.a, c.b)
		checkResult(t, value.Format(c.a)+" =~ "+value.Format(c.b), got, err, c.want, c.err)
	}
	// The cache keeps working past its bound.
	for i := range regexCacheMax + 10 {
		if _, err := RegexMatch(S("x"), S(fmt.Sprintf("x{0,%d}", i+1))); err != nil {
			t.Fatal(err)
		}
	}
}

func TestIndexAndSlice(t *testing.T) {
	list := L(I(1), I(2), I(3))
	g := &fakeGraph{nodes: map[uint32]value.Map{1: M("name", S("n"))}, rels: map[uint64]value.Map{2: M("w", F(1))}}
	ctx := &Context{Graph: g}
	idx := func(c, i value.Value) (value.Value, error) { return Index(ctx, c, i) }
	for _, c := range []opCase{
		{"[]", idx, list, I(0), I(1), nil},
		{"[]", idx, list, I(2), I(3), nil},
		{"[]", idx, list, I(3), null, nil},
		{"[]", idx, list, I(-1), I(3), nil},
		{"[]", idx, list, I(-3), I(1), nil},
		{"[]", idx, list, I(-4), null, nil},
		{"[]", idx, list, I(math.MinInt64), null, nil},
		{"[]", idx, list, null, null, nil},
		{"[]", idx, null, I(0), null, nil},
		{"[]", idx, null, S("x"), null, nil},
		{"[]", idx, list, F(1), nil, typeErr("ListElementAccessByNonInteger")},
		{"[]", idx, list, S("1"), nil, typeErr("ListElementAccessByNonInteger")},
		{"[]", idx, value.Vector{1.5, 2}, I(-2), F(1.5), nil},
		{"[]", idx, M("name", S("Mats"), "Name", S("P")), S("name"), S("Mats"), nil},
		{"[]", idx, M("name", S("Mats")), S("nAMe"), null, nil},
		{"[]", idx, M("name", S("Apa")), I(0), nil, typeErr("MapElementAccessByNonString")},
		{"[]", idx, M("name", S("Apa")), F(12.3), nil, typeErr("MapElementAccessByNonString")},
		{"[]", idx, value.Node{ID: 1}, S("name"), S("n"), nil},
		{"[]", idx, value.Node{ID: 1}, S("nope"), null, nil},
		{"[]", idx, value.Rel{ID: 2}, S("w"), F(1), nil},
		{"[]", idx, value.Node{ID: 1}, I(1), nil, typeErr("MapElementAccessByNonString")},
		{"[]", idx, I(100), I(0), nil, badOp},
		{"[]", idx, S("abc"), I(0), nil, badOp},
		{"[]", idx, dur(4), S("seconds"), I(4), nil},
	} {
		got, err := c.op(c.a, c.b)
		checkResult(t, value.Format(c.a)+"["+value.Format(c.b)+"]", got, err, c.want, c.err)
	}

	for _, c := range []struct {
		from, to       value.Value
		hasFrom, hasTo bool
		want           value.Value
		err            *errWant
	}{
		{I(1), I(3), true, true, L(I(2), I(3)), nil},
		{I(1), nil, true, false, L(I(2), I(3)), nil},
		{nil, I(2), false, true, L(I(1), I(2)), nil},
		{nil, nil, false, false, list, nil},
		{I(0), I(1), true, true, L(I(1)), nil},
		{I(0), I(0), true, true, L(), nil},
		{I(-3), I(-1), true, true, L(I(1), I(2)), nil},
		{I(3), I(1), true, true, L(), nil},
		{I(-5), I(5), true, true, list, nil},
		{null, null, true, true, null, nil},
		{I(1), null, true, true, null, nil},
		{null, I(3), true, true, null, nil},
		{F(1), I(3), true, true, nil, typeErr("ListElementAccessByNonInteger")},
	} {
		got, err := Slice(list, c.from, c.to, c.hasFrom, c.hasTo)
		checkResult(t, fmt.Sprintf("list[%v..%v]", c.from, c.to), got, err, c.want, c.err)
	}
	if got, _ := Slice(null, I(0), I(1), true, true); !same(got, null) {
		t.Error("null[0..1] should be null")
	}
	if _, err := Slice(S("abc"), I(0), I(1), true, true); err == nil {
		t.Error("'abc'[0..1] should fail")
	}
	// A slice is a copy.
	s, _ := Slice(list, I(0), I(2), true, true)
	s.(value.List)[0] = I(99)
	if list[0] != I(1) {
		t.Error("Slice aliases its input")
	}
}

func TestProperty(t *testing.T) {
	for _, c := range []struct {
		v    value.Value
		key  string
		want value.Value
		err  *errWant
	}{
		{M("a", I(1)), "a", I(1), nil},
		{M("a", I(1)), "b", null, nil},
		{null, "a", null, nil},
		{value.Node{ID: 1, Props: M("a", S("x"))}, "a", S("x"), nil},
		{value.Rel{ID: 1}, "a", null, nil},
		{dur(5), "seconds", I(5), nil},
		{dur(5), "years", null, nil},
		{I(1), "a", nil, badOp},
		{L(), "a", nil, badOp},
	} {
		got, err := Property(nil, c.v, c.key)
		checkResult(t, value.Format(c.v)+"."+c.key, got, err, c.want, c.err)
	}
}
