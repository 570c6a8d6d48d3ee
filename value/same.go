package value

import "math"

// Same reports whether a and b are the same value: of the same kinds
// throughout and equal, so that every function gives them the same
// result. It is stricter than equality and equivalence: 1 and 1.0 are
// not the same (toString tells them apart), nor are 0.0 and -0.0, while
// null is the same as null and a NaN as a NaN of the same bits. Nodes
// and relationships are the same when their ids are (inside the engine
// only the ids are set). A value it cannot tell apart otherwise (a path,
// a vector of another length) is not the same as any other, so a caller
// that reuses a result computed for a only when b is the same may
// compute again where it need not, never reuse wrongly.
func Same(a, b Value) bool {
	if a == nil {
		a = NullValue
	}
	if b == nil {
		b = NullValue
	}
	if a.Kind() != b.Kind() {
		return false
	}
	switch x := a.(type) {
	case Null:
		return true
	case Bool:
		return x == b.(Bool)
	case Int:
		return x == b.(Int)
	case Float:
		return math.Float64bits(float64(x)) == math.Float64bits(float64(b.(Float)))
	case String:
		return x == b.(String)
	case List:
		y := b.(List)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Same(x[i], y[i]) {
				return false
			}
		}
		return true
	case Map:
		y := b.(Map)
		if len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !Same(v, w) {
				return false
			}
		}
		return true
	case Node:
		return x.ID == b.(Node).ID
	case Rel:
		return x.ID == b.(Rel).ID
	case Vector:
		y := b.(Vector)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if math.Float32bits(x[i]) != math.Float32bits(y[i]) {
				return false
			}
		}
		return true
	case Extension:
		y, ok := b.(Extension)
		return ok && x.String() == y.String() && string(x.AppendKey(nil)) == string(y.AppendKey(nil))
	}
	return false
}
