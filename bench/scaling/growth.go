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
