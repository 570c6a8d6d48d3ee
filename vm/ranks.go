package vm

import (
	"encoding/binary"
	"math"
	"slices"
	"sort"

	"github.com/cyqdb/cyq/value"
)

// RankSpec describes a rank per group: for each group (the values of the
// key registers R and N) the keys of the group's rows are sorted once
// (OpRankAdd, OpRankSeal), and every later probe with a value v answers
// how many of them compare to v as Cmps say, by binary search
// (OpRankProbe). It is what a per-row COUNT of sibling rows whose key
// compares with the row's own computes, sorted once per group instead of
// enumerated per row: the rank of v among the group's keys (the number
// strictly before it, ties sharing a rank), and with Exists whether that
// number is positive (NOT EXISTS of a larger sibling: v is the maximum,
// ties included).
//
// A key is a tuple of len(Cmps) values compared lexicographically: key k
// counts for value v when `k[0] Cmps[0] v[0]` is true, or when k[0] = v[0]
// is true and the rest of k counts for the rest of v (every Cmps but the
// last is strict). Comparisons are openCypher's three-valued ones: a null
// k or v, NaN, and values of kinds that do not compare never count.
//
// Leading positions may be RankEq, a partition: key k counts for v when
// k[0] = v[0] is true and the rest of k counts for the rest of v (what
// `m.s = n.s AND m.k > n.k` keeps). The keys are sorted by (partition,
// key), so the binary search for v[0]'s equal run finds the partition
// and the rest is searched within it (rankKeys.ties). A RankEq is never
// the last comparison.
type RankSpec struct {
	R, N   []int32 // the group key registers
	Cmps   []RankCmp
	Exists bool // the result is count > 0 rather than the count
	// Extreme, when set, makes the probe and the seal only find the
	// group, whose least or greatest key comparing with a value
	// OpRankExtreme then answers (rank_extremes.go).
	Extreme RankExtreme
	// Keys is the number of values of a key (OpRankAdd), len(Cmps) when
	// 0; one more for an extreme of a partition's keys with no comparison
	// after the partitions (rankKeys.extremeIn).
	Keys int
}

// RankCmp is how a group's key k compares with the probed value v.
type RankCmp uint8

// The comparisons a rank counts by: k < v, k <= v, k > v, k >= v, and
// k = v as a partition (RankSpec): only the keys equal to v count, on the
// rest of the tuple.
const (
	RankLt RankCmp = iota
	RankLe
	RankGt
	RankGe
	RankEq
)

// String returns the comparison's operator.
func (c RankCmp) String() string {
	return [...]string{"<", "<=", ">", ">=", "="}[c]
}

// rankCache is a RankSpec's sorted keys per group.
type rankCache struct {
	groups  map[string]*rankKeys
	pending *rankKeys // the group being filled (between a missed probe and its seal)
	key     []byte    // the pending group's key
	store   bool      // whether the pending group is remembered once sealed
	cur     *rankKeys // the group last probed or sealed (RankSpec.Extreme)
}

// rankEntry is one key: its first value and the rest of the tuple.
type rankEntry struct {
	k    value.Value
	rest []value.Value
}

// rankKeys is one group's keys, split by the kind of their first value,
// within which comparison is a total order: numbers (NaN left out: it
// compares with nothing as true), strings and booleans, each sorted; the
// other kinds (lists, temporal values; in a tuple also maps, nodes,
// relationships and paths, which compare with nothing but may be equal)
// kept for a linear test. Keys whose first value is null (or NaN, or
// compares with nothing and is alone) never count and are not kept.
//
// A run of keys whose first values are equal (by which count's binary
// search finds the keys tied with a probe) is answered on the rest of
// the tuple by the same structure built over the run's rests (ties), when
// the run is long: a key in the run counts for v exactly when its rest
// counts for the rest of v, which is what that structure counts. Without
// it, a probe tied with many keys (most users asking one question) tests
// each of them.
type rankKeys struct {
	nums, strs, bools, other []rankEntry
	ties                     map[*rankEntry]*rankKeys // by the run's first entry
	// dropped is set when a key was left out that is not null (NaN, or a
	// value that compares with nothing): no probe counts it, but the
	// least of all the keys (rankKeys.extremeAll) depends on it.
	dropped bool
}

// tieRunMin is the length from which a run of tied keys gets its own
// sorted rests (see rankKeys).
const tieRunMin = 8

// add keeps key k among the group's keys.
func (g *rankKeys) add(k []value.Value) int64 {
	e := rankEntry{k: k[0]}
	if len(k) > 1 {
		e.rest = slices.Clone(k[1:])
	}
	size := int64(32 + 16*len(e.rest))
	switch x := k[0].(type) {
	case value.Int:
		g.nums = append(g.nums, e)
	case value.Float:
		if math.IsNaN(float64(x)) {
			g.dropped = true
			return 0
		}
		g.nums = append(g.nums, e)
	case value.String:
		g.strs = append(g.strs, e)
		size += int64(len(x))
	case value.Bool:
		g.bools = append(g.bools, e)
	default:
		switch value.KindOf(k[0]) {
		case value.KindNull:
			return 0
		case value.KindMap, value.KindNode, value.KindRel, value.KindPath:
			if len(k) == 1 {
				// Compares with nothing; in a tuple its equality
				// still lets the rest decide.
				g.dropped = true
				return 0
			}
		}
		g.other = append(g.other, e)
	}
	return size
}

// seal sorts the keys by their first value and builds the long runs of
// tied keys their own keys of the rest of the tuple, returning the memory
// those take.
func (g *rankKeys) seal() int64 {
	by := func(a, b rankEntry) int { c, _ := value.Compare(a.k, b.k); return c }
	sortRankEntries(g.nums)
	sortRankEntries(g.strs)
	sortRankEntries(g.bools)
	var size int64
	for _, run := range [][]rankEntry{g.nums, g.strs, g.bools} {
		for lo := 0; lo < len(run); {
			hi := lo + 1
			for hi < len(run) && by(run[lo], run[hi]) == 0 {
				hi++
			}
			if hi-lo >= tieRunMin && len(run[lo].rest) > 0 {
				sub := &rankKeys{}
				for _, e := range run[lo:hi] {
					size += sub.add(e.rest)
				}
				size += sub.seal()
				if g.ties == nil {
					g.ties = map[*rankEntry]*rankKeys{}
				}
				g.ties[&run[lo]] = sub
			}
			lo = hi
		}
	}
	return size
}

// count returns how many keys count for v (see RankSpec).
func (g *rankKeys) count(cmps []RankCmp, v []value.Value) int {
	var run []rankEntry
	switch x := v[0].(type) {
	case value.Int:
		run = g.nums
	case value.Float:
		if math.IsNaN(float64(x)) {
			return 0
		}
		run = g.nums
	case value.String:
		run = g.strs
	case value.Bool:
		run = g.bools
	default:
		if value.KindOf(v[0]) == value.KindNull {
			return 0
		}
		c := 0
		for _, e := range g.other {
			if lexCounts(e, cmps, v) {
				c++
			}
		}
		return c
	}
	// [lo, hi) are the keys whose first value equals v[0].
	lo := sort.Search(len(run), func(i int) bool { c, _ := value.Compare(run[i].k, v[0]); return c >= 0 })
	hi := lo + sort.Search(len(run)-lo, func(i int) bool { c, _ := value.Compare(run[lo+i].k, v[0]); return c > 0 })
	n := len(run)
	var c int
	switch cmps[0] {
	case RankLt:
		c = lo
	case RankLe:
		c = hi
	case RankGt:
		c = n - hi
	case RankEq:
		// A partition: only the equal run counts, on the rest.
		c = 0
	default:
		c = n - lo
	}
	if len(cmps) > 1 && hi > lo {
		// Ties on the first value: the rest of the tuple decides.
		if sub, ok := g.ties[&run[lo]]; ok {
			return c + sub.count(cmps[1:], v[1:])
		}
		for _, e := range run[lo:hi] {
			if restCounts(e.rest, cmps[1:], v[1:]) {
				c++
			}
		}
	}
	return c
}

// lexCounts reports whether key e counts for v, testing every value.
func lexCounts(e rankEntry, cmps []RankCmp, v []value.Value) bool {
	if cmps[0] == RankEq {
		return len(cmps) > 1 && value.Equal(e.k, v[0]) == value.True && restCounts(e.rest, cmps[1:], v[1:])
	}
	if value.CompareOp(cmps[0].String(), e.k, v[0]) == value.True {
		return true
	}
	return len(cmps) > 1 && value.Equal(e.k, v[0]) == value.True && restCounts(e.rest, cmps[1:], v[1:])
}

// restCounts is lexCounts over the rest of a tuple.
func restCounts(k []value.Value, cmps []RankCmp, v []value.Value) bool {
	return lexCounts(rankEntry{k: k[0], rest: k[1:]}, cmps, v)
}

// rankKey appends the group key's encoding to dst: exact (1 and 1.0,
// 0.0 and -0.0 are different groups, since the group's rows may tell them
// apart); ok is false for a value with no exact encoding here (a list or
// a map), whose group is then computed but not remembered.
func rankKey(dst []byte, rs, ns []int32, R []value.Value, N []uint64) ([]byte, bool) {
	for _, r := range rs {
		v := R[r]
		k := value.KindOf(v)
		dst = append(dst, byte(k))
		switch x := v.(type) {
		case value.Int:
			dst = binary.BigEndian.AppendUint64(dst, uint64(x))
		case value.Float:
			dst = binary.BigEndian.AppendUint64(dst, math.Float64bits(float64(x)))
		case value.String:
			dst = binary.BigEndian.AppendUint64(dst, uint64(len(x)))
			dst = append(dst, x...)
		case value.Bool:
			if x {
				dst = append(dst, 1)
			} else {
				dst = append(dst, 0)
			}
		case value.Node:
			dst = binary.BigEndian.AppendUint64(dst, uint64(x.ID))
		case value.Rel:
			dst = binary.BigEndian.AppendUint64(dst, uint64(x.ID))
		default:
			if k != value.KindNull {
				return dst, false
			}
		}
	}
	for _, n := range ns {
		dst = binary.BigEndian.AppendUint64(dst, N[n])
	}
	return dst, true
}

// rankResult is the probe's answer as a value.
func rankResult(s *RankSpec, c int) value.Value {
	if s.Exists {
		return value.Bool(c > 0)
	}
	return value.Int(int64(c))
}

// rankProbe answers the probe for the values from R[v] on from the
// group's sorted keys when they are known (hit); otherwise it starts
// filling the group.
func (m *Machine) rankProbe(aux int32, v int32) (value.Value, bool) {
	t := m.table(aux)
	s := m.prog.Aux[aux].(*RankSpec)
	if t.rank == nil {
		t.rank = &rankCache{groups: map[string]*rankKeys{}}
	}
	rc := t.rank
	key, ok := rankKey(rc.key[:0], s.R, s.N, m.R, m.N)
	rc.key, rc.store = key, ok
	if ok {
		if g, hit := rc.groups[string(key)]; hit {
			if s.Extreme != RankNoExtreme {
				rc.cur = g
				return value.NullValue, true
			}
			return rankResult(s, g.count(s.Cmps, m.R[v:v+int32(len(s.Cmps))])), true
		}
	}
	rc.pending = &rankKeys{}
	return nil, false
}

// rankAdd adds the key in the registers from R[k] on to the group being
// filled.
func (m *Machine) rankAdd(aux int32, k int32) error {
	s := m.prog.Aux[aux].(*RankSpec)
	n := len(s.Cmps)
	if s.Keys > 0 {
		n = s.Keys
	}
	return m.account(m.table(aux).rank.pending.add(m.R[k : k+int32(n)]))
}

// rankSeal sorts the group being filled, remembers it and answers the
// probe.
func (m *Machine) rankSeal(aux int32, v int32) (value.Value, error) {
	rc := m.table(aux).rank
	s := m.prog.Aux[aux].(*RankSpec)
	g := rc.pending
	rc.pending = nil
	if err := m.account(g.seal()); err != nil {
		return nil, err
	}
	if rc.store {
		rc.groups[string(rc.key)] = g
		if err := m.account(int64(64 + len(rc.key))); err != nil {
			return nil, err
		}
	}
	if s.Extreme != RankNoExtreme {
		rc.cur = g
		return value.NullValue, nil
	}
	return rankResult(s, g.count(s.Cmps, m.R[v:v+int32(len(s.Cmps))])), nil
}
