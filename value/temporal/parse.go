package temporal

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// The accepted string forms follow ISO 8601 as openCypher uses it: extended
// (2015-07-21, 21:40:32) and basic (20150721, 214032) formats; calendar,
// week (2015-W30-2), ordinal (2015-202) and quarter (2015-Q3-21) dates; reduced precision
// (2015-07, 2015, 21:40, 21); fractions of a second up to nanoseconds with
// '.' or ','; offsets Z, ±HH, ±HHMM, ±HH:MM (and seconds); a zone name in
// brackets after a datetime.
const (
	reYear = `(?P<year>[0-9]{4}|[+-][0-9]{1,9})`
	reDate = reYear + `(?:` +
		`-(?P<month>[0-9]{2})(?:-(?P<day>[0-9]{2}))?` +
		`|-W(?P<week>[0-9]{2})(?:-(?P<dow>[0-9]))?` +
		`|-Q(?P<quarter>[0-9])(?:-(?P<doq>[0-9]{2}))?` +
		`|-(?P<ordinal>[0-9]{3})` +
		`|(?P<bmonth>[0-9]{2})(?P<bday>[0-9]{2})?` +
		`|W(?P<bweek>[0-9]{2})(?P<bdow>[0-9])?` +
		`|Q(?P<bquarter>[0-9])(?P<bdoq>[0-9]{2})?` +
		`|(?P<bordinal>[0-9]{3})` +
		`)?`
	reTime = `(?P<hour>[0-9]{2})(?:(?::(?P<minute>[0-9]{2})(?::(?P<second>[0-9]{2})(?:[.,](?P<frac>[0-9]{1,9}))?)?)` +
		`|(?:(?P<bminute>[0-9]{2})(?:(?P<bsecond>[0-9]{2})(?:[.,](?P<bfrac>[0-9]{1,9}))?)?))?`
	reOffset = `(?P<offset>[Zz]|[+-][0-9]{2}(?::?[0-9]{2}(?::?[0-9]{2})?)?)`
	reZone   = `(?:\[(?P<zone>[^\]]+)\])`
)

var (
	dateRE          = regexp.MustCompile(`^` + reDate + `$`)
	localTimeRE     = regexp.MustCompile(`^` + reTime + `$`)
	timeRE          = regexp.MustCompile(`^` + reTime + reOffset + `?$`)
	localDateTimeRE = regexp.MustCompile(`^` + reDate + `(?:T` + reTime + `)?$`)
	dateTimeRE      = regexp.MustCompile(`^` + reDate + `(?:T` + reTime + reOffset + `?` + reZone + `?)?$`)

	durNum     = `([-+]?[0-9]+(?:[.,][0-9]+)?)`
	durationRE = regexp.MustCompile(`^([-+]?)P(?:` + durNum + `Y)?(?:` + durNum + `M)?(?:` + durNum + `W)?(?:` + durNum + `D)?` +
		`(?:T(?:` + durNum + `H)?(?:` + durNum + `M)?(?:` + durNum + `S)?)?$`)
	durationAltRE = regexp.MustCompile(`^([-+]?)P([0-9]{4})-?([0-9]{2})-?([0-9]{2})T([0-9]{2}):?([0-9]{2}):?([0-9]{2}(?:[.,][0-9]{1,9})?)$`)
)

// match runs re against s and returns the named groups that matched.
func match(re *regexp.Regexp, s string) (map[string]string, bool) {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	g := make(map[string]string, 8)
	for i, name := range re.SubexpNames() {
		if name != "" && m[i] != "" {
			g[strings.TrimPrefix(name, "b")] = m[i]
		}
	}
	return g, true
}

func atoi(s string) int64 {
	s = strings.TrimPrefix(s, "+")
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// Parse parses the string form of a temporal value of the given kind
// (value.KindDate … value.KindDuration). Designator letters (T, W, Q, Z, P,
// Y, M, D, H, S) may be in either case; zone names are case-sensitive. A datetime without an offset or
// zone is placed in defaultZone ("" means UTC); a time without an offset
// gets defaultZone's current offset (UTC when "").
func Parse(kind value.Kind, s string, defaultZone string) (value.Value, error) {
	s = strings.TrimSpace(s)
	switch kind {
	case value.KindDate:
		return ParseDate(s)
	case value.KindLocalTime:
		return ParseLocalTime(s)
	case value.KindTime:
		return parseTime(s, defaultZone)
	case value.KindLocalDateTime:
		return ParseLocalDateTime(s)
	case value.KindDateTime:
		return parseDateTime(s, defaultZone)
	case value.KindDuration:
		return ParseDuration(s)
	}
	return nil, errValue("%s is not a temporal type", kind)
}

// upperDesignators upper-cases the letters of s outside a bracketed zone
// name, so that 2015-w30t2140z and p1y2m parse like their upper-case forms.
func upperDesignators(s string) string {
	zoneAt := strings.IndexByte(s, '[')
	if zoneAt < 0 {
		zoneAt = len(s)
	}
	return strings.ToUpper(s[:zoneAt]) + s[zoneAt:]
}

func errParse(what, s string) error {
	return errValue("text cannot be parsed to a %s: %s", what, quote(s))
}

// ParseDate parses a date such as 2015-07-21, 20150721, 2015-W30-2, 2015-202,
// 2015-Q3-21, 2015-07 or 2015.
func ParseDate(s string) (Date, error) {
	if y, m, d, ok := calendarDate(s); ok {
		return NewDate(y, m, d)
	}
	return parseDateRE(s)
}

// parseDateRE is ParseDate by the regular expression, for every form.
func parseDateRE(s string) (Date, error) {
	s = upperDesignators(s)
	g, ok := match(dateRE, s)
	if !ok {
		return Date{}, errParse("date", s)
	}
	return dateFromGroups(g, s)
}

// calendarDate reads the extended calendar form YYYY-MM-DD (a four-digit
// year), the form dates are printed and mostly stored in, without the
// regular expression: dateRE matches such a string with the groups year,
// month and day, which dateFromGroups turns into NewDate(year, month,
// day), as ParseDate does with what this returns. A string of another form
// is not ok and goes through dateRE.
func calendarDate(s string) (y, m, d int64, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, 0, 0, false
	}
	n := func(i, j int) int64 {
		var v int64
		for ; i < j; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				ok = false
				return 0
			}
			v = v*10 + int64(c-'0')
		}
		return v
	}
	ok = true
	y, m, d = n(0, 4), n(5, 7), n(8, 10)
	return y, m, d, ok
}

func dateFromGroups(g map[string]string, s string) (Date, error) {
	y := atoi(g["year"])
	if y < minYear || y > maxYear {
		return Date{}, errValue("year out of range in %s", quote(s))
	}
	var d Date
	var err error
	switch {
	case g["week"] != "":
		dow := int64(1)
		if g["dow"] != "" {
			dow = atoi(g["dow"])
		}
		d, err = dateFromWeek(y, atoi(g["week"]), dow)
	case g["quarter"] != "":
		doq := int64(1)
		if g["doq"] != "" {
			doq = atoi(g["doq"])
		}
		d, err = dateFromQuarter(y, atoi(g["quarter"]), doq)
	case g["ordinal"] != "":
		d, err = dateFromOrdinal(y, atoi(g["ordinal"]))
	case g["month"] != "":
		day := int64(1)
		if g["day"] != "" {
			day = atoi(g["day"])
		}
		d, err = NewDate(y, atoi(g["month"]), day)
	default:
		d, err = NewDate(y, 1, 1)
	}
	if err != nil {
		return Date{}, err
	}
	return d, nil
}

func dateFromWeek(weekYear, week, dow int64) (Date, error) {
	if weekYear < minYear || weekYear > maxYear {
		return Date{}, errValue("year %d out of range", weekYear)
	}
	if week < 1 || week > weeksInYear(weekYear) {
		return Date{}, errValue("week %d out of range for week-based year %d", week, weekYear)
	}
	if dow < 1 || dow > 7 {
		return Date{}, errValue("dayOfWeek %d out of range [1, 7]", dow)
	}
	return DateFromEpochDay(weekYearStart(weekYear) + (week-1)*7 + dow - 1)
}

func dateFromOrdinal(year, ordinal int64) (Date, error) {
	if year < minYear || year > maxYear {
		return Date{}, errValue("year %d out of range", year)
	}
	if ordinal < 1 || ordinal > daysInYear(year) {
		return Date{}, errValue("ordinalDay %d out of range for year %d", ordinal, year)
	}
	return Date{daysFromCivil(year, 1, 1) + ordinal - 1}, nil
}

func dateFromQuarter(year, quarter, dayOfQ int64) (Date, error) {
	if year < minYear || year > maxYear {
		return Date{}, errValue("year %d out of range", year)
	}
	if quarter < 1 || quarter > 4 {
		return Date{}, errValue("quarter %d out of range [1, 4]", quarter)
	}
	start := daysFromCivil(year, (quarter-1)*3+1, 1)
	end := addMonths(start, 3)
	if dayOfQ < 1 || dayOfQ > end-start {
		return Date{}, errValue("dayOfQuarter %d out of range for quarter %d of %d", dayOfQ, quarter, year)
	}
	return Date{start + dayOfQ - 1}, nil
}

func timeFromGroups(g map[string]string, s string) (int64, error) {
	h := atoi(g["hour"])
	var m, sec, frac int64
	if g["minute"] != "" {
		m = atoi(g["minute"])
	}
	if g["second"] != "" {
		sec = atoi(g["second"])
	}
	if f := g["frac"]; f != "" {
		frac = atoi((f + "000000000")[:9])
	}
	n, err := nanoOfDay(h, m, sec, frac)
	if err != nil {
		return 0, errValue("text cannot be parsed to a time: %s", quote(s))
	}
	return n, nil
}

// ParseLocalTime parses a local time such as 21:40:32.142, 214032, 21:40 or 21.
func ParseLocalTime(s string) (LocalTime, error) {
	s = upperDesignators(s)
	g, ok := match(localTimeRE, s)
	if !ok {
		return LocalTime{}, errParse("local time", s)
	}
	n, err := timeFromGroups(g, s)
	return LocalTime{n}, err
}

// ParseTime parses a time with an optional offset such as 21:40:32.142+0100,
// 214032Z or 21:40-01:30; without an offset the time is in UTC.
func ParseTime(s string) (Time, error) { return parseTime(s, "") }

func parseTime(s, defaultZone string) (Time, error) {
	s = upperDesignators(s)
	g, ok := match(timeRE, s)
	if !ok {
		return Time{}, errParse("time", s)
	}
	n, err := timeFromGroups(g, s)
	if err != nil {
		return Time{}, err
	}
	if o := g["offset"]; o != "" {
		off, ok := parseOffset(o)
		if !ok {
			return Time{}, errParse("time", s)
		}
		return Time{n, off}, nil
	}
	off, err := currentOffset(defaultZone)
	return Time{n, off}, err
}

// ParseLocalDateTime parses a date, optionally followed by T and a local time,
// such as 2015-07-21T21:40:32.142, 2015-W30-2T214032.142 or 2015202T21.
func ParseLocalDateTime(s string) (LocalDateTime, error) {
	s = upperDesignators(s)
	g, ok := match(localDateTimeRE, s)
	if !ok {
		return LocalDateTime{}, errParse("local datetime", s)
	}
	d, err := dateFromGroups(g, s)
	if err != nil {
		return LocalDateTime{}, err
	}
	var n int64
	if g["hour"] != "" {
		if n, err = timeFromGroups(g, s); err != nil {
			return LocalDateTime{}, err
		}
	}
	return LocalDateTime{d.days, n}, nil
}

// ParseDateTime parses a datetime such as 2015-07-21T21:40:32.142+01:00,
// 2015-W30T2140-02 or 2015-07-21T21:40:32.142+02:00[Europe/Stockholm]; without
// an offset or zone it is in UTC.
func ParseDateTime(s string) (DateTime, error) { return parseDateTime(s, "") }

func parseDateTime(s, defaultZone string) (DateTime, error) {
	s = upperDesignators(s)
	g, ok := match(dateTimeRE, s)
	if !ok {
		return DateTime{}, errParse("datetime", s)
	}
	d, err := dateFromGroups(g, s)
	if err != nil {
		return DateTime{}, err
	}
	var n int64
	if g["hour"] != "" {
		if n, err = timeFromGroups(g, s); err != nil {
			return DateTime{}, err
		}
	}
	var off int32
	hasOff := g["offset"] != ""
	if hasOff {
		if off, ok = parseOffset(g["offset"]); !ok {
			return DateTime{}, errParse("datetime", s)
		}
	}
	switch {
	case g["zone"] != "":
		z, err := loadZone(g["zone"])
		if err != nil {
			return DateTime{}, err
		}
		local := d.days*secondsPerDay + n/nanosPerSecond
		if hasOff && z.offsetAt(local-int64(off)) == off {
			return DateTime{sec: local - int64(off), nano: int32(n % nanosPerSecond), offset: off, zone: z.name}, nil
		}
		return dateTimeFromLocal(d.days, n, z), nil
	case hasOff:
		return dateTimeFromLocal(d.days, n, fixedZone(off)), nil
	}
	z, err := defaultZoneOf(defaultZone)
	if err != nil {
		return DateTime{}, err
	}
	return dateTimeFromLocal(d.days, n, z), nil
}

func defaultZoneOf(name string) (zone, error) {
	if name == "" {
		return fixedZone(0), nil
	}
	return parseZone(name)
}

// ParseDuration parses an ISO 8601 duration such as P1Y2M10DT2H30M, PT0.5S,
// P0.5D (fractions cascade down to smaller units), P-1Y-8M, -PT5S, or the
// alternative form P2012-02-02T14:37:21.545.
func ParseDuration(s string) (Duration, error) {
	s = upperDesignators(s)
	if m := durationRE.FindStringSubmatch(s); m != nil && strings.ContainsAny(s[1:], "YMWDHS") {
		if strings.HasSuffix(s, "T") {
			return Duration{}, errParse("duration", s)
		}
		var f [7]string // Y M W D H M S
		copy(f[:], m[2:])
		return durationFromParts(m[1] == "-", f, s)
	}
	if m := durationAltRE.FindStringSubmatch(s); m != nil {
		f := [7]string{m[2], m[3], "", m[4], m[5], m[6], m[7]}
		return durationFromParts(m[1] == "-", f, s)
	}
	return Duration{}, errParse("duration", s)
}

// durationFromParts combines the textual components Y, M, W, D, H, M, S.
func durationFromParts(neg bool, f [7]string, s string) (Duration, error) {
	var ints [7]int64
	var fracs [4]float64 // months, days, seconds, nanoseconds
	units := [7]int{0, 0, 1, 1, 2, 2, 2}
	scales := [7]float64{12, 1, 7, 1, 3600, 60, 1}
	fractional := false
	var secNanos int64
	for i, t := range f {
		if t == "" {
			continue
		}
		t = strings.Replace(t, ",", ".", 1)
		whole, frac, hasFrac := strings.Cut(t, ".")
		n, err := strconv.ParseInt(strings.TrimPrefix(whole, "+"), 10, 64)
		if err != nil {
			return Duration{}, errValue("duration component out of range in %s", quote(s))
		}
		ints[i] = n
		if !hasFrac {
			continue
		}
		if len(frac) > 9 {
			frac = frac[:9]
		}
		if i == 6 {
			secNanos = atoi((frac + "000000000")[:9])
			if strings.HasPrefix(whole, "-") {
				secNanos = -secNanos
			}
			continue
		}
		fv, _ := strconv.ParseFloat("0."+frac, 64)
		if strings.HasPrefix(whole, "-") {
			fv = -fv
		}
		if fv != 0 {
			fractional = true
			fracs[units[i]] += fv * scales[i]
		}
	}
	d, ok := exactDuration(ints, secNanos)
	if !ok {
		return Duration{}, errValue("duration out of range: %s", quote(s))
	}
	d, err := cascade([4]int64{d.months, d.days, d.seconds, int64(d.nanos)}, fracs, fractional)
	if err != nil {
		return Duration{}, err
	}
	if neg {
		d = d.Negate()
	}
	return d, nil
}

// exactDuration combines integral components Y, M, W, D, H, M, S with
// overflow checks.
func exactDuration(c [7]int64, nanos int64) (Duration, bool) {
	bad := false
	lin := func(terms ...int64) int64 { // pairs of value, scale
		var sum int64
		for i := 0; i < len(terms); i += 2 {
			p, o1 := mul64(terms[i], terms[i+1])
			s, o2 := add64(sum, p)
			sum, bad = s, bad || o1 || o2
		}
		return sum
	}
	m := lin(c[0], 12, c[1], 1)
	d := lin(c[2], 7, c[3], 1)
	s := lin(c[4], 3600, c[5], 60, c[6], 1)
	return NewDuration(m, d, s, nanos), !bad
}
