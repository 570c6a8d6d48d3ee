package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// caseListConditions are conditions of a CASE WHEN over rows binding h,
// v and ws: membership of h (a node, or null, or an integer, per form) in
// a list of v's neighbours, of a property in a list of properties, of a
// parameter, quantifiers over such lists (with nulls in the elements),
// the list compared with [], under NOT and OR, and near-misses: a list
// whose WHERE fails at id 7, an integer looked up among nodes.
var caseListConditions = []string{
	"h IN [(v)-->(x) | x]",
	"h IN [(v)-[:T]->(x) WHERE x.k = 1 | x]",
	"h.id IN [(v)<--(x) | x.id]",
	"NOT h IN [(v)<--(x) | x]",
	"any(x IN [(v)-->(y) | y] WHERE x IN ws)",
	"none(x IN [(v)-->(y) | y] WHERE x.k = 1)",
	"all(x IN [(v)-->(y) | y.k] WHERE x > 0)",
	"[(v)-->(y) | y] = []",
	"$p IN [(v)-->(y) | y.k]",
	"h IN [(v)-->(x) | x] OR v.id = 3",
	"h IN [(v)-->()-->(x) | x] AND NOT v IN [(h)-->(x) | x]",
	"h IN [(v)-->(x) WHERE 6 / (x.id - 7) > 0 | x]",
	"1 IN [(v)-->(x) | x]",
	"v.k IN [(v)-[:U]-(x) | x.k]",
	"any(x IN [(v)-->(y) | y] WHERE 6 / (x.id - 7) > 0)",
}

// caseListForms bind h, v and ws and place two conditions (%[1]s, %[2]s):
// h a node bound by the MATCH, h a grouping key (bound again by a later
// MATCH, or not), h from OPTIONAL MATCH (null in some rows), h an
// integer; the CASE in a grouping key, an aggregate's argument, a WHERE,
// ORDER BY, a UNION's branches; and near-misses that read the test's
// value itself: returned, in a simple CASE.
var caseListForms = []string{
	"MATCH (h:A)-->(v) WITH h, v, [] AS ws RETURN CASE WHEN %[1]s THEN 'm' WHEN %[2]s THEN 's' ELSE 'o' END AS c, count(*) AS n",
	"MATCH (h:A)-->(w) WITH h, collect(w) AS ws MATCH (h)-->(v) RETURN CASE WHEN %[1]s THEN 'm' WHEN %[2]s THEN 's' ELSE 'o' END AS c, count(*) AS n",
	"MATCH (h:A)-->(v) WITH h, collect(v) AS ws UNWIND ws AS v RETURN CASE WHEN %[1]s THEN 'm' WHEN %[2]s THEN 's' ELSE 'o' END AS c, count(*) AS n",
	"MATCH (v) OPTIONAL MATCH (v)<-[:U]-(h) WITH v, h, [v] AS ws RETURN v.id AS id, CASE WHEN %[1]s THEN 1 WHEN %[2]s THEN 2 END AS c",
	"MATCH (g:A)-->(v) WITH v, g.id %% 5 AS h, [g] AS ws RETURN v.id AS id, CASE WHEN %[1]s THEN 1 WHEN %[2]s THEN 2 ELSE 3 END AS c",
	"MATCH (h:B)<--(v) WITH h, v, [h] AS ws RETURN count(CASE WHEN %[1]s THEN 1 END) AS n, sum(CASE WHEN %[2]s THEN v.id ELSE 0 END) AS s",
	"MATCH (h)-[:T]->(v) WITH h, v, [v] AS ws WHERE CASE WHEN %[1]s THEN true WHEN %[2]s THEN null ELSE v.id > 5 END RETURN h.id AS a, v.id AS b",
	"MATCH (h:A)-->(v) WITH h, v, [h] AS ws RETURN h.id AS a, v.id AS b ORDER BY CASE WHEN %[1]s THEN 0 WHEN %[2]s THEN 1 ELSE 2 END, a, b LIMIT 6",
	"MATCH (h:A)-->(v) WITH h, v, [] AS ws RETURN CASE WHEN %[1]s THEN 1 ELSE 0 END AS c UNION MATCH (h:B)-->(v) WITH h, v, [v] AS ws RETURN CASE WHEN %[2]s THEN 2 ELSE 0 END AS c",
	"MATCH (h)-->(v) WITH h, v, [v] AS ws RETURN h.id AS a, v.id AS b, %[1]s AS t, CASE WHEN %[2]s THEN 1 END AS c",
	"MATCH (h:A)-->(v) WITH h, v, [h] AS ws RETURN CASE false WHEN %[1]s THEN 0 WHEN true THEN 1 ELSE -1 END AS c, CASE WHEN %[2]s THEN 1 END AS d, count(*) AS n",
}

// TestCaseListTestsMatchRowMode generates CASE WHEN conditions that test
// lists of a pattern's matches (planner/case_list_tests.go reads them as
// existence tests) in every position, with the near-misses above, and
// compares each with row mode, $p of several types and null.
func TestCaseListTestsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(24, 9))
	var queries []string
	for _, form := range caseListForms {
		for n := 0; n < 30; n++ {
			a := caseListConditions[r.IntN(len(caseListConditions))]
			b := caseListConditions[r.IntN(len(caseListConditions))]
			queries = append(queries, fmt.Sprintf(form, a, b))
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedRowMode, append([]string{sparseKeys}, loopsAndParallels...)...)
		for _, p := range []any{int64(1), nil, "a"} {
			params := map[string]any{"p": p}
			for _, q := range queries {
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
