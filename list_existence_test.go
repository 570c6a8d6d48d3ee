package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestListExistenceMatchesRowMode compares, on random graphs with null,
// duplicate and missing list elements, the tests on lists of a pattern's
// matches (IN, NOT IN, any/none/all, <> [], = [], size, under AND, OR and
// NOT; pattern comprehensions, COLLECT { }, a projected list, a list
// collected by an earlier MATCH) as planned (existence tests, semi- and
// anti-joins) with the row-at-a-time plans that build every list; and
// null tests of variables bound by MATCH (folded), OPTIONAL MATCH and
// projections.
func TestListExistenceMatchesRowMode(t *testing.T) {
	t.Parallel()
	// Lists of values (b.w is null on every fourth node, and repeats).
	values := []string{
		"[(a)-[:T]->(b) | b.w]",
		"[(a)-[:T]->(b:A) WHERE b.id > 3 | b.w]",
		"COLLECT { MATCH (a)-[:U]->(b) RETURN b.w }",
		"[(a)-->(b) WHERE b.w IS NULL | b.w]",
		"[(a)-[:T]->(b) WHERE b.id < 0 | b.w]",
		"[(a)<-[:T|U]-(b) | b.id]",
	}
	// Lists of nodes.
	nodes := []string{
		"[(a)-[:T]->(b) | b]",
		"[(a)-[:T]-(b:B) WHERE b.w > 1 | b]",
		"COLLECT { MATCH (a)<-[:U]-(b) RETURN b }",
	}
	var tests []string
	for range values {
		for _, x := range []string{"a.w", "$v", "2", "null"} {
			tests = append(tests, x+" IN L", "NOT "+x+" IN L", "NOT ("+x+" IN L OR a.id > 20)", x+" IN L AND NOT 1 IN L")
		}
		tests = append(tests, "L <> []", "L = []", "NOT L <> []", "size(L) > 0", "NOT (L = [] OR a.w = 1)")
	}
	for range nodes {
		for _, q := range []string{"v.w = a.w", "v.w > $v", "v.w < 3", "v.id <> a.id", "v:A"} {
			for _, k := range []string{"any", "none", "all"} {
				tests = append(tests, k+"(v IN L WHERE "+q+")", "NOT "+k+"(v IN L WHERE "+q+")")
			}
		}
		tests = append(tests, "a IN L", "NOT a IN L", "L <> [] AND NOT a IN L")
	}
	var queries []string
	for i, tt := range tests {
		// Spread the tests over the lists they fit.
		var l string
		if strings.Contains(tt, "(v IN L") || strings.HasSuffix(tt, "a IN L") || strings.Contains(tt, "NOT a IN L") {
			l = nodes[i%len(nodes)]
		} else {
			l = values[i%len(values)]
		}
		queries = append(queries,
			"MATCH (a) WHERE "+strings.ReplaceAll(tt, "L", l)+" RETURN a.id",
			"MATCH (a) WITH a, "+l+" AS xs WHERE "+strings.ReplaceAll(tt, "L", "xs")+" RETURN a.id")
	}
	// Lists collected once by a first MATCH, tested per row.
	for _, c := range []string{
		"MATCH (d)-[:U]->(:A) WITH collect(DISTINCT d) AS ds",
		"MATCH (d:A)-[:T]->(e) WHERE e.w IS NULL WITH collect(d) AS ds",
		"MATCH (d)-[:U]->(d) WITH collect(d) AS ds",
	} {
		for _, w := range []string{"a IN ds", "NOT a IN ds", "NOT a IN ds AND a.w > 1", "a IN ds OR a.w IS NULL", "NOT (a IN ds OR a.w = 2)"} {
			queries = append(queries, c+" MATCH (a:B) WHERE "+w+" RETURN a.id", c+" MATCH (a)-[:T]->(:A) WHERE "+w+" RETURN a.id")
		}
	}
	// Null tests of variables a MATCH binds (folded) and of ones an
	// OPTIONAL MATCH or a projection may leave null (kept).
	queries = append(queries,
		"MATCH (a)-[:T]->(b) WHERE b IS NOT NULL AND a.w > 0 RETURN a.id, b.id",
		"MATCH (a)-[r:T]->(b) WHERE r IS NULL OR b IS NULL RETURN a.id",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, b WHERE b IS NULL RETURN a.id",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:T]->(b) WITH a, b WHERE b IS NOT NULL RETURN a.id, b.id",
		"MATCH (a) WITH a, CASE WHEN a.w = 1 THEN a END AS b WHERE b IS NOT NULL RETURN a.id",
		"MATCH (a)-[:T]->(b) WITH collect(b) AS bs UNWIND bs AS x MATCH (x)-[:U]->(y) RETURN count(DISTINCT y)",
		"MATCH (a)-[:T]->(b) WITH a, collect(b) AS bs UNWIND bs AS x WITH x WHERE x IS NOT NULL RETURN x.id",
	)
	fails := 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 24, 40+int(seed)*15)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.w = x.id % 3", nil)
		}
		for _, q := range queries {
			for _, v := range []any{nil, 1, 7} {
				p := map[string]any{"v": v}
				a, b := canonical(mustRun(t, planned, q, p)), canonical(mustRun(t, rows, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					fails++
					t.Errorf("seed %d, $v=%v: %s\n planned:  %v\n row mode: %v", seed, v, q, a, b)
				}
			}
		}
	}
	if fails > 0 {
		t.Logf("%d of %d cases disagree", fails, 3*3*len(queries))
	}
}
