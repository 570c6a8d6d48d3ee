package temporal

import (
	"github.com/cyqdb/cyq/value"
)

// Between implements duration.between(a, b) (kind "between"),
// duration.inMonths, duration.inDays and duration.inSeconds. a and b may be
// temporal values of different kinds; a null argument gives null.
//
// As in openCypher: when only one side has a time of day, the other gets
// midnight; when only one side has a date, the other is placed on that date;
// when only one side has a zone, the other is placed in that zone (keeping its
// local fields). Zoned values are compared in the zone of a.
//
// between gives whole months, then whole days, then the remaining seconds
// and nanoseconds (months and days only when both sides have dates).
// inMonths and inDays give whole months or days (PT0S when either side has no
// date); inSeconds gives the exact difference in seconds and nanoseconds.
func Between(kind string, a, b value.Value) (value.Value, error) {
	if value.IsNull(a) || value.IsNull(b) {
		return value.NullValue, nil
	}
	from, ok := partsOf(a)
	if !ok {
		return nil, errArgType("duration."+kind+"()", a, "a temporal value")
	}
	to, ok := partsOf(b)
	if !ok {
		return nil, errArgType("duration."+kind+"()", b, "a temporal value")
	}
	switch kind {
	case "between":
		var months, days int64
		if from.hasDate && to.hasDate {
			months = untilDate(from, to, true)
			from = from.plusDays(months, 0)
			days = untilDate(from, to, false)
			from = from.plusDays(0, days)
		}
		s, n := untilTime(from, to)
		return NewDuration(months, days, s, n), nil
	case "inMonths":
		return NewDuration(untilDate(from, to, true), 0, 0, 0), nil
	case "inDays":
		return NewDuration(0, untilDate(from, to, false), 0, 0), nil
	case "inSeconds":
		s, n := untilTime(from, to)
		return NewDuration(0, 0, s, n), nil
	}
	return nil, errValue("unknown duration function %s", quote(kind))
}

// plusDays adds months and days to the local date of p (clamping the day of
// the month), keeping the offset of a named zone when it is still valid.
func (p parts) plusDays(months, days int64) parts {
	p.days = addMonths(p.days, months) + days
	if p.hasZone && p.zone.loc != nil && p.hasTime {
		dt := dateTimeFromLocalPreferring(p.days, p.nanos, p.zone, p.offset)
		p.days, p.nanos, p.offset = dt.localDays(), dt.localNanos(), dt.offset
	}
	return p
}

// align applies the attachment rules before comparing from and to.
func align(from, to parts, timeBased bool) (parts, parts) {
	attachTime := func(p parts) parts {
		if !p.hasTime {
			p.hasTime, p.nanos = true, 0
		}
		return p
	}
	switch {
	case timeBased:
		from, to = attachTime(from), attachTime(to)
	case from.hasTime && !to.hasTime:
		to = attachTime(to)
	case to.hasTime && !from.hasTime:
		from = attachTime(from)
	}
	switch {
	case from.hasDate && !to.hasDate:
		to.hasDate, to.days = true, from.days
		if to.hasZone {
			to = to.withZoneSameLocal(to.zone)
		}
	case to.hasDate && !from.hasDate:
		from.hasDate, from.days = true, to.days
		if from.hasZone {
			from = from.withZoneSameLocal(from.zone)
		}
	}
	switch {
	case from.hasZone && !to.hasZone:
		to = to.withZoneSameLocal(from.zone)
	case to.hasZone && !from.hasZone:
		from = from.withZoneSameLocal(to.zone)
	}
	if from.hasZone && from.hasDate {
		to = to.withZoneSameInstant(from.zone)
	}
	return from, to
}

// untilDate counts whole months (months) or days between the local dates
// and times of from and to, java.time style.
func untilDate(from, to parts, months bool) int64 {
	from, to = align(from, to, false)
	if !from.hasDate {
		return 0
	}
	end := to.days
	switch {
	case end > from.days && to.nanos < from.nanos:
		end--
	case end < from.days && to.nanos > from.nanos:
		end++
	}
	if !months {
		return end - from.days
	}
	y1, m1, d1 := civilFromDays(from.days)
	y2, m2, d2 := civilFromDays(end)
	p1 := (y1*12+m1-1)*32 + d1
	p2 := (y2*12+m2-1)*32 + d2
	return (p2 - p1) / 32
}

// untilTime returns the exact difference to - from as seconds and
// nanoseconds (instants for zoned values, local fields otherwise).
func untilTime(from, to parts) (int64, int64) {
	from, to = align(from, to, true)
	s := to.nanos/nanosPerSecond - from.nanos/nanosPerSecond
	n := to.nanos%nanosPerSecond - from.nanos%nanosPerSecond
	if from.hasDate {
		s += (to.days - from.days) * secondsPerDay
	}
	if from.hasZone {
		s -= int64(to.offset) - int64(from.offset)
	}
	return s, n
}
