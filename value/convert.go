package value

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// FromGo converts a Go value (as decoded from JSON, or built by a caller of
// the library API) into a Value. Supported: nil, bool, all integer kinds,
// float32/64, string, json.Number, []any, []string, []int64, []float64,
// []float32 (a Vector), map[string]any, and Values themselves.
func FromGo(x any) (Value, error) {
	switch v := x.(type) {
	case nil:
		return NullValue, nil
	case Value:
		return v, nil
	case bool:
		return Bool(v), nil
	case int:
		return Int(v), nil
	case int8:
		return Int(v), nil
	case int16:
		return Int(v), nil
	case int32:
		return Int(v), nil
	case int64:
		return Int(v), nil
	case uint8:
		return Int(v), nil
	case uint16:
		return Int(v), nil
	case uint32:
		return Int(v), nil
	case uint:
		if uint64(v) > math.MaxInt64 {
			return nil, fmt.Errorf("value: integer %d out of range", v)
		}
		return Int(v), nil
	case uint64:
		if v > math.MaxInt64 {
			return nil, fmt.Errorf("value: integer %d out of range", v)
		}
		return Int(v), nil
	case float32:
		return Float(v), nil
	case float64:
		return Float(v), nil
	case string:
		return String(v), nil
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return Int(i), nil
		}
		f, err := v.Float64()
		if err != nil {
			return nil, fmt.Errorf("value: bad number %q", v)
		}
		return Float(f), nil
	case []float32:
		return Vector(append([]float32(nil), v...)), nil
	case []string:
		l := make(List, len(v))
		for i, s := range v {
			l[i] = String(s)
		}
		return l, nil
	case []int64:
		l := make(List, len(v))
		for i, n := range v {
			l[i] = Int(n)
		}
		return l, nil
	case []float64:
		l := make(List, len(v))
		for i, n := range v {
			l[i] = Float(n)
		}
		return l, nil
	case []any:
		l := make(List, len(v))
		for i, e := range v {
			ev, err := FromGo(e)
			if err != nil {
				return nil, err
			}
			l[i] = ev
		}
		return l, nil
	case map[string]any:
		m := make(Map, len(v))
		for k, e := range v {
			ev, err := FromGo(e)
			if err != nil {
				return nil, err
			}
			m[k] = ev
		}
		return m, nil
	}
	return nil, fmt.Errorf("value: unsupported Go type %T", x)
}

// ToGo converts v into plain Go values suitable for encoding/json: nil,
// bool, int64, float64, string, []any, map[string]any; nodes become
// {"id", "labels", "properties"}, relationships {"id", "type", "start",
// "end", "properties"}, paths {"nodes", "relationships"}, temporal values
// their string form, vectors []float32. Non-finite floats become strings
// ("NaN", "Infinity", "-Infinity") because JSON cannot carry them.
func ToGo(v Value) any {
	switch x := v.(type) {
	case nil, Null:
		return nil
	case Bool:
		return bool(x)
	case Int:
		return int64(x)
	case Float:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return FormatFloat(f)
		}
		return f
	case String:
		return string(x)
	case List:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = ToGo(e)
		}
		return out
	case Map:
		return mapToGo(x)
	case Node:
		labels := append([]string{}, x.Labels...)
		sort.Strings(labels)
		return map[string]any{"id": int64(x.ID), "labels": labels, "properties": mapToGo(x.Props)}
	case Rel:
		return map[string]any{"id": int64(x.ID), "type": x.Type, "start": int64(x.Start), "end": int64(x.End), "properties": mapToGo(x.Props)}
	case Path:
		nodes := make([]any, len(x.Nodes))
		for i, n := range x.Nodes {
			nodes[i] = ToGo(n)
		}
		rels := make([]any, len(x.Rels))
		for i, r := range x.Rels {
			rels[i] = ToGo(r)
		}
		return map[string]any{"nodes": nodes, "relationships": rels}
	case Vector:
		return []float32(x)
	case Extension:
		return x.String()
	}
	return nil
}

func mapToGo(m Map) map[string]any {
	out := make(map[string]any, len(m))
	for k, e := range m {
		out[k] = ToGo(e)
	}
	return out
}

// Number returns an integer or float as a float64; ok is false for any
// other value.
func Number(v Value) (f float64, ok bool) {
	switch x := v.(type) {
	case Int:
		return float64(x), true
	case Float:
		return float64(x), true
	}
	return 0, false
}

// Size estimates the bytes v holds, for memory budgets: strings count
// their bytes, lists and maps their slots plus their elements, entities
// their properties. It runs in time bounded independently of the value's
// size: a list or map of more than sizeSamples elements is measured on
// sizeSamples of them, spread evenly, and the average is extrapolated;
// below sizeDepth levels of nesting only slots are counted.
func Size(v Value) int64 { return sizeAt(v, 0) }

const (
	sizeSamples = 16
	sizeDepth   = 4
)

func sizeAt(v Value, depth int) int64 {
	switch x := v.(type) {
	case String:
		return 16 + int64(len(x))
	case List:
		n := int64(24 + 16*len(x))
		if depth >= sizeDepth || len(x) == 0 {
			return n
		}
		if len(x) <= sizeSamples {
			for _, e := range x {
				n += sizeAt(e, depth+1) - 16
			}
			return n
		}
		var sample int64
		for i := 0; i < sizeSamples; i++ {
			sample += sizeAt(x[i*len(x)/sizeSamples], depth+1) - 16
		}
		return n + sample*int64(len(x))/sizeSamples
	case Map:
		n := int64(48 + 64*len(x))
		if depth >= sizeDepth {
			return n
		}
		seen := 0
		var sample int64
		for k, e := range x {
			if seen == sizeSamples {
				break
			}
			sample += int64(len(k)) + sizeAt(e, depth+1) - 16
			seen++
		}
		if seen > 0 {
			n += sample * int64(len(x)) / int64(seen)
		}
		return n
	case Node:
		return 48 + 8*int64(len(x.Labels)) + sizeAt(x.Props, depth+1)
	case Rel:
		return 64 + sizeAt(x.Props, depth+1)
	case Path:
		return 48 + 56*int64(len(x.Nodes)+len(x.Rels))
	case Vector:
		return 24 + 4*int64(len(x))
	}
	return 16
}
