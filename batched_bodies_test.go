package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// batchedBodyPatterns are bodies of pattern tests and counts that start
// at a node they scan for, filtered by a property compared with a
// constant, a parameter, the outer row's values (c, possibly null) or
// null, by a label, a string match, and near-misses whose filter may
// fail (a division by zero at id 7, true at lower ids so that a test
// stops before it; a string key times 2) and must then be tested row by
// row as written.
var batchedBodyPatterns = []string{
	"(x:A {id: $x})-->(x)",
	"(x:A {k: 1})-->(c)",
	"(x:B)-[:T]->(y) WHERE x.k = c.k",
	"(x) WHERE x.id = c.id + 1",
	"(x:A) WHERE x.k IS NULL AND x.id > $x",
	"(x:B {k: null})",
	"(x:A)-[:U]->(:B) WHERE x.s STARTS WITH 'a'",
	"(x:B) WHERE 6 / (x.id - 7) > 0",
	"(x:B) WHERE 6 / (x.id - 7) < 0",
	"(x) WHERE 6 / (x.id - 7) < c.id",
	"(x:A) WHERE x.s * 2 > 1",
	"(x:A)<--(c) WHERE x.id <> $x",
}

// batchedBodyForms place the body (%[1]s) as EXISTS { }, COUNT { } and a
// pattern comprehension's size, in a WHERE, a projection, a CASE, an
// aggregate argument, over outer rows that bind c (or null for the
// OPTIONAL MATCH), and after a write in the same statement.
var batchedBodyForms = []string{
	"MATCH (c) RETURN c.id AS id, COUNT { MATCH %[1]s } AS n",
	"MATCH (c:A) WHERE EXISTS { MATCH %[1]s } RETURN count(*) AS n",
	"MATCH (c) RETURN CASE WHEN COUNT { MATCH %[1]s } > 1 THEN 'y' ELSE 'n' END AS t, count(*) AS n",
	"OPTIONAL MATCH (a:A {id: $x})-[:T]->(c) RETURN sum(COUNT { MATCH %[1]s }) AS n",
	"WITH 1 AS t RETURN t + COUNT { MATCH %[1]s } AS n",
	"UNWIND [0, 3] AS i MATCH (c {id: i}) SET c.k = 1 RETURN i, COUNT { MATCH %[1]s } AS n",
}

// TestBatchedBodiesMatchRowMode compares pattern tests and counts whose
// bodies scan for a node (their scans filter batches, batched_bodies.go)
// with the same queries planned row by row.
func TestBatchedBodiesMatchRowMode(t *testing.T) {
	t.Parallel()
	var queries []string
	for _, f := range batchedBodyForms {
		for _, p := range batchedBodyPatterns {
			queries = append(queries, fmt.Sprintf(f, p))
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedRowMode, sparseKeys, "MATCH (x) WHERE x.id % 5 = 0 SET x.s = 'a' + x.id", "MATCH (x {id: 3}) CREATE (x)-[:T]->(x)")
		params := map[string]any{"x": []int{3, 6}[seed-1]}
		for _, q := range queries {
			label := fmt.Sprintf("seed %d", seed)
			if strings.Contains(q, " SET ") {
				// a write changes the store: compare on fresh copies
				fresh := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedRowMode, sparseKeys)
				againstRowMode(t, fresh, []string{"planned"}, label, q, params, &runs, &failed)
				continue
			}
			againstRowMode(t, dbs, []string{"planned"}, label, q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
