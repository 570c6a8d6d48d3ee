package functions

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Short constructors for test tables.
var null = value.NullValue

func I(i int64) value.Value          { return value.Int(i) }
func F(f float64) value.Value        { return value.Float(f) }
func S(s string) value.Value         { return value.String(s) }
func B(b bool) value.Value           { return value.Bool(b) }
func L(vs ...value.Value) value.List { return value.List(vs) }

func M(kv ...any) value.Map {
	m := value.Map{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(value.Value)
	}
	return m
}

var nan = F(math.NaN())

// errWant names an expected error.
type errWant struct {
	typ    cyqerr.Type
	detail string
}

func typeErr(detail string) *errWant { return &errWant{cyqerr.TypeError, detail} }
func argErr(detail string) *errWant  { return &errWant{cyqerr.ArgumentError, detail} }

var (
	badArg   = typeErr(ArgTypeDetail)
	badOp    = typeErr("InvalidArgumentType")
	overflow = &errWant{cyqerr.ArithmeticError, "IntegerOverflow"}
	divZero  = &errWant{cyqerr.ArithmeticError, "DivisionByZero"}
)

// same compares values strictly: same kinds (1 is not 1.0) and same
// rendering (NaN equals NaN, -0.0 differs from 0.0 only in rendering).
func same(a, b value.Value) bool {
	if value.KindOf(a) != value.KindOf(b) {
		return false
	}
	if la, ok := a.(value.List); ok {
		lb := b.(value.List)
		if len(la) != len(lb) {
			return false
		}
		for i := range la {
			if !same(la[i], lb[i]) {
				return false
			}
		}
		return true
	}
	if ma, ok := a.(value.Map); ok {
		mb := b.(value.Map)
		if len(ma) != len(mb) {
			return false
		}
		for k, v := range ma {
			w, ok := mb[k]
			if !ok || !same(v, w) {
				return false
			}
		}
		return true
	}
	return value.Format(a) == value.Format(b)
}

func checkResult(t *testing.T, what string, got value.Value, err error, want value.Value, werr *errWant) {
	t.Helper()
	if werr != nil {
		e := cyqerr.As(err)
		if e == nil {
			t.Errorf("%s: want %s/%s, got %s (err %v)", what, werr.typ, werr.detail, value.Format(got), err)
			return
		}
		if e.Type != werr.typ || e.Detail != werr.detail || e.Phase != cyqerr.Runtime {
			t.Errorf("%s: want %s/%s at runtime, got %s (%v): %v", what, werr.typ, werr.detail, e.Code(), e.Phase, e)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: unexpected error %v", what, err)
		return
	}
	if got == nil {
		t.Errorf("%s: nil Value (must be value.NullValue)", what)
		return
	}
	if !same(got, want) {
		t.Errorf("%s = %s (%s), want %s (%s)", what, value.Format(got), value.TypeName(got), value.Format(want), value.TypeName(want))
	}
}

func callName(fn string, args []value.Value) string {
	s := fn + "("
	for i, a := range args {
		if i > 0 {
			s += ", "
		}
		s += value.Format(a)
	}
	return s + ")"
}

// call resolves fn by arity (static types unknown, so the runtime checks
// are what is tested) and calls it.
func call(ctx *Context, fn string, args ...value.Value) (value.Value, error) {
	o, err := Resolve(fn, make([]Type, len(args)))
	if err != nil {
		return nil, err
	}
	return o.Impl(ctx, args)
}

// fcase is one scalar function call and its expected result or error.
type fcase struct {
	fn   string
	args []value.Value
	want value.Value
	err  *errWant
}

func a(vs ...value.Value) []value.Value { return vs }

func runCases(t *testing.T, ctx *Context, cases []fcase) {
	t.Helper()
	for _, c := range cases {
		got, err := call(ctx, c.fn, c.args...)
		checkResult(t, callName(c.fn, c.args), got, err, c.want, c.err)
	}
}
