package engine

import (
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// Temporal property values: storage encodes extension kinds through
// registered codecs (it cannot import value/temporal, nor the other way
// round), so the engine, which imports both, registers the temporal
// package's binary encoding for every temporal kind. Any program that opens
// a store through the engine can then store, read back and index dates,
// times, datetimes and durations.
func init() {
	for _, k := range temporal.Kinds {
		storage.RegisterExtensionCodec(k,
			func(dst []byte, v value.Value) []byte { return temporal.AppendBinary(dst, v) },
			func(b []byte) (value.Value, error) { return temporal.DecodeBinary(k, b) })
	}
}
