package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestCaseListTestsMatchRowMode compares tests on lists of a pattern's
// matches (IN, NOT IN, any/none/all, <> [], = [], under AND, OR and NOT;
// pattern comprehensions and COLLECT { }) written as the conditions of a
// searched CASE (planner/case_list_existence.go) in every position — a
// returned item, a grouping key, an aggregate argument, a sort key, a
// filter — with the row-at-a-time plans that build every list, on random
// graphs with null, duplicate and missing list elements; next to
// near-misses that must keep the lists: a simple CASE (which tells null
// from false), a CASE inside a list comprehension, and rows whose node is
// null (OPTIONAL MATCH) or shadowed by a comprehension's variable.
func TestCaseListTestsMatchRowMode(t *testing.T) {
	values := []string{
		"[(a)-[:T]->(b) | b.w]",
		"COLLECT { MATCH (a)-[:U]->(b) RETURN b.w }",
		"[(a)-->(b) WHERE b.w IS NULL | b.w]",
		"[(a)<-[:T|U]-(b) | b.id]",
	}
	nodes := []string{
		"[(a)-[:T]->(b) | b]",
		"[(a)-[:T]-(b:B) WHERE b.w > 1 | b]",
		"COLLECT { MATCH (a)<-[:U]-(b) RETURN b }",
	}
	var tests []string
	for i, l := range values {
		x := []string{"a.w", "$v", "2", "null"}[i%4]
		for _, tt := range []string{x + " IN L", "NOT " + x + " IN L", "NOT (" + x + " IN L OR a.id > 20)", "L <> []", "L = []", "NOT (L = [] OR a.w = 1)"} {
			tests = append(tests, strings.ReplaceAll(tt, "L", l))
		}
	}
	for i, l := range nodes {
		q := []string{"v.w = a.w", "v.w > $v", "v:A"}[i%3]
		for _, k := range []string{"any", "none", "all"} {
			tests = append(tests, strings.ReplaceAll(k+"(v IN L WHERE "+q+")", "L", l), strings.ReplaceAll("NOT "+k+"(v IN L WHERE "+q+")", "L", l))
		}
		tests = append(tests, strings.ReplaceAll("a IN L", "L", l), strings.ReplaceAll("NOT a IN L", "L", l))
	}
	forms := []string{
		"MATCH (a) RETURN a.id AS id, CASE WHEN %[1]s THEN 'y' WHEN a.w = 1 THEN 'w' ELSE 'n' END AS t",
		"MATCH (a) RETURN CASE WHEN a.id = 3 THEN 'three' WHEN %[1]s THEN 'y' END AS t, count(*) AS n",
		"MATCH (a)-[:T]->(c) RETURN sum(CASE WHEN %[1]s THEN 1 END) AS n",
		"MATCH (a) RETURN a.id AS id ORDER BY CASE WHEN %[1]s THEN 0 ELSE 1 END, id LIMIT 6",
		"MATCH (a) WHERE CASE WHEN %[1]s THEN true ELSE a.w = 2 END RETURN a.id AS id",
		"MATCH (a) RETURN a.id AS id, NOT CASE WHEN %[1]s THEN true END AS t",
		"MATCH (a) RETURN a.id AS id, CASE false WHEN %[1]s THEN 'f' ELSE 'o' END AS t",
		"MATCH (a) RETURN a.id AS id, [z IN [1] | CASE WHEN %[1]s THEN z ELSE 0 END] AS t",
		"OPTIONAL MATCH (a:A) WHERE a.id = $v RETURN CASE WHEN %[1]s THEN 'y' ELSE 'n' END AS t",
	}
	var queries []string
	for _, f := range forms {
		for _, tt := range tests {
			queries = append(queries, fmt.Sprintf(f, tt))
		}
	}
	// A node tested for membership that may be null: bound by an OPTIONAL
	// MATCH, or shadowed by a comprehension's variable.
	for _, l := range nodes {
		for _, tt := range []string{"o IN L", "NOT o IN L", "NOT (o IN L OR a.w = 1)"} {
			tt = strings.ReplaceAll(tt, "L", l)
			queries = append(queries,
				"MATCH (a) OPTIONAL MATCH (a)-[:U]->(o:A) RETURN a.id AS id, CASE WHEN "+tt+" THEN 'y' ELSE 'n' END AS t",
				"MATCH (a)-[:T]->(o) RETURN a.id AS id, [o IN [null] | CASE WHEN "+tt+" THEN 'y' ELSE 'n' END] AS t")
		}
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := planVariants(t, seed, 24, 40+int(seed)*15, map[string]*Options{"planned": nil, "row-mode": {RowModeOnly: true}})
		for _, db := range dbs {
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.w = x.id % 3", nil)
		}
		for _, q := range queries {
			for _, v := range []any{nil, 1} {
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, map[string]any{"v": v}, &runs, &failed)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
