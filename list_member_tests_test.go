package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestListMemberTestsMatchRowMode generates membership tests of a node in
// a list of a pattern's matches written outside a filter
// (planner/list_member_tests.go): in a comprehension's or quantifier's
// test over a collected list (collect of a node, DISTINCT or not, of an
// OPTIONAL MATCH whose nulls collect skips, a pattern comprehension, the
// list carried by a later WITH), and in a projection of a row's node. The
// lists tested against are pattern comprehensions and COLLECT { }
// subqueries, typed, either direction, undirected, two hops, with a WHERE,
// with an inline property test, with an anonymous or labelled end. Near
// misses sit next to them: lists that hold nulls, integers or
// relationships (the element is then not always a node), the element
// mapped to a node bound outside the pattern, a relationship or a
// property, a pattern naming the loop's variable, the other end null
// (OPTIONAL MATCH) or an integer (an error in both forms), a loop
// variable that shadows the row's. It compares them on random graphs with
// self-loops and parallel relationships, planned, planned from the last
// MATCH and with an index, against the same queries planned row by row,
// errors included.
//
// Breaks (each guard removed in turn; 480 queries, 2 seeds, 3 planned
// variants: 2,880 runs):
//   - a loop's element read as a node whatever its list holds (inLoop):
//     618 fail;
//   - the mapped variable bound outside the pattern (member's bound
//     test): 60 fail;
//   - collect() of any variable read as a list of nodes (nodeLists'
//     kind test): 156 fail;
//   - a loop variable over a list that is not of nodes left shadowed by
//     the row's node of that name (inLoop): 108 fail;
//   - any aggregate's column read as a list of nodes (nodeList's call
//     case): 264 fail.
func TestListMemberTestsMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (h:A)-->(b) WITH h, collect(DISTINCT b) AS xs",
		"MATCH (h:A)-[:T]->(b) WITH h, collect(b) AS xs",
		"MATCH (h) OPTIONAL MATCH (h)<-[:U]-(b) WITH h, collect(b) AS xs",
		"MATCH (h:B) WITH h, [(h)--(b) | b] AS xs",
		"MATCH (h:A)-->(b) WITH h, collect(DISTINCT b) AS xs WITH h, xs",
		"MATCH (b) WITH collect(b) AS xs MATCH (h:A) WITH h, xs",
		"MATCH (h) OPTIONAL MATCH (h)-[:T]->(o) WITH o AS g, [(h)-->(b) | b] AS xs WITH g AS h, xs",
		// near misses: elements that are not all nodes
		"MATCH (h:A)-->(b) WITH h, collect(b) + [null] AS xs",
		"MATCH (h:A) OPTIONAL MATCH (h)-->(b) WITH h, collect(b.id) AS xs",
		"MATCH (h:A) WITH h, [(h)-->(b) | b] + [1, h.id] AS xs",
		"MATCH (h:A) WITH h, [(h)-[r]->() | r] AS xs",
		"MATCH (h:B) WITH h, [(h)-->(b) | h] AS xs",
		"MATCH (h:A) WITH h.id AS h, [] AS xs",
		"MATCH (h:A)-->(b) WITH h, b.id AS v WITH h, collect(v) AS xs",
		"MATCH (h:A)-[r]->() WITH h, collect(r) AS xs",
	}
	// The list's order is not compared: a nested comprehension reads xs,
	// collected in no order, by sizes.
	// L is the list of matches tested against, with H the other end.
	lists := []string{
		"[(b)-->({H}) | b]", "[(b)<-[:T]-({H}) | b]", "[({H})--(b) | b]", "[(b)-[:U]->()-->({H}) | b]",
		"[(b)-->({H}) WHERE b.k = 1 | b]", "[(b {k: 1})-->({H}) | b]", "[(b:A)<--({H}) | b]",
		"COLLECT { MATCH (b)-[:T|U]->({H}) RETURN b }", "COLLECT { MATCH ({H})-->(b) WHERE b.id > 3 RETURN b }",
		// near misses
		"[(b)-->({H}) | {H}]", "[(b)-[r]->({H}) | r]", "[(b)-->({H}) | b.id]", "[(x)-->({H}) | x]", "[(b)-->(c) | c]",
		"[(b)-->({H}) | b] + [null]",
	}
	tests := []string{
		"x IN %L", "NOT x IN %L", "x IN %L AND x.id > 2", "NOT x IN %L OR x.k = 0", "x IN %L XOR x.id = 1",
	}
	reads := []string{
		"RETURN h, [x IN xs WHERE %T] AS l",
		"RETURN h, size([x IN xs WHERE %T]) AS n",
		"RETURN h, [x IN xs WHERE %T | x.id] AS l, size(xs) AS m",
		"RETURN h, all(x IN xs WHERE %T) AS a, any(x IN xs WHERE %T) AS b, none(x IN xs WHERE %T) AS c",
		"WITH h, xs WHERE any(x IN xs WHERE %T) RETURN count(*) AS n",
		"UNWIND xs AS x RETURN h, x, %T AS t",
		"UNWIND xs AS y RETURN h, [x IN xs WHERE x <> y AND %T | [x, y]] AS l",
		"RETURN h, [x IN xs | size([y IN xs WHERE %T])] AS l",
		"MATCH (x) RETURN h, x, [x IN xs + [null, 1] WHERE %T] AS l",
	}
	fill := func(read, test, list, other string) string {
		l := strings.ReplaceAll(list, "{H}", other)
		return strings.ReplaceAll(read, "%T", strings.ReplaceAll(test, "%L", l))
	}
	r := rand.New(rand.NewPCG(14, 26))
	var queries []string
	for range 250 {
		other := "h"
		if r.IntN(6) == 0 {
			other = "y" // the comprehension's own variable: refused when not bound
		}
		queries = append(queries, prefixes[r.IntN(len(prefixes))]+" "+fill(reads[r.IntN(len(reads))], tests[r.IntN(len(tests))], lists[r.IntN(len(lists))], other))
	}
	// every prefix with every list, in a comprehension
	for _, p := range prefixes {
		for _, l := range lists {
			queries = append(queries, p+" "+fill(reads[0], tests[1], l, "h"))
		}
	}
	// row variables outside a loop
	queries = append(queries,
		"MATCH (h:A), (x) RETURN h, x, x IN [(b)-->(h) | b] AS t",
		"MATCH (h) OPTIONAL MATCH (h)-[:T]->(x) RETURN h, x, x IN [(b)<--(h) | b] AS t",
		"MATCH (h:B)-->(x) RETURN h, x, CASE WHEN NOT x IN COLLECT { MATCH (b)-[:U]-(h) RETURN b } THEN 1 ELSE 0 END AS t",
		"MATCH (h:A) OPTIONAL MATCH (h)-->(o:B) MATCH (x:A) RETURN o, x, x IN [(b)-->(o) | b] AS t",
		"MATCH (x:A) WITH x, x.id AS h RETURN x, x IN [(b)-->(h) | b] AS t",
	)
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := rowModeGraphs(t, seed, 16, 26+int(seed)*12, plannedIdxLastRowMode, sparseKeys)
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "last", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	rewritten := 0
	planned, _ := plannedAndRowMode(t)
	for _, q := range queries {
		if planUses(planned, q, "ListAdjFilter") {
			rewritten++
		}
	}
	if rewritten == 0 {
		t.Error("no query's program tests adjacency for a membership test")
	}
	t.Logf("%d queries, %d runs, %d programs testing adjacency", len(queries), runs, rewritten)
}
