package temporal

import (
	"strings"

	"github.com/cyqdb/cyq/value"
)

// truncation units, largest first; the index orders them.
var truncUnits = []string{
	"millennium", "century", "decade", "year", "weekYear", "quarter", "month", "week", "day",
	"hour", "minute", "second", "millisecond", "microsecond",
}

func unitIndex(unit string) int {
	for i, u := range truncUnits {
		if strings.EqualFold(u, unit) {
			return i
		}
	}
	return -1
}

const unitDay = 8 // index of "day" in truncUnits

// Truncate implements date.truncate, localtime.truncate, time.truncate,
// localdatetime.truncate and datetime.truncate: it truncates v (any temporal
// value holding what kind needs) to the unit ('millennium', 'century',
// 'decade', 'year', 'weekYear', 'quarter', 'month', 'week', 'day', 'hour',
// 'minute', 'second', 'millisecond', 'microsecond'), converts it to kind and
// then overrides the fields given in fields (may be nil), as the select forms
// of FromMap do; a timezone in fields replaces the zone keeping the local
// date and time. A zoned result of a local input gets defaultZone ("" = UTC).
func Truncate(kind value.Kind, unit string, v value.Value, fields value.Map, defaultZone string) (value.Value, error) {
	fn := kindFunc(kind) + ".truncate"
	u := unitIndex(unit)
	if u < 0 {
		return nil, errValue("%s(): unknown unit %s", fn, quote(unit))
	}
	p, ok := partsOf(v)
	if !ok {
		return nil, errArgType(fn+"()", v, "a temporal value")
	}
	needDate := kind == value.KindDate || kind == value.KindLocalDateTime || kind == value.KindDateTime
	switch {
	case needDate && !p.hasDate:
		return nil, errValue("%s(): cannot truncate %s, it has no date", fn, value.TypeName(v))
	case kind == value.KindDate && u > unitDay:
		return nil, errValue("%s(): unit %s is too small for a date", fn, quote(unit))
	case (kind == value.KindLocalTime || kind == value.KindTime) && u < unitDay:
		return nil, errValue("%s(): unit %s is too large for a time", fn, quote(unit))
	case !needDate && !p.hasTime:
		return nil, errValue("%s(): cannot truncate %s, it has no time", fn, value.TypeName(v))
	}

	// Truncate the local fields.
	if p.hasDate {
		p.days = truncateDate(p.days, u)
	}
	p.hasTime = true
	p.nanos = truncateTime(p.nanos, u)

	// Zone: the input's, else the default; a timezone field replaces it
	// keeping the local date and time.
	zoned := kind == value.KindTime || kind == value.KindDateTime
	fm := value.Map{}
	for k, x := range fields {
		fm[k] = x
	}
	if zoned {
		tzName := ""
		for k, x := range fm {
			if strings.EqualFold(k, "timezone") {
				s, ok := x.(value.String)
				if !ok {
					return nil, errArgType(fn+"(): timezone", x, "STRING")
				}
				tzName = string(s)
				delete(fm, k)
			}
		}
		switch {
		case tzName != "":
			z, err := parseZone(tzName)
			if err != nil {
				return nil, err
			}
			p = p.withZoneSameLocal(z)
		case !p.hasZone:
			z, err := defaultZoneOf(defaultZone)
			if err != nil {
				return nil, err
			}
			p = p.withZoneSameLocal(z)
		default:
			p = p.withZoneSameLocal(p.zone)
		}
	}
	base := p.value(kind)
	if len(fm) == 0 {
		return base, nil
	}

	// Sub-second fields below the unit add to the truncated value.
	has := func(name string) bool {
		for k := range fm {
			if strings.EqualFold(k, name) {
				return true
			}
		}
		return false
	}
	sub := p.nanos % nanosPerSecond
	switch truncUnits[u] {
	case "millisecond":
		if !has("millisecond") && (has("microsecond") || has("nanosecond")) {
			fm["millisecond"] = value.Int(sub / 1_000_000)
		}
	case "microsecond":
		if !has("millisecond") && !has("microsecond") && has("nanosecond") {
			fm["millisecond"] = value.Int(sub / 1_000_000)
			fm["microsecond"] = value.Int(sub / 1_000 % 1_000)
		}
	}
	switch kind {
	case value.KindDate:
		fm["date"] = base
	case value.KindLocalTime, value.KindTime:
		fm["time"] = base
	default:
		fm["datetime"] = base
	}
	return FromMap(kind, fm, defaultZone)
}

// truncateDate truncates an epoch day to the unit (no-op below a day).
func truncateDate(days int64, u int) int64 {
	y, m, _ := civilFromDays(days)
	switch truncUnits[u] {
	case "millennium":
		return daysFromCivil(floorDiv(y, 1000)*1000, 1, 1)
	case "century":
		return daysFromCivil(floorDiv(y, 100)*100, 1, 1)
	case "decade":
		return daysFromCivil(floorDiv(y, 10)*10, 1, 1)
	case "year":
		return daysFromCivil(y, 1, 1)
	case "weekYear":
		wy, _ := isoWeek(days)
		return weekYearStart(wy)
	case "quarter":
		return daysFromCivil(y, quarterStartMonth(m), 1)
	case "month":
		return daysFromCivil(y, m, 1)
	case "week":
		return days - (dayOfWeek(days) - 1)
	}
	return days
}

// truncateTime truncates a nanosecond of the day to the unit.
func truncateTime(nanos int64, u int) int64 {
	var q int64
	switch truncUnits[u] {
	case "hour":
		q = 3600 * nanosPerSecond
	case "minute":
		q = 60 * nanosPerSecond
	case "second":
		q = nanosPerSecond
	case "millisecond":
		q = 1_000_000
	case "microsecond":
		q = 1_000
	default:
		return 0
	}
	return nanos - nanos%q
}
