package planner

import (
	"strings"
	"testing"
)

// TestUncollect checks that a list collected only to be unwound plans as
// the rows it was collected from (no aggregation, no UNWIND), and that
// the shapes whose rows differ keep both.
func TestUncollect(t *testing.T) {
	plan := func(q string) string { return compileFake(t, q).Plan.Explain() }
	for _, q := range []string{
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs AS x MATCH (x)-->(h) RETURN count(DISTINCT h) AS n",
		"MATCH (t:User {id: 1})<--(x) WITH collect(DISTINCT x) AS xs UNWIND xs AS y RETURN count(y) AS n",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x.id) AS xs UNWIND xs AS i RETURN sum(i) AS n",
	} {
		if got := plan(q); strings.Contains(got, "Unwind") || strings.Contains(got, "collect") {
			t.Errorf("%s: still collects and unwinds\n%s", q, got)
		}
	}
	for _, q := range []string{
		// the list is read later, grouped, filtered, limited
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs AS x RETURN x, size(xs) AS n",
		"MATCH (t:User {id: 1})<--(x) WITH t, collect(x) AS xs UNWIND xs AS x RETURN t, x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs WHERE size(xs) > 2 UNWIND xs AS x RETURN x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs LIMIT 1 UNWIND xs AS x RETURN x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs + [null] AS x RETURN x",
	} {
		if got := plan(q); !strings.Contains(got, "Unwind") {
			t.Errorf("%s: the UNWIND is gone\n%s", q, got)
		}
	}
}
