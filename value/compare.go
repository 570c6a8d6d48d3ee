package value

import (
	"encoding/binary"
	"math"
	"strings"
)

// Equal is openCypher equality (`=`): Unknown when either side is null or a
// null inside lists/maps decides the outcome; integers and floats compare by
// numeric value; NaN equals nothing.
func Equal(a, b Value) Tri {
	ka, kb := KindOf(a), KindOf(b)
	if ka == KindNull || kb == KindNull {
		return Unknown
	}
	if ka.IsNumber() && kb.IsNumber() {
		return TriOf(numCompareEq(a, b))
	}
	if ka != kb {
		return False
	}
	switch ka {
	case KindBool:
		return TriOf(a.(Bool) == b.(Bool))
	case KindString:
		return TriOf(a.(String) == b.(String))
	case KindList:
		x, y := a.(List), b.(List)
		if len(x) != len(y) {
			return False
		}
		res := True
		for i := range x {
			switch Equal(x[i], y[i]) {
			case False:
				return False
			case Unknown:
				res = Unknown
			}
		}
		return res
	case KindMap:
		x, y := a.(Map), b.(Map)
		if len(x) != len(y) {
			return False
		}
		res := True
		for k, xv := range x {
			yv, ok := y[k]
			if !ok {
				return False
			}
			switch Equal(xv, yv) {
			case False:
				return False
			case Unknown:
				res = Unknown
			}
		}
		return res
	case KindNode:
		return TriOf(a.(Node).ID == b.(Node).ID)
	case KindRel:
		return TriOf(a.(Rel).ID == b.(Rel).ID)
	case KindPath:
		return TriOf(pathSame(a.(Path), b.(Path)))
	case KindVector:
		x, y := a.(Vector), b.(Vector)
		if len(x) != len(y) {
			return False
		}
		for i := range x {
			if x[i] != y[i] {
				return False
			}
		}
		return True
	}
	if e, ok := a.(Extension); ok {
		return TriOf(e.EqualSame(b))
	}
	return False
}

func pathSame(x, y Path) bool {
	if len(x.Nodes) != len(y.Nodes) || len(x.Rels) != len(y.Rels) {
		return false
	}
	for i := range x.Nodes {
		if x.Nodes[i].ID != y.Nodes[i].ID {
			return false
		}
	}
	for i := range x.Rels {
		if x.Rels[i].ID != y.Rels[i].ID {
			return false
		}
	}
	return true
}

func numCompareEq(a, b Value) bool {
	c, ok := numCompare(a, b)
	return ok && c == 0
}

// numCompare compares two numbers exactly (no precision loss between large
// integers and floats). ok is false when either is NaN.
func numCompare(a, b Value) (int, bool) {
	if ai, ok := a.(Int); ok {
		if bi, ok := b.(Int); ok {
			return cmp3(int64(ai), int64(bi)), true
		}
		return intFloatCompare(int64(ai), float64(b.(Float)))
	}
	af := float64(a.(Float))
	if bi, ok := b.(Int); ok {
		c, ok := intFloatCompare(int64(bi), af)
		return -c, ok
	}
	bf := float64(b.(Float))
	if math.IsNaN(af) || math.IsNaN(bf) {
		return 0, false
	}
	return cmpFloat(af, bf), true
}

func intFloatCompare(i int64, f float64) (int, bool) {
	if math.IsNaN(f) {
		return 0, false
	}
	if f >= 9.223372036854775807e18 {
		return -1, true
	}
	if f < -9.223372036854775808e18 {
		return 1, true
	}
	t := math.Trunc(f)
	ti := int64(t)
	if i != ti {
		return cmp3(i, ti), true
	}
	// Same integer part: the fractional part decides.
	switch {
	case f > t:
		return -1, true
	case f < t:
		return 1, true
	}
	return 0, true
}

func cmp3[T int64 | uint64 | uint32 | int](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Compare is openCypher comparability, used by <, <=, >, >=: it returns the
// ordering of a and b and ok=true when they are comparable (numbers with
// numbers, strings, booleans, lists element-wise, temporal values of one
// kind). ok is false when the result is null: a null operand, NaN, or
// incomparable types.
func Compare(a, b Value) (int, bool) {
	ka, kb := KindOf(a), KindOf(b)
	if ka == KindNull || kb == KindNull {
		return 0, false
	}
	if ka.IsNumber() && kb.IsNumber() {
		return numCompare(a, b)
	}
	if ka != kb {
		return 0, false
	}
	switch ka {
	case KindBool:
		x, y := a.(Bool), b.(Bool)
		if x == y {
			return 0, true
		}
		if !x {
			return -1, true
		}
		return 1, true
	case KindString:
		return strings.Compare(string(a.(String)), string(b.(String))), true
	case KindList:
		x, y := a.(List), b.(List)
		for i := 0; i < len(x) && i < len(y); i++ {
			c, ok := Compare(x[i], y[i])
			if !ok {
				return 0, false
			}
			if c != 0 {
				return c, true
			}
		}
		return cmp3(len(x), len(y)), true
	}
	if e, ok := a.(Extension); ok {
		return e.CompareSame(b)
	}
	return 0, false
}

// CompareOp evaluates a comparison operator ("<", "<=", ">", ">=") in
// three-valued logic.
func CompareOp(op string, a, b Value) Tri {
	c, ok := Compare(a, b)
	if !ok {
		ka, kb := KindOf(a), KindOf(b)
		// NaN against a number is false, not null.
		if ka.IsNumber() && kb.IsNumber() {
			return False
		}
		return Unknown
	}
	switch op {
	case "<":
		return TriOf(c < 0)
	case "<=":
		return TriOf(c <= 0)
	case ">":
		return TriOf(c > 0)
	case ">=":
		return TriOf(c >= 0)
	}
	return Unknown
}

// orderRank places kinds in openCypher's global sort order (ascending):
// MAP < NODE < RELATIONSHIP < LIST < PATH < DATETIME < LOCALDATETIME < DATE
// < TIME < LOCALTIME < DURATION < STRING < BOOLEAN < NUMBER < VECTOR < NULL.
func orderRank(k Kind) int {
	switch k {
	case KindMap:
		return 0
	case KindNode:
		return 1
	case KindRel:
		return 2
	case KindList:
		return 3
	case KindPath:
		return 4
	case KindDateTime:
		return 5
	case KindLocalDateTime:
		return 6
	case KindDate:
		return 7
	case KindTime:
		return 8
	case KindLocalTime:
		return 9
	case KindDuration:
		return 10
	case KindString:
		return 11
	case KindBool:
		return 12
	case KindInt, KindFloat:
		return 13
	case KindVector:
		return 14
	}
	return 15 // null sorts last ascending
}

// Order is the total order used by ORDER BY (ascending); it never fails.
// Numbers order numerically with NaN after every other number; nulls come last.
func Order(a, b Value) int {
	ka, kb := KindOf(a), KindOf(b)
	ra, rb := orderRank(ka), orderRank(kb)
	if ra != rb {
		return cmp3(ra, rb)
	}
	switch ka {
	case KindNull:
		return 0
	case KindInt, KindFloat:
		aNaN := ka == KindFloat && math.IsNaN(float64(a.(Float)))
		bNaN := kb == KindFloat && math.IsNaN(float64(b.(Float)))
		switch {
		case aNaN && bNaN:
			return 0
		case aNaN:
			return 1
		case bNaN:
			return -1
		}
		c, _ := numCompare(a, b)
		return c
	case KindBool, KindString:
		c, _ := Compare(a, b)
		return c
	case KindList:
		x, y := a.(List), b.(List)
		for i := 0; i < len(x) && i < len(y); i++ {
			if c := Order(x[i], y[i]); c != 0 {
				return c
			}
		}
		return cmp3(len(x), len(y))
	case KindMap:
		x, y := a.(Map), b.(Map)
		var xs, ys [8]string
		xk, yk := x.AppendKeys(xs[:0]), y.AppendKeys(ys[:0])
		for i := 0; i < len(xk) && i < len(yk); i++ {
			if c := strings.Compare(xk[i], yk[i]); c != 0 {
				return c
			}
			if c := Order(x[xk[i]], y[yk[i]]); c != 0 {
				return c
			}
		}
		return cmp3(len(xk), len(yk))
	case KindNode:
		return cmp3(a.(Node).ID, b.(Node).ID)
	case KindRel:
		return cmp3(a.(Rel).ID, b.(Rel).ID)
	case KindPath:
		x, y := a.(Path), b.(Path)
		for i := 0; i < len(x.Nodes) && i < len(y.Nodes); i++ {
			if c := cmp3(x.Nodes[i].ID, y.Nodes[i].ID); c != 0 {
				return c
			}
			if i < len(x.Rels) && i < len(y.Rels) {
				if c := cmp3(x.Rels[i].ID, y.Rels[i].ID); c != 0 {
					return c
				}
			}
		}
		return cmp3(len(x.Rels), len(y.Rels))
	case KindVector:
		x, y := a.(Vector), b.(Vector)
		for i := 0; i < len(x) && i < len(y); i++ {
			if c := cmpFloat(float64(x[i]), float64(y[i])); c != 0 {
				return c
			}
		}
		return cmp3(len(x), len(y))
	}
	if e, ok := a.(Extension); ok {
		return e.OrderSame(b)
	}
	return 0
}

// Equivalent is openCypher equivalence, used for grouping keys and DISTINCT:
// like equality, except that null is equivalent to null and NaN to NaN.
func Equivalent(a, b Value) bool {
	return string(AppendKey(nil, a)) == string(AppendKey(nil, b))
}

// Key tags of AppendKey's encoding.
const (
	keyNull byte = iota
	keyBool
	keyNum
	keyNaN
	keyString
	keyList
	keyMap
	keyNode
	keyRel
	keyPath
	keyVector
	keyExt
)

// AppendKey appends a canonical byte encoding of v to dst such that two
// values are equivalent exactly when their encodings are equal. Integers and
// floats of the same numeric value encode alike (1 and 1.0 are one group).
func AppendKey(dst []byte, v Value) []byte {
	switch x := v.(type) {
	case nil, Null:
		return append(dst, keyNull)
	case Bool:
		if x {
			return append(dst, keyBool, 1)
		}
		return append(dst, keyBool, 0)
	case Int:
		return appendIntKey(dst, int64(x))
	case Float:
		f := float64(x)
		if math.IsNaN(f) {
			return append(dst, keyNaN)
		}
		if f == math.Trunc(f) && f >= -9.223372036854775808e18 && f < 9.223372036854775807e18 {
			return appendIntKey(dst, int64(f))
		}
		dst = append(dst, keyNum, 1)
		return binary.BigEndian.AppendUint64(dst, math.Float64bits(f))
	case String:
		dst = append(dst, keyString)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		return append(dst, x...)
	case List:
		dst = append(dst, keyList)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, e := range x {
			dst = AppendKey(dst, e)
		}
		return dst
	case Map:
		dst = append(dst, keyMap)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		var small [8]string
		for _, k := range x.AppendKeys(small[:0]) {
			dst = binary.AppendUvarint(dst, uint64(len(k)))
			dst = append(dst, k...)
			dst = AppendKey(dst, x[k])
		}
		return dst
	case Node:
		dst = append(dst, keyNode)
		return binary.BigEndian.AppendUint32(dst, x.ID)
	case Rel:
		dst = append(dst, keyRel)
		return binary.BigEndian.AppendUint64(dst, x.ID)
	case Path:
		dst = append(dst, keyPath)
		dst = binary.AppendUvarint(dst, uint64(len(x.Rels)))
		for _, n := range x.Nodes {
			dst = binary.BigEndian.AppendUint32(dst, n.ID)
		}
		for _, r := range x.Rels {
			dst = binary.BigEndian.AppendUint64(dst, r.ID)
		}
		return dst
	case Vector:
		dst = append(dst, keyVector)
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, f := range x {
			dst = binary.BigEndian.AppendUint32(dst, math.Float32bits(f))
		}
		return dst
	case Extension:
		dst = append(dst, keyExt, byte(x.Kind()))
		return x.AppendKey(dst)
	}
	return append(dst, keyNull)
}

func appendIntKey(dst []byte, i int64) []byte {
	dst = append(dst, keyNum, 0)
	return binary.BigEndian.AppendUint64(dst, uint64(i)^(1<<63))
}
