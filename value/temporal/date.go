package temporal

import (
	"encoding/binary"

	"github.com/cyqdb/cyq/value"
)

// Date is an openCypher DATE: a proleptic Gregorian calendar date without a
// time of day or time zone, for years -999,999,999 to 999,999,999.
type Date struct {
	days int64 // days since 1970-01-01
}

var _ value.Extension = Date{}

// NewDate returns the date year-month-day, or an ArgumentError when a field
// is out of range.
func NewDate(year, month, day int64) (Date, error) {
	if year < minYear || year > maxYear {
		return Date{}, errValue("year %d out of range [%d, %d]", year, minYear, maxYear)
	}
	if month < 1 || month > 12 {
		return Date{}, errValue("month %d out of range [1, 12]", month)
	}
	if day < 1 || day > daysInMonth(year, month) {
		return Date{}, errValue("day %d out of range for %04d-%02d", day, year, month)
	}
	return Date{daysFromCivil(year, month, day)}, nil
}

// DateFromEpochDay returns the date the given number of days after
// 1970-01-01, or an ArgumentError outside the supported range.
func DateFromEpochDay(days int64) (Date, error) {
	if !validDay(days) {
		return Date{}, errValue("epoch day %d out of range", days)
	}
	return Date{days}, nil
}

// EpochDay returns the number of days since 1970-01-01.
func (d Date) EpochDay() int64 { return d.days }

// YearMonthDay returns the calendar fields.
func (d Date) YearMonthDay() (year, month, day int64) { return civilFromDays(d.days) }

// Kind returns value.KindDate.
func (Date) Kind() value.Kind { return value.KindDate }

// EqualSame reports whether other is the same date.
func (d Date) EqualSame(other value.Value) bool {
	o, ok := other.(Date)
	return ok && o.days == d.days
}

// CompareSame orders dates chronologically.
func (d Date) CompareSame(other value.Value) (int, bool) {
	o, ok := other.(Date)
	if !ok {
		return 0, false
	}
	return cmpInt(d.days, o.days), true
}

// OrderSame orders dates chronologically.
func (d Date) OrderSame(other value.Value) int {
	c, _ := d.CompareSame(other)
	return c
}

// AppendKey appends the epoch day.
func (d Date) AppendKey(dst []byte) []byte { return appendOrderedInt(dst, d.days) }

// String renders the date as YYYY-MM-DD.
func (d Date) String() string { return string(appendDate(nil, d.days)) }

func cmpInt[T ~int64 | ~int32 | ~int](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func appendOrderedInt(dst []byte, v int64) []byte {
	return binary.BigEndian.AppendUint64(dst, uint64(v)^(1<<63))
}
