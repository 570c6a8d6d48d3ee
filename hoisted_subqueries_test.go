package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Subqueries that read nothing of the row run once per run (planner/
// hoist_subqueries.go): COUNT, EXISTS and COLLECT { }, pattern
// comprehensions and predicates naming no variable of the row, and CALL
// { } bodies reading nothing of their input row; a correlated COUNT { }
// whose only correlation is a final equality f(v) = key is counted by
// key from a table built once. The generated queries put such
// subqueries after leads that give many rows, one, a null row or none
// (an empty outer side, where a body that may fail must raise nothing),
// in every position (a RETURN item, a WHERE, a CASE branch not taken,
// an aggregate's argument, ORDER BY), with bodies that may fail,
// parameters, nulls, NaN and mixed kinds as keys, and near misses that
// must stay per row: a body naming the row's variable only in a nested
// subquery or as its own pattern's node, and statements that write
// between rows. They run against row mode on random graphs with
// self-loops and parallel relationships.

// hoistLeads bind the row's variables n and b (%s: nothing); some give
// no row.
var hoistLeads = []string{
	"MATCH (n:A) WITH n, n.k AS b",
	"MATCH (n:A) WITH n.k AS b, count(*) AS c WITH b, c, null AS n",
	"UNWIND range(0, 4) AS b WITH b, null AS n",
	"UNWIND [] AS b WITH b, null AS n",
	"MATCH (n:A) WHERE n.id < 0 WITH n, n.k AS b",
	"OPTIONAL MATCH (n:Z) WITH n, 1 AS b",
	"UNWIND $list AS b WITH b, null AS n",
	"MATCH (n)-[:U]->() WITH n, n.id % 3 AS b",
}

// hoistBodies are subquery expressions that name no variable of the row
// (may fail: division by a key that is 0 on some nodes, toInteger() of
// a list).
var hoistBodies = []string{
	"COUNT { MATCH (m:A) }",
	"COUNT { (:A)-[:T]->() }",
	"COUNT { MATCH (m:B) WHERE m.k = $k }",
	"EXISTS { MATCH (m:B) WHERE m.k = $k AND m.id > 20 }",
	"COUNT { MATCH (m)-->(m) }",
	"size(COLLECT { MATCH (m:A)-[:U]->(x) RETURN x.id })",
	"COLLECT { MATCH (m:A) WHERE m.k = 1 RETURN m.id }",
	"size([(m:B)-[:T]->(x) WHERE x.k IS NULL | x.id])",
	"[(m:A)-[:U]->(x) | x.k]",
	"COUNT { MATCH (m:A) WHERE m.id / m.k > 1 }",
	"COUNT { MATCH (m) WHERE toInteger(m.l) > 0 }",
	"COUNT { MATCH (m:A) WITH m.k AS k, count(*) AS c WHERE c > 1 RETURN k }",
	"COUNT { MATCH (m:A) RETURN m.k AS k UNION MATCH (m:B) RETURN m.k AS k }",
	"COUNT { MATCH (m:A) WHERE m.k = $k RETURN m ORDER BY m.id LIMIT 2 }",
	"EXISTS { (:A)-[:T]->(:A {id: $p}) }",
}

// hoistCorrelated are near misses: they read the row (n or b), in a
// nested subquery or as the pattern's own node.
var hoistCorrelated = []string{
	"COUNT { MATCH (m:A) WHERE EXISTS { (m)-->(n) } }",
	"COUNT { MATCH (n)-->(m) }",
	"COUNT { MATCH (m:A) WHERE m.k = b }",
	"COUNT { MATCH (m:A) WHERE COUNT { MATCH (x) WHERE x.id = b } > 0 }",
	"size([(m:A)-->(x) WHERE x = n | x])",
}

// hoistPlaces place a subquery (%s) in the row's query.
var hoistPlaces = []string{
	"RETURN b, %s AS s",
	"WITH b, n WHERE %s IS NOT NULL RETURN b",
	"RETURN b, CASE WHEN b = 1 THEN %s ELSE 0 END AS s",
	"RETURN sum(size(toString(%s))) AS s",
	"WITH b, %s AS s ORDER BY b, s RETURN collect(b) AS bs, s",
	"RETURN b, %[1]s AS s, %[1]s AS t",
}

// hoistCalls are CALL subqueries after a lead: uncorrelated bodies (many
// rows, one, a UNION, nodes handed on and expanded, a body that may
// fail), correlated ones, and ones that write.
var hoistCalls = []string{
	"CALL { MATCH (m:A) RETURN count(m) AS total } RETURN b, total",
	"CALL { MATCH (m:A) WHERE m.id < 12 RETURN m.id AS mid } RETURN b, mid",
	"CALL { MATCH (m:A) RETURN m.id AS x UNION MATCH (m:B) WHERE m.id < 5 RETURN m.id AS x } RETURN b, count(x) AS c",
	"CALL { MATCH (m:A) RETURN m.id AS x UNION ALL MATCH (m:B)-->(:A) RETURN m.id AS x } RETURN b, sum(x) AS c",
	"CALL { MATCH (m:A) WHERE m.k = $k RETURN m } MATCH (m)-[r:T]->(z) RETURN b, m.id, count(r) AS c",
	"CALL { MATCH (m:A) RETURN sum(m.id / m.k) AS q } RETURN b, q",
	"CALL { MATCH (m:A) RETURN m.k AS mk ORDER BY m.id LIMIT 3 } RETURN b, collect(mk) AS mks",
	"CALL { UNWIND $list AS x RETURN x } RETURN b, x",
	"CALL { WITH b MATCH (m:A) WHERE m.k = b RETURN count(m) AS total } RETURN b, total",
	"CALL (n) { MATCH (n)-->(m) RETURN count(m) AS d } RETURN b, d",
	"CALL { WITH b MATCH (m:A) WHERE m.k = b RETURN m.id AS mid ORDER BY mid LIMIT 2 } RETURN b, collect(mid) AS mids",
	"CALL { WITH n MATCH (n)-->(m) RETURN m.id AS x UNION WITH n MATCH (n)<--(m) RETURN m.id AS x } RETURN b, count(x) AS c",
	"CALL { WITH b UNWIND range(0, b) AS i RETURN i ORDER BY i DESC LIMIT 2 } RETURN b, collect(i) AS is",
	"CALL { MATCH (m:A) WHERE m.k = $k RETURN m.id AS mid ORDER BY mid DESC LIMIT 2 } RETURN b, collect(mid) AS mids",
	"CALL { MATCH (m:A) WHERE EXISTS { (m)-->(:B) } RETURN collect(m.id) AS ms } RETURN b, ms",
}

// hoistKeyed are COUNT { } and EXISTS { } bodies whose only correlation
// is a final equality with the row's b (by degree, by a key of mixed
// kinds, a division that may fail), and near misses (an ordering, a
// second correlated conjunct).
var hoistKeyed = []string{
	"COUNT { MATCH (:A {id: $p})-->(v) WHERE COUNT { (v)-->() } / 2 = b }",
	"COUNT { MATCH (v:A) WHERE COUNT { (v)-[:T]->() } = b }",
	"COUNT { MATCH (v) WHERE v.k = b }",
	"EXISTS { MATCH (v:B) WHERE v.k = b AND v.id > 10 }",
	"COUNT { MATCH (:A)-[:T]->(v) WHERE v.k = b }",
	"COUNT { MATCH (v) WHERE v.l = b }",
	"COUNT { MATCH (v) WHERE v.id / v.k = b }",
	"COUNT { MATCH (v) WHERE COUNT { (v)-->() } > b }",
	"COUNT { MATCH (v) WHERE v.k = b AND v.id <> b }",
	"COUNT { MATCH (v)-->(w) WHERE COUNT { (w)<--() } = b + 1 }",
	"COUNT { MATCH (v) WHERE v.id > 15 AND COUNT { (v)-->(x) WHERE x.id / x.k > 0 } = b }",
	"COUNT { MATCH (v) WHERE COUNT { (v)-->(x) WHERE x.k = 1 } = b AND v.k <> 0 }",
	"COUNT { MATCH (v) WHERE COUNT { MATCH (v)-->(x) RETURN x.id / x.k AS q } = b }",
}

// hoistKeyLeads give b values of every kind.
var hoistKeyLeads = []string{
	"UNWIND range(0, 4) AS b",
	"UNWIND [1, 1.0, 2, '1', null, true, 0.0 / 0.0, [1, 2], -0.0] AS b",
	"UNWIND [] AS b",
	"UNWIND $list AS b",
	"MATCH (n:A) WITH n.k AS b",
}

// hoistVolatile call functions whose value differs between calls: the
// subqueries must run per row.
var hoistVolatile = []string{
	"MATCH (n) WITH head(COLLECT { RETURN randomUUID() AS u }) AS u RETURN count(DISTINCT u) AS c",
	"MATCH (n) CALL { RETURN randomUUID() AS u } RETURN count(DISTINCT u) AS c",
	"MATCH (n) CALL { UNWIND range(1, 2) AS i RETURN randomUUID() AS u } RETURN count(DISTINCT u) AS c",
	"MATCH (n:A) WITH COUNT { MATCH (m) WHERE rand() < 0.5 } AS x RETURN count(DISTINCT x) > 1 AS c",
	"MATCH (n) WITH size([(m)-->() WHERE rand() < 0.5 | m]) AS x RETURN count(DISTINCT x) > 1 AS c",
}

// hoistFailing test counts whose body may fail behind a test that
// keeps row mode from evaluating them.
var hoistFailing = []string{
	"MATCH (v) WHERE v.id > 100 AND COUNT { (v)-->(x) WHERE x.id / x.k > 0 } >= 0 RETURN count(*) AS c",
	"MATCH (v)-->(w) WHERE w.id < 0 AND COUNT { (v)-->(x) WHERE x.id / x.k > 0 } = w.k RETURN count(*) AS c",
	"MATCH (v) WHERE v.k = 7 WITH v MATCH (v)-->(w) WHERE COUNT { (w)-->(x) WHERE x.id / x.k > 0 } = 1 RETURN count(*) AS c",
	"UNWIND [] AS b MATCH (v) WHERE COUNT { (v)-->(x) WHERE x.id / x.k > 0 } = b RETURN count(*) AS c",
	"MATCH (v) WHERE v.id < 0 OPTIONAL MATCH (v)-->(w) WHERE COUNT { (w)-->(x) WHERE x.id % x.k = 0 } = 1 RETURN count(w) AS c",
	"MATCH (v:A) WITH v, COUNT { (v)-->(x) WHERE x.id / x.k > 0 } AS d WHERE v.id < 0 RETURN count(d) AS c",
	"UNWIND [1, 2] AS b RETURN b, COUNT { MATCH (v) WHERE v.id > 100 AND COUNT { (v)-->(x) WHERE x.id / x.k > 0 } = b } AS c",
	"UNWIND [1, 2] AS b RETURN b, COUNT { MATCH (v) WHERE COUNT { (v)-->(x) WHERE x.id / x.k > 0 } = b AND v.id > 100 } AS c",
	"UNWIND [1, 2] AS b RETURN b, COUNT { MATCH (v)-->(w) WHERE w.id < 0 AND COUNT { (v)-->(x) WHERE x.id % x.k = 0 } = b } AS c",
}

// hoistWrites write between rows: the subqueries must see the writes.
var hoistWrites = []string{
	"MATCH (n:A) CREATE (:A {id: -1}) RETURN n.id, COUNT { MATCH (m:A) } AS c",
	"MATCH (n:A) SET n.k = 5 RETURN n.id, COUNT { MATCH (m:A) WHERE m.k = 5 } AS c",
	"MATCH (n:A) CREATE (:A {id: -1}) WITH n CALL { MATCH (m:A) RETURN count(m) AS total } RETURN n.id, total",
	"MATCH (n:A) CREATE (:A {id: -1}) WITH n CALL { MATCH (m:A) RETURN m.id AS mid } RETURN n.id, count(mid) AS c",
	"MATCH (n:A) SET n.k = 9 CALL { MATCH (m:A) WHERE m.k = 9 RETURN m.id AS mid } RETURN n.id, count(mid) AS c",
	"MATCH (n:A) CALL { MATCH (m:A) WHERE m.k = 9 RETURN m.id AS mid } CREATE (:A {k: 9}) RETURN n.id, count(mid) AS c",
	"MATCH (n:A) CALL { MATCH (m:A) RETURN collect(m.k) AS ks } SET n.k = 9 RETURN n.id, ks",
	"MATCH (n:A) SET n.k = 9 WITH n CALL { MATCH (m:A) WHERE m.k = 9 RETURN m.id AS mid UNION MATCH (m:B) WHERE m.k = 9 RETURN m.id AS mid } RETURN n.id, count(mid) AS c",
	"UNWIND range(0, 3) AS b CREATE (:A {id: -1, k: b}) RETURN b, COUNT { MATCH (v:A) WHERE v.k = b } AS c",
	"MATCH (n:A) WITH n ORDER BY n.id SET n.k = 7 RETURN n.id, size([(m:A) WHERE m.k = 7 | m]) AS c",
}

// hoistQueries generates the queries.
func hoistQueries() []string {
	r := rand.New(rand.NewPCG(23, 5))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var qs []string
	for len(qs) < 300 {
		body := pick(hoistBodies)
		if r.IntN(4) == 0 {
			body = pick(hoistCorrelated)
		}
		qs = append(qs, pick(hoistLeads)+" "+fmt.Sprintf(pick(hoistPlaces), body))
	}
	for _, lead := range hoistLeads {
		for _, c := range hoistCalls {
			qs = append(qs, lead+" "+c)
		}
	}
	for _, lead := range hoistKeyLeads {
		for _, k := range hoistKeyed {
			qs = append(qs, lead+" RETURN b, "+k+" AS n")
			if r.IntN(3) == 0 {
				qs = append(qs, lead+" WITH b WHERE "+k+" RETURN b")
			}
		}
	}
	return qs
}

// hoistParams are the parameters (list: the keys b takes; k, p).
var hoistParams = []map[string]any{
	{"list": []any{int64(0), int64(1), int64(2)}, "k": int64(1), "p": int64(3)},
	{"list": []any{}, "k": int64(0), "p": int64(0)},
	{"list": []any{nil, int64(1), 1.0, "1"}, "k": nil, "p": int64(6)},
}

// hoistGraph sets keys on the random graph: k (0, 1, 2 or null, so a
// division by it may fail), l (a list on some, else an integer or a
// string).
func hoistGraph(t *testing.T, db *DB) {
	t.Helper()
	mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
	mustRun(t, db, "MATCH (x) SET x.l = CASE x.id % 5 WHEN 0 THEN [1, 2] WHEN 1 THEN 'a' WHEN 2 THEN x.id % 3 ELSE null END", nil)
}

// TestHoistedSubqueriesRowMode runs the generated queries against row
// mode.
func TestHoistedSubqueriesRowMode(t *testing.T) {
	t.Parallel()
	qs := hoistQueries()
	qs = append(qs, hoistVolatile...)
	qs = append(qs, hoistFailing...)
	qs = append(qs, hoistWrites...)
	runs, failed := 0, 0
	for _, seed := range []uint64{4, 19} {
		for k, q := range qs {
			write := strings.Contains(q, "CREATE") || strings.Contains(q, "SET ")
			var dbs map[string]*DB
			if write || k == 0 {
				// A fresh graph for each write, and for the reads.
				dbs = planVariants(t, seed, 22, 70, map[string]*Options{
					"planned":     nil,
					"planned,idx": nil,
					"row-mode":    {RowModeOnly: true},
				})
				for _, db := range dbs {
					hoistGraph(t, db)
				}
			}
			if !write {
				if k == 0 || hoistDBs[seed] == nil {
					hoistDBs[seed] = dbs
				}
				dbs = hoistDBs[seed]
			}
			p := hoistParams[k%len(hoistParams)]
			againstRowMode(t, dbs, []string{"planned", "planned,idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
	}
	t.Logf("%d queries, %d runs", len(qs), runs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// hoistDBs keeps the read-only stores of TestHoistedSubqueriesRowMode
// per seed.
var hoistDBs = map[uint64]map[string]*DB{}

// TestHoistedSubqueriesSteps checks that an uncorrelated subquery after
// a grouping runs once, and a body correlated only by a final equality
// is counted from a table built once: the VM steps of the written form
// stay near those of the form that computes the value first.
func TestHoistedSubqueriesSteps(t *testing.T) {
	dbs := planVariants(t, 7, 300, 900, plannedRowMode)
	for _, db := range dbs {
		hoistGraph(t, db)
	}
	steps := func(db *DB, q string) int64 { return profileSteps(t, db, q, map[string]any{"p": 3}) }
	cases := []struct{ slow, fast string }{
		{"MATCH (n) WITH n.id % 50 AS s, count(*) AS c RETURN s, c, c * 100 / COUNT { MATCH (m:A) } AS pct",
			"MATCH (m:A) WITH count(*) AS total MATCH (n) WITH total, n.id % 50 AS s, count(*) AS c RETURN s, c, c * 100 / total AS pct"},
		{"MATCH (n) WITH n.id % 50 AS s, count(*) AS c CALL { MATCH (m:A)-->() RETURN count(*) AS total } RETURN s, c, c * 100 / total AS pct",
			"MATCH (m:A)-->() WITH count(*) AS total MATCH (n) WITH total, n.id % 50 AS s, count(*) AS c RETURN s, c, c * 100 / total AS pct"},
		{"UNWIND range(0, 9) AS b RETURN b, COUNT { MATCH (v) WHERE COUNT { (v)-->() } = b } AS n",
			"MATCH (v) WITH COUNT { (v)-->() } AS d, count(*) AS c WITH collect([d, c]) AS dc UNWIND range(0, 9) AS b RETURN b, reduce(s = 0, p IN dc | s + CASE WHEN p[0] = b THEN p[1] ELSE 0 END) AS n"},
	}
	for _, c := range cases {
		slow, fast := steps(dbs["planned"], c.slow), steps(dbs["planned"], c.fast)
		rowSlow := steps(dbs["row-mode"], c.slow)
		t.Logf("%d steps (row mode %d), computed first %d: %s", slow, rowSlow, fast, c.slow)
		if slow > 2*fast+200 {
			t.Errorf("%d steps, computed first %d: %s", slow, fast, c.slow)
		}
		if want, got := rowsOrError(dbs["row-mode"], c.slow, map[string]any{"p": 3}), rowsOrError(dbs["planned"], c.slow, map[string]any{"p": 3}); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.slow, got, want)
		}
	}
}

// profileSteps is the VM steps of a PROFILE run of q.
func profileSteps(t *testing.T, db *DB, q string, params map[string]any) int64 {
	t.Helper()
	rows, err := db.Query(t.Context(), "PROFILE "+q, params)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rows.All(); err != nil {
		t.Fatal(err)
	}
	var n int64
	prof := rows.Profile()
	i := strings.Index(prof, "result rows")
	if i < 0 {
		t.Fatalf("no result line in %s", prof)
	}
	if _, err := fmt.Sscanf(prof[i:], "result rows %d, steps %d", new(int64), &n); err != nil {
		t.Fatalf("%v: %s", err, prof[i:])
	}
	return n
}
