package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// shortestPathPredicates are WHERE conjuncts on a shortest path p that
// hold for a path only if they hold for every path through a subset of
// its nodes and relationships (so the shortest path that satisfies one is
// a simple path, as the search's): list predicates over nodes(p) and
// relationships(p) with a variable of their own (all, none, a sliced
// list, the size of a filtered comprehension, a reduce() of non-negative
// weights), with another conjunct beside.
var shortestPathPredicates = []string{
	"all(x IN nodes(p) WHERE x.k IS NULL OR x.k > 0)",
	"all(x IN nodes(p)[1..-1] WHERE x:B)",
	"none(r IN relationships(p) WHERE type(r) = 'U')",
	"all(r IN relationships(p) WHERE r.w > 0)",
	"none(x IN nodes(p) WHERE x.k = 2)",
	"size([x IN nodes(p) WHERE x.k = 4]) = 0",
	"reduce(s = 0, r IN relationships(p) | s + r.w) <= 2",
	"b.id <> 4 AND all(x IN tail(nodes(p)) WHERE x.id % 2 = 1 OR x = b)",
}

// shortestPathShapes place the search (%[1]s is its WHERE): both ends
// bound in the same MATCH, bound before it in two MATCH clauses, the end
// free (found by a search from the start), and allShortestPaths; each
// with the oracle that finds the same lengths (and numbers of paths)
// among the variable-length paths (trails) that satisfy the predicate.
var shortestPathShapes = []struct{ query, oracle string }{
	{
		"MATCH (a:A), (b:B), p = shortestPath((a)-[*..4]-(b)) WHERE %[1]s RETURN a.id, b.id, length(p)",
		"MATCH (a:A), (b:B) MATCH p = (a)-[*1..4]-(b) WHERE %[1]s WITH a, b, min(length(p)) AS d RETURN a.id, b.id, d",
	},
	{
		"MATCH (a:A) MATCH (b:B) MATCH p = shortestPath((a)-[:T*..4]->(b)) WHERE %[1]s RETURN a.id, b.id, length(p)",
		"MATCH (a:A), (b:B) MATCH p = (a)-[:T*1..4]->(b) WHERE %[1]s WITH a, b, min(length(p)) AS d RETURN a.id, b.id, d",
	},
	{
		"MATCH (a:A) MATCH p = shortestPath((a)-[*..3]->(b:B)) WHERE %[1]s RETURN a.id, b.id, length(p)",
		"MATCH (a:A) MATCH p = (a)-[*1..3]->(b:B) WHERE %[1]s WITH a, b, min(length(p)) AS d RETURN a.id, b.id, d",
	},
	{
		"MATCH (a:A), (b:B) MATCH p = allShortestPaths((a)-[*..4]-(b)) WHERE %[1]s RETURN a.id, b.id, length(p), count(*)",
		"MATCH (a:A), (b:B) MATCH p = (a)-[*1..4]-(b) WHERE %[1]s WITH a, b, length(p) AS d, count(*) AS c ORDER BY d WITH a, b, collect([d, c])[0] AS best RETURN a.id, b.id, best[0], best[1]",
	},
}

// TestShortestPathListPredicates checks that a WHERE predicate on a
// shortestPath or allShortestPaths that reads the path through a list
// predicate with its own variable (none(r IN relationships(p) WHERE
// type(r) = 'FATHER'), the manual's example) selects among the paths:
// the shortest path returned is the shortest of those that satisfy it,
// not the shortest path filtered afterwards (which drops the pair when
// the shortest path fails). Planned and row-mode plans both run against
// the oracle on random graphs with self-loops, parallel relationships and
// nulls.
func TestShortestPathListPredicates(t *testing.T) {
	failed, runs, rows := 0, 0, 0
	for _, seed := range []uint64{2, 7, 11} {
		dbs := rowModeGraphs(t, seed, 18, 44, plannedRowMode, "MATCH (x) WHERE x.id % 7 <> 0 SET x.k = x.id % 5", "MATCH (s)-[r]->(e) SET r.w = (s.id + e.id) % 3")
		for _, shape := range shortestPathShapes {
			for _, pred := range shortestPathPredicates {
				q := fmt.Sprintf(shape.query, pred)
				want := canonical(mustRun(t, dbs["planned"], fmt.Sprintf(shape.oracle, pred), nil))
				rows += len(want)
				for _, name := range []string{"planned", "row-mode"} {
					runs++
					got := canonical(mustRun(t, dbs[name], q, nil))
					if g, w := strings.Join(got, "; "), strings.Join(want, "; "); g != w {
						failed++
						t.Errorf("seed %d, %s: %s\n got %d rows: %s\nwant %d rows: %s", seed, name, q, len(got), g, len(want), w)
					}
				}
			}
		}
	}
	if rows == 0 {
		t.Fatal("the oracle found no paths: the test checks nothing")
	}
	if failed > 0 {
		t.Logf("%d of %d runs differ from the oracle", failed, runs)
	}
}

// leastTrailPredicates filter the trails of p (relationship list rs)
// before their least length is read: quantifiers over the list or over
// relationships(p) and nodes(p), sliced, with another conjunct, which the
// search takes as its pre-filter (any() and single() too: they may hold
// on a trail and fail on its shortcuts, which the search of trails in
// order of length tests one by one), and a test that may fail (an
// arithmetic expression), which stays a filter.
var leastTrailPredicates = []string{
	"all(r IN rs WHERE r.w > 0)",
	"none(r IN rs WHERE type(r) = 'U')",
	"all(x IN nodes(p)[1..-1] WHERE x:B)",
	"all(x IN tail(nodes(p)) WHERE x.k IS NOT NULL) AND b.id > 2",
	"any(x IN nodes(p) WHERE x.k = 3)",
	"single(r IN relationships(p) WHERE r.w = 2)",
	"any(r IN rs WHERE r.w = 2) AND all(x IN nodes(p) WHERE x.k <> 4)",
	"none(x IN nodes(p) WHERE x.id = a.id + 1)",
}

// leastTrailShapes read the filtered trails only for their least length
// per pair of ends: both ends bound, the end free, the least length and
// how many trails have it (a collect of the paths).
var leastTrailShapes = []string{
	"MATCH (a:A), (b:B) MATCH p = (a)-[rs*1..4]-(b) WHERE %s WITH a, b, min(length(p)) AS d RETURN a.id, b.id, d",
	"MATCH (a:A) MATCH p = (a)-[rs:T*1..3]->(b:B) WHERE %s WITH a, b, min(length(p)) AS d RETURN a.id, b.id, d",
	"MATCH (a:A), (b:B) MATCH p = (a)-[rs*1..3]-(b) WHERE %s WITH a, b, collect(p) AS ps WITH a, b, ps, reduce(m = 9, x IN ps | CASE WHEN length(x) < m THEN length(x) ELSE m END) AS d RETURN a.id, b.id, d, size([x IN ps WHERE length(x) = d]) AS n",
}

// TestLeastTrailsPathFilters checks leastTrailsFilter: the least length
// of variable-length trails that pass a filter on the path, searched
// with the filter as the search's pre-filter where it cannot fail, is
// the row-mode answer (every trail enumerated, filtered, then the
// minimum), on random graphs with self-loops, parallel relationships
// and nulls; and the search takes the filter in some plans.
func TestLeastTrailsPathFilters(t *testing.T) {
	failed, runs, searched := 0, 0, 0
	for _, seed := range []uint64{4, 9, 13} {
		dbs := rowModeGraphs(t, seed, 18, 44, plannedRowMode, "MATCH (x) WHERE x.id % 7 <> 0 SET x.k = x.id % 5", "MATCH (s)-[r]->(e) SET r.w = (s.id + e.id) % 3")
		for _, shape := range leastTrailShapes {
			for _, pred := range leastTrailPredicates {
				q := fmt.Sprintf(shape, pred)
				plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, nil))
				if strings.Contains(plan, "where ") && strings.Contains(plan, "Shortest") {
					searched++
				}
				runs++
				want := strings.Join(canonical(mustRun(t, dbs["row-mode"], q, nil)), "; ")
				if got := strings.Join(canonical(mustRun(t, dbs["planned"], q, nil)), "; "); got != want {
					failed++
					t.Errorf("seed %d: %s\n got %s\nwant %s\nplan %s", seed, q, got, want, plan)
				}
			}
		}
	}
	if searched == 0 {
		t.Fatal("no plan searched with the filter: the test checks nothing of the rule")
	}
	t.Logf("%d of %d plans search with the filter", searched, runs)
	if failed > 0 {
		t.Logf("%d of %d runs differ from row mode", failed, runs)
	}
}
