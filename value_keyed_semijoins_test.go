package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// An existence or count test whose body reads one node of the row (the
// probe) and one value of it (`WHERE EXISTS { (n)-->(m) WHERE m.v = v }`)
// is a semi-join keyed by the value: the set of probes the body admits is
// computed once per run of rows holding the same value
// (planner/semijoin_value_keys.go). The generated queries bind the value
// in several ways (distinct property values, a literal list mixing 1,
// 1.0, strings, lists, maps, NaN and null, values ordered so that equal
// ones come in runs, a value of the probe itself, a parameter), test the
// body by EXISTS, NOT EXISTS, COUNT { } thresholds, in a disjunction and
// in a projection, read the value in the body by equality, IN, a property
// map, comparisons, a type test that tells 1 from 1.0, and expressions
// that may fail on some values, a node held as a value and read as one
// of the body's nodes (which row mode must be seen to raise or
// not), and consume the rows grouped by the value, counted, collected,
// ordered and limited; probes without relationships, for which row mode
// never evaluates the body, meet bodies that fail on some values. They run against row mode on random graphs with
// self-loops, parallel relationships and a property of mixed types.

// vkLeads bind the value v and then the probe n.
var vkLeads = []string{
	"MATCH (s:B) WITH DISTINCT s.v AS v MATCH (n:A)",
	"UNWIND [1, 1.0, 2, null, 'a', [1, 2], [1.0, 2], {a: 1}, 0.0 / 0.0, 2.5] AS v MATCH (n)",
	"MATCH (s) WITH s.v AS v ORDER BY s.id % 3 MATCH (n:A)",
	"MATCH (n:A) WITH n, n.v AS v",
	"MATCH (s:A)-->(t) WITH t.v AS v, s AS n ORDER BY n.id, t.id",
	"WITH $v AS v MATCH (n)",
	"MATCH (s:B) WITH s.w AS v ORDER BY v MATCH (n:A)",
	"UNWIND [1, 1.0, 1, 2, 2.0] AS v OPTIONAL MATCH (n:A {id: v * 3})",
	"UNWIND [1, 'ab', [1], 2.5] AS v MATCH (n:A) WHERE n.id >= 100 WITH v, n",
}

// vkBodies are bodies reading n and v.
var vkBodies = []string{
	"MATCH (n)-->(m) WHERE m.v = v",
	"MATCH (n)-[:T]->()<--(m:B) WHERE m.v = v",
	"MATCH (n)<--(m) WHERE m.v IN [v, 2]",
	"MATCH (n)-->(m) WHERE m.v = v AND m.id > 3",
	"MATCH (n)-->(m {v: v})",
	"MATCH (n)-[r]->(m) WHERE r.w = v",
	"MATCH (n)-->(m) WHERE m.w > v",
	"MATCH (n)--(m) WHERE m.v = v AND v IS :: INTEGER",
	"MATCH (n)-->(m) WHERE m.id = v",
	"MATCH (n)-->(m) WHERE v IS NULL",
	"MATCH (n)-->(m) WHERE m.v = v.a",
	"MATCH (n)-->(m) WHERE m.id < size(v)",
	"MATCH (n)-->(m) WHERE m.w + v > 2",
	"MATCH (n)-[:U]->(m:A) WHERE m.v <> v",
	"MATCH (m)-->(n) WHERE m.v = v OR m.id = 1",
}

// vkTests use the body (%s) as a test.
var vkTests = []string{
	"WHERE EXISTS { %s }",
	"WHERE NOT EXISTS { %s }",
	"WHERE COUNT { %s } >= 2",
	"WHERE COUNT { %s } < 2",
	"WHERE EXISTS { %s } OR n.id = 3",
	"WITH v, n, EXISTS { %s } AS e WHERE e",
}

// vkConsumers read the rows kept.
var vkConsumers = []string{
	"RETURN v, count(n) AS c",
	"RETURN n.id AS id, v",
	"RETURN count(*) AS c",
	"RETURN collect(DISTINCT n.id) AS ids",
	"WITH v, n ORDER BY n.id, v LIMIT 5 RETURN n.id AS id, v",
	"RETURN count(DISTINCT n) AS c",
}

// TestValueKeyedSemiJoinsRowMode runs the generated queries against row
// mode.
func TestValueKeyedSemiJoinsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 7))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 420 {
		q := pick(vkLeads) + " " + fmt.Sprintf(pick(vkTests), pick(vkBodies)) + " " + pick(vkConsumers)
		queries = append(queries, q)
	}
	// A node held as a value (UNWIND of collected nodes), read as a
	// node of the body: no value key (the body's own node).
	for _, body := range []string{"MATCH (n)-->(m)-->(v)", "MATCH (n)-->(v) WHERE v.w = 1", "MATCH (n)-->(m) WHERE m.v = v.v"} {
		for _, test := range vkTests {
			queries = append(queries, "MATCH (s:B) WITH s ORDER BY s.id LIMIT 4 WITH collect(s) AS ss UNWIND ss AS v MATCH (n:A) "+fmt.Sprintf(test, body)+" RETURN v.id AS vid, count(n) AS c")
		}
	}
	// Every test of the bodies that may fail, on probes the body is
	// never evaluated for in row mode.
	for _, body := range vkBodies {
		if strings.Contains(body, "v.a") || strings.Contains(body, "size(v)") || strings.Contains(body, "+ v") {
			for _, test := range vkTests {
				queries = append(queries, "UNWIND [1, 'ab', [1], 2.5] AS v MATCH (n:A) WHERE n.id >= 100 WITH v, n "+fmt.Sprintf(test, body)+" RETURN count(*) AS c")
			}
		}
	}
	params := []map[string]any{{"v": int64(1)}, {"v": 1.0}, {"v": nil}, {"v": "a"}, {"v": []any{int64(1), int64(2)}}}
	failed, runs, keyed, errs := 0, 0, 0, 0
	for _, seed := range []uint64{4, 21} {
		dbs := planVariants(t, seed, 30, 110, plannedRowMode)
		for _, db := range dbs {
			// v: 1, 1.0, a string, two equal lists of int and float, a
			// map, NaN or null by id; w: a number or a string; a second
			// :A node with id 3 and a self-loop.
			mustRun(t, db, `MATCH (x) SET x.v = CASE x.id % 9 WHEN 0 THEN 1 WHEN 1 THEN 1.0 WHEN 2 THEN 'a'
				WHEN 3 THEN [1, 2] WHEN 4 THEN [1.0, 2] WHEN 5 THEN 0.0 / 0.0 WHEN 6 THEN 2 ELSE null END,
				x.w = CASE WHEN x.id % 5 = 0 THEN 'b' ELSE x.id % 4 END`, nil)
			mustRun(t, db, "MATCH ()-[r]->(y) SET r.w = y.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, v: 1})-[:T]->(x), (y)-[:U]->(y)", nil)
			// :A nodes without relationships: a body that may fail is
			// never evaluated for them in row mode.
			mustRun(t, db, "UNWIND range(100, 159) AS i CREATE (:A {id: i, v: i % 2})", nil)
		}
		for k, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params[k%len(params)], &runs, &failed)
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, params[k%len(params)]), "error:") {
				errs++
			}
			if plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, params[k%len(params)]); strings.Contains(plan, "built per v") {
				keyed++
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	if keyed == 0 {
		t.Errorf("no query was planned with a semi-join built per value")
	}
	t.Logf("%d queries, %d runs, %d planned with a semi-join built per value, %d errors in row mode", len(queries), runs, keyed, errs)
}

// TestValueKeyedSemiJoinsPlans checks that a test correlated by a node
// and a value is a semi-join built per value, and that one whose body may
// fail on the value stays a test per row.
func TestValueKeyedSemiJoinsPlans(t *testing.T) {
	db := planVariants(t, 5, 120, 400, plannedOnly)["planned"]
	mustRun(t, db, "MATCH (x) SET x.v = x.id % 7", nil)
	cases := []struct {
		q    string
		semi bool
	}{
		{"MATCH (s:B) WITH DISTINCT s.v AS v MATCH (n:A) WHERE EXISTS { MATCH (n)-->()-->(m:B) WHERE m.v = v } RETURN v, count(n) AS c", true},
		{"MATCH (s:B) WITH DISTINCT s.v AS v MATCH (n:A) WHERE NOT EXISTS { MATCH (n)-->()-->(m:B) WHERE m.v = v } RETURN v, count(n) AS c", true},
		{"MATCH (s:B) WITH DISTINCT s.v AS v MATCH (n:A) WHERE EXISTS { MATCH (n)-->()-->(m:B) WHERE m.v = v.a } RETURN v, count(n) AS c", false},
	}
	for _, c := range cases {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, nil)[0][0].(value.String))
		if got := strings.Contains(plan, "built per v"); got != c.semi {
			t.Errorf("%s: semi-join per v %v, want %v\n%s", c.q, got, c.semi, plan)
		}
	}
}
