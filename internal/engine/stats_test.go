package engine

import (
	"context"
	"math"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// TestSampleDistinct checks the sampled distinct-value estimate: exact
// when the sample covers every node, a key when every sampled value is
// unique, and repeated values counted once.
func TestSampleDistinct(t *testing.T) {
	nodes := roaring.New()
	nodes.AddRange(0, 10000)
	for _, c := range []struct {
		name  string
		total uint64
		prop  func(uint32) (value.Value, bool)
		want  float64
	}{
		{"ten values", 10000, func(id uint32) (value.Value, bool) { return value.Int(int64(id % 10)), true }, 10},
		{"a key", 10000, func(id uint32) (value.Value, bool) { return value.Int(int64(id)), true }, 10000},
		{"absent", 10000, func(uint32) (value.Value, bool) { return nil, false }, 1},
		{"exact when sampled whole", 1500, func(id uint32) (value.Value, bool) { return value.Int(int64(id % 700)), true }, 700},
	} {
		set := nodes
		if c.total < 10000 {
			set = roaring.New()
			set.AddRange(0, c.total)
		}
		if got := sampleDistinct(set, c.prop); got != c.want {
			t.Errorf("%s: %v distinct, want %v", c.name, got, c.want)
		}
	}
}

// TestSampleUniform checks that the sample spreads over the whole node
// set: nodes created in runs (a block of one value first, as a bulk load
// of sorted input makes them) are seen in their true shares, whatever
// their order, on sparse sets too.
func TestSampleUniform(t *testing.T) {
	for _, c := range []struct {
		name  string
		nodes *roaring.Bitmap
	}{
		{"dense", roaring.BitmapOf()},
		{"sparse", roaring.BitmapOf()},
	} {
		for i := uint32(0); i < 100000; i++ {
			if c.name == "dense" {
				c.nodes.Add(i)
			} else {
				c.nodes.Add(i*37 + 1<<20)
			}
		}
		rank := func(id uint32) uint32 {
			if c.name == "dense" {
				return id
			}
			return (id - 1<<20) / 37
		}
		// The first 10% of the nodes hold "a", the next 40% "b", the rest
		// distinct values.
		prop := func(id uint32) (value.Value, bool) {
			switch r := rank(id); {
			case r < 10000:
				return value.String("a"), true
			case r < 50000:
				return value.String("b"), true
			default:
				return value.Int(int64(r)), true
			}
		}
		sk := sampleProperty(c.nodes, prop)
		if sk.sampled != distinctSample {
			t.Fatalf("%s: sampled %d nodes, want %d", c.name, sk.sampled, distinctSample)
		}
		share := func(v value.Value) float64 {
			n := 0
			for _, x := range sk.values {
				if value.Equal(x, v) == value.True {
					n++
				}
			}
			return float64(n) / float64(sk.sampled)
		}
		if a, b := share(value.String("a")), share(value.String("b")); math.Abs(a-0.1) > 0.01 || math.Abs(b-0.4) > 0.01 {
			t.Errorf("%s: shares a %.3f b %.3f, want 0.1 and 0.4", c.name, a, b)
		}
	}
}

// TestStatsViewFromStore checks the planner's statistics against a small
// store: per-pattern counts, per-type counts and distinct values.
func TestStatsViewFromStore(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	for _, q := range []string{
		"UNWIND range(1, 20) AS i CREATE (:U {id: i, g: i % 4})",
		"MATCH (a:U), (b:U) WHERE b.id = a.id + 1 CREATE (a)-[:L]->(b)",
		"CREATE (:U {id: 100})-[:L]->(:Other)",
	} {
		mustRun(t, eng, q, nil)
	}
	s := currentStats(t, eng)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"L", s.RelPatternCount("", "L", ""), 20},
		{"U-L->", s.RelPatternCount("U", "L", ""), 20},
		{"-L->U", s.RelPatternCount("", "L", "U"), 19},
		{"-L->Other", s.RelPatternCount("", "L", "Other"), 1},
		{"any type", s.RelPatternCount("U", "", ""), 20},
		{"unknown label", s.RelPatternCount("Nope", "L", ""), 0},
		{"RelCount L", s.RelCount("L"), 20},
		{"distinct g", s.DistinctValues("U", "g"), 4},
		{"distinct id", s.DistinctValues("U", "id"), 21},
		// Shares of the 21 U nodes: g is 0..3 five times each (a common
		// value: its own share), id 1..20 and 100 (once each: 1/distinct).
		{"g = 1", s.ValueFraction("U", "g", "=", value.Int(1)), 5.0 / 21},
		{"id = 7", s.ValueFraction("U", "id", "=", value.Int(7)), 1.0 / 21},
		{"id < 11", s.ValueFraction("U", "id", "<", value.Int(11)), 10.0 / 21},
		{"id >= 11.5", s.ValueFraction("U", "id", ">=", value.Float(11.5)), 10.0 / 21},
		{"id > 'a'", s.ValueFraction("U", "id", ">", value.String("a")), 0},
		{"unknown key", s.ValueFraction("U", "nope", "=", value.Int(1)), -1},
		// Degrees of the nodes with a value, no index: the sample holds
		// the whole label, so they are exact.
		{"degree id 1", s.SeekDegree("U", "id", value.Int(1), "L", true), 1},
		{"degree id 20", s.SeekDegree("U", "id", value.Int(20), "L", true), 0},
		{"degree id 20 in", s.SeekDegree("U", "id", value.Int(20), "L", false), 1},
		{"degree g 1", s.SeekDegree("U", "g", value.Int(1), "", true), 1},
		{"degree absent", s.SeekDegree("U", "id", value.Int(55), "L", true), 0},
		{"no self-loops", s.SelfLoopCount("U", "L", ""), 0},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestSeekDegreeFromSample checks the degree of the nodes with a value
// of an unindexed key on a label larger than the sample: a common value's
// sampled nodes stand in for all of them; a value the sample lacks is
// unknown, one it has gets its node's degree.
func TestSeekDegreeFromSample(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	const n = 3 * distinctSample
	for _, q := range []string{
		"UNWIND range(0, $n - 1) AS i CREATE (:U {id: i, g: i % 2})",
		"MATCH (a:U {g: 0}) CREATE (a)-[:L]->(a), (a)-[:L]->(:V)",
	} {
		mustRun(t, eng, q, map[string]any{"n": n})
	}
	s := currentStats(t, eng)
	if d := s.SeekDegree("U", "g", value.Int(0), "L", true); d != 2 {
		t.Errorf("g = 0: degree %v, want 2", d)
	}
	if d := s.SeekDegree("U", "g", value.Int(1), "L", true); d != 0 {
		t.Errorf("g = 1: degree %v, want 0", d)
	}
	if d := s.SeekDegree("U", "g", value.Int(7), "L", true); d != -1 {
		t.Errorf("g = 7 (in no sampled node): degree %v, want unknown", d)
	}
	found := 0
	for i := 0; i < n; i += 2 {
		switch d := s.SeekDegree("U", "id", value.Int(int64(i)), "L", true); d {
		case 2:
			found++
		case -1:
		default:
			t.Fatalf("id %d: degree %v, want 2 or unknown", i, d)
		}
	}
	if found == 0 || found == n/2 {
		t.Errorf("%d of %d ids found in a sample of %d", found, n/2, distinctSample)
	}
	if c := s.SelfLoopCount("U", "L", "U"); c != n/2 {
		t.Errorf("self-loops: %v, want %d", c, n/2)
	}
}

// engineGraph is eng's graph.
func engineGraph(t testing.TB, eng *Engine) *storage.Graph {
	t.Helper()
	g, err := eng.Store().Graph(eng.opts.Graph)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// currentStats returns the planner's statistics over eng's graph as it is
// now; the snapshot they read closes when the test ends.
func currentStats(t *testing.T, eng *Engine) *statsView {
	t.Helper()
	g := engineGraph(t, eng)
	snap := g.Snapshot()
	t.Cleanup(func() { snap.Close() })
	return eng.statsView(snap, eng.signature(snap))
}

// TestStatsFromPersistedValueStats: on a bulk-loaded graph (whose image
// carries value statistics) the planner's estimates come from them, not
// from a sample: every hub's degree is known by its id although a sample
// reads a third of the label, a rare value gets the rows the most common
// values leave, and a common value its count.
func TestStatsFromPersistedValueStats(t *testing.T) {
	eng, err := Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	g := engineGraph(t, eng)
	const n = 3 * distinctSample
	const hubs, hubDegree = 20, 300
	load := storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		u, id, grp, l := b.LabelID("U"), b.PropKeyID("id"), b.PropKeyID("g"), b.TypeID("L")
		for i := 0; i < n; i++ {
			g := int64(i % 100)
			if i%2 == 0 {
				g = 0 // half the nodes share one value
			}
			if _, err := b.AddNode([]uint32{u}, map[uint32]value.Value{id: value.Int(int64(i)), grp: value.Int(g)}); err != nil {
				return err
			}
		}
		for h := 0; h < hubs; h++ {
			for j := 0; j < hubDegree; j++ {
				if _, err := b.AddRel(uint32(h*97+1), uint32((h*31+j*7)%n), l, nil); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err := g.BulkLoad(context.Background(), load, nil); err != nil {
		t.Fatal(err)
	}
	s := currentStats(t, eng)
	if _, ok := s.persisted("U", "id"); !ok {
		t.Fatal("no persisted statistics after a bulk load")
	}
	for h := 0; h < hubs; h++ {
		if d := s.SeekDegree("U", "id", value.Int(int64(h*97+1)), "L", true); d != hubDegree {
			t.Fatalf("hub %d: degree %v, want %d", h, d, hubDegree)
		}
		if d := s.SeekDegree("", "id", value.Int(int64(h*97+1)), "", true); d != hubDegree {
			t.Fatalf("hub %d, any label and type: degree %v, want %d", h, d, hubDegree)
		}
	}
	// 20 nodes have L relationships: every other node has none.
	if d := s.SeekDegree("U", "id", value.Int(2), "L", true); d != 0 {
		t.Errorf("id 2: degree %v, want 0", d)
	}
	if d := s.DistinctValues("U", "id"); math.Abs(d-n) > 0.05*n {
		t.Errorf("distinct ids %v, want %d within 5%%", d, n)
	}
	if f := s.ValueFraction("U", "g", "=", value.Int(0)); math.Abs(f-0.5) > 0.01 {
		t.Errorf("g = 0: fraction %v, want 0.5", f)
	}
	// The 50 odd values share the other half.
	if f := s.ValueFraction("U", "g", "=", value.Int(7)); math.Abs(f-0.01) > 0.003 {
		t.Errorf("g = 7: fraction %v, want 0.01", f)
	}
	if f := s.ValueFraction("U", "id", "<", value.Int(n/4)); math.Abs(f-0.25) > 0.1 {
		t.Errorf("id < n/4: fraction %v, want 0.25", f)
	}
}
