package parser

import (
	"sort"
	"testing"
	"time"
)

func benchQueries(b *testing.B) []string {
	seen := map[string]bool{}
	var qs []string
	for _, q := range tckQueries(b) {
		if seen[q.Text] {
			continue
		}
		seen[q.Text] = true
		if _, err := Parse(q.Text, WithCacheSize(-1)); err == nil {
			qs = append(qs, q.Text)
		}
	}
	return qs
}

// BenchmarkParseTCK parses every distinct TCK query without the cache and
// reports the median time per query (after a warm-up pass that fills the
// ANTLR DFA cache).
func BenchmarkParseTCK(b *testing.B) {
	qs := benchQueries(b)
	p := New(WithCacheSize(-1))
	for _, q := range qs { // warm-up
		_, _ = p.Parse(q)
	}
	total := make([]time.Duration, len(qs))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, q := range qs {
			start := time.Now()
			if _, err := p.Parse(q); err != nil {
				b.Fatal(err)
			}
			total[j] += time.Since(start)
		}
	}
	b.StopTimer()
	per := make([]float64, len(qs))
	for j, d := range total {
		per[j] = float64(d.Nanoseconds()) / float64(b.N) / 1e3
	}
	sort.Float64s(per)
	b.ReportMetric(per[len(per)/2], "µs/query-median")
	b.ReportMetric(per[len(per)*9/10], "µs/query-p90")
	b.ReportMetric(per[len(per)-1], "µs/query-max")
	b.ReportMetric(float64(len(qs)), "queries")
}

// BenchmarkParseCached measures the cached path: the same text again.
func BenchmarkParseCached(b *testing.B) {
	p := New()
	const q = "MATCH (n:Person {name: $name})-[:KNOWS*1..2]->(m) WHERE m.age > 30 RETURN m.name AS name ORDER BY name LIMIT 10"
	if _, err := p.Parse(q); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Parse(q); err != nil {
			b.Fatal(err)
		}
	}
}
