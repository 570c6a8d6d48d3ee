package storage

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// valueEstimates prints what the planner reads of the value statistics
// of (label, key) for every label and key given: the rows, the most common
// values with their counts, and the equal-rows estimate of each of probes.
func valueEstimates(t *testing.T, snap *Snapshot, labels, keys []uint32, probes []value.Value) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, l := range labels {
		for _, k := range keys {
			ps, ok := snap.PropStats(l, k)
			if !ok {
				out[fmt.Sprint(l, k)] = "none"
				continue
			}
			s := fmt.Sprintf("rows %d mcv", ps.Rows)
			for _, m := range ps.MCV {
				s += fmt.Sprintf(" %s:%d", value.Format(m.Value), m.Count)
			}
			for _, p := range probes {
				s += fmt.Sprintf(" =%s:%.3f", value.Format(p), ps.EqualRows(p))
			}
			out[fmt.Sprint(l, k)] = s
		}
	}
	return out
}

// TestValueSummariesSurviveReopen writes skewed values after an image
// (one value to many nodes, then deletes and overwrites of some, then
// generated writes), closes the store with those commits in its journal
// only, reopens it and checks that every (label, key)'s estimates (most
// common values, counts, equal rows of the values written) are those
// before the close, and that they differ from the image's (the commits
// moved them): the reopen made the value summaries again from the
// journal rather than starting them empty.
func TestValueSummariesSurviveReopen(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			check(t, g.BulkLoad(context.Background(), zipfSource{seed: seed, nodes: 6000, rels: 2000}, nil))
			person, admin, knows, keys := zipfIDs(g.Snapshot())
			labels := []uint32{AnyLabel, person, admin}
			s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
			r := rand.New(rand.NewSource(seed))
			hot := value.String(fmt.Sprintf("hot%d", seed))
			probes := []value.Value{hot, value.String("cold"), value.Int(1), value.Int(2), value.String("red")}
			atImage := valueEstimates(t, g.Snapshot(), labels, keys, probes)
			tx := begin(t, g)
			var made []uint32
			for range 300 + r.Intn(900) {
				made = append(made, must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{keys[1]: hot}))(t))
			}
			check(t, tx.Commit())
			tx = begin(t, g)
			for _, id := range made[:len(made)/4] {
				check(t, tx.DeleteNode(id, true))
			}
			for _, id := range made[len(made)/4 : len(made)/3] {
				check(t, tx.SetNodeProp(id, keys[1], value.String("cold")))
			}
			check(t, tx.Commit())
			for range 10 {
				tx := begin(t, g)
				randomStatsOps(t, r, tx, person, admin, knows, keys, 1+r.Intn(40))
				check(t, tx.Commit())
			}
			before := valueEstimates(t, g.Snapshot(), labels, keys, probes)
			check(t, s.Close())
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			defer s.Close()
			g = mustGraph(t, s, DefaultGraph)
			after := valueEstimates(t, g.Snapshot(), labels, keys, probes)
			moved := 0
			for k, b := range before {
				if after[k] != b {
					t.Errorf("(label, key) %s after the reopen:\n %s\nbefore the close:\n %s", k, after[k], b)
				}
				if atImage[k] != b {
					moved++
				}
			}
			if moved == 0 {
				t.Error("the commits after the image moved no estimate: the test checks nothing")
			}
		})
	}
}
