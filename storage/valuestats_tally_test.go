package storage

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// mcvCount is the count PropStats gives v in its most common values (0:
// not listed) and the estimate of rows equal to v.
func mcvCount(t *testing.T, snap *Snapshot, label, key uint32, v value.Value) (uint64, float64) {
	t.Helper()
	ps, ok := snap.PropStats(label, key)
	if !ok {
		t.Fatalf("(%d, %d): no current statistics", label, key)
	}
	for _, m := range ps.MCV {
		if value.Equal(m.Value, v) == value.True {
			return m.Count, ps.EqualRows(v)
		}
	}
	return 0, ps.EqualRows(v)
}

// TestMCVFollowsSkewedInserts writes one new value to many nodes in one
// commit, then takes it from some, and checks that the most common values
// list it with its count at once (and across an image that carries the
// statistics over, and a reopen from it), not at the next computation.
func TestMCVFollowsSkewedInserts(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	check(t, g.BulkLoad(context.Background(), zipfSource{seed: 4, nodes: 12000, rels: 4000}, nil))
	person, _, _, keys := zipfIDs(g.Snapshot())
	color := keys[1]
	hot := value.String("hot")
	if c, _ := mcvCount(t, g.Snapshot(), person, color, hot); c != 0 {
		t.Fatalf("hot counted %d before any insert", c)
	}
	tx := begin(t, g)
	var made []uint32
	for i := 0; i < 1500; i++ {
		made = append(made, must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{color: hot}))(t))
	}
	check(t, tx.Commit())
	for _, l := range []uint32{person, AnyLabel} {
		if c, eq := mcvCount(t, g.Snapshot(), l, color, hot); c != 1500 || eq != 1500 {
			t.Fatalf("label %d: hot counted %d (equal rows %.0f) after 1,500 inserts", l, c, eq)
		}
	}
	tx = begin(t, g)
	for _, id := range made[:400] {
		check(t, tx.DeleteNode(id, true))
	}
	for _, id := range made[400:500] {
		check(t, tx.SetNodeProp(id, color, value.String("cold")))
	}
	check(t, tx.Commit())
	if c, _ := mcvCount(t, g.Snapshot(), person, color, hot); c != 1000 {
		t.Fatalf("hot counted %d after 400 deletes and 100 overwrites, want 1000", c)
	}
	if c, _ := mcvCount(t, g.Snapshot(), person, color, value.String("cold")); c != 100 {
		t.Fatalf("cold counted %d, want 100", c)
	}
	// An image write carries the statistics over with the summaries'
	// counts; a reopen from it reads them.
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	if c, _ := mcvCount(t, g.Snapshot(), person, color, hot); c != 1000 {
		t.Fatalf("hot counted %d after an image write, want 1000", c)
	}
	check(t, s.Close())
	s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
	check(t, err)
	g = mustGraph(t, s, DefaultGraph)
	if c, _ := mcvCount(t, g.Snapshot(), person, color, hot); c != 1000 {
		t.Fatalf("hot counted %d after a reopen, want 1000", c)
	}
	// Commits after the image count from it, not twice.
	tx = begin(t, g)
	for i := 0; i < 200; i++ {
		must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{color: hot}))(t)
	}
	check(t, tx.Commit())
	if c, _ := mcvCount(t, g.Snapshot(), person, color, hot); c != 1200 {
		t.Fatalf("hot counted %d after 200 more, want 1200", c)
	}
	check(t, s.Close())
}

// TestMCVWithinBoundAfterCommits runs generated sequences of commits that
// insert skewed values (a few values drawn often, many rarely), delete
// nodes, overwrite and clear values, and checks after each that every
// listed value's count c lies within the stated bound of its true count:
//
//	truth - slack - inserted/tallyCounters <= c <= truth + removed(v)
//
// where slack is the computed list's (rows/sketchCounters), inserted the
// values inserted since the computation and removed(v) the values v taken
// away since; and that a value holding more than a tenth of the rows, and
// more than the lower bound's allowance, is listed.
func TestMCVWithinBoundAfterCommits(t *testing.T) {
	checked := 0
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			s, err := Open("", &Options{FS: vfs.NewMem(), Logger: quietLogger{}})
			check(t, err)
			defer s.Close()
			g := mustGraph(t, s, DefaultGraph)
			check(t, g.BulkLoad(context.Background(), zipfSource{seed: seed, nodes: 6000, rels: 3000}, nil))
			person, _, _, keys := zipfIDs(g.Snapshot())
			// The loaded key (whose computed list is full), or a key
			// no node held when the statistics were computed.
			color := keys[1]
			if seed%2 == 0 {
				tx := begin(t, g)
				color = must(tx.PropKeyIDOrCreate("tag"))(t)
				check(t, tx.Commit())
			}
			r := rand.New(rand.NewSource(seed))
			zipf := rand.NewZipf(r, 1.2+0.3*float64(seed), 1, 400)
			inserted, removed := int64(0), map[string]int64{}
			for step := 0; step < 25; step++ {
				tx := begin(t, g)
				for i := r.Intn(100); i > 0; i-- {
					nodes := tx.version.all
					id, _ := nodes.Select(uint32(r.Intn(int(nodes.GetCardinality()))))
					old, had := tx.version.NodeProp(id, color)
					had = had && !value.IsNull(old)
					v := value.String(fmt.Sprintf("z%d", zipf.Uint64()))
					switch r.Intn(10) {
					case 0:
						check(t, tx.DeleteNode(id, true))
						if had {
							removed[value.Format(old)]++
						}
					case 1:
						check(t, tx.SetNodeProp(id, color, value.Null{}))
						if had {
							removed[value.Format(old)]++
						}
					case 2:
						check(t, tx.SetNodeProp(id, color, v))
						if had && value.Equal(old, v) != value.True {
							removed[value.Format(old)]++
							inserted++
						} else if !had {
							inserted++
						}
					default:
						must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{color: v}))(t)
						inserted++
					}
				}
				check(t, tx.Commit())
				snap := g.Snapshot()
				for _, l := range []uint32{AnyLabel, person} {
					if checkMCVBound(t, snap, l, color, inserted, removed) {
						checked++
					}
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("the statistics were never current")
	}
	t.Logf("%d statistics checked", checked)
}

func checkMCVBound(t *testing.T, snap *Snapshot, label, key uint32, inserted int64, removed map[string]int64) bool {
	t.Helper()
	ps, ok := snap.PropStats(label, key)
	if !ok {
		return false
	}
	cs := snap.cellState()
	nodes := snap.AllNodes()
	if label != AnyLabel {
		nodes = snap.NodesWithLabel(label)
	}
	counts := map[string]int64{}
	var rows int64
	for it := nodes.Iterator(); it.HasNext(); {
		if v, ok := snap.NodeProp(it.Next(), key); ok && !value.IsNull(v) {
			counts[value.Format(v)]++
			rows++
		}
	}
	slack := int64(cs.vs.nodes)/sketchCounters + inserted/tallyCounters
	listed := map[string]bool{}
	for _, m := range ps.MCV {
		f := value.Format(m.Value)
		listed[f] = true
		truth, c := counts[f], int64(m.Count)
		if c > truth+removed[f] || c < truth-slack {
			t.Fatalf("(%d, %d): %s counted %d, truly %d (allowance %d below, %d above)", label, key, f, c, truth, slack, removed[f])
		}
	}
	for f, n := range counts {
		if n > rows/10 && n > slack && !listed[f] {
			t.Fatalf("(%d, %d): %s holds %d of %d rows and is not listed: %v", label, key, f, n, rows, ps.MCV)
		}
	}
	return true
}
