package storage

import (
	"context"
	"fmt"
	"math/rand"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"weak"

	"github.com/cyqdb/cyq/storage/search"
)

// TestSearchImageAdopted builds full-text and vector indexes in memory
// (created, then edited by commits), writes the images as the image
// folder does, and checks that the graph then serves every one of them
// (full-text and vector) from the search image as a reopened store does:
// the same answers, the indexes counted in MemoryUsage fall, the
// in-memory full-text postings and vectors are collected once the last
// snapshot reading them is closed, and readers running across the swap,
// and a snapshot taken before it, keep their answers.
func TestSearchImageAdopted(t *testing.T) {
	for _, budget := range []int64{0, 64 << 20} {
		s, err := Open(t.TempDir(), &Options{Logger: quietLogger{}, MemoryBudget: budget})
		check(t, err)
		s.stopImageWriter()
		g := mustGraph(t, s, DefaultGraph)
		sc := newSearchSchema(t, g)
		r := rand.New(rand.NewSource(7))
		for i := 0; i < 4; i++ {
			tx := begin(t, g)
			randomSearchOps(t, r, tx, sc, 400)
			check(t, tx.Commit())
		}
		// Every index built in memory, edited by a commit after.
		want := searchAnswers(t, g.Snapshot())
		tx := begin(t, g)
		randomSearchOps(t, r, tx, sc, 100)
		check(t, tx.Commit())
		before := g.Snapshot()
		want = searchAnswers(t, before)
		sameAnswers(t, "built", want, builtAnswers(t, before))
		if n := storedIndexes(before); n != 0 {
			t.Fatalf("%d indexes from a search image before one was written", n)
		}
		heap := weak.Make(before.version.search["ft"].data().ft)
		heapVec := weak.Make(before.version.search["vec"].data().vec)
		if before.version.search["vec"].data().vec.InPlace() || before.version.search["vecE"].data().vec.InPlace() {
			t.Fatal("the vector indexes are not held wholly in memory before the search image is written")
		}
		tx = nil
		used, _ := s.MemoryUsage()

		var stop atomic.Bool
		var wg sync.WaitGroup
		errs := make(chan string, 4)
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for !stop.Load() {
					snap := g.Snapshot()
					for _, q := range searchQueries {
						h, err := QueryFulltext(snap, "ft", q)
						if err != nil || !sameHits(h, want["ft "+q]) {
							select {
							case errs <- "a reader across the swap: " + q:
							default:
							}
						}
					}
					for i, q := range searchVecQueries {
						h, err := QueryVector(snap, "vecE", q, 1000, nil)
						if err != nil || !sameHits(h, want[fmt.Sprint("vecE ", i)]) {
							select {
							case errs <- fmt.Sprint("a vector reader across the swap: ", i):
							default:
							}
						}
					}
					snap.Close()
				}
			}()
		}
		s.writeNeededImages(context.Background())
		stop.Store(true)
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatal(e)
		}
		after := g.Snapshot()
		if n := storedIndexes(after); n != 4 {
			t.Fatalf("budget %d: %d of the 4 indexes from the search image after it was written", budget, n)
		}
		for _, name := range []string{"vec", "vecE"} {
			if !after.version.search[name].data().vec.InPlace() {
				t.Fatalf("budget %d: vector index %q not read in place after the search image was written", budget, name)
			}
		}
		sameAnswers(t, "adopted", searchAnswers(t, after), want)
		sameAnswers(t, "snapshot from before", searchAnswers(t, before), want)
		now, _ := s.MemoryUsage()
		t.Logf("budget %d: MemoryUsage %d before, %d after", budget, used, now)
		if now >= used {
			t.Errorf("budget %d: MemoryUsage %d after the search image was adopted, %d before", budget, now, used)
		}
		before.Close()
		for i := 0; i < 5 && (heap.Value() != nil || heapVec.Value() != nil); i++ {
			runtime.GC()
		}
		if heap.Value() != nil {
			t.Errorf("budget %d: the in-memory full-text index is still reachable", budget)
		}
		if heapVec.Value() != nil {
			t.Errorf("budget %d: the in-memory vector index is still reachable", budget)
		}
		// Commits go on from the adopted indexes; a reopen agrees.
		tx = begin(t, g)
		randomSearchOps(t, r, tx, sc, 100)
		check(t, tx.Commit())
		want = searchAnswers(t, g.Snapshot())
		sameAnswers(t, "edited after adoption", want, builtAnswers(t, g.Snapshot()))
		after.Close()
		dir := s.dir
		check(t, s.Close())
		s, err = Open(dir, &Options{Logger: quietLogger{}})
		check(t, err)
		sameAnswers(t, "reopened", searchAnswers(t, mustGraph(t, s, DefaultGraph).Snapshot()), want)
		check(t, s.Close())
	}
}

func sameHits(a, b []search.Hit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
