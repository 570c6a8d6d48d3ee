// Package temporal implements openCypher's temporal values as a pure Go
// library: DATE, LOCAL TIME, ZONED TIME, LOCAL DATETIME, ZONED DATETIME and
// DURATION.
//
// Input: strings (ISO 8601 forms, see Parse), maps of fields (FromMap, the
// argument of date({...}) and friends), other temporal values, clocks (Now)
// and epoch numbers (FromEpoch, FromEpochMillis). Output: values of the types
// Date, LocalTime, Time, LocalDateTime, DateTime and Duration, each of which
// implements value.Extension, so value.Equal, value.Compare, value.Order and
// value.AppendKey handle them.
//
// The engine-facing entry points are:
//
//   - Construct(kind, arg, Options): date(x), localtime(x), time(x),
//     localdatetime(x), datetime(x), duration(x) for an absent, null,
//     string, map or temporal x; Options carries the session time zone and
//     the statement clock.
//   - Parse / ParseDuration: the string forms alone.
//   - FromMap: the map forms alone, including selection from other temporal
//     values ({date: d, time: t, timezone: z, ...}).
//   - Now(kind, clock, zone): date(), datetime.statement() and so on.
//   - FromEpoch / FromEpochMillis: datetime.fromepoch and fromepochmillis.
//   - Truncate(kind, unit, v, fields, defaultZone): X.truncate(unit, v, map).
//   - Component(v, name): property access such as d.year or dur.minutesOfHour.
//   - Add, Subtract, Multiply, Divide (and Duration.Negate): the arithmetic
//     operators where a duration is involved.
//   - Between(kind, a, b): duration.between, inMonths, inDays, inSeconds.
//   - AppendBinary / DecodeBinary: the compact storage encoding, for every
//     kind in Kinds.
//
// Equality and order follow the openCypher temporal CIP: zoned values are
// ordered by instant, then by offset (west to east), then by zone name (a
// plain offset before any named zone); two values at the same instant in
// different zones are therefore not equal. Durations are equal when their
// months, days and (carried) seconds are equal; they are not comparable
// with < and >, but have a total order for ORDER BY.
//
// Errors are *cyqerr.Error: ArgumentError/InvalidArgumentValue for values out
// of range or unparsable text, TypeError/InvalidArgumentType for arguments of
// the wrong type.
//
// Named time zones come from Go's time package (time.LoadLocation). The IANA
// database is embedded (time/tzdata), so zones work on hosts without one; a
// host database, when present, takes precedence, and historical offsets
// follow its tzdata version.
package temporal

import _ "time/tzdata" // embedded IANA zone database
