package storage

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// zipfSource loads nodes with a unique id, a Zipf-distributed "color"
// (strings) and "score" (integers), and relationships whose ends follow
// a Zipf law too, so that a few nodes have most of them.
type zipfSource struct {
	seed        int64
	nodes, rels int
}

func (s zipfSource) Load(b *BulkBuilder) error {
	rng := rand.New(rand.NewSource(s.seed))
	person, admin := b.LabelID("Person"), b.LabelID("Admin")
	id, color, score := b.PropKeyID("id"), b.PropKeyID("color"), b.PropKeyID("score")
	colors := rand.NewZipf(rng, 1.3, 2, 500)
	scores := rand.NewZipf(rng, 1.1, 5, 10000)
	for i := 0; i < s.nodes; i++ {
		ls := []uint32{person}
		if i%7 == 0 {
			ls = append(ls, admin)
		}
		ps := map[uint32]value.Value{id: value.Int(int64(i)), score: value.Int(int64(scores.Uint64()))}
		if i%3 != 0 {
			ps[color] = value.String(fmt.Sprintf("c%d", colors.Uint64()))
		}
		if _, err := b.AddNode(ls, ps); err != nil {
			return err
		}
	}
	types := []uint32{b.TypeID("KNOWS"), b.TypeID("LIKES")}
	ends := rand.NewZipf(rng, 1.2, 3, uint64(s.nodes-1))
	for i := 0; i < s.rels; i++ {
		a := uint32(ends.Uint64())
		c := uint32(rng.Intn(s.nodes))
		if i%2 == 0 {
			a, c = c, a
		}
		if _, err := b.AddRel(a, c, types[rng.Intn(2)], nil); err != nil {
			return err
		}
	}
	return nil
}

// checkValueStats checks r's value statistics of (label, key) against
// the values and degrees read node by node, within the bounds the
// sketches guarantee: a most common value's count is at most its true
// count and at least that less rows/sketchCounters; a value the list
// leaves out is no more common than rows/sketchCounters or the least
// listed count; the distinct count is within 10% (the registers' standard
// error is 1.6%); a range's rows are within a fifth of the rows (two
// buckets and the reservoir's sampling error); the top-degree nodes are
// exactly the nodes of highest degree.
func checkValueStats(t *testing.T, r Reader, label, key uint32) {
	t.Helper()
	nodes := r.AllNodes()
	if label != AnyLabel {
		nodes = r.NodesWithLabel(label)
	}
	counts := map[string]int{}
	var vals []value.Value
	for it := nodes.Iterator(); it.HasNext(); {
		if v, ok := r.NodeProp(it.Next(), key); ok && !value.IsNull(v) {
			counts[value.Format(v)]++
			vals = append(vals, v)
		}
	}
	ps, ok := r.PropStats(label, key)
	if !ok {
		t.Fatalf("(%d, %d): no statistics", label, key)
	}
	rows := uint64(len(vals))
	if ps.Nodes != nodes.GetCardinality() || ps.Rows != rows {
		t.Fatalf("(%d, %d): nodes %d rows %d, want %d %d", label, key, ps.Nodes, ps.Rows, nodes.GetCardinality(), rows)
	}
	if d := float64(len(counts)); math.Abs(ps.Distinct-d) > 0.1*d {
		t.Fatalf("(%d, %d): distinct %.0f, want %.0f within 10%%", label, key, ps.Distinct, d)
	}
	slack := float64(rows) / sketchCounters
	listed := map[string]bool{}
	least := math.Inf(1)
	for _, m := range ps.MCV {
		truth := float64(counts[value.Format(m.Value)])
		if c := float64(m.Count); c > truth || c < truth-slack {
			t.Fatalf("(%d, %d): value %v counted %v, truly %v (slack %.0f)", label, key, m.Value, c, truth, slack)
		}
		listed[value.Format(m.Value)] = true
		least = min(least, float64(m.Count))
	}
	bound := slack
	if len(ps.MCV) == sketchMCVs {
		bound = max(slack, least+slack)
	}
	for v, n := range counts {
		if !listed[v] && float64(n) > bound {
			t.Fatalf("(%d, %d): value %s held by %d nodes is not listed (bound %.0f)", label, key, v, n, bound)
		}
	}
	if len(ps.Bounds) > 0 {
		slices.SortFunc(vals, func(a, b value.Value) int { c, _ := value.Compare(a, b); return c })
		for _, q := range []float64{0.1, 0.3, 0.5, 0.8, 0.95} {
			v := vals[int(q*float64(len(vals)-1))]
			if sameKind(v, ps.Bounds[0]) == 0 {
				continue
			}
			truth := 0
			for _, x := range vals {
				if value.CompareOp("<", x, v) == value.True {
					truth++
				}
			}
			got, _ := ps.RangeRows("<", v)
			if math.Abs(got-float64(truth)) > 0.2*float64(rows) {
				t.Fatalf("(%d, %d): rows < %v estimated %.0f, truly %d", label, key, v, got, truth)
			}
		}
	}
}

func checkTopDegree(t *testing.T, r Reader, label, typ uint32, dir Direction) {
	t.Helper()
	nodes := r.AllNodes()
	if label != AnyLabel {
		nodes = r.NodesWithLabel(label)
	}
	var degs []uint64
	for it := nodes.Iterator(); it.HasNext(); {
		if d := r.Degree(it.Next(), dir, typ); d > 0 {
			degs = append(degs, uint64(d))
		}
	}
	slices.Sort(degs)
	slices.Reverse(degs)
	degs = degs[:min(len(degs), TopDegreeNodes)]
	top, ok := r.TopDegree(label, typ, dir)
	if !ok {
		t.Fatalf("top (%d, %d, %v): none", label, typ, dir)
	}
	got := make([]uint64, len(top))
	for i, n := range top {
		got[i] = n.Degree
		if d := uint64(r.Degree(n.Node, dir, typ)); d != n.Degree {
			t.Fatalf("top (%d, %d, %v): node %d listed with degree %d, has %d", label, typ, dir, n.Node, n.Degree, d)
		}
	}
	if !slices.Equal(got, degs) {
		t.Fatalf("top (%d, %d, %v): degrees %v, want %v", label, typ, dir, got, degs)
	}
}

// TestValueStatsRandom: on skewed random graphs the value statistics a
// bulk load computes are within their stated bounds, and read the same
// after a reopen.
func TestValueStatsRandom(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			src := zipfSource{seed: seed, nodes: 3000 + int(seed)*2500, rels: 20000 + int(seed)*10000}
			check(t, g.BulkLoad(context.Background(), src, nil))
			snap := g.Snapshot()
			checkAll := func(r Reader) {
				t.Helper()
				person, _ := r.LabelID("Person")
				admin, _ := r.LabelID("Admin")
				for _, k := range []string{"id", "color", "score"} {
					key, _ := r.PropKeyID(k)
					for _, l := range []uint32{AnyLabel, person, admin} {
						checkValueStats(t, r, l, key)
					}
				}
				for ty := range r.Types() {
					for _, d := range []Direction{Out, In} {
						for _, l := range []uint32{AnyLabel, person, admin} {
							checkTopDegree(t, r, l, uint32(ty), d)
							checkTopDegree(t, r, l, AnyType, d)
						}
					}
				}
			}
			checkAll(snap)
			check(t, s.Close())
			s, err = Open("db", &Options{FS: fs})
			check(t, err)
			reopened := mustGraph(t, s, DefaultGraph).Snapshot()
			checkAll(reopened)
			for _, k := range []string{"id", "color", "score"} {
				key, _ := snap.PropKeyID(k)
				a, _ := snap.PropStats(AnyLabel, key)
				b, _ := reopened.PropStats(AnyLabel, key)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s: reopened %+v, was %+v", k, b, a)
				}
			}
			check(t, s.Close())
		})
	}
}

// TestValueStatsFollowWrites: statistics read as absent once commits
// changed more than staleFraction of the graph, and the image the
// change asks for brings fresh ones, which a reopen reads back.
func TestValueStatsFollowWrites(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	check(t, g.BulkLoad(context.Background(), zipfSource{seed: 9, nodes: 5000, rels: 20000}, nil))
	r := g.Snapshot()
	person, _ := r.LabelID("Person")
	color, _ := r.PropKeyID("color")
	knows, _ := r.TypeID("KNOWS")
	if _, ok := r.PropStats(person, color); !ok {
		t.Fatal("no statistics after a bulk load")
	}
	// A few changes leave them current.
	tx := begin(t, g)
	for n := uint32(0); n < 100; n++ {
		check(t, tx.SetNodeProp(n, color, value.String("red")))
	}
	check(t, tx.Commit())
	if _, ok := g.Snapshot().PropStats(person, color); !ok {
		t.Fatal("statistics stale after 100 changes")
	}
	// Turn most nodes red and give one node the most relationships.
	tx = begin(t, g)
	for n := uint32(0); n < 4000; n++ {
		check(t, tx.SetNodeProp(n, color, value.String("red")))
	}
	hub := must(tx.CreateNode([]uint32{person}, nil))(t)
	for n := uint32(0); n < 3000; n++ {
		must(tx.CreateRel(hub, n, knows, nil))(t)
	}
	check(t, tx.Commit())
	if _, ok := g.Snapshot().PropStats(person, color); ok {
		t.Fatal("statistics current after most nodes changed")
	}
	check(t, s.Close()) // writes the image the stale statistics ask for
	s, err = Open("db", &Options{FS: fs})
	check(t, err)
	r = mustGraph(t, s, DefaultGraph).Snapshot()
	if r.nodes.base == nil {
		t.Fatal("not opened from an image")
	}
	checkValueStats(t, r, person, color)
	ps, _ := r.PropStats(person, color)
	if len(ps.MCV) == 0 || value.Equal(ps.MCV[0].Value, value.String("red")) != value.True || ps.MCV[0].Count < 3900 {
		t.Fatalf("most common values %v, want red first", ps.MCV)
	}
	top, _ := r.TopDegree(person, knows, Out)
	if len(top) == 0 || top[0].Node != hub || top[0].Degree != 3000 {
		t.Fatalf("top KNOWS out %v, want node %d with 3000", top[:min(len(top), 3)], hub)
	}
	checkTopDegree(t, r, person, knows, Out)
	check(t, s.Close())
}
