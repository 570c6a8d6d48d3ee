package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestListSetFiltersMatchRowMode generates comprehensions and quantifiers
// whose test is the membership of their element in another list
// (planner/list_set_filters.go, vm/list_sets.go): x IN ys, NOT x IN ys,
// any/none(y IN ys WHERE y = x) and their negations, read as the list, by
// size(), by all/any/none/single, in a WHERE, on every row of an
// UNWIND of the lists, through a union written as xs + [difference], and
// next to near misses (a second test, an inequality, a ys that may fail).
// The lists are collected per group or once, from OPTIONAL MATCH (empty
// groups), with and without DISTINCT, by pattern comprehensions (parallel
// relationships and self-loops give duplicates), of values with nulls, of
// relationships, of mixed kinds, with a null appended, a parameter (a
// list with a null, null, a scalar), null, a node (not a list), a list of
// lists, and one of two lists per row (the same comprehension meets a new
// ys). It compares them on random graphs with the same queries planned
// row by row, errors included.
func TestListSetFiltersMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, collect(b) AS xs OPTIONAL MATCH (a)<-[:U]-(c) WITH a.id AS g, xs, collect(DISTINCT c) AS ys",
		"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WITH a, collect(DISTINCT b) AS xs OPTIONAL MATCH (c)-->(a) WITH a.id AS g, xs, collect(c) AS ys",
		"MATCH (a:A)-[:T]->(b) WITH a, collect(DISTINCT b) AS xs OPTIONAL MATCH (b2)-[:T]->(a) WITH a.id AS g, xs, collect(b2) AS ys",
		"MATCH (a) WITH a.id AS g, [(a)-->(b) | b] AS xs, [(a)<--(c) | c] AS ys",
		"MATCH (a) WITH a.id AS g, [(a)-[:T]-(b) | b] AS xs, [(a)-[:U]->(c) | c] AS ys",
		"OPTIONAL MATCH (a:A)-[:T]->(b) WITH collect(DISTINCT b) AS xs OPTIONAL MATCH (c:B)-[:U]->(d) WITH 0 AS g, xs, collect(d) AS ys",
		"OPTIONAL MATCH (a:A)-[:T]->(b) WITH collect(b) AS xs OPTIONAL MATCH (c)-[:T]->(d:A) WITH 0 AS g, xs, collect(c) AS ys",
		"MATCH (a)-[:U]->(a) WITH a, collect(a) AS xs OPTIONAL MATCH (a)-[:T]->(c) WITH a.id AS g, xs, collect(c) AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b.k] AS xs, [(a)<--(c) | c.k] AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] + [null] AS xs, [(a)<--(c) | c] AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] AS xs, [(a)<--(c) | c] + [null] AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] + [1, 'x', [a]] AS xs, [(a)<--(c) | c] + [1, [a]] AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] AS xs, $l AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-[r]->() | r] AS xs, [(a)-[r:T]->() | r] AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] AS xs, null AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] AS xs, a AS ys",
		"MATCH (a:A) WITH a.id AS g, a AS xs, [(a)<--(c) | c] AS ys",
		"MATCH (a:A) WITH a.id AS g, null AS xs, [(a)<--(c) | c] AS ys",
		"MATCH (a:A) WITH a.id AS g, [(a)-->(b) | b] AS xs, [[(a)<--(c) | c]] AS ys",
		"MATCH (a) WITH a.id AS g, [(a)-->(b) | b] AS xs, [(a)<--(c) | c] AS zs UNWIND [1, 2] AS i WITH g, xs, CASE i WHEN 1 THEN zs ELSE xs END AS ys",
		"MATCH (a:B) WITH a.id AS g, [(a)-->(b:A) | b] AS xs, [(a)<--(c) | c] AS ys",
	}
	tests := []string{
		"x IN ys", "NOT x IN ys",
		"any(y IN ys WHERE y = x)", "any(y IN ys WHERE x = y)", "none(y IN ys WHERE y = x)",
		"NOT any(y IN ys WHERE y = x)", "NOT none(y IN ys WHERE x = y)",
		// near misses
		"x IN ys AND x IS NOT NULL", "any(y IN ys WHERE y <> x)", "NOT NOT x IN ys", "x IN [g / 0]",
		"x IN ys OR x IN xs", "x IN [x]", "g IN ys", "any(x IN ys WHERE x = x)", "any(y IN ys WHERE y = g)",
	}
	reads := []string{
		"RETURN g, size([x IN xs WHERE %s]) AS n",
		"RETURN g, [x IN xs WHERE %s] AS l",
		"RETURN g, [x IN xs WHERE %s | x] AS l, xs",
		"RETURN g, [x IN xs WHERE %s | 1] AS l",
		"UNWIND xs + ys + [null] AS z RETURN g, size([x IN xs WHERE %s]) AS n, count(DISTINCT z) AS u",
		"UNWIND range(1, 3) AS i RETURN g, i, size([x IN xs WHERE %s]) AS n",
		"RETURN g, size(ys + [x IN xs WHERE %s]) AS u",
		"WITH g, xs, ys, [x IN xs WHERE %s] AS k RETURN g, size(k) AS n, k",
		"RETURN sum(size([x IN xs WHERE %s])) AS n",
		"RETURN *, size([x IN xs WHERE %s]) AS n",
		"RETURN g, all(x IN xs WHERE %s) AS q",
		"RETURN g, any(x IN xs WHERE %s) AS q",
		"UNWIND range(1, 2) AS i RETURN g, i, none(x IN xs WHERE %s) AS q",
		"RETURN g, single(x IN xs WHERE %s) AS q",
		"WITH g, xs, ys WHERE all(x IN xs WHERE %s) RETURN g, size(xs) AS n",
		"WITH *, [x IN xs WHERE %s] AS k RETURN g, k, ys",
	}
	r := rand.New(rand.NewPCG(23, 11))
	var queries []string
	for range 900 {
		p := prefixes[r.IntN(len(prefixes))]
		test := tests[r.IntN(len(tests))]
		queries = append(queries, p+" "+fmt.Sprintf(reads[r.IntN(len(reads))], test))
	}
	// every prefix with every membership test read by size, so that
	// each kind of list meets each test
	for _, p := range prefixes {
		for _, test := range tests[:7] {
			queries = append(queries, p+" RETURN g, size([x IN xs WHERE "+test+"]) AS n, [x IN xs WHERE "+test+"] AS l")
			queries = append(queries, p+" RETURN g, all(x IN xs WHERE "+test+") AS a, any(x IN xs WHERE "+test+") AS b, none(x IN xs WHERE "+test+") AS c, single(x IN xs WHERE "+test+") AS d")
		}
	}
	params := []map[string]any{
		{"l": []any{int64(0), nil, int64(2)}},
		{"l": nil},
		{"l": int64(5)},
		{"l": []any{}},
	}
	fails, cases, errs, set := 0, 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 18, 26+int(seed)*12)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			for _, p := range params {
				if !strings.Contains(q, "$l") && p["l"] != nil {
					if _, isList := p["l"].([]any); !isList || len(p["l"].([]any)) == 0 {
						continue
					}
				}
				cases++
				a, b := rowsOrError(planned, q, p), rowsOrError(rows, q, p)
				if strings.HasPrefix(b, "error: ") {
					errs++
				}
				if a != b {
					fails++
					if fails <= 20 {
						t.Errorf("seed %d, %v: %s\n planned:  %s\n row mode: %s", seed, p, q, a, b)
					}
				}
			}
		}
		set += countPlansWith(t, planned, queries, "ListSetFilter")
	}
	if fails > 0 {
		t.Errorf("%d of %d cases disagree", fails, cases)
	}
	if set == 0 {
		t.Error("no query ran a list-set filter")
	}
	t.Logf("%d queries, %d cases (%d errors in row mode), %d query plans with a list-set filter", len(queries), cases, errs, set)
}

// TestListSetFiltersOncePerList checks that a membership filter re-read on
// every row of an UNWIND of its group's lists is answered once per pair of
// lists: the profiled steps stay linear in the rows and the lists, where
// the loop of tests is their product.
func TestListSetFiltersOncePerList(t *testing.T) {
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		mustRun(t, db, "UNWIND range(0, 199) AS i CREATE (:N {id: i})", nil)
	}
	q := "PROFILE MATCH (n:N) WITH collect(n) AS xs MATCH (m:N) WHERE m.id % 2 = 0 WITH xs, collect(m) AS ys " +
		"UNWIND range(1, 300) AS i RETURN sum(size([x IN xs WHERE NOT x IN ys])) AS d, count(CASE WHEN all(y IN ys WHERE y IN xs) THEN 1 END) AS s"
	steps := func(db *DB) int64 {
		r, err := db.Query(context.Background(), q, nil)
		if err != nil {
			t.Fatal(err)
		}
		all, err := r.All()
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(all) != "[[30000 300]]" {
			t.Fatalf("%v, want [[30000 300]]", all)
		}
		sm := regexp.MustCompile(`result rows \d+, steps (\d+),`).FindStringSubmatch(r.Profile())
		if sm == nil {
			t.Fatalf("no steps in %s", r.Profile())
		}
		n, _ := strconv.ParseInt(sm[1], 10, 64)
		return n
	}
	set, loop := steps(planned), steps(rows)
	t.Logf("steps: %d as sets, %d as loops of tests", set, loop)
	if set > 20000 || loop < 10*set {
		t.Errorf("steps %d as sets, %d as loops: the filters are not answered once per pair of lists", set, loop)
	}
}
