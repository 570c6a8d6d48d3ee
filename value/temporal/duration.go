package temporal

import (
	"math"

	"github.com/cyqdb/cyq/value"
)

// Duration is an openCypher DURATION: months, days and seconds kept as
// separate components (a month is not a fixed number of days, nor a day a
// fixed number of seconds), plus nanoseconds. Seconds and nanoseconds are
// normalised so that 0 <= nanos < 1e9; months and days are never folded
// into each other or into seconds.
type Duration struct {
	months  int64
	days    int64
	seconds int64
	nanos   int32
}

var _ value.Extension = Duration{}

// Average lengths used to cascade fractional components, as in openCypher
// (and java.time): a month is 1/12 of 365.2425 days.
const (
	avgSecondsPerMonth = 2_629_746
	avgNanosPerMonth   = avgSecondsPerMonth * nanosPerSecond
)

// NewDuration returns a duration from its components; nanos may be any value
// and is carried into seconds.
func NewDuration(months, days, seconds, nanos int64) Duration {
	seconds += floorDiv(nanos, nanosPerSecond)
	return Duration{months: months, days: days, seconds: seconds, nanos: int32(floorMod(nanos, nanosPerSecond))}
}

// Months returns the months component.
func (d Duration) Months() int64 { return d.months }

// Days returns the days component.
func (d Duration) Days() int64 { return d.days }

// Seconds returns the seconds component (rounded towards negative infinity;
// see Nanos).
func (d Duration) Seconds() int64 { return d.seconds }

// Nanos returns the nanoseconds component, in [0, 1e9).
func (d Duration) Nanos() int32 { return d.nanos }

// IsZero reports whether every component is zero.
func (d Duration) IsZero() bool { return d == Duration{} }

// approximate builds a duration from fractional components, cascading the
// fraction of each component down to the next smaller one using average
// lengths (as openCypher specifies: 0.5 months is about 15.2 days).
func approximate(months, days, seconds, nanos float64) (Duration, error) {
	m, ok1 := toInt64(months)
	monthRest := avgNanosPerMonth*months - avgNanosPerMonth*float64(m)
	days += monthRest / (nanosPerSecond * secondsPerDay)
	d, ok2 := toInt64(days)
	dayRest := nanosPerSecond*secondsPerDay*days - nanosPerSecond*secondsPerDay*float64(d)
	seconds += dayRest / nanosPerSecond
	s, ok3 := toInt64(seconds)
	secRest := nanosPerSecond*seconds - nanosPerSecond*float64(s)
	nanos += secRest
	n, ok4 := toInt64(nanos)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return Duration{}, errValue("duration out of range")
	}
	return NewDuration(m, d, s, n), nil
}

// cascade adds exact integral components (months, days, seconds,
// nanoseconds) and fractional remainders, which cascade to smaller units as
// approximate does. Keeping the integral parts out of floating point keeps
// large values exact.
func cascade(ints [4]int64, fracs [4]float64, fractional bool) (Duration, error) {
	d := NewDuration(ints[0], ints[1], ints[2], ints[3])
	if !fractional {
		return d, nil
	}
	r, err := approximate(fracs[0], fracs[1], fracs[2], fracs[3])
	if err != nil {
		return Duration{}, err
	}
	return AddDurations(d, r)
}

// toInt64 truncates f towards zero; ok is false for NaN or out of range.
func toInt64(f float64) (int64, bool) {
	if math.IsNaN(f) || f >= 9.223372036854775807e18 || f < -9.223372036854775808e18 {
		return 0, false
	}
	return int64(f), true
}

// Kind returns value.KindDuration.
func (Duration) Kind() value.Kind { return value.KindDuration }

// EqualSame reports whether other has the same components (after carrying
// seconds: PT70S equals PT1M10S, but P1D does not equal PT24H).
func (d Duration) EqualSame(other value.Value) bool {
	o, ok := other.(Duration)
	return ok && o == d
}

// CompareSame always reports ok=false: durations are not comparable.
func (d Duration) CompareSame(value.Value) (int, bool) { return 0, false }

// OrderSame orders durations by their approximate length (months counted at
// their average length), then component by component.
func (d Duration) OrderSame(other value.Value) int {
	o, ok := other.(Duration)
	if !ok {
		return 0
	}
	la, lb := d.approxSeconds(), o.approxSeconds()
	if c := cmpFloat(la, lb); c != 0 {
		return c
	}
	if c := cmpInt(d.months, o.months); c != 0 {
		return c
	}
	if c := cmpInt(d.days, o.days); c != 0 {
		return c
	}
	if c := cmpInt(d.seconds, o.seconds); c != 0 {
		return c
	}
	return cmpInt(d.nanos, o.nanos)
}

func (d Duration) approxSeconds() float64 {
	return float64(d.months)*avgSecondsPerMonth + float64(d.days)*secondsPerDay + float64(d.seconds) + float64(d.nanos)/nanosPerSecond
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// AppendKey appends the four components.
func (d Duration) AppendKey(dst []byte) []byte {
	dst = appendOrderedInt(dst, d.months)
	dst = appendOrderedInt(dst, d.days)
	dst = appendOrderedInt(dst, d.seconds)
	return appendOrderedInt(dst, int64(d.nanos))
}

// String renders the ISO 8601 form used by openCypher, e.g. P1Y2M10DT2H30M,
// PT-1M-0.001S or PT0S; every component carries its own sign.
func (d Duration) String() string { return string(appendDuration(nil, d)) }
