package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
)

func mustRun(t testing.TB, db *DB, q string, params map[string]any) [][]value.Value {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	all, err := rows.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return all
}

func canonical(rows [][]value.Value) []string { return canonicalOrdered(rows, nil) }

// canonicalOrdered is canonical with the lists of the columns whose list
// order is observable (ordered[j], see observableListOrder) compared in
// order; a nil ordered compares every top-level list as a multiset.
func canonicalOrdered(rows [][]value.Value, ordered []bool) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		parts := make([]string, len(r))
		for j, v := range r {
			if l, ok := v.(value.List); ok && (j >= len(ordered) || !ordered[j]) {
				// Collected lists come in execution order; compare as multisets.
				items := make([]string, len(l))
				for k, e := range l {
					items[k] = value.Format(e)
				}
				sort.Strings(items)
				parts[j] = "[" + strings.Join(items, ",") + "]"
				continue
			}
			parts[j] = value.Format(v)
		}
		out[i] = strings.Join(parts, "|")
	}
	sort.Strings(out)
	return out
}

// TestSetModeMatchesRowMode runs queries that the planner executes set at a
// time and compares them with the row-at-a-time plans of the same queries.
func TestSetModeMatchesRowMode(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a {id: $x})-[*1..3]->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[*0..2]->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[:T*1..2]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[*1..3]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})<-[:U*..3]-(b:A) RETURN DISTINCT b.id",
		"MATCH (a {id: $x})-->(b) RETURN DISTINCT b.id",
		"MATCH (a {id: $x})-->()-->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})--()--(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[:T]->()<-[:T]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a:A)-[*1..2]->(b:B) RETURN a.id, count(DISTINCT b) ORDER BY a.id",
		"MATCH (a:A)-->()-->(b) RETURN a.id, min(b.id), max(b.id)",
		"MATCH (a)-->(b)-->(c)-->(a) RETURN count(*)",
		"MATCH (a:A)-[:T]->(b)<-[:U]-(c)-[:T]->(a) RETURN a.id, count(*) ORDER BY a.id",
		"MATCH (a {id: $x})<--(b)<--(c)<--(a) RETURN count(*)",
		// Sets from several start nodes go into one count(DISTINCT) (their union).
		"MATCH (a:A)-[*1..2]->(b) RETURN count(DISTINCT b)",
		"MATCH (a:A)-->()-->(b) RETURN count(DISTINCT b) AS n, count(DISTINCT b) AS again",
		// Named but unused variables, relationship lists and paths: the
		// required-properties analysis, not the names, decides.
		"MATCH (a {id: $x})-->(m)-->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[r]-(m)-[s]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[:T*2]->(b) RETURN DISTINCT b.id",
		"MATCH (a {id: $x})-[*2]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[rs*1..3]->(b) RETURN count(DISTINCT b)",
		"MATCH p = (a {id: $x})-[*1..3]-(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x}), (b {id: 2}) MATCH (a)-[r:T]->(m)<-[s:T]-(b) RETURN collect(DISTINCT m.id)",
		"MATCH (a {id: $x})-[*1..2]->(m) MATCH (m)-->(b) WITH DISTINCT b RETURN count(b)", // two MATCHes: no uniqueness across them
		"MATCH (a {id: $x})-[*1..2]->(b) RETURN b.id UNION MATCH (a {id: $x})<--(b) RETURN b.id",
		"MATCH (a:A) OPTIONAL MATCH (a)-[*1..2]->(b:B) RETURN a.id, count(DISTINCT b)",
		// Existence tests from a bound node become set expansions (semi-joins).
		"MATCH (a {id: $x}), (c:B) WHERE EXISTS { (a)-->()-->(c) } RETURN count(c)",
		"MATCH (a {id: $x}), (c) WHERE (c)<-[:T*1..2]-(a) AND c.id > 3 RETURN collect(c.id)",
		"MATCH (a {id: $x}), (c:A) WHERE EXISTS { (c)-[:T]-()-[:U]->(a) } RETURN c.id",
		"MATCH (a:A), (c:B) WHERE EXISTS { (a)-[*2]-(c) } RETURN a.id, count(c)",
		"MATCH (a {id: $x}), (c) WHERE EXISTS { (a)-->(c) } RETURN c.id",
		// WITH DISTINCT b RETURN count(b) is count(DISTINCT b).
		"MATCH (a {id: $x})-[r]->(m)-[s]->(b) WITH DISTINCT b RETURN count(b)",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:U*1..2]->(b) WITH DISTINCT b RETURN count(b), count(DISTINCT b)",
		// NOT: the candidates minus the pattern's end nodes (anti-joins).
		"MATCH (a {id: $x}), (c:B) WHERE NOT EXISTS { (a)-->()-->(c) } RETURN count(c)",
		"MATCH (a {id: $x}), (c) WHERE NOT (c)<-[:T*0..2]-(a) AND c.id > 3 RETURN collect(c.id)",
		"MATCH (a:A), (c:A) WHERE NOT EXISTS { (a)-[:U]-(c) } RETURN a.id, count(c)",
		"MATCH (a {id: $x}) OPTIONAL MATCH (a)-->(m:A) WITH m MATCH (c:B) WHERE NOT (m)-->(c) RETURN count(c)",
		// Trails of fixed hops and lengths from 2 up: walks set at a time,
		// the ends near the start checked for a trail.
		"MATCH (a {id: $x})-->()-->()-->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})--()--()--(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:T]->()<-[:U]-()-[]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})--()-->()<--()--(b) RETURN count(DISTINCT b)",
		"MATCH (a:A)-[:T]-()-[:T]-()-[:U]-(b) RETURN a.id, count(DISTINCT b) ORDER BY a.id",
		"MATCH (a {id: $x})-[*2..3]->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[*2..4]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:T*3]-(b) RETURN count(DISTINCT b)",
		"MATCH (a:A)<-[*2..3]-(b) WITH DISTINCT a, b RETURN a.id, count(b) ORDER BY a.id",
		// Uniqueness written out across MATCH clauses.
		"MATCH (a {id: $x})-[r1]-(m) MATCH (m)-[r2]-(b) WHERE r1 <> r2 RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[r1]->(m) MATCH (b)<-[r3]-()<-[r2]-(m) WHERE NOT r2 = r1 AND id(r3) <> id(r1) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[r1]-(m) MATCH (m)-[r2]-(b) WHERE r1 <> r2 WITH b, count(*) AS n RETURN count(*)",
	}
	type graphShape struct{ n, m int }
	shapes := map[string]graphShape{}
	// Unbounded lengths: row mode enumerates every trail, so keep the graph sparse.
	for _, q := range []string{
		"MATCH (a {id: $x})-[*]->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})-[:T*2..]->(b) RETURN count(DISTINCT b)",
	} {
		queries = append(queries, q)
		shapes[q] = graphShape{25, 30}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		set, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		row, err := Open("", &Options{RowModeOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		randomGraph(t, set, seed, 40, 120)
		randomGraph(t, row, seed, 40, 120)
		sparseSet, _ := Open("", nil)
		sparseRow, _ := Open("", &Options{RowModeOnly: true})
		randomGraph(t, sparseSet, seed, 25, 30)
		randomGraph(t, sparseRow, seed, 25, 30)
		// Planned in written order, with the set rewrites.
		written, _ := Open("", &Options{StartLast: true})
		sparseWritten, _ := Open("", &Options{StartLast: true})
		randomGraph(t, written, seed, 40, 120)
		randomGraph(t, sparseWritten, seed, 25, 30)
		for _, q := range queries {
			set, row, written := set, row, written
			if _, sparse := shapes[q]; sparse {
				set, row, written = sparseSet, sparseRow, sparseWritten
			}
			for _, x := range []int{0, 1, 7, 24} {
				p := map[string]any{"x": x}
				a, b := canonical(mustRun(t, set, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d, x=%d: %s\n set mode: %v\n row mode: %v", seed, x, q, a, b)
				}
			}
			plan := mustRun(t, set, "EXPLAIN "+q, nil)[0][0].(value.String)
			if !setMode(string(plan)) && !strings.Contains(q, "2..") {
				// A clause order the written one is not may cost less
				// in rows than the set plan of the written order: the
				// set plan must exist and cost more.
				chosen, err1 := set.Compile(q)
				asWritten, err2 := written.Compile(q)
				if err1 != nil || err2 != nil || !setMode(asWritten.Plan.Explain()) || chosen.Cost >= asWritten.Cost {
					t.Errorf("%s: expected a set-mode plan, or one cheaper than the written order's set plan, got\n%s", q, plan)
				}
			}
		}
		set.Close()
		row.Close()
		sparseSet.Close()
		sparseRow.Close()
		written.Close()
		sparseWritten.Close()
	}
}

// setMode reports whether an EXPLAIN tree runs some step set at a time.
func setMode(plan string) bool {
	return strings.Contains(plan, "mode=set") || strings.Contains(plan, "set intersections")
}

// TestIndexSeekMatchesScan compares plans that seek a property index with
// the same queries before the index exists.
func TestIndexSeekMatchesScan(t *testing.T) {
	t.Parallel()
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 9, 60, 100)
	queries := []string{
		"MATCH (a:A {id: $x}) RETURN a.id",
		"MATCH (a:A) WHERE a.id = $x RETURN a.id",
		"MATCH (a:A)-->(b) WHERE a.id = $x AND b.id > 3 RETURN b.id",
		"MATCH (b)<--(a:A {id: $x}) RETURN count(*)",
		"MATCH (a:A {id: toFloat($x)}) RETURN a.id",
		// every spelling of an equality or membership seeks
		"MATCH (a:A) WHERE $x = a.id RETURN a.id",
		"MATCH (a:A) WHERE a.id IN [$x] RETURN a.id",
		"MATCH (a) WHERE a:A AND a.id = $x RETURN a.id",
		"MATCH (a:A) WHERE a.id IN [$x, 6, 9, null] RETURN a.id",
		"MATCH (a:A) WHERE any(i IN [$x, 6, 9] WHERE a.id = i) RETURN a.id",
		"MATCH (a:A) WHERE a.id = $x OR a.id = 12 OR 15 = a.id RETURN a.id",
		// ranges and prefixes
		"MATCH (a:A) WHERE a.id > $x AND a.id <= 30 RETURN a.id",
		"MATCH (a:A) WHERE $x < a.id RETURN count(*)",
		"MATCH (a:A) WHERE 6 <= a.id < $x * 5 RETURN a.id",
		"MATCH (a:A) WHERE a.id >= toFloat($x) + 0.5 RETURN a.id",
		"MATCH (a:A)-->(b) WHERE a.id >= $x RETURN count(*)",
		"MATCH (a:A) WHERE a.id < 'x' RETURN a.id",
		"MATCH (a:A) WHERE a.name STARTS WITH 'n1' RETURN a.name",
		"MATCH (a:A) WHERE a.name STARTS WITH '' RETURN count(*)",
		"MATCH (a:A) WHERE a.name STARTS WITH toString($x) RETURN a.name",
		"MATCH (a:A) WHERE a.name STARTS WITH $x RETURN a.name",
		"MATCH (a:A) WHERE a.name > 'n3' RETURN a.name",
	}
	mustRun(t, db, "MATCH (a:A) WHERE a.id % 2 = 0 SET a.name = 'n' + toString(a.id)", nil)
	mustRun(t, db, "MATCH (a:A) WHERE a.id % 2 = 1 SET a.name = a.id", nil)
	before := map[string][]string{}
	for _, q := range queries {
		before[q] = canonical(mustRun(t, db, q, map[string]any{"x": 3}))
	}
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.name)", nil)
	for _, q := range queries {
		if got := canonical(mustRun(t, db, q, map[string]any{"x": 3})); fmt.Sprint(got) != fmt.Sprint(before[q]) {
			t.Errorf("%s: with index %v, without %v", q, got, before[q])
		}
		plan := string(mustRun(t, db, "EXPLAIN "+q, nil)[0][0].(value.String))
		if !strings.Contains(plan, "index seek") && !strings.Contains(plan, "index range") {
			t.Errorf("%s: expected an index seek, got\n%s", q, plan)
		}
	}
}

// TestShortestPathMatchesEnumeration compares the breadth-first search with
// an enumeration of every trail: the shortest path's length is the
// minimum trail length, and allShortestPaths returns exactly the trails of
// that length.
func TestShortestPathMatchesEnumeration(t *testing.T) {
	t.Parallel()
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 5, 25, 45)
	for _, dir := range []string{"->", "-"} {
		for x := 0; x < 25; x += 3 {
			for y := 1; y < 25; y += 4 {
				p := map[string]any{"x": x, "y": y}
				if x == y {
					continue
				}
				brute := mustRun(t, db, "MATCH p = (a {id: $x})-[*1..5]"+dir+"(b {id: $y}) WITH length(p) AS l, p ORDER BY l WITH collect([l, [n IN nodes(p) | n.id]]) AS ps WITH ps, ps[0][0] AS best RETURN best, [x IN ps WHERE x[0] = best | x[1]] AS paths", p)
				one := mustRun(t, db, "MATCH p = shortestPath((a {id: $x})-[*..5]"+dir+"(b {id: $y})) RETURN length(p)", p)
				every := mustRun(t, db, "MATCH p = allShortestPaths((a {id: $x})-[*..5]"+dir+"(b {id: $y})) RETURN [n IN nodes(p) | n.id]", p)
				best := brute[0][0]
				if value.IsNull(best) {
					if len(one) != 0 || len(every) != 0 {
						t.Errorf("%d%s%d: no trail, but shortestPath found %v", x, dir, y, one)
					}
					continue
				}
				if len(one) != 1 || value.Equal(one[0][0], best) != value.True {
					t.Errorf("%d%s%d: shortestPath length %v, enumeration %v", x, dir, y, one, best)
				}
				var got []value.Value
				for _, r := range every {
					got = append(got, r[0])
				}
				// Distinct node sequences: parallel relationships make several
				// trails with the same nodes.
				want := map[string]bool{}
				for _, l := range brute[0][1].(value.List) {
					want[value.Format(l)] = true
				}
				have := map[string]bool{}
				for _, g := range got {
					have[value.Format(g)] = true
				}
				if fmt.Sprint(sortedKeys(want)) != fmt.Sprint(sortedKeys(have)) {
					t.Errorf("%d%s%d: allShortestPaths %v, enumeration %v", x, dir, y, sortedKeys(have), sortedKeys(want))
				}
			}
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestSubqueries checks EXISTS, COUNT and COLLECT subqueries and CALL { }
// (correlated, uncorrelated, with aggregation and sorting inside and
// outside, and unit subqueries that write).
func TestSubqueries(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRun(t, db, "CREATE (a:P {n: 'a'})-[:K]->(b:P {n: 'b'})-[:K]->(c:P {n: 'c'}), (a)-[:K]->(c)", nil)
	cases := []struct{ query, want string }{
		{"MATCH (p:P) WHERE EXISTS { MATCH (p)-[:K]->(q) WHERE q.n = 'c' RETURN q } RETURN p.n ORDER BY p.n", "['a'] ['b']"},
		{"MATCH (p:P) RETURN p.n, COUNT { MATCH (p)-[:K]->() } AS out ORDER BY p.n", "['a', 2] ['b', 1] ['c', 0]"},
		{"MATCH (p:P) RETURN p.n, COLLECT { MATCH (p)-[:K]->(q) RETURN q.n ORDER BY q.n } AS outs ORDER BY p.n", "['a', ['b', 'c']] ['b', ['c']] ['c', []]"},
		{"MATCH (p:P) CALL { WITH p MATCH (p)-[:K]->(q) RETURN count(q) AS k } RETURN p.n, k ORDER BY p.n", "['a', 2] ['b', 1] ['c', 0]"},
		{"MATCH (p:P) CALL (p) { MATCH (p)-[:K]->(q) RETURN q.n AS m ORDER BY m DESC LIMIT 1 } RETURN p.n, m ORDER BY p.n", "['a', 'c'] ['b', 'c']"},
		{"CALL { MATCH (p:P) RETURN p.n AS name ORDER BY name DESC LIMIT 2 } RETURN collect(name)", "[['c', 'b']]"},
		{"MATCH (p:P) CALL (p) { CREATE (:Log {of: p.n}) } RETURN count(*)", "[3]"},
		{"MATCH (l:Log) RETURN l.of ORDER BY l.of", "['a'] ['b'] ['c']"},
	}
	for _, c := range cases {
		var got []string
		for _, r := range mustRun(t, db, c.query, nil) {
			got = append(got, value.Format(value.List(r)))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.query, strings.Join(got, " "), c.want)
		}
	}
}

// TestSetSeekAndHashedIn compares plans that start from an IN list (a
// semi-join) with the same queries written so the planner cannot (an OR
// with false), and hashed IN with the equivalent quantifier.
func TestSetSeekAndHashedIn(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 11, 60, 150)
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	ids := []any{}
	for _, r := range mustRun(t, db, "MATCH (n) WHERE n.id % 4 = 1 RETURN elementId(n)", nil) {
		ids = append(ids, string(r[0].(value.String)))
	}
	ids = append(ids, "n:999999", "bogus", nil)
	xs := []any{0, 3, 6, 7, 9, 30, 33, 57, 58, 3.0, "6", nil}
	p := map[string]any{"ids": ids, "xs": xs}
	pairs := [][2]string{
		{"MATCH (a) WHERE elementId(a) IN $ids RETURN a.id", "MATCH (a) WHERE elementId(a) IN $ids OR false RETURN a.id"},
		{"MATCH (a)-->(b) WHERE elementId(b) IN $ids RETURN a.id, b.id", "MATCH (a)-->(b) WHERE elementId(b) IN $ids OR false RETURN a.id, b.id"},
		{"MATCH (a:A) WHERE a.id IN $xs RETURN a.id", "MATCH (a:A) WHERE a.id IN $xs OR false RETURN a.id"},
		{"MATCH (a:A)-[:T]->(b) WHERE a.id IN $xs RETURN a.id, count(b)", "MATCH (a:A)-[:T]->(b) WHERE a.id IN $xs OR false RETURN a.id, count(b)"},
		// id(v) = x and elementId(v) = x seek the one node named.
		{"MATCH (a), (b) WHERE id(a) = $one AND elementId(b) = $two RETURN a.id, b.id", "MATCH (a), (b) WHERE (id(a) = $one AND elementId(b) = $two) OR false RETURN a.id, b.id"},
		{"MATCH (a)-->(b) WHERE $one = id(b) RETURN a.id", "MATCH (a)-->(b) WHERE $one = id(b) OR false RETURN a.id"},
	}
	first, second := mustRun(t, db, "MATCH (n) RETURN id(n) ORDER BY id(n) LIMIT 2", nil), mustRun(t, db, "MATCH (n) RETURN elementId(n) ORDER BY id(n) SKIP 5 LIMIT 1", nil)
	p["one"], p["two"] = first[1][0], string(second[0][0].(value.String))
	for _, pr := range pairs {
		a, b := canonical(mustRun(t, db, pr[0], p)), canonical(mustRun(t, db, pr[1], p))
		if fmt.Sprint(a) != fmt.Sprint(b) || len(a) == 0 {
			t.Errorf("%s\n seek: %v\n scan: %v", pr[0], a, b)
		}
		plan := string(mustRun(t, db, "EXPLAIN "+pr[0], nil)[0][0].(value.String))
		if !strings.Contains(plan, "NodeSetSeek") {
			t.Errorf("%s: expected a set seek:\n%s", pr[0], plan)
		}
	}
	// Hashed IN (long lists) against any(): equal three-valued results.
	long := []any{}
	for i := 0; i < 40; i++ {
		long = append(long, i*3)
	}
	for _, l := range [][]any{long, append(append([]any{}, long...), nil), append(append([]any{}, long...), []any{1, nil}, "x", 1.5)} {
		q := "UNWIND $xs AS x RETURN x, x IN $l AS a, any(y IN $l WHERE y = x) AS b"
		for _, r := range mustRun(t, db, q, map[string]any{"xs": xs, "l": l}) {
			if value.Format(r[1]) != value.Format(r[2]) {
				t.Errorf("x=%s: IN gives %s, any() gives %s (list %v)", value.Format(r[0]), value.Format(r[1]), value.Format(r[2]), l[len(l)-1])
			}
		}
	}
}

// TestJoinOrdersAgree runs multi-hop patterns planned from their cheapest
// node and from their last node, in row mode and set mode, and compares.
func TestJoinOrdersAgree(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a:A)-[:T]->(b)-[:U]->(c:B) RETURN a.id, b.id, c.id",
		"MATCH (a:A)-->(b)<--(c) WHERE a.id < 20 RETURN a.id, c.id",
		"MATCH (a)-[r1]->(b)-[r2]-(c) WHERE a.id = 3 RETURN b.id, c.id, r1 = r2",
		"MATCH (a:A)-->(b), (b)-->(c:A) RETURN count(*)",
		"MATCH p = (a:B)-[*1..2]->(b:A) RETURN a.id, b.id, length(p)",
		"MATCH (a)-->(b)-->(c)-->(a) RETURN a.id, b.id, c.id",
		"MATCH (a:A)-[:T]->(b) OPTIONAL MATCH (b)-[:U]->(c:A) RETURN a.id, b.id, c.id",
		"MATCH (a)-->(b) WHERE a.id IN [1, 2, 3, 5, 8] AND b.id > a.id RETURN a.id, b.id",
	}
	dbs := planVariants(t, 21, 30, 90, map[string]*Options{
		"cheapest":      nil,
		"last":          {StartLast: true},
		"last,row-mode": {StartLast: true, RowModeOnly: true},
	})
	for _, q := range queries {
		want := canonical(mustRun(t, dbs["cheapest"], q, nil))
		for name, db := range dbs {
			if got := canonical(mustRun(t, db, q, nil)); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: %s plan gives %v, cheapest plan %v", q, name, got, want)
			}
		}
		a := string(mustRun(t, dbs["cheapest"], "EXPLAIN "+q, nil)[0][0].(value.String))
		b := string(mustRun(t, dbs["last"], "EXPLAIN "+q, nil)[0][0].(value.String))
		if a == b && !strings.Contains(q, "OPTIONAL") {
			t.Logf("%s: both plans are the same:\n%s", q, a)
		}
	}
}

// TestDegreeExistsMatchesEnumeration compares existence predicates and
// COUNT subqueries answered from stored degrees with the same predicates
// written so they must enumerate (a far node that is always true to match).
func TestDegreeExistsMatchesEnumeration(t *testing.T) {
	t.Parallel()
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 13, 40, 70)
	pairs := [][2]string{
		{"MATCH (n) WHERE (n)-->() RETURN n.id", "MATCH (n) WHERE EXISTS { (n)-->(m) WHERE m.id >= 0 } RETURN n.id"},
		{"MATCH (n) WHERE NOT (n)<-[:T]-() RETURN n.id", "MATCH (n) WHERE NOT EXISTS { (n)<-[:T]-(m) WHERE m.id >= 0 } RETURN n.id"},
		{"MATCH (n) WHERE EXISTS { (n)-[:U]-() } RETURN n.id", "MATCH (n) WHERE EXISTS { (n)-[:U]-(m) WHERE m.id >= 0 } RETURN n.id"},
		{"MATCH (n) RETURN n.id, COUNT { (n)-->() } AS c", "MATCH (n) RETURN n.id, COUNT { (n)-->(m) WHERE m.id >= 0 } AS c"},
		{"MATCH (n) RETURN n.id, COUNT { (n)-[:T|U]-() } AS c", "MATCH (n) RETURN n.id, COUNT { (n)-[:T|U]-(m) WHERE m.id >= 0 } AS c"},
		// size() of a pattern comprehension counts matches without building
		// the list (a list-valued projection makes it build the list).
		{"MATCH (n) RETURN n.id, size([(n)-->(m) | m]) AS c", "MATCH (n) RETURN n.id, size([(n)-->(m) | [m]]) AS c"},
		{"MATCH (n) RETURN n.id, size([(n)-[r]-(m) | r]) AS c", "MATCH (n) RETURN n.id, size([(n)-[r]-(m) | [r]]) AS c"},
		{"MATCH (n) RETURN n.id, size([(n)<-[:T]-(m) WHERE m.id > 10 | m.id]) AS c", "MATCH (n) RETURN n.id, size([(n)<-[:T]-(m) WHERE m.id > 10 | [m.id]]) AS c"},
		{"MATCH (n) RETURN n.id, size([(n)-->()-->(m) | m.id]) AS c", "MATCH (n) RETURN n.id, size([(n)-->()-->(m) | [m.id]]) AS c"},
	}
	for _, p := range pairs {
		a, b := canonical(mustRun(t, db, p[0], nil)), canonical(mustRun(t, db, p[1], nil))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s\n degree: %v\n enumeration: %v", p[0], a, b)
		}
	}
}

// TestDegreeCountsMatchRowMode checks counting queries that the planner
// answers from stored degrees against row mode.
func TestDegreeCountsMatchRowMode(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a:A)-->(b) WITH a, count(b) AS d WHERE d >= 2 RETURN count(a), sum(d)",
		"MATCH (a)-[r:T]-(b) RETURN a.id, count(r) ORDER BY a.id",
		"MATCH (a:B)<-[:U]-(b) RETURN a.id, count(*) AS n, count(b) AS m ORDER BY n DESC, a.id LIMIT 5",
		"MATCH (a)-->(b) RETURN a.id, count(b.id)",                     // counts b.id: must enumerate
		"MATCH (a)-->(b) WITH a, b, count(*) AS n RETURN a.id, sum(n)", // b is a key: must enumerate
		// Per-type counts from the store's statistics.
		"MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c, count(r) AS d ORDER BY c DESC, t",
		"MATCH ()<-[r]-() RETURN type(r) AS t, count(r) AS c",
		"MATCH ()-[r]-() RETURN type(r) AS t, count(r) AS c", // both directions: enumerates
		// OPTIONAL MATCH counted by count(b): a node without relationships counts 0.
		"MATCH (a) OPTIONAL MATCH (a)-[:U]->(b) RETURN a.id, count(b) ORDER BY a.id",
		"MATCH (a) OPTIONAL MATCH (a)-[:U]->(b) RETURN a.id, count(*) ORDER BY a.id", // count(*) counts the null row: enumerates
	}
	set, _ := Open("", nil)
	row, _ := Open("", &Options{RowModeOnly: true})
	defer set.Close()
	defer row.Close()
	randomGraph(t, set, 17, 40, 120)
	randomGraph(t, row, 17, 40, 120)
	// Deletions and a transaction's own writes show in the counts.
	for _, db := range []*DB{set, row} {
		mustRun(t, db, "MATCH ()-[r:U]->() WITH r LIMIT 5 DELETE r", nil)
	}
	for i, q := range queries {
		a, b := canonical(mustRun(t, set, q, nil)), canonical(mustRun(t, row, q, nil))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s\n degree: %v\n rows: %v", q, a, b)
		}
		plan := string(mustRun(t, set, "EXPLAIN "+q, nil)[0][0].(value.String))
		want := i < 3 || i == 5 || i == 6 || i == 8
		if uses := strings.Contains(plan, "Degree") || strings.Contains(plan, "TypeCounts"); uses != want {
			t.Errorf("%s: count plan %v, want %v:\n%s", q, uses, want, plan)
		}
	}
	// A transaction's counts include its own writes.
	ctx := context.Background()
	tx, err := set.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for _, q := range []string{"MATCH (a {id: 1}), (b {id: 2}) CREATE (a)-[:NEW]->(b), (b)-[:NEW]->(a)", "MATCH ()-[r:T]->() WITH r LIMIT 3 DELETE r"} {
		rows, err := tx.Query(ctx, q, nil)
		if err != nil {
			t.Fatal(err)
		}
		rows.All()
	}
	rows, err := tx.Query(ctx, "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c ORDER BY t", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := rows.All()
	before := mustRun(t, set, "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c ORDER BY t", nil)
	if len(got) != 3 || got[0][0] != value.String("NEW") || got[0][1] != value.Int(2) || got[1][1] != value.Int(int64(before[0][1].(value.Int))-3) {
		t.Errorf("counts in the transaction: %v (before: %v)", got, before)
	}
}

// TestBatchedScansMatchRowMode compares batched scans with prefilters
// against row-at-a-time filtering, on properties of mixed types with
// nulls, across batch boundaries (more nodes than one batch).
func TestBatchedScansMatchRowMode(t *testing.T) {
	t.Parallel()
	setup := `UNWIND range(0, 2999) AS i
		CREATE (x:N {i: i, s: CASE i % 7 WHEN 0 THEN null WHEN 1 THEN toString(i) WHEN 2 THEN i * 1.5 ELSE 'name' + toString(i % 97) END,
		             f: CASE WHEN i % 11 = 0 THEN null ELSE i % 13 END})
		WITH x, i WHERE i % 5 = 0 SET x:M`
	batched, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer batched.Close()
	row, err := Open("", &Options{RowModeOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer row.Close()
	mustRun(t, batched, setup, nil)
	mustRun(t, row, setup, nil)
	queries := []string{
		"MATCH (n:N) WHERE n.s CONTAINS '7' RETURN n.i",
		"MATCH (n:N) WHERE n.s STARTS WITH 'name1' AND n.f > 3 RETURN n.i",
		"MATCH (n) WHERE 'name5' = n.s RETURN n.i",
		"MATCH (n:M) WHERE n.f <= $x AND n.f <> 2 RETURN n.i",
		"MATCH (n:N) WHERE n.s ENDS WITH '1' OR n.f = 1 RETURN n.i",
		"MATCH (n:N) WHERE n.s IS NULL RETURN count(n)",
		"MATCH (n:N) WHERE n.f IS NOT NULL AND n.i < 100 RETURN n.i",
		"MATCH (n:N) WHERE n.s > 'name5' RETURN n.i",
		"MATCH (n:N) WHERE n.s < $x RETURN n.i",
		"MATCH (n:N) WHERE n.f >= 12.5 RETURN n.i",
		"MATCH (n:N) WHERE n.missing = 1 RETURN n.i",
		"MATCH (n:N) WHERE n.i = $x RETURN n.i LIMIT 1",
		"MATCH (n:N) WHERE n.f = $x WITH n MATCH (m:M) WHERE m.f = n.f AND m.i < 50 RETURN n.i, m.i",
		// Vectorised filters and projections.
		"MATCH (n:N) WHERE n.i % 7 = 3 AND NOT n.f IN [1, 2, $x] RETURN n.i, n.f * 2 + 1 AS g, toUpper(n.s) AS u",
		"MATCH (n:N) WHERE (n.f > 5) XOR (n.s STARTS WITH 'name') RETURN n.i",
		"MATCH (n:N) WHERE n.s =~ 'name1[0-9]' RETURN n.i, size(n.s) AS l",
		"MATCH (n:N) WITH n, n.f AS f WHERE f IS NULL OR f > 11 RETURN n.i, f",
		"MATCH (n:N) WITH n AS m, n.i - 1 AS j WHERE j < 20 RETURN m.i, j, labels(m) AS ls, id(m) = id(m) AS same",
		"UNWIND [2, 4] AS k MATCH (n:M) WHERE n.f = k AND n.i < k * 100 RETURN k, n.i",
		"MATCH (n:N) RETURN n.s + '!' AS t, -n.f AS neg, n.i / 3 AS d ORDER BY n.i LIMIT 50",
		"MATCH (n:N) WHERE coalesce(n.f, -1) < 0 RETURN count(*)",
		"MATCH (n:N) WHERE 10 / (n.i - 5) <> 0 RETURN n.i LIMIT 3",
	}
	for _, q := range queries {
		for _, x := range []any{5, 2.5, "name3"} {
			p := map[string]any{"x": x}
			a, b := canonical(mustRun(t, batched, q, p)), canonical(mustRun(t, row, q, p))
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("x=%v: %s\n batched: %v\n row mode: %v", x, q, a, b)
			}
		}
		plan := mustRun(t, batched, "EXPLAIN "+q, nil)[0][0].(value.String)
		if !strings.Contains(string(plan), "mode=batch") && !strings.Contains(q, " OR ") {
			t.Errorf("%s: expected a batched scan, got\n%s", q, plan)
		}
	}
	// Type errors surface as in row mode.
	run := func(db *DB, q string) error {
		rows, err := db.Query(context.Background(), q, nil)
		if err != nil {
			return err
		}
		_, err = rows.All()
		return err
	}
	for _, q := range []string{
		"MATCH (n:N) WHERE n.f STARTS WITH 1 RETURN n.i", "MATCH (n:N) WHERE n.s CONTAINS 'name' AND n.f RETURN n.i",
		"MATCH (n:N) WHERE 10 / (n.i - 2000) <> 0 RETURN n.i",         // a failing lane in a later batch
		"MATCH (n:N) WHERE 10 / (n.i - 2000) <> 0 RETURN n.i LIMIT 5", // ... that the LIMIT never reaches
		"MATCH (n:N) RETURN n.i, n.s - 1 AS bad LIMIT 1",              // lane 0 has s = null: no error in row 0
		"MATCH (n:N) WHERE n.i > 2990 RETURN n.i, n.s - 1 AS bad",     // a string minus 1 fails
		"MATCH (n:N) WHERE n.f RETURN n.i",                            // not a boolean
	} {
		if errB, errR := run(batched, q), run(row, q); (errB == nil) != (errR == nil) {
			t.Errorf("%s: batched error %v, row mode error %v", q, errB, errR)
		}
	}
}

// TestIntGroupKeys checks grouping by integers kept in the dense array
// (small non-negative keys), in the map (negative, large, sparse keys) and
// both at once, against counts computed here.
func TestIntGroupKeys(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := rand.New(rand.NewPCG(7, 7))
	var keys []any
	want := map[int64]int{}
	for i := 0; i < 20000; i++ {
		var k int64
		switch r.IntN(4) {
		case 0:
			k = int64(r.IntN(3000))
		case 1:
			k = -int64(r.IntN(50))
		case 2:
			k = int64(r.IntN(1 << 40))
		default:
			k = int64(r.IntN(100000))
		}
		want[k]++
		keys = append(keys, k)
	}
	rows := mustRun(t, db, "UNWIND $keys AS k RETURN k, count(*) AS n", map[string]any{"keys": keys})
	if len(rows) != len(want) {
		t.Fatalf("%d groups, want %d", len(rows), len(want))
	}
	for _, row := range rows {
		k, n := int64(row[0].(value.Int)), int(row[1].(value.Int))
		if want[k] != n {
			t.Errorf("key %d: count %d, want %d", k, n, want[k])
		}
	}
}

// TestTrailsThroughSelfLoops compares set-mode chains and lengths from 2
// up with row mode on small graphs where a walk's end is not a trail's:
// a self-loop taken twice, a relationship taken back and forth.
func TestTrailsThroughSelfLoops(t *testing.T) {
	graphs := []string{
		"CREATE (a {id: 0})-[:T]->(b {id: 1}), (b)-[:T]->(b)",
		"CREATE (a {id: 0})-[:T]->(b {id: 1})-[:T]->(c {id: 2}), (c)-[:T]->(c), (b)-[:U]->(a)",
		"CREATE (a {id: 0})-[:T]->(b {id: 1}), (a)-[:T]->(a), (b)-[:T]->(c {id: 2})",
		"CREATE (a {id: 0})-[:T]->(b {id: 1}), (a)-[:T]->(b), (b)-[:U]->(a)",
	}
	queries := []string{
		"MATCH (a {id: 0})-->()-->()-->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})--()--()--(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})-->()-->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})--()--(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})-[*2..4]->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})-[*2..4]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})-[:T*3]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: 0})-->()<--()-->(b) RETURN collect(DISTINCT b.id)",
	}
	for _, g := range graphs {
		set, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		row, err := Open("", &Options{RowModeOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		mustRun(t, set, g, nil)
		mustRun(t, row, g, nil)
		for _, q := range queries {
			a, b := canonical(mustRun(t, set, q, nil)), canonical(mustRun(t, row, q, nil))
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("%s\n%s\n set mode: %v\n row mode: %v", g, q, a, b)
			}
		}
		set.Close()
		row.Close()
	}
}

// TestTrailsOnLoopyGraphs compares set-mode trail ends with row-mode
// trails on random small graphs dense in self-loops and parallel
// relationships, from every start node: a walk that takes a self-loop
// twice in a row is a walk two hops shorter without it, so only ends that
// near the start need a trail found for them.
func TestTrailsOnLoopyGraphs(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a {id: $x})-->()-->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})--()--(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-->()-->()-->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:T]->()<-[:U]-()-->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})--()-->()--()<--(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[*2..4]->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:T*2..3]-(b) RETURN collect(DISTINCT b.id)",
	}
	for seed := uint64(1); seed <= 6; seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		const n = 8
		var b strings.Builder
		b.WriteString("UNWIND range(0, 7) AS i CREATE ({id: i})")
		var rels []any
		for i := 0; i < 18; i++ {
			s, e := r.IntN(n), r.IntN(n)
			if r.IntN(3) == 0 {
				e = s // a self-loop
			}
			typ := "T"
			if r.IntN(3) == 0 {
				typ = "U"
			}
			rels = append(rels, map[string]any{"s": s, "e": e, "t": typ})
		}
		load := `UNWIND $rels AS p MATCH (s {id: p.s}), (e {id: p.e})
			FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T]->(e))
			FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U]->(e))`
		set, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		row, err := Open("", &Options{RowModeOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, db := range []*DB{set, row} {
			mustRun(t, db, b.String(), nil)
			mustRun(t, db, load, map[string]any{"rels": rels})
		}
		for _, q := range queries {
			for x := 0; x < n; x++ {
				p := map[string]any{"x": x}
				a, c := canonical(mustRun(t, set, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(c) {
					t.Errorf("seed %d, x=%d: %s\n set mode: %v\n row mode: %v", seed, x, q, a, c)
				}
			}
		}
		set.Close()
		row.Close()
	}
}

// plannedAndRowMode opens two empty in-memory stores, one planned as
// usual and one run in row mode only, closed when t ends.
func plannedAndRowMode(t *testing.T) (planned, rows *DB) {
	t.Helper()
	planned, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	rows, err = Open("", &Options{RowModeOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { planned.Close(); rows.Close() })
	return planned, rows
}

// rowsOrError is q's rows in canonical order, one per line, or its
// error's whole message: what a differential test compares between two
// stores.
// againstRowMode runs q on each named variant and on dbs["row-mode"],
// counting the runs and the ones whose rows (or error) differ, and
// reporting the first 20 of those under label.
func againstRowMode(t *testing.T, dbs map[string]*DB, names []string, label, q string, params map[string]any, runs, failed *int) {
	t.Helper()
	want := rowsOrError(dbs["row-mode"], q, params)
	for _, name := range names {
		*runs++
		if got := rowsOrError(dbs[name], q, params); got != want {
			*failed++
			if *failed <= 20 {
				t.Errorf("%s, %s, %v: %s\n got %s\nwant %s", label, name, params, q, got, want)
			}
		}
	}
}

// againstRowModeOnKeyedGraphs runs queries on three seeded random graphs
// (14 nodes, a property k on three nodes in four) planned and in row
// mode, with params(seed), and fails when any run's rows or error differ.
func againstRowModeOnKeyedGraphs(t *testing.T, queries []string, params func(seed uint64) map[string]any) {
	t.Helper()
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedRowMode, sparseKeys)
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params(seed), &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}

func rowsOrError(db *DB, q string, params map[string]any) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	if err == nil {
		all, err2 := rows.All()
		if err2 == nil {
			return strings.Join(canonicalOrdered(all, observableListOrder(q)), "\n")
		}
		err = err2
	}
	return "error: " + err.Error()
}
