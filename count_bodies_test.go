package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCountBodiesMatchRowMode generates COUNT { } subqueries whose
// bodies return rows whose number depends on their multiplicity: chains
// that reach one node by several paths (parallel relationships,
// self-loops, two MATCH clauses, OPTIONAL MATCH, UNWIND of repeated
// values), returned as they are, DISTINCT, through WITH DISTINCT, by a
// property, or as UNION against UNION ALL of two branches; in outer
// projections, WHEREs, sums and CASE. They are compared with the same
// queries planned row by row. A body told that duplicate rows do not
// matter (as an EXISTS body is) counts distinct rows or ends instead of
// rows (see planner/subquery_rules.go).
func TestCountBodiesMatchRowMode(t *testing.T) {
	t.Parallel()
	firsts := []string{
		"MATCH (a)-[:T]->(b)",
		"MATCH (a)-->(b)",
		"MATCH (a)-[:T|U]->(m)<-[:T]-(b)",
		"MATCH (a)<--(m)-->(b)",
		"MATCH (a)-[:T*1..2]->(b)",
		"MATCH (b)-[:U]->(a)",
	}
	seconds := []string{
		"",
		"",
		" MATCH (b)-->(c)",
		" MATCH (b)<-[:T]-(c)",
		" OPTIONAL MATCH (b)-[:U]->(c)",
		" UNWIND [1, 1] AS u",
		" UNWIND [1, 2] AS u WITH b, u WHERE u > b.id % 2",
		" WHERE b.k IS NOT NULL",
	}
	returns := []string{
		"RETURN %s",
		"RETURN DISTINCT %s",
		"WITH DISTINCT %s AS z RETURN z",
		"RETURN %s.k AS v",
		"RETURN DISTINCT %s.k AS v",
		"WITH %s, count(*) AS c RETURN %[1]s",
		"RETURN %s UNION MATCH (a)-[:U]->(y) RETURN y AS %[1]s",
		"RETURN %s UNION ALL MATCH (a)-[:U]->(y) RETURN y AS %[1]s",
		"RETURN %s UNION ALL MATCH (a)-->(y) RETURN y AS %[1]s",
		"RETURN %s UNION MATCH (a)-->(y)<--(w) RETURN w AS %[1]s",
	}
	places := []string{
		"MATCH (a) RETURN a.id AS id, COUNT { %s } AS n",
		"MATCH (a) WHERE COUNT { %s } > 2 RETURN a.id AS id",
		"MATCH (a:A) RETURN sum(COUNT { %s }) AS n",
		"MATCH (a) RETURN a.id AS id, CASE WHEN COUNT { %s } >= 3 THEN 'many' ELSE 'few' END AS n",
		"MATCH (a) WITH a, COUNT { %s } AS n WHERE n <> 1 RETURN a.id AS id, n",
	}
	r := rand.New(rand.NewPCG(14, 9))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 300 {
		second := seconds[r.IntN(len(seconds))]
		col := "b"
		if strings.Contains(second, "(c)") && r.IntN(2) == 0 {
			col = "c"
		}
		ret := returns[r.IntN(len(returns))]
		if col == "c" && strings.Contains(second, "OPTIONAL") && strings.Contains(ret, ".k") {
			col = "b"
		}
		body := firsts[r.IntN(len(firsts))] + second + " " + fmt.Sprintf(ret, col)
		q := fmt.Sprintf(places[r.IntN(len(places))], body)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	fails, cases := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			randomGraph(t, db, seed, 14, 30+int(seed)*8)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			cases++
			got, want := outcome(planned, q, nil), outcome(rows, q, nil)
			if got != want {
				fails++
				if fails <= 20 {
					t.Errorf("seed %d: %s\n planned:  %s\n row mode: %s", seed, q, got, want)
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases disagree", fails, cases)
	}
	t.Logf("%d queries, %d cases", len(queries), cases)
}
