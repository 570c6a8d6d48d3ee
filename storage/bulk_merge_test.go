package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// randomBatch is a random bulk load into a graph the model m describes:
// new nodes, and relationships between any live nodes, old or new (hubs
// among them, self-loops, parallel ones), some with properties. Nodes
// with label uniq get a value of key u that no other node has, except
// when clash is not nil: then one more takes that value (an existing
// node's).
func randomBatch(rng *rand.Rand, m *model, labels, types, keys []uint32, uniq, u uint32, next *int, clash value.Value) BulkSource {
	return BulkSourceFunc(func(b *BulkBuilder) error {
		extra := b.LabelID(fmt.Sprint("Bulk", rng.Intn(3))) // new labels too
		old := make([]uint32, 0, len(m.nodes))
		for id := range m.nodes {
			old = append(old, id)
		}
		slices.Sort(old)
		randProps := func(p float64) map[uint32]value.Value {
			ps := map[uint32]value.Value{}
			if rng.Float64() >= p {
				return ps
			}
			for _, k := range keys {
				switch rng.Intn(4) {
				case 0:
					ps[k] = value.Int(rng.Int63n(20))
				case 1:
					ps[k] = value.String(strings.Repeat("s", rng.Intn(4)))
				case 2:
					ps[k] = value.Float(float64(rng.Int63n(20)))
				}
			}
			return ps
		}
		ids := slices.Clone(old)
		added := map[uint32]*mnode{}
		for range rng.Intn(400) {
			var ls []uint32
			for _, l := range append(slices.Clone(labels), extra) {
				if rng.Intn(3) == 0 {
					ls = append(ls, l)
				}
			}
			ps := randProps(0.7)
			if slices.Contains(ls, uniq) {
				*next++
				ps[u] = value.String(fmt.Sprint("u", *next))
			}
			id, err := b.AddNode(ls, ps)
			if err != nil {
				return err
			}
			mn := &mnode{labels: map[uint32]bool{}, props: ps}
			for _, l := range ls {
				mn.labels[l] = true
			}
			added[id] = mn
			ids = append(ids, id)
		}
		if clash != nil {
			if _, err := b.AddNode([]uint32{uniq}, map[uint32]value.Value{u: clash}); err != nil {
				return err
			}
		}
		if len(ids) == 0 {
			return nil
		}
		hubs := ids[:1+rng.Intn(min(len(ids), 4))]
		rels := map[uint64]*mrel{}
		var prev *mrel
		for i := range rng.Intn(len(ids) * 6) {
			s, e := ids[rng.Intn(len(ids))], ids[rng.Intn(len(ids))]
			switch {
			case rng.Intn(3) == 0:
				s = hubs[rng.Intn(len(hubs))]
			case rng.Intn(4) == 0:
				e = hubs[rng.Intn(len(hubs))]
			case i%17 == 0:
				e = s
			case i%23 == 0 && prev != nil:
				s, e = prev.s, prev.e
			}
			t := types[rng.Intn(len(types))]
			ps := randProps(0.2)
			id, err := b.AddRel(s, e, t, ps)
			if err != nil {
				return err
			}
			prev = &mrel{s, e, t, ps}
			rels[id] = prev
		}
		// The model changes only when the load is accepted; Finish
		// comes after Load returns, so record it here and undo on error
		// in the caller (it keeps a copy).
		for id, n := range added {
			m.nodes[id] = n
		}
		for id, r := range rels {
			m.rels[id] = r
		}
		return nil
	})
}

// TestBulkStreamedNonEmpty loads random batches into graphs made by
// random transactions (with deletions; some opened from an image and its
// journal, some from an image alone) and checks each load was streamed,
// then compares the graph with the model of the same writes, with the
// graph rebuilt from the records alone (statistics included), with a
// recomputation of its statistics and, for a property index, with a
// scan; a load that breaks a uniqueness constraint against an existing
// node is refused and changes nothing; and the graph reopens the same,
// from its image and from its records.
func TestBulkStreamedNonEmpty(t *testing.T) {
	for seed := int64(1); seed <= 10; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			m := newModel()
			tx := begin(t, g)
			var labels, types, keys []uint32
			for i := range 3 {
				labels = append(labels, must(tx.LabelIDOrCreate(fmt.Sprint("L", i)))(t))
				types = append(types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
				keys = append(keys, must(tx.PropKeyIDOrCreate(fmt.Sprint("k", i)))(t))
			}
			u := must(tx.PropKeyIDOrCreate("u"))(t)
			check(t, tx.CreateIndex(labels[0], keys[1]))
			check(t, tx.CreateUniqueConstraint(labels[1], u))
			check(t, tx.Commit())
			next := 0
			for round := range 5 {
				tx := begin(t, g)
				randomOps(t, rng, tx, m, 1+rng.Intn(60), labels, types, keys)
				check(t, tx.Commit())
				switch rng.Intn(3) {
				case 0: // reopen: the image Close writes, maybe a journal after it
					check(t, s.Close())
					s, err = Open("db", &Options{FS: fs})
					check(t, err)
					g = mustGraph(t, s, DefaultGraph)
					if rng.Intn(2) == 0 {
						tx := begin(t, g)
						randomOps(t, rng, tx, m, 1+rng.Intn(20), labels, types, keys)
						check(t, tx.Commit())
					}
				}
				before := m.clone()
				snapBefore := g.Snapshot()
				var clash value.Value
				if round == 3 {
					for _, n := range m.nodes {
						if val, ok := n.props[u]; ok && n.labels[labels[1]] {
							clash = val
						}
					}
				}
				err := g.BulkLoad(context.Background(), randomBatch(rng, m, labels, types, keys, labels[1], u, &next, clash), nil)
				if clash != nil {
					if !errors.Is(err, ErrConstraintViolation) {
						t.Fatalf("load clashing with an existing value: %v", err)
					}
					m = before
					m.verify(t, g.Snapshot())
					if g.Snapshot().version != snapBefore.version {
						t.Fatal("a refused load changed the version")
					}
					continue
				}
				check(t, err)
				snap := g.Snapshot()
				v := snap.version
				if v.nodes.baseImage() == nil || g.imgSeq.Load() != g.seq.Load() {
					t.Fatal("the load was not streamed: the graph is not read from its current image")
				}
				m.verify(t, snap)
				check(t, v.checkConsistency())
				fresh := *v
				fresh.recomputeStats()
				statsEqual(t, snap.Stats(), fresh.Stats())
				fromRecords, err := loadVersion(s.db, g.id)
				check(t, err)
				m.verify(t, fromRecords)
				statsEqual(t, snap.Stats(), fromRecords.Stats())
				if got, want := snap.Indexes(), fromRecords.Indexes(); !reflect.DeepEqual(got, want) {
					t.Fatalf("indexes %+v, from the records %+v", got, want)
				}
				for x := range int64(20) {
					for _, val := range []value.Value{value.Int(x), value.String(strings.Repeat("s", int(x%4)))} {
						if got, want := snap.IndexSeek(labels[0], keys[1], val), fromRecords.IndexSeek(labels[0], keys[1], val); !got.Equals(want) {
							t.Fatalf("IndexSeek(%v) = %v, want %v", val, got, want)
						}
					}
				}
				names, _ := fs.List("db")
				for _, n := range names {
					if strings.HasPrefix(n, bulkFilePrefix) || strings.HasSuffix(n, ".tmp") {
						t.Fatalf("left behind: %s", n)
					}
				}
			}
			// Writes after the last load go to the journal over its image.
			tx = begin(t, g)
			randomOps(t, rng, tx, m, 20, labels, types, keys)
			check(t, tx.Commit())
			check(t, s.Close())
			for _, img := range []bool{true, false} {
				if !img {
					check(t, fs.Remove(fs.PathJoin("db", imageName(0))))
				}
				s, err = Open("db", &Options{FS: fs})
				check(t, err)
				snap := mustGraph(t, s, DefaultGraph).Snapshot()
				m.verify(t, snap)
				check(t, snap.checkConsistency())
				check(t, s.Close())
			}
		})
	}
}

// peakHeap samples the live heap every millisecond until stop is called,
// which returns the highest sample in MB.
func peakHeap() (stop func() float64) {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	done, quit := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return func() float64 {
		close(quit)
		<-done
		return float64(peak) / (1 << 20)
	}
}

// BenchmarkBulkLoadNonEmpty loads a batch of relationships (a quarter of
// them from new nodes, the rest between existing ones, start nodes
// skewed) into a graph opened from its image, through the streamed path
// (streamed) and through the path that builds the graph in memory, which
// a graph with a constraint takes (built: an existence constraint on a
// label no node has). It reports the peak live heap during the load.
//
//	go test ./storage -run '^$' -bench BulkLoadNonEmpty -benchtime 1x -count 3
func BenchmarkBulkLoadNonEmpty(b *testing.B) {
	const baseRels, nodes, batch = 2_000_000, 200_000, 500_000
	for _, mode := range []string{"streamed", "built"} {
		b.Run(mode, func(b *testing.B) {
			var peak float64
			for range b.N {
				b.StopTimer()
				dir := b.TempDir()
				s, err := Open(dir, nil)
				check(b, err)
				g := mustGraph(b, s, DefaultGraph)
				r := rand.New(rand.NewSource(1))
				z := rand.NewZipf(r, 1.3, 1, nodes-1)
				check(b, g.BulkLoad(context.Background(), BulkSourceFunc(func(bb *BulkBuilder) error {
					l, k, t := bb.LabelID("P"), bb.PropKeyID("id"), bb.TypeID("KNOWS")
					for i := range nodes {
						if _, err := bb.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(int64(i))}); err != nil {
							return err
						}
					}
					for range baseRels {
						if _, err := bb.AddRel(uint32(z.Uint64()), uint32(r.Intn(nodes)), t, nil); err != nil {
							return err
						}
					}
					return nil
				}), nil))
				if mode == "built" {
					tx := begin(b, g)
					check(b, tx.CreateSchema(SchemaDef{Name: "c", Constraint: true, Type: SchemaExistence, Labels: []string{"Nobody"}, Props: []string{"x"}}))
					check(b, tx.Commit())
				}
				check(b, s.Close())
				s, err = Open(dir, nil)
				check(b, err)
				g = mustGraph(b, s, DefaultGraph)
				stop := peakHeap()
				b.StartTimer()
				check(b, g.BulkLoad(context.Background(), BulkSourceFunc(func(bb *BulkBuilder) error {
					l, k, t := bb.LabelID("P"), bb.PropKeyID("id"), bb.TypeID("LIKES")
					first := uint32(0)
					for i := range nodes / 10 {
						id, err := bb.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(int64(nodes + i))})
						if err != nil {
							return err
						}
						if i == 0 {
							first = id
						}
					}
					for i := range batch {
						start, end := uint32(z.Uint64()), uint32(r.Intn(nodes))
						if i%4 == 0 {
							start = first + uint32(r.Intn(nodes/10))
						}
						if _, err := bb.AddRel(start, end, t, nil); err != nil {
							return err
						}
					}
					return nil
				}), nil))
				b.StopTimer()
				peak = max(peak, stop())
				if mode == "streamed" && g.imgSeq.Load() != g.seq.Load() {
					b.Fatal("the load was not streamed")
				}
				check(b, s.Close())
			}
			b.ReportMetric(peak, "peak-heap-MB")
		})
	}
}
