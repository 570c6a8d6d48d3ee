package metamorphic

import (
	"context"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
)

// TestPlanCacheReuse runs every form of every question twice on seeded
// random graphs and, when the shared datasets are present, on the movies
// graph, and checks that the second run reuses the first one's plan: a
// form that is planned again on each run pays the planner's time (often
// more than the run's) every time, which no VM step count shows. Counts,
// not timings: the store's plan cache counts its hits and compiles.
func TestPlanCacheReuse(t *testing.T) {
	sets := randomDatasets(t, 2)
	if _, ok := testenv.Shared(); ok {
		sets = append(sets, movies(t))
	}
	for _, q := range Questions() {
		forms := Generate(q.Query, *planForms, q.Seed())
		for _, ds := range sets {
			if ds.schema != q.Schema {
				continue
			}
			for _, f := range forms {
				if f.Program {
					continue // a program compiles each of its statements
				}
				text := Bind(f.Text, ds.params)
				if r := run(context.Background(), ds.db, text, false); r.err != nil {
					t.Fatalf("%s on %s: %s: %v", q.Name, ds.name, text, r.err)
				}
				before := ds.db.PlanCacheCounts()
				if r := run(context.Background(), ds.db, text, false); r.err != nil {
					t.Fatalf("%s on %s: %s: %v", q.Name, ds.name, text, r.err)
				}
				after := ds.db.PlanCacheCounts()
				if after.Compiles != before.Compiles || after.Hits != before.Hits+1 {
					t.Errorf("%s on %s: the second run of a form planned it again (%d compiles, %d hits): %s [%v]",
						q.Name, ds.name, after.Compiles-before.Compiles, after.Hits-before.Hits, text, f.Rules)
				}
			}
		}
	}
}
