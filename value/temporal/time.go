package temporal

import (
	"github.com/cyqdb/cyq/value"
)

// LocalTime is an openCypher LOCAL TIME: a time of day with nanosecond
// precision and no time zone.
type LocalTime struct {
	nanos int64 // nanoseconds since midnight, [0, 86400e9)
}

// Time is an openCypher ZONED TIME: a time of day with a fixed UTC offset.
type Time struct {
	nanos  int64 // local nanoseconds since midnight, [0, 86400e9)
	offset int32 // seconds east of UTC, [-18h, +18h]
}

var (
	_ value.Extension = LocalTime{}
	_ value.Extension = Time{}
)

const maxOffset = 18 * 3600

// NewLocalTime returns hour:minute:second.nanosecond, or an ArgumentError
// when a field is out of range.
func NewLocalTime(hour, minute, second, nanosecond int64) (LocalTime, error) {
	n, err := nanoOfDay(hour, minute, second, nanosecond)
	return LocalTime{n}, err
}

// LocalTimeOfNanos returns the local time the given number of nanoseconds
// after midnight, wrapping around at 24 hours.
func LocalTimeOfNanos(nanos int64) LocalTime { return LocalTime{floorMod(nanos, nanosPerDay)} }

// NewTime returns a time with the given UTC offset in seconds, or an
// ArgumentError when a field is out of range.
func NewTime(hour, minute, second, nanosecond int64, offsetSeconds int32) (Time, error) {
	n, err := nanoOfDay(hour, minute, second, nanosecond)
	if err != nil {
		return Time{}, err
	}
	if offsetSeconds < -maxOffset || offsetSeconds > maxOffset {
		return Time{}, errValue("offset %d seconds out of range [-18:00, +18:00]", offsetSeconds)
	}
	return Time{n, offsetSeconds}, nil
}

func nanoOfDay(hour, minute, second, nanosecond int64) (int64, error) {
	switch {
	case hour < 0 || hour > 23:
		return 0, errValue("hour %d out of range [0, 23]", hour)
	case minute < 0 || minute > 59:
		return 0, errValue("minute %d out of range [0, 59]", minute)
	case second < 0 || second > 59:
		return 0, errValue("second %d out of range [0, 59]", second)
	case nanosecond < 0 || nanosecond > 999_999_999:
		return 0, errValue("nanosecond %d out of range [0, 999999999]", nanosecond)
	}
	return ((hour*60+minute)*60+second)*nanosPerSecond + nanosecond, nil
}

// NanoOfDay returns the nanoseconds since midnight.
func (t LocalTime) NanoOfDay() int64 { return t.nanos }

// NanoOfDay returns the local nanoseconds since midnight.
func (t Time) NanoOfDay() int64 { return t.nanos }

// Offset returns the UTC offset in seconds.
func (t Time) Offset() int32 { return t.offset }

// utcNanos is the time of day normalised to UTC (may fall outside one day).
func (t Time) utcNanos() int64 { return t.nanos - int64(t.offset)*nanosPerSecond }

// Kind returns value.KindLocalTime.
func (LocalTime) Kind() value.Kind { return value.KindLocalTime }

// EqualSame reports whether other is the same time of day.
func (t LocalTime) EqualSame(other value.Value) bool {
	o, ok := other.(LocalTime)
	return ok && o.nanos == t.nanos
}

// CompareSame orders times of day.
func (t LocalTime) CompareSame(other value.Value) (int, bool) {
	o, ok := other.(LocalTime)
	if !ok {
		return 0, false
	}
	return cmpInt(t.nanos, o.nanos), true
}

// OrderSame orders times of day.
func (t LocalTime) OrderSame(other value.Value) int {
	c, _ := t.CompareSame(other)
	return c
}

// AppendKey appends the nanosecond of the day.
func (t LocalTime) AppendKey(dst []byte) []byte { return appendOrderedInt(dst, t.nanos) }

// String renders the time as HH:MM[:SS[.fffffffff]].
func (t LocalTime) String() string { return string(appendTimeOfDay(nil, t.nanos)) }

// Kind returns value.KindTime.
func (Time) Kind() value.Kind { return value.KindTime }

// EqualSame reports whether other has the same local time and offset
// (12:00+01:00 and 11:00Z are different values that compare as equal
// instants; see CompareSame).
func (t Time) EqualSame(other value.Value) bool {
	o, ok := other.(Time)
	return ok && o.nanos == t.nanos && o.offset == t.offset
}

// CompareSame orders times by their UTC-normalised time of day, then by
// offset, so that it agrees with EqualSame.
func (t Time) CompareSame(other value.Value) (int, bool) {
	o, ok := other.(Time)
	if !ok {
		return 0, false
	}
	if c := cmpInt(t.utcNanos(), o.utcNanos()); c != 0 {
		return c, true
	}
	return cmpInt(t.offset, o.offset), true
}

// OrderSame is CompareSame.
func (t Time) OrderSame(other value.Value) int {
	c, _ := t.CompareSame(other)
	return c
}

// AppendKey appends the local time and the offset.
func (t Time) AppendKey(dst []byte) []byte {
	dst = appendOrderedInt(dst, t.nanos)
	return appendOrderedInt(dst, int64(t.offset))
}

// String renders the time as HH:MM[:SS[.fffffffff]] followed by the offset
// (Z for UTC).
func (t Time) String() string {
	b := appendTimeOfDay(nil, t.nanos)
	return string(appendOffset(b, t.offset))
}
