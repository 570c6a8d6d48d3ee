package storage

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/cyqdb/cyq/value"
)

// Value encoding tags. The tag byte starts every encoded value; the set is
// part of the on-disk format: append, never renumber.
const (
	tagNull   byte = 0x00
	tagFalse  byte = 0x01
	tagTrue   byte = 0x02
	tagInt    byte = 0x03 // zig-zag uvarint
	tagFloat  byte = 0x04 // 8 bytes little-endian IEEE-754
	tagString byte = 0x05 // uvarint length, bytes
	tagList   byte = 0x06 // uvarint count, values
	tagMap    byte = 0x07 // uvarint count, (uvarint key length, key, value)* sorted by key

	// Temporal kinds (value.Extension types from value/temporal), reserved:
	// tag, uvarint payload length, payload produced by the registered codec.
	tagDate          byte = 0x10
	tagLocalTime     byte = 0x11
	tagTime          byte = 0x12
	tagLocalDateTime byte = 0x13
	tagDateTime      byte = 0x14
	tagDuration      byte = 0x15

	tagVector byte = 0x20 // uvarint count, count*4 bytes little-endian float32
)

// ExtensionEncoder appends the payload encoding of v (whose kind it was
// registered for) to dst.
type ExtensionEncoder func(dst []byte, v value.Value) []byte

// ExtensionDecoder decodes a payload produced by the matching encoder.
type ExtensionDecoder func(b []byte) (value.Value, error)

type extCodec struct {
	enc ExtensionEncoder
	dec ExtensionDecoder
}

var (
	extMu     sync.RWMutex
	extCodecs [value.KindDuration - value.KindDate + 1]*extCodec
)

// RegisterExtensionCodec installs the encoder and decoder for a temporal
// kind (value.KindDate through value.KindDuration), normally from an init
// function of package value/temporal. Until a kind is registered, values of
// that kind are rejected with ErrInvalidProperty and stored values of that
// kind fail to decode with ErrCorrupt. It panics on any other kind, because
// that is a programming error.
func RegisterExtensionCodec(kind value.Kind, enc func(dst []byte, v value.Value) []byte, dec func(b []byte) (value.Value, error)) {
	if !kind.IsTemporal() || enc == nil || dec == nil {
		panic(fmt.Sprintf("storage: RegisterExtensionCodec: bad kind %v or nil codec", kind))
	}
	extMu.Lock()
	extCodecs[kind-value.KindDate] = &extCodec{enc: enc, dec: dec}
	extMu.Unlock()
}

func extCodecFor(kind value.Kind) *extCodec {
	if !kind.IsTemporal() {
		return nil
	}
	extMu.RLock()
	defer extMu.RUnlock()
	return extCodecs[kind-value.KindDate]
}

// AppendValue appends the storage encoding of v to dst. It accepts every
// kind except Node, Rel and Path (runtime-only) and extension kinds without
// a registered codec, for which it returns an error wrapping
// ErrInvalidProperty.
func AppendValue(dst []byte, v value.Value) ([]byte, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return append(dst, tagNull), nil
	case value.Bool:
		if x {
			return append(dst, tagTrue), nil
		}
		return append(dst, tagFalse), nil
	case value.Int:
		dst = append(dst, tagInt)
		return binary.AppendVarint(dst, int64(x)), nil
	case value.Float:
		dst = append(dst, tagFloat)
		return binary.LittleEndian.AppendUint64(dst, math.Float64bits(float64(x))), nil
	case value.String:
		dst = append(dst, tagString)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		return append(dst, x...), nil
	case value.List:
		dst = append(dst, tagList)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		var err error
		for _, e := range x {
			if dst, err = AppendValue(dst, e); err != nil {
				return nil, err
			}
		}
		return dst, nil
	case value.Map:
		dst = append(dst, tagMap)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		var err error
		for _, k := range x.Keys() {
			dst = binary.AppendUvarint(dst, uint64(len(k)))
			dst = append(dst, k...)
			if dst, err = AppendValue(dst, x[k]); err != nil {
				return nil, err
			}
		}
		return dst, nil
	case value.Vector:
		dst = append(dst, tagVector)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, f := range x {
			dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(f))
		}
		return dst, nil
	}
	k := value.KindOf(v)
	if c := extCodecFor(k); c != nil {
		payload := c.enc(nil, v)
		dst = append(dst, tagDate+byte(k-value.KindDate))
		dst = binary.AppendUvarint(dst, uint64(len(payload)))
		return append(dst, payload...), nil
	}
	return nil, errorf(ErrInvalidProperty, "values of type %s cannot be stored", k)
}

// DecodeValue decodes one value from the front of b and returns it with the
// number of bytes read. Malformed input gives an error wrapping ErrCorrupt.
func DecodeValue(b []byte) (value.Value, int, error) {
	return decodeValue(b, 0)
}

const maxDecodeDepth = 64

func decodeValue(b []byte, depth int) (value.Value, int, error) {
	if len(b) == 0 {
		return nil, 0, errorf(ErrCorrupt, "value: empty input")
	}
	if depth > maxDecodeDepth {
		return nil, 0, errorf(ErrCorrupt, "value: nesting too deep")
	}
	tag, rest := b[0], b[1:]
	switch tag {
	case tagNull:
		return value.NullValue, 1, nil
	case tagFalse:
		return value.Bool(false), 1, nil
	case tagTrue:
		return value.Bool(true), 1, nil
	case tagInt:
		i, n := binary.Varint(rest)
		if n <= 0 {
			return nil, 0, errorf(ErrCorrupt, "value: bad integer")
		}
		return value.Int(i), 1 + n, nil
	case tagFloat:
		if len(rest) < 8 {
			return nil, 0, errorf(ErrCorrupt, "value: short float")
		}
		return value.Float(math.Float64frombits(binary.LittleEndian.Uint64(rest))), 9, nil
	case tagString:
		l, n := binary.Uvarint(rest)
		if n <= 0 || l > uint64(len(rest)-n) {
			return nil, 0, errorf(ErrCorrupt, "value: bad string")
		}
		return value.String(rest[n : n+int(l)]), 1 + n + int(l), nil
	case tagList:
		cnt, n := binary.Uvarint(rest)
		if n <= 0 || cnt > uint64(len(rest)-n) {
			return nil, 0, errorf(ErrCorrupt, "value: bad list")
		}
		off := 1 + n
		l := make(value.List, cnt)
		for i := range l {
			e, m, err := decodeValue(b[off:], depth+1)
			if err != nil {
				return nil, 0, err
			}
			l[i] = e
			off += m
		}
		return l, off, nil
	case tagMap:
		cnt, n := binary.Uvarint(rest)
		if n <= 0 || cnt > uint64(len(rest)-n) {
			return nil, 0, errorf(ErrCorrupt, "value: bad map")
		}
		off := 1 + n
		m := make(value.Map, cnt)
		for i := uint64(0); i < cnt; i++ {
			kl, k := binary.Uvarint(b[off:])
			if k <= 0 || kl > uint64(len(b)-off-k) {
				return nil, 0, errorf(ErrCorrupt, "value: bad map key")
			}
			key := string(b[off+k : off+k+int(kl)])
			off += k + int(kl)
			e, w, err := decodeValue(b[off:], depth+1)
			if err != nil {
				return nil, 0, err
			}
			m[key] = e
			off += w
		}
		return m, off, nil
	case tagVector:
		cnt, n := binary.Uvarint(rest)
		if n <= 0 || cnt > uint64(len(rest)-n)/4 {
			return nil, 0, errorf(ErrCorrupt, "value: bad vector")
		}
		vec := make(value.Vector, cnt)
		p := rest[n:]
		for i := range vec {
			vec[i] = math.Float32frombits(binary.LittleEndian.Uint32(p[4*i:]))
		}
		return vec, 1 + n + 4*int(cnt), nil
	}
	if tag >= tagDate && tag <= tagDuration {
		k := value.KindDate + value.Kind(tag-tagDate)
		l, n := binary.Uvarint(rest)
		if n <= 0 || l > uint64(len(rest)-n) {
			return nil, 0, errorf(ErrCorrupt, "value: bad %s payload", k)
		}
		c := extCodecFor(k)
		if c == nil {
			return nil, 0, errorf(ErrCorrupt, "value: no codec registered for %s", k)
		}
		v, err := c.dec(rest[n : n+int(l)])
		if err != nil {
			return nil, 0, errorf(ErrCorrupt, "value: %s: %v", k, err)
		}
		return v, 1 + n + int(l), nil
	}
	return nil, 0, errorf(ErrCorrupt, "value: unknown tag 0x%02x", tag)
}

// CheckProperty reports whether v may be stored as a property value,
// following openCypher: null (which removes the property), booleans,
// integers, floats, strings, temporal values with a registered codec,
// float32 vectors, and lists whose elements are all non-null values of one
// of those scalar kinds (integers and floats may mix). Maps, nodes,
// relationships, paths, nested lists and lists holding null are rejected
// with an error wrapping ErrInvalidProperty.
func CheckProperty(v value.Value) error {
	k := value.KindOf(v)
	switch k {
	case value.KindNull, value.KindBool, value.KindInt, value.KindFloat, value.KindString, value.KindVector:
		return nil
	case value.KindList:
		var first value.Kind
		for i, e := range v.(value.List) {
			ek := value.KindOf(e)
			switch {
			case ek == value.KindNull:
				return errorf(ErrInvalidProperty, "a list property cannot hold null")
			case ek == value.KindList || ek == value.KindMap || ek == value.KindNode || ek == value.KindRel || ek == value.KindPath || ek == value.KindVector:
				return errorf(ErrInvalidProperty, "a list property cannot hold %s values", ek)
			case ek.IsTemporal() && extCodecFor(ek) == nil:
				return errorf(ErrInvalidProperty, "values of type %s cannot be stored", ek)
			}
			if i == 0 {
				first = ek
			} else if ek != first && !(ek.IsNumber() && first.IsNumber()) {
				return errorf(ErrInvalidProperty, "a list property must hold values of one type, got %s and %s", first, ek)
			}
		}
		return nil
	}
	if k.IsTemporal() && extCodecFor(k) != nil {
		return nil
	}
	return errorf(ErrInvalidProperty, "values of type %s cannot be stored as properties", k)
}

// prop is one stored property: a property-key id and a non-null value.
type prop struct {
	key uint32
	val value.Value
}

// props is a property map sorted by key; never mutated after construction.
type props []prop

func (ps props) get(key uint32) (value.Value, bool) {
	i := sort.Search(len(ps), func(i int) bool { return ps[i].key >= key })
	if i < len(ps) && ps[i].key == key {
		return ps[i].val, true
	}
	return nil, false
}

// with returns a copy of ps with key set to v (v non-null).
func (ps props) with(key uint32, v value.Value) props {
	i := sort.Search(len(ps), func(i int) bool { return ps[i].key >= key })
	if i < len(ps) && ps[i].key == key {
		n := append(props(nil), ps...)
		n[i].val = v
		return n
	}
	n := make(props, 0, len(ps)+1)
	n = append(n, ps[:i]...)
	n = append(n, prop{key, v})
	return append(n, ps[i:]...)
}

// without returns a copy of ps without key (ps itself when absent).
func (ps props) without(key uint32) props {
	i := sort.Search(len(ps), func(i int) bool { return ps[i].key >= key })
	if i >= len(ps) || ps[i].key != key {
		return ps
	}
	if len(ps) == 1 {
		return nil
	}
	n := make(props, 0, len(ps)-1)
	n = append(n, ps[:i]...)
	return append(n, ps[i+1:]...)
}

func makeProps(m map[uint32]value.Value) (props, error) {
	if len(m) == 0 {
		return nil, nil
	}
	ps := make(props, 0, len(m))
	for k, v := range m {
		if err := CheckProperty(v); err != nil {
			return nil, err
		}
		if value.IsNull(v) {
			continue
		}
		ps = append(ps, prop{k, v})
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].key < ps[j].key })
	if len(ps) == 0 {
		return nil, nil
	}
	return ps, nil
}

func appendProps(dst []byte, ps props) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(ps)))
	for _, p := range ps {
		dst = binary.AppendUvarint(dst, uint64(p.key))
		// Values were checked by CheckProperty on the way in.
		dst, _ = AppendValue(dst, p.val)
	}
	return dst
}

func decodeProps(b []byte) (props, int, error) {
	cnt, n := binary.Uvarint(b)
	if n <= 0 || cnt > uint64(len(b)) {
		return nil, 0, errorf(ErrCorrupt, "bad property record")
	}
	if cnt == 0 {
		return nil, n, nil
	}
	ps := make(props, cnt)
	off := n
	for i := range ps {
		k, m := binary.Uvarint(b[off:])
		if m <= 0 || k > math.MaxUint32 {
			return nil, 0, errorf(ErrCorrupt, "bad property key")
		}
		off += m
		v, w, err := DecodeValue(b[off:])
		if err != nil {
			return nil, 0, err
		}
		off += w
		ps[i] = prop{uint32(k), v}
		if i > 0 && ps[i-1].key >= ps[i].key {
			return nil, 0, errorf(ErrCorrupt, "property keys out of order")
		}
	}
	return ps, off, nil
}

// propSize estimates the in-memory bytes of one property.
func propSize(v value.Value) int64 {
	switch x := v.(type) {
	case value.String:
		return 40 + int64(len(x))
	case value.List:
		s := int64(48)
		for _, e := range x {
			s += propSize(e)
		}
		return s
	case value.Vector:
		return 48 + 4*int64(len(x))
	}
	return 32
}
