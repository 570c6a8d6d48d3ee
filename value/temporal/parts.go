package temporal

import (
	"github.com/cyqdb/cyq/value"
)

// parts is a temporal value taken apart: what it has (date, time, zone) and
// the local fields. It is the common currency of selection, truncation and
// duration.between.
type parts struct {
	hasDate, hasTime, hasZone bool
	days                      int64 // local epoch day
	nanos                     int64 // local nanosecond of the day
	zone                      zone  // when hasZone
	offset                    int32 // offset in force, when hasZone
}

// partsOf takes a temporal value apart; ok is false for non-temporal values
// and durations.
func partsOf(v value.Value) (parts, bool) {
	switch x := v.(type) {
	case Date:
		return parts{hasDate: true, days: x.days}, true
	case LocalTime:
		return parts{hasTime: true, nanos: x.nanos}, true
	case Time:
		return parts{hasTime: true, hasZone: true, nanos: x.nanos, zone: fixedZone(x.offset), offset: x.offset}, true
	case LocalDateTime:
		return parts{hasDate: true, hasTime: true, days: x.days, nanos: x.nanos}, true
	case DateTime:
		return parts{hasDate: true, hasTime: true, hasZone: true, days: x.localDays(), nanos: x.localNanos(), zone: x.zoneOf(), offset: x.offset}, true
	}
	return parts{}, false
}

// utcSeconds is the instant of a zoned value with a date.
func (p parts) utcSeconds() int64 {
	return p.days*secondsPerDay + p.nanos/nanosPerSecond - int64(p.offset)
}

// withZoneSameInstant converts a zoned value to zone z, keeping the instant.
// For a time without a date, a named zone contributes its current offset.
func (p parts) withZoneSameInstant(z zone) parts {
	if !p.hasZone {
		return p.withZoneSameLocal(z)
	}
	if p.hasDate {
		utc := p.utcSeconds()
		off := z.offsetAt(utc)
		local := utc + int64(off)
		p.days = floorDiv(local, secondsPerDay)
		p.nanos = floorMod(local, secondsPerDay)*nanosPerSecond + p.nanos%nanosPerSecond
		p.zone, p.offset = z, off
		return p
	}
	off := z.offsetAt(nowUnix())
	p.nanos = floorMod(p.nanos+int64(off-p.offset)*nanosPerSecond, nanosPerDay)
	p.zone, p.offset = z, off
	return p
}

// withZoneSameLocal attaches zone z, keeping the local fields (resolving the
// offset for a value with a date).
func (p parts) withZoneSameLocal(z zone) parts {
	p.hasZone = true
	p.zone = z
	if p.hasDate {
		// A local time in a gap moves forward.
		dt := dateTimeFromLocal(p.days, p.nanos, z)
		p.days, p.nanos, p.offset = dt.localDays(), dt.localNanos(), dt.offset
	} else {
		p.offset = z.offsetAt(nowUnix())
	}
	return p
}

// value builds a value of the given kind from p, dropping what the kind
// does not hold; missing time is midnight, a missing zone is UTC.
func (p parts) value(kind value.Kind) value.Value {
	switch kind {
	case value.KindDate:
		return Date{p.days}
	case value.KindLocalTime:
		return LocalTime{p.nanos}
	case value.KindTime:
		if !p.hasZone {
			return Time{p.nanos, 0}
		}
		return Time{p.nanos, p.offset}
	case value.KindLocalDateTime:
		return LocalDateTime{p.days, p.nanos}
	case value.KindDateTime:
		z := p.zone
		if !p.hasZone {
			z = fixedZone(0)
		}
		return dateTimeFromLocalPreferring(p.days, p.nanos, z, p.offset)
	}
	return value.NullValue
}

// dateTimeFromLocalPreferring resolves a local date and time in z, keeping
// the preferred offset when it is valid there (the later of two offsets in
// an overlap, say).
func dateTimeFromLocalPreferring(days, nanos int64, z zone, preferred int32) DateTime {
	local := days*secondsPerDay + nanos/nanosPerSecond
	if z.loc != nil && z.offsetAt(local-int64(preferred)) == preferred {
		return DateTime{sec: local - int64(preferred), nano: int32(nanos % nanosPerSecond), offset: preferred, zone: z.name}
	}
	return dateTimeFromLocal(days, nanos, z)
}
