package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestAnchoredJoinsAgree: patterns whose ends are both anchored (a seek
// or a filtered scan at each end, a common neighbour between them) return
// the same rows whichever clause or part leads and whether the common
// neighbours are intersected as sets or expanded row by row (planned in
// written order, row mode): with the relationships named or not, r1 <> r2
// written across two MATCH clauses or left to one pattern's uniqueness,
// three anchors, a relationship property filter, the anchors reversed,
// undirected, an OR of equalities, a named path; on random graphs with
// self-loops and parallel relationships, anchors that coincide (a = b,
// where only parallel relationships give a row when the two must differ)
// and an index on :A(id) or none.
func TestAnchoredJoinsAgree(t *testing.T) {
	t.Parallel()
	shapes := []string{
		"MATCH (a)-->(x)<--(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x)<-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x)<-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, id(r1) AS r1, id(r2) AS r2",
		"MATCH (a)-[r1]->(x) MATCH (x)<-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls AND r1 <> r2 RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x) MATCH (x)<-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x) UNWIND [$hub] AS h MATCH (x)<-[r2]-(b:A) WHERE b.id = h AND a.id IN $ls AND r1 <> r2 RETURN x.id AS x, count(*) AS n",
		"MATCH (b:A {id: $hub})-->(x)<--(a) WHERE a.id IN $ls RETURN count(DISTINCT x) AS n",
		"MATCH (a)-[r1]-(x)-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]-(x) MATCH (x)-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls AND r1 <> r2 RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1:T]->(x)<-[r2 {w: 1}]-(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x)<-[r2]-(b:A {id: $hub}) WHERE a.id IN $ls AND r1.w = 0 RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-->(x)<--(b:A {id: $hub}), (x)<--(c) WHERE a.id IN $ls AND c.id IN $ls2 RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x) MATCH (x)<-[r2]-(b:A {id: $hub}) MATCH (x)<-[r3]-(c) WHERE a.id IN $ls AND c.id IN $ls2 AND r1 <> r2 RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-->(x)<--(b:A {id: $hub}) WHERE a.id = $l1 OR a.id = $l2 RETURN x.id AS x, count(*) AS n",
		"MATCH p = (a)-->(x)<--(b:A {id: $hub}) WHERE a.id IN $ls RETURN x.id AS x, length(p) AS len, count(*) AS n",
		"MATCH (a), (b:A {id: $hub}) WHERE a.id IN $ls MATCH (a)-[r1]->(x)<-[r2]-(b) RETURN x.id AS x, count(*) AS n",
		"MATCH (a)-[r1]->(x)<-[r2]-(a) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
		"MATCH (x)<-[r1]-(a), (b:A {id: $hub})-[r2]->(x) WHERE a.id IN $ls RETURN x.id AS x, count(*) AS n",
	}
	// The same shapes where only the distinct common neighbours count:
	// the plans may intersect neighbour sets instead of expanding rows.
	for _, q := range append([]string(nil), shapes...) {
		at := strings.Index(q, " RETURN ")
		shapes = append(shapes, q[:at]+" RETURN count(DISTINCT x) AS n, collect(DISTINCT x.id) AS xs")
	}
	for _, seed := range []uint64{3, 19} {
		dbs := rowModeGraphs(t, seed, 24, 150, map[string]*Options{
			"cheapest":          nil,
			"cheapest,idx":      nil,
			"last,row-mode":     {StartLast: true, RowModeOnly: true},
			"last,row-mode,idx": {StartLast: true, RowModeOnly: true},
		}, "MATCH ()-[r]->() SET r.w = id(r) % 2")
		covered, intersected := 0, 0
		for _, q := range shapes {
			c, err := dbs["cheapest,idx"].Compile(q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if strings.Contains(c.Plan.Explain(), "ExpandCommon") {
				intersected++
			}
		}
		for _, hub := range []int{0, 3, 9} {
			params := map[string]any{"hub": hub, "ls": []any{hub, 3, 7, 99}, "ls2": []any{hub, 1, 12}, "l1": hub, "l2": 7}
			for _, q := range shapes {
				for _, idx := range []string{"", ",idx"} {
					want := canonical(mustRun(t, dbs["last,row-mode"+idx], q, params))
					got := canonical(mustRun(t, dbs["cheapest"+idx], q, params))
					if fmt.Sprint(got) != fmt.Sprint(want) {
						plan, _ := dbs["cheapest"+idx].Compile(q)
						t.Errorf("seed %d, hub %d%s: %s\n got %v\nwant %v (written order, row mode)\n%s", seed, hub, idx, q, got, want, plan.Plan.Explain())
					}
					if len(want) > 0 {
						covered++
					}
				}
			}
		}
		// The graphs must give the shapes rows to compare, not only
		// empty results, and the plans must intersect neighbour sets
		// for some of them.
		if covered < len(shapes)*3 || intersected < 3 {
			t.Errorf("seed %d: %d of %d runs returned rows, %d of %d plans intersect", seed, covered, len(shapes)*6, intersected, len(shapes))
		}
		t.Logf("seed %d: %d of %d runs returned rows, %d of %d plans intersect", seed, covered, len(shapes)*6, intersected, len(shapes))
	}
}
