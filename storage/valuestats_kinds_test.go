package storage

import (
	"context"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"slices"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// kindsIDs are the labels, types and keys a kinds test writes.
type kindsIDs struct {
	labels, types, keys []uint32
}

func newKindsIDs(t testing.TB, g *Graph) kindsIDs {
	tx := begin(t, g)
	var ids kindsIDs
	for i := range 3 {
		ids.labels = append(ids.labels, must(tx.LabelIDOrCreate(fmt.Sprint("L", i)))(t))
		ids.keys = append(ids.keys, must(tx.PropKeyIDOrCreate(fmt.Sprint("k", i)))(t))
	}
	for i := range 2 {
		ids.types = append(ids.types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
	}
	check(t, tx.Commit())
	return ids
}

// scannedKinds reads the kinds of every (label, key) and (type, key),
// AnyLabel and AnyType included, from every node and relationship of r.
func scannedKinds(r Reader, ids kindsIDs) map[string]ValueKinds {
	out := map[string]ValueKinds{}
	note := func(name string, entities uint64, vals []value.Value) {
		vk := ValueKinds{}
		for _, v := range vals {
			if value.IsNull(v) {
				continue
			}
			vk.Kinds |= 1 << value.KindOf(v)
			vk.Holders++
			if i, ok := v.(value.Int); ok && (i > 1<<53 || i < -(1<<53)) {
				vk.Big++
			}
		}
		vk.Lacking = entities - vk.Holders
		out[name] = vk
	}
	for _, l := range append([]uint32{AnyLabel}, ids.labels...) {
		nodes := r.AllNodes()
		if l != AnyLabel {
			nodes = r.NodesWithLabel(l)
		}
		for _, k := range ids.keys {
			var vals []value.Value
			for it := nodes.Iterator(); it.HasNext(); {
				if v, ok := r.NodeProp(it.Next(), k); ok {
					vals = append(vals, v)
				}
			}
			note(fmt.Sprintf("node %d.%d", int32(l), k), nodes.GetCardinality(), vals)
		}
	}
	for _, ty := range append([]uint32{AnyType}, ids.types...) {
		for _, k := range ids.keys {
			var vals []value.Value
			n := uint64(0)
			r.ForEachRel(func(id uint64, _, _, typ uint32) bool {
				if ty == AnyType || typ == ty {
					n++
					if v, ok := r.RelProp(id, k); ok {
						vals = append(vals, v)
					}
				}
				return true
			})
			note(fmt.Sprintf("rel %d.%d", int32(ty), k), n, vals)
		}
	}
	return out
}

// keptKinds reads the same as scannedKinds from r's kept counts; false
// when r does not know them.
func keptKinds(r Reader, ids kindsIDs) (map[string]ValueKinds, bool) {
	out := map[string]ValueKinds{}
	for _, l := range append([]uint32{AnyLabel}, ids.labels...) {
		for _, k := range ids.keys {
			vk, ok := r.NodeValueKinds(l, k)
			if !ok {
				return nil, false
			}
			out[fmt.Sprintf("node %d.%d", int32(l), k)] = vk
		}
	}
	for _, ty := range append([]uint32{AnyType}, ids.types...) {
		for _, k := range ids.keys {
			vk, ok := r.RelValueKinds(ty, k)
			if !ok {
				return nil, false
			}
			out[fmt.Sprintf("rel %d.%d", int32(ty), k)] = vk
		}
	}
	return out, true
}

// checkKinds fails unless r knows its kinds and they equal a scan's.
func checkKinds(t testing.TB, step string, r Reader, ids kindsIDs) {
	t.Helper()
	kept, ok := keptKinds(r, ids)
	if !ok {
		t.Fatalf("%s: kinds unknown", step)
	}
	want := scannedKinds(r, ids)
	for _, k := range slices.Sorted(mapsKeys(want)) {
		if kept[k] != want[k] {
			t.Fatalf("%s: %s kept %+v, scan %+v", step, k, kept[k], want[k])
		}
	}
}

func mapsKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// kindValue is a value of a random kind: small and large integers (2^53
// exactly is not large), floats, strings, booleans, lists, vectors, and
// null (a removal).
func kindValue(r *rand.Rand) value.Value {
	switch r.Intn(11) {
	case 0, 1:
		return value.Int(r.Intn(10))
	case 2:
		return []value.Value{value.Int(1 << 60), value.Int(-(1<<53 + 1)), value.Int(1 << 53), value.Int(-(1 << 53))}[r.Intn(4)]
	case 3, 4:
		return value.Float(float64(r.Intn(10)) / 2)
	case 5, 6:
		return value.String(fmt.Sprint("s", r.Intn(5)))
	case 7:
		return value.Bool(r.Intn(2) == 0)
	case 8:
		return value.List{value.Int(r.Intn(3))}
	case 9:
		return value.Vector{1, float32(r.Intn(3))}
	}
	return nil
}

func kindProps(r *rand.Rand, keys []uint32) map[uint32]value.Value {
	ps := map[uint32]value.Value{}
	for _, k := range keys {
		if r.Intn(2) == 0 {
			if v := kindValue(r); v != nil {
				ps[k] = v
			}
		}
	}
	return ps
}

func kindLabels(r *rand.Rand, labels []uint32) []uint32 {
	var ls []uint32
	for _, l := range labels {
		if r.Intn(3) == 0 {
			ls = append(ls, l)
		}
	}
	return ls
}

// kindOps makes n random writes of every kind in tx: nodes and
// relationships created with properties, properties set (to null:
// removed) and overwritten with another kind, labels added and removed,
// relationships and nodes deleted (with their relationships).
func kindOps(t testing.TB, r *rand.Rand, tx *Tx, ids kindsIDs, n int) {
	t.Helper()
	node := func() (uint32, bool) {
		all := tx.AllNodes()
		if all.IsEmpty() {
			return 0, false
		}
		id, err := all.Select(uint32(r.Intn(int(all.GetCardinality()))))
		return id, err == nil
	}
	rel := func() (uint64, bool) {
		var rs []uint64
		tx.ForEachRel(func(id uint64, _, _, _ uint32) bool { rs = append(rs, id); return true })
		if len(rs) == 0 {
			return 0, false
		}
		return rs[r.Intn(len(rs))], true
	}
	for range n {
		switch op := r.Intn(12); {
		case op < 3:
			must(tx.CreateNode(kindLabels(r, ids.labels), kindProps(r, ids.keys)))(t)
		case op < 5:
			a, ok := node()
			b, _ := node()
			if !ok {
				continue
			}
			if r.Intn(5) == 0 {
				b = a
			}
			must(tx.CreateRel(a, b, ids.types[r.Intn(len(ids.types))], kindProps(r, ids.keys)))(t)
		case op < 7:
			if a, ok := node(); ok {
				check(t, tx.SetNodeProp(a, ids.keys[r.Intn(len(ids.keys))], kindValue(r)))
			}
		case op == 7:
			if a, ok := node(); ok {
				l := ids.labels[r.Intn(len(ids.labels))]
				if r.Intn(2) == 0 {
					check(t, tx.AddLabel(a, l))
				} else {
					check(t, tx.RemoveLabel(a, l))
				}
			}
		case op < 10:
			if id, ok := rel(); ok {
				if r.Intn(3) == 0 {
					check(t, tx.DeleteRel(id))
				} else {
					check(t, tx.SetRelProp(id, ids.keys[r.Intn(len(ids.keys))], kindValue(r)))
				}
			}
		default:
			if a, ok := node(); ok {
				check(t, tx.DeleteNode(a, true))
			}
		}
	}
}

// kindBulk loads n nodes and m relationships (between any nodes, old
// or new) through a bulk load.
func kindBulk(t testing.TB, r *rand.Rand, g *Graph, ids kindsIDs, n, m int) {
	t.Helper()
	base := g.Snapshot()
	old := base.AllNodes().ToArray()
	check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		var added []uint32
		for range n {
			id, err := b.AddNode(kindLabels(r, ids.labels), kindProps(r, ids.keys))
			if err != nil {
				return err
			}
			added = append(added, id)
		}
		all := append(slices.Clone(old), added...)
		if len(all) == 0 {
			return nil
		}
		for range m {
			if _, err := b.AddRel(all[r.Intn(len(all))], all[r.Intn(len(all))], ids.types[r.Intn(len(ids.types))], kindProps(r, ids.keys)); err != nil {
				return err
			}
		}
		return nil
	}), nil))
}

// TestValueKindsFollowWrites is the model test of the kept kinds: random
// commits of every kind of write (and rollbacks), bulk loads (streamed
// and built in memory), image rewrites, reopens (from the image and the
// journal) and crashes (an open of the files as a crash left them),
// checking after every step, and inside each transaction before it
// commits, that the kinds the store keeps equal those read by a scan.
func TestValueKindsFollowWrites(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewSource(seed))
			fs := vfs.NewCrashableMem()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			defer func() { _ = s.Close() }()
			g := mustGraph(t, s, DefaultGraph)
			ids := newKindsIDs(t, g)
			checkKinds(t, "empty", g.Snapshot(), ids)
			for round := range 40 {
				step := fmt.Sprintf("round %d", round)
				switch op := r.Intn(10); {
				case op < 5:
					tx := begin(t, g)
					kindOps(t, r, tx, ids, 1+r.Intn(25))
					checkKinds(t, step+" in the transaction", tx, ids)
					if r.Intn(4) == 0 {
						tx.Rollback()
						step += " rolled back"
					} else {
						check(t, tx.Commit())
						step += " committed"
					}
				case op == 5:
					streamed := r.Intn(2) == 0
					if !streamed {
						defer func(was bool) { nativeLittleEndian = was }(nativeLittleEndian)
						nativeLittleEndian = false
					}
					kindBulk(t, r, g, ids, r.Intn(80), r.Intn(120))
					nativeLittleEndian = true
					step += fmt.Sprintf(" bulk load (streamed %v)", streamed)
				case op == 6:
					s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
					step += " image rewrite"
				case op == 7:
					check(t, s.Close())
					s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
					check(t, err)
					g = mustGraph(t, s, DefaultGraph)
					step += " reopen"
				default:
					// A crash: the files as they are, then an open
					// (from the image and the journal).
					crashed := fs.CrashClone(vfs.CrashCloneCfg{UnsyncedDataPercent: 0, RNG: randv2.New(randv2.NewPCG(uint64(seed), uint64(round)))})
					check(t, s.Close())
					fs = crashed
					s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
					check(t, err)
					g = mustGraph(t, s, DefaultGraph)
					step += " crash"
				}
				checkKinds(t, step, g.Snapshot(), ids)
			}
		})
	}
}

// TestValueKindsOldImage opens graphs whose image or journal was
// written before the kinds were kept: a journal record without them
// over an image with them, and an image without them (from a bulk load
// of several node and relationship pages, most of which later commits
// leave as they are). The kinds read as unknown (not as a guess),
// commits keep them unknown, and the next image write counts them from
// every page it writes (those it copies as stored too), after which
// every version knows them exactly again, and so does a reopen.
func TestValueKindsOldImage(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	fs := vfs.NewMem()
	opts := &Options{FS: fs, Logger: quietLogger{}}
	s, err := Open("db", opts)
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	ids := newKindsIDs(t, g)
	defer func() { writeKinds = true }()
	reopen := func() {
		t.Helper()
		check(t, s.Close())
		s, err = Open("db", opts)
		check(t, err)
		g = mustGraph(t, s, DefaultGraph)
	}
	commit := func(n int) {
		t.Helper()
		tx := begin(t, g)
		kindOps(t, r, tx, ids, n)
		check(t, tx.Commit())
	}
	unknown := func(step string) {
		t.Helper()
		if _, ok := keptKinds(g.Snapshot(), ids); ok {
			t.Fatalf("%s: kinds known", step)
		}
	}

	// An image with kinds, a journal record without.
	kindBulk(t, r, g, ids, 50, 50)
	checkKinds(t, "bulk load", g.Snapshot(), ids)
	writeKinds = false
	commit(20)
	reopen()
	unknown("a journal record without kinds")
	writeKinds = true
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	checkKinds(t, "image write", g.Snapshot(), ids)

	// An image without kinds.
	writeKinds = false
	kindBulk(t, r, g, ids, 640, 20000)
	reopen()
	writeKinds = true
	unknown("an image without kinds")
	commit(3)
	unknown("a commit on an image without kinds")
	before := g.Snapshot()
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	checkKinds(t, "after the image write", g.Snapshot(), ids)
	checkKinds(t, "a snapshot of the version written", before, ids)
	for i := range 3 {
		commit(30)
		checkKinds(t, fmt.Sprint("commit ", i), g.Snapshot(), ids)
	}
	reopen()
	checkKinds(t, "reopen", g.Snapshot(), ids)
	check(t, s.Close())
}
