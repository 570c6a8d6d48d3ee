package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// carriedMatchDefs are the lists a WITH names qs: pattern comprehensions
// of relationships and of nodes, with a WHERE of their own, reading the
// row's b (null after an OPTIONAL MATCH), and near-misses: an element or
// a WHERE that fails on some matches (a division by zero at id 7), a
// list that is no pattern comprehension.
var carriedMatchDefs = []string{
	"[(b)-[q]->() | q]",
	"[(b)-[q:T]-(c) | q]",
	"[(b)<--(c) | c]",
	"[(b)-->(c)-->(b) | c]",
	"[(b)-->(c) WHERE c.k = 1 | c]",
	"[(b)-[q]->(c) | c.k]",
	"[(b)-->(c) WHERE 6 / (c.id - 7) > 0 | c]",
	"[(b)-->(c) | 6 / (c.id - 7)]",
	"[x IN range(0, b.id % 4) | b]",
}

// carriedMatchReaders read qs: its size, the size of a filter of it (by
// the row's r, by a property, by a test that fails at id 7), a mapped
// filter, a counting reduce(), reads under CASE and OR (evaluated on
// some rows only), and near-misses that read it twice or inside a
// comprehension's body.
var carriedMatchReaders = []string{
	"size(qs)",
	"size([x IN qs WHERE x <> r])",
	"size([x IN qs WHERE x.k = 1])",
	"size([x IN qs WHERE 6 / (x.id - 7) > 0])",
	"size([x IN qs WHERE x <> r | x.k])",
	"reduce(a = 0, x IN qs | a + CASE WHEN x <> r THEN 1 ELSE 0 END)",
	"CASE WHEN b.id % 2 = 0 THEN size(qs) ELSE -1 END",
	"CASE WHEN b.k IS NULL OR size(qs) > 1 THEN 1 ELSE 0 END",
	"size([x IN qs WHERE x = b])",
	"size(qs) + size([y IN [1] | size(qs)])",
	"size([y IN [1, 2] WHERE size(qs) > y])",
	"size(qs) * 2 - size(qs)",
	"[x IN qs WHERE x <> r | coalesce(x.k, 5)]",
	"reduce(s = 0, y IN [x IN qs | coalesce(x.k, 5)] | s + y)",
}

// carriedMatchForms carry qs (%[1]s) from a WITH to a reader (%[2]s): an
// aggregate's argument, a projection item, under ORDER BY and LIMIT,
// after a filtered WITH, after OPTIONAL MATCH, through WITH *, in both
// branches of a UNION, under DISTINCT; near-misses: the list returned
// too, grouped on, read by a later WITH, imported by a CALL, and a WITH
// that binds the comprehension's b anew.
var carriedMatchForms = []string{
	"MATCH (a)-[r]->(b) WITH r, %[1]s AS qs RETURN sum(%[2]s) AS n",
	"MATCH (a:A)-[r]-(b) WITH r, b, %[1]s AS qs RETURN type(r) AS t, count(*) AS c, sum(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs RETURN b.id AS i, %[2]s AS n",
	"MATCH (a)-[r:T]->(b) WITH r, b, %[1]s AS qs RETURN b.id AS i, %[2]s AS n ORDER BY n, i LIMIT 3",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs WHERE b.id %% 2 = 0 RETURN collect(%[2]s) AS ns",
	"MATCH (a) OPTIONAL MATCH (a)-[r:U]->(b) WITH r, b, %[1]s AS qs RETURN count(r) AS c, collect(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH *, %[1]s AS qs RETURN sum(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs RETURN DISTINCT %[2]s AS n",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs RETURN sum(%[2]s) AS n UNION MATCH (b)-[r]->(a:A) WITH r, b, %[1]s AS qs RETURN count(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH DISTINCT r, b, %[1]s AS qs RETURN sum(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs WITH r, b, qs RETURN max(%[2]s) AS n",
	// Near-misses.
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs RETURN b.id AS i, size(qs) AS s, %[2]s AS n",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs RETURN %[2]s AS k, count(*) AS c",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs WITH r, b, qs, %[2]s AS n RETURN sum(n) AS n, sum(size(qs)) AS s",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs CALL (qs) { RETURN size(qs) AS z } RETURN sum(z) AS z, sum(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH r, b, %[1]s AS qs, b.id AS b2 WITH r, qs, b2 AS b RETURN b, sum(%[2]s) AS n",
	"MATCH (a)-[r]->(b) WITH r, %[1]s AS qs, a.id AS b RETURN b, sum(%[2]s) AS n",
}

// TestCarriedMatchesMatchRowMode generates queries that name a pattern
// comprehension in a WITH and read it in the next clause (planner/
// carried_matches.go moves it into its one reader, filtered_matches.go
// makes a filter of it one comprehension), and the same readers over the
// comprehension written in place, with near-misses of every kind, and
// compares each with row mode.
func TestCarriedMatchesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 3))
	var queries []string
	for _, form := range carriedMatchForms {
		for n := 0; n < 14; n++ {
			def := carriedMatchDefs[r.IntN(len(carriedMatchDefs))]
			reader := carriedMatchReaders[r.IntN(len(carriedMatchReaders))]
			queries = append(queries, fmt.Sprintf(form, def, reader))
		}
	}
	// Every list with every reader, as an item and as an aggregate's
	// argument.
	for _, def := range carriedMatchDefs {
		for _, reader := range carriedMatchReaders {
			for _, form := range carriedMatchForms[1:3] {
				queries = append(queries, fmt.Sprintf(form, def, reader))
			}
		}
	}
	// The readers over the comprehension in place: the filter fused.
	for n := 0; n < 60; n++ {
		def := carriedMatchDefs[r.IntN(len(carriedMatchDefs))]
		reader := strings.ReplaceAll(carriedMatchReaders[[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13}[r.IntN(11)]], "qs", def)
		form := []string{
			"MATCH (a)-[r]->(b) RETURN sum(%s) AS n",
			"MATCH (a) OPTIONAL MATCH (a)-[r]-(b) RETURN a.id AS i, %s AS n",
			"MATCH (a)-[r]->(b) WHERE %s > 0 RETURN count(*) AS n",
		}[n%3]
		queries = append(queries, fmt.Sprintf(form, reader))
	}
	runCountReaders(t, queries)
}
