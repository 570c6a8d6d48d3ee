package engine

import (
	"slices"
	"testing"
)

// TestMergedVariantKeepsReads checks that when a second parameter class
// gets the plan already kept for a first one, the one variant left
// serving both still holds the statistics reads of both plannings: the
// plan is planned again when any of those counts changes class. Before,
// the merged variant held no reads, so no count change replanned it.
func TestMergedVariantKeepsReads(t *testing.T) {
	eng, err := Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	c, err := eng.Compile("MATCH (a:A) WHERE a.p = $x RETURN a")
	if err != nil {
		t.Fatal(err)
	}
	key := planKey{graph: "g", query: "q"}
	ra := statsRead{kind: readLabel, a: "A", class: 3}
	rb := statsRead{kind: readDistinct, a: "A", b: "p", class: 5}
	eng.keep(key, &planVariant{compiled: c, shape: "s", classes: [][]int32{{1}}, reads: []statsRead{ra}})
	eng.keep(key, &planVariant{compiled: c, shape: "s", classes: [][]int32{{2}}, reads: []statsRead{ra, rb}})
	vs := eng.plans.entries[key].variants
	if len(vs) != 1 {
		t.Fatalf("%d variants of one plan, want 1 serving both classes", len(vs))
	}
	if len(vs[0].classes) != 2 {
		t.Errorf("the merged variant serves %d classes, want 2", len(vs[0].classes))
	}
	if got := vs[0].reads; len(got) != 2 || !slices.Contains(got, ra) || !slices.Contains(got, rb) {
		t.Errorf("the merged variant reads %v, want %v and %v once each", got, ra, rb)
	}
}
