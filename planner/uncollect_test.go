package planner

import (
	"regexp"
	"strings"
	"testing"
)

// TestUncollect checks that a list collected only to be unwound plans as
// the rows it was collected from (no aggregation, no UNWIND): per group,
// sliced into SKIP and LIMIT (a top-k after an ORDER BY), concatenated
// into a union of sets under a duplicate-insensitive consumer; and that
// the shapes whose rows differ keep both.
func TestUncollect(t *testing.T) {
	plan := func(q string) string { return compileFake(t, q).Plan.Explain() }
	for _, c := range []struct{ q, has string }{
		{"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs AS x MATCH (x)-->(h) RETURN count(DISTINCT h) AS n", ""},
		{"MATCH (t:User {id: 1})<--(x) WITH collect(DISTINCT x) AS xs UNWIND xs AS y RETURN count(y) AS n", ""},
		{"MATCH (t:User {id: 1})<--(x) WITH collect(x.id) AS xs UNWIND xs AS i RETURN sum(i) AS n", ""},
		{"MATCH (t:User {id: 1})<--(x) WITH t, collect(x) AS xs UNWIND xs AS x RETURN t, x", ""},
		{"MATCH (a:User)-->() WITH a.id AS id, count(*) AS d ORDER BY d DESC, id WITH collect({id: id, d: d})[..10] AS top UNWIND top AS t RETURN t.id AS id, t.d AS d", "Limit 10 ("},
		{"MATCH (a:User)-->() WITH a.id AS id, count(*) AS d ORDER BY d DESC, id WITH collect([id, d]) AS rows UNWIND rows[5..10] AS row RETURN row[0] AS id, row[1] AS d", "Skip 5 ("},
		{"MATCH (a:User)-->(b) WITH b ORDER BY b.id WITH collect(b.name)[2..] AS bs UNWIND bs AS n RETURN n", "Skip 2 ("},
		{"MATCH (a:User) WITH collect(a)[null..3] AS xs UNWIND xs AS a RETURN a", "Limit 0 ("},
		{"MATCH (e:User {id: 1})<--(y) OPTIONAL MATCH (y)<--(z) WITH collect(DISTINCT y) + collect(DISTINCT z) AS xs UNWIND xs AS x RETURN count(DISTINCT x) AS n", "(#0 OR #1)"},
		{"MATCH (a:User {id: 1})--(b) OPTIONAL MATCH (b)--(c:User) WHERE c <> a WITH a, collect(b) + collect(c) AS cs UNWIND cs AS c WITH DISTINCT c RETURN count(c) AS n", "(#0 OR #1)"},
	} {
		got := plan(c.q)
		if strings.Contains(got, "Unwind") || strings.Contains(got, "collect") || !strings.Contains(got, c.has) {
			t.Errorf("%s: still collects and unwinds, or no %q\n%s", c.q, c.has, got)
		}
	}
	// the sort of a top-k is followed by its LIMIT
	if got := plan("MATCH (a:User)-->() WITH a.id AS id, count(*) AS d ORDER BY d DESC, id WITH collect([id, d]) AS rows UNWIND rows[..10] AS row RETURN row[0] AS id"); !regexp.MustCompile(`Limit 10 \(est\. rows 10\)\n\s*\+Sort`).MatchString(got) {
		t.Errorf("the LIMIT does not follow the sort\n%s", got)
	}
	for _, q := range []string{
		// the list is read later, filtered, limited, sliced from the end
		// or per group, concatenated under a consumer that counts rows
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs AS x RETURN x, size(xs) AS n",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs WHERE size(xs) > 2 UNWIND xs AS x RETURN x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs LIMIT 1 UNWIND xs AS x RETURN x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs + [null] AS x RETURN x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x) AS xs UNWIND xs[..-1] AS x RETURN x",
		"MATCH (t:User {id: 1})<--(x) WITH collect(x)[-3..] AS xs UNWIND xs AS x RETURN x",
		"MATCH (t:User)<--(x) WITH t, collect(x)[..2] AS xs UNWIND xs AS x RETURN t, x",
		"MATCH (t:User {id: 1})<--(x)<--(y) WITH collect(x) + collect(y) AS xs UNWIND xs AS z RETURN count(z) AS n",
		"MATCH (t:User {id: 1})<--(x)<--(y) WITH collect(x) + collect(y) AS xs UNWIND xs AS z RETURN z",
	} {
		if got := plan(q); !strings.Contains(got, "Unwind") {
			t.Errorf("%s: the UNWIND is gone\n%s", q, got)
		}
	}
}
