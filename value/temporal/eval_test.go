package temporal

import (
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// evalExpr evaluates one expression with the mini interpreter of
// interp_test.go; WITH bindings may be given as a prefix ("WITH … AS x").
func evalExpr(t *testing.T, prefix, e string) (string, error) {
	t.Helper()
	in := &interp{}
	q := "RETURN " + e + " AS r"
	if prefix != "" {
		q = prefix + " " + q
	}
	var rows [][]value.Value
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				if s, ok := r.(skipErr); ok {
					t.Fatalf("%s: interpreter cannot run %s: %s", e, q, s)
				}
				panic(r)
			}
		}()
		rows, err = in.run(q)
	}()
	if err != nil {
		return "", err
	}
	return render(rows[0][0]), nil
}

type evalCase struct {
	with string // optional WITH prefix
	expr string
	want string // rendered result, or "error: Code"
}

func runEvalCases(t *testing.T, cases []evalCase) {
	t.Helper()
	for _, c := range cases {
		got, err := evalExpr(t, c.with, c.expr)
		if err != nil {
			code := "?"
			if e := cyqerr.As(err); e != nil {
				code = e.Code()
			}
			got = "error: " + code
		}
		if got != c.want {
			t.Errorf("%s %s\n got  %s\n want %s", c.with, c.expr, got, c.want)
		}
	}
}

// Selection and conversion from other temporal values (openCypher
// Temporal3, which the shared corpus lacks).
func TestSelect(t *testing.T) {
	const (
		d   = "date({year: 1984, month: 11, day: 11})"
		lt  = "localtime({hour: 12, minute: 31, second: 14, nanosecond: 645876123})"
		tm  = "time({hour: 12, minute: 31, second: 14, nanosecond: 645876123, timezone: '+01:00'})"
		ldt = "localdatetime({year: 1984, month: 11, day: 11, hour: 12, minute: 31, second: 14, nanosecond: 645876123})"
		dt  = "datetime({year: 1984, month: 11, day: 11, hour: 12, minute: 31, second: 14, nanosecond: 645876123, timezone: 'Europe/Stockholm'})"
	)
	w := func(x string) string { return "WITH " + x + " AS other" }
	runEvalCases(t, []evalCase{
		{w(d), "date({date: other})", "'1984-11-11'"},
		{w(d), "date({date: other, year: 28})", "'0028-11-11'"},
		{w(d), "date({date: other, day: 28})", "'1984-11-28'"},
		{w(d), "date({date: other, week: 1})", "'1984-01-08'"},
		{w(d), "date({date: other, ordinalDay: 28})", "'1984-01-28'"},
		{w(d), "date({date: other, quarter: 3})", "'1984-08-11'"},
		{w(ldt), "date({date: other, day: 28})", "'1984-11-28'"},
		{w(dt), "date({date: other, week: 1})", "'1984-01-08'"},
		{w(d), "date(other)", "'1984-11-11'"},
		{w(dt), "date(other)", "'1984-11-11'"},

		{w(lt), "localtime({time: other})", "'12:31:14.645876123'"},
		{w(tm), "localtime({time: other, second: 42})", "'12:31:42.645876123'"},
		{w(dt), "localtime({time: other})", "'12:31:14.645876123'"},
		{w(ldt), "localtime(other)", "'12:31:14.645876123'"},

		{w(lt), "time({time: other})", "'12:31:14.645876123Z'"},
		{w(lt), "time({time: other, timezone: '+05:00'})", "'12:31:14.645876123+05:00'"},
		{w(tm), "time({time: other, timezone: '+05:00'})", "'16:31:14.645876123+05:00'"},
		{w(dt), "time({time: other, timezone: '+05:00'})", "'16:31:14.645876123+05:00'"},
		{w(tm), "time({time: other, second: 42})", "'12:31:42.645876123+01:00'"},
		{w(dt), "time({time: other})", "'12:31:14.645876123+01:00'"},
		{w(ldt), "time({time: other})", "'12:31:14.645876123Z'"},

		{w(d), "localdatetime({date: other, hour: 10, minute: 10, second: 10})", "'1984-11-11T10:10:10'"},
		{w(dt), "localdatetime({date: other, day: 28, hour: 10, minute: 10, second: 10})", "'1984-11-28T10:10:10'"},
		{w(lt), "localdatetime({year: 1984, month: 10, day: 11, time: other})", "'1984-10-11T12:31:14.645876123'"},
		{w(dt), "localdatetime({year: 1984, month: 10, day: 11, time: other, second: 42})", "'1984-10-11T12:31:42.645876123'"},
		{"WITH " + d + " AS dd, " + lt + " AS tt", "localdatetime({date: dd, time: tt})", "'1984-11-11T12:31:14.645876123'"},
		{"WITH " + d + " AS dd, " + tm + " AS tt", "localdatetime({date: dd, time: tt, day: 28, second: 42})", "'1984-11-28T12:31:42.645876123'"},
		{w(dt), "localdatetime({datetime: other})", "'1984-11-11T12:31:14.645876123'"},
		{w(ldt), "localdatetime({datetime: other, day: 28, second: 42})", "'1984-11-28T12:31:42.645876123'"},

		{w(d), "datetime({date: other, hour: 10, minute: 10, second: 10})", "'1984-11-11T10:10:10Z'"},
		{w(d), "datetime({date: other, hour: 10, minute: 10, second: 10, timezone: '+05:00'})", "'1984-11-11T10:10:10+05:00'"},
		{w(dt), "datetime({date: other, day: 28, hour: 10, minute: 10, second: 10, timezone: 'Europe/Stockholm'})", "'1984-11-28T10:10:10+01:00[Europe/Stockholm]'"},
		{w(lt), "datetime({year: 1984, month: 10, day: 11, time: other})", "'1984-10-11T12:31:14.645876123Z'"},
		{w(tm), "datetime({year: 1984, month: 10, day: 11, time: other})", "'1984-10-11T12:31:14.645876123+01:00'"},
		{w(lt), "datetime({year: 1984, month: 10, day: 11, time: other, timezone: '+05:00'})", "'1984-10-11T12:31:14.645876123+05:00'"},
		{w(tm), "datetime({year: 1984, month: 10, day: 11, time: other, timezone: '+05:00'})", "'1984-10-11T16:31:14.645876123+05:00'"},
		{w(dt), "datetime({year: 1984, month: 10, day: 11, time: other, timezone: '+05:00'})", "'1984-10-11T16:31:14.645876123+05:00'"},
		{w(dt), "datetime({year: 1984, month: 10, day: 11, time: other, second: 42})", "'1984-10-11T12:31:42.645876123+01:00[Europe/Stockholm]'"},
		{"WITH " + d + " AS dd, " + tm + " AS tt", "datetime({date: dd, time: tt})", "'1984-11-11T12:31:14.645876123+01:00'"},
		{"WITH " + d + " AS dd, " + tm + " AS tt", "datetime({date: dd, time: tt, timezone: 'Europe/London'})", "'1984-11-11T11:31:14.645876123Z[Europe/London]'"},
		{w(ldt), "datetime({datetime: other})", "'1984-11-11T12:31:14.645876123Z'"},
		{w(ldt), "datetime({datetime: other, timezone: '+05:00'})", "'1984-11-11T12:31:14.645876123+05:00'"},
		{w(dt), "datetime({datetime: other})", "'1984-11-11T12:31:14.645876123+01:00[Europe/Stockholm]'"},
		{w(dt), "datetime({datetime: other, timezone: '+05:00'})", "'1984-11-11T16:31:14.645876123+05:00'"},
		{w(dt), "datetime({datetime: other, timezone: 'America/New_York'})", "'1984-11-11T06:31:14.645876123-05:00[America/New_York]'"},
		{w(dt), "datetime({datetime: other, month: 7})", "'1984-07-11T12:31:14.645876123+02:00[Europe/Stockholm]'"},
		{w(d), "datetime(other)", "'1984-11-11T00:00Z'"},
		{w(ldt), "datetime(other)", "'1984-11-11T12:31:14.645876123Z'"},
		// Day clamping when the day comes from the base.
		{"WITH date('2016-01-31') AS other", "date({date: other, month: 2})", "'2016-02-29'"},
		{"WITH date('2016-02-29') AS other", "date({date: other, year: 2017})", "'2017-02-28'"},
	})
}

// Arithmetic (openCypher Temporal8, which the shared corpus lacks).
func TestArithmetic(t *testing.T) {
	const (
		dur  = "duration({years: 12, months: 5, days: 14, hours: 16, minutes: 12, seconds: 70, nanoseconds: 1})"
		ndur = "duration({years: 12, months: 5, days: -14, hours: -16, minutes: -12, seconds: -70, nanoseconds: -1})"
	)
	runEvalCases(t, []evalCase{
		{"WITH date('1984-10-11') AS x, " + dur + " AS d", "x + d", "'1997-03-25'"},
		{"WITH date('1984-10-11') AS x, " + dur + " AS d", "x - d", "'1972-04-27'"},
		{"WITH date('1984-10-11') AS x, " + ndur + " AS d", "x + d", "'1997-02-25'"},
		{"WITH date('1984-10-11') AS x, " + ndur + " AS d", "x - d", "'1972-05-25'"},
		{"WITH localtime('12:31:14.000000001') AS x, " + dur + " AS d", "x + d", "'04:44:24.000000002'"},
		{"WITH localtime('12:31:14.000000001') AS x, " + dur + " AS d", "x - d", "'20:18:04'"},
		{"WITH time('12:31:14.000000001+01:00') AS x, " + dur + " AS d", "x + d", "'04:44:24.000000002+01:00'"},
		{"WITH localdatetime('1984-10-11T12:31:14.000000001') AS x, " + dur + " AS d", "x + d", "'1997-03-26T04:44:24.000000002'"},
		{"WITH localdatetime('1984-10-11T12:31:14.000000001') AS x, " + dur + " AS d", "x - d", "'1972-04-26T20:18:04'"},
		{"WITH datetime('1984-10-11T12:31:14.000000001+01:00') AS x, " + dur + " AS d", "x + d", "'1997-03-26T04:44:24.000000002+01:00'"},
		{"WITH datetime('1984-10-11T12:31:14.000000001+01:00') AS x, " + ndur + " AS d", "x + d", "'1997-02-24T20:18:04+01:00'"},
		{"WITH date('1984-10-11') AS x", "x + duration({months: 1, days: -14, hours: 16, minutes: -12, seconds: 70})", "'1984-10-28'"},
		{"WITH date('1984-10-11') AS x", "x - duration({months: 1, days: -14, hours: 16, minutes: -12, seconds: 70})", "'1984-09-25'"},
		{"WITH date('1984-10-11') AS x", "x + duration({years: 12.5, months: 5.5, days: 14.5, hours: 16.5, minutes: 12.5, seconds: 70.5, nanoseconds: 3})", "'1997-10-11'"},
		{"WITH date('1984-10-11') AS x", "x - duration({years: 12.5, months: 5.5, days: 14.5, hours: 16.5, minutes: 12.5, seconds: 70.5, nanoseconds: 3})", "'1971-10-12'"},
		{"", dur + " + duration({months: 1, days: -14, hours: 16, minutes: -12, seconds: 70})", "'P12Y6MT32H2M20.000000001S'"},
		{"", dur + " - duration({months: 1, days: -14, hours: 16, minutes: -12, seconds: 70})", "'P12Y4M28DT24M0.000000001S'"},
		// Month arithmetic clamps the day.
		{"", "date('2016-01-31') + duration('P1M')", "'2016-02-29'"},
		{"", "date('2016-03-31') - duration('P1M')", "'2016-02-29'"},
		{"", "date('2016-01-31') + duration('P1M1D')", "'2016-03-01'"},
		{"", "localdatetime('2015-01-31T10:00') + duration('P1MT36H')", "'2015-03-01T22:00'"},
		{"", "date('2016-01-01') + duration('PT36H')", "'2016-01-02'"},
		{"", "date('2016-01-01') + duration('PT-36H')", "'2015-12-31'"},
		{"", "localtime('23:00') + duration('PT2H')", "'01:00'"},
		{"", "localtime('01:00') - duration('P1DT2H')", "'23:00'"},
		// Named zones: days move the local time, seconds the instant.
		{"", "datetime('2017-03-25T02:30[Europe/Stockholm]') + duration('P1D')", "'2017-03-26T03:30+02:00[Europe/Stockholm]'"},
		{"", "datetime('2017-03-26T01:30[Europe/Stockholm]') + duration('PT1H')", "'2017-03-26T03:30+02:00[Europe/Stockholm]'"},
		{"", "datetime('2017-10-28T02:30[Europe/Stockholm]') + duration('P1D')", "'2017-10-29T02:30+02:00[Europe/Stockholm]'"},
		{"", "datetime('2017-10-29T02:30+02:00[Europe/Stockholm]') + duration('PT1H')", "'2017-10-29T02:30+01:00[Europe/Stockholm]'"},
		{"", "duration('P1M') + date('2016-01-31')", "'2016-02-29'"},
		// Durations.
		{"", "duration('P1Y2M3DT4H5M6S') + duration('P1M1DT1S')", "'P1Y3M4DT4H5M7S'"},
		{"", "duration('P1Y2M3DT4H5M6S') - duration('P2Y')", "'P-10M3DT4H5M6S'"},
		{"", "duration('PT0.5S') + duration('PT0.6S')", "'PT1.1S'"},
		{"", "duration('PT0.5S') - duration('PT0.6S')", "'PT-0.1S'"},
		{"WITH duration({days: 14, hours: 16, minutes: 12, seconds: 70, nanoseconds: 1}) AS d", "d * 2", "'P28DT32H26M20.000000002S'"},
		{"WITH duration({days: 14, hours: 16, minutes: 12, seconds: 70, nanoseconds: 1}) AS d", "d * 0.5", "'P7DT8H6M35S'"},
		{"WITH duration({days: 14, hours: 16, minutes: 12, seconds: 70, nanoseconds: 1}) AS d", "d / 2", "'P7DT8H6M35S'"},
		{"WITH duration({days: 14, hours: 16, minutes: 12, seconds: 70, nanoseconds: 1}) AS d", "d / 0.5", "'P28DT32H26M20.000000002S'"},
		{"WITH duration({days: 14, hours: 16, minutes: 12, seconds: 70, nanoseconds: 1}) AS d", "d * -1", "'P-14DT-16H-13M-10.000000001S'"},
		{"", "duration('P1M') * 0.5", "'P15DT5H14M33S'"},
		{"", "duration('P1D') / 3", "'PT8H'"},
		{"", "2 * duration('P1Y')", "'P2Y'"},
		{"", "duration('P1D') / 0", "error: ArgumentError.InvalidArgumentValue"},
		{"", "date('2016-01-01') + date('2016-01-01')", "error: TypeError.InvalidArgumentType"},
		{"", "duration('P999999999Y') + date('2016-01-01')", "error: ArgumentError.InvalidArgumentValue"},
	})
}

// Parsing, map construction and their errors.
func TestConstructErrors(t *testing.T) {
	bad := map[string]string{
		"date('2015-13-01')":                               "ArgumentError.InvalidArgumentValue",
		"date('2015-02-29')":                               "ArgumentError.InvalidArgumentValue",
		"date('2015-W54')":                                 "ArgumentError.InvalidArgumentValue",
		"date('2015-Q5')":                                  "ArgumentError.InvalidArgumentValue",
		"date('2015-Q1-91')":                               "ArgumentError.InvalidArgumentValue",
		"date('2015-366')":                                 "ArgumentError.InvalidArgumentValue",
		"date('2015/07/21')":                               "ArgumentError.InvalidArgumentValue",
		"date('')":                                         "ArgumentError.InvalidArgumentValue",
		"localtime('24:00')":                               "ArgumentError.InvalidArgumentValue",
		"localtime('12:60')":                               "ArgumentError.InvalidArgumentValue",
		"localtime('12:00+01:00')":                         "ArgumentError.InvalidArgumentValue",
		"time('12:00+19:00')":                              "ArgumentError.InvalidArgumentValue",
		"datetime('2015-07-21T21:40[Mars/Olympus]')":       "ArgumentError.InvalidArgumentValue",
		"duration('P')":                                    "ArgumentError.InvalidArgumentValue",
		"duration('PT')":                                   "ArgumentError.InvalidArgumentValue",
		"duration('P1Q')":                                  "ArgumentError.InvalidArgumentValue",
		"duration('1D')":                                   "ArgumentError.InvalidArgumentValue",
		"date({month: 2, day: 3})":                         "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, day: 3})":                       "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, month: 2, week: 3})":            "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, month: 2, day: 30})":            "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, ordinalDay: 366})":              "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, quarter: 5})":                   "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, quarter: 1, dayOfQuarter: 91})": "ArgumentError.InvalidArgumentValue",
		"date({year: 2015, hour: 2})":                      "ArgumentError.InvalidArgumentValue",
		"date({year: 'x'})":                                "TypeError.InvalidArgumentType",
		"date({year: 1984.0})":                             "TypeError.InvalidArgumentType",
		"duration({years: 9223372036854775807})":           "ArgumentError.InvalidArgumentValue",
		"duration('P99999999999999999999Y')":               "ArgumentError.InvalidArgumentValue",
		"duration('P999999999999999999Y')":                 "ArgumentError.InvalidArgumentValue",
		"date('2015-01-01') + duration({days: 9223372036854775807})":                    "ArgumentError.InvalidArgumentValue",
		"date({year: 1000000000})":                                                      "ArgumentError.InvalidArgumentValue",
		"localtime({minute: 2})":                                                        "ArgumentError.InvalidArgumentValue",
		"localtime({hour: 2, second: 2})":                                               "ArgumentError.InvalidArgumentValue",
		"localtime({hour: 2, minute: 2, millisecond: 2})":                               "ArgumentError.InvalidArgumentValue",
		"localtime({hour: 2, minute: 2, second: 2, millisecond: 1000})":                 "ArgumentError.InvalidArgumentValue",
		"localtime({hour: 2, minute: 2, second: 2, millisecond: 1, microsecond: 1000})": "ArgumentError.InvalidArgumentValue",
		"localtime({hour: 2, timezone: '+01:00'})":                                      "ArgumentError.InvalidArgumentValue",
		"time({hour: 2, timezone: 5})":                                                  "TypeError.InvalidArgumentType",
		"time({hour: 2, timezone: 'Nowhere/Special'})":                                  "ArgumentError.InvalidArgumentValue",
		"datetime({year: 2015, timezone: '+25:00'})":                                    "ArgumentError.InvalidArgumentValue",
		"datetime({epochSeconds: 1, year: 2015})":                                       "ArgumentError.InvalidArgumentValue",
		"duration({days: 'x'})":                                                         "TypeError.InvalidArgumentType",
		"duration({day: 1})":                                                            "ArgumentError.InvalidArgumentValue",
		"date(1)":                                                                       "TypeError.InvalidArgumentType",
		"duration(date('2015-01-01'))":                                                  "TypeError.InvalidArgumentType",
		"date.truncate('hour', date('2015-01-01'))":                                     "ArgumentError.InvalidArgumentValue",
		"localtime.truncate('day', date('2015-01-01'))":                                 "ArgumentError.InvalidArgumentValue",
		"date.truncate('fortnight', date('2015-01-01'))":                                "ArgumentError.InvalidArgumentValue",
		"datetime.truncate('year', localtime('12:00'))":                                 "ArgumentError.InvalidArgumentValue",
	}
	var cases []evalCase
	for e, code := range bad {
		cases = append(cases, evalCase{"", e, "error: " + code})
	}
	runEvalCases(t, cases)
}

// Forms beyond the TCK's.
func TestConstructMore(t *testing.T) {
	runEvalCases(t, []evalCase{
		{"", "date('+999999999-12-31')", "'+999999999-12-31'"},
		{"", "date('-0001-01-01')", "'-0001-01-01'"},
		{"", "date('+12345-01-01')", "'+12345-01-01'"},
		{"", "date('2015-Q3-21')", "'2015-07-21'"},
		{"", "date('2015Q321')", "'2015-07-21'"},
		{"", "date('2015-Q4')", "'2015-10-01'"},
		{"", "datetime('2015-w30-2t214032.142z')", "'2015-07-21T21:40:32.142Z'"},
		{"", "duration('p1y2m3dt4h')", "'P1Y2M3DT4H'"},
		{"", "localtime('21:40:32,5')", "'21:40:32.5'"},
		{"", "localtime('214032.123456789')", "'21:40:32.123456789'"},
		{"", "time('21:40:32.142+01:00:30')", "'21:40:32.142+01:00:30'"},
		{"", "time('21:40Z')", "'21:40Z'"},
		{"", "datetime('2015-07-21')", "'2015-07-21T00:00Z'"},
		{"", "datetime('2015-07-21T21:40:32.142+01:00[Europe/Stockholm]')", "'2015-07-21T21:40:32.142+02:00[Europe/Stockholm]'"},
		{"", "datetime('2017-03-26T02:30[Europe/Stockholm]')", "'2017-03-26T03:30+02:00[Europe/Stockholm]'"},
		{"", "datetime('2017-10-29T02:30[Europe/Stockholm]')", "'2017-10-29T02:30+02:00[Europe/Stockholm]'"},
		{"", "datetime('2017-10-29T02:30+01:00[Europe/Stockholm]')", "'2017-10-29T02:30+01:00[Europe/Stockholm]'"},
		{"", "datetime('2015-01-21T21:40:32.142[Europe/London]')", "'2015-01-21T21:40:32.142Z[Europe/London]'"},
		{"", "datetime({epochSeconds: 416779, nanosecond: 999999999})", "'1970-01-05T19:46:19.999999999Z'"},
		{"", "datetime({epochMillis: 237821673987, timezone: '+01:00'})", "'1977-07-15T14:34:33.987+01:00'"},
		{"", "datetime({epochSeconds: -1})", "'1969-12-31T23:59:59Z'"},
		{"", "datetime.fromepochmillis(-1)", "'1969-12-31T23:59:59.999Z'"},
		{"", "duration('-P1Y2M')", "'P-1Y-2M'"},
		{"", "duration('P-1Y+2M')", "'P-10M'"},
		{"", "duration('PT-0.5S')", "'PT-0.5S'"},
		{"", "duration('PT1,5S')", "'PT1.5S'"},
		{"", "duration('P0.5Y')", "'P6M'"},
		{"", "duration('P0.5D')", "'PT12H'"},
		{"", "duration('PT1.5H')", "'PT1H30M'"},
		{"", "duration('P1W')", "'P7D'"},
		{"", "duration('P20120202T143721.545')", "'P2012Y2M2DT14H37M21.545S'"},
		{"", "duration({weeks: 1, days: 1})", "'P8D'"},
		{"", "duration({quarters: 1})", "'P3M'"},
		{"", "duration({hours: -1.5})", "'PT-1H-30M'"},
		{"", "duration({seconds: 0})", "'PT0S'"},
		{"", "duration({milliseconds: 1.5})", "'PT0.0015S'"},
		{"", "date({year: 2015, weekDay: 3, week: 2})", "'2015-01-07'"},
		{"", "date({year: 2015, month: 2, day: 3}).dayOfWeek", "2"},
		{"", "date(null)", "null"},
		{"", "duration.between(null, date('2015-01-01'))", "null"},
		{"", "duration.between(localtime('12:00'), localtime('11:00'))", "'PT-1H'"},
		{"", "duration.inDays(localtime('12:00'), localtime('11:00'))", "'PT0S'"},
		{"", "duration.between(date('2016-01-31'), date('2016-03-01'))", "'P1M1D'"},
		{"", "duration.between(date('2016-03-01'), date('2016-01-31'))", "'P-1M-1D'"},
		{"", "duration.between(datetime('2017-03-26T00:00[Europe/Stockholm]'), datetime('2017-03-27T00:00[Europe/Stockholm]'))", "'P1D'"},
		{"", "duration.inSeconds(datetime('2017-03-26T00:00[Europe/Stockholm]'), datetime('2017-03-27T00:00[Europe/Stockholm]'))", "'PT23H'"},
		{"", "datetime('2015-07-21T21:40:32.142+01:00').epochMillis", "1437511232142"},
		{"", "datetime('2015-07-21T21:40:32.142+01:00').timezone", "'+01:00'"},
		{"", "datetime('2015-07-21T21:40:32.142Z').offset", "'Z'"},
		{"", "time('12:00-02:30').offsetMinutes", "-150"},
		{"", "date('2015-07-21').quarterDay", "21"},
		{"", "duration('P-1Y-5M-10DT-1H-1M-1.5S').monthsOfYear", "-5"},
		{"", "duration('PT-1.5S').seconds", "-2"},
		{"", "duration('PT-1.5S').nanosecondsOfSecond", "500000000"},
		{"", "duration('PT-1.5S').milliseconds", "-1500"},
		{"", "date.truncate('millennium', date('-0001-06-01'))", "'-1000-01-01'"},
		{"", "datetime.truncate('day', datetime('2017-03-26T12:00[Europe/Stockholm]'))", "'2017-03-26T00:00+01:00[Europe/Stockholm]'"},
		{"", "datetime.truncate('hour', datetime('2017-03-26T03:30[Europe/Stockholm]'), {minute: 15})", "'2017-03-26T03:15+02:00[Europe/Stockholm]'"},
		{"", "localtime.truncate('millisecond', localtime('12:31:14.645876123'), {microsecond: 7})", "'12:31:14.645007'"},
		{"", "time.truncate('minute', time('12:31:14+05:00'))", "'12:31+05:00'"},
	})
}

// Fractions cascade without disturbing large integral components.
func TestDurationPrecision(t *testing.T) {
	want := "'" + NewDuration(0, 0, 123456789012345+43200, 0).String() + "'"
	runEvalCases(t, []evalCase{
		{"", "duration({seconds: 123456789012345, days: 0.5})", want},
		{"", "duration('P0.5DT123456789012345S')", want},
		{"", "duration({nanoseconds: 0.5})", "'PT0S'"},
		{"", "duration({years: -0.5})", "'P-6M'"},
	})
}
