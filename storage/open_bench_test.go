package storage_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/cyqdb/cyq/bench/scaling"
	"github.com/cyqdb/cyq/storage"
)

// BenchmarkOpen measures a cold open of an on-disk store holding a
// power-law graph (scaling.PowerLaw) of CYQ_OPEN_RELS relationships (default
// 1,000,000), built once with the bulk loader and closed:
//
//	CYQ_OPEN_RELS=5000000 go test ./storage -run '^$' -bench BenchmarkOpen -benchtime 5x
func BenchmarkOpen(b *testing.B) {
	rels := 1_000_000
	if s := os.Getenv("CYQ_OPEN_RELS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		rels = n
	}
	dir := b.TempDir()
	s, err := storage.Open(dir, nil)
	if err != nil {
		b.Fatal(err)
	}
	g, _ := s.Graph(storage.DefaultGraph)
	if err := g.BulkLoad(context.Background(), scaling.PowerLaw{Rels: rels, Seed: 1}, nil); err != nil {
		b.Fatal(err)
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := storage.Open(dir, nil)
		if err != nil {
			b.Fatal(err)
		}
		g, _ := s.Graph(storage.DefaultGraph)
		if snap := g.Snapshot(); snap.RelCount() != uint64(rels) {
			b.Fatalf("%d relationships, want %d", snap.RelCount(), rels)
		}
		b.StopTimer()
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
