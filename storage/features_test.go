package storage

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

func TestGraphsCreateListDropIsolated(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	if got := s.Graphs(); !slices.Equal(got, []string{"default"}) {
		t.Fatalf("graphs %v", got)
	}
	a := must(s.CreateGraph("a"))(t)
	if _, err := s.CreateGraph("a"); !errors.Is(err, ErrExists) {
		t.Fatalf("duplicate create: %v", err)
	}
	b := must(s.CreateGraph("b"))(t)
	for i, g := range []*Graph{a, b} {
		tx := begin(t, g)
		l := must(tx.LabelIDOrCreate([]string{"OnlyA", "OnlyB"}[i]))(t)
		for j := 0; j <= i; j++ {
			must(tx.CreateNode([]uint32{l}, nil))(t)
		}
		check(t, tx.Commit())
	}
	if a.Snapshot().NodeCount() != 1 || b.Snapshot().NodeCount() != 2 || mustGraph(t, s, "default").Snapshot().NodeCount() != 0 {
		t.Fatal("graphs not isolated")
	}
	if _, ok := a.Snapshot().LabelID("OnlyB"); ok {
		t.Fatal("dictionary leaked between graphs")
	}
	snapA := a.Snapshot()
	check(t, s.DropGraph("a"))
	if snapA.NodeCount() != 1 {
		t.Fatal("snapshot of dropped graph changed")
	}
	if _, err := a.Begin(context.Background()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("begin on dropped graph: %v", err)
	}
	if err := s.DropGraph("a"); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	check(t, s.Close())
	s, err = Open("db", &Options{FS: fs})
	check(t, err)
	defer s.Close()
	if got := s.Graphs(); !slices.Equal(got, []string{"b", "default"}) {
		t.Fatalf("graphs after reopen %v", got)
	}
	if mustGraph(t, s, "b").Snapshot().NodeCount() != 2 {
		t.Fatal("graph b lost")
	}
	// Re-creating a dropped name gives an empty graph.
	a2 := must(s.CreateGraph("a"))(t)
	if a2.Snapshot().NodeCount() != 0 {
		t.Fatal("dropped data resurrected")
	}
}

type fakeDate struct{ days int64 }

func (fakeDate) Kind() value.Kind               { return value.KindDate }
func (d fakeDate) EqualSame(o value.Value) bool { return d == o.(fakeDate) }
func (d fakeDate) CompareSame(o value.Value) (int, bool) {
	return int(d.days - o.(fakeDate).days), true
}
func (d fakeDate) OrderSame(o value.Value) int { c, _ := d.CompareSame(o); return c }
func (d fakeDate) AppendKey(dst []byte) []byte { return append(dst, byte(d.days)) }
func (d fakeDate) String() string              { return "date" }

func TestValueCodec(t *testing.T) {
	vals := []value.Value{
		value.NullValue, value.Bool(true), value.Bool(false), value.Int(0), value.Int(-1),
		value.Int(math.MaxInt64), value.Int(math.MinInt64), value.Float(1.5), value.Float(math.Inf(-1)),
		value.String(""), value.String("héllo"), value.List{}, value.List{value.Int(1), value.String("x"), value.List{value.NullValue}},
		value.Map{"a": value.Int(1), "b": value.Map{"c": value.List{}}}, value.Vector{1.5, -2, 0},
	}
	for _, v := range vals {
		b, err := AppendValue(nil, v)
		check(t, err)
		got, n, err := DecodeValue(b)
		check(t, err)
		if n != len(b) || !value.Equivalent(got, v) {
			t.Fatalf("round trip %v: %v (%d of %d bytes)", v, got, n, len(b))
		}
		// Every truncation fails cleanly.
		for i := 0; i < len(b); i++ {
			if _, n, err := DecodeValue(b[:i]); err == nil && n > i {
				t.Fatalf("truncated %v decoded past its end", v)
			} else if err != nil && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("truncated %v: %v", v, err)
			}
		}
	}
	// Vectors are compact: 4 bytes per element plus a small header.
	b, _ := AppendValue(nil, make(value.Vector, 768))
	if len(b) != 1+2+768*4 {
		t.Fatalf("vector encoding %d bytes", len(b))
	}
	// Temporal kinds: rejected until registered, then round-trip.
	if _, err := AppendValue(nil, fakeDate{3}); !errors.Is(err, ErrInvalidProperty) {
		t.Fatalf("unregistered extension: %v", err)
	}
	if _, _, err := DecodeValue([]byte{tagDate, 1, 3}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("unregistered decode: %v", err)
	}
	RegisterExtensionCodec(value.KindDate, func(dst []byte, v value.Value) []byte {
		return append(dst, byte(v.(fakeDate).days))
	}, func(b []byte) (value.Value, error) {
		if len(b) != 1 {
			return nil, errors.New("bad")
		}
		return fakeDate{int64(b[0])}, nil
	})
	defer func() { extCodecs[0] = nil }()
	b, err := AppendValue(nil, fakeDate{7})
	check(t, err)
	if b[0] != tagDate {
		t.Fatalf("date tag %x", b[0])
	}
	got, _, err := DecodeValue(b)
	check(t, err)
	if got != (fakeDate{7}) {
		t.Fatalf("date %v", got)
	}
	check(t, CheckProperty(fakeDate{1}))
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("registering a non-temporal kind should panic")
			}
		}()
		RegisterExtensionCodec(value.KindInt, nil, nil)
	}()
}

func TestPropertyValidation(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	defer tx.Rollback()
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	n := must(tx.CreateNode(nil, nil))(t)
	for _, v := range []value.Value{
		value.Map{"a": value.Int(1)}, value.Node{ID: 1}, value.Rel{ID: 1}, value.Path{},
		value.List{value.Int(1), value.NullValue}, value.List{value.List{}}, value.List{value.Int(1), value.String("a")},
	} {
		if err := tx.SetNodeProp(n, k, v); !errors.Is(err, ErrInvalidProperty) {
			t.Fatalf("SetNodeProp(%v): %v", v, err)
		}
		if _, err := tx.CreateNode(nil, map[uint32]value.Value{k: v}); !errors.Is(err, ErrInvalidProperty) {
			t.Fatalf("CreateNode(%v): %v", v, err)
		}
	}
	for _, v := range []value.Value{value.Int(1), value.List{value.Int(1), value.Float(2)}, value.List{}, value.Vector{1}, value.String("x")} {
		check(t, tx.SetNodeProp(n, k, v))
	}
	// Null removes.
	check(t, tx.SetNodeProp(n, k, value.NullValue))
	if _, ok := tx.NodeProp(n, k); ok {
		t.Fatal("null did not remove the property")
	}
	if tx.NodeCount() != 1 {
		t.Fatal("failed CreateNode left a node behind")
	}
}

func TestDictionaries(t *testing.T) {
	s, fs := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	a := must(tx.LabelIDOrCreate("A"))(t)
	b := must(tx.LabelIDOrCreate("B"))(t)
	if again := must(tx.LabelIDOrCreate("A"))(t); again != a || a == b {
		t.Fatal("label ids")
	}
	ty := must(tx.TypeIDOrCreate("R"))(t)
	k := must(tx.PropKeyIDOrCreate("name"))(t)
	check(t, tx.Commit())
	check(t, s.Close())
	s2, err := Open("db", &Options{FS: fs})
	check(t, err)
	defer s2.Close()
	r := mustGraph(t, s2, DefaultGraph).Snapshot()
	if id, ok := r.LabelID("B"); !ok || id != b || r.LabelName(a) != "A" || r.TypeName(ty) != "R" || r.PropKeyName(k) != "name" {
		t.Fatal("dictionaries after reopen")
	}
	if !slices.Equal(r.Labels(), []string{"A", "B"}) || !slices.Equal(r.Types(), []string{"R"}) || !slices.Equal(r.PropKeys(), []string{"name"}) {
		t.Fatal("dictionary lists")
	}
	if _, ok := r.TypeID("nope"); ok || r.LabelName(99) != "" {
		t.Fatal("unknown names")
	}
}

func TestAdjacencyParallelSelfLoopsAndHub(t *testing.T) {
	s, fs := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	r := must(tx.TypeIDOrCreate("R"))(t)
	q := must(tx.TypeIDOrCreate("Q"))(t)
	a := must(tx.CreateNode(nil, nil))(t)
	b := must(tx.CreateNode(nil, nil))(t)
	r1 := must(tx.CreateRel(a, b, r, nil))(t)
	r2 := must(tx.CreateRel(a, b, r, nil))(t) // parallel
	r3 := must(tx.CreateRel(a, a, r, nil))(t) // self-loop
	r4 := must(tx.CreateRel(b, a, q, nil))(t)
	check(t, tx.Commit())
	snap := g.Snapshot()
	var got [][2]uint64
	snap.Expand(a, Both, AnyType, func(rel uint64, nbr, _ uint32) bool {
		got = append(got, [2]uint64{rel, uint64(nbr)})
		return true
	})
	slices.SortFunc(got, func(x, y [2]uint64) int { return int(x[0]) - int(y[0]) })
	want := [][2]uint64{{r1, uint64(b)}, {r2, uint64(b)}, {r3, uint64(a)}, {r4, uint64(b)}}
	if !slices.Equal(got, want) {
		t.Fatalf("expand both %v, want %v", got, want)
	}
	if snap.Degree(a, Out, r) != 3 || snap.Degree(a, In, AnyType) != 2 || snap.Degree(a, Both, AnyType) != 4 {
		t.Fatalf("degrees %d %d %d", snap.Degree(a, Out, r), snap.Degree(a, In, AnyType), snap.Degree(a, Both, AnyType))
	}
	if nb := snap.Neighbors(a, Out, r); nb.GetCardinality() != 2 || !nb.Contains(a) || !nb.Contains(b) {
		t.Fatalf("neighbours %v", nb)
	}
	if !slices.Equal(snap.NodeRelTypes(a, Both), []uint32{r, q}) {
		t.Fatalf("rel types %v", snap.NodeRelTypes(a, Both))
	}
	var ofType []uint64
	snap.RelsOfType(r, func(id uint64, _, _ uint32) bool { ofType = append(ofType, id); return true })
	if !slices.Equal(ofType, []uint64{r1, r2, r3}) {
		t.Fatalf("RelsOfType %v", ofType)
	}

	// A hub with more relationships than several adjacency chunks, written
	// across transactions, with deletions, survives reopening.
	const n = 3*(1<<chunkBits) + 100
	tx = begin(t, g)
	hub := must(tx.CreateNode(nil, nil))(t)
	leaf := must(tx.CreateNode(nil, nil))(t)
	for i := 0; i < n; i++ {
		must(tx.CreateRel(hub, leaf, r, nil))(t)
	}
	check(t, tx.Commit())
	tx = begin(t, g)
	var del []uint64
	tx.Expand(hub, Out, r, func(rel uint64, _, _ uint32) bool {
		if rel%7 == 0 {
			del = append(del, rel)
		}
		return true
	})
	for _, id := range del {
		check(t, tx.DeleteRel(id))
	}
	must(tx.CreateRel(hub, leaf, r, nil))(t)
	check(t, tx.Commit())
	wantDeg := g.Snapshot().Degree(hub, Out, r)
	if wantDeg != n-len(del)+1 {
		t.Fatalf("hub degree %d", wantDeg)
	}
	check(t, s.Close())
	s2, err := Open("db", &Options{FS: fs})
	check(t, err)
	defer s2.Close()
	snap2 := mustGraph(t, s2, DefaultGraph).Snapshot()
	if snap2.Degree(hub, Out, r) != wantDeg || snap2.Degree(leaf, In, r) != wantDeg {
		t.Fatalf("hub degree after reopen %d", snap2.Degree(hub, Out, r))
	}
	// Detach-deleting the hub edits each list once, not once per relationship.
	g2 := mustGraph(t, s2, DefaultGraph)
	tx = begin(t, g2)
	start := time.Now()
	check(t, tx.DeleteNode(hub, true))
	if el := time.Since(start); el > time.Second {
		t.Errorf("detach delete of a %d-relationship hub took %v", wantDeg, el)
	}
	check(t, tx.Commit())
	check(t, g2.Snapshot().checkConsistency())
	if g2.Snapshot().Degree(leaf, In, AnyType) != 0 {
		t.Fatal("leaf keeps relationships of a deleted hub")
	}
}

func TestIndexesAndConstraints(t *testing.T) {
	s, fs := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	p := must(tx.LabelIDOrCreate("P"))(t)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	id := must(tx.PropKeyIDOrCreate("id"))(t)
	var ns []uint32
	for i, v := range []value.Value{value.Int(1), value.Float(1), value.Float(1.5), value.Int(2), value.String("a"), value.String("b"), value.Float(math.NaN())} {
		ns = append(ns, must(tx.CreateNode([]uint32{p}, map[uint32]value.Value{k: v, id: value.Int(int64(i))}))(t))
	}
	check(t, tx.CreateIndex(p, k))
	if err := tx.CreateIndex(p, k); !errors.Is(err, ErrExists) {
		t.Fatal(err)
	}
	check(t, tx.CreateUniqueConstraint(p, id))
	if err := tx.CreateUniqueConstraint(p, k); !errors.Is(err, ErrConstraintViolation) {
		t.Fatalf("constraint over duplicates (1 and 1.0): %v", err)
	}
	check(t, tx.Commit())

	for _, snapFn := range []func() *Snapshot{g.Snapshot} {
		r := snapFn()
		if got := r.IndexSeek(p, k, value.Int(1)); got.GetCardinality() != 2 || !got.Contains(ns[0]) || !got.Contains(ns[1]) {
			t.Fatalf("seek 1: %v", got)
		}
		if got := r.IndexSeek(p, k, value.Float(2)); !got.Contains(ns[3]) || got.GetCardinality() != 1 {
			t.Fatalf("seek 2.0: %v", got)
		}
		if got := r.IndexSeek(p, k, value.Float(math.NaN())); !got.IsEmpty() {
			t.Fatal("NaN matched")
		}
		if got := r.IndexRange(p, k, value.Int(1), value.Int(2), false, true); got.GetCardinality() != 2 || !got.Contains(ns[2]) || !got.Contains(ns[3]) {
			t.Fatalf("range (1,2]: %v", got)
		}
		if got := r.IndexRange(p, k, value.String("a"), nil, true, false); got.GetCardinality() != 2 {
			t.Fatalf("range >= 'a': %v", got)
		}
		if got := r.IndexRange(p, k, nil, value.Float(1.2), false, false); got.GetCardinality() != 2 {
			t.Fatalf("range < 1.2: %v", got)
		}
		infos := r.Indexes()
		if len(infos) != 2 || infos[0].Key != k || infos[0].Distinct != 6 || infos[0].Entries != 7 || !infos[1].Unique {
			t.Fatalf("index infos %+v", infos)
		}
	}

	// The constraint rejects violating writes at the write call.
	tx = begin(t, g)
	if _, err := tx.CreateNode([]uint32{p}, map[uint32]value.Value{id: value.Float(3)}); !errors.Is(err, ErrConstraintViolation) {
		t.Fatalf("create duplicate: %v", err)
	}
	if err := tx.SetNodeProp(ns[0], id, value.Int(4)); !errors.Is(err, ErrConstraintViolation) {
		t.Fatalf("set duplicate: %v", err)
	}
	check(t, tx.SetNodeProp(ns[0], id, value.Int(0))) // same node, same value
	other := must(tx.CreateNode(nil, map[uint32]value.Value{id: value.Int(5)}))(t)
	if err := tx.AddLabel(other, p); !errors.Is(err, ErrConstraintViolation) {
		t.Fatalf("add label: %v", err)
	}
	check(t, tx.DeleteNode(ns[5], false))
	check(t, tx.AddLabel(other, p)) // 5 is free now
	check(t, tx.Commit())

	check(t, s.Close())
	s2, err := Open("db", &Options{FS: fs})
	check(t, err)
	defer s2.Close()
	g = mustGraph(t, s2, DefaultGraph)
	if got := g.Snapshot().IndexSeek(p, id, value.Int(5)); !got.Contains(other) || got.GetCardinality() != 1 {
		t.Fatalf("seek after reopen: %v", got)
	}
	tx = begin(t, g)
	if _, err := tx.CreateNode([]uint32{p}, map[uint32]value.Value{id: value.Int(5)}); !errors.Is(err, ErrConstraintViolation) {
		t.Fatalf("constraint after reopen: %v", err)
	}
	check(t, tx.DropConstraint(p, id))
	check(t, tx.DropIndex(p, k))
	if err := tx.DropIndex(p, k); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	must(tx.CreateNode([]uint32{p}, map[uint32]value.Value{id: value.Int(5)}))(t)
	check(t, tx.Commit())
	if len(g.Snapshot().Indexes()) != 0 {
		t.Fatal("indexes not dropped")
	}
	// Without an index, IndexSeek still answers (by scanning).
	if got := g.Snapshot().IndexSeek(p, id, value.Float(5)); got.GetCardinality() != 2 {
		t.Fatalf("scan seek %v", got)
	}
}

func TestStatsKeptCurrent(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	a := must(tx.LabelIDOrCreate("A"))(t)
	b := must(tx.LabelIDOrCreate("B"))(t)
	r := must(tx.TypeIDOrCreate("R"))(t)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	x := must(tx.CreateNode([]uint32{a}, map[uint32]value.Value{k: value.Int(1)}))(t)
	y := must(tx.CreateNode([]uint32{b}, map[uint32]value.Value{k: value.Int(1)}))(t)
	z := must(tx.CreateNode([]uint32{a, b}, nil))(t)
	must(tx.CreateRel(x, y, r, nil))(t)
	must(tx.CreateRel(x, z, r, nil))(t)
	must(tx.CreateRel(x, x, r, nil))(t)
	check(t, tx.CreateIndex(a, k))
	check(t, tx.Commit())
	st := g.Snapshot().Stats()
	if st.Nodes != 3 || st.Rels != 3 || st.NodesPerLabel[a] != 2 || st.NodesPerLabel[b] != 2 || st.RelsPerType[r] != 3 {
		t.Fatalf("stats %+v", st)
	}
	if st.RelsPerPattern[Pattern{a, r, b}] != 2 || st.RelsPerPattern[Pattern{a, r, a}] != 2 || st.RelsPerPattern[Pattern{AnyLabel, r, AnyLabel}] != 3 || st.RelsPerPattern[Pattern{b, r, AnyLabel}] != 0 {
		t.Fatalf("patterns %+v", st.RelsPerPattern)
	}
	if d := st.Degrees[DegreeKey{r, Out}]; d.Max != 3 || d.Nodes != 1 || d.P50 != 0 || d.Avg != 1 {
		t.Fatalf("out degree %+v", d)
	}
	// x has 3 relationships out; x, y and z one each in: a node reached
	// through an R relationship has 3 out (from its start) or 1 in.
	if d := st.Degrees[DegreeKey{r, Out}]; d.Sum != 3 || d.SumSq != 9 || d.Reached != 3 {
		t.Fatalf("out degree moments %+v", d)
	}
	if d := st.Degrees[DegreeKey{AnyType, In}]; d.Sum != 3 || d.SumSq != 3 || d.Reached != 1 {
		t.Fatalf("in degree moments %+v", d)
	}
	if g.Snapshot().LabelCount(a) != 2 || g.Snapshot().RelTypeCount(r) != 3 || g.Snapshot().RelTypeCount(AnyType) != 3 {
		t.Fatal("LabelCount/RelTypeCount")
	}
	if len(st.Indexes) != 1 || st.Indexes[0].Distinct != 1 {
		t.Fatalf("index stats %+v", st.Indexes)
	}
	// Relabelling moves pattern counts.
	tx = begin(t, g)
	check(t, tx.RemoveLabel(z, b))
	check(t, tx.Commit())
	st = g.Snapshot().Stats()
	if st.RelsPerPattern[Pattern{a, r, b}] != 1 || st.RelsPerPattern[Pattern{a, r, a}] != 2 {
		t.Fatalf("patterns after relabel %+v", st.RelsPerPattern)
	}
}

func TestTxSemantics(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	n := must(tx.CreateNode(nil, nil))(t)
	tx.Rollback()
	if g.Snapshot().NodeCount() != 0 {
		t.Fatal("rolled back node visible")
	}
	if _, err := tx.CreateNode(nil, nil); !errors.Is(err, ErrTxDone) {
		t.Fatal(err)
	}
	if err := tx.Commit(); !errors.Is(err, ErrTxDone) {
		t.Fatal(err)
	}
	_ = n
	// One writer at a time: a second Begin waits, then times out.
	s.opts.WriterTimeout = 50 * time.Millisecond
	tx = begin(t, g)
	start := time.Now()
	if _, err := g.Begin(context.Background()); !errors.Is(err, ErrWriterBusy) || time.Since(start) < 40*time.Millisecond {
		t.Fatalf("second writer: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Begin(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled begin: %v", err)
	}
	// Bitmaps handed out by a Tx do not change under later writes.
	l := must(tx.LabelIDOrCreate("L"))(t)
	must(tx.CreateNode([]uint32{l}, nil))(t)
	seen := tx.NodesWithLabel(l)
	must(tx.CreateNode([]uint32{l}, nil))(t)
	if seen.GetCardinality() != 1 || tx.NodesWithLabel(l).GetCardinality() != 2 {
		t.Fatal("bitmap from a Tx changed under a later write")
	}
	check(t, tx.Commit())
	tx2 := begin(t, g) // the slot was released
	tx2.Rollback()
	// Unknown ids.
	tx = begin(t, g)
	defer tx.Rollback()
	if err := tx.DeleteNode(999, true); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if _, err := tx.CreateRel(0, 999, 0, nil); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if _, err := tx.CreateNode([]uint32{42}, nil); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
}

// BenchmarkOpenInMemory measures open, one commit and close of an
// in-memory store (what a test or a short-lived agent session pays):
//
//	go test ./storage -run XXX -bench OpenInMemory
func BenchmarkOpenInMemory(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s, err := Open("db", &Options{FS: vfs.NewMem()})
		check(b, err)
		tx := begin(b, mustGraph(b, s, DefaultGraph))
		must(tx.CreateNode(nil, nil))(b)
		check(b, tx.Commit())
		check(b, s.Close())
	}
}

func TestMemoryBudget(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs, MemoryBudget: 64 << 10})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	var failed error
	for i := 0; i < 10000 && failed == nil; i++ {
		_, failed = tx.CreateNode(nil, map[uint32]value.Value{k: value.String("some text")})
	}
	if !errors.Is(failed, ErrMemoryBudget) {
		t.Fatalf("expected ErrMemoryBudget, got %v", failed)
	}
	check(t, tx.Commit())
	used, budget := s.MemoryUsage()
	if used <= 0 || used > budget {
		t.Fatalf("usage %d budget %d", used, budget)
	}
	n := g.Snapshot().NodeCount()
	check(t, s.Close())
	// Reopening with a smaller budget works from the image: pages are
	// loaded on demand and evicted, not all held.
	s, err = Open("db", &Options{FS: fs, MemoryBudget: 1 << 10})
	check(t, err)
	snap := mustGraph(t, s, DefaultGraph).Snapshot()
	if snap.NodeCount() != n {
		t.Fatalf("%d nodes after reopening, want %d", snap.NodeCount(), n)
	}
	for id := uint32(0); id < uint32(n); id++ {
		if v, _ := snap.NodeProp(id, k); v != value.String("some text") {
			t.Fatalf("node %d: %v", id, v)
		}
	}
	check(t, s.Close())
	// Without an image (a build that cannot use it, or a crash after
	// commits on a read-only open) the graph is read whole: over budget.
	check(t, fs.Remove(fs.PathJoin("db", imageName(0))))
	if _, err := Open("db", &Options{FS: fs, MemoryBudget: 1 << 10, ReadOnly: true}); !errors.Is(err, ErrMemoryBudget) {
		t.Fatalf("open over budget: %v", err)
	}
	if err := (&Options{MemoryBudget: -1}).Validate(); !errors.Is(err, ErrInvalidOptions) {
		t.Fatal(err)
	}
}

func TestExpandSet(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	r := must(tx.TypeIDOrCreate("R"))(t)
	q := must(tx.TypeIDOrCreate("Q"))(t)
	var ns []uint32
	for i := 0; i < 100; i++ {
		ns = append(ns, must(tx.CreateNode(nil, nil))(t))
	}
	for i := 1; i < 100; i++ {
		must(tx.CreateRel(ns[0], ns[i], r, nil))(t) // a hub (cached bitmap path)
		must(tx.CreateRel(ns[i], ns[(i*7)%100], q, nil))(t)
	}
	check(t, tx.Commit())
	snap := g.Snapshot()
	if !snap.ExpandSet(nil, Out, AnyType).IsEmpty() || !snap.ExpandSet(snap.AllNodes(), Direction(9), AnyType).IsEmpty() {
		t.Fatal("ExpandSet on nil set or bad direction")
	}
	for _, d := range []Direction{Out, In, Both} {
		for _, ty := range []uint32{r, q, AnyType} {
			front := snap.Neighbors(ns[0], Both, AnyType).Clone() // Neighbors is read-only
			front.Add(ns[0])
			want := roaring.New()
			it := front.Iterator()
			for it.HasNext() {
				want.Or(snap.Neighbors(it.Next(), d, ty))
			}
			if got := snap.ExpandSet(front, d, ty); !got.Equals(want) {
				t.Fatalf("%v %d: %v want %v", d, ty, got, want)
			}
			// One node with a few neighbours: the sparse path.
			for _, x := range ns[1:6] {
				if got, want := snap.ExpandSet(roaring.BitmapOf(x), d, ty), snap.Neighbors(x, d, ty); !got.Equals(want) {
					t.Fatalf("%v %d from %d: %v want %v", d, ty, x, got, want)
				}
			}
		}
	}
}

func TestClosedStore(t *testing.T) {
	s, err := Open("db", &Options{FS: vfs.NewMem()})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	must(tx.CreateNode(nil, nil))(t)
	snap := g.Snapshot()
	check(t, s.Close())
	check(t, s.Close()) // idempotent
	if err := tx.Commit(); !errors.Is(err, ErrClosed) {
		t.Fatalf("commit after close: %v", err)
	}
	if _, err := g.Begin(context.Background()); !errors.Is(err, ErrClosed) {
		t.Fatalf("begin after close: %v", err)
	}
	if _, err := s.Graph(DefaultGraph); !errors.Is(err, ErrClosed) {
		t.Fatal(err)
	}
	if snap.NodeCount() != 0 {
		t.Fatal("snapshot after close")
	}
}

// TestPageTableBlocks: transactions copy-on-write pages in several
// directory blocks without disturbing older snapshots.
func TestPageTableBlocks(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	const n = 3*dirSize*nodePageSize + 10 // four node directory blocks
	check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		_, err := b.AddNodes(n, nil)
		return err
	}), nil))
	before := g.Snapshot()
	tx := begin(t, g)
	r := must(tx.TypeIDOrCreate("R"))(t)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	ids := []uint32{0, dirSize*nodePageSize + 1, 3*dirSize*nodePageSize + 5}
	for _, id := range ids {
		check(t, tx.SetNodeProp(id, k, value.Int(int64(id))))
		must(tx.CreateRel(id, ids[0], r, nil))(t)
	}
	check(t, tx.DeleteNode(2*dirSize*nodePageSize, false))
	check(t, tx.Commit())
	after := g.Snapshot()
	for _, id := range ids {
		if _, ok := before.NodeProp(id, k); ok {
			t.Fatal("old snapshot changed")
		}
		if v, _ := after.NodeProp(id, k); v != value.Int(int64(id)) {
			t.Fatalf("node %d: %v", id, v)
		}
	}
	if !before.NodeExists(2*dirSize*nodePageSize) || after.NodeExists(2*dirSize*nodePageSize) {
		t.Fatal("delete across blocks")
	}
	if after.Degree(ids[0], In, r) != 3 || before.Degree(ids[0], In, r) != 0 {
		t.Fatal("adjacency across blocks")
	}
	check(t, after.checkConsistency())
}

// TestReaderNeverPanics feeds unknown ids and bad directions to every
// read method.
func TestReaderNeverPanics(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	fillSmall(t, s)
	tx := begin(t, g)
	defer tx.Rollback()
	for _, r := range []Reader{g.Snapshot(), tx} {
		for _, id := range []uint32{0, 49, 50, 1 << 20, ^uint32(0)} {
			for _, d := range []Direction{Out, In, Both, Direction(7)} {
				r.Neighbors(id, d, AnyType)
				r.Neighbors(id, d, 12345)
				r.Expand(id, d, AnyType, func(uint64, uint32, uint32) bool { return true })
				r.Degree(id, d, 3)
				r.NodeRelTypes(id, d)
			}
			r.NodeLabels(id)
			r.NodeHasLabel(id, 99)
			r.NodeProp(id, 99)
			r.NodeProps(id)
			r.ForEachNodeProp(id, func(uint32, value.Value) bool { return true })
			r.Rel(uint64(id))
			r.RelProp(uint64(id), 0)
			r.RelProps(uint64(id))
			r.IndexSeek(id, id, value.Int(1))
			r.IndexRange(id, id, value.Int(1), value.String("x"), true, true)
			r.LabelName(id)
			r.TypeName(id)
			r.PropKeyName(id)
			r.LabelCount(id)
			r.RelTypeCount(id)
			r.NodesWithLabel(id)
		}
		r.IndexSeek(0, 0, value.NullValue)
		r.IndexRange(0, 0, nil, nil, false, false)
		r.IndexRange(0, 0, value.Float(math.NaN()), value.List{value.Int(1)}, true, true)
		r.Stats()
	}
	// Writes with bad ids fail cleanly.
	if err := tx.SetNodeProp(1<<20, 0, value.Int(1)); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if err := tx.AddLabel(0, 1<<20); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if err := tx.SetRelProp(1<<40, 0, value.Int(1)); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if err := tx.DeleteRel(1 << 40); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if err := tx.CreateIndex(1<<20, 0); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if err := tx.DropConstraint(0, 0); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
}
