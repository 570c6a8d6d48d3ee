package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Nodes that must reach several constant-bound nodes, written as one
// filter of several existence tests (or list tests that become them),
// or as MATCH clauses joined by a WITH whose second clause ends at a
// node sought by constant values: the planner intersects the reached
// sets (semijoin_conjuncts.go; seek_boundaries.go with set_common.go),
// The generated forms run against row mode on random graphs with
// self-loops, parallel relationships, a property null on some nodes,
// duplicated anchor values, and parameters of several types (integers,
// floats equal to them, strings, null, lists with duplicates and nulls);
// and a count of the distinct values of a list literal compared with its
// size as the same tests (counted_all.go).

// reachAnchors are the constant-bound ends (%s: the parameter).
var reachAnchors = []string{
	"(:A {id: $%s})",
	"({id: $%s})",
	"(:B {k: $%s})",
}

// reachHops are the hops from the probe (x) to an anchor.
var reachHops = []string{
	"-->",
	"<-[:T]-",
	"-[:U]->",
	"--",
	"-[:T]->()-->",
}

// reachTwoClauses join two reached sets across a WITH (%[1]s, %[2]s the
// anchors; %[3]s, %[4]s the hops), with a boundary that keeps the row,
// renames it, makes it distinct, collects it, or cuts it (ORDER BY
// LIMIT, an aggregate: not crossed).
var reachTwoClauses = []string{
	"MATCH %[1]s%[3]s(b) WITH DISTINCT b MATCH (b)%[4]s%[2]s",
	"MATCH %[1]s%[3]s(b) WITH b MATCH (b)%[4]s%[2]s",
	"MATCH %[1]s%[3]s(c) WITH c AS b MATCH (b)%[4]s%[2]s",
	"MATCH %[1]s%[3]s(c) WITH collect(DISTINCT c) AS cs MATCH %[2]s%[5]s(b) WHERE b IN cs",
	"MATCH %[1]s%[3]s(c) WITH collect(c) AS cs MATCH %[2]s%[5]s(b) WHERE b IN cs",
	"MATCH %[1]s%[3]s(b) WITH DISTINCT b ORDER BY b.id LIMIT 4 MATCH (b)%[4]s%[2]s",
	"MATCH %[1]s%[3]s(b) WITH b, count(*) AS n MATCH (b)%[4]s%[2]s",
	"MATCH (a)%[3]s(b) WITH DISTINCT a, b MATCH (b)%[4]s%[2]s WHERE a.id < 9",
	"MATCH %[1]s%[3]s(b) WITH DISTINCT b MATCH (b)%[4]s(z) WITH DISTINCT b, z MATCH (z)%[4]s%[2]s",
	"MATCH %[1]s%[3]s(b)%[4]s%[2]s",
	"MATCH (a:A {id: $p})%[3]s(b) WITH DISTINCT b MATCH (b)%[4]s(a:A {id: $q})",
	"MATCH (a:A {id: $p})%[3]s(b) WITH DISTINCT b, a MATCH (b)%[4]s(h {id: $q}) WHERE h <> a",
}

// reachTwoReturns read b's distinct nodes, its rows, or its properties.
var reachTwoReturns = []string{
	"RETURN count(DISTINCT b) AS n",
	"RETURN count(*) AS n",
	"RETURN DISTINCT b.id AS id",
	"RETURN b.id AS id, count(*) AS n",
	"RETURN collect(DISTINCT b.k) AS ks",
}

// reachFilters are filters of several tests on the probe x (%[1]s,
// %[2]s anchors; %[3]s, %[4]s hops), with other conjuncts beside them.
var reachFilters = []string{
	"EXISTS { (x)%[3]s%[1]s } AND EXISTS { (x)%[4]s%[2]s }",
	"EXISTS { (x)%[3]s%[1]s } AND x.k > 0 AND EXISTS { (x)%[4]s%[2]s }",
	"(x)%[3]s%[1]s AND NOT (x)%[4]s%[2]s",
	"EXISTS { (x)%[3]s%[1]s } AND (EXISTS { (x)%[4]s%[2]s } OR x.k IS NULL)",
	"COUNT { (x)%[3]s%[1]s } >= 2 AND EXISTS { (x)%[4]s%[2]s }",
	"EXISTS { (x)%[3]s%[1]s } AND EXISTS { (x)%[4]s%[2]s } AND EXISTS { (x)-[:U]->() }",
	"EXISTS { (x)%[3]s%[1]s } AND EXISTS { (y)%[4]s%[2]s }",
	"all(t IN [$p, $q] WHERE EXISTS { (x)%[3]s(:A {id: t}) }) AND EXISTS { (x)%[4]s%[2]s }",
}

// reachListFilters test membership of values in a per-row list of the
// reached nodes' property k (null on some nodes).
var reachListFilters = []string{
	"WITH x, COLLECT { MATCH (x)%[1]s(t) RETURN t.k } AS ks WHERE $u IN ks AND $v IN ks",
	"WITH x, COLLECT { MATCH (x)%[1]s(t) RETURN t.k } AS ks WHERE $u IN ks AND NOT $v IN ks",
	"WITH x, [(x)%[1]s(t) | t.k] AS ks WHERE $u IN ks AND $v IN ks AND x.id > 2",
	"WITH x, COLLECT { MATCH (x)%[1]s(t) RETURN t.k } AS ks WHERE all(v IN $list WHERE v IN ks)",
	"WITH x, COLLECT { MATCH (x)%[1]s(t) WHERE t.id > 3 RETURN t.k } AS ks WHERE $u IN ks AND $v IN ks",
}

// reachCounted count the distinct values of a list a group's rows come
// from (%[1]s: the list; %[2]s: the test of the count k): the pattern
// binding the key, an earlier key, an earlier variable the pattern reads
// but the key is not, the key's own property.
var reachCounted = []string{
	"MATCH (x:B)-[:T]->(t) WHERE t.s IN %[1]s WITH x, count(DISTINCT t.s) AS k WHERE %[2]s",
	"MATCH (x)--(t) WHERE t.s IN %[1]s AND t.id > 2 WITH x, count(DISTINCT t.s) AS k WHERE %[2]s",
	"MATCH (x)-->()-->(t:A) WHERE t.s IN %[1]s WITH x, count(DISTINCT t.s) AS k WHERE %[2]s",
	"MATCH (y:A) MATCH (y)-->(x)-->(t) WHERE t.s IN %[1]s WITH y, x, count(DISTINCT t.s) AS k WHERE %[2]s",
	"MATCH (y:A) MATCH (y)-->(x)-->(t) WHERE t.s IN %[1]s WITH x, count(DISTINCT t.s) AS k WHERE %[2]s",
	"MATCH (x)-[r]->(t) WHERE t.s IN %[1]s WITH x, count(DISTINCT t.s) AS k WHERE %[2]s",
	"MATCH (x)-->(t) WHERE x.s IN %[1]s WITH x, count(DISTINCT x.s) AS k WHERE %[2]s",
	"MATCH (x)<--(t) WHERE t.f IN %[1]s WITH x, count(DISTINCT t.f) AS k WHERE %[2]s",
}

// reachCountedLists are the lists: distinct strings, booleans, a
// duplicate, a null, integers, parameters, one element, none.
var reachCountedLists = []string{
	"['a', 'b']", "['b', 'a', 'c']", "[true, false]", "['a', 'a']", "['a', null]", "[1, 2]",
	"[$s1, $s2]", "['c']", "[]",
}

// reachCountTests test the count against the list's size (%d), another
// number, with another conjunct, the other way round, by a bound.
var reachCountTests = []string{"k = %d", "k = 1", "k = %d AND x.k > 0", "%d = k", "k >= %d"}

// reachParams are the parameters' values: anchors of several types.
var reachParams = []map[string]any{
	{"p": int64(3), "q": int64(6), "u": int64(1), "v": int64(2), "list": []any{int64(1), int64(2)}, "s1": "a", "s2": "b"},
	{"p": int64(0), "q": float64(3), "u": int64(1), "v": int64(1), "list": []any{int64(1), int64(1), int64(3)}, "s1": "a", "s2": "a"},
	{"p": "3", "q": int64(6), "u": nil, "v": int64(2), "list": []any{nil, int64(2)}, "s1": nil, "s2": "b"},
	{"p": nil, "q": int64(9), "u": int64(0), "v": float64(2), "list": []any{}, "s1": int64(1), "s2": "c"},
	{"p": int64(2), "q": int64(2), "u": int64(2), "v": int64(0), "list": []any{int64(2), float64(0)}, "s1": true, "s2": "a"},
}

// TestReachIntersectionsRowMode runs the generated forms against row
// mode on seeded random graphs.
func TestReachIntersectionsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(27, 11))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 160 {
		a1, a2 := fmt.Sprintf(pick(reachAnchors), "p"), fmt.Sprintf(pick(reachAnchors), "q")
		h1, h2, h3 := pick(reachHops), pick(reachHops), pick(reachHops)
		queries = append(queries, fmt.Sprintf(pick(reachTwoClauses), a1, a2, h1, h2, h3)+" "+pick(reachTwoReturns))
	}
	for len(queries) < 300 {
		a1, a2 := fmt.Sprintf(pick(reachAnchors), "p"), fmt.Sprintf(pick(reachAnchors), "q")
		lead := "MATCH (x)"
		if r.IntN(3) == 0 {
			lead = "MATCH (x:B), (y:A {id: $q})"
		}
		ret := "RETURN count(x) AS n"
		if r.IntN(2) == 0 {
			ret = "RETURN x.id AS id ORDER BY id"
		}
		queries = append(queries, lead+" WHERE "+fmt.Sprintf(pick(reachFilters), a1, a2, pick(reachHops), pick(reachHops))+" "+ret)
	}
	for len(queries) < 460 {
		list := pick(reachCountedLists)
		n := strings.Count(list, ",") + 1
		if list == "[]" {
			n = 0
		}
		test := pick(reachCountTests)
		if strings.Contains(test, "%d") {
			test = fmt.Sprintf(test, n)
		}
		ret := "RETURN count(*) AS n, collect(x.id) AS ids, collect(k) AS ks"
		if r.IntN(3) == 0 {
			ret = "RETURN count(DISTINCT x) AS n"
		}
		queries = append(queries, fmt.Sprintf(pick(reachCounted), list, test)+" "+ret)
	}
	for len(queries) < 520 {
		queries = append(queries, "MATCH (x) "+fmt.Sprintf(pick(reachListFilters), pick(reachHops))+" RETURN count(x) AS n, collect(x.id) AS ids")
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{5, 12, 31} {
		dbs := planVariants(t, seed, 27, 90, plannedIdxRowMode)
		// Seeks of :B nodes by k bind many nodes at once.
		mustRun(t, dbs["planned-idx"], "CREATE INDEX FOR (n:B) ON (n.k)", nil)
		for _, db := range dbs {
			// k: null on every fourth node, duplicated values; an extra
			// :A node whose id duplicates another's.
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y)", nil)
			// s: strings (null on some nodes, an integer on others), f:
			// booleans.
			mustRun(t, db, "MATCH (x) WHERE x.id % 5 <> 0 SET x.s = ['a', 'b', 'c', 1][x.id % 4], x.f = x.id % 2 = 0", nil)
		}
		for k, q := range queries {
			// three of the parameter sets per query, in turn
			for d := range 3 {
				params := reachParams[(k+d)%len(reachParams)]
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// TestReachIntersectionsPlan checks that the forms plan as intersections
// of reached sets: one semi-join deciding both tests, and the common
// neighbours of two seeks across a WITH (the second seek's reached set
// applied to the first's, planner/semijoin_runs.go).
func TestReachIntersectionsPlan(t *testing.T) {
	dbs := planVariants(t, 5, 27, 90, map[string]*Options{"idx": nil})
	db := dbs["idx"]
	for _, c := range []struct{ q, want string }{
		{"MATCH (x) WHERE EXISTS { (x)-->(:A {id: 3}) } AND EXISTS { (x)-[:T]->(:A {id: 6}) } RETURN count(x)", "(#0 AND #1)"},
		{"MATCH (x:B) WITH x, COLLECT { MATCH (x)-->(t) RETURN t.id } AS ids WHERE 3 IN ids AND 6 IN ids RETURN count(x)", "(#0 AND #1)"},
		{"MATCH (:A {id: 3})-->(b) WITH DISTINCT b MATCH (b)<--(:A {id: 6}) RETURN count(DISTINCT b)", "SemiJoin (b) in set of b built once"},
		{"MATCH (:A {id: 3})-->(b) WITH collect(DISTINCT b) AS xs MATCH (:A {id: 6})-->(c) WHERE c IN xs RETURN count(DISTINCT c)", "SemiJoin (b) in set of b built once"},
		{"MATCH (:A {id: 3})-->(b) WITH b AS c MATCH (c)<-[:T]-(:A {id: 6}) RETURN count(DISTINCT c)", "SemiJoin (b) in set of b built once"},
		{"MATCH (x:B)-[:T]->(t) WHERE t.s IN ['a', 'b'] WITH x, count(DISTINCT t.s) AS k WHERE k = 2 RETURN count(x)", "(#0 AND #1)"},
	} {
		plan := fmt.Sprint(mustRun(t, db, "EXPLAIN "+c.q, nil)[0][0])
		if !strings.Contains(plan, c.want) {
			t.Errorf("%s: want %q in the plan:\n%s", c.q, c.want, plan)
		}
	}
}
