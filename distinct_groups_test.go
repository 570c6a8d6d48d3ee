package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// distinctGroupQueries generates a DISTINCT over grouping variables and
// one more, then an aggregation grouped by the grouping variables:
// `WITH DISTINCT g, v RETURN g, count(*)`, with v a node, a relationship
// or a property (null on some rows), bound by MATCH, OPTIONAL MATCH
// (null) or UNWIND (nulls, duplicates); count(*), count(v), count(DISTINCT
// v), several aggregates at once, no grouping key or two; and the near
// misses: a key that is an expression of a variable, not the variable,
// two variables left, sum and collect, a filter or an expression between,
// ORDER BY and LIMIT after.
func distinctGroupQueries(r *rand.Rand, n int) []string {
	matches := []string{
		"MATCH (a)-[r:T]->(b)", "MATCH (a:A)-[r]-(b)", "MATCH (a)-[r]->(b:B)",
		"MATCH (a:A) OPTIONAL MATCH (a)-[r:U]->(b)", "MATCH (a)-[r]->(b) WHERE a.k IS NULL OR b.k > 0",
	}
	vals := []string{"b", "b", "r", "b.k", "a", "b.k % 2"}
	groups := []string{"a", "a.k AS g", "b.k AS g", "a.id % 3 AS g", "labels(b) AS g", "type(r) AS g"}
	var out []string
	for len(out) < n {
		m := matches[r.IntN(len(matches))]
		v := vals[r.IntN(len(vals))]
		vn := "v"
		if !strings.Contains(v, " ") && !strings.Contains(v, ".") {
			vn = v
		} else {
			v += " AS v"
		}
		g := groups[r.IntN(len(groups))]
		gn := g
		if i := strings.Index(g, " AS "); i >= 0 {
			gn = g[i+4:]
		}
		if gn == vn {
			continue
		}
		aggs := []string{"count(*)", "count(" + vn + ")", "count(DISTINCT " + vn + ")"}
		agg := aggs[r.IntN(len(aggs))]
		if r.IntN(3) == 0 {
			agg += ", " + aggs[r.IntN(len(aggs))] + " AS n2"
		}
		switch r.IntN(10) {
		case 0:
			out = append(out, fmt.Sprintf("%s WITH DISTINCT %s RETURN count(*) AS n", m, v))
		case 1:
			out = append(out, fmt.Sprintf("%s WITH DISTINCT %s, %s RETURN %s, %s AS n ORDER BY n DESC, %s LIMIT 3", m, g, v, gn, agg, gn))
		case 2:
			// two grouping variables
			out = append(out, fmt.Sprintf("%s WITH DISTINCT a, %s, %s RETURN a, %s, %s AS n", m, g, v, gn, agg))
		case 3:
			// near miss: the key is an expression of the variable
			out = append(out, fmt.Sprintf("%s WITH DISTINCT a, %s RETURN a.id %% 2 AS h, %s AS n", m, v, agg))
		case 4:
			// near miss: two variables left
			out = append(out, fmt.Sprintf("%s WITH DISTINCT %s RETURN a, count(*) AS n", m,
				[]string{"a, b, r", "a, b.k % 2 AS v, b", "a, b, b.k AS v", "b, a, r"}[r.IntN(4)]))
		case 5:
			// near miss: aggregates that are not counts
			out = append(out, fmt.Sprintf("%s WITH DISTINCT %s, %s RETURN %s, %s AS n, size(collect(%s)) AS c", m, g, v, gn, []string{"sum(1)", "min(" + vn + ") IS NULL", "avg(0)"}[r.IntN(3)], vn))
		case 6:
			// near miss: a filter between
			out = append(out, fmt.Sprintf("%s WITH DISTINCT %s, %s WHERE %s IS NOT NULL RETURN %s, %s AS n", m, g, v, gn, gn, agg))
		case 7:
			// UNWIND: nulls and duplicates
			if r.IntN(3) == 0 {
				// near miss: two variables left, neither a function of the other
				out = append(out, fmt.Sprintf("UNWIND [1, 2, null, 2] AS x UNWIND [0, 1, 1] AS y UNWIND ['p', 'q'] AS z WITH DISTINCT %s RETURN x, %s AS n",
					[]string{"x, y, z", "y, z, x", "x, z, y"}[r.IntN(3)], []string{"count(y)", "count(z)", "count(*)"}[r.IntN(3)]))
				continue
			}
			out = append(out, fmt.Sprintf("UNWIND [1, 2, null, 2, 1, 3, null] AS x UNWIND [0, 1, 1, null] AS y WITH DISTINCT x, y RETURN %s, %s AS n",
				[]string{"x", "y"}[r.IntN(2)], []string{"count(*)", "count(x)", "count(y)", "count(DISTINCT x)"}[r.IntN(4)]))
		default:
			out = append(out, fmt.Sprintf("%s WITH DISTINCT %s, %s RETURN %s, %s AS n", m, g, v, gn, agg))
		}
	}
	return out
}

// TestDistinctGroupsMatchRowMode checks DISTINCT over the grouping
// variables and one more read as count(DISTINCT) grouped by them
// (planner/distinct_count.go) against row mode.
func TestDistinctGroupsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 5))
	queries := distinctGroupQueries(r, 300)
	againstRowModeOnKeyedGraphs(t, queries, func(uint64) map[string]any { return nil })
	// most of the generated queries are of the rewrite's kind
	dbs := planVariants(t, 1, 14, 38, plannedOnly)
	read := 0
	for _, q := range queries {
		plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, nil)
		if strings.Contains(plan, "count(DISTINCT") && !strings.Contains(plan, "Distinct ") {
			read++
		}
	}
	t.Logf("%d of %d queries read as count(DISTINCT) per group", read, len(queries))
	if read < len(queries)/4 {
		t.Errorf("only %d of %d queries read as count(DISTINCT) per group", read, len(queries))
	}
}
