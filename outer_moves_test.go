package cyq

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestOuterMovesAgree runs queries whose plans the planner reorders
// across what stands between MATCH clauses (a predicate against a
// variable bound before the run, an UNWIND after a MATCH, a WITH that
// drops or renames variables) and compares their rows with the plans in
// written order (start last, row mode), with and without an index on the
// key the predicates compare. The lists hold duplicates, nulls, absent
// ids and nothing at all.
func TestOuterMovesAgree(t *testing.T) {
	t.Parallel()
	queries := []string{
		// a seek keyed by an UNWIND variable, tested in a later clause
		"UNWIND $l AS u MATCH (n)<-[r1]-(a:A) MATCH (c)<-[r2]-(n) WHERE a.id = u AND r1 <> r2 RETURN c.id, u",
		"UNWIND $l AS u MATCH (n)<-[r1]-(a) MATCH (c)<-[r2]-(n) WHERE u = a.id RETURN count(DISTINCT c)",
		"UNWIND $l AS u MATCH (n)<--(a:A) MATCH (c)<--(n) WHERE a.id IN [u, 7] RETURN a.id, c.id",
		"UNWIND $l AS u MATCH (n)<--(a:A) MATCH (c)<--(n) WHERE a.id > u RETURN count(*)",
		"UNWIND $l AS u MATCH (n)<--(a:A) MATCH (c)<--(n {id: u}) RETURN a.id, c.id",
		"UNWIND $l AS u MATCH (n:A)<--(a) MATCH (c)<--(n {id: u, k: 1}) RETURN a.id, c.id",
		// a filter the rules push to a scan
		"UNWIND $l AS u MATCH (a:A) WITH a, u WHERE a.id = u RETURN a.id, u",
		"UNWIND $l AS u MATCH (a:A)-->(b) WITH a, b, u WHERE a.id IN [u] RETURN a.id, b.id",
		// keyed by a WITH column and by an earlier node's property
		"MATCH (x:B) WHERE x.id < 5 WITH x.id + 1 AS k MATCH (n)<--(a:A) MATCH (c)<--(n) WHERE a.id = k RETURN k, c.id",
		"MATCH (x:B) WHERE x.id < 8 WITH x MATCH (n)<--(a:A) MATCH (c)<--(n) WHERE a.id = x.id RETURN x.id, c.id",
		// an UNWIND after a MATCH of the run
		"MATCH (a)-[r1]->(n) WITH a, n, r1 UNWIND $l AS u MATCH (c)<-[r2]-(n) WHERE a.id = u AND r1 <> r2 RETURN count(*)",
		"MATCH (a:A)-[r1]->(n) UNWIND $l AS u MATCH (c)<-[r2]-(n) WHERE a.id = u RETURN a.id, c.id, u",
		"MATCH (a:A)-->(n) UNWIND $l AS u RETURN a.id, n.id, u",
		"MATCH (a:A)-->(n) UNWIND [n.id, null] AS u MATCH (b:A) WHERE b.id = u RETURN a.id, b.id",
		"MATCH (a:A)-->(n) WITH a, n ORDER BY a.id UNWIND $l AS u MATCH (n)-->(c) WHERE a.id = u RETURN a.id, c.id",
		"MATCH (a)-->(n) OPTIONAL MATCH (n)-->(m) UNWIND $l AS u MATCH (c)<--(n) WHERE a.id = u RETURN a.id, m.id, c.id",
		"OPTIONAL MATCH (a:A)-->(n) UNWIND $l AS u MATCH (c)<--(n) WHERE a.id = u RETURN a.id, c.id",
		// a seek keyed by an UNWIND variable moves before the expansions
		// ahead of it, with its filters
		"UNWIND $l AS u MATCH (a:A {id: 3})-[r1]->(x) MATCH (x)<-[r2]-(b:A) WHERE b.id = u AND r1 <> r2 RETURN count(DISTINCT x)",
		"MATCH (a:A)-[r1]->(x) UNWIND $l AS u MATCH (x)<-[r2]-(b:A) WHERE a.id = 6 AND b.id = u AND r1 <> r2 RETURN a.id, b.id, x.id, u",
		"UNWIND $l AS u MATCH (a:A)-->(x) MATCH (x)<--(b:A) WHERE a.id = u AND b.id = u + 3 AND b.k IS NULL RETURN a.id, b.id, x.id",
		// a WITH that drops or renames variables
		"MATCH (a:A)-[r1]->(n) WITH a AS x, n UNWIND $l AS u MATCH (c)<-[r2]-(n) WHERE x.id = u RETURN x.id, c.id",
		"MATCH (a:A)-[r1]->(n) WITH n AS m, a MATCH (m)-->(c:A) WHERE c.id = 4 RETURN a.id, m.id",
		"MATCH (a)-->(b) WITH b AS a, a AS b MATCH (a)-->(c) WHERE b.id = 3 RETURN a.id, b.id, c.id",
		"MATCH (a:A)-->(n) WITH n MATCH (a:B)-->(n) WHERE a.id = 4 RETURN a.id, n.id",
		"MATCH (a:A)-[r]->(n) WITH n, a WHERE a.id > 3 MATCH (n)-[r]->(c) RETURN count(*)",
		"MATCH (a:A)-[r]->(n) WITH a AS x, n MATCH (n)-[r]->(c) RETURN count(*)",
		"MATCH (a:A)-[r1]->(n) WITH a, n MATCH (n)-[r2]->(c:A) WHERE c.id IN $l RETURN a.id, c.id, n.id",
		"MATCH (a:A)-[r1]->(n) WITH a AS x, n, r1 AS s MATCH (n)-[r2]->(c) WHERE s <> r2 AND c.id IN $l RETURN x.id, c.id",
		"MATCH (a:A)-->(n) WITH a AS x, n MATCH (n)-->(c) RETURN *",
		// composed: WITH * before a renaming WITH before an UNWIND, and a
		// renaming WITH before a clause whose WHERE wraps its test in CASE
		"MATCH (a)-[r1]->(b) WITH * WITH a AS w1, b, r1 UNWIND $l AS u1 MATCH (b)-[r2]->(c) WHERE b.id < 30 AND r1 <> r2 AND w1.id = u1 WITH b, c, r2, u1, w1 WITH DISTINCT c RETURN count(*) AS n",
		"MATCH (c)<-[r1]-(m) WITH c AS w1, m, r1 MATCH p1 = (m)<-[r2]-(a:A) WHERE CASE WHEN a.id IN $l THEN true ELSE false END AND r1 <> r2 WITH a, m, p1, r1, w1 RETURN count(DISTINCT w1) AS n",
		"MATCH (a:A)-->(n) WITH a AS x, n MATCH (n)-->(c) WHERE CASE x.id WHEN 3 THEN c.id > 10 ELSE c.id IN $l END RETURN x.id, c.id",
		// projections in a row
		"MATCH (a:A)-->(b) WITH a AS x, b WITH DISTINCT x RETURN count(x)",
		"MATCH (a:A)-->(b)-->(c) WITH a, c AS w RETURN count(DISTINCT w) AS n, collect(DISTINCT a.id) AS ids",
		"MATCH (a:A)-->(b) WITH b AS x, a RETURN x.id AS id, count(*) AS k, sum(a.id) AS s",
		"MATCH (a:A)-->(b) WITH a AS x, b AS y WITH y AS z, x ORDER BY x.id RETURN z.id, x.id",
		"MATCH (a:A)-->(b) WITH b AS x, a WITH x, a AS y WITH DISTINCT x, y RETURN x.id, y.id",
		"MATCH (a:A)-->(b) WITH b AS x, a WITH x AS a, a AS x RETURN a.id, x.id",
		// an inner node's test against a variable bound before the chain
		"UNWIND $l AS u MATCH (a:A)-->(f)-->(c) WHERE f.id > u RETURN count(DISTINCT c)",
		"UNWIND $l AS u MATCH (a:A)-->(f)-->(g)-->(c) WHERE f.id <> u AND g.id >= u RETURN u, count(DISTINCT c)",
		"MATCH (x:B) WITH x LIMIT 3 MATCH (a:A)-->(f)-->(c) WHERE f.id IN [x.id, 7] OR f = x RETURN x.id, count(DISTINCT c)",
		// a WITH before a count that the degrees answer
		"MATCH (a:A)-[r]->(n) WITH a, n RETURN a.id AS id, count(*) AS k ORDER BY k DESC, id",
		"MATCH (a:A)-[r]->(n) WITH a, n WHERE a.id > 3 RETURN a.id AS id, count(*) AS k",
		"MATCH (a:A)-[r]->(n) WITH a, n ORDER BY a.id RETURN a.id AS id, count(n) AS k",
	}
	lists := []any{
		[]any{int64(3), int64(7), int64(999)},
		[]any{int64(3), int64(3), nil, int64(12)},
		[]any{},
		[]any{nil},
	}
	dbs := planVariants(t, 33, 40, 120, map[string]*Options{
		"cheapest":      nil,
		"cheapest,idx":  nil,
		"last,row-mode": {StartLast: true, RowModeOnly: true},
	})
	for _, q := range queries {
		for _, l := range lists {
			params := map[string]any{"l": l}
			want := canonical(mustRun(t, dbs["last,row-mode"], q, params))
			for name, db := range dbs {
				if got := canonical(mustRun(t, db, q, params)); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s with $l = %v: %s plan gives %v, written order %v", q, l, name, got, want)
				}
			}
		}
	}
}

// TestOuterMovesPlans checks the decisions behind TestOuterMovesAgree:
// where a predicate against an earlier variable makes a seek, and where an
// UNWIND or WITH moves.
func TestOuterMovesPlans(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 33, 200, 600)
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	for _, c := range []struct {
		query string
		want  []string // in the plan, in this order from the top
		not   []string
	}{
		// $l is [1]: the UNWIND of a one-element list read as IN is the
		// equality with its element (as UNWIND [1] is, below), sought
		// first
		{"UNWIND $l AS u MATCH (n)<-[r1]-(a:A) MATCH (c)<-[r2]-(n) WHERE a.id = u AND r1 <> r2 RETURN count(DISTINCT c)",
			[]string{"NodeIndexSeek (a:A) index seek id = $l[0]"}, []string{"Unwind"}},
		// (lists with duplicates and consumers that count them: the UNWIND
		// is not an IN test, see TestUnwindAsInMatchesRows)
		{"MATCH (a:A)-[r1]->(n) WITH a, n, r1 UNWIND [1, 2, 1] AS u MATCH (c)<-[r2]-(n) WHERE a.id = u AND r1 <> r2 RETURN count(*)",
			[]string{"NodeIndexSeek (a:A) index seek id = u", "Unwind"}, nil},
		{"MATCH (a:A)-[r1]->(n) WITH a AS x, n UNWIND [1, 2, 1] AS u MATCH (c)<-[r2]-(n) WHERE x.id = u RETURN count(*)",
			[]string{"NodeIndexSeek (a:A) index seek id = u", "Unwind"}, nil},
		{"UNWIND [1, 2, 1] AS u MATCH (n:A)<--(a) MATCH (c)<--(n {id: u}) RETURN count(*)",
			[]string{"NodeIndexSeek (n:A) index seek id = u", "Unwind"}, nil},
		{"UNWIND [1, 2, 1] AS u MATCH (a:A) WITH a, u WHERE a.id = u RETURN a.id",
			[]string{"NodeIndexSeek (a:A) index seek id = u", "Unwind"}, nil},
		// the UNWIND read as IN (count(DISTINCT) ignores duplicates): the
		// seek of its values joins the other end's seek, the two
		// neighbour sets intersect
		{"MATCH (a:A)-[r1]->(x) UNWIND [1, 2] AS u MATCH (x)<-[r2]-(b:A) WHERE a.id = 6 AND b.id = u AND r1 <> r2 RETURN count(DISTINCT x)",
			[]string{"ExpandCommon", "index seek id = 6", "index seeks id IN [1, 2]"}, []string{"into bound", "Unwind"}},
		// composed forms reach the same order: WITH * goes, the renaming
		// WITH passes the UNWIND and the MATCH, the UNWIND of one value is
		// the equality with it, and its seek comes first
		{"MATCH (a:A)-[r1]->(b) WITH * WITH a AS w1, b, r1 UNWIND [1] AS u1 MATCH (b)-[r2]->(c) WHERE r1 <> r2 AND w1.id = u1 RETURN count(*)",
			[]string{"NodeIndexSeek (a:A) index seek id = 1"}, []string{"Unwind"}},
		// a WHERE wrapped in CASE moves with its clause
		{"MATCH (c)<-[r1]-(m) WITH c AS w1, m, r1 MATCH (m)<-[r2]-(a:A) WHERE CASE WHEN a.id = 4 THEN true ELSE false END AND r1 <> r2 RETURN count(DISTINCT w1)",
			[]string{"index seek id = 4"}, []string{"NodeScan"}},
		// a test of an inner node against a variable bound before the
		// chain runs in the set chain
		{"UNWIND $l AS u MATCH (a:A {id: 3})-->(f)-->(c) WHERE f.id > u RETURN count(DISTINCT c)",
			[]string{"ExpandSet (a)-[]->(f WHERE (f.id > u))-[]->(c) mode=set"}, []string{"mode=row"}},
		// the UNWIND keys nothing: it stays after the MATCH
		{"MATCH (a:A)-->(n) UNWIND [1, 2] AS u MATCH (n)-->(c) RETURN c.id, u",
			[]string{"Unwind", "NodeScan"}, []string{"index seek"}},
		// its list reads the run: it stays
		{"MATCH (a:A)-->(n) UNWIND [n.id] AS u MATCH (b:A) WHERE b.id = u RETURN a.id, b.id",
			[]string{"index seek id = u", "Unwind", "NodeScan"}, nil},
		// a dropped name bound again is a new variable: the WITH stays
		{"MATCH (a:B)-->(n) WITH n MATCH (a:A {id: 4})-->(n) RETURN a.id",
			[]string{"index seek id = 4", "Project n", "NodeScan (a:B)"}, nil},
		// a renamed node joins where the later clause starts at a seek
		{"MATCH (a:B)-->(n) WITH a AS x, n MATCH (n)-->(c:A {id: 4}) RETURN x.id",
			[]string{"Project x", "Expand (n)<-[]-(a)", "Expand (c)<-[]-(n)", "index seek id = 4"}, nil},
	} {
		plan := string(mustRun(t, db, "EXPLAIN "+c.query, map[string]any{"l": []any{int64(1)}})[0][0].(value.String))
		at := 0
		for _, w := range c.want {
			i := strings.Index(plan[at:], w)
			if i < 0 {
				t.Errorf("%s: want %q (after the previous ones) in\n%s", c.query, w, plan)
				break
			}
			at += i + len(w)
		}
		for _, w := range c.not {
			if strings.Contains(plan, w) {
				t.Errorf("%s: want no %q in\n%s", c.query, w, plan)
			}
		}
	}
}
