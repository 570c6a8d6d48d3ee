package storage

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
)

// searchBenchStore builds, in dir, a graph of nodes :Doc nodes with a text
// of 12 words drawn (Zipf) from 5,000 and, on the first vecs of them, a
// 128-dimension vector, with a full-text index "ft" and a cosine vector
// index "vec", and closes it with its image and search image written.
func searchBenchStore(b testing.TB, dir string, nodes, vecs int) {
	s, err := Open(dir, &Options{Logger: quietLogger{}})
	check(b, err)
	g := mustGraph(b, s, DefaultGraph)
	r := rand.New(rand.NewSource(1))
	z := rand.NewZipf(r, 1.1, 2, 4999)
	words := make([]string, 5000)
	for i := range words {
		words[i] = fmt.Sprintf("w%dx", i)
	}
	for done := 0; done < nodes; {
		tx := begin(b, g)
		l := must(tx.LabelIDOrCreate("Doc"))(b)
		kt := must(tx.PropKeyIDOrCreate("text"))(b)
		kv := must(tx.PropKeyIDOrCreate("emb"))(b)
		for end := min(nodes, done+20_000); done < end; done++ {
			var sb strings.Builder
			for j := 0; j < 12; j++ {
				sb.WriteString(words[z.Uint64()])
				sb.WriteByte(' ')
			}
			ps := map[uint32]value.Value{kt: value.String(sb.String())}
			if done < vecs {
				x := make(value.Vector, 128)
				for k := range x {
					x[k] = r.Float32()*2 - 1
				}
				ps[kv] = x
			}
			must(tx.CreateNode([]uint32{l}, ps))(b)
		}
		check(b, tx.Commit())
	}
	tx := begin(b, g)
	check(b, tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}}))
	check(b, tx.CreateSearchIndex(SearchIndexDef{Name: "vec", Kind: SearchVector, Labels: []string{"Doc"}, Props: []string{"emb"}, Dim: 128}))
	check(b, tx.Commit())
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	check(b, s.Close())
	if sf, err := readSearchFile(s.opts.FS, dir, g.id); err != nil || sf == nil || len(sf.entries) != 2 {
		b.Fatalf("no search image: %v", err)
	}
}

func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	var size, rss int64
	fmt.Sscan(string(b), &size, &rss)
	return rss * int64(os.Getpagesize())
}

func heapBytes() int64 {
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// BenchmarkFirstSearch measures the first full-text query and the first
// vector top-10 after an open, on a graph of 200,000 :Doc nodes with text
// and 100,000 128-d vectors (CYQ_SEARCH_NODES, CYQ_SEARCH_VECS), side by
// side in each iteration: "build" opens without the search image (moved
// aside: the indexes are built from the nodes on first use, as before the
// search image existed), "image" with it. Stores are opened read-only, so
// no background writer runs. Metrics per mode: open-ms, ft-ms and vec-ms
// (the first query of each kind), heap-MB (Go heap after a GC, with both
// indexes loaded, over the heap before the open) and rss-MB (the same for
// the resident set, mapped pages included):
//
//	go test ./storage -run '^$' -bench 'FirstSearch' -benchtime 5x
func BenchmarkFirstSearch(b *testing.B) {
	nodes := envIntIn(b, "CYQ_SEARCH_NODES", 200_000)
	vecs := envIntIn(b, "CYQ_SEARCH_VECS", 100_000)
	dir := b.TempDir()
	searchBenchStore(b, dir, nodes, vecs)
	gid := uint32(1)
	path := ""
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), "search-") {
				path = dir + "/" + e.Name()
				fmt.Sscanf(e.Name(), "search-%d.cyq", &gid)
			}
		}
	}
	if path == "" {
		b.Fatal("no search image")
	}
	q := make([]float32, 128)
	for i := range q {
		q[i] = float32(i%7) - 3
	}
	type acc struct{ open, ft, vec, heap, rss float64 }
	var sum [2]acc
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for mode := 0; mode < 2; mode++ {
			if mode == 0 {
				check(b, os.Rename(path, path+".aside"))
			}
			h0, r0 := heapBytes(), rssBytes()
			t0 := time.Now()
			s, err := Open(dir, &Options{ReadOnly: true, Logger: quietLogger{}})
			check(b, err)
			g := mustGraph(b, s, DefaultGraph)
			snap := g.Snapshot()
			t1 := time.Now()
			hits, err := QueryFulltext(snap, "ft", "w3x w17x")
			check(b, err)
			t2 := time.Now()
			vh, err := QueryVector(snap, "vec", q, 10, nil)
			check(b, err)
			t3 := time.Now()
			if len(hits) == 0 || len(vh) != 10 {
				b.Fatalf("%d full-text hits, %d vector hits", len(hits), len(vh))
			}
			a := &sum[mode]
			a.open += float64(t1.Sub(t0).Microseconds()) / 1e3
			a.ft += float64(t2.Sub(t1).Microseconds()) / 1e3
			a.vec += float64(t3.Sub(t2).Microseconds()) / 1e3
			a.heap += float64(heapBytes()-h0) / (1 << 20)
			a.rss += float64(rssBytes()-r0) / (1 << 20)
			runtime.KeepAlive(snap)
			check(b, s.Close())
			if mode == 0 {
				check(b, os.Rename(path+".aside", path))
			}
		}
	}
	b.StopTimer()
	n := float64(b.N)
	for mode, name := range []string{"build", "image"} {
		a := sum[mode]
		b.ReportMetric(a.open/n, name+"-open-ms")
		b.ReportMetric(a.ft/n, name+"-ft-ms")
		b.ReportMetric(a.vec/n, name+"-vec-ms")
		b.ReportMetric(a.heap/n, name+"-heap-MB")
		b.ReportMetric(a.rss/n, name+"-rss-MB")
	}
	b.ReportMetric(sum[0].ft/sum[1].ft, "ft-speedup")
	b.ReportMetric(sum[0].vec/sum[1].vec, "vec-speedup")
}

func envIntIn(b *testing.B, name string, def int) int {
	if s := os.Getenv(name); s != "" {
		var n int
		if _, err := fmt.Sscan(s, &n); err != nil {
			b.Fatal(err)
		}
		return n
	}
	return def
}

// BenchmarkFulltext measures full-text queries on an index read from the
// search image, without a MemoryBudget, on a graph of 100,000 :Doc nodes
// of 12 words drawn (Zipf) from 5,000 (CYQ_SEARCH_NODES): "warm-*" runs
// one query kind on a store that has already answered it (the postings it
// reads are decoded), "cold" opens the store read-only, answers a first
// two-term query and closes it (the search index's cold start):
//
//	go test ./storage -run '^$' -bench 'Fulltext' -benchtime 2s
func BenchmarkFulltext(b *testing.B) {
	nodes := envIntIn(b, "CYQ_SEARCH_NODES", 100_000)
	dir := b.TempDir()
	searchBenchStore(b, dir, nodes, 0)
	s, err := Open(dir, &Options{ReadOnly: true, Logger: quietLogger{}})
	check(b, err)
	defer s.Close()
	snap := mustGraph(b, s, DefaultGraph).Snapshot()
	for _, q := range []struct{ name, q string }{
		{"warm-rare", "w3001x w4123x"},
		{"warm-common", "w0x w1x w2x"},
		{"warm-prefix", "w12*"},
		{"warm-phrase", `"w0x w1x"`},
	} {
		b.Run(q.name, func(b *testing.B) {
			hits, err := QueryFulltext(snap, "ft", q.q)
			check(b, err)
			if len(hits) == 0 {
				b.Fatalf("%q: no hits", q.q)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := QueryFulltext(snap, "ft", q.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s, err := Open(dir, &Options{ReadOnly: true, Logger: quietLogger{}})
			check(b, err)
			hits, err := QueryFulltext(mustGraph(b, s, DefaultGraph).Snapshot(), "ft", "w3x w17x")
			check(b, err)
			if len(hits) == 0 {
				b.Fatal("no hits")
			}
			check(b, s.Close())
		}
	})
}
