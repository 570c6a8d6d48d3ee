package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestExpandListsMatchRowMode generates pattern comprehensions of one hop
// from a bound node mapped to the far node or the relationship
// (planner/expand_lists.go, vm/expand_lists.go), in every direction, with
// and without types, from nodes, from null and from values that are not
// nodes, read in an order-sensitive fold (order and duplicates: parallel
// relationships and self-loops), by size(), unwound and counted, compared
// with each other, as a membership list and in WHERE, next to near misses
// (a property mapped, a labelled or tested far node, a path variable, two
// hops, the relationship variable mapped to its end, the start mapped). It
// compares them on random graphs with the same queries planned row by
// row, errors included.
func TestExpandListsMatchRowMode(t *testing.T) {
	t.Parallel()
	starts := []string{
		"MATCH (a)", "MATCH (a:A)", "MATCH (a:B) WHERE a.k IS NOT NULL",
		"MATCH (x) WITH CASE WHEN x.id % 2 = 0 THEN x END AS a",
		"MATCH (x) WITH x.id AS a", "UNWIND [null] AS a", "MATCH (x:A) UNWIND [x, null] AS a",
	}
	pats := []string{
		"(a)-->(b) | b", "(a)<--(b) | b", "(a)--(b) | b", "(a)-[:T]->(b) | b", "(a)-[:T|U]-(b) | b",
		"(a)<-[:U]-(b) | b", "(a)-[r]->() | r", "(a)-[r:U]-(b) | r", "(a)<-[r:T|U]-() | r", "(a)-[:V]->(b) | b",
		// near misses
		"(a)-->(b) | b.k", "(a)-->(b:A) | b", "(a)-->(b) WHERE b.k > 0 | b", "p = (a)-->(b) | b",
		"(a)-->()-->(c) | c", "(a)-[r]->(b) | b", "(a)-->(b) | a", "(a)-->(a) | a", "(a)-[r]-(b) | [r, b]",
	}
	reads := []string{
		"RETURN reduce(s = '', x IN [%P] | s + ',' + toString(id(x))) AS o",
		"RETURN size([%P]) AS n",
		"UNWIND [%P] AS z RETURN count(*) AS n, count(DISTINCT z) AS d",
		"WITH a, [%P] AS l WHERE size(l) > 1 RETURN count(*) AS n",
		"MATCH (c:A) RETURN c.id AS c, size([x IN [%P] WHERE x = c]) AS n",
		"RETURN [%P] = [%P] AS e, [%P] AS l",
	}
	r := rand.New(rand.NewPCG(41, 5))
	var queries []string
	for _, s := range starts {
		for _, p := range pats {
			queries = append(queries, s+" "+strings.ReplaceAll(reads[0], "%P", p))
		}
	}
	for range 300 {
		q := starts[r.IntN(len(starts))] + " " + reads[r.IntN(len(reads))]
		queries = append(queries, strings.ReplaceAll(q, "%P", pats[r.IntN(len(pats))]))
	}
	fails, cases, errs, lists := 0, 0, 0, 0
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
		}
		lists += countPlansWith(t, planned, queries, "ExpandList")
	}
	if fails > 0 {
		t.Errorf("%d of %d cases disagree", fails, cases)
	}
	if lists == 0 {
		t.Error("no query built an expansion's list")
	}
	t.Logf("%s", fmt.Sprintf("%d queries, %d cases (%d errors in row mode), %d query plans with an expansion's list", len(queries), cases, errs, lists))
}
