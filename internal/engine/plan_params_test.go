package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// hubGraph creates n :User nodes (ids 0..n-1) with KNOWS relationships
// attached preferentially (a new node links to m nodes picked in
// proportion to their degree), so a few hubs hold most relationships
// and most nodes have one or two. It returns the ids by degree, highest
// first.
func hubGraph(tb testing.TB, engs []*Engine, seed uint64, n, m int, index bool) []int {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var ends []int // every relationship's two ends: picking one picks by degree
	deg := make([]int, n)
	var edges []any
	for i := 1; i < n; i++ {
		for k := 0; k < m && k < i; k++ {
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
	for _, eng := range engs {
		if index {
			mustQuery(tb, eng, "CREATE INDEX FOR (u:User) ON (u.id)", nil)
		}
		mustQuery(tb, eng, "UNWIND range(0, $n - 1) AS i CREATE (:User {id: i})", map[string]any{"n": n})
		mustQuery(tb, eng, "UNWIND $edges AS e MATCH (a:User {id: e[0]}), (b:User {id: e[1]}) CREATE (a)-[:KNOWS]->(b)", map[string]any{"edges": edges})
	}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	sort.SliceStable(ids, func(x, y int) bool { return deg[ids[x]] > deg[ids[y]] })
	return ids
}

// paramQueries are parameterised questions whose best plan depends on
// the values: which anchor is the hub, how long a list is, how wide a
// range, how many rows a LIMIT keeps.
var paramQueries = []string{
	"MATCH (a:User {id: $a})-[:KNOWS]-(x)-[:KNOWS]-(b:User {id: $b}) RETURN count(*) AS n",
	"MATCH (a:User)-[:KNOWS]->(x)<-[:KNOWS]-(b:User) WHERE a.id IN [$a, $c] AND b.id = $b RETURN x.id AS x",
	"MATCH (a:User)-[:KNOWS]-(x)-[:KNOWS]-(b:User) WHERE a.id = $a AND b.id IN [$b, $c] RETURN a.id AS a, b.id AS b, count(x) AS n",
	"MATCH (a:User)-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE a.id = $a RETURN count(DISTINCT c) AS n",
	"UNWIND $ids AS i MATCH (a:User {id: i})-[:KNOWS]-(b)-[:KNOWS]-(c:User {id: $b}) RETURN i, count(*) AS n",
	"MATCH (a:User)-[:KNOWS]-(b)-[:KNOWS]-(c:User) WHERE a.id IN $ids AND c.id = $b RETURN b.id AS b, count(*) AS n",
	"MATCH (a:User)-[:KNOWS]-(b:User) WHERE a.id = $a OR b.id = $b RETURN count(*) AS n",
	"MATCH (a:User)-[:KNOWS]->(b)-[:KNOWS]->(c:User) WHERE a.id >= $lo AND c.id = $b RETURN count(*) AS n",
	"MATCH (a:User {id: $a})-[:KNOWS]-(b)-[:KNOWS]-(c:User {id: $c}) RETURN b.id AS b ORDER BY b LIMIT $n",
}

// compileFresh plans q for params without the cache.
func compileFresh(tb testing.TB, eng *Engine, q string, params map[string]any) *planner.Compiled {
	tb.Helper()
	st, err := eng.Parse(q)
	if err != nil {
		tb.Fatal(err)
	}
	vp, err := Params(params)
	if err != nil {
		tb.Fatal(err)
	}
	if params == nil {
		vp = nil
	}
	g, err := eng.Graph()
	if err != nil {
		tb.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	c, err := planner.Compile(st, q, planner.Options{Stats: eng.statsView(snap, eng.signature(snap)), Procedures: eng.procedure, Params: vp})
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return c
}

// parsedRun parses q and converts params for a run on eng's graph.
func parsedRun(tb testing.TB, eng *Engine, q string, params map[string]any) (*ast.Statement, map[string]value.Value, *storage.Graph) {
	tb.Helper()
	st, err := eng.Parse(q)
	if err != nil {
		tb.Fatal(err)
	}
	vp, err := Params(params)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := eng.Graph()
	if err != nil {
		tb.Fatal(err)
	}
	return st, vp, g
}

// compileCached plans q for params through the plan cache.
func compileCached(tb testing.TB, eng *Engine, q string, params map[string]any) *planner.Compiled {
	tb.Helper()
	st, vp, g := parsedRun(tb, eng, q, params)
	snap := g.Snapshot()
	defer snap.Close()
	c, err := eng.compile(st, q, snap, vp)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return c
}

// runCompiled runs compiled (a plan of q) with params and returns its rows
// rendered and sorted.
func runCompiled(tb testing.TB, eng *Engine, q string, c *planner.Compiled, params map[string]any) []string {
	tb.Helper()
	st, vp, g := parsedRun(tb, eng, q, params)
	rows, err := eng.streamRows(context.Background(), st, c, g.Snapshot(), vp)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return renderRows(tb, q, rows)
}

func queryRows(tb testing.TB, eng *Engine, q string, params map[string]any) []string {
	tb.Helper()
	rows, err := eng.Query(context.Background(), q, params)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return renderRows(tb, q, rows)
}

func renderRows(tb testing.TB, q string, rows *Rows) []string {
	tb.Helper()
	all, err := rows.All()
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	out := make([]string, len(all))
	for i, r := range all {
		out[i] = fmt.Sprint(r)
	}
	if !strings.Contains(q, "ORDER BY") {
		slices.Sort(out)
	}
	return out
}

// shape is a plan's operator tree without estimates, with the parameters
// written as the literals of params: a plan of the parameterised text
// and one of its literal text have the same shape when they are the same
// plan.
func shape(c *planner.Compiled, params map[string]any) string {
	s := c.Plan.Render(func(int, int) string { return "" })
	if params != nil {
		s = oneElement.ReplaceAllString(testenv.LiteralText(s, params), "$1")
	}
	return s
}

// oneElement is a one-element list literal indexed by 0, `[v][0]`: a
// test `x IN $p` over a list of one element is planned as `x = $p[0]`
// (the literal `x IN [v]` is `x = v`), which written in is `x = [v][0]`,
// that is v, and is written so.
var oneElement = regexp.MustCompile(`\[([^\[\],]+)\]\[0\]`)

// TestParamSensitivePlans runs parameterised questions on skewed random
// graphs (with and without an index on the anchors' key), alternating a
// hub's values and a leaf's. Each run must get the plan planned afresh
// for its values (never the other class's cached plan), that plan must
// be the literal text's (same operator tree, same estimated cost), and
// its rows the literal text's; every plan the cache kept must answer
// every set of values as row mode does.
func TestParamSensitivePlans(t *testing.T) {
	differ := 0
	for _, seed := range []uint64{1, 2, 3} {
		for _, index := range []bool{false, true} {
			eng, err := Open("", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Close()
			ref, err := Open("", &Options{Plan: PlanOptions{RowModeOnly: true}})
			if err != nil {
				t.Fatal(err)
			}
			defer ref.Close()
			n := 300 + 100*int(seed)
			ids := hubGraph(t, []*Engine{eng, ref}, seed, n, 2, index)
			hub, hub2, leaf, leaf2 := ids[0], ids[1], ids[n-1], ids[n-2]
			sets := []map[string]any{
				{"a": hub, "b": hub2, "c": leaf, "ids": []any{hub, hub2, ids[2]}, "lo": 0, "n": 1000},
				{"a": leaf, "b": leaf2, "c": n + 5, "ids": []any{leaf}, "lo": n - 3, "n": 2},
				{"a": leaf2, "b": hub, "c": ids[n/2], "ids": []any{leaf2, ids[n/2]}, "lo": n / 2, "n": 5},
			}
			for _, q := range paramQueries {
				shapes := map[string]bool{}
				for round := range 3 {
					for _, params := range sets {
						used := compileCached(t, eng, q, params)
						fresh := compileFresh(t, eng, q, params)
						if shape(used, params) != shape(fresh, params) {
							t.Fatalf("seed %d index %v round %d %s %v: the cache gave the plan\n%s\nnot the one planned for the values\n%s",
								seed, index, round, q, params, shape(used, params), shape(fresh, params))
						}
						lit := testenv.LiteralText(q, params)
						litPlan := compileFresh(t, eng, lit, nil)
						if shape(fresh, params) != shape(litPlan, nil) || !near(fresh.Cost, litPlan.Cost) {
							t.Errorf("seed %d index %v %s %v: the parameters' plan (cost %.1f)\n%s\nis not the literal text's (cost %.1f)\n%s",
								seed, index, q, params, fresh.Cost, shape(fresh, params), litPlan.Cost, shape(litPlan, nil))
						}
						shapes[shape(fresh, nil)] = true
						got, want := queryRows(t, eng, q, params), queryRows(t, eng, lit, nil)
						if !slices.Equal(got, want) {
							t.Fatalf("seed %d index %v %s %v: rows %v, the literal text's %v", seed, index, q, params, got, want)
						}
					}
				}
				if len(shapes) > 1 {
					differ++
				}
				// Every kept plan answers every set of values of its
				// shape (a plan may read a list parameter by its length
				// class: see planner.DepShape).
				eng.plans.mu.Lock()
				variants := slices.Clone(eng.plans.entries[planKey{graph: eng.opts.Graph, query: q}].variants)
				eng.plans.mu.Unlock()
				if len(variants) == 0 || len(variants) > planVariants {
					t.Fatalf("%s: %d plans kept", q, len(variants))
				}
				for _, v := range variants {
					for _, params := range sets {
						if !sameShape(t, v.compiled, params) {
							continue
						}
						got, want := runCompiled(t, eng, q, v.compiled, params), queryRows(t, ref, q, params)
						if !slices.Equal(got, want) {
							t.Fatalf("seed %d index %v %s %v: the plan\n%s\ngives %v, row mode %v", seed, index, q, params, v.compiled.Plan.Explain(), got, want)
						}
					}
				}
			}
		}
	}
	if differ == 0 {
		t.Fatal("no question got different plans for a hub's and a leaf's values: the test shows nothing")
	}
	t.Logf("%d question/graph pairs planned differently by value", differ)
}

// sameShape reports whether params have the shape (kind, a list's
// length class) of the values c was planned for, for every parameter the
// plan depends on the shape of.
func sameShape(tb testing.TB, c *planner.Compiled, params map[string]any) bool {
	tb.Helper()
	vp, err := Params(params)
	if err != nil {
		tb.Fatal(err)
	}
	cls := planner.ParamClass(c.ParamDeps, nil, vp)
	for i, d := range c.ParamDeps {
		if d.Kind == planner.DepShape && cls[i] != c.ParamClass[i] {
			return false
		}
	}
	return true
}

func near(a, b float64) bool {
	return a == b || (a-b)*(a-b) <= 1e-12*(a*a+b*b)
}

// TestPlanCacheVariants checks the counts and the bound of the plans kept
// per query text: values of the class a plan was chosen for reuse it,
// values of another class plan again (and keep the plan, at most
// planVariants of them), values of a class already seen reuse its plan.
func TestPlanCacheVariants(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ids := hubGraph(t, []*Engine{eng}, 7, 600, 2, true)
	const q = "UNWIND $ids AS i MATCH (a:User {id: i})-[:KNOWS]-(b) RETURN count(*) AS n"
	counts := func() PlanCacheCounts { return eng.PlanCacheCounts() }
	base := counts()
	// Lists of 1, 2-3, 4-7, 8-15, 16-31 leaves: five length classes.
	lists := make([][]any, 5)
	for i := range lists {
		for k := range 1 << i {
			lists[i] = append(lists[i], ids[len(ids)-1-k])
		}
	}
	mustQuery(t, eng, q, map[string]any{"ids": lists[0]})
	mustQuery(t, eng, q, map[string]any{"ids": lists[0]})
	c := counts()
	if c.Compiles-base.Compiles != 1 || c.Hits-base.Hits != 1 {
		t.Fatalf("same values twice: %+v after %+v", c, base)
	}
	// Another leaf: the same class.
	mustQuery(t, eng, q, map[string]any{"ids": []any{ids[len(ids)-7]}})
	if c2 := counts(); c2.Compiles != c.Compiles || c2.Hits != c.Hits+1 {
		t.Fatalf("a value of the same class: %+v after %+v", c2, c)
	}
	for _, l := range lists[1:] {
		mustQuery(t, eng, q, map[string]any{"ids": l})
	}
	c = counts()
	if c.Compiles-base.Compiles != 5 {
		t.Fatalf("five classes: %d compiles", c.Compiles-base.Compiles)
	}
	e := eng.plans.entries[planKey{graph: eng.opts.Graph, query: q}]
	if len(e.variants) > planVariants {
		t.Fatalf("%d plans kept for one text (bound %d)", len(e.variants), planVariants)
	}
	kept := 0
	for _, v := range e.variants {
		kept += len(v.classes)
	}
	if c.Variants-base.Variants != len(e.variants) || kept < 5 {
		t.Fatalf("counts %+v, %d plans serving %d classes", c, len(e.variants), kept)
	}
	// The most recent classes are still served.
	mustQuery(t, eng, q, map[string]any{"ids": lists[4]})
	if c2 := counts(); c2.Compiles != c.Compiles || c2.Hits != c.Hits+1 {
		t.Fatalf("the last class again: %+v after %+v", c2, c)
	}
	// EXPLAIN with values shows the plan for them; without, a plan kept
	// apart from the ones for values.
	for _, params := range []map[string]any{{"ids": lists[0]}, nil} {
		rows, err := eng.Query(context.Background(), "EXPLAIN "+q, params)
		if err != nil {
			t.Fatal(err)
		}
		all, err := rows.All()
		if err != nil || len(all) != 1 {
			t.Fatalf("EXPLAIN: %v %v", all, err)
		}
		if _, ok := all[0][0].(value.String); !ok {
			t.Fatalf("EXPLAIN gave %v", all[0][0])
		}
	}
}
