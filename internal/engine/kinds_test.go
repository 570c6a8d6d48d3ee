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
