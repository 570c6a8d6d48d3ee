package storage

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// distinctModel is what a test knows of the values of each (label, key)
// (pair): every value hash present at some version since the statistics
// were last computed (the registers hold exactly those, or after a
// reopen that replayed a journal at least those present now), and
// whether a journal was replayed since.
type distinctModel struct {
	union    map[uint64]map[uint64]bool
	replayed bool
}

// present returns the value hashes of each pair in r.
func presentValues(r *Snapshot) map[uint64]map[uint64]bool {
	out := map[uint64]map[uint64]bool{}
	add := func(k, h uint64) {
		if out[k] == nil {
			out[k] = map[uint64]bool{}
		}
		out[k][h] = true
	}
	for it := r.AllNodes().Iterator(); it.HasNext(); {
		p, i := r.node(it.Next())
		for _, pr := range p.props[i] {
			if value.IsNull(pr.val) {
				continue
			}
			h := valueHash(pr.val)
			add(pair(AnyLabel, pr.key), h)
			for _, l := range p.labels[i] {
				add(pair(l, pr.key), h)
			}
		}
	}
	return out
}

// reset makes the model's union the values present in r (the statistics
// were just computed from r).
func (m *distinctModel) reset(r *Snapshot) {
	m.union = presentValues(r)
	m.replayed = false
}

// observe adds the values present in r to the union.
func (m *distinctModel) observe(r *Snapshot) {
	for k, hs := range presentValues(r) {
		if m.union[k] == nil {
			m.union[k] = map[uint64]bool{}
		}
		for h := range hs {
			m.union[k][h] = true
		}
	}
}

func registersOf(hs map[uint64]bool) *[1 << hllBits]uint8 {
	r := new([1 << hllBits]uint8)
	for h := range hs {
		if i, rank := hllPlace(h); rank > r[i] {
			r[i] = rank
		}
	}
	return r
}

// checkDistinctFollow checks r's value statistics against a computation
// from scratch of r's nodes: for every (label, key) the nodes and rows
// are the same (exact, also after a reopen that replayed a journal); the
// registers hold every value present (at least the fresh computation's,
// register by register) and no value absent since the statistics were
// computed (at most the model's union; exactly it without a journal
// replayed since); the estimate is within three standard errors of the
// distinct values, from those present now to those in the union. It
// returns the (label, key)s checked.
func checkDistinctFollow(t *testing.T, step int, r *Snapshot, m *distinctModel) int {
	t.Helper()
	cs := r.cellState()
	if cs == nil || !cs.vs.hasRegs || cs.vs.decoded().err != nil {
		t.Fatalf("step %d: no statistics with registers", step)
	}
	vb := newValueStatsBuilder()
	for pi, p := range r.nodes.all() {
		vb.addPage(pi, p)
	}
	fresh := vb.stats(r.version)
	present := presentValues(r)
	keys := map[indexKey]bool{}
	for k := range fresh.props {
		keys[k] = true
	}
	for k := range cs.vs.props {
		keys[k] = true
	}
	for k := range keys {
		pk := pair(k.label, k.key)
		want := fresh.props[k]
		nodes := r.NodeCount()
		if k.label != AnyLabel {
			nodes = r.LabelCount(k.label)
		}
		ps, ok := r.propStatsOf(cs, k.label, k.key)
		if !ok {
			t.Fatalf("step %d: (%d, %d): no statistics", step, k.label, k.key)
		}
		if ps.Nodes != nodes || ps.Rows != want.Rows {
			t.Fatalf("step %d: (%d, %d): nodes %d rows %d, recomputed %d %d", step, k.label, k.key, ps.Nodes, ps.Rows, nodes, want.Rows)
		}
		if want.Rows == 0 {
			continue
		}
		regs := r.regsOf(cs, pk)
		if regs == nil {
			t.Fatalf("step %d: (%d, %d): no registers for %d rows", step, k.label, k.key, want.Rows)
		}
		got, low, high := regs.dense(), fresh.regs[pk].dense(), registersOf(m.union[pk])
		for i := range got {
			if got[i] != regs.get(i) {
				t.Fatalf("step %d: (%d, %d): register %d read %d, %d in the array", step, k.label, k.key, i, regs.get(i), got[i])
			}
			if got[i] < low[i] || got[i] > high[i] || !m.replayed && got[i] != high[i] {
				t.Fatalf("step %d: (%d, %d): register %d is %d, want %d..%d (replayed %v)", step, k.label, k.key, i, got[i], low[i], high[i], m.replayed)
			}
		}
		e := regs.estimate()
		lo, hi := float64(len(present[pk])), float64(len(m.union[pk]))
		if e < lo*(1-3*hllStdErr)-1 || e > hi*(1+3*hllStdErr)+1 {
			t.Fatalf("step %d: (%d, %d): distinct estimate %.1f, want %.0f..%.0f within 3 standard errors", step, k.label, k.key, e, lo, hi)
		}
		if d := max(min(e, float64(ps.Rows)), float64(len(ps.MCV)), 1); ps.Distinct != d {
			t.Fatalf("step %d: (%d, %d): distinct %v, registers estimate %v", step, k.label, k.key, ps.Distinct, d)
		}
	}
	return len(keys)
}

// TestDistinctFollowCommits runs generated sequences of commits (nodes
// created with new and repeated values and deleted, labels added and
// removed, properties set and removed, relationships created and
// deleted), image writes (computing the statistics afresh or carrying
// them over), and reopens (from the image alone or replaying a journal)
// on random graphs, and checks after each step the value statistics
// against a computation from scratch (checkDistinctFollow). Values taken
// away past the sketch's error make the next image write compute the
// statistics afresh.
func TestDistinctFollowCommits(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			fs := vfs.NewMem()
			opts := func() *Options { return &Options{FS: fs, Logger: quietLogger{}} }
			s, err := Open("db", opts())
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			check(t, g.BulkLoad(context.Background(), zipfSource{seed: seed, nodes: 1500 + 500*int(seed), rels: 5000}, nil))
			r := rand.New(rand.NewSource(seed))
			snap := g.Snapshot()
			person, admin, knows, keys := zipfIDs(snap)
			m := &distinctModel{}
			m.reset(snap)
			checked, replays, fresh, removalRefresh := 0, 0, 0, 0
			nextID := int64(1 << 40)
			for step := 0; step < 70; step++ {
				switch op := r.Intn(10); {
				case op == 0 && step > 0:
					// An image write: the statistics computed afresh
					// (stale, or too many values taken away) or
					// carried over with their registers.
					v := g.cur.Load()
					cs := v.cellState()
					removals := cs.removalsStale(v)
					s.foldJournal(g, v, g.seq.Load(), g.journalChanges.Load())
					if ncs := v.cellState(); ncs.at != cs.at {
						m.reset(g.Snapshot())
						fresh++
						if removals {
							removalRefresh++
						}
					} else if removals {
						t.Fatalf("step %d: values taken away past the error did not make the image write compute afresh", step)
					}
				case op == 1 && step > 0:
					// A reopen: from the image, replaying the
					// journal of the commits since.
					v := g.cur.Load()
					cs := v.cellState()
					check(t, s.Close())
					if ncs := v.cellState(); ncs.at != cs.at {
						// Close wrote an image that computed them.
						m.reset(&Snapshot{v})
						fresh++
					}
					s, err = Open("db", opts())
					check(t, err)
					g = mustGraph(t, s, DefaultGraph)
					if g.Snapshot().vchanges > 0 {
						m.replayed = true
						replays++
					}
				case op == 2:
					// Many new distinct values in one commit.
					tx := begin(t, g)
					for i, n := 0, 20+r.Intn(300); i < n; i++ {
						nextID++
						ls := []uint32{person}
						if r.Intn(4) == 0 {
							ls = append(ls, admin)
						}
						must(tx.CreateNode(ls, map[uint32]value.Value{keys[0]: value.Int(nextID), keys[2]: value.Float(float64(nextID) + 0.5)}))(t)
					}
					check(t, tx.Commit())
				default:
					tx := begin(t, g)
					randomStatsOps(t, r, tx, person, admin, knows, keys, 1+r.Intn(40))
					check(t, tx.Commit())
				}
				snap := g.Snapshot()
				m.observe(snap)
				checked += checkDistinctFollow(t, step, snap, m)
			}
			t.Logf("%d (label, key) checks; %d reopens replayed a journal; %d image writes computed afresh (%d for values taken away)", checked, replays, fresh, removalRefresh)
			if replays == 0 || fresh == 0 {
				t.Fatalf("the sequence replayed no journal (%d) or computed no statistics afresh (%d)", replays, fresh)
			}
			check(t, s.Close())
		})
	}
}

// TestDistinctFromOlderImage opens an image written before the registers
// were kept (version 4) with journal records that log no value delta:
// its statistics read as they were (the rows the image's), the journal's
// and later commits' values raise the registers, and the next image write
// computes the statistics with their registers, which a reopen then
// reads.
func TestDistinctFromOlderImage(t *testing.T) {
	fs := vfs.NewMem()
	opts := &Options{FS: fs, Logger: quietLogger{}}
	imageWriteVersion = 4
	s, err := Open("db", opts)
	if err != nil {
		imageWriteVersion = imageVersion
		t.Fatal(err)
	}
	g := mustGraph(t, s, DefaultGraph)
	err = g.BulkLoad(context.Background(), zipfSource{seed: 7, nodes: 3000, rels: 2000}, nil)
	if err == nil {
		// Journal records without the value delta.
		var tx *Tx
		if tx, err = g.Begin(context.Background()); err == nil {
			person, _ := tx.LabelID("Person")
			id, _ := tx.PropKeyID("id")
			for i := 0; i < 100 && err == nil; i++ {
				_, err = tx.CreateNode([]uint32{person}, map[uint32]value.Value{id: value.Int(int64(5000 + i))})
			}
			if err == nil {
				err = tx.Commit()
			}
		}
	}
	if err == nil {
		err = s.Close()
	}
	imageWriteVersion = imageVersion
	check(t, err)

	// Opened as it is (not rewritten for its indexes' runs).
	migrateOldImages = false
	defer func() { migrateOldImages = true }()
	s, err = Open("db", opts)
	check(t, err)
	defer func() { check(t, s.Close()) }()
	g = mustGraph(t, s, DefaultGraph)
	snap := g.Snapshot()
	id, _ := snap.PropKeyID("id")
	person, _ := snap.LabelID("Person")
	if snap.nodes.img == nil || snap.nodes.img.version != 4 {
		t.Fatal("the graph did not open from its version 4 image")
	}
	cs := snap.cellState()
	if cs == nil || cs.vs.hasRegs || cs.rowsKnown || snap.vchanges != 100 {
		t.Fatal("a version 4 image and journal: statistics without registers and rows unknown expected")
	}
	// The rows are the image's; the values the journal logged raise
	// the estimate.
	ps, ok := snap.PropStats(person, id)
	if !ok || ps.Rows != 3000 || math.Abs(ps.Distinct-3000) > 3*hllStdErr*3000 {
		t.Fatalf("statistics from the older image: %+v %v", ps, ok)
	}
	if r := snap.regsOf(cs, pair(person, id)); r == nil || math.Abs(r.estimate()-100) > 3 {
		t.Fatalf("registers of the journal's 100 values: %v", r)
	}
	// Inserted values raise the estimate over the image's.
	tx := begin(t, g)
	for i := 0; i < 3000; i++ {
		must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{id: value.Int(int64(10000 + i))}))(t)
	}
	check(t, tx.Commit())
	ps, _ = g.Snapshot().propStatsOf(g.Snapshot().cellState(), person, id)
	if ps.Rows != 3000 || ps.Distinct < 3000*(1-3*hllStdErr) {
		t.Fatalf("after inserts: %+v", ps)
	}
	// The next image write computes the registers.
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	if cs := g.Snapshot().cellState(); !cs.vs.hasRegs || !cs.rowsKnown || cs.regsFrom != g.cur.Load().vregs {
		t.Fatal("the image write after an older image kept statistics without registers")
	}
	check(t, s.Close())
	s, err = Open("db", opts)
	check(t, err)
	g = mustGraph(t, s, DefaultGraph)
	snap = g.Snapshot()
	if snap.nodes.img.version != imageVersion || !snap.cellState().vs.hasRegs {
		t.Fatal("the rewritten image is not of the current version")
	}
	ps, ok = snap.PropStats(person, id)
	if !ok || ps.Rows != 6100 || math.Abs(ps.Distinct-6100) > 3*hllStdErr*6100 {
		t.Fatalf("after the rewrite: %+v %v", ps, ok)
	}
}

// TestFNV64a checks the allocation-free FNV-1a against hash/fnv's: the
// registers an image holds were filled with it.
func TestFNV64a(t *testing.T) {
	for _, s := range []string{"", "a", "c17", "a longer string value with spaces", "\x00\xff"} {
		h := fnv.New64a()
		_, _ = h.Write([]byte(s))
		if got, want := fnv64a(s), h.Sum64(); got != want {
			t.Errorf("fnv64a(%q) = %x, want %x", s, got, want)
		}
	}
	if testing.AllocsPerRun(100, func() { valueHash(value.String("some value")) }) != 0 {
		t.Error("hashing a string value allocates")
	}
}
