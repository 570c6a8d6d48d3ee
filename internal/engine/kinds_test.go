package engine

import (
	"testing"

	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/value"
)

// TestPropertyKinds checks the kinds the statistics view reads: every
// kind a node or relationship holds, null when some entity holds none,
// the large-integer mark, and the kinds of the version read after each
// commit.
func TestPropertyKinds(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	kindsOf := func(key string) (planner.KindSet, bool) {
		g, err := eng.Graph()
		if err != nil {
			t.Fatal(err)
		}
		snap := g.Snapshot()
		defer snap.Close()
		return eng.statsView(snap, eng.signature(snap)).PropertyKinds(key)
	}
	bits := func(ks ...value.Kind) planner.KindSet {
		var s planner.KindSet
		for _, k := range ks {
			s |= planner.KindBit(k)
		}
		return s
	}
	mustQuery(t, eng, "CREATE (:A {i: 1, d: date('2020-01-01')})-[:R {i: 2}]->(:A {i: 3, d: date('2021-01-01')})", nil)
	for _, c := range []struct {
		write, key string
		want       planner.KindSet
	}{
		{"", "i", bits(value.KindInt)},
		{"", "d", bits(value.KindDate, value.KindNull)}, // the relationship has none
		{"", "nowhere", bits(value.KindNull)},
		{"MATCH ()-[r:R]->() SET r.d = datetime('2020-01-01T00:00:00Z')", "d", bits(value.KindDate, value.KindDateTime)},
		{"MATCH (a:A {i: 3}) SET a.i = 9007199254740993", "i", bits(value.KindInt) | planner.KindBigInt},
		{"MATCH (a:A {i: 9007199254740993}) SET a.i = 2.5", "i", bits(value.KindInt, value.KindFloat)},
		{"CREATE (:B)", "i", bits(value.KindInt, value.KindFloat, value.KindNull)},
		{"MATCH (a:A) WHERE a.i = 2.5 REMOVE a.i", "i", bits(value.KindInt, value.KindNull)},
	} {
		if c.write != "" {
			mustQuery(t, eng, c.write, nil)
		}
		got, ok := kindsOf(c.key)
		if !ok || got != c.want {
			t.Errorf("after %q, kinds of %s: got %b (%v), want %b", c.write, c.key, got, ok, c.want)
		}
	}
}

// TestEntityPropertyKinds checks the kinds read per label and type: a
// node with several labels takes the kinds every one of its labels'
// nodes take, a relationship of one of several types those of any,
// a label or type no entity has none, and a key no entity holds null.
func TestEntityPropertyKinds(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	bits := func(ks ...value.Kind) planner.KindSet {
		var s planner.KindSet
		for _, k := range ks {
			s |= planner.KindBit(k)
		}
		return s
	}
	mustQuery(t, eng, "CREATE (:A {x: 1})-[:R {w: 'a'}]->(:A:B {x: 2.5}), (:B {x: 'q'})-[:S {w: 3}]->(:C), (:A {x: 9007199254740993})", nil)
	g, err := eng.Graph()
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	sv := eng.statsView(snap, eng.signature(snap))
	for _, c := range []struct {
		name string
		got  func() (planner.KindSet, bool)
		want planner.KindSet
	}{
		{"A.x", func() (planner.KindSet, bool) { return sv.NodePropertyKinds([]string{"A"}, "x") }, bits(value.KindInt, value.KindFloat) | planner.KindBigInt},
		{"B.x", func() (planner.KindSet, bool) { return sv.NodePropertyKinds([]string{"B"}, "x") }, bits(value.KindFloat, value.KindString)},
		{"A&B.x", func() (planner.KindSet, bool) { return sv.NodePropertyKinds([]string{"A", "B"}, "x") }, bits(value.KindFloat)},
		{"C.x", func() (planner.KindSet, bool) { return sv.NodePropertyKinds([]string{"C"}, "x") }, bits(value.KindNull)},
		{"Z.x", func() (planner.KindSet, bool) { return sv.NodePropertyKinds([]string{"Z"}, "x") }, 0},
		{"node.x", func() (planner.KindSet, bool) { return sv.NodePropertyKinds(nil, "x") }, bits(value.KindInt, value.KindFloat, value.KindString, value.KindNull) | planner.KindBigInt},
		{"A.nowhere", func() (planner.KindSet, bool) { return sv.NodePropertyKinds([]string{"A"}, "nowhere") }, bits(value.KindNull)},
		{"R.w", func() (planner.KindSet, bool) { return sv.RelPropertyKinds([]string{"R"}, "w") }, bits(value.KindString)},
		{"R|S.w", func() (planner.KindSet, bool) { return sv.RelPropertyKinds([]string{"R", "S"}, "w") }, bits(value.KindString, value.KindInt)},
		{"T.w", func() (planner.KindSet, bool) { return sv.RelPropertyKinds([]string{"T"}, "w") }, 0},
		{"rel.x", func() (planner.KindSet, bool) { return sv.RelPropertyKinds(nil, "x") }, bits(value.KindNull)},
		{"any.w", func() (planner.KindSet, bool) { return sv.PropertyKinds("w") }, bits(value.KindString, value.KindInt, value.KindNull)},
	} {
		got, ok := c.got()
		if !ok || got != c.want {
			t.Errorf("%s: got %b (%v), want %b", c.name, got, ok, c.want)
		}
	}
}
