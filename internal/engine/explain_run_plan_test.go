package engine

import (
	"context"
	"testing"

	"github.com/cyqdb/cyq/value"
)

func explainText(t *testing.T, eng *Engine, q string, params map[string]any) string {
	t.Helper()
	rows, err := eng.Query(context.Background(), q, params)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	all, err := rows.All()
	if err != nil || len(all) != 1 {
		t.Fatalf("%s: %v %v", q, all, err)
	}
	s, ok := all[0][0].(value.String)
	if !ok {
		t.Fatalf("%s gave %v", q, all[0][0])
	}
	return string(s)
}

// TestExplainShowsRunPlan checks that EXPLAIN of exactly a query's text
// shows the plan a run of the text with the same values cached, without
// planning again, and that it shows the plan a fresh EXPLAIN plans; that
// other texts (another query's, one with more before or after the
// query's, EXPLAIN without the values) and PROFILE are planned as
// before. Breaks: no lookup fails 1 check; no check of the text after
// the query fails 1; none of the text before it fails 1.
func TestExplainShowsRunPlan(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	mustQuery(t, eng, "UNWIND range(0, 199) AS i CREATE (n:A {id: i, k: i % 7})", nil)
	mustQuery(t, eng, "MATCH (a:A), (b:A) WHERE b.id = a.id + 1 AND a.k < 3 CREATE (a)-[:T]->(b)", nil)
	mustQuery(t, eng, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	q := "MATCH (a:A)-[:T]->(b) WHERE a.id IN $ids RETURN count(b)"
	params := map[string]any{"ids": []any{1, 2, 3}}
	fresh := explainText(t, eng, "EXPLAIN "+q, params) // planned: no run cached yet
	eng.plans.invalidate()
	mustQuery(t, eng, q, params)
	before := eng.PlanCacheCounts()
	for _, text := range []string{"EXPLAIN " + q, "explain  " + q + " ", "EXPLAIN\n" + q} {
		if got := explainText(t, eng, text, params); got != fresh {
			t.Errorf("%q after a run shows\n%s\nnot\n%s", text, got, fresh)
		}
	}
	after := eng.PlanCacheCounts()
	if after.Compiles != before.Compiles || after.Hits != before.Hits+3 {
		t.Errorf("EXPLAIN after a run planned again: %+v after %+v", after, before)
	}
	// Texts that are not exactly the run's, and values of another class,
	// plan (and cache) under their own key as before.
	for _, c := range []struct {
		text   string
		params map[string]any
	}{
		{"EXPLAIN MATCH (a:A)-[:T]->(b) WHERE a.id IN $ids RETURN count(b) AS n", params},
		{"EXPLAIN " + q + " // more", params},
		{"EXPLAIN /* more */ " + q, params},
		{"EXPLAIN " + q, nil},
	} {
		before := eng.PlanCacheCounts()
		explainText(t, eng, c.text, c.params)
		if after := eng.PlanCacheCounts(); after.Compiles != before.Compiles+1 {
			t.Errorf("%q %v: %+v after %+v, want one plan compiled", c.text, c.params, after, before)
		}
	}
	// PROFILE runs the query under its own key (its errors carry the
	// positions of its own text).
	before = eng.PlanCacheCounts()
	mustQuery(t, eng, "PROFILE "+q, params)
	if after := eng.PlanCacheCounts(); after.Compiles != before.Compiles+1 {
		t.Errorf("PROFILE reused the run's plan: %+v after %+v", after, before)
	}
}
