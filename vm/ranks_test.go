package vm

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// rankValue draws a value of a kind a key may hold: integers and floats
// with many ties between them (1 and 1.0), NaN, -0.0, strings, booleans,
// null, lists (compared element-wise, null inside) and a map (compares
// with nothing).
func rankValue(r *rand.Rand) value.Value {
	switch r.IntN(12) {
	case 0:
		return value.NullValue
	case 1:
		return value.Float(math.NaN())
	case 2:
		return value.Float(float64(r.IntN(4)))
	case 3:
		return value.Float(math.Copysign(0, -1))
	case 4:
		return value.String([]string{"", "a", "ab", "b"}[r.IntN(4)])
	case 5:
		return value.Bool(r.IntN(2) == 0)
	case 6:
		return value.List{value.Int(int64(r.IntN(2))), []value.Value{value.NullValue, value.Int(1)}[r.IntN(2)]}
	case 7:
		return value.Map{"k": value.Int(1)}
	case 8:
		return value.Float(float64(r.IntN(4)) + 0.5)
	}
	return value.Int(int64(r.IntN(4)))
}

// TestRankCountsMatchComparisons checks the sorted keys' answer against
// the comparison it replaces, evaluated key by key in three-valued logic:
// `k0 op0 v0 OR (k0 = v0 AND (k1 op1 v1 OR ...))` true, over generated
// groups and probes of every kind and tuples of one to three values,
// the larger groups with long runs of keys tied on their first values.
func TestRankCountsMatchComparisons(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 18))
	strict := []RankCmp{RankLt, RankGt}
	all := []RankCmp{RankLt, RankLe, RankGt, RankGe}
	failed := 0
	for round := 0; round < 400; round++ {
		levels := 1 + r.IntN(3)
		cmps := make([]RankCmp, levels)
		for i := range cmps {
			if i < levels-1 {
				cmps[i] = strict[r.IntN(2)]
			} else {
				cmps[i] = all[r.IntN(4)]
			}
		}
		tuple := func() []value.Value {
			t := make([]value.Value, levels)
			for i := range t {
				t[i] = rankValue(r)
			}
			return t
		}
		var keys [][]value.Value
		g := &rankKeys{}
		size := 40
		if round%2 == 1 {
			size = 300 // long runs of tied first values (see tieRunMin)
		}
		for n := r.IntN(size); n > 0; n-- {
			k := tuple()
			keys = append(keys, k)
			g.add(k)
		}
		g.seal()
		for p := 0; p < 20; p++ {
			v := tuple()
			want := 0
			for _, k := range keys {
				if lexTri(k, cmps, v) == value.True {
					want++
				}
			}
			if got := g.count(cmps, v); got != want {
				failed++
				if failed <= 5 {
					t.Errorf("cmps %v, probe %v over %v: %d, want %d", cmps, v, keys, got, want)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d probes differ", failed)
	}
}

// lexTri is `k0 op0 v0 OR (k0 = v0 AND rest)` in three-valued logic.
func lexTri(k []value.Value, cmps []RankCmp, v []value.Value) value.Tri {
	c := value.CompareOp(cmps[0].String(), k[0], v[0])
	if len(cmps) == 1 {
		return c
	}
	return triOr(c, triAnd(value.Equal(k[0], v[0]), lexTri(k[1:], cmps[1:], v[1:])))
}

func triOr(a, b value.Tri) value.Tri {
	switch {
	case a == value.True || b == value.True:
		return value.True
	case a == value.False && b == value.False:
		return value.False
	}
	return value.Unknown
}

func triAnd(a, b value.Tri) value.Tri {
	switch {
	case a == value.False || b == value.False:
		return value.False
	case a == value.True && b == value.True:
		return value.True
	}
	return value.Unknown
}

// BenchmarkRankCountTies probes a group of 2,000 two-value keys whose
// first values are mostly tied (a count of 1 for most askers), the rest
// distinct ids: each probe is answered from the tied run's sorted rests.
func BenchmarkRankCountTies(b *testing.B) {
	g := &rankKeys{}
	for i := 0; i < 2000; i++ {
		c := int64(1)
		if i%10 == 0 {
			c = int64(2 + i%7)
		}
		g.add([]value.Value{value.Int(c), value.Int(int64(i))})
	}
	g.seal()
	cmps := []RankCmp{RankGt, RankLt}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g.count(cmps, []value.Value{value.Int(1), value.Int(int64(i % 2000))})
	}
}
