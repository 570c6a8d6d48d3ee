package search

import (
	"hash/fnv"
	"math"
)

// HashDim is the dimension of HashEmbed vectors.
const HashDim = 256

// HashEmbed is cyq's built-in embedder: it needs no model and no network.
// It hashes the text's character 3- and 4-grams (of each case-folded word,
// padded with spaces) and its whole words into HashDim signed buckets and
// L2-normalises the result. Similar vectors mean similar spelling, not
// similar meaning: it is lexical, not semantic. Text without words gives
// the zero vector.
func HashEmbed(text string) []float32 {
	v := make([]float32, HashDim)
	add := func(s string, w float32) {
		h := fnv.New32a()
		h.Write([]byte(s))
		x := h.Sum32()
		sign := float32(1)
		if x&0x80000000 != 0 {
			sign = -1
		}
		v[x%HashDim] += sign * w
	}
	for _, word := range Words(text) {
		add("w:"+word, 1)
		r := []rune(" " + word + " ")
		for n := 3; n <= 4; n++ {
			for i := 0; i+n <= len(r); i++ {
				add(string(r[i:i+n]), 0.5)
			}
		}
	}
	var n2 float64
	for _, f := range v {
		n2 += float64(f) * float64(f)
	}
	if n2 > 0 {
		inv := float32(1 / math.Sqrt(n2))
		for i := range v {
			v[i] *= inv
		}
	}
	return v
}
