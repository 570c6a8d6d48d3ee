package program

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/planner"
)

// skewedDB is a graph of n :User nodes (id 0..n-1, concept_id "u<id>")
// with KNOWS relationships attached preferentially, so a few hubs hold
// most of them and most nodes have one or two. It returns the ids by
// degree, highest first.
func skewedDB(t *testing.T, seed uint64, n int, index bool) (*testDB, []int) {
	t.Helper()
	db := newTestDB(t, fmt.Sprintf("UNWIND range(0, %d) AS i CREATE (:User {id: i, concept_id: 'u' + toString(i)})", n-1))
	if index {
		if _, err := db.Query(context.Background(), "CREATE INDEX FOR (u:User) ON (u.id)", nil); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var ends []int
	deg := make([]int, n)
	var edges []any
	for i := 1; i < n; i++ {
		for k := 0; k < 2 && k < i; k++ {
			j := rng.IntN(i)
			if len(ends) > 0 && rng.IntN(4) > 0 {
				j = ends[rng.IntN(len(ends))]
			}
			edges = append(edges, []any{i, j})
			ends = append(ends, i, j)
			deg[i]++
			deg[j]++
		}
	}
	if _, err := db.Query(context.Background(), "UNWIND $edges AS e MATCH (a:User {id: e[0]}), (b:User {id: e[1]}) CREATE (a)-[:KNOWS]->(b)", map[string]any{"edges": edges}); err != nil {
		t.Fatal(err)
	}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	sort.SliceStable(ids, func(x, y int) bool { return deg[ids[x]] > deg[ids[y]] })
	return db, ids
}

// paramStatements are program statements whose best plan depends on the
// values of the program's parameters (which anchor is a hub, how long a
// list is, how wide a range, how many rows a LIMIT keeps).
var paramStatements = []string{
	"MATCH (a:User {id: $a})-[:KNOWS]-(x)-[:KNOWS]-(b:User {id: $b}) RETURN x",
	"MATCH (a:User)-[:KNOWS]->(x)<-[:KNOWS]-(b:User) WHERE a.id IN [$a, $c] AND b.id = $b RETURN x",
	"MATCH (a:User)-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE a.id = $a RETURN DISTINCT c",
	"UNWIND $ids AS i MATCH (a:User {id: i})-[:KNOWS]-(b)-[:KNOWS]-(c:User {id: $b}) RETURN b",
	"MATCH (a:User)-[:KNOWS]-(b)-[:KNOWS]-(c:User) WHERE a.id IN $ids AND c.id = $b RETURN b",
	"MATCH (a:User)-[:KNOWS]-(b:User) WHERE a.id = $a OR b.id = $b RETURN b",
	"MATCH (a:User)-[:KNOWS]->(b)-[:KNOWS]->(c:User) WHERE a.id >= $lo AND c.id = $b RETURN b",
	"MATCH (a:User {id: $a})-[:KNOWS]-(b)-[:KNOWS]-(c:User {id: $c}) RETURN b ORDER BY b.id LIMIT $n",
}

// statementPlan returns the plan the first statement of program js gets
// in a run with params: compiled as the run compiles it (run.compiled,
// through the plan cache), for an empty working graph.
func statementPlan(t *testing.T, db *testDB, js string, params map[string]any) *planner.Compiled {
	t.Helper()
	p := mustProgram(t, js)
	o := (*Options)(nil).withDefaults()
	pr := db.prepare(p, o)
	if pr.lowerErr != nil {
		t.Fatal(pr.lowerErr)
	}
	bound, _, err := bindParams(p, pr.refs, params)
	if err != nil {
		t.Fatal(err)
	}
	r := &run{rn: db.Runner, opts: o, params: bound, w: NewWorkingGraph(), prog: pr.low}
	st := pr.low.plan.Steps[0]
	if err := pr.low.errs[st]; err != nil {
		t.Fatal(err)
	}
	c, err := r.compiled(pr.low.query[st], p.Statements[0].Operation)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// planShape is a plan's operator tree without estimates, with the
// parameters written as the literals of params (nil: as planned).
func planShape(c *planner.Compiled, params map[string]any) string {
	s := c.Plan.Render(func(int, int) string { return "" })
	if params != nil {
		s = writtenIn(s, params)
	}
	return s
}

// oneElement is a one-element list literal indexed by 0, `[v][0]`.
var oneElement = regexp.MustCompile(`\[([^\[\],]+)\]\[0\]`)

// writtenIn is plan text s with the parameters written as the literals
// of params. A test `x IN $p` over a list of one element is planned as
// `x = $p[0]` (the literal `x IN [v]` is `x = v`), which written in is
// `x = [v][0]`: that is v, and is written so.
func writtenIn(s string, params map[string]any) string {
	return oneElement.ReplaceAllString(testenv.LiteralText(s, params), "$1")
}

// TestProgramParamSensitivePlans runs program forms of parameterised
// questions on skewed random graphs (with and without an index on the
// anchors' key), alternating a hub's values and a leaf's. A statement
// must be planned for the values of the run, as a Cypher query is: its
// plan must be the literal program's (same operator tree, same estimated
// cost), its nodes the literal program's, and after the first round the
// runs must reuse the cached plans (values of a class seen before plan
// nothing).
func TestProgramParamSensitivePlans(t *testing.T) {
	differ, fresh := 0, 0
	for _, seed := range []uint64{1, 2} {
		for _, index := range []bool{false, true} {
			n := 300 + 100*int(seed)
			db, byDegree := skewedDB(t, seed, n, index)
			hub, hub2, leaf, leaf2 := byDegree[0], byDegree[1], byDegree[n-1], byDegree[n-2]
			sets := []map[string]any{
				{"a": hub, "b": hub2, "c": leaf, "ids": []any{hub, hub2, byDegree[2]}, "lo": 0, "n": 1000},
				{"a": leaf, "b": leaf2, "c": n + 5, "ids": []any{leaf}, "lo": n - 3, "n": 2},
				{"a": leaf2, "b": hub, "c": byDegree[n/2], "ids": []any{leaf2, byDegree[n/2]}, "lo": n / 2, "n": 5},
			}
			for _, q := range paramStatements {
				js := prog(cypherStmt("+", q))
				shapes := map[string]bool{}
				for round := range 3 {
					for _, params := range sets {
						lit := prog(cypherStmt("+", testenv.LiteralText(q, params)))
						before := db.PlanCacheCounts().Compiles
						got := ids(runJSON(t, db, js, params).Graph())
						if c := db.PlanCacheCounts().Compiles; round > 0 && c != before {
							t.Errorf("seed %d index %v round %d %s %v: %d plans compiled: values of a class seen before must reuse its plan", seed, index, round, q, params, c-before)
						}
						want := ids(runJSON(t, db, lit, nil).Graph())
						if got != want {
							t.Fatalf("seed %d index %v %s %v: nodes %s, the literal program's %s", seed, index, q, params, got, want)
						}
						// The plan the run used (from the cache), one planned
						// afresh for the values (a text of its own: trailing
						// blanks), and the literal program's.
						used, litPlan := statementPlan(t, db, js, params), statementPlan(t, db, lit, nil)
						fresh++
						fresh := statementPlan(t, db, prog(cypherStmt("+", q+strings.Repeat(" ", fresh))), params)
						if planShape(used, params) != planShape(fresh, params) {
							t.Fatalf("seed %d index %v round %d %s %v: the cache gave the plan\n%s\nnot the one planned for the values\n%s",
								seed, index, round, q, params, planShape(used, params), planShape(fresh, params))
						}
						if planShape(fresh, params) != planShape(litPlan, nil) || !near(fresh.Cost, litPlan.Cost) {
							t.Errorf("seed %d index %v round %d %s %v: the statement's plan (cost %.1f)\n%s\nis not the literal program's (cost %.1f)\n%s",
								seed, index, round, q, params, fresh.Cost, planShape(fresh, params), litPlan.Cost, planShape(litPlan, nil))
						}
						shapes[planShape(used, nil)] = true
					}
				}
				if len(shapes) > 1 {
					differ++
				}
			}
		}
	}
	if differ == 0 {
		t.Fatal("no statement got different plans for a hub's and a leaf's values: the test shows nothing")
	}
	t.Logf("%d statement/graph pairs planned differently by value", differ)
}

func near(a, b float64) bool {
	return a == b || (a-b)*(a-b) <= 1e-12*(a*a+b*b)
}

// TestProgramExplainParams: EXPLAIN of a program with parameter values
// shows, for each statement that reads them, the plan of the literal
// program (operator trees equal once the values are written in), and the
// plans it shows follow the values.
func TestProgramExplainParams(t *testing.T) {
	est := regexp.MustCompile(` \(est\. rows [^)]*\)`)
	plain := func(s string) string { return est.ReplaceAllString(s, "") }
	differ := 0
	for _, index := range []bool{false, true} {
		n := 400
		db, byDegree := skewedDB(t, 1, n, index)
		hub, hub2, leaf, leaf2 := byDegree[0], byDegree[1], byDegree[n-1], byDegree[n-2]
		sets := []map[string]any{
			{"a": hub, "b": hub2, "c": leaf, "ids": []any{hub, hub2, byDegree[2]}, "lo": 0, "n": 1000},
			{"a": leaf, "b": leaf2, "c": n + 5, "ids": []any{leaf}, "lo": n - 3, "n": 2},
		}
		for _, q := range paramStatements {
			shown := map[string]bool{}
			for _, params := range sets {
				got, err := db.Explain(mustProgram(t, prog(cypherStmt("+", q))), params, nil)
				if err != nil {
					t.Fatal(err)
				}
				want, err := db.Explain(mustProgram(t, prog(cypherStmt("+", testenv.LiteralText(q, params)))), nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if g := plain(writtenIn(got, params)); g != plain(want) {
					t.Errorf("index %v %s %v: EXPLAIN shows\n%s\nnot the literal program's plan\n%s", index, q, params, g, plain(want))
				}
				shown[plain(got)] = true
			}
			if len(shown) > 1 {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("no statement's EXPLAIN changed with the values: the test shows nothing")
	}
	t.Logf("%d statement/graph pairs explained differently by value", differ)
	// Values are checked as a run checks them.
	db, _ := skewedDB(t, 1, 50, false)
	p := mustProgram(t, `{"version": 1, "params": [{"name": "a", "type": "number"}], "statements": [`+cypherStmt("+", "MATCH (a:User {id: $a}) RETURN a")+`]}`)
	if _, err := db.Explain(p, map[string]any{"a": "x"}, nil); err == nil {
		t.Error("EXPLAIN took a string for a number parameter")
	}
}
