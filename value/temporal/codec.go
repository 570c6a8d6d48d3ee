package temporal

import (
	"encoding/binary"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Binary encoding for storage. Each kind has its own layout (the kind itself
// is stored by the caller); integers are varints (signed ones zig-zag):
//
//	Date           days
//	LocalTime      nanos-of-day (unsigned)
//	Time           nanos-of-day (unsigned), offset-seconds
//	LocalDateTime  days, nanos-of-day (unsigned)
//	DateTime       epoch-seconds, nanos (unsigned), offset-seconds,
//	               zone-name length (unsigned), zone-name bytes
//	Duration       months, days, seconds, nanos (unsigned)
//
// A DateTime keeps both its offset and its zone name, so a value decodes to
// exactly the value encoded even if zone rules change later.

// Kinds lists the kinds implemented by this package, for registering codecs.
var Kinds = []value.Kind{
	value.KindDate, value.KindLocalTime, value.KindTime,
	value.KindLocalDateTime, value.KindDateTime, value.KindDuration,
}

// AppendBinary appends the storage encoding of a temporal value to dst. v
// must be one of this package's types; anything else appends nothing.
func AppendBinary(dst []byte, v value.Value) []byte {
	switch x := v.(type) {
	case Date:
		return binary.AppendVarint(dst, x.days)
	case LocalTime:
		return binary.AppendUvarint(dst, uint64(x.nanos))
	case Time:
		dst = binary.AppendUvarint(dst, uint64(x.nanos))
		return binary.AppendVarint(dst, int64(x.offset))
	case LocalDateTime:
		dst = binary.AppendVarint(dst, x.days)
		return binary.AppendUvarint(dst, uint64(x.nanos))
	case DateTime:
		dst = binary.AppendVarint(dst, x.sec)
		dst = binary.AppendUvarint(dst, uint64(x.nano))
		dst = binary.AppendVarint(dst, int64(x.offset))
		dst = binary.AppendUvarint(dst, uint64(len(x.zone)))
		return append(dst, x.zone...)
	case Duration:
		dst = binary.AppendVarint(dst, x.months)
		dst = binary.AppendVarint(dst, x.days)
		dst = binary.AppendVarint(dst, x.seconds)
		return binary.AppendUvarint(dst, uint64(x.nanos))
	}
	return dst
}

// decoder reads varints, remembering the first error.
type decoder struct {
	b   []byte
	bad bool
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.bad = true
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) uvarint(limit uint64) int64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 || v >= limit {
		d.bad = true
		return 0
	}
	d.b = d.b[n:]
	return int64(v)
}

func errCorrupt(kind value.Kind) error {
	return cyqerr.Runtimef(cyqerr.StorageError, "", "temporal: corrupt %s encoding", kind)
}

// DecodeBinary decodes a value of the given kind written by AppendBinary. b
// must hold exactly one encoded value; a malformed encoding is a
// StorageError.
func DecodeBinary(kind value.Kind, b []byte) (value.Value, error) {
	d := &decoder{b: b}
	var v value.Value
	switch kind {
	case value.KindDate:
		days := d.varint()
		if !validDay(days) {
			d.bad = true
		}
		v = Date{days}
	case value.KindLocalTime:
		v = LocalTime{d.uvarint(nanosPerDay)}
	case value.KindTime:
		n := d.uvarint(nanosPerDay)
		off := d.varint()
		if off < -maxOffset || off > maxOffset {
			d.bad = true
		}
		v = Time{n, int32(off)}
	case value.KindLocalDateTime:
		days := d.varint()
		if !validDay(days) {
			d.bad = true
		}
		v = LocalDateTime{days, d.uvarint(nanosPerDay)}
	case value.KindDateTime:
		sec := d.varint()
		nano := d.uvarint(nanosPerSecond)
		off := d.varint()
		if off < -maxOffset || off > maxOffset {
			d.bad = true
		}
		n := d.uvarint(256)
		if d.bad || len(d.b) < int(n) {
			return nil, errCorrupt(kind)
		}
		name := string(d.b[:n])
		d.b = d.b[n:]
		if name != "" {
			if _, err := loadZone(name); err != nil {
				return nil, cyqerr.Runtimef(cyqerr.StorageError, "", "temporal: stored datetime has unknown time zone %s", quote(name))
			}
		}
		dt := DateTime{sec: sec, nano: int32(nano), offset: int32(off), zone: name}
		if !validDay(dt.localDays()) {
			d.bad = true
		}
		v = dt
	case value.KindDuration:
		m, dd, s := d.varint(), d.varint(), d.varint()
		v = Duration{months: m, days: dd, seconds: s, nanos: int32(d.uvarint(nanosPerSecond))}
	default:
		return nil, cyqerr.Runtimef(cyqerr.StorageError, "", "temporal: %s is not a temporal kind", kind)
	}
	if d.bad || len(d.b) != 0 {
		return nil, errCorrupt(kind)
	}
	return v, nil
}
