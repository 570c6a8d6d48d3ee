package temporal

import (
	"strings"
	"sync"
	"time"
)

// zone is a time zone: either a fixed offset (name == "") or a named IANA
// zone, whose offset depends on the instant.
type zone struct {
	name   string // IANA name, "" for a fixed offset
	offset int32  // the fixed offset when name == ""
	loc    *time.Location
}

var zoneCache sync.Map // string → *time.Location

// loadZone loads a named zone from the embedded database. Spaces stand
// for the underscores of IANA names, as in Neo4j ('America/Los Angeles'
// is America/Los_Angeles).
func loadZone(name string) (zone, error) {
	name = strings.ReplaceAll(strings.TrimSpace(name), " ", "_")
	if l, ok := zoneCache.Load(name); ok {
		return zone{name: name, loc: l.(*time.Location)}, nil
	}
	if name == "" || name == "Local" || strings.ContainsAny(name, " \t") {
		return zone{}, errValue("invalid time zone %s", quote(name))
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return zone{}, errValue("unknown time zone %s", quote(name))
	}
	zoneCache.Store(name, loc)
	return zone{name: name, loc: loc}, nil
}

func fixedZone(offset int32) zone { return zone{offset: offset} }

// offsetAt returns the zone's offset at an instant (UTC epoch seconds).
func (z zone) offsetAt(sec int64) int32 {
	if z.loc == nil {
		return z.offset
	}
	_, off := time.Unix(sec, 0).In(z.loc).Zone()
	return int32(off)
}

// resolveLocal converts local epoch seconds (seconds since 1970-01-01T00:00
// local) to UTC epoch seconds and the offset in force. Like java.time: in an
// overlap the earlier offset wins; in a gap the local time moves forward by
// the length of the gap.
func (z zone) resolveLocal(local int64) (utc int64, off int32) {
	if z.loc == nil {
		return local - int64(z.offset), z.offset
	}
	cands := [3]int32{z.offsetAt(local - secondsPerDay), z.offsetAt(local), z.offsetAt(local + secondsPerDay)}
	best, found := int32(0), false
	for _, c := range cands {
		if z.offsetAt(local-int64(c)) == c && (!found || c > best) {
			best, found = c, true
		}
	}
	if !found {
		// A gap: use the offset before the transition (the smaller one).
		best = cands[0]
		for _, c := range cands {
			best = min(best, c)
		}
		utc = local - int64(best)
		return utc, z.offsetAt(utc)
	}
	return local - int64(best), best
}

// parseOffset parses a UTC offset: Z, ±HH, ±HHMM, ±HH:MM, ±HHMMSS, ±HH:MM:SS.
func parseOffset(s string) (int32, bool) {
	if s == "Z" || s == "z" {
		return 0, true
	}
	if len(s) < 3 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	sign := int32(1)
	if s[0] == '-' {
		sign = -1
	}
	body := s[1:]
	var parts []string
	if strings.Contains(body, ":") {
		parts = strings.Split(body, ":")
	} else {
		for len(body) > 0 {
			if len(body) < 2 {
				return 0, false
			}
			parts = append(parts, body[:2])
			body = body[2:]
		}
	}
	if len(parts) == 0 || len(parts) > 3 {
		return 0, false
	}
	var v [3]int32
	for i, p := range parts {
		if len(p) != 2 || !isDigits(p) {
			return 0, false
		}
		v[i] = int32(p[0]-'0')*10 + int32(p[1]-'0')
	}
	if v[1] > 59 || v[2] > 59 {
		return 0, false
	}
	off := v[0]*3600 + v[1]*60 + v[2]
	if off > maxOffset {
		return 0, false
	}
	return sign * off, true
}

// parseZone parses a time zone argument: an offset or an IANA zone name.
func parseZone(s string) (zone, error) {
	if off, ok := parseOffset(s); ok {
		return fixedZone(off), nil
	}
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		return zone{}, errValue("invalid time zone offset %s", quote(s))
	}
	return loadZone(s)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}
