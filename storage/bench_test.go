package storage

import (
	"context"
	"math/rand"
	"sync"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

var benchGraph struct {
	once sync.Once
	s    *Store
	g    *Graph
	err  error
}

// slashdotGraph bulk-loads the labelled Slashdot graph into an in-memory
// store once per test binary and indexes :User(ext).
func slashdotGraph(b *testing.B) *Graph {
	path := slashdotPath(b)
	benchGraph.once.Do(func() {
		s, err := Open("bench", &Options{FS: vfs.NewMem()})
		if err != nil {
			benchGraph.err = err
			return
		}
		g, _ := s.Graph(DefaultGraph)
		if err := g.BulkLoad(context.Background(), slashdotSource{path: path, labeled: true}, nil); err != nil {
			benchGraph.err = err
			return
		}
		tx, _ := g.Begin(context.Background())
		user, _ := tx.LabelID("User")
		ext, _ := tx.PropKeyID("ext")
		if err := tx.CreateIndex(user, ext); err != nil {
			benchGraph.err = err
			return
		}
		benchGraph.err = tx.Commit()
		benchGraph.s, benchGraph.g = s, g
	})
	if benchGraph.err != nil {
		b.Fatal(benchGraph.err)
	}
	return benchGraph.g
}

// cpuPerOp, deferred after a benchmark's timer is reset, reports the
// process's CPU time per iteration (cpu-ns/op): under a loaded machine's
// preemption it varies far less than the wall time per iteration.
func cpuPerOp(b *testing.B) func() {
	c0, ok := processCPU()
	return func() {
		if c1, ok1 := processCPU(); ok && ok1 {
			b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
		}
	}
}

// BenchmarkNeighborsBitmap: 1-hop out-neighbours of a node as a roaring bitmap.
func BenchmarkNeighborsBitmap(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	typ, _ := snap.TypeID("LINKS")
	n := uint32(snap.NodeCount())
	var total uint64
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		total += snap.Neighbors(uint32(i)%n, Out, typ).GetCardinality()
	}
	b.ReportMetric(float64(total)/float64(b.N), "nbrs/op")
}

// BenchmarkNeighborsBitmapBoth: 1-hop neighbours in both directions (a union).
func BenchmarkNeighborsBitmapBoth(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	n := uint32(snap.NodeCount())
	var total uint64
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		total += snap.Neighbors(uint32(i)%n, Both, AnyType).GetCardinality()
	}
	b.ReportMetric(float64(total)/float64(b.N), "nbrs/op")
}

// BenchmarkExpandPairs: 1-hop (relationship, neighbour) enumeration.
func BenchmarkExpandPairs(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	typ, _ := snap.TypeID("LINKS")
	n := uint32(snap.NodeCount())
	var pairs, sum uint64
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		snap.Expand(uint32(i)%n, Out, typ, func(rel uint64, nbr, _ uint32) bool {
			pairs++
			sum += rel + uint64(nbr)
			return true
		})
	}
	b.ReportMetric(float64(pairs)/b.Elapsed().Seconds(), "pairs/s")
}

// BenchmarkLabelScan: iterate all :User nodes (82,168).
func BenchmarkLabelScan(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	user, _ := snap.LabelID("User")
	var cnt uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		it := snap.NodesWithLabel(user).Iterator()
		for it.HasNext() {
			cnt += uint64(it.Next() & 1)
		}
	}
	b.ReportMetric(float64(snap.NodesWithLabel(user).GetCardinality())*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkIndexSeek: indexed point lookup :User {ext: $x}.
func BenchmarkIndexSeek(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	user, _ := snap.LabelID("User")
	ext, _ := snap.PropKeyID("ext")
	rng := rand.New(rand.NewSource(1))
	keys := make([]value.Value, 1024)
	for i := range keys {
		keys[i] = value.Int(rng.Intn(82168))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if snap.IndexSeek(user, ext, keys[i&1023]).GetCardinality() != 1 {
			b.Fatal("lookup missed")
		}
	}
}

// BenchmarkSnapshot: taking a snapshot.
func BenchmarkSnapshot(b *testing.B) {
	g := slashdotGraph(b)
	for i := 0; i < b.N; i++ {
		g.Snapshot().Close()
	}
}

// BenchmarkCommitSmallTx: a transaction creating a node and a relationship
// on the loaded graph (in-memory filesystem, so the cost excludes fsync).
func BenchmarkCommitSmallTx(b *testing.B) {
	g := slashdotGraph(b)
	typ, _ := g.Snapshot().TypeID("LINKS")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tx, err := g.Begin(context.Background())
		check(b, err)
		n := must(tx.CreateNode(nil, nil))(b)
		must(tx.CreateRel(n, uint32(i%1000), typ, nil))(b)
		check(b, tx.Commit())
	}
}

// BenchmarkExpandSet2Hop: the 2-hop out-neighbourhood of a node as a set
// (two frontier expansions).
func BenchmarkExpandSet2Hop(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	typ, _ := snap.TypeID("LINKS")
	n := uint32(snap.NodeCount())
	var total uint64
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		start := uint32(i*7919) % n
		f1 := snap.Neighbors(start, Out, typ)
		total += snap.ExpandSet(f1, Out, typ).GetCardinality()
	}
	b.ReportMetric(float64(total)/float64(b.N), "nodes/op")
}

// BenchmarkExpandSetHubBFS: the nodes within three out-hops of the node
// with the most outgoing relationships, one ExpandSet per level over the
// whole frontier (the set-at-a-time plan of (a)-[*1..3]->(b) with
// count(DISTINCT b)).
func BenchmarkExpandSetHubBFS(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	typ, _ := snap.TypeID("LINKS")
	hub, best := uint32(0), -1
	snap.AllNodes().Iterate(func(x uint32) bool {
		if d := snap.Degree(x, Out, typ); d > best {
			hub, best = x, d
		}
		return true
	})
	var total uint64
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		seen := roaring.BitmapOf(hub)
		front := seen
		for level := 0; level < 3 && !front.IsEmpty(); level++ {
			next := snap.ExpandSet(front, Out, typ)
			next.AndNot(seen)
			seen.Or(next)
			front = next
		}
		total += seen.GetCardinality()
	}
	b.ReportMetric(float64(total)/float64(b.N), "nodes/op")
}

// BenchmarkExpandSetExceptHubBFS: the same three levels from the hub as
// the VM's breadth-first search takes them, each step leaving out the
// visited nodes (ExpandSetExcept: top-down, or bottom-up from the
// unvisited nodes when the frontier is large).
func BenchmarkExpandSetExceptHubBFS(b *testing.B) {
	snap := slashdotGraph(b).Snapshot()
	typ, _ := snap.TypeID("LINKS")
	hub, best := uint32(0), -1
	snap.AllNodes().Iterate(func(x uint32) bool {
		if d := snap.Degree(x, Out, typ); d > best {
			hub, best = x, d
		}
		return true
	})
	var total uint64
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		seen := roaring.BitmapOf(hub)
		front := seen.Clone()
		for level := 0; level < 3 && !front.IsEmpty(); level++ {
			next := snap.ExpandSetExcept(front, seen, Out, typ)
			seen.Or(next)
			front = next
		}
		total += seen.GetCardinality()
	}
	b.ReportMetric(float64(total)/float64(b.N), "nodes/op")
}
