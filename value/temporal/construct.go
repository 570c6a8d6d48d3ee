package temporal

import (
	"math"
	"strings"
	"time"

	"github.com/cyqdb/cyq/value"
)

// Options carries the session context of a constructor call.
type Options struct {
	// DefaultZone is the session time zone, an IANA name or an offset;
	// "" means UTC.
	DefaultZone string
	// Clock is the current instant for calls without a date or time (date(),
	// datetime({timezone: 'Europe/Paris'})); the engine passes the statement
	// or transaction clock. The zero Time means time.Now().
	Clock time.Time
}

// Construct evaluates the openCypher constructor of the given kind on one
// argument: date(x), localtime(x), time(x), localdatetime(x), datetime(x) or
// duration(x). x may be
//   - absent (nil): the current value, see Now;
//   - null: the result is null;
//   - a string: see Parse;
//   - a map: see FromMap; a map holding only timezone gives the current
//     value in that zone;
//   - a temporal value: converted as by {date: x}, {time: x} or {datetime: x}.
func Construct(kind value.Kind, arg value.Value, opts Options) (value.Value, error) {
	switch x := arg.(type) {
	case nil:
		return Now(kind, opts.Clock, opts.DefaultZone)
	case value.Null:
		return value.NullValue, nil
	case value.String:
		return Parse(kind, string(x), opts.DefaultZone)
	case value.Map:
		if len(x) == 1 && kind != value.KindDuration {
			for k, v := range x {
				if s, ok := v.(value.String); ok && strings.EqualFold(k, "timezone") {
					return Now(kind, opts.Clock, string(s))
				}
			}
		}
		return FromMap(kind, x, opts.DefaultZone)
	}
	if kind == value.KindDuration {
		if d, ok := arg.(Duration); ok {
			return d, nil
		}
		return nil, errArgType("duration()", arg, "STRING or MAP")
	}
	if p, ok := partsOf(arg); ok {
		key := "datetime"
		switch {
		case kind == value.KindDate || !p.hasTime:
			key = "date"
		case kind == value.KindLocalTime || kind == value.KindTime || !p.hasDate:
			key = "time"
		}
		return FromMap(kind, value.Map{key: arg}, opts.DefaultZone)
	}
	return nil, errArgType(kindFunc(kind)+"()", arg, "STRING, MAP or temporal value")
}

func kindFunc(k value.Kind) string {
	switch k {
	case value.KindDate:
		return "date"
	case value.KindLocalTime:
		return "localtime"
	case value.KindTime:
		return "time"
	case value.KindLocalDateTime:
		return "localdatetime"
	case value.KindDateTime:
		return "datetime"
	case value.KindDuration:
		return "duration"
	}
	return k.String()
}

// Canonical field names, matched case-insensitively.
var fieldNames = func() map[string]string {
	m := map[string]string{}
	for _, n := range []string{
		"year", "month", "day", "week", "dayOfWeek", "ordinalDay", "quarter", "dayOfQuarter",
		"hour", "minute", "second", "millisecond", "microsecond", "nanosecond",
		"timezone", "epochSeconds", "epochMillis", "date", "time", "datetime",
		"years", "quarters", "months", "weeks", "days", "hours", "minutes", "seconds",
		"milliseconds", "microseconds", "nanoseconds",
	} {
		m[strings.ToLower(n)] = n
	}
	m["weekday"] = "dayOfWeek"
	m["quarterday"] = "dayOfQuarter"
	return m
}()

// allowed lists the fields each constructor accepts.
var allowed = map[value.Kind]string{
	value.KindDate:          "year month day week dayOfWeek ordinalDay quarter dayOfQuarter date",
	value.KindLocalTime:     "hour minute second millisecond microsecond nanosecond time",
	value.KindTime:          "hour minute second millisecond microsecond nanosecond time timezone",
	value.KindLocalDateTime: "year month day week dayOfWeek ordinalDay quarter dayOfQuarter hour minute second millisecond microsecond nanosecond date time datetime",
	value.KindDateTime:      "year month day week dayOfWeek ordinalDay quarter dayOfQuarter hour minute second millisecond microsecond nanosecond date time datetime timezone epochSeconds epochMillis",
	value.KindDuration:      "years quarters months weeks days hours minutes seconds milliseconds microseconds nanoseconds",
}

// fieldMap is a constructor map with canonical keys.
type fieldMap struct {
	fn string
	m  map[string]value.Value
}

func normalise(kind value.Kind, m value.Map) (fieldMap, error) {
	fm := fieldMap{fn: kindFunc(kind), m: make(map[string]value.Value, len(m))}
	ok := " " + allowed[kind] + " "
	for k, v := range m {
		name, known := fieldNames[strings.ToLower(k)]
		if !known || !strings.Contains(ok, " "+name+" ") {
			return fm, errValue("%s(): no such field %s", fm.fn, quote(k))
		}
		if value.IsNull(v) {
			return fm, errValue("%s(): field %s is null", fm.fn, quote(k))
		}
		fm.m[name] = v
	}
	return fm, nil
}

func (f fieldMap) has(names ...string) bool {
	for _, n := range names {
		if _, ok := f.m[n]; ok {
			return true
		}
	}
	return false
}

// int returns an integer field; ok is false when absent.
func (f fieldMap) int(name string) (int64, bool, error) {
	v, ok := f.m[name]
	if !ok {
		return 0, false, nil
	}
	if x, ok := v.(value.Int); ok {
		return int64(x), true, nil
	}
	return 0, false, errArgType(f.fn+"(): "+name, v, "INTEGER")
}

// intOr returns an integer field or def.
func (f fieldMap) intOr(name string, def int64, err *error) int64 {
	n, ok, e := f.int(name)
	if e != nil && *err == nil {
		*err = e
	}
	if !ok {
		return def
	}
	return n
}

// FromMap builds a temporal value of the given kind from a map of fields, as
// date({year: 1984, month: 10, day: 11}) or
// datetime({date: d, hour: 12, timezone: 'Europe/Stockholm'}) do.
//
// Dates take one of the groups {year, month, day}, {year, week, dayOfWeek}
// (week-based year), {year, ordinalDay}, {year, quarter, dayOfQuarter};
// omitted smaller fields default to their first value. Times take {hour,
// minute, second, millisecond, microsecond, nanosecond} (the sub-second
// fields add up: millisecond 123, microsecond 456 and nanosecond 789 give
// .123456789) and, for zoned kinds, timezone (an offset or an IANA name).
// Datetimes also accept {epochSeconds | epochMillis, nanosecond, timezone}.
//
// The keys date, time and datetime select fields from other temporal values;
// the other fields then override the selected ones. Giving a timezone for a
// selected zoned value converts it to that zone, keeping the instant; for a
// local value the zone is attached. Without any zone, zoned kinds use
// defaultZone ("" means UTC).
//
// Durations accept years, quarters, months, weeks, days, hours, minutes,
// seconds, milliseconds, microseconds and nanoseconds, integers or floats;
// fractions cascade to smaller units.
func FromMap(kind value.Kind, m value.Map, defaultZone string) (value.Value, error) {
	f, err := normalise(kind, m)
	if err != nil {
		return nil, err
	}
	if kind == value.KindDuration {
		return durationFromMap(f)
	}
	p, err := buildParts(kind, f, defaultZone)
	if err != nil {
		return nil, err
	}
	return p.value(kind), nil
}

// base returns the temporal value under key, which must have a date (needDate)
// or a time (needTime).
func (f fieldMap) base(key string, needDate, needTime bool) (parts, bool, error) {
	v, ok := f.m[key]
	if !ok {
		return parts{}, false, nil
	}
	p, ok := partsOf(v)
	if !ok || (needDate && !p.hasDate) || (needTime && !p.hasTime) {
		return parts{}, false, errArgType(f.fn+"(): "+key, v, "a temporal value with a "+key)
	}
	return p, true, nil
}

var (
	dateFields = []string{"year", "month", "day", "week", "dayOfWeek", "ordinalDay", "quarter", "dayOfQuarter"}
	timeFields = []string{"hour", "minute", "second", "millisecond", "microsecond", "nanosecond"}
)

func buildParts(kind value.Kind, f fieldMap, defaultZone string) (parts, error) {
	wantDate := kind == value.KindDate || kind == value.KindLocalDateTime || kind == value.KindDateTime
	wantTime := kind != value.KindDate
	wantZone := kind == value.KindTime || kind == value.KindDateTime

	var res parts
	var err error

	if f.has("epochSeconds", "epochMillis") {
		return epochParts(f, defaultZone)
	}

	// Selection from other values.
	var dBase, tBase parts
	var hasDBase, hasTBase bool
	if f.has("datetime") {
		if f.has("date", "time") {
			return res, errValue("%s(): datetime cannot be combined with date or time", f.fn)
		}
		dBase, hasDBase, err = f.base("datetime", true, false)
		if err != nil {
			return res, err
		}
		tBase, hasTBase = dBase, true
	} else {
		if dBase, hasDBase, err = f.base("date", true, false); err != nil {
			return res, err
		}
		if tBase, hasTBase, err = f.base("time", false, true); err != nil {
			return res, err
		}
	}

	// An explicit timezone converts a zoned base (same instant) or is
	// attached to a local one; without it the base's zone or the default
	// zone is used.
	var tz zone
	hasTZ := false
	if v, ok := f.m["timezone"]; ok {
		s, isStr := v.(value.String)
		if !isStr {
			return res, errArgType(f.fn+"(): timezone", v, "STRING")
		}
		if tz, err = parseZone(string(s)); err != nil {
			return res, err
		}
		hasTZ = true
	}

	// A timezone converts a zoned time or datetime base to that zone,
	// keeping the instant.
	if hasTZ && wantZone && hasTBase && tBase.hasZone {
		tBase = tBase.withZoneSameInstant(tz)
		if f.has("datetime") {
			dBase = tBase
		}
	}

	// Combine the bases into one parts value (before overrides): the date
	// of the date base, the time and zone of the time base.
	var b parts
	switch {
	case f.has("datetime"):
		b = dBase
	case hasDBase && hasTBase:
		b = tBase
		b.hasDate, b.days = true, dBase.days
	case hasDBase:
		b = dBase
		b.hasTime, b.nanos, b.hasZone = false, 0, false
	case hasTBase:
		b = tBase
		b.hasDate, b.days = false, 0
	}
	if hasTZ && wantZone && !b.hasZone {
		b.hasZone, b.zone = true, tz
		if tz.loc == nil {
			b.offset = tz.offset
		} else if !b.hasDate {
			b.offset = tz.offsetAt(nowUnix())
		}
	}

	// Date fields.
	if wantDate {
		days, err := buildDate(f, b, hasDBase)
		if err != nil {
			return res, err
		}
		res.hasDate, res.days = true, days
	}

	// Time fields.
	if wantTime {
		nanos, err := buildTime(f, b, hasTBase || (hasDBase && f.has("datetime")))
		if err != nil {
			return res, err
		}
		res.hasTime, res.nanos = true, nanos
	}

	// Zone.
	if wantZone {
		res.hasZone = true
		switch {
		case b.hasZone:
			res.zone, res.offset = b.zone, b.offset
		default:
			z, err := defaultZoneOf(defaultZone)
			if err != nil {
				return res, err
			}
			res.zone = z
			if kind == value.KindTime {
				res.offset = z.offsetAt(nowUnix())
			}
		}
		if kind == value.KindDateTime {
			// Resolve the offset for the final local date and time,
			// preferring the one the base had.
			dt := dateTimeFromLocalPreferring(res.days, res.nanos, res.zone, res.offset)
			res.days, res.nanos, res.offset = dt.localDays(), dt.localNanos(), dt.offset
		} else if res.zone.loc == nil {
			res.offset = res.zone.offset
		}
	}
	return res, nil
}

// buildDate computes the date from the date fields over base b.
func buildDate(f fieldMap, b parts, hasBase bool) (int64, error) {
	var err error
	groups := 0
	cal := f.has("month", "day")
	week := f.has("week", "dayOfWeek")
	ord := f.has("ordinalDay")
	qtr := f.has("quarter", "dayOfQuarter")
	for _, g := range []bool{cal, week, ord, qtr} {
		if g {
			groups++
		}
	}
	if groups > 1 {
		return 0, errValue("%s(): cannot mix fields of calendar, week, ordinal and quarter dates", f.fn)
	}
	hasBase = hasBase && b.hasDate
	if !hasBase && !f.has("year") {
		return 0, errValue("%s(): year must be specified", f.fn)
	}
	var by, bm, bd int64 = 0, 1, 1
	if hasBase {
		by, bm, bd = civilFromDays(b.days)
	}
	year := f.intOr("year", by, &err)
	if err != nil {
		return 0, err
	}
	var d Date
	switch {
	case week:
		wy, w, dow := year, int64(1), int64(1)
		if hasBase {
			bwy, bw := isoWeek(b.days)
			wy, w, dow = bwy, bw, dayOfWeek(b.days)
			wy = f.intOr("year", wy, &err)
		}
		if !hasBase && f.has("dayOfWeek") && !f.has("week") {
			return 0, errValue("%s(): dayOfWeek requires week", f.fn)
		}
		w = f.intOr("week", w, &err)
		dow = f.intOr("dayOfWeek", dow, &err)
		if err != nil {
			return 0, err
		}
		d, err = dateFromWeek(wy, w, dow)
	case ord:
		d, err = dateFromOrdinal(year, f.intOr("ordinalDay", 1, &err))
	case qtr:
		q, dq := int64(1), int64(1)
		if hasBase {
			q = (bm-1)/3 + 1
			dq = dayOfQuarter(b.days)
		}
		if !hasBase && f.has("dayOfQuarter") && !f.has("quarter") {
			return 0, errValue("%s(): dayOfQuarter requires quarter", f.fn)
		}
		q = f.intOr("quarter", q, &err)
		dq = f.intOr("dayOfQuarter", dq, &err)
		if err != nil {
			return 0, err
		}
		d, err = dateFromQuarter(year, q, dq)
	default:
		if !hasBase && f.has("day") && !f.has("month") {
			return 0, errValue("%s(): day requires month", f.fn)
		}
		m := f.intOr("month", bm, &err)
		day, dayGiven, e := f.int("day")
		if e != nil {
			return 0, e
		}
		if err != nil {
			return 0, err
		}
		if !dayGiven {
			day = bd
			if m >= 1 && m <= 12 && year >= minYear && year <= maxYear {
				day = min(day, daysInMonth(year, m)) // base day clamps
			}
		}
		d, err = NewDate(year, m, day)
	}
	if err != nil {
		return 0, err
	}
	return d.days, nil
}

// buildTime computes the time of day from the time fields over base b.
func buildTime(f fieldMap, b parts, hasBase bool) (int64, error) {
	hasBase = hasBase && b.hasTime
	var err error
	if !hasBase {
		switch {
		case f.has("minute") && !f.has("hour"):
			return 0, errValue("%s(): minute requires hour", f.fn)
		case f.has("second") && !f.has("minute"):
			return 0, errValue("%s(): second requires minute", f.fn)
		case f.has("millisecond", "microsecond", "nanosecond") && !f.has("second"):
			return 0, errValue("%s(): sub-second fields require second", f.fn)
		}
	}
	var bh, bmin, bs, bsub int64
	if hasBase {
		sec := b.nanos / nanosPerSecond
		bh, bmin, bs, bsub = sec/3600, sec/60%60, sec%60, b.nanos%nanosPerSecond
	}
	h := f.intOr("hour", bh, &err)
	mi := f.intOr("minute", bmin, &err)
	s := f.intOr("second", bs, &err)
	sub := bsub
	if f.has("millisecond", "microsecond", "nanosecond") {
		ms, hasMs, e1 := f.int("millisecond")
		us, hasUs, e2 := f.int("microsecond")
		ns, hasNs, e3 := f.int("nanosecond")
		for _, e := range []error{e1, e2, e3} {
			if e != nil {
				return 0, e
			}
		}
		switch {
		case hasMs && (ms < 0 || ms > 999):
			return 0, errValue("%s(): millisecond %d out of range [0, 999]", f.fn, ms)
		case hasUs && (us < 0 || us > 999_999 || hasMs && us > 999):
			return 0, errValue("%s(): microsecond %d out of range", f.fn, us)
		case hasNs && (ns < 0 || ns > 999_999_999 || (hasMs || hasUs) && ns > 999):
			return 0, errValue("%s(): nanosecond %d out of range", f.fn, ns)
		}
		sub = ms*1_000_000 + us*1_000 + ns
	}
	if err != nil {
		return 0, err
	}
	return nanoOfDay(h, mi, s, sub)
}

// epochParts builds a datetime from epochSeconds or epochMillis.
func epochParts(f fieldMap, defaultZone string) (parts, error) {
	var err error
	for _, k := range append(append([]string{"date", "time", "datetime"}, dateFields...), "hour", "minute", "second") {
		if f.has(k) {
			return parts{}, errValue("%s(): %s cannot be combined with epochSeconds or epochMillis", f.fn, k)
		}
	}
	if f.has("epochSeconds") && f.has("epochMillis") {
		return parts{}, errValue("%s(): epochSeconds and epochMillis cannot be combined", f.fn)
	}
	var sec, nano int64
	if f.has("epochSeconds") {
		sec = f.intOr("epochSeconds", 0, &err)
	} else {
		ms := f.intOr("epochMillis", 0, &err)
		sec, nano = floorDiv(ms, 1000), floorMod(ms, 1000)*1_000_000
	}
	nano += f.intOr("millisecond", 0, &err)*1_000_000 + f.intOr("microsecond", 0, &err)*1_000 + f.intOr("nanosecond", 0, &err)
	if err != nil {
		return parts{}, err
	}
	z, err := defaultZoneOf(defaultZone)
	if v, ok := f.m["timezone"]; ok {
		s, isStr := v.(value.String)
		if !isStr {
			return parts{}, errArgType(f.fn+"(): timezone", v, "STRING")
		}
		z, err = parseZone(string(s))
	}
	if err != nil {
		return parts{}, err
	}
	dt, err := instantIn(sec, nano, z)
	if err != nil {
		return parts{}, err
	}
	p, _ := partsOf(dt)
	return p, nil
}

// instantIn returns the instant sec + nano seen in z.
func instantIn(sec, nano int64, z zone) (DateTime, error) {
	sec += floorDiv(nano, nanosPerSecond)
	nano = floorMod(nano, nanosPerSecond)
	dt := dateTimeAt(sec, int32(nano), z)
	if !validDay(dt.localDays()) {
		return DateTime{}, errValue("instant out of range")
	}
	return dt, nil
}

// durationFromMap builds duration({...}).
func durationFromMap(f fieldMap) (value.Value, error) {
	// Component weights: into months, days, seconds or nanoseconds.
	type w struct {
		name  string
		unit  int // 0 months, 1 days, 2 seconds, 3 nanos
		scale int64
	}
	ws := []w{
		{"years", 0, 12}, {"quarters", 0, 3}, {"months", 0, 1},
		{"weeks", 1, 7}, {"days", 1, 1},
		{"hours", 2, 3600}, {"minutes", 2, 60}, {"seconds", 2, 1},
		{"milliseconds", 3, 1_000_000}, {"microseconds", 3, 1_000}, {"nanoseconds", 3, 1},
	}
	var ints [4]int64
	var fracs [4]float64
	fractional, overflow := false, false
	add := func(unit int, n, scale int64) {
		p, o1 := mul64(n, scale)
		s, o2 := add64(ints[unit], p)
		ints[unit] = s
		overflow = overflow || o1 || o2
	}
	for _, c := range ws {
		v, ok := f.m[c.name]
		if !ok {
			continue
		}
		switch x := v.(type) {
		case value.Int:
			add(c.unit, int64(x), c.scale)
		case value.Float:
			fx := float64(x)
			if math.IsNaN(fx) || math.IsInf(fx, 0) {
				return nil, errValue("duration(): %s must be finite", c.name)
			}
			whole := math.Trunc(fx)
			if n, ok := toInt64(whole); ok {
				add(c.unit, n, c.scale)
			} else {
				overflow = true
			}
			if fx != whole {
				fractional = true
				fracs[c.unit] += (fx - whole) * float64(c.scale)
			}
		default:
			return nil, errArgType("duration(): "+c.name, v, "a number")
		}
	}
	if overflow {
		return nil, errValue("duration(): value out of range")
	}
	return cascade(ints, fracs, fractional)
}
