package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// recycledVectorItems are the projected items of recycledVectorQueries:
// scalars computed in batches, maps of two to eleven keys (a map's keys
// are sorted in a small array up to eight keys, by sort past it) and
// lists, grouped on or returned.
var recycledVectorItems = []string{
	"x.k", "x.id % 3", "x.s + toString(x.k)",
	"{a: x.k, b: x.s}",
	"{b: x.k % 2, a: x.s, c: x.id % 2}",
	"{k8: 1, k7: x.k, k6: 2, k5: x.s, k4: 3, k3: x.id % 2, k2: 4, k1: 5}",
	"{k9: 0, k8: 1, k7: x.k, k6: 2, k5: x.s, k4: 3, k3: x.id % 2, k2: 4, k1: 5, k0: x.k % 3, z: null}",
	"[x.k, x.s]",
	"CASE WHEN x.k > 3 THEN {a: x.k} ELSE {a: toFloat(x.k), b: x.s} END",
}

// recycledVectorShapes use the items (%[1]s, %[2]s) over a scan cut by
// the id bound $n (0 to 2,999 nodes pass: none, part of a batch, several
// batches of vectors), as group keys, distinct rows, a sort, a join key
// and a collected list's test.
var recycledVectorShapes = []string{
	"MATCH (x:P) WHERE x.id < $n RETURN %[1]s AS a, count(*) AS c",
	"MATCH (x:P) WHERE x.id < $n AND x.k <> 2 RETURN %[1]s AS a, %[2]s AS b, count(*) AS c",
	"MATCH (x:P) WHERE x.id < $n RETURN DISTINCT %[1]s AS a",
	"MATCH (x:P) WHERE x.id < $n WITH %[1]s AS a ORDER BY a, x.id LIMIT 7 RETURN collect(a) AS l",
	"MATCH (x:P) WHERE x.id < $n WITH collect(DISTINCT %[1]s) AS l MATCH (y:P) WHERE y.id < 40 WITH y AS x, l WHERE %[2]s IN l RETURN count(*) AS c",
	"MATCH (x:P) WHERE x.id < $n RETURN count(DISTINCT %[1]s) AS a, min(x.id) AS lo",
}

// TestRecycledVectorsMatchRowMode runs generated queries over scans of
// 0 to 3,000 rows one after another on one store, planned (vector
// registers sized to their batches and kept by recycled machines between
// runs) and in row mode, and compares their rows: a run reusing the
// vectors of a smaller or larger earlier run, and maps of any number of
// keys as group, distinct and membership keys, must give row mode's
// answer.
//
// 600 queries, 600 runs (about 12 s on a loaded machine). Breaks: a vector grown to twice its
// capacity but not to the lanes asked for (no max with n) fails 3xx runs
// (an internal error); keeping the vectors without clearing their lanes
// fails none (a lane is written before it is read in every batch; the
// clearing only lets the collector take the last run's values).
func TestRecycledVectorsMatchRowMode(t *testing.T) {
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		mustRun(t, db, "UNWIND range(0, 2999) AS i CREATE (:P {id: i, k: i % 7, s: CASE i % 5 WHEN 0 THEN null ELSE toString(i % 3) END})", nil)
	}
	dbs := map[string]*DB{"planned": planned, "row-mode": rows}
	r := rand.New(rand.NewPCG(29, 7))
	runs, failed := 0, 0
	bounds := []int{0, 1, 5, 90, 1023, 1024, 1025, 2047, 2500, 3000}
	for i := 0; i < 600; i++ {
		shape := recycledVectorShapes[r.IntN(len(recycledVectorShapes))]
		a, b := recycledVectorItems[r.IntN(len(recycledVectorItems))], recycledVectorItems[r.IntN(len(recycledVectorItems))]
		q := fmt.Sprintf(shape, a, b)
		if !strings.Contains(shape, "%[2]s") {
			q = fmt.Sprintf(shape, a)
		}
		n := bounds[r.IntN(len(bounds))]
		againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("query %d", i), q, map[string]any{"n": n}, &runs, &failed)
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d runs", runs)
}
