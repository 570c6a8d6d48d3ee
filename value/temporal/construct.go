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
		key := fDatetime
		switch {
		case kind == value.KindDate || !p.hasTime:
			key = fDate
		case kind == value.KindLocalTime || kind == value.KindTime || !p.hasDate:
			key = fTime
		}
		// The map {key: arg} as normalise would check and hold it.
		f := fieldMap{fn: kindFunc(kind)}
		if !allowed[kind].has(key) {
			return nil, errValue("%s(): no such field %s", f.fn, quote(fieldName[key]))
		}
		f.v[key] = arg
		return fromFields(kind, &f, opts.DefaultZone)
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

// field is a constructor map's key, one of the names below; fieldMap
// holds the given fields in an array indexed by it, so that a
// constructor called once per row reads its fields without building or
// hashing a map of its own.
type field uint8

const (
	fYear field = iota
	fMonth
	fDay
	fWeek
	fDayOfWeek
	fOrdinalDay
	fQuarter
	fDayOfQuarter
	fHour
	fMinute
	fSecond
	fMillisecond
	fMicrosecond
	fNanosecond
	fTimezone
	fEpochSeconds
	fEpochMillis
	fDate
	fTime
	fDatetime
	fYears
	fQuarters
	fMonths
	fWeeks
	fDays
	fHours
	fMinutes
	fSeconds
	fMilliseconds
	fMicroseconds
	fNanoseconds
	numFields
)

// fieldName is each field's canonical name.
var fieldName = [numFields]string{
	"year", "month", "day", "week", "dayOfWeek", "ordinalDay", "quarter", "dayOfQuarter",
	"hour", "minute", "second", "millisecond", "microsecond", "nanosecond",
	"timezone", "epochSeconds", "epochMillis", "date", "time", "datetime",
	"years", "quarters", "months", "weeks", "days", "hours", "minutes", "seconds",
	"milliseconds", "microseconds", "nanoseconds",
}

// fieldIDs maps the lower-case spelling of each field name (and the
// aliases weekday and quarterday) to its field, and the canonical
// spelling too, so that a key written as documented is found without
// lower-casing it; keys are matched case-insensitively.
var fieldIDs = func() map[string]field {
	m := map[string]field{}
	for f, n := range fieldName {
		m[strings.ToLower(n)] = field(f)
		m[n] = field(f)
	}
	m["weekday"] = fDayOfWeek
	m["quarterday"] = fDayOfQuarter
	return m
}()

// lookupField returns the field key k names.
func lookupField(k string) (field, bool) {
	if f, ok := fieldIDs[k]; ok {
		return f, true
	}
	f, ok := fieldIDs[strings.ToLower(k)]
	return f, ok
}

// fieldSet is a set of fields, one bit each.
type fieldSet uint64

func fields(fs ...field) fieldSet {
	var s fieldSet
	for _, f := range fs {
		s |= 1 << f
	}
	return s
}

func (s fieldSet) has(f field) bool { return s&(1<<f) != 0 }

// allowed is the set of fields each constructor accepts.
var allowed = func() map[value.Kind]fieldSet {
	date := fields(fYear, fMonth, fDay, fWeek, fDayOfWeek, fOrdinalDay, fQuarter, fDayOfQuarter)
	tm := fields(fHour, fMinute, fSecond, fMillisecond, fMicrosecond, fNanosecond)
	return map[value.Kind]fieldSet{
		value.KindDate:          date | fields(fDate),
		value.KindLocalTime:     tm | fields(fTime),
		value.KindTime:          tm | fields(fTime, fTimezone),
		value.KindLocalDateTime: date | tm | fields(fDate, fTime, fDatetime),
		value.KindDateTime:      date | tm | fields(fDate, fTime, fDatetime, fTimezone, fEpochSeconds, fEpochMillis),
		value.KindDuration:      fields(fYears, fQuarters, fMonths, fWeeks, fDays, fHours, fMinutes, fSeconds, fMilliseconds, fMicroseconds, fNanoseconds),
	}
}()

// fieldMap is a constructor map by field; an absent field is nil (a
// null field is an error, see normalise).
type fieldMap struct {
	fn string
	v  [numFields]value.Value
}

func normalise(kind value.Kind, m value.Map) (fieldMap, error) {
	fm := fieldMap{fn: kindFunc(kind)}
	ok := allowed[kind]
	for k, v := range m {
		name, known := lookupField(k)
		if !known || !ok.has(name) {
			return fm, errValue("%s(): no such field %s", fm.fn, quote(k))
		}
		if value.IsNull(v) {
			return fm, errValue("%s(): field %s is null", fm.fn, quote(k))
		}
		fm.v[name] = v
	}
	return fm, nil
}

func (f *fieldMap) has(names ...field) bool {
	for _, n := range names {
		if f.v[n] != nil {
			return true
		}
	}
	return false
}

// int returns an integer field; ok is false when absent.
func (f *fieldMap) int(name field) (int64, bool, error) {
	v := f.v[name]
	if v == nil {
		return 0, false, nil
	}
	if x, ok := v.(value.Int); ok {
		return int64(x), true, nil
	}
	return 0, false, errArgType(f.fn+"(): "+fieldName[name], v, "INTEGER")
}

// intOr returns an integer field or def.
func (f *fieldMap) intOr(name field, def int64, err *error) int64 {
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
	return fromFields(kind, &f, defaultZone)
}

// fromFields is FromMap of the checked fields f.
func fromFields(kind value.Kind, f *fieldMap, defaultZone string) (value.Value, error) {
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
func (f *fieldMap) base(key field, needDate, needTime bool) (parts, bool, error) {
	v := f.v[key]
	if v == nil {
		return parts{}, false, nil
	}
	p, ok := partsOf(v)
	if !ok || (needDate && !p.hasDate) || (needTime && !p.hasTime) {
		return parts{}, false, errArgType(f.fn+"(): "+fieldName[key], v, "a temporal value with a "+fieldName[key])
	}
	return p, true, nil
}

// epochExcluded are the fields epochSeconds and epochMillis exclude, in
// the order they are reported.
var epochExcluded = []field{fDate, fTime, fDatetime, fYear, fMonth, fDay, fWeek, fDayOfWeek, fOrdinalDay, fQuarter, fDayOfQuarter, fHour, fMinute, fSecond}

func buildParts(kind value.Kind, f *fieldMap, defaultZone string) (parts, error) {
	wantDate := kind == value.KindDate || kind == value.KindLocalDateTime || kind == value.KindDateTime
	wantTime := kind != value.KindDate
	wantZone := kind == value.KindTime || kind == value.KindDateTime

	var res parts
	var err error

	if f.has(fEpochSeconds, fEpochMillis) {
		return epochParts(f, defaultZone)
	}

	// Selection from other values.
	var dBase, tBase parts
	var hasDBase, hasTBase bool
	if f.has(fDatetime) {
		if f.has(fDate, fTime) {
			return res, errValue("%s(): datetime cannot be combined with date or time", f.fn)
		}
		dBase, hasDBase, err = f.base(fDatetime, true, false)
		if err != nil {
			return res, err
		}
		tBase, hasTBase = dBase, true
	} else {
		if dBase, hasDBase, err = f.base(fDate, true, false); err != nil {
			return res, err
		}
		if tBase, hasTBase, err = f.base(fTime, false, true); err != nil {
			return res, err
		}
	}

	// An explicit timezone converts a zoned base (same instant) or is
	// attached to a local one; without it the base's zone or the default
	// zone is used.
	var tz zone
	hasTZ := false
	if v := f.v[fTimezone]; v != nil {
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
		if f.has(fDatetime) {
			dBase = tBase
		}
	}

	// Combine the bases into one parts value (before overrides): the date
	// of the date base, the time and zone of the time base.
	var b parts
	switch {
	case f.has(fDatetime):
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
		nanos, err := buildTime(f, b, hasTBase || (hasDBase && f.has(fDatetime)))
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
func buildDate(f *fieldMap, b parts, hasBase bool) (int64, error) {
	var err error
	groups := 0
	cal := f.has(fMonth, fDay)
	week := f.has(fWeek, fDayOfWeek)
	ord := f.has(fOrdinalDay)
	qtr := f.has(fQuarter, fDayOfQuarter)
	for _, g := range []bool{cal, week, ord, qtr} {
		if g {
			groups++
		}
	}
	if groups > 1 {
		return 0, errValue("%s(): cannot mix fields of calendar, week, ordinal and quarter dates", f.fn)
	}
	hasBase = hasBase && b.hasDate
	if !hasBase && !f.has(fYear) {
		return 0, errValue("%s(): year must be specified", f.fn)
	}
	var by, bm, bd int64 = 0, 1, 1
	if hasBase {
		by, bm, bd = civilFromDays(b.days)
	}
	year := f.intOr(fYear, by, &err)
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
			wy = f.intOr(fYear, wy, &err)
		}
		if !hasBase && f.has(fDayOfWeek) && !f.has(fWeek) {
			return 0, errValue("%s(): dayOfWeek requires week", f.fn)
		}
		w = f.intOr(fWeek, w, &err)
		dow = f.intOr(fDayOfWeek, dow, &err)
		if err != nil {
			return 0, err
		}
		d, err = dateFromWeek(wy, w, dow)
	case ord:
		d, err = dateFromOrdinal(year, f.intOr(fOrdinalDay, 1, &err))
	case qtr:
		q, dq := int64(1), int64(1)
		if hasBase {
			q = (bm-1)/3 + 1
			dq = dayOfQuarter(b.days)
		}
		if !hasBase && f.has(fDayOfQuarter) && !f.has(fQuarter) {
			return 0, errValue("%s(): dayOfQuarter requires quarter", f.fn)
		}
		q = f.intOr(fQuarter, q, &err)
		dq = f.intOr(fDayOfQuarter, dq, &err)
		if err != nil {
			return 0, err
		}
		d, err = dateFromQuarter(year, q, dq)
	default:
		if !hasBase && f.has(fDay) && !f.has(fMonth) {
			return 0, errValue("%s(): day requires month", f.fn)
		}
		m := f.intOr(fMonth, bm, &err)
		day, dayGiven, e := f.int(fDay)
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
func buildTime(f *fieldMap, b parts, hasBase bool) (int64, error) {
	hasBase = hasBase && b.hasTime
	var err error
	if !hasBase {
		switch {
		case f.has(fMinute) && !f.has(fHour):
			return 0, errValue("%s(): minute requires hour", f.fn)
		case f.has(fSecond) && !f.has(fMinute):
			return 0, errValue("%s(): second requires minute", f.fn)
		case f.has(fMillisecond, fMicrosecond, fNanosecond) && !f.has(fSecond):
			return 0, errValue("%s(): sub-second fields require second", f.fn)
		}
	}
	var bh, bmin, bs, bsub int64
	if hasBase {
		sec := b.nanos / nanosPerSecond
		bh, bmin, bs, bsub = sec/3600, sec/60%60, sec%60, b.nanos%nanosPerSecond
	}
	h := f.intOr(fHour, bh, &err)
	mi := f.intOr(fMinute, bmin, &err)
	s := f.intOr(fSecond, bs, &err)
	sub := bsub
	if f.has(fMillisecond, fMicrosecond, fNanosecond) {
		ms, hasMs, e1 := f.int(fMillisecond)
		us, hasUs, e2 := f.int(fMicrosecond)
		ns, hasNs, e3 := f.int(fNanosecond)
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
func epochParts(f *fieldMap, defaultZone string) (parts, error) {
	var err error
	for _, k := range epochExcluded {
		if f.has(k) {
			return parts{}, errValue("%s(): %s cannot be combined with epochSeconds or epochMillis", f.fn, fieldName[k])
		}
	}
	if f.has(fEpochSeconds) && f.has(fEpochMillis) {
		return parts{}, errValue("%s(): epochSeconds and epochMillis cannot be combined", f.fn)
	}
	var sec, nano int64
	if f.has(fEpochSeconds) {
		sec = f.intOr(fEpochSeconds, 0, &err)
	} else {
		ms := f.intOr(fEpochMillis, 0, &err)
		sec, nano = floorDiv(ms, 1000), floorMod(ms, 1000)*1_000_000
	}
	nano += f.intOr(fMillisecond, 0, &err)*1_000_000 + f.intOr(fMicrosecond, 0, &err)*1_000 + f.intOr(fNanosecond, 0, &err)
	if err != nil {
		return parts{}, err
	}
	z, err := defaultZoneOf(defaultZone)
	if v := f.v[fTimezone]; v != nil {
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
func durationFromMap(f *fieldMap) (value.Value, error) {
	// Component weights: into months, days, seconds or nanoseconds.
	type w struct {
		name  field
		unit  int // 0 months, 1 days, 2 seconds, 3 nanos
		scale int64
	}
	ws := []w{
		{fYears, 0, 12}, {fQuarters, 0, 3}, {fMonths, 0, 1},
		{fWeeks, 1, 7}, {fDays, 1, 1},
		{fHours, 2, 3600}, {fMinutes, 2, 60}, {fSeconds, 2, 1},
		{fMilliseconds, 3, 1_000_000}, {fMicroseconds, 3, 1_000}, {fNanoseconds, 3, 1},
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
		v := f.v[c.name]
		if v == nil {
			continue
		}
		switch x := v.(type) {
		case value.Int:
			add(c.unit, int64(x), c.scale)
		case value.Float:
			fx := float64(x)
			if math.IsNaN(fx) || math.IsInf(fx, 0) {
				return nil, errValue("duration(): %s must be finite", fieldName[c.name])
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
			return nil, errArgType("duration(): "+fieldName[c.name], v, "a number")
		}
	}
	if overflow {
		return nil, errValue("duration(): value out of range")
	}
	return cascade(ints, fracs, fractional)
}
