package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// shortestStepForms are the shortest-path selections the rule covers,
// each with a predicate slot: %[1]s is a WHERE on the path p (a
// conjunction of quantifiers over its nodes and relationships), %[2]s a
// WHERE inside a quantified path's hop ((x)-[r]-(y)), %[3]s the
// relationship's direction and types (as -[...]- around them), %[4]s the
// length range's upper bound.
var shortestStepForms = []string{
	"MATCH (a:A), (b:B) MATCH p = shortestPath((a)%[3]s(b)) WHERE %[1]s RETURN a.id, b.id, length(p)",
	"MATCH (a:A) MATCH (b:B) MATCH p = allShortestPaths((a)%[3]s(b)) WHERE %[1]s RETURN a.id, b.id, length(p), count(*)",
	"MATCH (a:A) MATCH p = shortestPath((a)%[3]s(b)) WHERE %[1]s RETURN a.id, b.id, length(p)",
	"MATCH (a:A), (b) WHERE b.id %% 4 = 1 MATCH p = (a)%[3]s(b) WHERE %[1]s WITH a, b, min(length(p)) AS d RETURN a.id, b.id, d",
	"MATCH (a:A) MATCH p = (a)%[3]s(b:B) WHERE %[1]s WITH a, b, collect(p) AS ps WITH a, b, reduce(m = 9, x IN ps | CASE WHEN length(x) < m THEN length(x) ELSE m END) AS d, ps RETURN a.id, b.id, d, size([x IN ps WHERE length(x) = d])",
	"MATCH p = SHORTEST 2 (a:A) ((x)-[r:T|U]-(y) WHERE %[2]s){1,%[4]d} (b:B) RETURN a.id, b.id, length(p)",
	"MATCH p = ALL SHORTEST (a:A) ((x)-[r]->(y) WHERE %[2]s){1,%[4]d} (b) RETURN a.id, b.id, length(p), count(*)",
	"MATCH p = ANY SHORTEST (a:A) ((x)<-[r:T]-(y) WHERE %[2]s){0,%[4]d} (b:B) RETURN a.id, b.id, length(p)",
	"MATCH p = SHORTEST 1 GROUPS (a:A) ((x)-[r]-(y:B WHERE %[2]s)){1,%[4]d} (b) WHERE b.id < 9 RETURN a.id, b.id, length(p), count(*)",
	"MATCH (a:A), (b:B) MATCH p = shortestPath((a)%[3]s(b)) WHERE %[1]s AND b.id %% 2 = 0 RETURN a.id, b.id, length(p)",
}

// Per-element tests: of a node x (some may fail: arithmetic, a
// property of a bound node), of a relationship r.
var (
	stepNodeTests = []string{"x.k > 1", "x.k IS NULL OR x.k <> 2", "x:B", "NOT x:A", "x.k IN [1, 3]", "x.k >= $lo", "x.id <> 4", "x.id %% 3 <> 0", "x.k <> a.k", "x.k = 3 OR x:A", "6 / (x.k - 2) > 0"}
	stepRelTests  = []string{"r.w > 0", "r.w IS NOT NULL", "r.w <> 1", "type(r) = 'T'", "r.w >= $lo", "r.w * 2 < 3", "6 / (r.w - 1) < 9"}
	stepNodeRuns  = []string{"nodes(p)", "nodes(p)[1..]", "nodes(p)[..-1]", "nodes(p)[1..-1]", "tail(nodes(p))"}
	stepRels      = []string{"-[*..%d]-", "-[:T*..%d]->", "<-[:T|U*..%d]-", "-[*0..%d]-"}
)

// stepQuery draws one query of form f.
func stepQuery(r *rand.Rand, f string) string {
	quant := func() string {
		if r.IntN(3) == 0 {
			return "none"
		}
		return "all"
	}
	node := func(v string) string {
		return strings.ReplaceAll(stepNodeTests[r.IntN(len(stepNodeTests))], "x", v)
	}
	var path []string
	for n := 1 + r.IntN(2); n > 0; n-- {
		if r.IntN(2) == 0 {
			path = append(path, fmt.Sprintf("%s(x IN %s WHERE %s)", quant(), stepNodeRuns[r.IntN(len(stepNodeRuns))], node("x")))
		} else {
			path = append(path, fmt.Sprintf("%s(r IN relationships(p) WHERE %s)", quant(), stepRelTests[r.IntN(len(stepRelTests))]))
		}
	}
	var hop []string
	for n := 1 + r.IntN(2); n > 0; n-- {
		switch r.IntN(3) {
		case 0:
			hop = append(hop, "("+node("y")+")")
		case 1:
			hop = append(hop, "("+node("x")+")")
		default:
			hop = append(hop, "("+stepRelTests[r.IntN(len(stepRelTests))]+")")
		}
	}
	hi := 2 + r.IntN(3)
	rel := fmt.Sprintf(stepRels[r.IntN(len(stepRels))], hi)
	if strings.Contains(f, "min(length(p))") || strings.Contains(f, "collect(p)") {
		rel = strings.Replace(rel, "*..", "*1..", 1)
	}
	// A test that may fail stands alone: beside another conjunct, the
	// planner may evaluate it on fewer paths or trails than row mode
	// (filters pushed down, trails pruned by per-level tests), a freedom
	// older rules take that this test does not judge.
	for _, list := range []*[]string{&path, &hop} {
		for _, c := range *list {
			if strings.Contains(c, "6 / (") {
				*list = []string{c}
				break
			}
		}
	}
	q := fmt.Sprintf(f, strings.Join(path, " AND "), strings.Join(hop, " AND "), rel, hi)
	return strings.ReplaceAll(q, "%%", "%")
}

// stepRun is a query's rows in canonical order, or its error's code.
func stepRun(t *testing.T, db *DB, q string, params map[string]any) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	if err == nil {
		all, aerr := rows.All()
		if aerr == nil {
			return strings.Join(canonical(all), "; ")
		}
		err = aerr
	}
	msg := err.Error()
	if i := strings.Index(msg, ":"); i > 0 {
		msg = msg[:i]
	}
	return "error " + msg
}

// TestShortestSteps checks shortestSteps: per-node and per-relationship
// tests of a shortest-path search's paths (all()/none() over nodes(p),
// its runs and relationships(p), the inner WHERE of a quantified path's
// hop) that the search makes as it crosses each node and relationship,
// on every shortest selection (shortestPath, allShortestPaths, SHORTEST
// k, SHORTEST k GROUPS, ALL SHORTEST, ANY SHORTEST, the least length of
// variable-length trails, alone or collected), against row mode (which
// tests each path in order of length, or enumerates the trails), on
// random graphs with self-loops, parallel relationships and null
// properties. Tests that may fail (arithmetic, a bound node's
// property) must stay with the pre-filter and raise errors, if any, on
// the same queries.
func TestShortestSteps(t *testing.T) {
	const perForm = 14
	failed, runs, moved := 0, 0, 0
	params := map[string]any{"lo": 1}
	for _, seed := range []uint64{3, 8, 21} {
		dbs := rowModeGraphs(t, seed, 20, 46, plannedRowMode, "MATCH (x) WHERE x.id % 6 <> 0 SET x.k = x.id % 4", "MATCH (s)-[r]->(e) WHERE (s.id + e.id) % 5 <> 0 SET r.w = (s.id * 7 + e.id) % 3")
		r := rand.New(rand.NewPCG(seed, 14))
		for _, f := range shortestStepForms {
			for range perForm {
				q := stepQuery(r, f)
				plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, params))
				if strings.Contains(plan, " through ") || strings.Contains(plan, " crossing (") {
					moved++
				}
				runs++
				start := time.Now()
				want := stepRun(t, dbs["row-mode"], q, params)
				if d := time.Since(start); d > time.Second {
					t.Logf("slow row mode %v: %s", d, q)
				}
				if got := stepRun(t, dbs["planned"], q, params); got != want {
					failed++
					if failed <= 20 {
						t.Errorf("seed %d: %s\n got %s\nwant %s\nplan %s", seed, q, got, want, plan)
					}
				}
			}
		}
	}
	t.Logf("%d of %d plans test nodes or relationships in the search", moved, runs)
	if moved < runs/3 {
		t.Errorf("only %d of %d plans moved a test into the search: the test checks little of the rule", moved, runs)
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
