package temporal

// Proleptic Gregorian calendar arithmetic on epoch days (days since
// 1970-01-01), valid for the whole supported range of years.

const (
	minYear = -999_999_999
	maxYear = 999_999_999

	nanosPerSecond = 1_000_000_000
	secondsPerDay  = 86_400
	nanosPerDay    = secondsPerDay * nanosPerSecond
)

// floorDiv and floorMod are division rounding towards negative infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

// daysFromCivil converts a calendar date to epoch days.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := m + 9
	if m > 2 {
		mp = m - 3
	}
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays converts epoch days to a calendar date.
func civilFromDays(z int64) (y, m, d int64) {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	if mp < 10 {
		m = mp + 3
	} else {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

func isLeap(y int64) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysInMonth(y, m int64) int64 {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func daysInYear(y int64) int64 {
	if isLeap(y) {
		return 366
	}
	return 365
}

// dayOfWeek is the ISO day of the week, Monday=1 … Sunday=7.
func dayOfWeek(days int64) int64 { return floorMod(days+3, 7) + 1 }

// ordinalDay is the day of the year, 1-based.
func ordinalDay(days int64) int64 {
	y, _, _ := civilFromDays(days)
	return days - daysFromCivil(y, 1, 1) + 1
}

// weekYearStart is the epoch day of the Monday of ISO week 1 of year y.
func weekYearStart(y int64) int64 {
	jan4 := daysFromCivil(y, 1, 4)
	return jan4 - (dayOfWeek(jan4) - 1)
}

// isoWeek returns the ISO week-based year and week number of a day.
func isoWeek(days int64) (weekYear, week int64) {
	thursday := days - (dayOfWeek(days) - 1) + 3
	wy, _, _ := civilFromDays(thursday)
	return wy, (thursday-daysFromCivil(wy, 1, 1))/7 + 1
}

// weeksInYear is 52 or 53.
func weeksInYear(y int64) int64 {
	_, w := isoWeek(daysFromCivil(y, 12, 28))
	return w
}

// quarterStartMonth is the first month of the quarter holding month m.
func quarterStartMonth(m int64) int64 { return (m-1)/3*3 + 1 }

// dayOfQuarter is the 1-based day within the quarter.
func dayOfQuarter(days int64) int64 {
	y, m, _ := civilFromDays(days)
	return days - daysFromCivil(y, quarterStartMonth(m), 1) + 1
}

// addMonths adds n months to a date, clamping the day to the end of the
// resulting month (2020-01-31 + 1 month = 2020-02-29).
func addMonths(days, n int64) int64 {
	if n == 0 {
		return days
	}
	y, m, d := civilFromDays(days)
	pm := y*12 + (m - 1) + n
	ny := floorDiv(pm, 12)
	nm := floorMod(pm, 12) + 1
	d = min(d, daysInMonth(ny, nm))
	return daysFromCivil(ny, nm, d)
}

// Range of epoch days for years minYear..maxYear.
var (
	minEpochDay = daysFromCivil(minYear, 1, 1)
	maxEpochDay = daysFromCivil(maxYear, 12, 31)
)

func validDay(days int64) bool { return days >= minEpochDay && days <= maxEpochDay }
