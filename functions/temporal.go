package functions

import (
	"math"
	"time"

	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// Temporal functions: the constructors date(), localtime(), time(),
// localdatetime(), datetime() and duration(), their .statement,
// .transaction and .realtime variants, .truncate, datetime.fromepoch and
// fromepochmillis, and duration.between, inMonths, inDays and inSeconds.
// They wrap package value/temporal; the operators and property access reach
// the temporal values through their Arith and Property methods.
//
// Clocks: the forms without a date or time (date(), datetime.statement(),
// datetime({timezone: 'Europe/Paris'})) read Context.Now, the statement
// time, so that every call in one statement agrees; .transaction reads it
// too (a statement is the unit the engine clocks); .realtime reads the wall
// clock. The default time zone is UTC.

// temporalCtor describes one temporal kind for the definitions.
type temporalCtor struct {
	name    string // lower-case function name
	kind    value.Kind
	typ     Type
	what    string // "the current date", for Doc
	example string // a constructor example
}

var temporalCtors = []temporalCtor{
	{"date", value.KindDate, Date, "date", "date('2015-07-21') = '2015-07-21'"},
	{"localtime", value.KindLocalTime, LocalTime, "local time", "localtime('21:40:32.142') = '21:40:32.142'"},
	{"time", value.KindTime, Time, "zoned time", "time('21:40:32.142+0100') = '21:40:32.142+01:00'"},
	{"localdatetime", value.KindLocalDateTime, LocalDateTime, "local datetime", "localdatetime('2015-07-21T21:40:32.142') = '2015-07-21T21:40:32.142'"},
	{"datetime", value.KindDateTime, DateTime, "zoned datetime", "datetime('2015-07-21T21:40:32.142+01:00') = '2015-07-21T21:40:32.142+01:00'"},
}

// clockKind selects the clock of a "current value" function.
type clockKind uint8

const (
	clockStatement clockKind = iota
	clockTransaction
	clockRealtime
)

func (c clockKind) now(ctx *Context) time.Time {
	if c == clockRealtime {
		return time.Now()
	}
	return ctx.StatementTime()
}

func defineTemporal() {
	for _, c := range temporalCtors {
		def(&Func{Name: c.name, Category: "temporal", Deterministic: false, StatementStable: true,
			Doc: c.name + "([x]) returns a " + c.what + ": without an argument the current one (the statement time, in UTC); " +
				"from a string (ISO 8601), from a map of fields ({year: 1984, month: 10, day: 11, timezone: 'Europe/Stockholm'} and the like, " +
				"including {date: d, time: t} to select fields of other temporal values), or converted from another temporal value. " +
				"A null argument gives null.",
			Examples: []string{c.example, c.name + "() = " + c.name + ".statement()"},
			Overloads: []Overload{
				ov(temporalNowImpl(c.kind, clockStatement), c.typ),
				ov(temporalConstructImpl(c.kind), c.typ, Union(String, Map, Temporal)).named("value"),
			}})
		for _, v := range []struct {
			suffix string
			clock  clockKind
			doc    string
		}{
			{"statement", clockStatement, "the time the current statement started"},
			{"transaction", clockTransaction, "the time the current transaction started (the statement time in cyq)"},
			{"realtime", clockRealtime, "the wall clock at the moment of the call"},
		} {
			name := c.name + "." + v.suffix
			def(&Func{Name: name, Category: "temporal", Deterministic: false, StatementStable: v.clock != clockRealtime,
				Doc: name + "([timezone]) returns the current " + c.what + " at " + v.doc +
					", seen in the given time zone (an IANA name or an offset such as '+01:00'; UTC by default).",
				Examples: []string{name + "()", name + "('Europe/Stockholm')"},
				Overloads: []Overload{
					ov(temporalNowImpl(c.kind, v.clock), c.typ),
					ov(temporalNowZoneImpl(c.kind, v.clock, name), c.typ, Union(String, Map)).named("timezone"),
				}})
		}
		name := c.name + ".truncate"
		def(&Func{Name: name, Category: "temporal", Deterministic: true,
			Doc: name + "(unit, value[, fields]) truncates a temporal value to the unit ('millennium', 'century', 'decade', 'year', " +
				"'weekYear', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond'), " +
				"converts it to a " + c.what + " and then overrides the fields given in the map.",
			Examples: []string{truncateExample(c.name)},
			Overloads: []Overload{
				ov(temporalTruncateImpl(c.kind, name), c.typ, String, Temporal).named("unit", "value"),
				ov(temporalTruncateImpl(c.kind, name), c.typ, String, Temporal, Map).named("unit", "value", "fields"),
			}})
	}
	def(&Func{Name: "duration", Category: "temporal", Deterministic: true,
		Doc: "duration(x) returns a duration from an ISO 8601 string ('P1Y2M10DT12H45M30.25S') or a map of components " +
			"({years, quarters, months, weeks, days, hours, minutes, seconds, milliseconds, microseconds, nanoseconds}, " +
			"integers or floats; fractions cascade to smaller units). A null argument gives null.",
		Examples: []string{"duration('P14DT16H12M') = 'P14DT16H12M'", "duration({days: 1.5}) = 'P1DT12H'"},
		Overloads: []Overload{
			ov(temporalConstructImpl(value.KindDuration), Duration, Union(String, Map, Duration)).named("value"),
		}})
	def(&Func{Name: "datetime.fromepoch", Display: "datetime.fromEpoch", Category: "temporal", Deterministic: true,
		Doc:       "datetime.fromEpoch(seconds, nanoseconds) returns the zoned datetime (in UTC) the given seconds and nanoseconds after 1970-01-01T00:00Z.",
		Examples:  []string{"datetime.fromEpoch(1536779460, 123) = '2018-09-12T19:11:00.000000123Z'"},
		Overloads: []Overload{ov(fromEpochImpl, DateTime, Number, Number).named("seconds", "nanoseconds")}})
	def(&Func{Name: "datetime.fromepochmillis", Display: "datetime.fromEpochMillis", Category: "temporal", Deterministic: true,
		Doc:       "datetime.fromEpochMillis(milliseconds) returns the zoned datetime (in UTC) the given milliseconds after 1970-01-01T00:00Z.",
		Examples:  []string{"datetime.fromEpochMillis(1536779460123) = '2018-09-12T19:11:00.123Z'"},
		Overloads: []Overload{ov(fromEpochMillisImpl, DateTime, Number).named("milliseconds")}})
	for _, b := range []struct{ name, display, doc, example string }{
		{"duration.between", "duration.between", "the difference between two temporal values as whole months, then whole days, then seconds and nanoseconds",
			"duration.between(date('1984-10-11'), date('2015-06-24')) = 'P30Y8M13D'"},
		{"duration.inmonths", "duration.inMonths", "the difference between two temporal values in whole months (and years)",
			"duration.inMonths(date('1984-10-11'), date('2015-06-24')) = 'P30Y8M'"},
		{"duration.indays", "duration.inDays", "the difference between two temporal values in whole days",
			"duration.inDays(date('1984-10-11'), date('2015-06-24')) = 'P11213D'"},
		{"duration.inseconds", "duration.inSeconds", "the exact difference between two temporal values in seconds and nanoseconds",
			"duration.inSeconds(localtime('12:00'), localtime('13:30')) = 'PT1H30M'"},
	} {
		kind := b.display[len("duration."):]
		def(&Func{Name: b.name, Display: b.display, Category: "temporal", Deterministic: true,
			Doc:       b.display + "(from, to) returns " + b.doc + ". When only one side has a date, a time or a zone, the other is completed from it. A null argument gives null.",
			Examples:  []string{b.example},
			Overloads: []Overload{ov(betweenImpl(kind), Duration, Temporal, Temporal).named("from", "to")}})
	}
}

// truncateExample is an example of X.truncate for the documentation.
func truncateExample(name string) string {
	switch name {
	case "date":
		return "date.truncate('month', date('2017-11-11')) = '2017-11-01'"
	case "localtime":
		return "localtime.truncate('hour', localtime('12:31:14')) = '12:00'"
	case "time":
		return "time.truncate('minute', time('12:31:14+01:00')) = '12:31+01:00'"
	case "localdatetime":
		return "localdatetime.truncate('day', localdatetime('2017-11-11T12:31:14')) = '2017-11-11T00:00'"
	}
	return "datetime.truncate('year', datetime('2017-11-11T12:31:14Z')) = '2017-01-01T00:00Z'"
}

// temporalOpts is the session context of a constructor call.
func temporalOpts(ctx *Context) temporal.Options {
	return temporal.Options{Clock: ctx.StatementTime()}
}

func temporalNowImpl(kind value.Kind, clock clockKind) Impl {
	return func(ctx *Context, _ []value.Value) (value.Value, error) {
		return temporal.Now(kind, clock.now(ctx), "")
	}
}

// temporalNowZoneImpl is X.statement(tz) and friends: tz is a zone name or
// offset, or a map {timezone: tz}.
func temporalNowZoneImpl(kind value.Kind, clock clockKind, name string) Impl {
	return func(ctx *Context, args []value.Value) (value.Value, error) {
		switch x := args[0].(type) {
		case nil, value.Null:
			return value.NullValue, nil
		case value.String:
			return temporal.Now(kind, clock.now(ctx), string(x))
		case value.Map:
			return temporal.Construct(kind, x, temporal.Options{Clock: clock.now(ctx)})
		}
		return nil, argTypeErr(name, args[0], "a time zone string")
	}
}

func temporalConstructImpl(kind value.Kind) Impl {
	return func(ctx *Context, args []value.Value) (value.Value, error) {
		if isNull(args[0]) {
			return value.NullValue, nil
		}
		return temporal.Construct(kind, args[0], temporalOpts(ctx))
	}
}

func temporalTruncateImpl(kind value.Kind, name string) Impl {
	return func(ctx *Context, args []value.Value) (value.Value, error) {
		for _, a := range args[:2] {
			if isNull(a) {
				return value.NullValue, nil
			}
		}
		unit, ok := args[0].(value.String)
		if !ok {
			return nil, argTypeErr(name, args[0], "a unit string")
		}
		var fields value.Map
		if len(args) > 2 && !isNull(args[2]) {
			m, ok := args[2].(value.Map)
			if !ok {
				return nil, argTypeErr(name, args[2], "a map")
			}
			fields = m
		}
		return temporal.Truncate(kind, string(unit), args[1], fields, "")
	}
}

// epochInt converts an epoch argument to an integer; floats must be whole.
func epochInt(name string, v value.Value) (int64, error) {
	switch x := v.(type) {
	case value.Int:
		return int64(x), nil
	case value.Float:
		f := float64(x)
		if f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
			return int64(f), nil
		}
		return 0, argValueErr("InvalidArgumentValue", name, "expected a whole number, got %s", value.Format(v))
	}
	return 0, argTypeErr(name, v, "an integer")
}

func fromEpochImpl(_ *Context, args []value.Value) (value.Value, error) {
	if isNull(args[0]) || isNull(args[1]) {
		return value.NullValue, nil
	}
	s, err := epochInt("datetime.fromEpoch", args[0])
	if err != nil {
		return nil, err
	}
	n, err := epochInt("datetime.fromEpoch", args[1])
	if err != nil {
		return nil, err
	}
	return temporal.FromEpoch(s, n)
}

func fromEpochMillisImpl(_ *Context, args []value.Value) (value.Value, error) {
	if isNull(args[0]) {
		return value.NullValue, nil
	}
	ms, err := epochInt("datetime.fromEpochMillis", args[0])
	if err != nil {
		return nil, err
	}
	return temporal.FromEpochMillis(ms)
}

// betweenImpl is duration.between (kind "between"), inMonths, inDays and
// inSeconds.
func betweenImpl(kind string) Impl {
	return func(_ *Context, args []value.Value) (value.Value, error) {
		if isNull(args[0]) || isNull(args[1]) {
			return value.NullValue, nil
		}
		for _, a := range args {
			if !TemporalValue(a) || value.KindOf(a) == value.KindDuration {
				return nil, argTypeErr("duration."+kind, a, "a temporal value other than a duration")
			}
		}
		return temporal.Between(kind, args[0], args[1])
	}
}

// TemporalValue reports whether v is a temporal value (duration included).
func TemporalValue(v value.Value) bool {
	return Temporal.Mask&bit(value.KindOf(v)) != 0
}
