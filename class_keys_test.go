package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// classKeyQueries generates aggregations over the rows of one hop from a
// bound node grouped by keys that read the hop's far node or
// relationship: label tests (m:A, m:A|B, NOT m:C, 'A' IN labels(m)), the
// relationship's type and direction (type(r), startNode(r) = a, r:R), CASE
// and comparisons of those, values that are null on some classes,
// together with keys of the bound node and none, under count(*),
// count(), sum() of class values and the aggregates the rewrite must
// leave alone; with filters of the same kind, far-node labels in the
// pattern, OPTIONAL MATCH, DISTINCT, ORDER BY and LIMIT, a WITH after,
// CALL { } bodies; and the near misses: keys of the far node's
// properties, its label list, the node itself, labels(a), a property of
// the relationship, a float or a parameter in the key.
func classKeyQueries(r *rand.Rand, n int) []string {
	keys := []string{
		"m:A", "m:A|B", "NOT m:C", "m:A&!B", "'A' IN labels(m)", "'B' IN labels(m) AND m:C", "'Q' IN labels(m)",
		"type(r)", "type(r) = 'R'", "r:S|T", "startNode(r) = a", "endNode(r) = a", "m = a",
		"CASE WHEN m:A THEN 'a' WHEN m:B THEN 'b' ELSE 'other' END", "CASE WHEN 'C' IN labels(m) THEN 1 END",
		"CASE type(r) WHEN 'R' THEN 10 WHEN 'S' THEN 20 END", "toInteger(m:B) + 2 * toInteger(type(r) = 'T')",
		"CASE WHEN m:A THEN null ELSE m:B END", "[m:A, type(r)][0]",
	}
	misses := []string{"m.k % 2", "labels(m)", "m", "labels(a)", "r.w", "CASE WHEN m:A THEN 1.5 ELSE 2 END", "CASE WHEN m:A THEN $c END", "'A' IN labels(a)", "elementId(m) IS NULL",
		"m:B AND 'A' IN labels(a)", "CASE WHEN m:C THEN 'B' IN labels(a) END", "'A' IN labels(m) = ('A' IN labels(a))"}
	key := func() string {
		if r.IntN(8) == 0 {
			return misses[r.IntN(len(misses))]
		}
		return keys[r.IntN(len(keys))]
	}
	aggs := []string{"count(*)", "count(*)", "count(m)", "count(r)", "sum(toInteger(m:A))", "count(CASE WHEN type(r) = 'R' THEN 1 END)",
		"sum(CASE WHEN m:B THEN 2 ELSE -1 END)", "sum(CASE WHEN startNode(r) = a THEN 1 END)"}
	missAggs := []string{"count(CASE WHEN 'A' IN labels(a) THEN m END)", "count(DISTINCT m)", "collect(type(r))[0] IS NULL", "min(toInteger(m:C))", "avg(toInteger(m:A))", "sum(r.w)"}
	agg := func() string {
		if r.IntN(6) == 0 {
			return missAggs[r.IntN(len(missAggs))]
		}
		return aggs[r.IntN(len(aggs))]
	}
	wheres := []string{"", "", "", "", " WHERE m:A OR type(r) = 'S'", " WHERE NOT m:C", " WHERE startNode(r) = a", " WHERE m <> a", " WHERE r.w > 0", " WHERE 'B' IN labels(m)"}
	dirs := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}
	types := []string{"", "", ":R", ":R|S", ":S|T"}
	ends := []string{"m", "m", "m", "m:A", "m:B|C", "m:!C"}
	var out []string
	for len(out) < n {
		d := dirs[r.IntN(len(dirs))]
		hop := "(a)" + d[0] + "[r" + types[r.IntN(len(types))] + "]" + d[1] + "(" + ends[r.IntN(len(ends))] + ")"
		where := wheres[r.IntN(len(wheres))]
		k1, k2, a1, a2 := key(), key(), agg(), agg()
		switch r.IntN(9) {
		case 0:
			out = append(out, fmt.Sprintf("MATCH (a:N {k: %d}) MATCH %s%s RETURN %s AS g, %s AS x", r.IntN(30), hop, where, k1, a1))
		case 1:
			out = append(out, fmt.Sprintf("MATCH (a:N) MATCH %s%s RETURN a.k %% 3 AS h, %s AS g, %s AS x, %s AS y", hop, where, k1, a1, a2))
		case 2:
			out = append(out, fmt.Sprintf("MATCH (a:N) WHERE a.k < 12 MATCH %s%s RETURN %s AS g, %s AS g2, %s AS x", hop, where, k1, k2, a1))
		case 3:
			out = append(out, fmt.Sprintf("MATCH (a:N) MATCH %s%s RETURN %s AS g, count(*) AS n", hop, where, k1))
		case 4:
			out = append(out, fmt.Sprintf("MATCH (a:N) WHERE a.k >= 20 OPTIONAL MATCH %s%s RETURN a.k AS h, %s AS g, %s AS x", hop, where, k1, a1))
		case 5:
			out = append(out, fmt.Sprintf("MATCH (a:N) CALL { WITH a MATCH %s%s RETURN %s AS g, %s AS x } RETURN a.k AS h, g, x", hop, where, k1, a1))
		case 6:
			out = append(out, fmt.Sprintf("MATCH (a:N) MATCH %s%s WITH a, %s AS g, %s AS x WHERE x > 1 RETURN a.k AS h, g, x ORDER BY h, g, x LIMIT 9", hop, where, k1, a1))
		case 7:
			out = append(out, fmt.Sprintf("MATCH (a:N) MATCH %s%s RETURN DISTINCT %s AS g", hop, where, k1))
		default:
			// written from the far end: the hop turns around for a
			// grouping by the node it reaches
			out = append(out, fmt.Sprintf("MATCH (m)-[r]->(a:N) RETURN a.k AS h, %s AS g, %s AS x", k1, a1))
		}
	}
	return out
}

// TestClassKeysMatchRowMode checks aggregations grouped by keys that take
// one value per class of a hop's rows, read as one row per part of the
// classes over degree reads (planner/class_keys.go), against row mode on
// two random graphs with self-loops, parallel relationships and nodes of
// several labels.
func TestClassKeysMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 3))
	queries := classKeyQueries(r, 500)
	runs, failed, read := 0, 0, 0
	params := map[string]any{"c": 2}
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := classDegreeGraph(t, seed)
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			if seed == 1 {
				// the parts unwound, or in a CALL { } body's summary
				plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, params)
				if strings.Contains(plan, "Unwind [[") || strings.Contains(plan, "Degree > Unwind > Filter > Aggregate") {
					read++
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs, %d read as parts of classes", len(queries), runs, read)
	if read < len(queries)/4 {
		t.Errorf("only %d of %d queries read as parts of classes", read, len(queries))
	}
}
