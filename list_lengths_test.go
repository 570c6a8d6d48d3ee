package cyq

import (
	"fmt"
	"testing"
)

// TestListEstimatesMatchRowMode runs queries whose plans depend on the
// estimated length of a list (a pattern comprehension, a COLLECT { } with
// ORDER BY and LIMIT or an aggregating body, a comprehension of CASE
// lists unwound twice, comprehensions unwound through coalesce(nullIf(...,
// []), [null]) (an OPTIONAL MATCH chain written by hand), a CASE over a
// comprehension, two UNWINDs of one list paired by equality, a CASE of
// increasing-depth EXISTS) on random graphs with self-loops, parallel
// relationships and null properties, planned against row-by-row execution
// in written order: the rows must agree whatever order and operators the
// estimates chose.
func TestListEstimatesMatchRowMode(t *testing.T) {
	t.Parallel()
	sites := []string{
		"MATCH (a:A) UNWIND [(a)-[:T]->(b) WHERE b.k > 1 | b] AS b MATCH (b)-[:U|T]->(c) RETURN %s",
		"MATCH (a:A) UNWIND [(a)-[:T]->(b) | b] AS b MATCH (b)-[:U|T]->(c) WHERE c.k IS NULL RETURN %s",
		"MATCH (a:A) UNWIND COLLECT { MATCH (a)-[:T]->(b) WHERE b.k > 1 RETURN b ORDER BY b.id LIMIT 0 } AS b MATCH (b)-->(c) RETURN %s",
		"MATCH (a:A) UNWIND COLLECT { MATCH (a)-[:T]->(b) WHERE b.k > 1 RETURN b ORDER BY b.id LIMIT 1 } AS b MATCH (b)-->(c) RETURN %s",
		"MATCH (a:A) UNWIND COLLECT { MATCH (a)-[:T]->(b) RETURN b ORDER BY b.k DESC, b.id LIMIT 3 } AS b MATCH (b)-->(c) RETURN %s",
		"MATCH (a:A) UNWIND COLLECT { MATCH (a)-[:T|U]-(b) RETURN b ORDER BY b.id LIMIT 100 } AS b MATCH (b)-->(c) RETURN %s",
		"MATCH (a:A) UNWIND COLLECT { MATCH (a)-[:T]->(b) WITH b.k AS k, count(*) AS n WHERE n > 0 RETURN k ORDER BY k } AS k MATCH (c:B {k: k}) RETURN %s",
		"MATCH (a:A) WITH a, COLLECT { MATCH (a)-[:T|U]->(b) WITH b ORDER BY b.id RETURN b.k AS k } AS ks UNWIND ks AS k MATCH (c:B {k: k}) RETURN %s",
		"MATCH (a:A) UNWIND [(a)-->(b) | CASE WHEN b.k > 1 THEN [b] ELSE [] END] AS l UNWIND l AS b MATCH (b)<-[:T]-(c) RETURN %s",
		"MATCH (a:A) UNWIND [x IN [(a)-[:T]->(b) | b] WHERE x.k > 1 | x] AS b MATCH (b)<-[:U]-(c) RETURN %s",
		"MATCH (a:A) UNWIND coalesce(nullIf([(a)-[:T]->(b) WHERE b.k > 1 | b], []), [null]) AS b OPTIONAL MATCH (b)-[:U|T]->(c) RETURN %s",
		"MATCH (a:A) UNWIND coalesce(nullIf([(a)-[:T|U]-(b) | b], []), [null]) AS b UNWIND CASE WHEN b IS NULL THEN [null] ELSE coalesce(nullIf([(b)-[:T]->(c) WHERE c.k IS NOT NULL | c], []), [null]) END AS c RETURN %s",
		"MATCH (a:A) UNWIND reverse([(a)-[:T]->(b) | b])[0..2] AS b MATCH (b)-->(c) RETURN %s",
		"MATCH (a:A) WITH a, [(a)-[:T]-(b) | b.k] AS ks UNWIND CASE WHEN size(ks) = 0 THEN [null] ELSE ks END AS k MATCH (c:B) WHERE c.k = k RETURN %s",
		"UNWIND [1, 2, null, 2] AS x UNWIND [2, 1, 1.0, null] AS y WITH x, y WHERE x = y MATCH (a {k: x})-->(c) RETURN %s",
		"UNWIND $l AS x UNWIND $l AS y WITH x WHERE x = y MATCH (a {k: x})-->(c) RETURN %s",
		"UNWIND $l AS x UNWIND $l AS y WITH x, y WHERE x <> y MATCH (a {k: x})-->(c {k: y}) RETURN %s",
		"MATCH (a:A), (c:B) WHERE c.id < 12 WITH a, c, CASE WHEN EXISTS { (a)-->(c) } THEN 1 WHEN EXISTS { (a)-->()-->(c) } THEN 2 WHEN EXISTS { (a)-[:T]->()-->()-[:T|U]->(c) } THEN 3 END AS d WHERE d IS NOT NULL RETURN %s",
		"MATCH (a:A), (c:B) WHERE c.id < 12 WITH a, c, CASE WHEN (a)-[:T]->(c) THEN [1] WHEN (a)-[:T*2]->(c) THEN [2, 2] ELSE [] END AS ds UNWIND ds AS d RETURN %s",
	}
	consumers := []string{
		"count(*) AS n",
		"c.id AS c, count(*) AS n",
		"DISTINCT c.id AS c",
		"count(DISTINCT c) AS n, min(c.id) AS m",
	}
	params := []any{[]any{1, 1, nil, 2}, []any{}, []any{2, 1.0, 0}}
	cases := 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := map[string]*DB{}
		for name, o := range map[string]*Options{"planned": nil, "rows": {StartLast: true, RowModeOnly: true}} {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			randomGraph(t, db, seed, 36, 110)
			mustRun(t, db, "MATCH (x) SET x.k = CASE x.id % 5 WHEN 0 THEN null WHEN 1 THEN 1.0 ELSE x.id % 3 END", nil)
			dbs[name] = db
		}
		for _, site := range sites {
			for _, c := range consumers {
				q := fmt.Sprintf(site, c)
				for _, p := range params {
					args := map[string]any{"l": p}
					cases++
					want := fmt.Sprint(canonical(mustRun(t, dbs["rows"], q, args)))
					if got := fmt.Sprint(canonical(mustRun(t, dbs["planned"], q, args))); got != want {
						t.Errorf("seed %d, $l=%v: %s\n got  %s\n want %s", seed, p, q, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d cases", cases)
}
