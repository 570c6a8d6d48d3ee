package functions

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cyqdb/cyq/value"
)

func TestVectorFunctions(t *testing.T) {
	v := func(fs ...float32) value.Vector { return value.Vector(fs) }
	runCases(t, nil, []fcase{
		{fn: "vector.similarity.cosine", args: a(L(I(1), I(0)), L(I(0), I(1))), want: F(0.5)},
		{fn: "vector.similarity.cosine", args: a(L(I(1), I(2)), L(I(2), I(4))), want: F(1)},
		{fn: "vector.similarity.cosine", args: a(L(I(1), I(2)), L(I(-1), I(-2))), want: F(0)},
		{fn: "vector.similarity.cosine", args: a(v(1, 0), L(F(0), F(1))), want: F(0.5)},
		{fn: "vector.similarity.cosine", args: a(v(3, 4), v(4, 3)), want: F(float64(float32(0.98)))},
		{fn: "vector.similarity.cosine", args: a(null, L(I(1))), want: null},
		{fn: "vector.similarity.cosine", args: a(L(I(1)), null), want: null},
		{fn: "vector.similarity.cosine", args: a(L(I(0), I(0)), L(I(1), I(1))), want: null},
		{fn: "vector.similarity.cosine", args: a(L(I(1)), L(I(1), I(2))), err: argErr("InvalidArgumentValue")},
		{fn: "vector.similarity.cosine", args: a(L(), L()), err: argErr("InvalidArgumentValue")},
		{fn: "vector.similarity.cosine", args: a(L(I(1), null), L(I(1), I(2))), err: argErr("InvalidArgumentValue")},
		{fn: "vector.similarity.cosine", args: a(L(S("a")), L(I(1))), err: badArg},
		{fn: "vector.similarity.cosine", args: a(S("a"), L(I(1))), err: badArg},
		{fn: "vector.similarity.euclidean", args: a(L(I(1), I(0)), L(I(0), I(1))), want: F(float64(float32(1.0 / 3)))},
		{fn: "vector.similarity.euclidean", args: a(L(I(1), I(2)), L(I(1), I(2))), want: F(1)},
		{fn: "vector.similarity.euclidean", args: a(v(0, 0), v(3, 4)), want: F(float64(float32(1.0 / 26)))},
		{fn: "vector.similarity.euclidean", args: a(null, null), want: null},
		{fn: "vector.similarity.euclidean", args: a(v(1), v(1, 2)), err: argErr("InvalidArgumentValue")},
		{fn: "vector", args: a(L(I(1), F(2.5))), want: v(1, 2.5)},
		{fn: "vector", args: a(S(" [1, 2.5e0 ,-3] ")), want: v(1, 2.5, -3)},
		{fn: "vector", args: a(S("[]")), want: v()},
		{fn: "vector", args: a(v(1, 2), I(2)), want: v(1, 2)},
		{fn: "vector", args: a(L(I(1)), I(2)), err: argErr("InvalidArgumentValue")},
		{fn: "vector", args: a(L(I(1)), I(-2)), err: argErr("NegativeIntegerArgument")},
		{fn: "vector", args: a(S("[1, x]")), err: argErr("InvalidArgumentValue")},
		{fn: "vector", args: a(S("1, 2")), err: argErr("InvalidArgumentValue")},
		{fn: "vector", args: a(L(F(1e300))), err: argErr("InvalidArgumentValue")},
		{fn: "vector", args: a(L(null)), err: argErr("InvalidArgumentValue")},
		{fn: "vector", args: a(L(S("a"))), err: badArg},
		{fn: "vector", args: a(null), want: null},
		{fn: "vector_dimension_count", args: a(v(1, 2, 3)), want: I(3)},
		{fn: "vector_dimension_count", args: a(null), want: null},
		{fn: "vector_dimension_count", args: a(S("a")), err: badArg},
	})
}

func randVec(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = r.Float32()*2 - 1
	}
	return v
}

// TestVectorSIMDMatchesLoop checks the vek kernels against the plain loops
// for many lengths (covering the SIMD tails).
func TestVectorSIMDMatchesLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 300; n++ {
		x, y := randVec(r, n), randVec(r, n)
		c1, ok1 := CosineSimilarity(x, y)
		c2, ok2 := cosineLoop(x, y)
		if ok1 != ok2 || math.Abs(float64(c1-c2)) > 1e-5 {
			t.Fatalf("n=%d cosine simd %v loop %v", n, c1, c2)
		}
		e1, _ := EuclideanSimilarity(x, y)
		e2 := euclideanLoop(x, y)
		if math.Abs(float64(e1-e2)) > 1e-5 {
			t.Fatalf("n=%d euclidean simd %v loop %v", n, e1, e2)
		}
	}
}

func TestVectorKernelsGuard(t *testing.T) {
	if _, ok := CosineSimilarity(nil, nil); ok {
		t.Error("empty cosine")
	}
	if _, ok := CosineSimilarity([]float32{1}, []float32{1, 2}); ok {
		t.Error("mismatched cosine")
	}
	if _, ok := EuclideanSimilarity([]float32{1}, nil); ok {
		t.Error("mismatched euclidean")
	}
	if s, ok := CosineSimilarity([]float32{1, float32(math.NaN())}, []float32{1, 1}); !ok || !math.IsNaN(float64(s)) {
		t.Errorf("NaN element: %v %v", s, ok)
	}
}

// Benchmarks: go test ./functions -run '^$' -bench 'Similarity' -benchmem
//
// SIMD is vek32 (AVX2 when available); Loop is the plain Go loop.
func BenchmarkCosineSimilarity(b *testing.B) {
	for _, n := range []int{128, 384, 768, 1536} {
		r := rand.New(rand.NewPCG(1, uint64(n)))
		x, y := randVec(r, n), randVec(r, n)
		b.Run(fmt.Sprintf("SIMD/dim=%d", n), func(b *testing.B) {
			for b.Loop() {
				CosineSimilarity(x, y)
			}
		})
		b.Run(fmt.Sprintf("Loop/dim=%d", n), func(b *testing.B) {
			for b.Loop() {
				cosineLoop(x, y)
			}
		})
	}
}

func BenchmarkEuclideanSimilarity(b *testing.B) {
	for _, n := range []int{128, 384, 768, 1536} {
		r := rand.New(rand.NewPCG(3, uint64(n)))
		x, y := randVec(r, n), randVec(r, n)
		b.Run(fmt.Sprintf("SIMD/dim=%d", n), func(b *testing.B) {
			for b.Loop() {
				EuclideanSimilarity(x, y)
			}
		})
		b.Run(fmt.Sprintf("Loop/dim=%d", n), func(b *testing.B) {
			for b.Loop() {
				euclideanLoop(x, y)
			}
		})
	}
}

// BenchmarkCosineFunction measures the whole function call, for Vector
// arguments (no conversion) and for lists of floats (converted per call).
func BenchmarkCosineFunction(b *testing.B) {
	const n = 768
	r := rand.New(rand.NewPCG(5, 6))
	x, y := randVec(r, n), randVec(r, n)
	f, _ := Lookup("vector.similarity.cosine")
	impl := f.Overloads[0].Impl
	vargs := []value.Value{value.Vector(x), value.Vector(y)}
	b.Run("Vector", func(b *testing.B) {
		for b.Loop() {
			if _, err := impl(nil, vargs); err != nil {
				b.Fatal(err)
			}
		}
	})
	lx, ly := make(value.List, n), make(value.List, n)
	for i := range x {
		lx[i], ly[i] = value.Float(x[i]), value.Float(y[i])
	}
	largs := []value.Value{lx, ly}
	b.Run("List", func(b *testing.B) {
		for b.Loop() {
			if _, err := impl(nil, largs); err != nil {
				b.Fatal(err)
			}
		}
	})
}
