package temporal

import (
	"strconv"
)

// appendYear writes a year as four digits, with a sign outside 0000..9999.
func appendYear(b []byte, y int64) []byte {
	switch {
	case y < 0:
		b = append(b, '-')
		return appendPadded(b, -y, 4)
	case y > 9999:
		b = append(b, '+')
	}
	return appendPadded(b, y, 4)
}

func appendPadded(b []byte, v int64, width int) []byte {
	s := strconv.FormatInt(v, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// appendDate writes YYYY-MM-DD.
func appendDate(b []byte, days int64) []byte {
	y, m, d := civilFromDays(days)
	b = appendYear(b, y)
	b = append(b, '-')
	b = appendPadded(b, m, 2)
	b = append(b, '-')
	return appendPadded(b, d, 2)
}

// appendTimeOfDay writes HH:MM, then :SS when seconds or a fraction are
// present, then the fraction without trailing zeros.
func appendTimeOfDay(b []byte, nanos int64) []byte {
	sec := nanos / nanosPerSecond
	frac := nanos % nanosPerSecond
	b = appendPadded(b, sec/3600, 2)
	b = append(b, ':')
	b = appendPadded(b, sec/60%60, 2)
	if sec%60 != 0 || frac != 0 {
		b = append(b, ':')
		b = appendPadded(b, sec%60, 2)
		b = appendFraction(b, frac)
	}
	return b
}

// appendFraction writes .fffffffff without trailing zeros, nothing for 0.
func appendFraction(b []byte, frac int64) []byte {
	if frac == 0 {
		return b
	}
	s := strconv.FormatInt(frac+nanosPerSecond, 10)[1:]
	for len(s) > 0 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	b = append(b, '.')
	return append(b, s...)
}

// appendOffset writes Z, ±HH:MM or ±HH:MM:SS.
func appendOffset(b []byte, off int32) []byte {
	if off == 0 {
		return append(b, 'Z')
	}
	if off < 0 {
		b = append(b, '-')
		off = -off
	} else {
		b = append(b, '+')
	}
	b = appendPadded(b, int64(off/3600), 2)
	b = append(b, ':')
	b = appendPadded(b, int64(off/60%60), 2)
	if off%60 != 0 {
		b = append(b, ':')
		b = appendPadded(b, int64(off%60), 2)
	}
	return b
}

// formatOffset returns the offset as ±HH:MM[:SS], Z for zero.
func formatOffset(off int32) string { return string(appendOffset(nil, off)) }

// appendDuration writes the ISO 8601 form of d.
func appendDuration(b []byte, d Duration) []byte {
	b = append(b, 'P')
	if d.months/12 != 0 {
		b = strconv.AppendInt(b, d.months/12, 10)
		b = append(b, 'Y')
	}
	if d.months%12 != 0 {
		b = strconv.AppendInt(b, d.months%12, 10)
		b = append(b, 'M')
	}
	if d.days != 0 {
		b = strconv.AppendInt(b, d.days, 10)
		b = append(b, 'D')
	}
	// Give seconds and nanoseconds one sign.
	sec, nano := d.seconds, int64(d.nanos)
	if sec < 0 && nano > 0 {
		sec++
		nano -= nanosPerSecond
	}
	if sec != 0 || nano != 0 {
		b = append(b, 'T')
		if h := sec / 3600; h != 0 {
			b = strconv.AppendInt(b, h, 10)
			b = append(b, 'H')
		}
		if m := sec / 60 % 60; m != 0 {
			b = strconv.AppendInt(b, m, 10)
			b = append(b, 'M')
		}
		if s := sec % 60; s != 0 || nano != 0 {
			if s == 0 && nano < 0 {
				b = append(b, '-')
			}
			b = strconv.AppendInt(b, s, 10)
			if nano < 0 {
				nano = -nano
			}
			b = appendFraction(b, nano)
			b = append(b, 'S')
		}
	}
	if len(b) == 1 {
		b = append(b, "T0S"...)
	}
	return b
}
