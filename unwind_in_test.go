package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestUnwindAsInMatchesRows runs queries that UNWIND a list and compare
// its variable by equality only (read by the planner as an IN test of
// the list when the rows' multiplicity allows it) on random graphs,
// planned with and without an index on the compared property, against
// row-by-row execution in written order: the rows must agree. The lists
// hold duplicates (1 and 1.0 among them), nulls, strings, nothing, or are
// not lists at all (a scalar unwinds to itself); the consumers count
// rows (duplicates matter) or ignore duplicates (DISTINCT, count(DISTINCT),
// min), and some return the unwound variable.
func TestUnwindAsInMatchesRows(t *testing.T) {
	t.Parallel()
	lists := []string{"[1, 1, null, 2.0, 'x']", "['x', 'y', 'x', null]", "[2, 0, 1]", "[]", "[null]", "range(0, 3)", "$l"}
	sites := []string{
		"UNWIND %[1]s AS x MATCH (a:A {k: x})-[:T]->(b) RETURN %[2]s",
		"UNWIND %[1]s AS x MATCH (a)-[:T]->(b) WHERE b.k = x AND a.id < 30 RETURN %[2]s",
		"MATCH (a)-[:T]->(b) UNWIND %[1]s AS x MATCH (b) WHERE x = b.k RETURN %[2]s",
		"UNWIND %[1]s AS x MATCH (a:A) WITH a, x MATCH (a)-[:U|T]->(b) WITH a, b, x WHERE a.k = x RETURN %[2]s",
		"MATCH (a:A)-[:T]->(b) UNWIND a.l AS x WITH a, b, x WHERE x = 2 RETURN %[2]s",
		"MATCH (a:A)-[:T]->(b) UNWIND a.l AS x WITH a, b, x WHERE x = b.k RETURN %[2]s",
		"MATCH (a:A)-[:T]->(b) UNWIND a.l AS x MATCH (b)-->(c {k: x}) RETURN %[2]s",
		"UNWIND %[1]s AS x MATCH (a:A)-[:T]->(b) WITH a, b, x WHERE x = 'x' RETURN %[2]s",
		"UNWIND %[1]s AS x MATCH (a)-[:T]->(b:A) WHERE 1 = x RETURN %[2]s",
	}
	consumers := []string{
		"count(*) AS n",
		"a.id AS a, b.id AS b",
		"count(DISTINCT b) AS n",
		"DISTINCT a.id AS a",
		"a.id AS a, collect(DISTINCT b.id) AS bs",
		"min(b.id) AS m, max(a.id) AS n",
		"a.id AS a, collect(x) AS xs",
		"x AS x, a.id AS a, b.id AS b",
	}
	params := []any{[]any{1, 1, nil, 2}, []any{}, []any{nil}, 3, nil, []any{"x", 2.0}}
	rewritten, cases := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := map[string]*DB{}
		for name, o := range map[string]*Options{"planned": nil, "indexed": nil, "rows": {StartLast: true, RowModeOnly: true}} {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if name == "indexed" {
				mustRun(t, db, "CREATE INDEX FOR (a:A) ON (a.k)", nil)
			}
			randomGraph(t, db, seed, 40, 120)
			mustRun(t, db, `MATCH (x) SET x.k = CASE x.id % 6 WHEN 0 THEN null WHEN 1 THEN 1 WHEN 2 THEN 2.0 WHEN 3 THEN 'x' ELSE x.id % 3 END,
				x.l = CASE x.id % 5 WHEN 0 THEN [1, 1, 2] WHEN 1 THEN ['x', 'x'] WHEN 2 THEN 2 WHEN 3 THEN null ELSE [2.0, 1.0] END`, nil)
			dbs[name] = db
		}
		for _, site := range sites {
			for _, l := range lists {
				if !strings.Contains(site, "%[1]s") && l != lists[0] {
					continue // the list is a property of the graph
				}
				for _, c := range consumers {
					q := fmt.Sprintf(site, l, c)
					ps := []any{nil}
					if l == "$l" {
						ps = params
					}
					for _, p := range ps {
						args := map[string]any{"l": p}
						want := fmt.Sprint(canonical(mustRun(t, dbs["rows"], q, args)))
						cases++
						for _, name := range []string{"planned", "indexed"} {
							if got := fmt.Sprint(canonical(mustRun(t, dbs[name], q, args))); got != want {
								t.Errorf("seed %d, %s, $l=%v: %s\n got  %s\n want %s", seed, name, p, q, got, want)
							}
							c, err := dbs[name].CompileWith(q, args)
							if err != nil {
								t.Fatal(err)
							}
							if !strings.Contains(c.Plan.Explain(), "Unwind") {
								rewritten++
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases, %d plans read the UNWIND as IN", cases, rewritten)
	if rewritten == 0 {
		t.Fatal("no plan read an UNWIND as an IN test: the test checks nothing of the rule")
	}
}

// TestQuantifiedEqualityMatchesRows runs list quantifiers over an
// equality with the list's variable (read by the planner as IN tests,
// with a property, a literal or a parameter on the other side) on random
// graphs, against the same test written as a reduce() over the list,
// which no rule rewrites (the quantifiers are rewritten in row mode
// too): the lists hold equal values of different types (1 and 1.0),
// nulls, or nothing, and the quantifiers are filters or returned, where
// a null result shows.
func TestQuantifiedEqualityMatchesRows(t *testing.T) {
	t.Parallel()
	anyOf := func(l, c string) string { return "reduce(s = false, i IN " + l + " | s OR " + c + ")" }
	single := func(l, c string) string {
		return "reduce(s = 0, i IN " + l + " | s + CASE WHEN " + c + " THEN 1 ELSE 0 END) = 1"
	}
	pairs := [][2]string{
		{"MATCH (a) WHERE single(i IN [1, 1.0, 2] WHERE a.k = i) RETURN a.id", "MATCH (a) WHERE " + single("[1, 1.0, 2]", "a.k = i") + " RETURN a.id"},
		{"MATCH (a:A) WHERE single(i IN [1, 1.0, 2] WHERE a.k = i) RETURN a.id", "MATCH (a:A) WHERE " + single("[1, 1.0, 2]", "a.k = i") + " RETURN a.id"},
		{"MATCH (a:B)-[:T]->(b) WHERE single(i IN [2, 1.0, 1] WHERE b.k = i) RETURN a.id, b.id", "MATCH (a:B)-[:T]->(b) WHERE " + single("[2, 1.0, 1]", "b.k = i") + " RETURN a.id, b.id"},
		{"MATCH (a) WHERE single(i IN [1, 2, 'x'] WHERE a.k = i) RETURN a.id", "MATCH (a) WHERE " + single("[1, 2, 'x']", "a.k = i") + " RETURN a.id"},
		{"MATCH (a) WHERE any(i IN a.ls WHERE i = 2) RETURN a.id", "MATCH (a) WHERE " + anyOf("a.ls", "i = 2") + " RETURN a.id"},
		{"MATCH (a) WHERE any(i IN a.ls WHERE $v = i) RETURN a.id", "MATCH (a) WHERE " + anyOf("a.ls", "$v = i") + " RETURN a.id"},
		{"MATCH (a) WHERE none(i IN a.ls WHERE i = 'x') RETURN a.id", "MATCH (a) WHERE NOT " + anyOf("a.ls", "i = 'x'") + " RETURN a.id"},
		{"MATCH (a) WHERE all(i IN a.ls WHERE i <> 1) RETURN a.id", "MATCH (a) WHERE NOT " + anyOf("a.ls", "i = 1") + " RETURN a.id"},
		{"MATCH (a) RETURN a.id, any(i IN a.ls WHERE i = $v) AS t, any(i IN [1, null] WHERE i = $v) AS u",
			"MATCH (a) RETURN a.id, " + anyOf("a.ls", "i = $v") + " AS t, " + anyOf("[1, null]", "i = $v") + " AS u"},
		{"MATCH (a)-[:T]->(b) WHERE any(i IN [a.k, null] WHERE i = 2) RETURN a.id, b.id", "MATCH (a)-[:T]->(b) WHERE " + anyOf("[a.k, null]", "i = 2") + " RETURN a.id, b.id"},
	}
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	randomGraph(t, db, 3, 40, 120)
	mustRun(t, db, `MATCH (x) SET x.k = CASE x.id % 4 WHEN 0 THEN 1 WHEN 1 THEN 1.0 WHEN 2 THEN 2 ELSE 'x' END,
		x.ls = CASE x.id % 5 WHEN 0 THEN [1, 1, 2] WHEN 1 THEN ['x', 'y'] WHEN 2 THEN [] WHEN 3 THEN null ELSE [2.0, 1.0] END`, nil)
	for _, v := range []any{2, "x", nil, 1.0} {
		p := map[string]any{"v": v}
		for _, q := range pairs {
			want := fmt.Sprint(canonical(mustRun(t, db, q[1], p)))
			if got := fmt.Sprint(canonical(mustRun(t, db, q[0], p))); got != want {
				t.Errorf("$v=%v: %s\n got  %s\n want %s", v, q[0], got, want)
			}
		}
	}
}
