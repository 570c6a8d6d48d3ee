package temporal

import (
	"time"

	"github.com/cyqdb/cyq/value"
)

func nowUnix() int64 { return time.Now().Unix() }

// currentOffset is the offset of the named zone ("" = UTC) right now.
func currentOffset(zoneName string) (int32, error) {
	z, err := defaultZoneOf(zoneName)
	if err != nil {
		return 0, err
	}
	return z.offsetAt(nowUnix()), nil
}

// Now returns the current value of the given kind: the clock instant seen in
// the zone (an IANA name or an offset; "" means UTC). It implements date(),
// localtime(), time(), localdatetime(), datetime() without arguments and
// their .statement, .transaction and .realtime variants: the engine passes
// the statement start, the transaction start or time.Now() as clock. The zero
// clock means time.Now(). There is no current duration: for
// value.KindDuration it returns an ArgumentError.
func Now(kind value.Kind, clock time.Time, zoneName string) (value.Value, error) {
	if clock.IsZero() {
		clock = time.Now()
	}
	if kind == value.KindDuration || !kind.IsTemporal() {
		return nil, errValue("%s() requires an argument", kindFunc(kind))
	}
	z, err := defaultZoneOf(zoneName)
	if err != nil {
		return nil, err
	}
	dt, err := instantIn(clock.Unix(), int64(clock.Nanosecond()), z)
	if err != nil {
		return nil, err
	}
	p, _ := partsOf(dt)
	return p.value(kind), nil
}

// FromEpoch implements datetime.fromepoch(seconds, nanoseconds): the instant
// in UTC.
func FromEpoch(seconds, nanos int64) (DateTime, error) {
	return instantIn(seconds, nanos, fixedZone(0))
}

// FromEpochMillis implements datetime.fromepochmillis(milliseconds): the
// instant in UTC.
func FromEpochMillis(millis int64) (DateTime, error) {
	return instantIn(floorDiv(millis, 1000), floorMod(millis, 1000)*1_000_000, fixedZone(0))
}
