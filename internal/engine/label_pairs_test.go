package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestLabelPairCountFollowsCommits checks the planner's label
// co-occurrence counts (LabelPairCount) against a recount by query after
// random commits that create nodes with labels, add and remove labels and
// delete nodes, and again after the store is closed and reopened (the
// image and the journal replay): the counts are the store's label sets',
// so they must equal the recount exactly.
func TestLabelPairCountFollowsCommits(t *testing.T) {
	dir := t.TempDir()
	eng, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	labels := []string{"A", "B", "C"}
	check := func(when string) {
		t.Helper()
		s := currentStats(t, eng)
		for _, a := range labels {
			for _, b := range labels {
				q := fmt.Sprintf("MATCH (n) WHERE n:%s AND n:%s RETURN count(n)", a, b)
				rows, err := eng.Query(context.Background(), q, nil)
				if err != nil {
					t.Fatal(err)
				}
				all, err := rows.All()
				if err != nil {
					t.Fatal(err)
				}
				want := float64(all[0][0].(value.Int))
				if got := s.LabelPairCount(a, b); got != want {
					t.Errorf("%s: nodes with %s and %s: %v, recount %v", when, a, b, got, want)
				}
			}
			if got := s.LabelPairCount(a, "Absent"); got != 0 {
				t.Errorf("%s: nodes with %s and a label no node has: %v", when, a, got)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 11))
	for step := 0; step < 30; step++ {
		a, b := labels[r.IntN(3)], labels[r.IntN(3)]
		switch r.IntN(4) {
		case 0:
			mustRun(t, eng, fmt.Sprintf("UNWIND range(1, %d) AS i CREATE (:%s:%s {k: i})", 1+r.IntN(20), a, b), nil)
		case 1:
			mustRun(t, eng, fmt.Sprintf("MATCH (n:%s) WHERE n.k %% 3 = %d SET n:%s", a, r.IntN(3), b), nil)
		case 2:
			mustRun(t, eng, fmt.Sprintf("MATCH (n:%s) WHERE n.k %% 4 = %d REMOVE n:%s", a, r.IntN(4), b), nil)
		case 3:
			mustRun(t, eng, fmt.Sprintf("MATCH (n:%s:%s) WHERE n.k %% 5 = %d DETACH DELETE n", a, b, r.IntN(5)), nil)
		}
		check(fmt.Sprintf("after commit %d", step))
	}
	if err := eng.Close(); err != nil {
		t.Fatal(err)
	}
	if eng, err = Open(dir, nil); err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	check("after reopening")
}
