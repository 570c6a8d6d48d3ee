package storage

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/value"
)

// TestJournalEstimateCountsReplayedStates checks the memory estimate of a
// journal an open replays: every node state its records log is held while
// the open replays them, not only each node's last. Generated journals
// rewrite a few nodes many times (states replaced by later records), or
// many nodes once, with large or small values and deletions; for each,
// the estimate (patches plus replaced states) must cover what the logged
// states hold (their property bytes), and a store opened under a budget
// folds the journal into an image exactly when that estimate passes an
// eighth of the budget, the journal's length staying below journalLimit.
func TestJournalEstimateCountsReplayedStates(t *testing.T) {
	const budget = 8 << 20
	folded, kept := 0, 0
	for c := range 12 {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			nodes := []int{4, 40, 400}[c%3]
			rounds := []int{1, 6, 60, 200}[c/3]
			size := 64 << (c % 5) // 64 B to 1 KiB
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			s.journalFloor = 1 << 30 // the close keeps the journal
			g := mustGraph(t, s, DefaultGraph)
			tx := begin(t, g)
			l := must(tx.LabelIDOrCreate("L"))(t)
			k := must(tx.PropKeyIDOrCreate("k"))(t)
			var ids []uint32
			for range nodes {
				ids = append(ids, must(tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: value.String("x")}))(t))
			}
			check(t, tx.Commit())
			s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
			for r := range rounds {
				tx := begin(t, g)
				for i, id := range ids {
					if r == rounds-1 && i%7 == 3 {
						check(t, tx.DeleteNode(id, true))
						continue
					}
					v := value.String(strings.Repeat(string(rune('a'+r%26)), size))
					check(t, tx.SetNodeProp(id, k, v))
				}
				check(t, tx.Commit())
			}
			check(t, s.Close())

			// The journal as the next open reads it.
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, ReadOnly: true})
			check(t, err)
			g = mustGraph(t, s, DefaultGraph)
			if g.imgSeq.Load() == g.seq.Load() {
				t.Log("the close folded the journal")
				check(t, s.Close())
				return
			}
			js, ok, err := s.readJournal(g.id, g.imgSeq.Load(), g.seq.Load())
			check(t, err)
			if !ok {
				t.Fatal("the journal does not chain from the image")
			}
			img, err := readImage(s.opts.FS, s.dir, g.id)
			check(t, err)
			if _, err := s.versionFromImage(img, g.id, js); err != nil {
				t.Fatal(err)
			}
			// The property bytes of every state the records log (a close
			// may have folded earlier rounds into the image).
			var logged int64
			for _, st := range js.steps {
				for _, pr := range st.after.props {
					if str, ok := pr.val.(value.String); ok {
						logged += int64(len(str))
					}
				}
			}
			if logged == 0 {
				t.Fatal("the journal logs no values")
			}
			est := js.mem + js.replaced
			if est < logged {
				t.Errorf("estimate %d bytes for %d bytes of logged values", est, logged)
			}
			changes := js.changes
			check(t, s.Close())

			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, MemoryBudget: budget})
			check(t, err)
			g = mustGraph(t, s, DefaultGraph)
			if changes > s.journalLimit(g.imgSize.Load()) {
				t.Fatalf("%d changes: past journalLimit", changes)
			}
			isFolded := g.imgSeq.Load() == g.seq.Load()
			if want := est > budget/8; isFolded != want {
				t.Errorf("estimate %d bytes (budget/8 = %d): folded %v, want %v", est, budget/8, isFolded, want)
			}
			if isFolded {
				folded++
			} else {
				kept++
			}
			check(t, s.Close())
		})
	}
	if folded == 0 || kept == 0 {
		t.Errorf("folded %d journals and kept %d: the cases do not reach both sides", folded, kept)
	}
}
