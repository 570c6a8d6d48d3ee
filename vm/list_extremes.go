package vm

import (
	"math"
	"sort"

	"github.com/cyqdb/cyq/value"
)

// extreme answers ListRankLeast (greatest false) and ListRankGreatest
// for the value v: the least (greatest) key k with `k cmp v` true, the
// first in the list's order among keys equal to it, or null when no key
// compares so. It is what
//
//	reduce(m = null, y IN xs | CASE WHEN y > x AND (m IS NULL OR y < m) THEN y ELSE m END)
//
// computes by testing every element: only keys of v's kind family
// (numbers, strings or booleans, NaN left out) compare with v as true,
// and among those `<` is a total order, so the accumulator holds the
// least of them, replaced only by a strictly smaller one (the first of
// equal ones stays). The keys of a kind are sorted stably, so the first
// of a run of equal keys is the first in the list's order. ok is false
// for a v of another kind (a list, a temporal value), which is left to
// the per-element form.
func (g *rankKeys) extreme(cmp RankCmp, v value.Value, greatest bool) (value.Value, bool) {
	var run []rankEntry
	switch x := v.(type) {
	case value.Int:
		run = g.nums
	case value.Float:
		if math.IsNaN(float64(x)) {
			return value.NullValue, true
		}
		run = g.nums
	case value.String:
		run = g.strs
	case value.Bool:
		run = g.bools
	default:
		if value.KindOf(v) == value.KindNull {
			return value.NullValue, true
		}
		return nil, false
	}
	cmpAt := func(i int, w value.Value) int { c, _ := value.Compare(run[i].k, w); return c }
	lo := sort.Search(len(run), func(i int) bool { return cmpAt(i, v) >= 0 })
	hi := lo + sort.Search(len(run)-lo, func(i int) bool { return cmpAt(lo+i, v) > 0 })
	// [from, to) are the keys that compare with v as cmp says.
	from, to := 0, len(run)
	switch cmp {
	case RankLt:
		to = lo
	case RankLe:
		to = hi
	case RankGt:
		from = hi
	default:
		from = lo
	}
	if from >= to {
		return value.NullValue, true
	}
	if !greatest {
		// run[from] starts its run of equal keys: from is 0 or a
		// boundary of v's run.
		return run[from].k, true
	}
	// The first of the last run of equal keys in [from, to).
	last := run[to-1].k
	i := from + sort.Search(to-from, func(i int) bool { return cmpAt(from+i, last) >= 0 })
	return run[i].k, true
}

// extremeAll answers ListRankLeast (greatest false) and ListRankGreatest
// without a comparison: the least (greatest) of all the keys, the first
// in the list's order among equal ones, null when every key is null. It
// answers only when the keys that are not null are all of one kind
// family with `<` a total order on it (numbers without NaN, strings,
// booleans): otherwise the per-element form keeps whichever its order
// makes it meet first, and ok is false.
func (g *rankKeys) extremeAll(greatest bool) (value.Value, bool) {
	if g.dropped || len(g.other) > 0 {
		return nil, false
	}
	var run []rankEntry
	for _, r := range [][]rankEntry{g.nums, g.strs, g.bools} {
		if len(r) == 0 {
			continue
		}
		if run != nil {
			return nil, false
		}
		run = r
	}
	if run == nil {
		return value.NullValue, true
	}
	if !greatest {
		return run[0].k, true
	}
	last := run[len(run)-1].k
	i := sort.Search(len(run), func(i int) bool { c, _ := value.Compare(run[i].k, last); return c >= 0 })
	return run[i].k, true
}
