package storage

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
)

// budgetQueries are full-text queries over the words of searchBenchStore
// (w0x ... w4999x, Zipf): single terms of every frequency, prefixes that
// expand to hundreds of terms, phrases.
func budgetQueries(r *rand.Rand) []string {
	qs := []string{"w0x", "w1x w2x", `"w0x w1x"`, "w1*", "w2*", "w3* w4*", `"w5x w0x" w7x`}
	for range 120 {
		qs = append(qs, fmt.Sprintf("w%dx w%dx", r.Intn(5000), r.Intn(50)))
	}
	return qs
}

// builtFulltext runs q on the full-text index "ft" built from r's nodes.
func builtFulltext(t *testing.T, r Reader, qs []string) [][]search.Hit {
	v, err := versionOf(r)
	check(t, err)
	ix := v.buildSearchIdx(v.search["ft"].def)
	out := make([][]search.Hit, len(qs))
	for i, q := range qs {
		cl, err := search.ParseQuery(q)
		check(t, err)
		out[i] = ix.ft.Search(cl)
	}
	return out
}

// TestFulltextOverBudget: a full-text index read from the search image
// whose postings (as built in memory) estimate several times the store's
// MemoryBudget answers every query exactly as the index built from the
// nodes, with MemoryUsage within the budget after each query (its
// decoded postings evicted with the page pool); then under commits, and
// after a reopen that reads the search image those commits wrote.
func TestFulltextOverBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 30,000-document index")
	}
	const budget = 4 << 20
	dir := t.TempDir()
	searchBenchStore(t, dir, 30_000, 0)
	r := rand.New(rand.NewSource(5))
	qs := budgetQueries(r)

	run := func(what string, s *Store, limit int64, snap *Snapshot, want [][]search.Hit) {
		t.Helper()
		for i, q := range qs {
			got, err := QueryFulltext(snap, "ft", q)
			check(t, err)
			if !reflect.DeepEqual(got, want[i]) && !(len(got) == 0 && len(want[i]) == 0) {
				t.Fatalf("%s: %q: %d hits, built %d (first %v / %v)", what, q, len(got), len(want[i]), got[:min(3, len(got))], want[i][:min(3, len(want[i]))])
			}
			if used, _ := s.MemoryUsage(); used > limit {
				t.Fatalf("%s: after %q MemoryUsage is %d, over the budget of %d", what, q, used, limit)
			}
		}
	}

	s, err := Open(dir, &Options{MemoryBudget: budget, Logger: quietLogger{}})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	snap := g.Snapshot()
	want := builtFulltext(t, snap, qs)
	full := snap.version.buildSearchIdx(snap.version.search["ft"].def).bytes()
	if full < 3*budget {
		t.Fatalf("the index estimates %d bytes built in memory: not several times the budget of %d", full, budget)
	}
	ix := snap.version.search["ft"]
	if ix.lazy == nil || ix.lazy.stored == nil {
		t.Fatal("the index is not read from the search image")
	}
	run("opened", s, budget, snap, want)
	post := ix.data().postings
	if post == nil || post.bytes() > budget/2+1<<20 {
		t.Fatalf("the postings cache holds %d bytes", post.bytes())
	}
	if p := s.pages.pages(); p == 0 {
		t.Fatal("the page pool holds no postings")
	}

	// Commits: new documents, changed and deleted ones, on top of the
	// index read from the search image.
	words := func() value.String {
		w := ""
		for range 8 {
			w += fmt.Sprintf("w%dx ", r.Intn(60))
		}
		return value.String(w)
	}
	for round := 0; round < 3; round++ {
		tx := begin(t, g)
		l := must(tx.LabelIDOrCreate("Doc"))(t)
		k := must(tx.PropKeyIDOrCreate("text"))(t)
		for range 200 {
			must(tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: words()}))(t)
		}
		for range 200 {
			n := uint32(r.Intn(30_000))
			if !tx.NodeExists(n) {
				continue
			}
			if r.Intn(4) == 0 {
				check(t, tx.DeleteNode(n, true))
			} else {
				check(t, tx.SetNodeProp(n, k, words()))
			}
		}
		check(t, tx.Commit())
		snap = g.Snapshot()
		run(fmt.Sprint("commit ", round), s, budget, snap, builtFulltext(t, snap, qs))
	}
	want = builtFulltext(t, snap, qs)
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	check(t, s.Close())

	for _, b := range []int64{budget, 0} {
		s, err = Open(dir, &Options{ReadOnly: true, MemoryBudget: b, Logger: quietLogger{}})
		check(t, err)
		snap = mustGraph(t, s, DefaultGraph).Snapshot()
		if ix := snap.version.search["ft"]; ix.lazy == nil || ix.lazy.stored == nil || ix.lazy.touched != nil && !ix.lazy.touched.IsEmpty() {
			t.Fatal("after the commits the index is not read from a search image written after them")
		}
		if b == 0 {
			b = 1 << 62
		}
		run(fmt.Sprint("reopened with budget ", b), s, b, snap, want)
		check(t, s.Close())
	}
}
