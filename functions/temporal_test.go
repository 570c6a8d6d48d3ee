package functions

import (
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// tstr renders a temporal result as its text, other values in TCK notation.
func tstr(v value.Value) string {
	if e, ok := v.(value.Extension); ok {
		return e.String()
	}
	return value.Format(v)
}

func mustT(t *testing.T, fn string, args ...value.Value) value.Value {
	t.Helper()
	v, err := call(nil, fn, args...)
	if err != nil {
		t.Fatalf("%s: %v", callName(fn, args), err)
	}
	return v
}

func TestTemporalConstructors(t *testing.T) {
	d := mustT(t, "date", S("2015-07-21"))
	for _, c := range []struct {
		fn   string
		args []value.Value
		want string
	}{
		{"date", a(S("2015-07-21")), "2015-07-21"},
		{"date", a(S("2015-W30-2")), "2015-07-21"},
		{"DATE", a(M("year", I(1984), "month", I(10), "day", I(11))), "1984-10-11"},
		{"date", a(null), "null"},
		{"localtime", a(S("21:40:32.142")), "21:40:32.142"},
		{"time", a(S("21:40:32.142+0100")), "21:40:32.142+01:00"},
		{"localdatetime", a(S("2015-07-21T21:40:32.142")), "2015-07-21T21:40:32.142"},
		{"datetime", a(S("2015-07-21T21:40:32.142+01:00")), "2015-07-21T21:40:32.142+01:00"},
		{"datetime", a(M("date", d, "hour", I(12), "timezone", S("Europe/Stockholm"))), "2015-07-21T12:00+02:00[Europe/Stockholm]"},
		{"localdatetime", a(d), "2015-07-21T00:00"},
		{"duration", a(S("P14DT16H12M")), "P14DT16H12M"},
		{"duration", a(M("days", F(1.5))), "P1DT12H"},
		{"duration", a(null), "null"},
		{"date.truncate", a(S("month"), d), "2015-07-01"},
		{"datetime.truncate", a(S("day"), d, M("timezone", S("+01:00"))), "2015-07-21T00:00+01:00"},
		{"localtime.truncate", a(S("hour"), mustT(t, "localtime", S("12:31:14"))), "12:00"},
		{"date.truncate", a(S("month"), null), "null"},
		{"datetime.fromepoch", a(I(1536779460), I(123)), "2018-09-12T19:11:00.000000123Z"},
		{"datetime.fromEpochMillis", a(I(1536779460123)), "2018-09-12T19:11:00.123Z"},
		{"datetime.fromepochmillis", a(F(1000)), "1970-01-01T00:00:01Z"},
		{"duration.between", a(d, mustT(t, "date", S("2016-09-23"))), "P1Y2M2D"},
		{"duration.inMonths", a(d, mustT(t, "date", S("2016-09-23"))), "P1Y2M"},
		{"duration.inDays", a(d, mustT(t, "date", S("2015-07-23"))), "P2D"},
		{"duration.inSeconds", a(mustT(t, "localtime", S("12:00")), mustT(t, "localtime", S("13:30"))), "PT1H30M"},
		{"duration.between", a(null, d), "null"},
	} {
		got, err := call(nil, c.fn, c.args...)
		if err != nil {
			t.Errorf("%s: %v", callName(c.fn, c.args), err)
			continue
		}
		if s := tstr(got); s != c.want {
			t.Errorf("%s = %s, want %s", callName(c.fn, c.args), s, c.want)
		}
	}
}

func TestTemporalErrors(t *testing.T) {
	runCases(t, nil, []fcase{
		{fn: "date", args: a(S("2015-13-01")), err: argErr("InvalidArgumentValue")},
		{fn: "date", args: a(I(1)), err: typeErr("InvalidArgumentType")},
		{fn: "duration", args: a(I(1)), err: typeErr("InvalidArgumentType")},
		{fn: "date.truncate", args: a(I(1), null), want: null},
		{fn: "date.truncate", args: a(I(1), mustT(t, "date", S("2015-01-01"))), err: badArg},
		{fn: "datetime.fromepoch", args: a(S("x"), I(0)), err: badArg},
		{fn: "datetime.fromepochmillis", args: a(F(1.5)), err: argErr("InvalidArgumentValue")},
		{fn: "duration.between", args: a(I(1), I(2)), err: badArg},
		{fn: "date.statement", args: a(I(1)), err: badArg},
		{fn: "date.statement", args: a(null), want: null},
	})
	if _, err := Resolve("duration", nil); err == nil {
		t.Error("duration() without an argument should not resolve")
	}
	if _, err := Resolve("date.truncate", []Type{String}); cyqerr.As(err) == nil {
		t.Error("date.truncate/1 should not resolve")
	}
}

func TestTemporalClocks(t *testing.T) {
	now := time.Date(2024, 5, 17, 23, 20, 30, 123456789, time.UTC)
	ctx := &Context{Now: now}
	for _, c := range []struct {
		fn   string
		args []value.Value
		want string
	}{
		{"date", nil, "2024-05-17"},
		{"date.statement", nil, "2024-05-17"},
		{"date.transaction", nil, "2024-05-17"},
		{"date.statement", a(S("+01:00")), "2024-05-18"},
		{"localtime", nil, "23:20:30.123456789"},
		{"time.statement", nil, "23:20:30.123456789Z"},
		{"localdatetime.transaction", nil, "2024-05-17T23:20:30.123456789"},
		{"datetime", nil, "2024-05-17T23:20:30.123456789Z"},
		{"datetime", a(M("timezone", S("Europe/Stockholm"))), "2024-05-18T01:20:30.123456789+02:00[Europe/Stockholm]"},
		{"datetime.statement", a(S("Europe/Stockholm")), "2024-05-18T01:20:30.123456789+02:00[Europe/Stockholm]"},
		{"datetime.transaction", a(M("timezone", S("+05:00"))), "2024-05-18T04:20:30.123456789+05:00"},
	} {
		got, err := call(ctx, c.fn, c.args...)
		if err != nil {
			t.Errorf("%s: %v", callName(c.fn, c.args), err)
			continue
		}
		if s := tstr(got); s != c.want {
			t.Errorf("%s = %s, want %s", callName(c.fn, c.args), s, c.want)
		}
	}
	// realtime reads the wall clock, not the statement time.
	before := time.Now().Add(-time.Second)
	got, err := call(ctx, "datetime.realtime")
	if err != nil {
		t.Fatal(err)
	}
	sec, _ := got.(temporal.DateTime)
	if sec.EpochSeconds() < before.Unix() {
		t.Errorf("datetime.realtime() = %s, before %s", tstr(got), before)
	}
	// The zero Context falls back to the wall clock.
	if _, err := call(nil, "date"); err != nil {
		t.Error(err)
	}
}

func TestTemporalOperators(t *testing.T) {
	d := mustT(t, "date", S("2020-01-31"))
	dt := mustT(t, "datetime", S("2015-07-21T21:40:32.142+01:00"))
	p1m := mustT(t, "duration", S("P1M"))
	pt1h := mustT(t, "duration", S("PT1H"))
	for _, c := range []struct {
		what string
		got  func() (value.Value, error)
		want string
	}{
		{"date + P1M", func() (value.Value, error) { return Add(d, p1m) }, "2020-02-29"},
		{"P1M + date", func() (value.Value, error) { return Add(p1m, d) }, "2020-02-29"},
		{"date - P1M", func() (value.Value, error) { return Sub(d, p1m) }, "2019-12-31"},
		{"datetime + PT1H", func() (value.Value, error) { return Add(dt, pt1h) }, "2015-07-21T22:40:32.142+01:00"},
		{"P1M + PT1H", func() (value.Value, error) { return Add(p1m, pt1h) }, "P1MT1H"},
		{"P1M - PT1H", func() (value.Value, error) { return Sub(p1m, pt1h) }, "P1MT-1H"},
		{"PT1H * 2", func() (value.Value, error) { return Mul(pt1h, I(2)) }, "PT2H"},
		{"0.5 * PT1H", func() (value.Value, error) { return Mul(F(0.5), pt1h) }, "PT30M"},
		{"PT1H / 4", func() (value.Value, error) { return Div(pt1h, I(4)) }, "PT15M"},
		{"-PT1H", func() (value.Value, error) { return Neg(pt1h) }, "PT-1H"},
		{"date + null", func() (value.Value, error) { return Add(d, null) }, "null"},
		{"d.year", func() (value.Value, error) { return Property(nil, d, "year") }, "2020"},
		{"dt.timezone", func() (value.Value, error) { return Property(nil, dt, "timezone") }, "'+01:00'"},
		{"dur.minutes", func() (value.Value, error) { return Property(nil, pt1h, "minutes") }, "60"},
		{"d.nope", func() (value.Value, error) { return Property(nil, d, "nope") }, "null"},
		{"d['month']", func() (value.Value, error) { return Index(nil, d, S("month")) }, "1"},
	} {
		got, err := c.got()
		if err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		if s := tstr(got); s != c.want {
			t.Errorf("%s = %s, want %s", c.what, s, c.want)
		}
	}
	for _, c := range []struct {
		what string
		f    func() (value.Value, error)
	}{
		{"date + date", func() (value.Value, error) { return Add(d, d) }},
		{"date - date", func() (value.Value, error) { return Sub(d, d) }},
		{"PT1H - date", func() (value.Value, error) { return Sub(pt1h, d) }},
		{"date * 2", func() (value.Value, error) { return Mul(d, I(2)) }},
		{"2 / PT1H", func() (value.Value, error) { return Div(I(2), pt1h) }},
		{"PT1H % 2", func() (value.Value, error) { return Mod(pt1h, I(2)) }},
		{"-date", func() (value.Value, error) { return Neg(d) }},
		{"date + 1", func() (value.Value, error) { return Add(d, I(1)) }},
	} {
		_, err := c.f()
		if e := cyqerr.As(err); e == nil || e.Type != cyqerr.TypeError {
			t.Errorf("%s: want a TypeError, got %v", c.what, err)
		}
	}
}

func TestTemporalAggregates(t *testing.T) {
	rows := [][]value.Value{{mustT(t, "duration", S("PT1H"))}, {mustT(t, "duration", S("P1D"))}, {null}}
	got, err := runAgg("sum", false, rows)
	if err != nil || tstr(got) != "P1DT1H" {
		t.Errorf("sum = %s, %v", tstr(got), err)
	}
	got, err = runAgg("avg", false, rows)
	if err != nil || tstr(got) != "PT12H30M" {
		t.Errorf("avg = %s, %v", tstr(got), err)
	}
	d1, d2 := mustT(t, "date", S("2015-07-21")), mustT(t, "date", S("2014-01-01"))
	got, err = runAgg("max", false, [][]value.Value{{d1}, {d2}})
	if err != nil || tstr(got) != "2015-07-21" {
		t.Errorf("max = %s, %v", tstr(got), err)
	}
}

// The hooks must be implemented by every temporal type (the method sets are
// matched structurally, so a signature change in either package would
// silently disconnect them).
func TestTemporalHooks(t *testing.T) {
	for _, s := range []struct {
		fn, arg string
	}{{"date", "2015-07-21"}, {"localtime", "12:00"}, {"time", "12:00Z"}, {"localdatetime", "2015-07-21T12:00"}, {"datetime", "2015-07-21T12:00Z"}, {"duration", "PT1S"}} {
		v := mustT(t, s.fn, S(s.arg))
		if _, ok := v.(Arith); !ok {
			t.Errorf("%s does not implement Arith", s.fn)
		}
		if _, ok := v.(PropertyGetter); !ok {
			t.Errorf("%s does not implement PropertyGetter", s.fn)
		}
	}
}

// value/temporal implements Arith with the operator as a plain uint8 and
// relies on this numbering.
func TestArithOpNumbering(t *testing.T) {
	if OpAdd != 0 || OpSub != 1 || OpMul != 2 || OpDiv != 3 || OpMod != 4 || OpNeg != 5 {
		t.Fatal("ArithOp numbering changed; update value/temporal/hooks.go")
	}
	if ArithOpString(OpNeg) != "unary -" || ArithOpString(99) != "?" {
		t.Error("ArithOpString")
	}
}
