package storage

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// TestOverlayCrashAgainstModel runs random transactions against the model
// and, after many of them, opens a crash image of the filesystem (only what
// was synced, plus a random share of what was not): the graph must open
// from its image and journal (never from the records, as no bulk load
// runs), hold every committed transaction, and read exactly as the live
// store, statistics and indexes included. Closes and reopens in between
// sometimes fold the journal into a new image (the journal floor is drawn
// per store), so crash images see journals on top of images of all ages,
// and graphs with no image at all.
func TestOverlayCrashAgainstModel(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			fs := vfs.NewCrashableMem()
			open := func(fs vfs.FS) *Store {
				t.Helper()
				s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
				check(t, err)
				if rng.Intn(2) == 0 {
					s.journalFloor = int64(rng.Intn(200))
				}
				return s
			}
			s := open(fs)
			g := mustGraph(t, s, DefaultGraph)
			m := newModel()
			tx := begin(t, g)
			var labels, types, keys []uint32
			for i := 0; i < 3; i++ {
				labels = append(labels, must(tx.LabelIDOrCreate(fmt.Sprint("L", i)))(t))
				types = append(types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
				keys = append(keys, must(tx.PropKeyIDOrCreate(fmt.Sprint("k", i)))(t))
			}
			check(t, tx.CreateIndex(labels[0], keys[1]))
			check(t, tx.Commit())
			crashes := 0
			for round := 0; round < 120; round++ {
				before := m.clone()
				tx := begin(t, g)
				randomOps(t, rng, tx, m, 1+rng.Intn(40), labels, types, keys)
				if rng.Intn(5) == 0 {
					tx.Rollback()
					m = before
				} else {
					check(t, tx.Commit())
				}
				switch rng.Intn(8) {
				case 0:
					check(t, s.Close())
					s = open(fs)
					g = mustGraph(t, s, DefaultGraph)
					if g.rebuilt {
						t.Fatalf("round %d: reopened from the records", round)
					}
					m.verify(t, g.Snapshot())
				case 1, 2, 3:
					crashes++
					clone := fs.CrashClone(vfs.CrashCloneCfg{UnsyncedDataPercent: rng.Intn(101), RNG: randv2.New(randv2.NewPCG(uint64(seed), uint64(round)))})
					cs := open(clone)
					cg := mustGraph(t, cs, DefaultGraph)
					if cg.rebuilt {
						t.Fatalf("round %d: the crash image was read from the records", round)
					}
					m.verify(t, cg.Snapshot())
					sameGraph(t, g.Snapshot(), cg.Snapshot())
					check(t, cg.Snapshot().checkConsistency())
					// A write on top of the recovered graph, then a clean
					// reopen of the clone, still agree with the model.
					ctx := begin(t, cg)
					m2 := m.clone()
					randomOps(t, rng, ctx, m2, 5, labels, types, keys)
					check(t, ctx.Commit())
					check(t, cs.Close())
					cs = open(clone)
					m2.verify(t, mustGraph(t, cs, DefaultGraph).Snapshot())
					check(t, cs.Close())
				}
			}
			check(t, s.Close())
			if crashes == 0 {
				t.Fatal("no crash image was opened")
			}
		})
	}
}
