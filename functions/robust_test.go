package functions

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// samples is a pool of awkward values for the no-panic sweep.
var samples = []value.Value{
	nil, null, B(true), I(0), I(-1), I(1), I(2), I(math.MinInt64), I(math.MaxInt64),
	F(0.5), F(-0.0), nan, F(math.Inf(1)), F(1e300), S(""), S("abc"), S("ö,a"), S("1.5"),
	L(), L(I(1), S("a"), null), L(null), L(F(1), I(2)), M(), M("a", I(1), "b", null),
	value.Node{ID: 1}, value.Rel{ID: 2, Type: "T", Start: 1, End: 3},
	value.Path{Nodes: []value.Node{{ID: 1}}}, value.Vector{}, value.Vector{1, 2}, dur(3),
}

func checkErrKind(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	e := cyqerr.As(err)
	if e == nil {
		t.Errorf("%s: error is not a *cyqerr.Error: %v", what, err)
		return
	}
	if e.Phase != cyqerr.Runtime || e.Type == cyqerr.Internal {
		t.Errorf("%s: unexpected error %s (%v): %v", what, e.Code(), e.Phase, e)
	}
}

// TestNoPanics calls every overload and operator with every combination of
// sample values (up to two arguments; three-argument overloads vary one
// argument at a time) and checks that nothing panics, that results are
// never a Go nil, and that every error is a runtime *cyqerr.Error.
func TestNoPanics(t *testing.T) {
	tuples := func(n int) [][]value.Value {
		switch n {
		case 0:
			return [][]value.Value{{}}
		case 1:
			var out [][]value.Value
			for _, x := range samples {
				out = append(out, []value.Value{x})
			}
			return out
		}
		var out [][]value.Value
		for _, x := range samples {
			for _, y := range samples {
				args := []value.Value{x, y}
				for len(args) < n {
					args = append(args, I(1))
				}
				out = append(out, args)
			}
		}
		if n == 3 {
			for _, z := range samples {
				out = append(out, []value.Value{S("abc"), I(1), z})
			}
		}
		return out
	}
	ctx := NewContext(t.Context(), nil)
	for i := range NumOverloads() {
		o := ByID(OverloadID(i))
		n := len(o.Params)
		for _, args := range tuples(n) {
			what := callName(o.Func.Display, args)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s panicked: %v", what, r)
					}
				}()
				if o.NewAgg != nil {
					ag := o.NewAgg()
					err := ag.Add(args)
					checkErrKind(t, what, err)
					err = ag.Add(args)
					checkErrKind(t, what, err)
					r, err := ag.Result()
					checkErrKind(t, what, err)
					if err == nil && r == nil {
						t.Errorf("%s: nil result", what)
					}
					return
				}
				r, err := o.Impl(ctx, args)
				checkErrKind(t, what, err)
				if err == nil && r == nil {
					t.Errorf("%s: nil result", what)
				}
			}()
		}
	}
	ops := map[string]opFn{
		"+": Add, "-": Sub, "*": Mul, "/": Div, "%": Mod, "^": Pow, "AND": And, "OR": Or, "XOR": Xor, "IN": In,
		"=~":    RegexMatch,
		"[]":    func(a, b value.Value) (value.Value, error) { return Index(ctx, a, b) },
		"[..]":  func(a, b value.Value) (value.Value, error) { return Slice(a, b, b, true, true) },
		"[b..]": func(a, b value.Value) (value.Value, error) { return Slice(a, b, nil, true, false) },
	}
	for name, op := range ops {
		for _, x := range samples {
			for _, y := range samples {
				what := value.Format(x) + " " + name + " " + value.Format(y)
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s panicked: %v", what, r)
						}
					}()
					r, err := op(x, y)
					checkErrKind(t, what, err)
					if err == nil && r == nil {
						t.Errorf("%s: nil result", what)
					}
				}()
			}
		}
	}
	for _, x := range samples {
		for _, f := range []func(value.Value) (value.Value, error){Neg, Pos, Not} {
			r, err := f(x)
			checkErrKind(t, value.Format(x), err)
			if err == nil && r == nil {
				t.Errorf("unary %s: nil result", value.Format(x))
			}
		}
		for _, f := range []func(a, b value.Value) value.Value{Eq, Ne, Lt, Le, Gt, Ge, StartsWith, EndsWith, Contains} {
			for _, y := range samples {
				if f(x, y) == nil {
					t.Errorf("comparison of %s and %s: nil result", value.Format(x), value.Format(y))
				}
			}
		}
		if _, err := Property(ctx, x, "a"); err != nil {
			checkErrKind(t, value.Format(x)+".a", err)
		}
	}
}
