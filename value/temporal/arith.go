package temporal

import (
	"math"
	"math/bits"

	"github.com/cyqdb/cyq/value"
)

// Negate returns -d, component by component.
func (d Duration) Negate() Duration {
	return NewDuration(-d.months, -d.days, -d.seconds, -int64(d.nanos))
}

// add64 adds with overflow detection.
func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0)
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, true
	}
	r := int64(lo)
	if (a < 0) != (b < 0) {
		r = -r
	}
	return r, false
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

var errOverflow = func() error { return errValue("duration arithmetic overflow") }

// AddDurations returns a + b, component by component.
func AddDurations(a, b Duration) (Duration, error) {
	m, o1 := add64(a.months, b.months)
	d, o2 := add64(a.days, b.days)
	s, o3 := add64(a.seconds, b.seconds)
	if o1 || o2 || o3 {
		return Duration{}, errOverflow()
	}
	return NewDuration(m, d, s, int64(a.nanos)+int64(b.nanos)), nil
}

// MultiplyDuration returns d * factor. An integer factor multiplies every
// component exactly; a float factor cascades fractions to smaller units.
func MultiplyDuration(d Duration, factor value.Value) (Duration, error) {
	switch f := factor.(type) {
	case value.Int:
		k := int64(f)
		m, o1 := mul64(d.months, k)
		dd, o2 := mul64(d.days, k)
		s, o3 := mul64(d.seconds, k)
		n, o4 := mul64(int64(d.nanos), k)
		if o1 || o2 || o3 || o4 {
			return Duration{}, errOverflow()
		}
		s, o5 := add64(s, floorDiv(n, nanosPerSecond))
		if o5 {
			return Duration{}, errOverflow()
		}
		return NewDuration(m, dd, s, floorMod(n, nanosPerSecond)), nil
	case value.Float:
		x := float64(f)
		return approximate(float64(d.months)*x, float64(d.days)*x, float64(d.seconds)*x, float64(d.nanos)*x)
	}
	return Duration{}, errArgType("duration multiplication", factor, "a number")
}

// DivideDuration returns d / divisor, cascading fractions to smaller units.
// Division by zero is an ArgumentError.
func DivideDuration(d Duration, divisor value.Value) (Duration, error) {
	var x float64
	switch f := divisor.(type) {
	case value.Int:
		x = float64(f)
	case value.Float:
		x = float64(f)
	default:
		return Duration{}, errArgType("duration division", divisor, "a number")
	}
	if x == 0 {
		return Duration{}, errValue("duration division by zero")
	}
	return approximate(float64(d.months)/x, float64(d.days)/x, float64(d.seconds)/x, float64(d.nanos)/x)
}

// Add implements the + operator where a temporal value is involved:
// temporal + duration, duration + temporal and duration + duration. The
// duration's months are added first (clamping the day to the end of the
// month: 2020-01-31 + P1M = 2020-02-29), then its days, then its seconds and
// nanoseconds. A date ignores the part of the seconds smaller than a day; a
// time ignores months and days and wraps around midnight. For a datetime in a
// named zone, months and days move the local date and time, seconds move the
// instant.
func Add(a, b value.Value) (value.Value, error) {
	if da, ok := a.(Duration); ok {
		if db, ok := b.(Duration); ok {
			return AddDurations(da, db)
		}
		a, b = b, a
	}
	d, ok := b.(Duration)
	if !ok {
		return nil, errType("cannot add %s and %s", value.TypeName(a), value.TypeName(b))
	}
	return addTo(a, d)
}

// Subtract implements the - operator: temporal - duration and
// duration - duration.
func Subtract(a, b value.Value) (value.Value, error) {
	d, ok := b.(Duration)
	if !ok {
		return nil, errType("cannot subtract %s from %s", value.TypeName(b), value.TypeName(a))
	}
	if da, ok := a.(Duration); ok {
		return AddDurations(da, d.Negate())
	}
	return addTo(a, d.Negate())
}

// Multiply implements duration * number and number * duration.
func Multiply(a, b value.Value) (value.Value, error) {
	if d, ok := a.(Duration); ok {
		return MultiplyDuration(d, b)
	}
	if d, ok := b.(Duration); ok {
		return MultiplyDuration(d, a)
	}
	return nil, errType("cannot multiply %s and %s", value.TypeName(a), value.TypeName(b))
}

// Divide implements duration / number.
func Divide(a, b value.Value) (value.Value, error) {
	if d, ok := a.(Duration); ok {
		return DivideDuration(d, b)
	}
	return nil, errType("cannot divide %s by %s", value.TypeName(a), value.TypeName(b))
}

// Largest month and day counts that can move a date within the supported
// range; larger ones are out of range whatever the date.
var (
	maxMonthSpan = int64(maxYear-minYear+1) * 12
	maxDaySpan   = maxEpochDay - minEpochDay + 1
)

// addTo adds a duration to a temporal value.
func addTo(t value.Value, d Duration) (value.Value, error) {
	if abs64(d.months) > maxMonthSpan || abs64(d.days) > maxDaySpan || abs64(d.seconds) > maxDaySpan*secondsPerDay {
		if _, isTime := t.(LocalTime); !isTime {
			if _, isTime := t.(Time); !isTime {
				return nil, errValue("result out of range")
			}
		}
	}
	switch x := t.(type) {
	case Date:
		days := addMonths(x.days, d.months) + d.days + d.seconds/secondsPerDay
		return checkDays(Date{days}, days)
	case LocalTime:
		return LocalTime{addNanosOfDay(x.nanos, d)}, nil
	case Time:
		return Time{addNanosOfDay(x.nanos, d), x.offset}, nil
	case LocalDateTime:
		days := addMonths(x.days, d.months) + d.days
		days, nanos := addSeconds(days, x.nanos, d)
		return checkDays(LocalDateTime{days, nanos}, days)
	case DateTime:
		z := x.zoneOf()
		res := x
		if d.months != 0 || d.days != 0 {
			days := addMonths(x.localDays(), d.months) + d.days
			if !validDay(days) {
				return nil, errValue("date out of range")
			}
			res = dateTimeFromLocalPreferring(days, x.localNanos(), z, x.offset)
		}
		if d.seconds != 0 || d.nanos != 0 {
			sec := res.sec + d.seconds
			nano := int64(res.nano) + int64(d.nanos)
			sec += nano / nanosPerSecond
			res = dateTimeAt(sec, int32(nano%nanosPerSecond), z)
		}
		return checkDays(res, res.localDays())
	}
	return nil, errType("cannot add a duration to %s", value.TypeName(t))
}

func checkDays(v value.Value, days int64) (value.Value, error) {
	if !validDay(days) {
		return nil, errValue("result out of range")
	}
	return v, nil
}

// addNanosOfDay adds the seconds and nanos of d to a time of day, wrapping.
func addNanosOfDay(nanos int64, d Duration) int64 {
	s := floorMod(d.seconds, secondsPerDay)
	return floorMod(nanos+s*nanosPerSecond+int64(d.nanos), nanosPerDay)
}

// addSeconds adds the seconds and nanos of d to a local date and time.
func addSeconds(days, nanos int64, d Duration) (int64, int64) {
	days += floorDiv(d.seconds, secondsPerDay)
	n := nanos + floorMod(d.seconds, secondsPerDay)*nanosPerSecond + int64(d.nanos)
	days += floorDiv(n, nanosPerDay)
	return days, floorMod(n, nanosPerDay)
}
