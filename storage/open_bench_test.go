package storage_test

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/cyqdb/cyq/bench/scaling"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
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

// commitStore builds the store of BenchmarkOpen (CYQ_OPEN_RELS
// relationships, bulk-loaded and closed), reopens it and commits
// CYQ_OPEN_COMMITS (default 1,000) small transactions (commitSmall). It
// returns the open store and its relationship count.
func commitStore(b *testing.B, dir string) (*storage.Store, int) {
	rels := envInt(b, "CYQ_OPEN_RELS", 1_000_000)
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
	if s, err = storage.Open(dir, nil); err != nil {
		b.Fatal(err)
	}
	return s, rels + commitSmall(b, s, 1)
}

// commitSmall commits CYQ_OPEN_COMMITS (default 1,000) small transactions:
// each creates a node with a property and two relationships to random
// existing nodes, and sets a property on another. It returns the number
// of relationships created.
func commitSmall(b *testing.B, s *storage.Store, seed int64) int {
	commits := envInt(b, "CYQ_OPEN_COMMITS", 1000)
	g, _ := s.Graph(storage.DefaultGraph)
	nodes := uint32(g.Snapshot().NodeCount())
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < commits; i++ {
		tx, err := g.Begin(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		k, _ := tx.PropKeyIDOrCreate("touched")
		t, _ := tx.TypeIDOrCreate("ADDED")
		n, err := tx.CreateNode(nil, map[uint32]value.Value{k: value.Int(int64(i))})
		if err == nil {
			_, err = tx.CreateRel(n, uint32(rng.Intn(int(nodes))), t, nil)
		}
		if err == nil {
			_, err = tx.CreateRel(uint32(rng.Intn(int(nodes))), n, t, nil)
		}
		if err == nil {
			err = tx.SetNodeProp(uint32(rng.Intn(int(nodes))), k, value.Int(int64(i)))
		}
		if err == nil {
			err = tx.Commit()
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return 2 * commits
}

func envInt(b *testing.B, name string, def int) int {
	if s := os.Getenv(name); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		return n
	}
	return def
}

// copyStore copies the files of dir (a store no one writes to) into a new
// directory, as a crash would leave them; the lock is not copied.
func copyStore(b *testing.B, dir string) string {
	dst := b.TempDir()
	names, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range names {
		if n.IsDir() || n.Name() == "LOCK" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, n.Name()))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, n.Name()), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dst
}

// openCheck opens dir and checks the relationship count.
func openCheck(b *testing.B, dir string, rels int) *storage.Store {
	s, err := storage.Open(dir, nil)
	if err != nil {
		b.Fatal(err)
	}
	g, _ := s.Graph(storage.DefaultGraph)
	if snap := g.Snapshot(); snap.RelCount() != uint64(rels) {
		b.Fatalf("%d relationships, want %d", snap.RelCount(), rels)
	}
	return s
}

// BenchmarkOpenAfterCrash measures the first open after a crash that
// followed CYQ_OPEN_COMMITS small commits on top of a closed store of
// CYQ_OPEN_RELS relationships (commitStore): the store's files are copied
// while it is open, and each iteration opens a fresh copy.
//
//	go test ./storage -run '^$' -bench 'Open|Close' -benchtime 5x
func BenchmarkOpenAfterCrash(b *testing.B) {
	s, rels := commitStore(b, b.TempDir())
	dirs := make([]string, b.N)
	for i := range dirs {
		dirs[i] = copyStore(b, s.Dir())
	}
	_ = s.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := openCheck(b, dirs[i], rels)
		b.StopTimer()
		_ = c.Close()
		_ = os.RemoveAll(dirs[i])
		b.StartTimer()
	}
}

// BenchmarkCloseAfterCommits measures Close after CYQ_OPEN_COMMITS small
// commits (commitSmall), on a store of CYQ_OPEN_RELS relationships that
// every iteration reopens and commits to again.
func BenchmarkCloseAfterCommits(b *testing.B) {
	s, _ := commitStore(b, b.TempDir())
	dir := s.Dir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		var err error
		if s, err = storage.Open(dir, nil); err != nil {
			b.Fatal(err)
		}
		commitSmall(b, s, int64(i+2))
		b.StartTimer()
	}
	b.StopTimer()
	_ = s.Close()
}

// BenchmarkOpenAfterCommits measures a clean open after CYQ_OPEN_COMMITS
// small commits (commitStore) and Close.
func BenchmarkOpenAfterCommits(b *testing.B) {
	s, rels := commitStore(b, b.TempDir())
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := openCheck(b, s.Dir(), rels)
		b.StopTimer()
		_ = c.Close()
		b.StartTimer()
	}
}
