package storage

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// TestStatsFollowCommits runs generated sequences of small commits
// (nodes created and deleted, labels added and removed, properties set
// and cleared, relationships created and deleted) on random graphs and
// checks after each commit, without an image written in between, that
// the counts are those recomputed from scratch (nodes per label,
// relationships per type and per label pair, self-loops, degrees, index
// entries), that the value statistics, while current, have the
// snapshot's own Nodes and Rows for every (label, key), and that the
// parts commits do not maintain stay within their bounds widened by the
// changes since they were computed (each changed node moves a distinct
// count or a value's count by at most one). Images written now and then
// carry the rows over to a reopen; a reopen that replays a journal adds
// the changes its records logged, so the rows stay exact.
func TestStatsFollowCommits(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			check(t, g.BulkLoad(context.Background(), zipfSource{seed: seed, nodes: 2000 + 500*int(seed), rels: 8000}, nil))
			r := rand.New(rand.NewSource(seed))
			person, admin, knows, keys := zipfIDs(g.Snapshot())
			current := 0
			for step := 0; step < 60; step++ {
				tx := begin(t, g)
				randomStatsOps(t, r, tx, person, admin, knows, keys, 1+r.Intn(40))
				check(t, tx.Commit())
				if step%20 == 19 {
					// An image write: the statistics carried over
					// (their rows as of now) or computed afresh.
					s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
				}
				if step == 39 || step == 50 {
					// A reopen: from the image just written (step
					// 39), or with a journal of commits after it.
					check(t, s.Close())
					s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
					check(t, err)
					g = mustGraph(t, s, DefaultGraph)
				}
				snap := g.Snapshot()
				if cs := snap.cellState(); cs != nil && !cs.rowsKnown {
					t.Fatalf("step %d: the rows' change is unknown", step)
				}
				fresh := *snap.version
				fresh.recomputeStats()
				statsEqual(t, snap.Stats(), fresh.Stats())
				for _, l := range []uint32{AnyLabel, person, admin} {
					for _, k := range keys {
						if checkCommittedValueStats(t, snap, l, k) {
							current++
						}
					}
				}
			}
			if current == 0 {
				t.Fatal("the value statistics were never current")
			}
			t.Logf("%d (label, key) statistics checked current", current)
			check(t, s.Close())
		})
	}
}

// randomStatsOps runs n random writes on a zipfSource graph.
func randomStatsOps(t *testing.T, r *rand.Rand, tx *Tx, person, admin, knows uint32, keys []uint32, n int) {
	colors := []value.Value{value.String("c1"), value.String("c2"), value.String("new"), value.Null{}}
	for i := 0; i < n; i++ {
		nodes := tx.version.all
		pick := func() uint32 {
			id, _ := nodes.Select(uint32(r.Intn(int(nodes.GetCardinality()))))
			return id
		}
		switch op := r.Intn(9); op {
		case 0:
			ls := []uint32{person}
			if r.Intn(3) == 0 {
				ls = append(ls, admin)
			}
			ps := map[uint32]value.Value{keys[0]: value.Int(100000 + r.Int63n(1000)), keys[2]: value.Int(r.Int63n(20))}
			if r.Intn(2) == 0 {
				ps[keys[1]] = colors[r.Intn(3)]
			}
			must(tx.CreateNode(ls, ps))(t)
		case 1:
			check(t, tx.DeleteNode(pick(), true))
		case 2:
			check(t, tx.AddLabel(pick(), admin))
		case 3:
			check(t, tx.RemoveLabel(pick(), []uint32{admin, person}[r.Intn(2)]))
		case 4:
			check(t, tx.SetNodeProp(pick(), keys[1], colors[r.Intn(len(colors))]))
		case 5:
			check(t, tx.SetNodeProp(pick(), keys[2], []value.Value{value.Int(r.Int63n(50)), value.Null{}}[r.Intn(2)]))
		case 6, 7:
			a, b := pick(), pick()
			must(tx.CreateRel(a, b, knows, nil))(t)
		default:
			a := pick()
			var rels []uint64
			tx.Expand(a, Out, AnyType, func(id uint64, _, _ uint32) bool { rels = append(rels, id); return true })
			if len(rels) > 0 {
				check(t, tx.DeleteRel(rels[r.Intn(len(rels))]))
			}
		}
	}
}

// checkCommittedValueStats checks r's value statistics of (label, key)
// against the values read node by node: Nodes and Rows exactly, the
// distinct count within 10% plus the changes since they were computed,
// a most common value's count at most its true count plus those changes
// and at least its true count less rows/sketchCounters and those
// changes. Rows are exact when their change since the computation is
// known (not after an open that replayed a journal). It reports whether
// they were current (not stale).
func checkCommittedValueStats(t *testing.T, r *Snapshot, label, key uint32) bool {
	t.Helper()
	ps, ok := r.PropStats(label, key)
	cs := r.cellState()
	if !ok {
		if cs != nil && !cs.stale(r.version) && cs.vs.decoded().err == nil {
			if _, had := cs.vs.props[indexKey{label, key}]; had {
				t.Fatalf("(%d, %d): current statistics read as absent", label, key)
			}
		}
		return false
	}
	nodes := r.AllNodes()
	if label != AnyLabel {
		nodes = r.NodesWithLabel(label)
	}
	counts := map[string]int{}
	rows := uint64(0)
	for it := nodes.Iterator(); it.HasNext(); {
		if v, ok := r.NodeProp(it.Next(), key); ok && !value.IsNull(v) {
			counts[value.Format(v)]++
			rows++
		}
	}
	if ps.Nodes != nodes.GetCardinality() || ps.Rows != rows && cs.rowsKnown {
		t.Fatalf("(%d, %d): nodes %d rows %d, want %d %d", label, key, ps.Nodes, ps.Rows, nodes.GetCardinality(), rows)
	}
	changes := float64(r.vchanges - cs.at)
	if d := float64(len(counts)); math.Abs(ps.Distinct-d) > 0.1*d+changes+1 {
		t.Fatalf("(%d, %d): distinct %.0f, want %.0f within 10%% + %.0f changes", label, key, ps.Distinct, d, changes)
	}
	slack := float64(cs.vs.nodes) / sketchCounters
	for _, m := range ps.MCV {
		truth := float64(counts[value.Format(m.Value)])
		if c := float64(m.Count); c > truth+changes || c < truth-slack-changes {
			t.Fatalf("(%d, %d): value %v counted %v, truly %v (slack %.0f, %.0f changes)", label, key, m.Value, c, truth, slack, changes)
		}
	}
	return true
}

// zipfIDs are the ids of zipfSource's labels Person and Admin, type
// KNOWS and keys id, color and score, which the statistics tests write
// with.
func zipfIDs(snap *Snapshot) (person, admin, knows uint32, keys []uint32) {
	person, _ = snap.LabelID("Person")
	admin, _ = snap.LabelID("Admin")
	knows, _ = snap.TypeID("KNOWS")
	for _, k := range []string{"id", "color", "score"} {
		id, _ := snap.PropKeyID(k)
		keys = append(keys, id)
	}
	return person, admin, knows, keys
}
