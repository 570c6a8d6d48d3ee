package temporal

import (
	"github.com/cyqdb/cyq/value"
)

// Component returns the named property of a temporal value (d.year,
// t.timezone, dur.minutesOfHour …); ok is false when the value has no such
// property. Names are case-sensitive as in openCypher.
//
// Dates (and the date part of datetimes): year, quarter, month, week,
// weekYear, dayOfQuarter (alias quarterDay), day, ordinalDay, dayOfWeek
// (alias weekDay). Times: hour, minute, second, millisecond, microsecond,
// nanosecond. Zoned values: timezone (the zone name, or the offset for a
// fixed offset), offset ('+01:00'), offsetMinutes, offsetSeconds.
// Datetimes: epochSeconds, epochMillis.
//
// Durations: years, quarters, months (the months component in that unit),
// weeks, days (the days component), hours, minutes, seconds, milliseconds,
// microseconds, nanoseconds (the seconds component in that unit), and
// quartersOfYear, monthsOfQuarter, monthsOfYear, daysOfWeek, minutesOfHour,
// secondsOfMinute, millisecondsOfSecond, microsecondsOfSecond,
// nanosecondsOfSecond (the remainder within the next larger unit).
func Component(v value.Value, name string) (value.Value, bool) {
	if d, ok := v.(Duration); ok {
		return durationComponent(d, name)
	}
	p, ok := partsOf(v)
	if !ok {
		return nil, false
	}
	if p.hasDate {
		if r, ok := dateComponent(p.days, name); ok {
			return r, true
		}
	}
	if p.hasTime {
		if r, ok := timeComponent(p.nanos, name); ok {
			return r, true
		}
	}
	if p.hasZone {
		switch name {
		case "timezone":
			if p.zone.name != "" {
				return value.String(p.zone.name), true
			}
			return value.String(formatOffset(p.offset)), true
		case "offset":
			return value.String(formatOffset(p.offset)), true
		case "offsetMinutes":
			return value.Int(p.offset / 60), true
		case "offsetSeconds":
			return value.Int(p.offset), true
		}
	}
	if dt, ok := v.(DateTime); ok {
		switch name {
		case "epochSeconds":
			return value.Int(dt.sec), true
		case "epochMillis":
			return value.Int(dt.sec*1000 + int64(dt.nano)/1_000_000), true
		}
	}
	return nil, false
}

func dateComponent(days int64, name string) (value.Value, bool) {
	y, m, d := civilFromDays(days)
	switch name {
	case "year":
		return value.Int(y), true
	case "quarter":
		return value.Int((m-1)/3 + 1), true
	case "month":
		return value.Int(m), true
	case "week":
		_, w := isoWeek(days)
		return value.Int(w), true
	case "weekYear":
		wy, _ := isoWeek(days)
		return value.Int(wy), true
	case "dayOfQuarter", "quarterDay":
		return value.Int(dayOfQuarter(days)), true
	case "day":
		return value.Int(d), true
	case "ordinalDay":
		return value.Int(ordinalDay(days)), true
	case "dayOfWeek", "weekDay":
		return value.Int(dayOfWeek(days)), true
	}
	return nil, false
}

func timeComponent(nanos int64, name string) (value.Value, bool) {
	sec := nanos / nanosPerSecond
	sub := nanos % nanosPerSecond
	switch name {
	case "hour":
		return value.Int(sec / 3600), true
	case "minute":
		return value.Int(sec / 60 % 60), true
	case "second":
		return value.Int(sec % 60), true
	case "millisecond":
		return value.Int(sub / 1_000_000), true
	case "microsecond":
		return value.Int(sub / 1_000), true
	case "nanosecond":
		return value.Int(sub), true
	}
	return nil, false
}

func durationComponent(d Duration, name string) (value.Value, bool) {
	var r int64
	switch name {
	case "years":
		r = d.months / 12
	case "quarters":
		r = d.months / 3
	case "months":
		r = d.months
	case "weeks":
		r = d.days / 7
	case "days":
		r = d.days
	case "hours":
		r = d.seconds / 3600
	case "minutes":
		r = d.seconds / 60
	case "seconds":
		r = d.seconds
	case "milliseconds":
		r = d.seconds*1000 + int64(d.nanos)/1_000_000
	case "microseconds":
		r = d.seconds*1_000_000 + int64(d.nanos)/1_000
	case "nanoseconds":
		r = d.seconds*nanosPerSecond + int64(d.nanos)
	case "quartersOfYear":
		r = d.months % 12 / 3
	case "monthsOfQuarter":
		r = d.months % 3
	case "monthsOfYear":
		r = d.months % 12
	case "daysOfWeek":
		r = d.days % 7
	case "minutesOfHour":
		r = d.seconds / 60 % 60
	case "secondsOfMinute":
		r = d.seconds % 60
	case "millisecondsOfSecond":
		r = int64(d.nanos) / 1_000_000
	case "microsecondsOfSecond":
		r = int64(d.nanos) / 1_000
	case "nanosecondsOfSecond":
		r = int64(d.nanos)
	default:
		return nil, false
	}
	return value.Int(r), true
}
