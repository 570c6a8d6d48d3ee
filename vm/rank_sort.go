package vm

import (
	"cmp"
	"slices"

	"github.com/cyqdb/cyq/value"
)

// sortRankEntries sorts es by their first values (all of one kind group:
// numbers without NaN, strings or booleans, within which value.Compare is
// a total order), stably: among equal first values the entries keep their
// order, the list's (ListRankLeast answers with the first of them).
//
// It sorts positions rather than the entries (an entry holds two
// pointers, which every move of a comparison sort would copy under the
// write barrier), by (key, position) with the unstable pattern-defeating
// sort, which makes fewer comparisons than the stable merge sort and,
// with the position as the last key, gives the same order. A run whose
// first values are all integers (all strings) compares them as int64s
// (strings) rather than through value.Compare.
func sortRankEntries(es []rankEntry) {
	if len(es) < 2 {
		return
	}
	ints, strs := true, true
	for _, e := range es {
		switch e.k.(type) {
		case value.Int:
			strs = false
		case value.String:
			ints = false
		default:
			ints, strs = false, false
		}
		if !ints && !strs {
			break
		}
	}
	pos := make([]int32, len(es))
	for i := range pos {
		pos[i] = int32(i)
	}
	switch {
	case ints:
		type key struct {
			k int64
			i int32
		}
		ks := make([]key, len(es))
		for i, e := range es {
			ks[i] = key{int64(e.k.(value.Int)), int32(i)}
		}
		slices.SortFunc(ks, func(a, b key) int {
			if c := cmp.Compare(a.k, b.k); c != 0 {
				return c
			}
			return cmp.Compare(a.i, b.i)
		})
		for j, k := range ks {
			pos[j] = k.i
		}
	case strs:
		slices.SortFunc(pos, func(a, b int32) int {
			if c := cmp.Compare(es[a].k.(value.String), es[b].k.(value.String)); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
	default:
		slices.SortFunc(pos, func(a, b int32) int {
			if c, _ := value.Compare(es[a].k, es[b].k); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
	}
	sorted := make([]rankEntry, len(es))
	for j, i := range pos {
		sorted[j] = es[i]
	}
	copy(es, sorted)
}
