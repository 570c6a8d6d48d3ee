package scaling

import (
	"context"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/storage"
)

// TestBudgetedQueries runs the warm queries of the scaling benchmark on a
// small PowerLaw graph opened under MemoryBudgets that hold the store's
// structures and from a quarter of the pages to all of them: every answer is the unbudgeted one, and what the
// store counts (its structures, cached pages and the queries' working
// memory) stays within the budget throughout (Store.MemoryPeak, sampled
// at every page cached and every step of a query's memory).
func TestBudgetedQueries(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a graph")
	}
	const rels = 200_000
	dir := t.TempDir()
	db, err := cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	query(t, db, "CREATE INDEX FOR (n:Person) ON (n.id)", nil)
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.BulkLoad(context.Background(), PowerLaw{Rels: rels, Seed: 1}, nil); err != nil {
		t.Fatal(err)
	}
	p := PowerLaw{Rels: rels, Seed: 1}
	want := map[string]int64{}
	for _, q := range queries {
		want[q.id] = query(t, db, q.cypher, q.params(p))
	}
	full, _ := db.Store().MemoryUsage()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	// The budgets hold the store's structures (counted after opening,
	// before any page is read) and a quarter of the pages, half, all, and
	// four times the whole.
	db, err = cyq.Open(dir, &cyq.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	fixed, _ := db.Store().MemoryUsage()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{fixed + (full-fixed)/4, fixed + (full-fixed)/2, full, 4 * full} {
		db, err := cyq.Open(dir, &cyq.Options{ReadOnly: true, Storage: &storage.Options{MemoryBudget: budget}})
		if err != nil {
			t.Fatalf("budget %d: %v", budget, err)
		}
		for round := 0; round < 2; round++ {
			for _, q := range queries {
				if got := query(t, db, q.cypher, q.params(p)); got != want[q.id] {
					t.Errorf("budget %d: %s = %d, want %d", budget, q.id, got, want[q.id])
				}
			}
		}
		used, _ := db.Store().MemoryUsage()
		peak := db.Store().MemoryPeak()
		t.Logf("budget %7d: peak counted %7d, after the queries %7d (unbudgeted: %d)", budget, peak, used, full)
		if peak <= 0 || peak > budget {
			t.Errorf("budget %d: counted memory peaked at %d", budget, peak)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
