package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCollectHeadsMatchRowMode generates lists collected after an ORDER
// BY and read through their first elements (collect(u)[..k], [i..j],
// [i], head()), with and without ties in the order, of values that may
// be null, after projections that may fail, grouped, DISTINCT, beside
// other aggregates, with the list also read whole or inside a subquery
// body, with a LIMIT already there, inside CALL { } and COLLECT { }.
// The planner cuts the sort to the first k rows where only they are read
// (planner/collect_heads.go); each query is compared with the same query
// planned row by row. Every order is total on the rows (it ends in a
// unique id): rows that tie come in the order a plan yields them, which
// differs between plans (as it does for ORDER BY ... LIMIT written out).
//
// 420 queries, 1,260 runs.
func TestCollectHeadsMatchRowMode(t *testing.T) {
	orders := []string{
		"ORDER BY d DESC, u.id", "ORDER BY u.k, u.id", "ORDER BY u.id DESC", "ORDER BY id(u)",
		"ORDER BY d, u.k DESC, u.id", "ORDER BY 6 / (u.id - 7), u.id", "ORDER BY u.k DESC, id(u) DESC",
	}
	degrees := []string{"COUNT { (u)-->() }", "COUNT { (u)<-[:T]-() }", "size([(u)--(x) | x])", "u.k"}
	values := []string{"u", "u.id", "u.k", "id(u)", "[u.id, d]", "d"}
	reads := []string{
		"%s[..3]", "%s[..1]", "%s[1..3]", "%s[2]", "%s[0]", "head(%s)", "%s[..0]", "%s[-2..]", "%s[..-1]",
		"size(%s[..2])", "%s[..2] + %s[3]", "%s[..2] AND size(%s) > 1", "%s[..$k]",
	}
	shapes := []string{
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs RETURN %[4]s AS r",
		"MATCH (u:A) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs WHERE size(xs[..1]) > 0 RETURN %[4]s AS r",
		"MATCH (u) OPTIONAL MATCH (u)-[:U]->(v) WITH u, v, %[1]s AS d %[2]s, v.id WITH collect(v) AS xs, collect(%[3]s) AS ys RETURN %[4]s AS r, ys[..2] AS s",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH u, d, 6 / (u.id - 5) AS z WITH collect(%[3]s) AS xs RETURN %[4]s AS r",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH u.id %% 2 AS g, collect(%[3]s) AS xs RETURN g, %[4]s AS r",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH collect(DISTINCT %[3]s) AS xs RETURN %[4]s AS r",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs, count(*) AS n RETURN %[4]s AS r, n",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs RETURN %[4]s AS r, size(xs) AS n",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs RETURN %[4]s AS r, COUNT { MATCH (w) WHERE w IN xs OR w.id IN xs } AS n",
		"MATCH (u) WITH u, %[1]s AS d %[2]s LIMIT 4 WITH collect(%[3]s) AS xs RETURN %[4]s AS r",
		"CALL { MATCH (u) WITH u, %[1]s AS d %[2]s RETURN collect(%[3]s) AS xs } RETURN %[4]s AS r",
		"MATCH (u) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs UNWIND [1, 2] AS y RETURN y, %[4]s AS r",
		"MATCH (a:B) RETURN a.id AS id, COLLECT { MATCH (a)-->(u) WITH u, %[1]s AS d %[2]s WITH collect(%[3]s) AS xs RETURN %[4]s AS r } AS r",
	}
	r := rand.New(rand.NewPCG(29, 3))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 420 {
		read := strings.ReplaceAll(reads[r.IntN(len(reads))], "%s", "xs")
		q := fmt.Sprintf(shapes[r.IntN(len(shapes))], degrees[r.IntN(len(degrees))], orders[r.IntN(len(orders))], values[r.IntN(len(values))], read)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	againstRowModeOnKeyedGraphs(t, queries, func(seed uint64) map[string]any {
		return map[string]any{"k": int(seed) % 3}
	})
}
