package cyq

import "math/rand/v2"

// boolTree returns a random boolean expression of at most depth levels
// of NOT, OR, XOR and AND over leaf's tests (a leaf at depth 0, and at
// any level one time in three). The generators of type tests and
// degree predicates share it.
func boolTree(r *rand.Rand, depth int, leaf func() string) string {
	if depth == 0 || r.IntN(3) == 0 {
		return leaf()
	}
	sub := func() string { return boolTree(r, depth-1, leaf) }
	switch r.IntN(4) {
	case 0:
		return "NOT (" + sub() + ")"
	case 1:
		return "(" + sub() + " OR " + sub() + ")"
	case 2:
		return "(" + sub() + " XOR " + sub() + ")"
	}
	return "(" + sub() + " AND " + sub() + ")"
}
