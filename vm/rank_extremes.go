package vm

import "github.com/cyqdb/cyq/value"

// RankExtreme is what a RankSpec with Extreme set answers (OpRankExtreme):
// the least or the greatest of a group's keys that compare with the
// probed value as the spec's one comparison says.
type RankExtreme uint8

// The extremes of a rank: none (the spec counts), the least, the
// greatest.
const (
	RankNoExtreme RankExtreme = iota
	RankLeast
	RankGreatest
)

// rankExtreme answers OpRankExtreme for the value in R[v] from the group
// last probed or sealed: the least (greatest) key k with `k cmp v` true,
// or null when there is none. It is what
//
//	OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.id) AS next
//
// computes per row by enumerating the group's siblings: min() keeps the
// first of the keys that order least, and the keys `w.id > v.id` keeps
// are all of v's kind family (numbers without NaN, strings, booleans),
// where the ORDER BY order min() uses is the comparison's. Among equal
// keys (1 and 1.0, 0.0 and -0.0 print differently) the first added is
// kept, as the keys of a kind are sorted stably: the planner adds them in
// the order the per-row form enumerates the siblings. For a v of another
// kind (a list, a temporal value) ok is false and the per-row form
// decides.
func (m *Machine) rankExtreme(aux, v int32) (value.Value, bool) {
	s := m.prog.Aux[aux].(*RankSpec)
	g := m.table(aux).rank.cur
	if g == nil || len(s.Cmps) == 0 {
		return nil, false
	}
	x, ok := g.extremeIn(s.Cmps, m.R[v:v+int32(len(s.Cmps))], s.Extreme == RankGreatest)
	if !ok {
		return nil, false
	}
	return x, true
}
