package cyq

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestCallCountsAgree runs CALL subqueries that count their body's rows,
// which the planner plans as COUNT subqueries, and compares their rows
// with the CALL run as written (start last, row mode). Among them are
// bodies that name an outer variable they do not import (their own
// variable in the CALL), an outer variable a WITH of the body drops,
// counts of a variable an OPTIONAL MATCH may leave null, several count
// columns, and counts the rewrite does not cover (DISTINCT, LIMIT).
func TestCallCountsAgree(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a) CALL { WITH a MATCH (a)<-[:T]-(:A) RETURN count(*) AS k } RETURN a.id, k",
		"MATCH (a) CALL { WITH a MATCH (a)<-[:T]-(:A) RETURN count(*) AS k } WITH a, k WHERE k > 0 RETURN count(*)",
		"MATCH (a:A) CALL (a) { MATCH (a)-[r]->(b) RETURN count(b) AS k, count(r) AS l, count(*) AS m } RETURN a.id, k, l, m",
		"MATCH (a:A) CALL (*) { MATCH (a)-->(b)-->(c) WHERE c.id > 10 RETURN count(c) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH * MATCH (a)-->(b) RETURN count(*) AS k } RETURN a.id, k",
		// b inside is the body's own variable, not the outer b
		"MATCH (a:A)-->(b) CALL { WITH a MATCH (a)-->(b) RETURN count(*) AS k } RETURN a.id, b.id, k",
		"MATCH (a:A)-->(b) CALL (a) { MATCH (a)<--(b) RETURN count(b) AS k } RETURN a.id, b.id, k",
		// past the body's WITH, a is a new variable in the CALL
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) WITH b MATCH (b)-->(a) RETURN count(*) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) WITH b, a MATCH (b)-->(a) RETURN count(*) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a UNWIND [1, 2] AS x MATCH (a)-->(b) WHERE b.id % 3 >= x RETURN count(*) AS k } RETURN a.id, k",
		// a null count(v) does not count the row
		"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-->(b:B) RETURN count(b) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) OPTIONAL MATCH (b)-->(c:B) RETURN count(c) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) WITH CASE WHEN b.id % 2 = 0 THEN b.id END AS v RETURN count(v) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) RETURN count(DISTINCT b) AS k } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) RETURN count(*) AS k LIMIT 0 } RETURN a.id, k",
		"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) CALL { WITH b MATCH (b)-->(c) RETURN count(*) AS j } RETURN count(*) AS k } RETURN a.id, k",
		"OPTIONAL MATCH (a:A)-->(x:A) WHERE a.id > 30 CALL { WITH x MATCH (x)-->(b) RETURN count(*) AS k } RETURN x.id, k",
	}
	dbs := planVariants(t, 33, 40, 120, cheapestLastRowMode)
	for _, q := range queries {
		want := canonical(mustRun(t, dbs["last,row-mode"], q, nil))
		got := canonical(mustRun(t, dbs["cheapest"], q, nil))
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: planned gives %v, written %v", q, got, want)
		}
	}
	// The counts the rewrite covers plan without the CALL; the others keep it.
	for _, c := range []struct {
		query string
		call  bool
	}{
		{queries[0], false},
		{queries[2], false},
		{queries[3], false},
		{queries[4], false},
		{queries[5], true},
		{queries[6], true},
		{queries[7], true},
		{queries[8], false},
		{queries[9], false},
		{queries[10], true},
		{queries[11], true},
		{queries[12], true},
		{queries[13], true},
		{queries[14], true},
	} {
		plan := string(mustRun(t, dbs["cheapest"], "EXPLAIN "+c.query, nil)[0][0].(value.String))
		if strings.Contains(plan, "CallSubquery") != c.call {
			t.Errorf("%s: CallSubquery in the plan %v, want %v\n%s", c.query, !c.call, c.call, plan)
		}
	}
}
