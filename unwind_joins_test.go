package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// Lists read as sets of rows. An UNWIND of a list that does not depend on
// the row (a literal list, range(), a parameter, a run-constant
// expression of parameters), joined to a pattern by an equality of its
// variable (an inline property map, a WHERE equality, id()), is planned
// either as a seek per element or as one pass over the pattern with a
// membership test of the list (planner/unwind_in.go), which gives the
// same rows only when the list holds no value twice or the consumer
// ignores duplicates: a parameter's or run constant's value known when
// planning is tested for that, and the plan depends on the answer. A
// list collected and unwound again (collect then UNWIND) is the rows it
// was collected from (planner/uncollect.go), whose null test goes where
// the rows' variable is known to hold a node (planner/non_null.go). A
// seek of the other end of a pattern by a list of many values is priced
// against expanding to it (planner/build_match.go, expandToSetSeek).
//
// The generated queries join such lists, holding duplicates, nulls, 1
// and 1.0, strings next to numbers, or nothing, to patterns over nodes
// whose property holds the same mix, under counting and duplicate-blind
// consumers, and run against row mode; every query runs with every
// parameter set in turn on the same store, so a plan cached for one
// parameter value (a list of distinct values) meets another (a list with
// duplicates). An UNWIND of a pattern comprehension (with [null] added or
// not) reads as the matches of its pattern, optional or not
// (planner/unwound_comprehensions.go).

// unwindJoinLists are lists that do not depend on the row.
var unwindJoinLists = []string{
	"[1, 2, 4, 2]",
	"[1, 1.0, 3]",
	"[1, null, 'x', 2.0]",
	"[null, null]",
	"[]",
	"range(0, 12, 3)",
	"range(0, $n)",
	"$l",
	"$l + [2]",
	"[$a, $b]",
	"['x', 1, 'x']",
}

// unwindJoinSites join x (the UNWIND's variable) to a pattern; %[1]s is
// the list.
var unwindJoinSites = []string{
	"UNWIND %[1]s AS x MATCH (h:A {id: $p})-->(v:B {k: x})",
	"UNWIND %[1]s AS x MATCH (h:A {id: $p})-[:T]-(v {id: x})",
	"UNWIND %[1]s AS x MATCH (h:A)-->(v) WHERE v.k = x AND h.id < 12",
	"UNWIND %[1]s AS x MATCH (v:A)-[:T|U]->(h) WHERE x = v.id",
	"UNWIND %[1]s AS x MATCH (h {id: $p})-->(v) WHERE id(v) = x",
	"MATCH (h:A {id: $p})-->(v) UNWIND %[1]s AS x MATCH (v) WHERE v.k = x",
	"UNWIND %[1]s AS x MATCH (v:A {k: x}) OPTIONAL MATCH (v)-->(h:B)",
	"UNWIND %[1]s AS x WITH x MATCH (h:B)<-[:T]-(v:A) WHERE v.k = x",
	"UNWIND %[1]s AS x MATCH (h:A {id: $p})-->(v:B {k: x}), (v)-->(w)",
	"UNWIND %[1]s AS x MATCH (v:B)-->(h) WHERE v.k = x",
	"UNWIND %[1]s AS x MATCH (v:B {id: x})-[:T|U]-(h)",
}

// unwindJoinConsumers read the rows: counting ones, duplicate-blind ones,
// and ones that read x itself (where 1 and 1.0 differ).
var unwindJoinConsumers = []string{
	"RETURN count(*) AS n",
	"RETURN v.id AS v, count(*) AS n",
	"RETURN count(DISTINCT v) AS n",
	"RETURN DISTINCT v.id AS v",
	"RETURN x, v.id AS v",
	"RETURN collect(x) AS xs",
	"RETURN v.id AS v, h.id AS h ORDER BY v, h LIMIT 4",
	"WITH v, count(*) AS c RETURN sum(c) AS n, count(v) AS m",
	"RETURN min(v.id) AS lo, max(h.id) AS hi",
}

// collectedUnwinds collect rows and unwind the list again, then match on
// (OPTIONAL forms included); the consumers count the rows or not.
var collectedUnwinds = []string{
	"MATCH (h:A {id: $p})-->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v OPTIONAL MATCH (v)-->(w) RETURN count(DISTINCT v) AS a, count(DISTINCT w) AS b",
	"MATCH (h:A {id: $p})-->(v) WITH collect(v) AS vs UNWIND vs AS v OPTIONAL MATCH (v)-->(w) RETURN count(*) AS a, count(w) AS b",
	"MATCH (h:A {id: $p})-->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v MATCH (v)-[:T]-(w) RETURN count(DISTINCT w) AS n",
	"MATCH (h:A {id: $p}) OPTIONAL MATCH (h)-[:U]->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v MATCH (v)-->(w) RETURN count(*) AS n, count(DISTINCT w) AS m",
	"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v) WITH h, collect(v) AS vs UNWIND vs AS v RETURN h.id AS h, count(v) AS n ORDER BY h",
	"MATCH (h:A)-->(v) WITH h, collect(DISTINCT v) AS vs UNWIND vs AS v MATCH (v)-->(w:A) RETURN h.id AS h, count(DISTINCT w) AS n ORDER BY h",
	"MATCH (h:A {id: $p})-->(v) WITH collect(v.k) AS ks UNWIND ks AS k MATCH (w:B {k: k}) RETURN count(*) AS n",
	"MATCH (h:A {id: $p})-->(v) WITH collect(DISTINCT v) AS vs UNWIND CASE WHEN vs = [] THEN [null] ELSE vs END AS v OPTIONAL MATCH (v)-->(w) RETURN count(DISTINCT v) AS a, count(DISTINCT w) AS b",
	"MATCH (h:A {id: $p})-->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v WITH DISTINCT v WHERE v.k IS NOT NULL RETURN count(*) AS n",
	"MATCH (h:A {id: $p})-->(v) UNWIND [null] + [(v)-->(u:A) | u] AS u RETURN count(DISTINCT v) AS a, count(DISTINCT u) AS b",
	"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v RETURN count(*) AS n",
	"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v) WITH collect(v) AS vs UNWIND vs AS v RETURN v.id AS v, count(*) AS n ORDER BY v",
	"MATCH (h:A)-[:T]->(v) WITH h, collect(DISTINCT v) AS vs UNWIND vs AS w RETURN h.id AS h, count(*) AS n ORDER BY h",
	"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v) WITH h, collect(DISTINCT v.k) AS ks UNWIND ks AS k RETURN h.id AS h, count(*) AS n ORDER BY h",
	"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v) WITH DISTINCT h, v WITH h, collect(DISTINCT v) AS vs UNWIND vs AS v RETURN count(*) AS n, count(DISTINCT h) AS m",
}

// comprehensionLeads bind v (null on some rows after OPTIONAL MATCH).
var comprehensionLeads = []string{
	"MATCH (h:A {id: $p})-->(v)",
	"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v)",
	"MATCH (h:A)-[:T]-(v)",
}

// comprehensionLists are unwound as x (%s: the UNWIND's variable where
// the comprehension's element is a variable of the same name).
var comprehensionLists = []string{
	"UNWIND [(v)-->(u:A) | u] AS x",
	"UNWIND [(v)-->(x:A) | x] AS x",
	"UNWIND [null] + [(v)-->(u) | u] AS x",
	"UNWIND [null] + [(v)-[:T]->(x) | x] AS x",
	"UNWIND [(v)-->(u) | u] + [null] AS x",
	"UNWIND [null] + [(v)-[r]-(u) | r] AS x",
	"UNWIND [null] + [(v)-->(u) WHERE u.k IS NOT NULL | u.k] AS x",
	"UNWIND [null] + [(v)-->(u) | 1] AS x",
	"UNWIND [null] + [p = (v)-->() | length(p)] AS x",
	"UNWIND [(v)<--(h) | h.id] AS x",
	"UNWIND [null] + [(v)-[:T]->(u)-[:T]->(w) | w] AS x",
}

// comprehensionConsumers read the unwound rows.
var comprehensionConsumers = []string{
	"RETURN count(DISTINCT v) AS a, count(DISTINCT x) AS b",
	"RETURN count(*) AS n, count(x) AS m",
	"RETURN h.id AS h, count(DISTINCT x) AS n ORDER BY h",
	"RETURN DISTINCT x IS NULL AS z",
	"WITH count(DISTINCT x) AS n, min(v.id) AS m RETURN n, m",
	"RETURN count(DISTINCT coalesce(x, 0)) AS n",
	"RETURN x IS NULL AS z, count(DISTINCT v) AS n",
	"WITH v, x MATCH (v)-->(u) RETURN count(DISTINCT u) AS n",
	"RETURN count(v) AS a, count(DISTINCT x) AS b",
	"RETURN *",
}

// unwindJoinParams are the parameter sets each query runs with in turn.
var unwindJoinParams = []map[string]any{
	{"p": int64(3), "n": int64(4), "l": []any{int64(1), int64(2), int64(5)}, "a": int64(1), "b": int64(2)},
	{"p": int64(0), "n": int64(2), "l": []any{int64(1), int64(2), int64(1)}, "a": int64(1), "b": 1.0},
	{"p": int64(6), "n": int64(3), "l": []any{int64(2), 2.0, nil}, "a": "x", "b": "x"},
	{"p": int64(9), "n": int64(0), "l": []any{nil, nil, "x", int64(1)}, "a": nil, "b": int64(2)},
	{"p": int64(3), "n": int64(-1), "l": []any{}, "a": int64(4), "b": int64(5)},
	{"p": int64(0), "n": int64(5), "l": int64(2), "a": 2.0, "b": int64(2)},
	{"p": int64(6), "n": int64(3), "l": []any{"x", int64(1), "x"}, "a": int64(0), "b": int64(0)},
}

// TestUnwindJoinsRowMode runs the generated joins of row-independent
// lists, and the collected lists unwound again, against row mode.
func TestUnwindJoinsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 8))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 300 {
		queries = append(queries, fmt.Sprintf(pick(unwindJoinSites), pick(unwindJoinLists))+" "+pick(unwindJoinConsumers))
	}
	// Every list on every site under a counting consumer.
	for _, l := range unwindJoinLists {
		for _, site := range unwindJoinSites {
			queries = append(queries, fmt.Sprintf(site, l)+" RETURN count(*) AS n")
		}
	}
	queries = append(queries, collectedUnwinds...)
	var comprehensions []string
	for _, lead := range comprehensionLeads {
		for _, l := range comprehensionLists {
			for _, c := range comprehensionConsumers {
				comprehensions = append(comprehensions, lead+" "+l+" "+c)
			}
		}
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{5, 23} {
		dbs := planVariants(t, seed, 30, 110, plannedIdxRowMode)
		mustRun(t, dbs["planned-idx"], "CREATE INDEX FOR (n:B) ON (n.k)", nil)
		mustRun(t, dbs["planned-idx"], "CREATE INDEX FOR (n:A) ON (n.k)", nil)
		for _, db := range dbs {
			// k: null, 1, 1.0, 'x', 2 or 0 by the id; parallel
			// relationships and a self-loop at node 3.
			mustRun(t, db, "MATCH (x) SET x.k = CASE x.id % 6 WHEN 0 THEN null WHEN 1 THEN 1 WHEN 2 THEN 1.0 WHEN 3 THEN 'x' ELSE x.id % 3 END", nil)
			mustRun(t, db, "MATCH (x {id: 3}), (y {id: 4}) CREATE (x)-[:T]->(y), (x)-[:T]->(y), (x)-[:U]->(x)", nil)
		}
		for _, q := range queries {
			for _, p := range unwindJoinParams {
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
			}
		}
		// Every comprehension form with every consumer, three anchors.
		for _, q := range comprehensions {
			for _, p := range unwindJoinParams[:3] {
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
			}
		}
	}
	t.Logf("%d queries, %d runs", len(queries)+len(comprehensions), runs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// TestUnwindJoinsPlans checks the plans: an UNWIND of a list of distinct
// values (written, or a parameter's value) joined on a property is one
// membership test, a list with duplicates under a counting consumer
// stays an UNWIND (and a plan made for distinct values is not reused for
// them), and collect then UNWIND of nodes a MATCH bound tests no null.
func TestUnwindJoinsPlans(t *testing.T) {
	dbs := planVariants(t, 5, 30, 110, plannedOnly)
	db := dbs["planned"]
	cases := []struct {
		q      string
		l      any
		unwind bool
	}{
		{"UNWIND range(0, 20, 5) AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(*) AS n", nil, false},
		{"UNWIND $l AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(*) AS n", []any{int64(1), int64(5), int64(7)}, false},
		{"UNWIND $l AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(*) AS n", []any{int64(1), int64(5), 1.0}, true},
		{"UNWIND $l AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(*) AS n", []any{int64(1), int64(5), int64(7)}, false},
		{"UNWIND $l AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(*) AS n", []any{nil, int64(5), nil, int64(2)}, false},
		{"UNWIND [1, 2, 1] AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(*) AS n", nil, true},
		{"UNWIND [1, 2, 1] AS i MATCH (:A {id: $p})-->(v:B {id: i}) RETURN count(DISTINCT v) AS n", nil, false},
	}
	for _, c := range cases {
		args := map[string]any{"p": int64(3), "l": c.l}
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, args)[0][0].(value.String))
		if got := strings.Contains(plan, "Unwind"); got != c.unwind {
			t.Errorf("%s with $l = %v: UNWIND kept %v, want %v\n%s", c.q, c.l, got, c.unwind, plan)
		}
	}
	for _, q := range []string{
		"MATCH (h:A {id: $p})-->(v) UNWIND [null] + [(v)-->(u:A) | u] AS u RETURN count(DISTINCT v) AS a, count(DISTINCT u) AS b",
		"MATCH (h:A {id: $p})-->(v) UNWIND [(v)-->(u:A) | u.id] AS x RETURN count(*) AS n",
	} {
		plan := string(mustRun(t, db, "EXPLAIN "+q, map[string]any{"p": int64(3)})[0][0].(value.String))
		if strings.Contains(plan, "Unwind") {
			t.Errorf("%s: the comprehension is unwound, not matched\n%s", q, plan)
		}
	}
	q := "MATCH (h:A {id: $p})-->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v MATCH (v)-->(w) RETURN count(DISTINCT w) AS n"
	plan := string(mustRun(t, db, "EXPLAIN "+q, map[string]any{"p": int64(3)})[0][0].(value.String))
	if strings.Contains(plan, "IS NOT NULL") {
		t.Errorf("%s: the nodes the MATCH bound are tested for null\n%s", q, plan)
	}
}
