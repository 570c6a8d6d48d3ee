package storage

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// randomBulk is a random graph for a bulk load: nodes with random label
// sets and properties, relationships of several types whose start nodes
// are skewed (hubs), self-loops and parallel relationships, some with
// properties. It records what it adds in m.
func randomBulk(r *rand.Rand, m *model) BulkSource {
	return BulkSourceFunc(func(b *BulkBuilder) error {
		nNodes := 1 + r.IntN(3000)
		nRels := r.IntN(nNodes * 8)
		var labels, types, keys []uint32
		for i := range 1 + r.IntN(4) {
			labels = append(labels, b.LabelID(fmt.Sprintf("L%d", i)))
		}
		for i := range 1 + r.IntN(5) {
			types = append(types, b.TypeID(fmt.Sprintf("T%d", i)))
		}
		for i := range 1 + r.IntN(3) {
			keys = append(keys, b.PropKeyID(fmt.Sprintf("k%d", i)))
		}
		randProps := func(p float64) map[uint32]value.Value {
			ps := map[uint32]value.Value{}
			if r.Float64() >= p {
				return ps
			}
			for _, k := range keys {
				switch r.IntN(4) {
				case 0:
					ps[k] = value.Int(r.Int64N(1000) - 500)
				case 1:
					ps[k] = value.String(strings.Repeat("x", r.IntN(20)))
				case 2:
					ps[k] = value.Float(r.Float64())
				}
			}
			return ps
		}
		var ids []uint32
		for range nNodes {
			var ls []uint32
			for _, l := range labels {
				if r.IntN(3) == 0 {
					ls = append(ls, l)
				}
			}
			ps := randProps(0.7)
			id, err := b.AddNode(ls, ps)
			if err != nil {
				return err
			}
			mn := &mnode{labels: map[uint32]bool{}, props: ps}
			for _, l := range ls {
				mn.labels[l] = true
			}
			m.nodes[id] = mn
			ids = append(ids, id)
		}
		hubs := ids[:1+r.IntN(min(len(ids), 5))]
		for i := range nRels {
			s := ids[r.IntN(len(ids))]
			if r.IntN(3) == 0 {
				s = hubs[r.IntN(len(hubs))]
			}
			e := ids[r.IntN(len(ids))]
			switch {
			case i%17 == 0:
				e = s // self-loop
			case i%23 == 0 && i > 0:
				s, e = m.rels[uint64(i-1)].s, m.rels[uint64(i-1)].e // parallel
			}
			t := types[r.IntN(len(types))]
			ps := randProps(0.2)
			id, err := b.AddRel(s, e, t, ps)
			if err != nil {
				return err
			}
			m.rels[id] = &mrel{s, e, t, ps}
		}
		return nil
	})
}

// TestBulkStreamedRandom loads random graphs into empty graphs (the
// streamed path: records and image written page by page) and checks them
// against the model, against the graph rebuilt from the records alone
// (statistics included), and after reopening.
func TestBulkStreamedRandom(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			m := newModel()
			check(t, g.BulkLoad(context.Background(), randomBulk(rand.New(rand.NewPCG(seed, 7)), m), nil))
			v := g.cur.Load()
			if v.nodes.baseImage() == nil {
				t.Fatal("the load was not streamed: the graph is not read from an image")
			}
			m.verify(t, g.Snapshot())
			check(t, v.checkConsistency())
			fromRecords, err := loadVersion(s.db, g.id)
			check(t, err)
			if got, want := v.Stats(), fromRecords.Stats(); !reflect.DeepEqual(statsOnly(got), statsOnly(want)) {
				t.Fatalf("statistics differ from the records':\n%+v\n%+v", got, want)
			}
			m.verify(t, fromRecords)
			names, _ := fs.List("db")
			for _, n := range names {
				if strings.HasPrefix(n, bulkFilePrefix) || strings.HasSuffix(n, ".tmp") {
					t.Fatalf("left behind: %s", n)
				}
			}
			// Transactions on top, then reopen (from the image Close
			// writes, and from the records alone).
			tx := begin(t, g)
			check(t, tx.DeleteNode(0, true))
			check(t, tx.Commit())
			delete(m.nodes, 0)
			for id, rl := range m.rels {
				if rl.s == 0 || rl.e == 0 {
					delete(m.rels, id)
				}
			}
			m.verify(t, g.Snapshot())
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

// statsOnly is s without the memory estimate (which depends on what is
// cached, not on the graph).
func statsOnly(s Stats) Stats {
	s.MemoryBytes = 0
	return s
}

// TestBulkStreamedAbandoned: a streamed load that fails after writing its
// files (here: cancelled while writing) leaves the graph empty and no file
// behind, and a later load succeeds.
func TestBulkStreamedAbandoned(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	defer s.Close()
	g := mustGraph(t, s, DefaultGraph)
	ctx, cancel := context.WithCancel(context.Background())
	err = g.BulkLoad(ctx, randomBulk(rand.New(rand.NewPCG(3, 3)), newModel()), func(p BulkProgress) {
		if p.Phase == BulkWriting {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled load: %v", err)
	}
	if snap := g.Snapshot(); snap.NodeCount() != 0 || snap.RelCount() != 0 {
		t.Fatalf("cancelled load left %d nodes, %d relationships", snap.NodeCount(), snap.RelCount())
	}
	names, _ := fs.List("db")
	for _, n := range names {
		if strings.HasPrefix(n, bulkFilePrefix) || strings.Contains(n, imageSuffix) {
			t.Fatalf("cancelled load left %s", n)
		}
	}
	m := newModel()
	check(t, g.BulkLoad(context.Background(), randomBulk(rand.New(rand.NewPCG(4, 4)), m), nil))
	m.verify(t, g.Snapshot())
}

// TestBulkStreamedIndexes: indexes and uniqueness constraints defined on
// an empty graph hold the streamed load's nodes (their counts match a
// rebuild from the records), and a load that violates a constraint is
// refused and leaves nothing.
func TestBulkStreamedIndexes(t *testing.T) {
	for _, violate := range []bool{false, true} {
		fs := vfs.NewMem()
		s, err := Open("db", &Options{FS: fs})
		check(t, err)
		g := mustGraph(t, s, DefaultGraph)
		tx := begin(t, g)
		l := must(tx.LabelIDOrCreate("L"))(t)
		k := must(tx.PropKeyIDOrCreate("k"))(t)
		u := must(tx.PropKeyIDOrCreate("u"))(t)
		check(t, tx.CreateIndex(l, k))
		check(t, tx.CreateUniqueConstraint(l, u))
		check(t, tx.Commit())
		r := rand.New(rand.NewPCG(5, 5))
		m := newModel()
		err = g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
			other := b.LabelID("Other")
			for i := range 5000 {
				ls := []uint32{l}
				if i%7 == 0 {
					ls = []uint32{other}
				}
				ps := map[uint32]value.Value{}
				switch r.IntN(3) {
				case 0:
					ps[k] = value.Int(r.Int64N(50))
				case 1:
					ps[k] = value.Float(float64(r.Int64N(50))) // equal to the Int of the same value
				}
				if i%3 != 0 {
					ps[u] = value.String(fmt.Sprint(i))
				}
				if violate && i == 4000 {
					ps[u] = value.String("1")
				}
				id, err := b.AddNode(ls, ps)
				if err != nil {
					return err
				}
				mn := &mnode{labels: map[uint32]bool{}, props: ps}
				for _, x := range ls {
					mn.labels[x] = true
				}
				m.nodes[id] = mn
			}
			return nil
		}), nil)
		if violate {
			if !errors.Is(err, ErrConstraintViolation) {
				t.Fatalf("violating load: %v", err)
			}
			if n := g.Snapshot().NodeCount(); n != 0 {
				t.Fatalf("violating load left %d nodes", n)
			}
			check(t, s.Close())
			continue
		}
		check(t, err)
		snap := g.Snapshot()
		m.verify(t, snap)
		fromRecords, err := loadVersion(s.db, g.id)
		check(t, err)
		if got, want := snap.Indexes(), fromRecords.Indexes(); !reflect.DeepEqual(got, want) {
			t.Fatalf("indexes %+v, from the records %+v", got, want)
		}
		for x := int64(0); x < 50; x++ {
			if got, want := snap.IndexSeek(l, k, value.Int(x)), fromRecords.IndexSeek(l, k, value.Int(x)); !got.Equals(want) || got.IsEmpty() {
				t.Fatalf("IndexSeek(%d) = %v, want %v", x, got, want)
			}
		}
		check(t, snap.checkConsistency())
		check(t, s.Close())
	}
}

// createCounter counts the files created under names with a prefix.
type createCounter struct {
	vfs.FS
	prefix string
	n      atomic.Int64
}

func (c *createCounter) Create(name string, cat vfs.DiskWriteCategory) (vfs.File, error) {
	if strings.HasPrefix(c.FS.PathBase(name), c.prefix) {
		c.n.Add(1)
	}
	return c.FS.Create(name, cat)
}

// TestBulkStreamedImageNotRewritten: a streamed load writes the graph's
// image itself, so neither the background image writer (which the load's
// commit wakes) nor Close writes it again: that would read the whole
// graph once more right after the load.
func TestBulkStreamedImageNotRewritten(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		fs := &createCounter{FS: vfs.NewMem(), prefix: imageName(0)}
		s, err := Open("db", &Options{FS: fs})
		check(t, err)
		g := mustGraph(t, s, DefaultGraph)
		m := newModel()
		check(t, g.BulkLoad(context.Background(), randomBulk(rand.New(rand.NewPCG(seed, 9)), m), nil))
		check(t, s.Close())
		if n := fs.n.Load(); n != 0 {
			t.Fatalf("seed %d: the image was written %d more times after the load", seed, n)
		}
		s, err = Open("db", &Options{FS: fs, ReadOnly: true})
		check(t, err)
		m.verify(t, mustGraph(t, s, DefaultGraph).Snapshot())
		check(t, s.Close())
	}
}

// TestNewCSR: the grouping by node orders each node's relationships by
// type, then by index, for hubs and many types alike (every branch of
// sortByType), as sorting all of them by (node, type, index) does.
func TestNewCSR(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	for _, shape := range []struct{ rels, nodes, types int }{
		{0, 1, 1}, {100, 10, 1}, {1000, 3, 2}, {5000, 50, 300}, {20000, 2, 40}, {3000, 500, 7},
	} {
		keys := make([]uint32, shape.rels)
		typ := make([]uint32, shape.rels)
		for i := range keys {
			keys[i] = uint32(r.IntN(shape.nodes))
			if r.IntN(2) == 0 {
				keys[i] = 0 // a hub
			}
			typ[i] = uint32(r.IntN(shape.types))
		}
		c := newCSR(keys, typ, shape.nodes, shape.types)
		want := make([]uint32, shape.rels)
		for i := range want {
			want[i] = uint32(i)
		}
		slices.SortFunc(want, func(a, b uint32) int {
			return cmp.Or(cmp.Compare(keys[a], keys[b]), cmp.Compare(typ[a], typ[b]), cmp.Compare(a, b))
		})
		if !slices.Equal(c.ord, want) {
			t.Fatalf("%+v: order differs", shape)
		}
		for n := range shape.nodes {
			for _, i := range c.ord[c.off[n]:c.off[n+1]] {
				if keys[i] != uint32(n) {
					t.Fatalf("%+v: relationship %d of node %d under node %d", shape, i, keys[i], n)
				}
			}
		}
	}
}

// TestImageMappingReleased: the pages of a mapped image that reads touch
// are released once they add up to releaseEvery (an eighth of the
// MemoryBudget, or without one mappedResident),
// so a scan of the whole graph leaves at most about that much of the
// mapping counted against the process, and answers as without a budget.
func TestImageMappingReleased(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, nil)
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		r := rand.New(rand.NewPCG(2, 2))
		typ := b.TypeID("T")
		first, err := b.AddNodes(20000, []uint32{b.LabelID("L")})
		if err != nil {
			return err
		}
		for range 400000 {
			if _, err := b.AddRel(first+uint32(r.IntN(20000)), first+uint32(r.IntN(20000)), typ, nil); err != nil {
				return err
			}
		}
		return nil
	}), nil))
	check(t, s.Close())
	degrees := func(s *Store) []int {
		snap := mustGraph(t, s, DefaultGraph).Snapshot()
		var ds []int
		for n := range uint32(20000) {
			ds = append(ds, int(snap.Neighbors(n, Out, 0).GetCardinality()))
		}
		return ds
	}
	s, err = Open(dir, &Options{ReadOnly: true})
	check(t, err)
	want := degrees(s)
	// Without a budget the mapping is let go every mappedResident read.
	if img := mustGraph(t, s, DefaultGraph).cur.Load().nodes.baseImage(); img != nil && img.mapped != nil {
		if img.releaseEvery != mappedResident {
			t.Errorf("without a budget the mapping is released every %d bytes, want %d", img.releaseEvery, int64(mappedResident))
		}
		if rss, ok := residentBytes(img.mapped); ok && rss > 2*img.releaseEvery {
			t.Errorf("%d bytes of the mapping resident after the scan without a budget, over twice %d", rss, img.releaseEvery)
		}
	}
	check(t, s.Close())
	s, err = Open(dir, &Options{ReadOnly: true, MemoryBudget: 1 << 20})
	check(t, err)
	defer s.Close()
	img := mustGraph(t, s, DefaultGraph).cur.Load().nodes.baseImage()
	if img == nil || img.mapped == nil || img.releaseEvery == 0 {
		t.Skip("the image is not mapped here")
	}
	if int64(len(img.nodeBlocks)) < 3*img.releaseEvery {
		t.Fatalf("node blocks of %d bytes: too few to test a release every %d", len(img.nodeBlocks), img.releaseEvery)
	}
	if got := degrees(s); !slices.Equal(got, want) {
		t.Fatal("degrees differ under the budget")
	}
	if n := img.touched.Load(); n > img.releaseEvery {
		t.Fatalf("%d bytes of the mapping read since the last release, over %d", n, img.releaseEvery)
	}
	if rss, ok := residentBytes(img.mapped); ok && rss > 2*img.releaseEvery {
		t.Fatalf("%d bytes of the mapping resident after the scan, over twice %d", rss, img.releaseEvery)
	}
}
