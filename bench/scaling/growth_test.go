package scaling

import (
	"math"
	"testing"
)

func TestGrowthExponent(t *testing.T) {
	xs := []float64{1e6, 5e6, 20e6}
	for _, c := range []struct {
		name string
		f    func(x float64) float64
		want float64
	}{
		{"constant", func(float64) float64 { return 40 }, 0},
		{"linear", func(x float64) float64 { return 3e-6 * x }, 1},
		{"square root", func(x float64) float64 { return math.Sqrt(x) }, 0.5},
	} {
		ys := make([]float64, len(xs))
		for i, x := range xs {
			ys[i] = c.f(x)
		}
		k, ok := growthExponent(xs, ys)
		if !ok || math.Abs(k-c.want) > 1e-9 {
			t.Errorf("%s: exponent %v (ok %v), want %v", c.name, k, ok, c.want)
		}
	}
	if _, ok := growthExponent([]float64{1e6}, []float64{3}); ok {
		t.Error("one point has no exponent")
	}
	if _, ok := growthExponent([]float64{1e6, 1e6}, []float64{3, 4}); ok {
		t.Error("one distinct size has no exponent")
	}
	if _, ok := growthExponent([]float64{1e6, 2e6}, []float64{0, 4}); ok {
		t.Error("a zero time has no logarithm")
	}
}

// logGrowth reports, over the sizes measured, the growth exponent of the
// cold start (and of its RSS) for each engine: ≈ 0 when opening a store
// does not depend on the graph's size.
func logGrowth(t interface{ Logf(string, ...any) }, results []Result) {
	var rels, cold, cpu, rss, kcold, krss []float64
	for _, r := range results {
		rels = append(rels, float64(r.Rels))
		cold = append(cold, r.ColdMs)
		cpu = append(cpu, r.ColdCPUMs)
		rss = append(rss, r.ColdRSSMB)
		if r.Kuzu != nil {
			kcold = append(kcold, r.Kuzu.ColdMs)
			krss = append(krss, r.Kuzu.ColdRSSMB)
		}
	}
	report := func(engine string, c, m []float64) {
		kc, ok1 := growthExponent(rels, c)
		km, ok2 := growthExponent(rels, m)
		if ok1 && ok2 {
			t.Logf("%s growth exponent over %d sizes (time or RSS ∝ relationships^k): cold start k = %.2f, cold-start RSS k = %.2f", engine, len(rels), kc, km)
		}
	}
	report("cyq", cold, rss)
	if k, ok := growthExponent(rels, cpu); ok {
		t.Logf("cyq cold-start CPU time (process start-up included) k = %.2f", k)
	}
	if len(kcold) == len(rels) {
		report("Kuzu", kcold, krss)
	}
}
