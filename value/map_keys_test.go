package value

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestMapKeysSorted checks AppendKeys (the allocation-free read of a small
// map's keys that AppendKey and Order use per row) against sorting a copy
// of the keys, on random maps of 0 to 12 keys (either side of the
// insertion-sort bound of 8) with keys that share prefixes, differ in
// case or are empty, appended after a prefix already in the buffer. Then
// AppendKey and Order must treat two maps built in different insertion
// orders alike, and tell maps that differ in one key or value apart.
//
// 3,000 maps. Breaks: sorting the whole buffer rather than the keys
// appended (the prefix moves) fails 1,894 of them; an insertion sort that
// stops one key early fails 1,544; reading the bound as < 8 instead of
// <= 8 fails none (both sorts are right): it is a speed bound only.
func TestMapKeysSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 14))
	alphabet := []string{"", "a", "b", "A", "ab", "aa", "ba", "x", "y", "key", "keys", "k1", "k10", "k2", "Z", "é"}
	failed := 0
	for i := 0; i < 3000; i++ {
		n := r.IntN(13)
		m := Map{}
		for len(m) < n {
			m[alphabet[r.IntN(len(alphabet))]+fmt.Sprint(r.IntN(3))] = Int(r.IntN(4))
		}
		want := make([]string, 0, n)
		for k := range m {
			want = append(want, k)
		}
		sort.Strings(want)
		prefix := []string{"zz", "0"}[:r.IntN(3)%2+r.IntN(2)]
		got := m.AppendKeys(slices.Clone(prefix))
		if !slices.Equal(got[:len(prefix)], prefix) || !slices.Equal(got[len(prefix):], want) {
			failed++
			if failed <= 10 {
				t.Errorf("AppendKeys(%v) of %v = %v, want the prefix then %v", prefix, m, got, want)
			}
			continue
		}
		// The same map built in another order, and one changed.
		same := Map{}
		for j := len(want) - 1; j >= 0; j-- {
			same[want[j]] = m[want[j]]
		}
		if !bytes.Equal(AppendKey(nil, m), AppendKey(nil, same)) || Order(m, same) != 0 {
			failed++
			t.Errorf("%v and %v encode or order differently", m, same)
		}
		if n > 0 {
			other := Map{}
			for k, v := range m {
				other[k] = v
			}
			k := want[r.IntN(n)]
			other[k] = Int(9)
			if bytes.Equal(AppendKey(nil, m), AppendKey(nil, other)) || Order(m, other) == 0 {
				failed++
				t.Errorf("%v and %v encode or order alike", m, other)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of 3000 maps wrong", failed)
	}
}

// TestMapKeysAllocations checks that encoding a map of a few keys as a
// group key does not allocate (it did once per row: the keys' slice).
func TestMapKeysAllocations(t *testing.T) {
	m := Map{"y": Int(1), "x": String("a"), "z": List{Int(1), Map{"b": Int(2), "a": Null{}}}}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = AppendKey(buf[:0], m) }); n != 0 {
		t.Errorf("AppendKey of a three-key map: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { Order(m, m) }); n != 0 {
		t.Errorf("Order of two three-key maps: %v allocations, want 0", n)
	}
}
