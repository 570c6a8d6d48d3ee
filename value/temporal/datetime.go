package temporal

import (
	"encoding/binary"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// LocalDateTime is an openCypher LOCAL DATETIME: a date and a time of day
// without a time zone.
type LocalDateTime struct {
	days  int64 // epoch day
	nanos int64 // nanosecond of the day
}

// DateTime is an openCypher ZONED DATETIME: an instant together with the time
// zone it is seen in, either a fixed UTC offset or a named IANA zone.
type DateTime struct {
	sec    int64  // UTC seconds since 1970-01-01T00:00Z
	nano   int32  // [0, 1e9)
	offset int32  // offset in force at the instant, seconds east of UTC
	zone   string // IANA zone name, "" for a fixed offset
}

var (
	_ value.Extension = LocalDateTime{}
	_ value.Extension = DateTime{}
)

// NewLocalDateTime combines a date and a local time.
func NewLocalDateTime(d Date, t LocalTime) LocalDateTime { return LocalDateTime{d.days, t.nanos} }

// NewDateTime returns the date and local time seen at a fixed UTC offset in
// seconds, or an ArgumentError when the offset is out of range.
func NewDateTime(d Date, t LocalTime, offsetSeconds int32) (DateTime, error) {
	if offsetSeconds < -maxOffset || offsetSeconds > maxOffset {
		return DateTime{}, errValue("offset %d seconds out of range [-18:00, +18:00]", offsetSeconds)
	}
	return dateTimeFromLocal(d.days, t.nanos, fixedZone(offsetSeconds)), nil
}

// NewDateTimeInZone returns the date and local time in the named IANA zone
// (or offset string such as "+01:00"). A local time in a daylight-saving gap
// moves forward by the gap; in an overlap the earlier offset is used.
func NewDateTimeInZone(d Date, t LocalTime, zoneName string) (DateTime, error) {
	z, err := parseZone(zoneName)
	if err != nil {
		return DateTime{}, err
	}
	return dateTimeFromLocal(d.days, t.nanos, z), nil
}

// DateTimeFromInstant returns the instant sec.nano (UTC epoch) seen in the
// given zone (an IANA name or an offset string; "" means UTC).
func DateTimeFromInstant(sec int64, nano int32, zoneName string) (DateTime, error) {
	z := fixedZone(0)
	if zoneName != "" {
		var err error
		if z, err = parseZone(zoneName); err != nil {
			return DateTime{}, err
		}
	}
	sec += floorDiv(int64(nano), nanosPerSecond)
	nano = int32(floorMod(int64(nano), nanosPerSecond))
	dt := dateTimeAt(sec, nano, z)
	if !validDay(dt.localDays()) {
		return DateTime{}, errValue("instant out of range")
	}
	return dt, nil
}

func dateTimeFromLocal(days, nanos int64, z zone) DateTime {
	local := days*secondsPerDay + nanos/nanosPerSecond
	utc, off := z.resolveLocal(local)
	return DateTime{sec: utc, nano: int32(nanos % nanosPerSecond), offset: off, zone: z.name}
}

func dateTimeAt(sec int64, nano int32, z zone) DateTime {
	return DateTime{sec: sec, nano: nano, offset: z.offsetAt(sec), zone: z.name}
}

// zoneOf returns the zone of dt.
func (dt DateTime) zoneOf() zone {
	if dt.zone == "" {
		return fixedZone(dt.offset)
	}
	z, err := loadZone(dt.zone)
	if err != nil { // cannot happen for a constructed value
		return fixedZone(dt.offset)
	}
	return z
}

func (dt DateTime) localSeconds() int64 { return dt.sec + int64(dt.offset) }
func (dt DateTime) localDays() int64    { return floorDiv(dt.localSeconds(), secondsPerDay) }
func (dt DateTime) localNanos() int64 {
	return floorMod(dt.localSeconds(), secondsPerDay)*nanosPerSecond + int64(dt.nano)
}

// EpochSeconds returns the UTC seconds since 1970-01-01T00:00Z.
func (dt DateTime) EpochSeconds() int64 { return dt.sec }

// Nanosecond returns the nanosecond within the second.
func (dt DateTime) Nanosecond() int32 { return dt.nano }

// Offset returns the UTC offset in seconds in force at the instant.
func (dt DateTime) Offset() int32 { return dt.offset }

// ZoneName returns the IANA zone name, or "" for a fixed offset.
func (dt DateTime) ZoneName() string { return dt.zone }

// Local returns the local date and time.
func (dt DateTime) Local() LocalDateTime { return LocalDateTime{dt.localDays(), dt.localNanos()} }

// Date returns the date part.
func (t LocalDateTime) Date() Date { return Date{t.days} }

// Time returns the time part.
func (t LocalDateTime) Time() LocalTime { return LocalTime{t.nanos} }

// Kind returns value.KindLocalDateTime.
func (LocalDateTime) Kind() value.Kind { return value.KindLocalDateTime }

// EqualSame reports whether other is the same local date and time.
func (t LocalDateTime) EqualSame(other value.Value) bool {
	o, ok := other.(LocalDateTime)
	return ok && o == t
}

// CompareSame orders chronologically.
func (t LocalDateTime) CompareSame(other value.Value) (int, bool) {
	o, ok := other.(LocalDateTime)
	if !ok {
		return 0, false
	}
	if c := cmpInt(t.days, o.days); c != 0 {
		return c, true
	}
	return cmpInt(t.nanos, o.nanos), true
}

// OrderSame orders chronologically.
func (t LocalDateTime) OrderSame(other value.Value) int {
	c, _ := t.CompareSame(other)
	return c
}

// AppendKey appends the epoch day and the nanosecond of the day.
func (t LocalDateTime) AppendKey(dst []byte) []byte {
	return appendOrderedInt(appendOrderedInt(dst, t.days), t.nanos)
}

// String renders YYYY-MM-DDTHH:MM[:SS[.fffffffff]].
func (t LocalDateTime) String() string {
	b := appendDate(nil, t.days)
	b = append(b, 'T')
	return string(appendTimeOfDay(b, t.nanos))
}

// Kind returns value.KindDateTime.
func (DateTime) Kind() value.Kind { return value.KindDateTime }

// EqualSame reports whether other is the same instant in the same time zone
// (the same offset for fixed-offset values, the same zone name otherwise).
// Two datetimes for one instant in different zones are not equal, but they
// compare as neither smaller nor larger only when they are equal; see
// CompareSame.
func (dt DateTime) EqualSame(other value.Value) bool {
	o, ok := other.(DateTime)
	return ok && o == dt
}

// CompareSame orders by instant; datetimes at one instant are then ordered by
// offset and zone name, so that the order agrees with EqualSame.
func (dt DateTime) CompareSame(other value.Value) (int, bool) {
	o, ok := other.(DateTime)
	if !ok {
		return 0, false
	}
	if c := cmpInt(dt.sec, o.sec); c != 0 {
		return c, true
	}
	if c := cmpInt(dt.nano, o.nano); c != 0 {
		return c, true
	}
	if c := cmpInt(dt.offset, o.offset); c != 0 {
		return c, true
	}
	return strings.Compare(dt.zone, o.zone), true
}

// OrderSame is CompareSame.
func (dt DateTime) OrderSame(other value.Value) int {
	c, _ := dt.CompareSame(other)
	return c
}

// AppendKey appends the instant, the offset and the zone name.
func (dt DateTime) AppendKey(dst []byte) []byte {
	dst = appendOrderedInt(dst, dt.sec)
	dst = binary.BigEndian.AppendUint32(dst, uint32(dt.nano))
	dst = appendOrderedInt(dst, int64(dt.offset))
	dst = binary.AppendUvarint(dst, uint64(len(dt.zone)))
	return append(dst, dt.zone...)
}

// String renders YYYY-MM-DDTHH:MM[:SS[.fffffffff]] followed by the offset
// (Z for UTC) and, for a named zone, the zone name in brackets.
func (dt DateTime) String() string {
	b := appendDate(nil, dt.localDays())
	b = append(b, 'T')
	b = appendTimeOfDay(b, dt.localNanos())
	b = appendOffset(b, dt.offset)
	if dt.zone != "" {
		b = append(b, '[')
		b = append(b, dt.zone...)
		b = append(b, ']')
	}
	return string(b)
}
