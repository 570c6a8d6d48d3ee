package vm

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestSortRankEntriesStable: over random runs of integers (few distinct
// values, so ties are common), of integers and floats mixed (1 and 1.0,
// 0.0 and -0.0 tie), of strings and of booleans, sortRankEntries gives the
// order the stable sort by value.Compare gives, entry for entry (each
// entry's rest names its position in the input).
func TestSortRankEntriesStable(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	gens := []func() value.Value{
		func() value.Value { return value.Int(rnd.Intn(7) - 3) },
		func() value.Value {
			if rnd.Intn(2) == 0 {
				return value.Int(rnd.Intn(5) - 2)
			}
			f := float64(rnd.Intn(9)-4) / 2
			if f == 0 && rnd.Intn(2) == 0 {
				f = -f
			}
			return value.Float(f)
		},
		func() value.Value { return value.String([]string{"", "a", "ab", "b", "é", "B"}[rnd.Intn(6)]) },
		func() value.Value { return value.Bool(rnd.Intn(2) == 0) },
		func() value.Value { return value.Int(rnd.Int63() - rnd.Int63()) },
	}
	for round := 0; round < 2000; round++ {
		gen := gens[round%len(gens)]
		n := rnd.Intn(300)
		es := make([]rankEntry, n)
		for i := range es {
			es[i] = rankEntry{k: gen(), rest: []value.Value{value.Int(int64(i))}}
		}
		want := slices.Clone(es)
		slices.SortStableFunc(want, func(a, b rankEntry) int { c, _ := value.Compare(a.k, b.k); return c })
		sortRankEntries(es)
		for i := range es {
			if es[i].rest[0] != want[i].rest[0] || es[i].k != want[i].k {
				t.Fatalf("round %d: entry %d is %v (from %v), want %v (from %v)", round, i, es[i].k, es[i].rest[0], want[i].k, want[i].rest[0])
			}
		}
	}
}

// BenchmarkSortRankEntries compares sortRankEntries with the stable sort
// by value.Compare it replaced, on 1,045 integer keys (a hub's neighbours'
// degrees) and on as many map-read strings.
func BenchmarkSortRankEntries(b *testing.B) {
	rnd := rand.New(rand.NewSource(1))
	ints := make([]rankEntry, 1045)
	strs := make([]rankEntry, 1045)
	for i := range ints {
		ints[i] = rankEntry{k: value.Int(rnd.Intn(300))}
		strs[i] = rankEntry{k: value.String(string(rune('a'+rnd.Intn(26))) + string(rune('a'+rnd.Intn(26))))}
	}
	for _, c := range []struct {
		name string
		es   []rankEntry
	}{{"ints", ints}, {"strings", strs}} {
		es := make([]rankEntry, len(c.es))
		b.Run(c.name+"/stable", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				copy(es, c.es)
				slices.SortStableFunc(es, func(a, b rankEntry) int { c, _ := value.Compare(a.k, b.k); return c })
			}
		})
		b.Run(c.name+"/positions", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				copy(es, c.es)
				sortRankEntries(es)
			}
		})
	}
}
