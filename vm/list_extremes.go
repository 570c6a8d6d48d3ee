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

// extremeIn answers an extreme whose comparisons start with partitions
// (RankEq, RankSpec): the extreme of the keys of v's partition, on the
// rest of the tuple (what `x.s = v.s AND x.k > v.k` then the least x.k
// keeps), or of all of the partition's keys when no comparison follows
// the partitions (extremeAll: `x.n = top` then the least x.k). The
// partition's keys are its run of the sorted first values, in the order
// they were added (the sort is stable), so the first of equal keys is
// still the first added. ok is false for a partition value of a kind
// whose equal keys are not sorted here (a list, a temporal value), which
// the per-row form answers.
func (g *rankKeys) extremeIn(cmps []RankCmp, v []value.Value, greatest bool) (value.Value, bool) {
	switch {
	case len(cmps) == 0:
		return g.extremeAll(greatest)
	case cmps[0] != RankEq:
		if len(cmps) != 1 {
			return nil, false
		}
		return g.extreme(cmps[0], v[0], greatest)
	}
	run, ok := g.equalRun(v[0])
	if !ok {
		return nil, false
	}
	if len(run) == 0 {
		return value.NullValue, true
	}
	if len(run[0].rest) == 0 {
		return nil, false
	}
	sub := g.ties[&run[0]]
	if sub == nil {
		// A short run: its keys sorted for this probe.
		sub = &rankKeys{}
		for _, e := range run {
			sub.add(e.rest)
		}
		sub.seal()
	}
	return sub.extremeIn(cmps[1:], v[1:], greatest)
}

// equalRun returns the keys whose first value equals v (value.Equal
// true): a run of the sorted numbers, strings or booleans, where
// value.Compare agrees with equality; none for null and NaN. ok is false
// for a v of another kind.
func (g *rankKeys) equalRun(v value.Value) ([]rankEntry, bool) {
	var run []rankEntry
	switch x := v.(type) {
	case value.Int:
		run = g.nums
	case value.Float:
		if math.IsNaN(float64(x)) {
			return nil, true
		}
		run = g.nums
	case value.String:
		run = g.strs
	case value.Bool:
		run = g.bools
	default:
		if value.KindOf(v) == value.KindNull {
			return nil, true
		}
		return nil, false
	}
	lo := sort.Search(len(run), func(i int) bool { c, _ := value.Compare(run[i].k, v); return c >= 0 })
	hi := lo + sort.Search(len(run)-lo, func(i int) bool { c, _ := value.Compare(run[lo+i].k, v); return c > 0 })
	return run[lo:hi], true
}
