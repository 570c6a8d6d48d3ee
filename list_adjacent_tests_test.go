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

// TestListAdjacentTestsMatchRowMode generates comprehensions and
// quantifiers whose test reads the element through a one-hop pattern with
// a node bound outside (planner/list_adjacent_tests.go,
// vm/list_adjacent.go): the pattern either way round, undirected, typed,
// negated, as EXISTS { } and exists(), in a conjunction with tests that
// cannot fail, read as the list, with a map, by size(), by
// all/any/none/single, in a WHERE, summed, per row of an UNWIND, nested
// in another comprehension or a reduce() whose variable is the other end,
// and next to near misses (an OR, a test that may fail, a labelled or
// anonymous end, a relationship variable, a variable-length hop, the
// element at both ends, an element variable that shadows a bound one, two
// patterns). The lists are collected (with
// duplicates from parallel relationships and self-loops, in their order),
// built by pattern comprehensions, with nulls, integers, strings and
// relationships added, a parameter (a list with a null, null, a scalar),
// null and a node; the other end is a node, null (OPTIONAL MATCH), an
// integer, or an element of the list. It compares them on random graphs
// with the same queries planned row by row, errors included.
func TestListAdjacentTestsMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (v:A) OPTIONAL MATCH (v)-[:T]->(w) WITH v, collect(w) AS ws",
		"MATCH (v) OPTIONAL MATCH (v)-->(w)-->(u) WITH v, collect(u) AS ws",
		"MATCH (v) WITH v, [(v)--(w) | w] AS ws",
		"MATCH (v:A) WITH v, [(v)-->(w) | w] + [null] AS ws",
		"MATCH (v:B) WITH v, [(v)<--(w) | w] + [1, 'x'] AS ws",
		"MATCH (v:A) WITH v, [null, 2] + [(v)<--(w) | w] AS ws",
		"MATCH (v) WITH v, [(v)-[r]->() | r] AS ws",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:U]->(v:B) WITH v, [(a)-->(w) | w] AS ws",
		"MATCH (a:A) WITH a.id AS v, [(a)-->(w) | w] AS ws",
		"MATCH (a:A) WITH a.id AS v, [] AS ws",
		"MATCH (a:A) WITH [(a)-->(w) | w] AS ws UNWIND ws + [null] AS v WITH v, ws",
		"MATCH (v:A) WITH v, null AS ws",
		"MATCH (v:A) WITH v, v AS ws",
		"MATCH (v:B) WITH v, $l AS ws",
		"MATCH (w) WITH collect(w) AS ws MATCH (v:A) WITH v, ws",
		"MATCH (w:B) WITH collect(w) + collect(w) AS ws MATCH (v) WITH v, ws",
		"MATCH (v:A)-[:T]->(b) WITH v, b ORDER BY b.id WITH v, collect(DISTINCT b) AS ws",
		"MATCH (w:A) WITH w, w AS v, [(w)--(x) | x] + [w] AS ws",
	}
	// E is the element, O the other end.
	tests := []string{
		"({E})-->({O})", "({O})-->({E})", "({E})--({O})", "({E})-[:T]->({O})", "({O})<-[:T|U]-({E})", "({O})-[:U]-({E})",
		"NOT ({E})-->({O})", "NOT ({O})-[:T]->({E})", "EXISTS { ({E})-->({O}) }", "exists(({O})-[:U]-({E}))", "NOT EXISTS { ({O})<--({E}) }",
		"{E} <> {O} AND ({O})-->({E})", "({E})-->({O}) AND {E} IS NOT NULL", "NOT ({E})<--({O}) AND {E} <> {O}", "({O})--({E}) AND {E} = {O}",
		// near misses
		"({E})-->({O}) OR {E} IS NULL", "({E})-->({E})", "({E})-->()", "({E})-->(:A)", "({E}:A)-->({O})", "({E})-[:T {k: 1}]->({O})",
		"({E})-->({O}) AND {E}.id / 0 > 1", "{E}.id / 0 > 1 AND ({O})-->({E})", "{E}.k.x AND ({O})--({E})", "({E})-[:T*1..2]->({O})", "({E})-->({O}) AND ({O})-->({E})", "NOT NOT ({E})-->({O})",
		"({E})-->({O}) AND {E}.k > 0", "({E})-->({O}) XOR ({O})-->({E})",
	}
	reads := []string{
		"RETURN v, [w IN ws WHERE %T] AS l",
		"RETURN v, [w IN ws WHERE %T | w] AS l, ws",
		"RETURN v, [w IN ws WHERE %T | [v, w]] AS l",
		"RETURN v, size([w IN ws WHERE %T]) AS n",
		"RETURN v, all(w IN ws WHERE %T) AS a, any(w IN ws WHERE %T) AS b, none(w IN ws WHERE %T) AS c, single(w IN ws WHERE %T) AS d",
		"WITH v, ws WHERE all(w IN ws WHERE %T) RETURN count(*) AS n",
		"WITH v, ws WHERE any(w IN ws WHERE %T) RETURN v",
		"RETURN count(*) AS n, sum(size([w IN ws WHERE %T])) AS s",
		"UNWIND range(1, 2) AS i RETURN v, i, none(w IN ws WHERE %T) AS q",
		"RETURN v, [x IN ws | [w IN ws WHERE %X]] AS l",
		"RETURN v, reduce(t = 0, x IN ws | t + size([w IN ws WHERE %X])) AS n",
		"RETURN v, size(reduce(acc = [], x IN ws | acc + [w IN ws WHERE %X | [x, w]])) AS n",
		"RETURN v, [x IN ws WHERE all(w IN ws WHERE %X)] AS l",
	}
	fill := func(read, test string) string {
		q := strings.ReplaceAll(read, "%T", strings.ReplaceAll(strings.ReplaceAll(test, "{E}", "w"), "{O}", "v"))
		return strings.ReplaceAll(q, "%X", strings.ReplaceAll(strings.ReplaceAll(test, "{E}", "w"), "{O}", "x"))
	}
	r := rand.New(rand.NewPCG(31, 7))
	var queries []string
	for range 700 {
		p := prefixes[r.IntN(len(prefixes))]
		queries = append(queries, p+" "+fill(reads[r.IntN(len(reads))], tests[r.IntN(len(tests))]))
	}
	// every prefix with every test read as a list and by the quantifiers
	for _, p := range prefixes {
		for _, test := range tests {
			queries = append(queries, p+" "+fill(reads[1], test), p+" "+fill(reads[4], test))
		}
	}
	params := []map[string]any{
		{"l": []any{int64(0), nil, int64(2)}},
		{"l": nil},
		{"l": int64(5)},
	}
	fails, cases, errs, adj := 0, 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 16, 24+int(seed)*12)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			for k, p := range params {
				if k > 0 && !strings.Contains(q, "$l") {
					continue
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
		adj += countPlansWith(t, planned, queries, "ListAdjFilter")
	}
	if fails > 0 {
		t.Errorf("%d of %d cases disagree", fails, cases)
	}
	if adj == 0 {
		t.Error("no query ran an adjacency filter")
	}
	t.Logf("%d queries, %d cases (%d errors in row mode), %d query plans with an adjacency filter", len(queries), cases, errs, adj)
}

// TestListAdjacentTestsSkipElements checks that a comprehension over every
// pair of a collected neighbourhood runs its loop only on the linked
// pairs: the profiled steps of the planned query stay a fraction of row
// mode's, which evaluates the pattern for every pair.
func TestListAdjacentTestsSkipElements(t *testing.T) {
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		mustRun(t, db, "UNWIND range(0, 119) AS i CREATE (:N {id: i})", nil)
		mustRun(t, db, "MATCH (a:N), (b:N) WHERE b.id = (a.id * 7 + 3) % 120 OR b.id = (a.id + 1) % 120 CREATE (a)-[:L]->(b)", nil)
	}
	q := "PROFILE MATCH (n:N) WITH collect(n) AS xs " +
		"RETURN size(reduce(acc = [], x IN xs | acc + [y IN xs WHERE y <> x AND (x)-->(y) | [x, y]])) AS n, " +
		"size([x IN xs WHERE all(y IN [(x)-->(z) | z] WHERE (y)<--(x))]) AS m"
	steps := func(db *DB) int64 {
		r, err := db.Query(context.Background(), q, nil)
		if err != nil {
			t.Fatal(err)
		}
		all, err := r.All()
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(all) != "[[240 120]]" {
			t.Fatalf("%v, want [[240 120]]", all)
		}
		sm := regexp.MustCompile(`result rows \d+, steps (\d+),`).FindStringSubmatch(r.Profile())
		if sm == nil {
			t.Fatalf("no steps in %s", r.Profile())
		}
		n, _ := strconv.ParseInt(sm[1], 10, 64)
		return n
	}
	adj, loop := steps(planned), steps(rows)
	t.Logf("steps: %d with the adjacency filter, %d as loops of pattern tests", adj, loop)
	if loop < 5*adj {
		t.Errorf("steps %d with the adjacency filter, %d as loops: the unlinked pairs are not skipped", adj, loop)
	}
}
