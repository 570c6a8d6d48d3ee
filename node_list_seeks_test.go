package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestNodeListSeeksMatchFilters runs queries whose MATCH tests a node
// against a list bound before it (n IN list: a set seek of the list's
// nodes may start the pattern) on random graphs, and the same queries
// with the test written as any(x IN list WHERE x = n), which no rule
// reads as a seek, planned both ways and row by row with the written
// start: the rows must agree. The lists hold duplicates, nulls, values
// other than nodes, or no node at all.
func TestNodeListSeeksMatchFilters(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a:A) WHERE a.id < $x WITH collect(a) AS ns MATCH (b)-[:T]->(a) WHERE a IN ns RETURN a.id, b.id",
		"MATCH (a:A) WHERE a.id < $x WITH collect(a) AS ns MATCH (b)-[:T]->(c)-[:U]->(a) WHERE a IN ns RETURN count(*)",
		"MATCH (a:A)-->(b) WITH a, collect(b) AS ns MATCH (c)-[:T]->(d) WHERE d IN ns RETURN a.id, c.id, d.id",
		"MATCH (a:A) WITH collect(a) + collect(a) + [null, 1, 'x'] AS ns MATCH (b)<-[:U]-(a) WHERE a IN ns RETURN a.id, b.id",
		"MATCH (a:A) WITH collect(a.id) AS ns MATCH (b)<-[:U]-(a) WHERE a IN ns RETURN a.id, b.id",
		"MATCH (a:B) WHERE a.id > $x WITH collect(a) AS ns MATCH (a) WHERE a IN ns AND a.id % 2 = 0 RETURN a.id",
		"MATCH (a:A) WHERE a.id < $x WITH collect(a) AS ns MATCH (b:B) OPTIONAL MATCH (b)-[:T]->(a) WHERE a IN ns RETURN b.id, a.id",
		"MATCH (a:A) WHERE a.id > 1000 WITH collect(a) AS ns MATCH (b)-->(a) WHERE a IN ns RETURN count(*)",
	}
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := map[string]*DB{}
		for name, o := range map[string]*Options{"planned": nil, "written": {StartLast: true, RowModeOnly: true}} {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			randomGraph(t, db, seed, 40, 120)
			dbs[name] = db
		}
		for _, x := range []int{3, 20} {
			p := map[string]any{"x": x}
			for _, q := range queries {
				i := strings.Index(q, " IN ns")
				v := q[strings.LastIndex(q[:i], " ")+1 : i]
				ref := strings.Replace(q, v+" IN ns", "any(x IN ns WHERE x = "+v+")", 1)
				want := fmt.Sprint(canonical(mustRun(t, dbs["written"], ref, p)))
				for name, db := range dbs {
					for _, form := range []string{q, ref} {
						if got := fmt.Sprint(canonical(mustRun(t, db, form, p))); got != want {
							t.Errorf("seed %d, x=%d, %s: %s\n got  %s\n want %s", seed, x, name, form, got, want)
						}
					}
				}
			}
		}
	}
}
