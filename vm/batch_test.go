package vm

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// rareByteContains agrees with strings.Contains on random short strings
// over a small alphabet (many near misses) and on edge cases.
func TestRareByteContains(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	gen := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abrv e"[r.IntN(6)]
		}
		return string(b)
	}
	cases := [][2]string{{"", ""}, {"a", ""}, {"", "ab"}, {"river", "river"}, {"xriver", "river"}, {"rive", "river"}, {"rriverr", "river"}, {"vvv", "vv"}}
	for i := 0; i < 20000; i++ {
		cases = append(cases, [2]string{gen(r.IntN(30)), gen(1 + r.IntN(5))})
	}
	for _, c := range cases {
		if got, want := rareByteContains(c[1])(c[0]), strings.Contains(c[0], c[1]); got != want {
			t.Fatalf("contains(%q, %q) = %v, want %v", c[0], c[1], got, want)
		}
	}
}
