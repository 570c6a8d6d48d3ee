package storage

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestGenerationMovesWithStats runs random small commits (creates,
// deletes, label adds and removes, property sets, relationships) and
// checks that two snapshots with one Generation have the same statistics
// (counts, and the value statistics the planner reads), as plan caches
// rely on: a commit that changes them moves the generation, and so does
// an image write that refreshes the value statistics.
func TestGenerationMovesWithStats(t *testing.T) {
	s, err := Open(t.TempDir(), &Options{Logger: quietLogger{}})
	check(t, err)
	defer s.Close()
	s.stopImageWriter()
	g := mustGraph(t, s, DefaultGraph)
	sc := newSearchSchema(t, g)
	r := rand.New(rand.NewSource(11))
	describe := func(snap *Snapshot) string {
		p, ok := snap.PropStats(sc.doc, sc.text)
		return fmt.Sprint(statsOnly(snap.Stats()), p, ok)
	}
	prev := g.Snapshot()
	for i := 0; i < 200; i++ {
		if again := g.Snapshot(); again.Generation() != prev.Generation() {
			t.Fatalf("commit %d: two snapshots of one version differ in generation", i)
		}
		tx := begin(t, g)
		randomSearchOps(t, r, tx, sc, 1+r.Intn(8))
		if r.Intn(5) == 0 {
			tx.Rollback()
		} else {
			check(t, tx.Commit())
		}
		if i%50 == 49 {
			s.writeNeededImages(t.Context())
		}
		snap := g.Snapshot()
		if snap.Generation() == prev.Generation() && describe(snap) != describe(prev) {
			t.Fatalf("commit %d: the statistics moved, the generation did not:\n%s\n%s", i, describe(prev), describe(snap))
		}
		prev = snap
	}
}
