package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// hopsByForms compare a variable-length path's length with a value
// bound before it (%[1]s is the comparison, with the path q).
var hopsByForms = []string{
	"MATCH (a:A), (b:B) MATCH p = (a)-[*1..3]-(b) WITH a, b, min(length(p)) AS d MATCH q = (a)-[*1..4]-(b) WHERE %[1]s RETURN a.id, b.id, d, count(q)",
	"MATCH (a:A) WITH a, a.id %% 4 AS d MATCH q = (a)-[:T*0..3]->(b) WHERE %[1]s RETURN a.id, b.id, d, count(*)",
	"MATCH (a:A) WITH a, CASE a.id %% 3 WHEN 0 THEN 2 WHEN 1 THEN 1.0 ELSE null END AS d MATCH q = (a)<-[rs*..3]-(b) WHERE %[1]s RETURN a.id, b.id, count(*)",
	"MATCH (a:A) UNWIND [1, 2, '2', 2.5, null] AS d MATCH q = (a)-->(x)-[*1..3]-(b:B) WHERE %[1]s RETURN a.id, b.id, d, count(*)",
	"MATCH q = (a:A)-[*..3]->(b) WHERE %[1]s RETURN a.id, b.id, count(*)",
}

// hopsByTests are comparisons of the path's length with the value.
var hopsByTests = []string{
	"length(q) = d", "length(q) <= d", "length(q) < d", "d < length(q)", "length(q) >= d", "d >= length(q)",
	"size(nodes(q)) = d + 1", "size(relationships(q)) > d", "length(q) <> d", "length(q) <= $k", "$k = length(q)",
	"length(q) > $k", "size(nodes(q)) <= $k AND length(q) >= d",
}

// TestHopsByValues checks hopsBy: a variable-length expansion bounded
// by a filter's comparison of its path's length with a bound value (a
// variable, a parameter; integers, floats, strings and nulls among the
// values) yields the rows of row mode, where the filter tests every
// trail, on random graphs with self-loops, parallel relationships and
// nulls.
func TestHopsByValues(t *testing.T) {
	failed, runs, bounded := 0, 0, 0
	for _, seed := range []uint64{5, 12} {
		dbs := planVariants(t, seed, 16, 40, plannedRowMode)
		r := rand.New(rand.NewPCG(seed, 15))
		for _, f := range hopsByForms {
			for _, c := range hopsByTests {
				if strings.Contains(f, "(a:A)-[*..3]->(b)") && strings.Contains(c, "d") {
					continue // no d there
				}
				q := strings.ReplaceAll(fmt.Sprintf(f, c), "%%", "%")
				params := map[string]any{"k": []any{int64(2), 1.5, "x", nil, int64(-1), int64(0)}[r.IntN(6)]}
				plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, params))
				if strings.Contains(plan, " hops ") {
					bounded++
				}
				runs++
				want := stepRun(t, dbs["row-mode"], q, params)
				if got := stepRun(t, dbs["planned"], q, params); got != want {
					failed++
					if failed <= 20 {
						t.Errorf("seed %d, $k = %v: %s\n got %s\nwant %s\nplan %s", seed, params["k"], q, got, want, plan)
					}
				}
			}
		}
	}
	t.Logf("%d of %d plans bound the expansion by a value", bounded, runs)
	if bounded < runs/2 {
		t.Errorf("only %d of %d plans bound the expansion: the test checks little of the rule", bounded, runs)
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
