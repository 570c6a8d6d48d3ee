package functions

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// aggCase feeds rows (each row the argument list) to a fresh aggregator.
type aggCase struct {
	fn       string
	distinct bool
	rows     [][]value.Value
	want     value.Value
	err      *errWant
}

// col makes single-argument rows; with p set, each row gets p as a second argument.
func col(vs ...value.Value) [][]value.Value {
	rows := make([][]value.Value, len(vs))
	for i, v := range vs {
		rows[i] = []value.Value{v}
	}
	return rows
}

func withP(p value.Value, rows [][]value.Value) [][]value.Value {
	out := make([][]value.Value, len(rows))
	for i, r := range rows {
		out[i] = append(append([]value.Value(nil), r...), p)
	}
	return out
}

func runAgg(fn string, distinct bool, rows [][]value.Value) (value.Value, error) {
	f, ok := Lookup(fn)
	if !ok {
		return nil, nil
	}
	ag := f.Overloads[0].NewAgg()
	if distinct {
		ag = Distinct(ag)
	}
	for _, r := range rows {
		if err := ag.Add(r); err != nil {
			return nil, err
		}
	}
	return ag.Result()
}

func TestAggregates(t *testing.T) {
	ints := col(I(1), I(2), I(0), null, I(-1))
	mixed := col(I(1), S("a"), null, L(I(1), I(2)), F(0.2), S("b"))
	prices := col(F(10), F(20), F(30))
	cases := []aggCase{
		{fn: "count", rows: ints, want: I(4)},
		{fn: "count", rows: nil, want: I(0)},
		{fn: "count", rows: col(null, null), want: I(0)},
		{fn: "count", distinct: true, rows: col(I(1), F(1), I(2), null, S("1")), want: I(3)},
		{fn: "sum", rows: ints, want: I(2)},
		{fn: "sum", rows: nil, want: I(0)},
		{fn: "sum", rows: col(null), want: I(0)},
		{fn: "sum", rows: col(I(1), F(2.5)), want: F(3.5)},
		{fn: "sum", rows: col(F(2.5), I(1)), want: F(3.5)},
		{fn: "sum", distinct: true, rows: col(I(1), I(1), I(2)), want: I(3)},
		{fn: "sum", rows: col(I(math.MaxInt64), I(1)), err: overflow},
		{fn: "sum", rows: col(I(math.MaxInt64), I(1), I(-1)), err: overflow},
		{fn: "sum", rows: col(I(math.MaxInt64), F(1)), want: F(9.223372036854775807e18)},
		{fn: "sum", rows: col(I(1), S("a")), err: badArg},
		{fn: "sum", rows: col(dur(2), null, dur(3)), want: dur(5)},
		{fn: "sum", rows: col(dur(2), I(3)), err: badArg},
		{fn: "sum", rows: col(I(3), dur(2)), err: badArg},
		{fn: "avg", rows: ints, want: F(0.5)},
		{fn: "avg", rows: nil, want: null},
		{fn: "avg", rows: col(null), want: null},
		{fn: "avg", rows: col(I(1), F(2)), want: F(1.5)},
		{fn: "avg", rows: col(I(math.MaxInt64), I(math.MaxInt64)), want: F(9.223372036854775807e18)},
		{fn: "avg", rows: col(dur(2), dur(4)), want: dur(3)},
		{fn: "avg", rows: col(S("x")), err: badArg},
		{fn: "avg", rows: col(I(1), dur(4)), err: badArg},
		{fn: "max", rows: ints, want: I(2)},
		{fn: "min", rows: ints, want: I(-1)},
		{fn: "max", rows: col(F(1), F(2), F(0.5), null), want: F(2)},
		{fn: "min", rows: col(F(1), F(2), F(0.5), null), want: F(0.5)},
		{fn: "max", rows: col(I(1), F(2), I(5), null, F(3.2), F(0.1)), want: I(5)},
		{fn: "min", rows: col(I(1), F(2), I(5), null, F(3.2), F(0.1)), want: F(0.1)},
		{fn: "max", rows: col(S("a"), S("b"), S("B"), null, S("abc"), S("abc1")), want: S("b")},
		{fn: "min", rows: col(S("a"), S("b"), S("B"), null, S("abc"), S("abc1")), want: S("B")},
		{fn: "max", rows: col(L(I(1)), L(I(2)), L(I(2), I(1))), want: L(I(2), I(1))},
		{fn: "min", rows: col(L(I(1)), L(I(2)), L(I(2), I(1))), want: L(I(1))},
		{fn: "max", rows: mixed, want: I(1)},
		{fn: "min", rows: mixed, want: L(I(1), I(2))},
		{fn: "max", rows: nil, want: null},
		{fn: "min", rows: col(null), want: null},
		{fn: "collect", rows: ints, want: L(I(1), I(2), I(0), I(-1))},
		{fn: "collect", rows: nil, want: L()},
		{fn: "collect", rows: col(null), want: L()},
		{fn: "collect", distinct: true, rows: col(I(1), F(1), null, I(2), I(1)), want: L(I(1), I(2))},
		{fn: "percentileDisc", rows: withP(F(0), prices), want: F(10)},
		{fn: "percentileDisc", rows: withP(F(0.5), prices), want: F(20)},
		{fn: "percentileDisc", rows: withP(F(1), prices), want: F(30)},
		{fn: "percentileDisc", rows: withP(F(0.5), col(I(3), I(1), I(2), I(4))), want: I(2)},
		{fn: "percentileDisc", rows: withP(F(0.51), col(I(3), I(1), I(2), I(4))), want: I(3)},
		{fn: "percentileDisc", rows: withP(F(0.5), nil), want: null},
		{fn: "percentileCont", rows: withP(F(0), prices), want: F(10)},
		{fn: "percentileCont", rows: withP(F(0.5), prices), want: F(20)},
		{fn: "percentileCont", rows: withP(F(1), prices), want: F(30)},
		{fn: "percentileCont", rows: withP(F(0.5), col(I(10), I(20), I(30), I(40))), want: F(25)},
		{fn: "percentileCont", rows: withP(F(0.25), col(I(40), null, I(10))), want: F(17.5)},
		{fn: "percentileCont", rows: withP(F(0.3), col(I(7))), want: F(7)},
		{fn: "percentileCont", rows: withP(I(1), col(I(7))), want: F(7)},
		{fn: "percentileCont", rows: withP(F(0.5), nil), want: null},
		{fn: "percentileCont", rows: withP(I(1000), col(F(10))), err: argErr("NumberOutOfRange")},
		{fn: "percentileCont", rows: withP(I(-1), col(F(10))), err: argErr("NumberOutOfRange")},
		{fn: "percentileCont", rows: withP(F(1.1), col(F(10))), err: argErr("NumberOutOfRange")},
		{fn: "percentileDisc", rows: withP(I(1000), col(F(10))), err: argErr("NumberOutOfRange")},
		{fn: "percentileDisc", rows: withP(F(-1), col(F(10))), err: argErr("NumberOutOfRange")},
		{fn: "percentileDisc", rows: withP(F(1.1), col(F(10))), err: argErr("NumberOutOfRange")},
		{fn: "percentileDisc", rows: withP(nan, col(F(10))), err: argErr("NumberOutOfRange")},
		// percentileDisc(0.90, deg) with deg > 1: the percentile is the second argument.
		{fn: "percentileDisc", rows: [][]value.Value{{F(0.9), I(3)}}, err: argErr("NumberOutOfRange")},
		{fn: "percentileDisc", rows: withP(F(0.5), col(S("a"))), err: badArg},
		{fn: "percentileCont", rows: withP(null, col(I(1))), err: argErr("InvalidArgumentValue")},
		{fn: "stDev", rows: col(I(2), I(4), I(4), I(4), I(5), I(5), I(7), I(9)), want: F(2.138089935299395)},
		{fn: "stDevP", rows: col(I(2), I(4), I(4), I(4), I(5), I(5), I(7), I(9)), want: F(2)},
		{fn: "stDev", rows: col(I(2)), want: F(0)},
		{fn: "stDev", rows: nil, want: F(0)},
		{fn: "stDevP", rows: col(null), want: F(0)},
		{fn: "stDevP", rows: col(F(1.5), null, F(1.5)), want: F(0)},
		{fn: "stDev", rows: col(S("x")), err: badArg},
	}
	for _, c := range cases {
		name := c.fn
		if c.distinct {
			name += "(DISTINCT)"
		}
		got, err := runAgg(c.fn, c.distinct, c.rows)
		checkResult(t, name+" over "+value.Format(value.List(flatten(c.rows))), got, err, c.want, c.err)
	}
}

func flatten(rows [][]value.Value) []value.Value {
	var out []value.Value
	for _, r := range rows {
		out = append(out, r[0])
	}
	return out
}

// TestSumNoOverflow is the TCK's "No overflow during summation"
// (range(1000000, 2000000) LIMIT 3000).
func TestSumNoOverflow(t *testing.T) {
	o, _ := Resolve("sum", []Type{Int})
	ag := o.NewAgg()
	for i := int64(1000000); i < 1003000; i++ {
		if err := ag.Add([]value.Value{value.Int(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := ag.Result(); got != value.Int(3004498500) {
		t.Errorf("sum = %v", got)
	}
}
