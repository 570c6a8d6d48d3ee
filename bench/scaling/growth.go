package scaling

import "math"

// growthExponent is the least-squares slope of log(y) over log(x): the k
// of y ≈ c·x^k that fits the points best. A time that does not grow with
// the graph has k ≈ 0, one proportional to it k ≈ 1. It needs at least
// two distinct positive x and positive y; otherwise ok is false.
func growthExponent(xs, ys []float64) (k float64, ok bool) {
	if len(xs) != len(ys) || len(xs) < 2 {
		return 0, false
	}
	var n, sx, sy, sxx, sxy float64
	for i := range xs {
		if xs[i] <= 0 || ys[i] <= 0 {
			return 0, false
		}
		lx, ly := math.Log(xs[i]), math.Log(ys[i])
		n++
		sx += lx
		sy += ly
		sxx += lx * lx
		sxy += lx * ly
	}
	den := n*sxx - sx*sx
	if den == 0 {
		return 0, false
	}
	return (n*sxy - sx*sy) / den, true
}

// logGrowth reports, over the sizes measured, the growth exponent of the
// cold start (and of its RSS) for each engine: ≈ 0 when opening a store
// does not depend on the graph's size.
func logGrowth(t interface{ Logf(string, ...any) }, results []Result) {
	var rels, cold, rss, kcold, krss []float64
	for _, r := range results {
		rels = append(rels, float64(r.Rels))
		cold = append(cold, r.ColdMs)
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
	if len(kcold) == len(rels) {
		report("Kuzu", kcold, krss)
	}
}
