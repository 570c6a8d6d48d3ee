package storage

import (
	"context"
	"fmt"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// BenchmarkCommitSmall commits small transactions of n nodes (three
// properties each) and n relationships to a graph of 20,000 nodes whose
// image holds value statistics: what every commit pays for its counts,
// indexes and value statistics (the rows per (label, key), the
// distinct-count registers, the journal's value delta; in-memory
// filesystem: no fsync). The nodes are of labels A and C, A's id indexed
// (indexed), or of label U with no index (unindexed). cpu-ns/op is the
// process's CPU time per commit (with the garbage collector's).
func BenchmarkCommitSmall(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		for _, indexed := range []bool{true, false} {
			name := fmt.Sprintf("%d/unindexed", n)
			if indexed {
				name = fmt.Sprintf("%d/indexed", n)
			}
			b.Run(name, func(b *testing.B) {
				g, ids := commitBenchGraph(b)
				a, c, u, typ, k := ids.a, ids.c, ids.u, ids.typ, ids.k
				labels := []uint32{u}
				if indexed {
					labels = []uint32{a, c}
				}
				cpu0, cpuOK := processCPU()
				b.ResetTimer()
				for i := 0; b.Loop(); i++ {
					tx, err := g.Begin(context.Background())
					check(b, err)
					for j := 0; j < n; j++ {
						id := must(tx.CreateNode(labels, map[uint32]value.Value{k[0]: value.Int(int64(100000 + i*n + j)), k[1]: value.String("x"), k[2]: value.Int(int64(j))}))(b)
						must(tx.CreateRel(id, uint32((i*n+j)%20000), typ, nil))(b)
					}
					check(b, tx.Commit())
				}
				// The process's CPU time per commit, steadier than the
				// time on a loaded machine.
				if cpu1, ok := processCPU(); ok && cpuOK {
					b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// BenchmarkCommitValueStats is the value-statistics part of a commit of
// n new nodes (labels A and C, three properties) on the graph of
// BenchmarkCommitSmall: the value delta (rows per (label, key), values
// taken away), its journal encoding, and the registers raised by the
// values written, on a copy of the transaction's version each time.
func BenchmarkCommitValueStats(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			g, ids := commitBenchGraph(b)
			a, c, k := ids.a, ids.c, ids.k
			tx := begin(b, g)
			defer tx.Rollback()
			for j := 0; j < n; j++ {
				must(tx.CreateNode([]uint32{a, c}, map[uint32]value.Value{k[0]: value.Int(int64(100000 + j*7919)), k[1]: value.String("x"), k[2]: value.Int(int64(j))}))(b)
			}
			var buf []byte
			for b.Loop() {
				vd := tx.valueDelta()
				buf = appendValueDelta(buf[:0], vd)
				w := *tx.version
				w.applyValueDelta(vd, tx.writtenNodes)
			}
		})
	}
}

// commitBenchIDs are the labels, type and keys of commitBenchGraph.
type commitBenchIDs struct {
	a, c, u, typ uint32
	k            []uint32 // id, name, score
}

// commitBenchGraph is the graph the commit benchmarks write to: 20,000
// nodes, alternately of label A (its id indexed) and U, each with an id
// and one of 500 names, folded into an image with value statistics. The
// image writer is stopped: the images the commits would ask for are
// another cost (BenchmarkImageWrite), and on a busy machine they land in
// one run and not the next. The store closes when the benchmark ends.
func commitBenchGraph(b *testing.B) (*Graph, commitBenchIDs) {
	s, err := Open("bench", &Options{FS: vfs.NewMem(), Logger: quietLogger{}})
	check(b, err)
	b.Cleanup(func() { s.Close() })
	g := mustGraph(b, s, DefaultGraph)
	tx := begin(b, g)
	ids := commitBenchIDs{
		a:   must(tx.LabelIDOrCreate("A"))(b),
		c:   must(tx.LabelIDOrCreate("C"))(b),
		u:   must(tx.LabelIDOrCreate("U"))(b),
		typ: must(tx.TypeIDOrCreate("R"))(b),
		k:   []uint32{must(tx.PropKeyIDOrCreate("id"))(b), must(tx.PropKeyIDOrCreate("name"))(b), must(tx.PropKeyIDOrCreate("score"))(b)},
	}
	check(b, tx.CreateIndex(ids.a, ids.k[0]))
	for i := 0; i < 20000; i++ {
		l := ids.a
		if i%2 == 1 {
			l = ids.u
		}
		must(tx.CreateNode([]uint32{l}, map[uint32]value.Value{ids.k[0]: value.Int(int64(i)), ids.k[1]: value.String(fmt.Sprint("n", i%500))}))(b)
	}
	check(b, tx.Commit())
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	s.stopImageWriter()
	return g, ids
}
