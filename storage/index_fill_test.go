package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/value"
)

// TestIndexFillLeavesPagesUncached: an index opened from an image is built
// on its first seek from every labelled node's value; the node pages read
// for that are not cached, so the first point lookup does not leave the
// graph decoded in memory. Generated graphs (labels on some nodes, values
// of several kinds, deleted nodes, journal commits on top of the image
// that change indexed values) are sought for every value drawn and for
// absent ones: each answer equals a scan of the label, and the node-page
// cache holds no more after the seeks than before them.
func TestIndexFillLeavesPagesUncached(t *testing.T) {
	for seed := range uint64(4) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 18))
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			s.journalFloor = 1 << 30 // the close keeps the journal
			g := mustGraph(t, s, DefaultGraph)
			tx := begin(t, g)
			l := must(tx.LabelIDOrCreate("L"))(t)
			k := must(tx.PropKeyIDOrCreate("k"))(t)
			check(t, tx.CreateIndex(l, k))
			check(t, tx.Commit())
			draw := func() value.Value {
				switch r.IntN(4) {
				case 0:
					return value.String(fmt.Sprint("s", r.IntN(40)))
				case 1:
					return value.Float(float64(r.IntN(40)))
				default:
					return value.Int(r.Int64N(40))
				}
			}
			nodes := 2000 + r.IntN(20000)
			check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
				other := b.LabelID("Other")
				for i := range nodes {
					ls := []uint32{l}
					if i%5 == 0 {
						ls = []uint32{other}
					}
					ps := map[uint32]value.Value{}
					if r.IntN(6) > 0 {
						ps[k] = draw()
					}
					if _, err := b.AddNode(ls, ps); err != nil {
						return err
					}
				}
				return nil
			}), nil))
			check(t, s.Close())
			// Commits on top of the image: values changed, nodes deleted.
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			s.journalFloor = 1 << 30
			g = mustGraph(t, s, DefaultGraph)
			tx = begin(t, g)
			for range 50 {
				id := uint32(r.IntN(nodes))
				if r.IntN(4) == 0 {
					_ = tx.DeleteNode(id, true)
				} else if _, ok := tx.NodeProp(id, k); ok {
					check(t, tx.SetNodeProp(id, k, draw()))
				}
			}
			check(t, tx.Commit())
			check(t, s.Close())

			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, ReadOnly: true})
			check(t, err)
			defer s.Close()
			v := mustGraph(t, s, DefaultGraph).cur.Load()
			if v.nodes.base == nil {
				t.Fatal("the graph was not opened from its image")
			}
			before := v.nodes.base.held.Load()
			var probes []value.Value
			for range 30 {
				probes = append(probes, draw())
			}
			probes = append(probes, value.String("absent"), value.Int(-1))
			ids, vals := v.labelValues(l, k)
			for _, p := range probes {
				got := v.IndexSeek(l, k, p)
				want := roaring.New()
				for j, x := range vals {
					if value.Equal(x, p) == value.True {
						want.Add(ids[j])
					}
				}
				if !got.Equals(want) {
					t.Fatalf("seek %s: %d nodes, a scan finds %d", value.Format(p), got.GetCardinality(), want.GetCardinality())
				}
			}
			if ix := v.seekIndex(l, k); ix == nil || ix.run == nil {
				t.Fatal("the seeks did not read the index's run")
			}
			if after := v.nodes.base.held.Load(); after > before {
				t.Errorf("the node-page cache held %d bytes before the seeks, %d after", before, after)
			}
		})
	}
}

// labelValues is every (node, value of key) of label, read through peek
// (as the index fill reads them) so the check itself caches nothing.
func (v *version) labelValues(label, key uint32) (ids []uint32, vals []value.Value) {
	it := v.labels[label].Iterator()
	for it.HasNext() {
		n := it.Next()
		p, i := v.nodes.peek(uint64(n>>nodePageBits)), n&(nodePageSize-1)
		if p == nil || !p.isAlive(i) {
			continue
		}
		if x, ok := p.props[i].get(key); ok {
			ids, vals = append(ids, n), append(vals, x)
		}
	}
	return ids, vals
}
