package cyq

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCollectSetsMatchRowMode generates collect(n) of nodes and
// relationships (duplicates from several paths, parallel relationships
// and self-loops; empty groups from OPTIONAL MATCH) read only as sets
// (planner/collect_sets.go): x IN list, any/all/none over it with pattern
// tests and tests that cannot fail, in WHERE, after a rename, from a later
// MATCH, inside a comprehension's test, and next to near misses that keep
// the duplicates or the order (size(), the list returned, indexed,
// unwound, filtered, single(), a test that fails on some elements only,
// values that are not entities). It compares them on random graphs with
// the same queries planned row by row, errors included.
func TestCollectSetsMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (a:A)-->(b)-->(c) WITH a, collect(c) AS cs",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]-(c) WITH a, collect(c) AS cs",
		"MATCH (a)-[r]->(c) WITH a, collect(r) AS cs",
		"MATCH (c)<--(x) WITH collect(c) AS cs MATCH (a:A) WITH a, cs",
		"MATCH (a:B) OPTIONAL MATCH (a)<-[:U]-(c) WITH a, collect(c) AS cs",
		"MATCH (a:A)-->(c) WITH a, collect(c.k) AS cs",
		"UNWIND [1, 1, null] AS c WITH collect(c) AS cs MATCH (a:A) WITH a, cs",
		"MATCH (a:A)-->(b)-->(c) WITH a, collect(c) AS cs, count(*) AS n",
	}
	reads := []string{
		"RETURN a.id AS g, a IN cs AS m",
		"MATCH (x) WHERE x IN cs RETURN a.id AS g, count(x) AS n",
		"RETURN a.id AS g, all(c IN cs WHERE (c)-->(a)) AS q, any(c IN cs WHERE (a)-->(c)) AS p, none(c IN cs WHERE c.k > 0) AS r",
		"WITH a, cs WHERE any(c IN cs WHERE (c)--(a)) RETURN a.id AS g",
		"WITH a, cs WHERE all(c IN cs WHERE NOT (c)-[:T]->(a) OR c.k = 1) RETURN a.id AS g",
		"RETURN a.id AS g, size([x IN [(a)-->(y) | y] WHERE x IN cs]) AS n",
		"RETURN a.id AS g, all(c IN cs WHERE (c)-->()) AS q",
		"WITH a, cs AS ds RETURN a.id AS g, a IN ds AS m",
		"RETURN a.id AS g, size([x IN [(a)--(y) | y] WHERE NOT x IN cs]) AS l",
		// near misses
		"RETURN a.id AS g, size(cs) AS n", "RETURN a.id AS g, cs", "RETURN a.id AS g, single(c IN cs WHERE (c)-->(a)) AS q",
		"RETURN a.id AS g, [c IN cs WHERE (c)-->(a)] AS l", "UNWIND cs AS c RETURN a.id AS g, count(*) AS n",
		"RETURN a.id AS g, any(c IN cs WHERE 10 / (c.id % 3) > 2) AS q", "RETURN a.id AS g, cs[0] IN cs AS m",
		"WITH a, cs, size(cs) AS n RETURN a.id AS g, a IN cs AS m, n", "RETURN a.id AS g, all(c IN cs WHERE (c)-->({k: c.id / 0})) AS q",
		"RETURN a.id AS g, reduce(s = '', c IN cs | s + ',' + toString(id(c))) AS o",
	}
	var queries []string
	for _, p := range prefixes {
		for _, r := range reads {
			queries = append(queries, p+" "+r)
		}
	}
	r := rand.New(rand.NewPCG(53, 3))
	for range 100 {
		queries = append(queries, prefixes[r.IntN(len(prefixes))]+" "+reads[r.IntN(len(reads))])
	}
	fails, cases, errs, distinct := 0, 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 14, 30+int(seed)*10)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			cases++
			a, b := rowsOrError(planned, q, nil), rowsOrError(rows, q, nil)
			if strings.HasPrefix(b, "error: ") {
				errs++
			}
			if a != b {
				fails++
				if fails <= 20 {
					t.Errorf("seed %d: %s\n planned:  %s\n row mode: %s", seed, q, a, b)
				}
			}
			if seed == 1 {
				if comp, err := planned.Compile(q); err == nil && strings.Contains(comp.Plan.Explain(), "collect(DISTINCT") {
					distinct++
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases disagree", fails, cases)
	}
	if distinct == 0 {
		t.Error("no collect was read as a set")
	}
	t.Logf("%d queries, %d cases (%d errors in row mode), %d plans collecting a set", len(queries), cases, errs, distinct)
}
