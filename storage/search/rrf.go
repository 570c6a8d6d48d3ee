package search

import "sort"

// RRFK is the reciprocal rank fusion constant.
const RRFK = 60

// Fused is one result of reciprocal rank fusion; a rank of 0 means the
// node was not in that list.
type Fused struct {
	Node  uint32
	Score float64
	Ranks []int // 1-based rank in each input list, 0 if absent
}

// RRF fuses ranked lists: score(n) = sum over lists of 1/(k + rank(n)).
// Results are ordered by descending score, then ascending node id.
func RRF(k int, lists ...[]uint32) []Fused {
	idx := map[uint32]int{}
	var out []Fused
	for li, l := range lists {
		for r, n := range l {
			i, ok := idx[n]
			if !ok {
				i = len(out)
				idx[n] = i
				out = append(out, Fused{Node: n, Ranks: make([]int, len(lists))})
			}
			if out[i].Ranks[li] == 0 {
				out[i].Ranks[li] = r + 1
				out[i].Score += 1 / float64(k+r+1)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return fusedLess(out[i], out[j]) })
	return out
}

func fusedLess(a, b Fused) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.Node < b.Node
}
