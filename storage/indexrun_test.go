package storage

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/value"
)

// runDraw draws a property value: integers and the floats equal to them
// (one index value), other floats, NaN, strings (among them prefixes of
// each other), booleans and lists, so that values of different kinds
// share an index and some values hold hundreds of nodes (blocks split
// inside a value's nodes).
func runDraw(r *rand.Rand) value.Value {
	switch r.IntN(10) {
	case 0, 1, 2:
		return value.Int(r.Int64N(30))
	case 3:
		return value.Float(float64(r.Int64N(30)))
	case 4:
		if r.IntN(8) == 0 {
			return value.Float(math.NaN())
		}
		return value.Float(float64(r.Int64N(30)) + 0.5)
	case 5, 6:
		return value.String(fmt.Sprint("s", r.IntN(12), []string{"", "a", "ab"}[r.IntN(3)]))
	case 7:
		return value.Bool(r.IntN(2) == 0)
	case 8:
		return value.List{value.Int(r.Int64N(3)), value.Int(r.Int64N(3))}
	default:
		return value.Int(-r.Int64N(1 << 40))
	}
}

// TestIndexRunsAgainstScan is a model test of the index runs
// (indexrun.go): random commits (nodes created and deleted, values set,
// changed and removed, labels added and removed, indexes created and
// dropped, small bulk loads), with image writes at random points (the
// background folder with a small journal floor, Close with or without
// folding the journal), reopens (writable and read-only) and a small
// MemoryBudget so that run blocks are evicted and read again. After
// every step, every seek of every index (equality for every value held
// and absent ones, ranges between random bounds of every kind, NaN) is
// compared with a scan of the label's nodes, on the current version and
// on a snapshot taken before the step's commit (which must still answer
// as of its own version), and the index's entry and distinct counts with
// the data's. Seeks read runs in most steps (counted).
func TestIndexRunsAgainstScan(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	var runSeeks, steps int
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 0x18))
			fs := vfs.NewMem()
			opts := func(ro bool) *Options {
				return &Options{FS: fs, Logger: quietLogger{}, MemoryBudget: 3 << 20, ReadOnly: ro}
			}
			s, err := Open("db", opts(false))
			check(t, err)
			defer func() { check(t, s.Close()) }()
			floors := []int64{1, 40, 1 << 30}
			s.journalFloor = floors[r.IntN(len(floors))]
			g := mustGraph(t, s, DefaultGraph)
			tx := begin(t, g)
			labels := []uint32{must(tx.LabelIDOrCreate("A"))(t), must(tx.LabelIDOrCreate("B"))(t)}
			keys := []uint32{must(tx.PropKeyIDOrCreate("k"))(t), must(tx.PropKeyIDOrCreate("j"))(t)}
			check(t, tx.CreateIndex(labels[0], keys[0]))
			check(t, tx.Commit())
			randProps := func() map[uint32]value.Value {
				ps := map[uint32]value.Value{}
				for _, k := range keys {
					if r.IntN(4) > 0 {
						ps[k] = runDraw(r)
					}
				}
				return ps
			}
			randLabels := func() []uint32 {
				var ls []uint32
				for _, l := range labels {
					if r.IntN(3) > 0 {
						ls = append(ls, l)
					}
				}
				return ls
			}
			bulk := func(n int) {
				check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
					for range n {
						if _, err := b.AddNode(randLabels(), randProps()); err != nil {
							return err
						}
					}
					return nil
				}), nil))
			}
			bulk(1500 + r.IntN(2500))
			readOnly := false
			for step := range 30 {
				before := g.Snapshot()
				switch op := r.IntN(10); {
				case op == 0 && !readOnly:
					bulk(1 + r.IntN(300))
				case op == 1:
					// Close (folding the journal or not) and reopen.
					s.journalFloor = floors[r.IntN(len(floors))]
					check(t, s.Close())
					readOnly = r.IntN(4) == 0
					s, err = Open("db", opts(readOnly))
					check(t, err)
					s.journalFloor = floors[r.IntN(len(floors))]
					g = mustGraph(t, s, DefaultGraph)
					before = nil
				case op == 2 && !readOnly:
					// Create or drop an index.
					tx := begin(t, g)
					l, k := labels[r.IntN(2)], keys[r.IntN(2)]
					if _, ok := tx.Index(l, k); ok {
						check(t, tx.DropIndex(l, k))
					} else {
						check(t, tx.CreateIndex(l, k))
					}
					check(t, tx.Commit())
				case !readOnly:
					tx := begin(t, g)
					n := tx.nextNode
					for range 1 + r.IntN(40) {
						id := uint32(r.IntN(int(n)))
						var err error
						switch r.IntN(9) {
						case 0:
							_, err = tx.CreateNode(randLabels(), randProps())
						case 1:
							err = tx.DeleteNode(id, true)
						case 2, 3, 4:
							err = tx.SetNodeProp(id, keys[r.IntN(2)], runDraw(r))
						case 5:
							err = tx.RemoveNodeProp(id, keys[r.IntN(2)])
						case 6:
							err = tx.AddLabel(id, labels[r.IntN(2)])
						case 7:
							err = tx.RemoveLabel(id, labels[r.IntN(2)])
						default:
							// Set a value some other node holds.
							if vals := tx.version.scanProp(labels[0], keys[0], func(value.Value) bool { return true }); !vals.IsEmpty() {
								if v, ok := tx.NodeProp(vals.Minimum(), keys[0]); ok {
									err = tx.SetNodeProp(id, keys[0], v)
								}
							}
						}
						if err != nil && !errors.Is(err, ErrNotFound) {
							t.Fatalf("step %d: %v", step, err)
						}
					}
					check(t, tx.Commit())
				}
				cur := g.Snapshot()
				if checkIndexesAgainstScan(t, fmt.Sprintf("step %d", step), cur.version, r) > 0 {
					runSeeks++
				}
				if before != nil {
					checkIndexesAgainstScan(t, fmt.Sprintf("step %d, snapshot before", step), before.version, r)
				}
				if err := cur.version.checkConsistency(); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				steps++
			}
		})
	}
	t.Logf("%d steps, %d read an index run", steps, runSeeks)
	if runSeeks < steps/2 {
		t.Fatalf("only %d of %d steps read an index run", runSeeks, steps)
	}
}

// checkIndexesAgainstScan compares every seek of every index of v with a
// scan of the label's nodes (scanProp, which reads no index) and returns
// how many of the indexes were read through a run.
func checkIndexesAgainstScan(t *testing.T, at string, v *version, r *rand.Rand) (runs int) {
	t.Helper()
	for _, inf := range v.Indexes() {
		l, k := inf.Label, inf.Key
		if v.indexes[indexKey{l, k}].run != nil {
			runs++
		}
		var held []value.Value
		v.scanProp(l, k, func(x value.Value) bool {
			held = append(held, x)
			return false
		})
		distinct := slices.Clone(held)
		slices.SortFunc(distinct, indexOrder)
		distinct = slices.CompactFunc(distinct, func(a, b value.Value) bool { return indexOrder(a, b) == 0 })
		if inf.Entries != uint64(len(held)) || inf.Distinct != uint64(len(distinct)) {
			t.Fatalf("%s: index (%d,%d) counts %d entries, %d distinct; the data has %d, %d",
				at, l, k, inf.Entries, inf.Distinct, len(held), len(distinct))
		}
		probes := append(slices.Clone(distinct), value.String("absent"), value.Int(1000), value.Float(-0.25),
			value.String(""), value.Bool(false), value.List{value.Int(9)}, value.Float(2), value.Int(2))
		for _, p := range probes {
			got := v.IndexSeek(l, k, p)
			want := roaring.New()
			if seekable(p) {
				want = v.scanProp(l, k, func(x value.Value) bool { return value.Equal(x, p) == value.True })
			}
			if !got.Equals(want) {
				t.Fatalf("%s: index (%d,%d) seek %s: %v, a scan finds %v", at, l, k, value.Format(p), got, want)
			}
		}
		for range 12 {
			var lo, hi value.Value
			if r.IntN(4) > 0 {
				lo = probes[r.IntN(len(probes))]
			}
			if r.IntN(4) > 0 {
				hi = probes[r.IntN(len(probes))]
			}
			li, hiIncl := r.IntN(2) == 0, r.IntN(2) == 0
			got := v.IndexRange(l, k, lo, hi, li, hiIncl)
			want := v.scanProp(l, k, func(x value.Value) bool { return inRange(x, lo, hi, li, hiIncl) })
			if !got.Equals(want) {
				t.Fatalf("%s: index (%d,%d) range %v..%v (%v, %v): %v, a scan finds %v", at, l, k, lo, hi, li, hiIncl, got, want)
			}
		}
		isNaN := func(x value.Value) bool {
			f, ok := x.(value.Float)
			return ok && f != f
		}
		if got, want := v.IndexNaN(l, k), v.scanProp(l, k, isNaN); !got.Equals(want) {
			t.Fatalf("%s: index (%d,%d) NaN: %v, a scan finds %v", at, l, k, got, want)
		}
	}
	return runs
}
