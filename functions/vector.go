package functions

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/viterin/vek/vek32"

	"github.com/cyqdb/cyq/value"
)

// Vector similarity functions, as Neo4j defines them, computed in float32
// with the SIMD kernels of github.com/viterin/vek (AVX2 where the CPU has
// it, a Go fallback elsewhere).

func defineVector() {
	vecArg := Union(Vector, List(Number))
	def(&Func{Name: "vector.similarity.cosine", Display: "vector.similarity.cosine", Category: "vector", Deterministic: true,
		Doc: "vector.similarity.cosine(a, b) returns the cosine similarity of two vectors mapped to [0, 1]: (1 + cos(a, b)) / 2. " +
			"The arguments are vectors or lists of numbers of the same, non-zero dimension (else ArgumentError/InvalidArgumentValue); " +
			"null when either is null or has zero norm. Computed in float32.",
		Examples:  []string{"vector.similarity.cosine([1, 0], [0, 1]) = 0.5", "vector.similarity.cosine([1, 2], [2, 4]) = 1.0"},
		Overloads: []Overload{ov(cosineImpl, Float, vecArg, vecArg).named("a", "b")}})
	def(&Func{Name: "vector.similarity.euclidean", Display: "vector.similarity.euclidean", Category: "vector", Deterministic: true,
		Doc: "vector.similarity.euclidean(a, b) returns the Euclidean similarity of two vectors, 1 / (1 + d²) where d is their Euclidean distance, in (0, 1]. " +
			"The arguments are vectors or lists of numbers of the same, non-zero dimension (else ArgumentError/InvalidArgumentValue); null when either is null. Computed in float32.",
		Examples:  []string{"vector.similarity.euclidean([1, 0], [0, 1]) = 0.3333333432674408", "vector.similarity.euclidean([1, 2], [1, 2]) = 1.0"},
		Overloads: []Overload{ov(euclideanImpl, Float, vecArg, vecArg).named("a", "b")}})
	def(&Func{Name: "vector", Category: "vector", Deterministic: true,
		Doc: "vector(value[, dimension]) builds a float32 vector from a list of numbers or a string such as '[1, 2.5, 3]'. " +
			"When dimension is given the value must have exactly that many coordinates (else ArgumentError/InvalidArgumentValue). " +
			"Null elements, non-finite or float32-overflowing coordinates raise ArgumentError/InvalidArgumentValue.",
		Examples: []string{"vector([1, 2, 3]) = vector([1, 2, 3])", "vector('[0.5, 1]', 2) = vector([0.5, 1])"},
		Overloads: []Overload{
			ov(vectorImpl, Vector, Union(List(Number), String, Vector)).named("value"),
			ov(vectorImpl, Vector, Union(List(Number), String, Vector), Int).named("value", "dimension"),
		}})
	def(&Func{Name: "vector_dimension_count", Category: "vector", Deterministic: true,
		Doc:       "vector_dimension_count(v) returns the number of coordinates of a vector (or list of numbers).",
		Examples:  []string{"vector_dimension_count(vector([1, 2, 3])) = 3"},
		Overloads: []Overload{ov(vectorDimImpl, Int, vecArg).named("vector")}})
}

func vectorImpl(_ *Context, args []value.Value) (value.Value, error) {
	const fn = "vector"
	v := args[0]
	if isNull(v) {
		return value.NullValue, nil
	}
	if s, ok := v.(value.String); ok {
		body := strings.TrimSpace(string(s))
		if !strings.HasPrefix(body, "[") || !strings.HasSuffix(body, "]") {
			return nil, argValueErr("InvalidArgumentValue", fn, "%s is not a list of numbers", value.QuoteString(string(s)))
		}
		body = strings.TrimSpace(body[1 : len(body)-1])
		l := value.List{}
		if body != "" {
			for _, part := range strings.Split(body, ",") {
				f, ok := parseFloat(part)
				if !ok {
					return nil, argValueErr("InvalidArgumentValue", fn, "%s is not a number", value.QuoteString(strings.TrimSpace(part)))
				}
				l = append(l, value.Float(f))
			}
		}
		v = l
	}
	fs, err := toFloat32s(fn, v, nil)
	if err != nil {
		return nil, err
	}
	for i, f := range fs {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return nil, argValueErr("InvalidArgumentValue", fn, "coordinate %d is not a finite float32", i)
		}
	}
	if len(args) > 1 {
		d, err := intArg(fn, "dimension", args[1], true)
		if err != nil {
			return nil, err
		}
		if d != int64(len(fs)) {
			return nil, argValueErr("InvalidArgumentValue", fn, "the value has %d coordinates, not %d", len(fs), d)
		}
	}
	if vv, ok := v.(value.Vector); ok {
		return slices.Clone(vv), nil
	}
	return value.Vector(fs), nil
}

func vectorDimImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Vector:
		return value.Int(len(x)), nil
	case value.List:
		return value.Int(len(x)), nil
	}
	return nil, argTypeErr("vector_dimension_count", args[0], "a vector")
}

// f32Pool holds conversion buffers for list arguments, so that calls with
// lists of numbers do not allocate per call.
var f32Pool = sync.Pool{New: func() any { return new([]float32) }}

// maxPooled bounds the buffers kept in f32Pool.
const maxPooled = 1 << 16

// vecArgs converts the two arguments to float32 slices (lists into *buf);
// ok is false for a null.
func vecArgs(fn string, args []value.Value, buf *[]float32) (a, b []float32, ok bool, err error) {
	if isNull(args[0]) || isNull(args[1]) {
		return nil, nil, false, nil
	}
	need := 0
	for _, v := range args[:2] {
		if l, isList := v.(value.List); isList {
			need += len(l)
		}
	}
	if cap(*buf) < need {
		*buf = make([]float32, need)
	}
	scratch := (*buf)[:need]
	if a, err = toFloat32s(fn, args[0], scratch); err != nil {
		return nil, nil, false, err
	}
	if _, isList := args[0].(value.List); isList {
		scratch = scratch[len(a):]
	}
	if b, err = toFloat32s(fn, args[1], scratch); err != nil {
		return nil, nil, false, err
	}
	if len(a) != len(b) {
		return nil, nil, false, argValueErr("InvalidArgumentValue", fn, "the vectors have different dimensions (%d and %d)", len(a), len(b))
	}
	if len(a) == 0 {
		return nil, nil, false, argValueErr("InvalidArgumentValue", fn, "the vectors must not be empty")
	}
	return a, b, true, nil
}

// withVecArgs runs f on the converted arguments with a pooled buffer.
func withVecArgs(fn string, args []value.Value, f func(a, b []float32) value.Value) (value.Value, error) {
	bp := f32Pool.Get().(*[]float32)
	defer func() {
		if cap(*bp) <= maxPooled {
			f32Pool.Put(bp)
		}
	}()
	a, b, ok, err := vecArgs(fn, args, bp)
	if !ok {
		if err != nil {
			return nil, err
		}
		return value.NullValue, nil
	}
	return f(a, b), nil
}

// toFloat32s converts a Vector (without copying) or a list of numbers
// (into scratch when it is long enough, else a new slice).
func toFloat32s(fn string, v value.Value, scratch []float32) ([]float32, error) {
	switch x := v.(type) {
	case value.Vector:
		return x, nil
	case value.List:
		var out []float32
		if len(scratch) >= len(x) {
			out = scratch[:len(x)]
		} else {
			out = make([]float32, len(x))
		}
		for i, e := range x {
			switch n := e.(type) {
			case value.Int:
				out[i] = float32(n)
			case value.Float:
				out[i] = float32(n)
			default:
				if isNull(e) {
					return nil, argValueErr("InvalidArgumentValue", fn, "vector element %d is null", i)
				}
				return nil, argTypeErr(fn, e, "a list of numbers")
			}
		}
		return out, nil
	}
	return nil, argTypeErr(fn, v, "a vector or a list of numbers")
}

func cosineImpl(_ *Context, args []value.Value) (value.Value, error) {
	return withVecArgs("vector.similarity.cosine", args, func(a, b []float32) value.Value {
		s, ok := CosineSimilarity(a, b)
		if !ok {
			return value.NullValue
		}
		return value.Float(s)
	})
}

func euclideanImpl(_ *Context, args []value.Value) (value.Value, error) {
	return withVecArgs("vector.similarity.euclidean", args, func(a, b []float32) value.Value {
		s, _ := EuclideanSimilarity(a, b) // vecArgs checked the lengths
		return value.Float(s)
	})
}

// CosineSimilarity returns (1 + cos(a, b)) / 2, computed with vek's SIMD
// kernels; ok is false when the vectors are empty, differ in length, or
// either has zero norm.
func CosineSimilarity(a, b []float32) (float32, bool) {
	if len(a) == 0 || len(a) != len(b) {
		return 0, false
	}
	// One fused pass; it yields NaN for a zero-norm vector (0/0), in which
	// case the norms are computed to tell that apart from NaN elements.
	c := float64(vek32.CosineSimilarity(a, b))
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return cosineFrom(vek32.Dot(a, b), vek32.Dot(a, a), vek32.Dot(b, b))
	}
	c = max(-1, min(1, c))
	return float32((1 + c) / 2), true
}

func cosineFrom(dot, na, nb float32) (float32, bool) {
	if na == 0 || nb == 0 {
		return 0, false
	}
	c := float64(dot) / math.Sqrt(float64(na)*float64(nb))
	c = max(-1, min(1, c))
	return float32((1 + c) / 2), true
}

// EuclideanSimilarity returns 1 / (1 + d²), d the Euclidean distance of the
// vectors, computed with vek's SIMD kernels; ok is false when the vectors
// are empty or differ in length.
func EuclideanSimilarity(a, b []float32) (float32, bool) {
	if len(a) == 0 || len(a) != len(b) {
		return 0, false
	}
	return 1 / (1 + squaredDistance(a, b)), true
}

// squaredDistance returns the sum of the squared differences of a and b
// with vek's SIMD kernels, in chunks through a stack buffer. Squaring
// vek32.Distance instead would add the rounding of its square root (an
// approximate one on some processors), so that identical inputs gave
// machine-dependent similarities.
func squaredDistance(a, b []float32) float32 {
	var buf [256]float32
	var s float32
	for len(a) > 0 {
		n := min(len(a), len(buf))
		d := vek32.Sub_Into(buf[:n], a[:n], b[:n])
		s += vek32.Dot(d, d)
		a, b = a[n:], b[n:]
	}
	return s
}

// cosineLoop and euclideanLoop are the plain Go versions, kept as the test
// oracle and the benchmark baseline.
func cosineLoop(a, b []float32) (float32, bool) {
	var dot, na, nb float32
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return cosineFrom(dot, na, nb)
}

func euclideanLoop(a, b []float32) float32 {
	var s float32
	for i := range a {
		d := a[i] - b[i]
		s += d * d
	}
	return 1 / (1 + s)
}
