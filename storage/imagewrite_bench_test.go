package storage

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// imageWriteGraph bulk-loads a zipfSource graph (100,000 nodes and
// CYQ_IMAGE_RELS relationships, 1,000,000 by default) into an in-memory
// store: its version reads its pages from the image the load wrote.
func imageWriteGraph(b *testing.B) (*Store, *Graph) {
	rels := 1_000_000
	if s := os.Getenv("CYQ_IMAGE_RELS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		rels = n
	}
	s, err := Open("bench", &Options{FS: vfs.NewMem()})
	if err != nil {
		b.Fatal(err)
	}
	g, _ := s.Graph(DefaultGraph)
	if err := g.BulkLoad(context.Background(), zipfSource{seed: 1, nodes: 100_000, rels: rels}, nil); err != nil {
		b.Fatal(err)
	}
	return s, g
}

// BenchmarkImageWrite writes the image of a graph of a million
// relationships read from its base image (as a journal fold does), side by
// side, in wall and process CPU time (cpu-ns/op, less disturbed by other
// processes): with the value statistics carried over ("carry"), and computed
// afresh ("stats", statistics stale: each copied node block is decoded for
// them); "decode" decodes the node pages alone, without writing, and
// "stats-only" decodes them and computes the statistics, to tell where the
// statistics pass spends its time.
//
//	go test ./storage -run XXX -bench ImageWrite -benchtime 5x
func BenchmarkImageWrite(b *testing.B) {
	s, g := imageWriteGraph(b)
	defer s.Close()
	fs := s.opts.FS
	if err := fs.MkdirAll("out", 0o755); err != nil {
		b.Fatal(err)
	}
	v, seq := g.cur.Load(), g.seq.Load()
	if v.nodes.img == nil {
		b.Fatal("the version does not read from an image")
	}
	fresh := v.cellState()
	if fresh == nil {
		b.Fatal("no value statistics after the bulk load")
	}
	pages := nodePages(v.nextNode)
	b.Logf("%d nodes, %d relationships, %d node pages", v.NodeCount(), v.relCount, pages)
	for _, mode := range []string{"carry", "stats", "decode", "stats-only"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			cpu, cpuOK := processCPU()
			for i := 0; i < b.N; i++ {
				switch mode {
				case "carry":
					v.vcell.p.Store(fresh)
				default:
					v.vcell.p.Store(nil)
				}
				switch mode {
				case "carry", "stats":
					if err := writeImage(fs, "out", g.id, seq, v); err != nil {
						b.Fatal(err)
					}
				case "decode":
					for pi := uint64(0); pi < pages; pi++ {
						_ = v.nodes.img.nodePage(pi)
					}
				case "stats-only":
					vb := newValueStatsBuilder()
					for pi := uint64(0); pi < pages; pi++ {
						vb.addPage(pi, v.nodes.img.nodePage(pi))
					}
					_ = vb.stats(v)
				}
			}
			if end, ok := processCPU(); ok && cpuOK {
				b.ReportMetric(float64(end-cpu)/float64(b.N), "cpu-ns/op")
			}
			v.vcell.p.Store(fresh)
		})
	}
}
