package storage

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// model is a naive reference implementation of a graph.
type model struct {
	nodes map[uint32]*mnode
	rels  map[uint64]*mrel
}

type mnode struct {
	labels map[uint32]bool
	props  map[uint32]value.Value
}

type mrel struct {
	s, e, t uint32
	props   map[uint32]value.Value
}

func newModel() *model { return &model{nodes: map[uint32]*mnode{}, rels: map[uint64]*mrel{}} }

func (m *model) clone() *model {
	c := newModel()
	for id, n := range m.nodes {
		nn := &mnode{labels: map[uint32]bool{}, props: map[uint32]value.Value{}}
		for l := range n.labels {
			nn.labels[l] = true
		}
		for k, v := range n.props {
			nn.props[k] = v
		}
		c.nodes[id] = nn
	}
	for id, r := range m.rels {
		rr := &mrel{s: r.s, e: r.e, t: r.t, props: map[uint32]value.Value{}}
		for k, v := range r.props {
			rr.props[k] = v
		}
		c.rels[id] = rr
	}
	return c
}

// verify compares a Reader with the model exhaustively.
func (m *model) verify(t testing.TB, r Reader) {
	t.Helper()
	if r.NodeCount() != uint64(len(m.nodes)) || r.RelCount() != uint64(len(m.rels)) {
		t.Fatalf("counts: store %d/%d, model %d/%d", r.NodeCount(), r.RelCount(), len(m.nodes), len(m.rels))
	}
	m.verifySelfLoops(t, r)
	all := roaring.New()
	labels := map[uint32]*roaring.Bitmap{}
	for id, n := range m.nodes {
		all.Add(id)
		var ls []uint32
		for l := range n.labels {
			ls = append(ls, l)
			if labels[l] == nil {
				labels[l] = roaring.New()
			}
			labels[l].Add(id)
		}
		slices.Sort(ls)
		if got := r.NodeLabels(id); !slices.Equal(got, ls) {
			t.Fatalf("node %d labels %v, want %v", id, got, ls)
		}
		got := r.NodeProps(id)
		if len(got) != len(n.props) {
			t.Fatalf("node %d props %v, want %v", id, got, n.props)
		}
		for k, v := range n.props {
			if !value.Equivalent(got[k], v) {
				t.Fatalf("node %d prop %d = %v, want %v", id, k, got[k], v)
			}
		}
	}
	if !r.AllNodes().Equals(all) {
		t.Fatalf("AllNodes %v, want %v", r.AllNodes(), all)
	}
	for l, b := range labels {
		if !r.NodesWithLabel(l).Equals(b) {
			t.Fatalf("label %d: %v, want %v", l, r.NodesWithLabel(l), b)
		}
	}
	type pair struct {
		rel uint64
		nbr uint32
		typ uint32
	}
	want := map[uint32]map[Direction][]pair{}
	add := func(n uint32, d Direction, p pair) {
		if want[n] == nil {
			want[n] = map[Direction][]pair{}
		}
		want[n][d] = append(want[n][d], p)
	}
	for id, rl := range m.rels {
		add(rl.s, Out, pair{id, rl.e, rl.t})
		add(rl.e, In, pair{id, rl.s, rl.t})
		if rl.s != rl.e {
			add(rl.s, Both, pair{id, rl.e, rl.t})
			add(rl.e, Both, pair{id, rl.s, rl.t})
		} else {
			add(rl.s, Both, pair{id, rl.e, rl.t})
		}
		s, e, ty, ok := r.Rel(id)
		if !ok || s != rl.s || e != rl.e || ty != rl.t {
			t.Fatalf("rel %d = %d %d %d %v", id, s, e, ty, ok)
		}
		got := r.RelProps(id)
		if len(got) != len(rl.props) {
			t.Fatalf("rel %d props %v want %v", id, got, rl.props)
		}
		for k, v := range rl.props {
			if !value.Equivalent(got[k], v) {
				t.Fatalf("rel %d prop %d", id, k)
			}
		}
	}
	sortP := func(ps []pair) {
		sort.Slice(ps, func(i, j int) bool { return ps[i].rel < ps[j].rel })
	}
	for id := range m.nodes {
		for _, d := range []Direction{Out, In, Both} {
			var got []pair
			r.Expand(id, d, AnyType, func(rel uint64, nbr, typ uint32) bool {
				got = append(got, pair{rel, nbr, typ})
				return true
			})
			w := want[id][d]
			sortP(got)
			sortP(w)
			if len(got) != len(w) || (len(w) > 0 && !slices.Equal(got, w)) {
				t.Fatalf("node %d %v expand %v, want %v", id, d, got, w)
			}
			if r.Degree(id, d, AnyType) != len(w) {
				t.Fatalf("node %d %v degree %d want %d", id, d, r.Degree(id, d, AnyType), len(w))
			}
			nb := roaring.New()
			byType := map[uint32]*roaring.Bitmap{}
			for _, p := range w {
				nb.Add(p.nbr)
				if byType[p.typ] == nil {
					byType[p.typ] = roaring.New()
				}
				byType[p.typ].Add(p.nbr)
			}
			if !r.Neighbors(id, d, AnyType).Equals(nb) {
				t.Fatalf("node %d %v neighbours %v want %v", id, d, r.Neighbors(id, d, AnyType), nb)
			}
			for ty, b := range byType {
				if !r.Neighbors(id, d, ty).Equals(b) {
					t.Fatalf("node %d %v type %d neighbours", id, d, ty)
				}
			}
		}
	}
}

// randomOps applies n random writes to tx and the model.
func randomOps(t testing.TB, rng *rand.Rand, tx *Tx, m *model, n int, labels, types, keys []uint32) {
	t.Helper()
	pick := func() (uint32, bool) {
		if len(m.nodes) == 0 {
			return 0, false
		}
		ids := make([]uint32, 0, len(m.nodes))
		for id := range m.nodes {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		return ids[rng.Intn(len(ids))], true
	}
	pickRel := func() (uint64, bool) {
		if len(m.rels) == 0 {
			return 0, false
		}
		ids := make([]uint64, 0, len(m.rels))
		for id := range m.rels {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		return ids[rng.Intn(len(ids))], true
	}
	randVal := func() value.Value {
		switch rng.Intn(5) {
		case 0:
			return value.Int(rng.Intn(10))
		case 1:
			return value.Float(float64(rng.Intn(10)) / 2)
		case 2:
			return value.String(fmt.Sprint("s", rng.Intn(5)))
		case 3:
			return value.Bool(rng.Intn(2) == 0)
		}
		return value.List{value.Int(rng.Intn(3)), value.Int(1)}
	}
	for i := 0; i < n; i++ {
		switch op := rng.Intn(10); {
		case op < 3:
			var ls []uint32
			for _, l := range labels {
				if rng.Intn(3) == 0 {
					ls = append(ls, l)
				}
			}
			ps := map[uint32]value.Value{}
			for _, k := range keys {
				if rng.Intn(2) == 0 {
					ps[k] = randVal()
				}
			}
			id, err := tx.CreateNode(ls, ps)
			check(t, err)
			mn := &mnode{labels: map[uint32]bool{}, props: ps}
			for _, l := range ls {
				mn.labels[l] = true
			}
			m.nodes[id] = mn
		case op < 6:
			a, ok := pick()
			b, _ := pick()
			if !ok {
				continue
			}
			if rng.Intn(5) == 0 {
				b = a // self-loop
			}
			ty := types[rng.Intn(len(types))]
			ps := map[uint32]value.Value{}
			if rng.Intn(2) == 0 {
				ps[keys[0]] = randVal()
			}
			id, err := tx.CreateRel(a, b, ty, ps)
			check(t, err)
			m.rels[id] = &mrel{a, b, ty, ps}
		case op == 6:
			a, ok := pick()
			if !ok {
				continue
			}
			k := keys[rng.Intn(len(keys))]
			if rng.Intn(3) == 0 {
				check(t, tx.SetNodeProp(a, k, nil))
				delete(m.nodes[a].props, k)
			} else {
				v := randVal()
				check(t, tx.SetNodeProp(a, k, v))
				m.nodes[a].props[k] = v
			}
		case op == 7:
			a, ok := pick()
			if !ok {
				continue
			}
			l := labels[rng.Intn(len(labels))]
			if rng.Intn(2) == 0 {
				check(t, tx.AddLabel(a, l))
				m.nodes[a].labels[l] = true
			} else {
				check(t, tx.RemoveLabel(a, l))
				delete(m.nodes[a].labels, l)
			}
		case op == 8:
			id, ok := pickRel()
			if !ok {
				continue
			}
			if rng.Intn(2) == 0 {
				check(t, tx.DeleteRel(id))
				delete(m.rels, id)
			} else {
				v := randVal()
				check(t, tx.SetRelProp(id, keys[0], v))
				m.rels[id].props[keys[0]] = v
			}
		case op == 9:
			a, ok := pick()
			if !ok {
				continue
			}
			has := false
			for _, r := range m.rels {
				if r.s == a || r.e == a {
					has = true
				}
			}
			err := tx.DeleteNode(a, false)
			if has {
				if err == nil || !isErr(err, ErrNodeHasRelationships) {
					t.Fatalf("delete of node with relationships: %v", err)
				}
				check(t, tx.DeleteNode(a, true))
				for id, r := range m.rels {
					if r.s == a || r.e == a {
						delete(m.rels, id)
					}
				}
			} else {
				check(t, err)
			}
			delete(m.nodes, a)
		}
	}
}

// verifySelfLoops compares the store's self-loop counts per (label,
// type, label), AnyLabel on either side, with the model's.
func (m *model) verifySelfLoops(t testing.TB, r Reader) {
	t.Helper()
	want := map[Pattern]uint64{}
	for _, rel := range m.rels {
		if rel.s != rel.e {
			continue
		}
		ls := []uint32{AnyLabel}
		for l := range m.nodes[rel.s].labels {
			ls = append(ls, l)
		}
		for _, a := range ls {
			for _, b := range ls {
				want[Pattern{a, rel.t, b}]++
			}
		}
	}
	for p, n := range want {
		if got := r.SelfLoopCount(p); got != n {
			t.Fatalf("self-loops %+v: %d, want %d", p, got, n)
		}
	}
	if got := r.Stats().SelfLoopsPerPattern; len(got) != len(want) {
		t.Fatalf("self-loop patterns %v, want %v", got, want)
	}
}

func statsEqual(t testing.TB, a, b Stats) {
	t.Helper()
	a.MemoryBytes, b.MemoryBytes = 0, 0
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("stats differ:\n%+v\n%+v", a, b)
	}
}

// TestRandomAgainstModel runs random transactions (some rolled back)
// against the model, checking the transaction's own view, the committed
// snapshot, the statistics against a from-scratch recomputation, and the
// state after reopening.
func TestRandomAgainstModel(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	rng := rand.New(rand.NewSource(1))
	m := newModel()
	tx := begin(t, g)
	var labels, types, keys []uint32
	for i := 0; i < 3; i++ {
		labels = append(labels, must(tx.LabelIDOrCreate(fmt.Sprint("L", i)))(t))
		types = append(types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
		keys = append(keys, must(tx.PropKeyIDOrCreate(fmt.Sprint("k", i)))(t))
	}
	check(t, tx.CreateIndex(labels[0], keys[1]))
	check(t, tx.Commit())
	for round := 0; round < 60; round++ {
		before := m.clone()
		snapBefore := g.Snapshot()
		tx := begin(t, g)
		randomOps(t, rng, tx, m, 1+rng.Intn(30), labels, types, keys)
		m.verify(t, tx)
		before.verify(t, snapBefore)
		if rng.Intn(4) == 0 {
			tx.Rollback()
			m = before
		} else {
			check(t, tx.Commit())
		}
		snap := g.Snapshot()
		m.verify(t, snap)
		check(t, snap.checkConsistency())
		fresh := *snap.version
		fresh.recomputeStats()
		statsEqual(t, snap.Stats(), fresh.Stats())
		// The index agrees with a scan.
		for _, v := range []value.Value{value.Int(1), value.Float(1), value.String("s1"), value.Bool(true)} {
			ix := snap.IndexSeek(labels[0], keys[1], v)
			var scan Snapshot
			scan.version = &version{}
			*scan.version = *snap.version
			scan.indexes = nil
			if !ix.Equals(scan.IndexSeek(labels[0], keys[1], v)) {
				t.Fatalf("index seek %v: %v vs scan %v", v, ix, scan.IndexSeek(labels[0], keys[1], v))
			}
			r1 := snap.IndexRange(labels[0], keys[1], value.Int(1), value.Float(3.5), true, false)
			r2 := scan.IndexRange(labels[0], keys[1], value.Int(1), value.Float(3.5), true, false)
			if !r1.Equals(r2) {
				t.Fatalf("index range %v vs scan %v", r1, r2)
			}
		}
		if round%10 == 9 {
			st := snap.Stats()
			check(t, s.Close())
			s, err = Open("db", &Options{FS: fs})
			check(t, err)
			g = mustGraph(t, s, DefaultGraph)
			m.verify(t, g.Snapshot())
			statsEqual(t, st, g.Snapshot().Stats())
		}
	}
	check(t, s.Close())
}
