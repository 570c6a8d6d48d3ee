package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The level sets of a search's or an expansion's node tests are computed
// once per run of rows with the same start when the tests read only their
// node, the start and parameters (planner/step_sets.go, vm.OpSameStart).
// The generated queries bind starts that repeat in consecutive rows or
// not (one sought node paired with many ends, an UNWIND with repeats,
// pairs of labelled nodes, an OPTIONAL MATCH that may leave the end null)
// and test the inner or reached nodes of shortest paths, all shortest
// paths, least trails and variable-length paths by tests that read the
// node and parameters, the start, or the other end (which must be
// computed per row), one reading a property that the query writes as it
// goes. They run against row mode on random graphs with self-loops,
// parallel relationships and a property that is null, a string or an
// integer.

var memoLeads = []string{
	"MATCH (a {id: $x}), (b) WHERE b.id < 9",
	"MATCH (a:A), (b:B) WHERE b.id < 7",
	"UNWIND [1, 2, 1, 1, 3, 2] AS i MATCH (a {id: i}), (b) WHERE b.id IN [$y, 4, 8]",
	"MATCH (a)-[:T]->(b)",
	"MATCH (a {id: $x}) OPTIONAL MATCH (a)-[:U]-(b)",
	"MATCH (b) WHERE b.id < 9 MATCH (a {id: $x})",
}

// memoPatterns are the searches and expansions (%s: the test).
var memoPatterns = []struct{ match, ret string }{
	{"MATCH p = (a)-[:T*1..3]-(b) WHERE %s WITH a, b, min(length(p)) AS d", "RETURN a.id AS a, b.id AS b, d"},
	{"MATCH p = (a)-[*1..3]->(b) WHERE %s WITH a, b, min(length(p)) AS d", "RETURN a.id AS a, b.id AS b, d"},
	{"MATCH p = (a)-[*1..3]->(b) WHERE %s", "RETURN a.id AS a, b.id AS b, count(*) AS n"},
	{"MATCH p = shortestPath((a)-[:T*1..3]-(b)) WHERE %s", "RETURN a.id AS a, b.id AS b, length(p) AS d"},
	{"MATCH p = allShortestPaths((a)-[*..3]->(b)) WHERE %s", "RETURN a.id AS a, b.id AS b, [n IN nodes(p) | n.id] AS ns"},
}

// memoTests test the nodes of p: the first four read the node, the
// start and parameters only, the others a value of the row.
var memoTests = []string{
	"all(x IN nodes(p)[1..-1] WHERE x.d.year < $yr)",
	"all(x IN nodes(p)[1..] WHERE x.k IN [1, $m])",
	"none(x IN nodes(p)[1..-1] WHERE x = a)",
	"all(x IN nodes(p)[1..-1] WHERE x.d.year <> 1984 AND x.k <> a)",
	"all(x IN nodes(p)[1..-1] WHERE x.k IN [bi, 2])",
	"all(x IN nodes(p)[1..] WHERE x.d.year < yb)",
	"none(x IN nodes(p)[1..-1] WHERE x.k = ai)",
}

// TestStepSetsMemoRowMode runs the generated queries against row mode.
func TestStepSetsMemoRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(31, 7))
	var queries []string
	for len(queries) < 300 {
		lead := memoLeads[r.IntN(len(memoLeads))]
		pat := memoPatterns[r.IntN(len(memoPatterns))]
		test := memoTests[r.IntN(len(memoTests))]
		q := lead + " WITH a, b, a.id % 3 AS ai, b.id % 3 AS bi, 1982 + b.id AS yb " + fmt.Sprintf(pat.match, test) + " "
		if r.IntN(6) == 0 {
			// Writes the tested property before the search, row by row.
			q = lead + " SET b.d = date({year: 1980 + (b.id + 7) % 12}) WITH a, b, a.id % 3 AS ai, b.id % 3 AS bi, 1982 + b.id AS yb " + fmt.Sprintf(pat.match, test) + " " + pat.ret
		} else if r.IntN(6) == 0 {
			// Writes the tested property as the rows go.
			q += "SET b.d = date({year: 1990}) WITH DISTINCT a, b RETURN a.id AS a, b.id AS b"
		} else {
			q += pat.ret
		}
		queries = append(queries, q)
	}
	params := []map[string]any{
		{"x": int64(3), "y": int64(6), "m": int64(1), "yr": int64(1986)},
		{"x": int64(0), "y": int64(9), "m": int64(0), "yr": int64(1990)},
		{"x": int64(7), "y": nil, "m": nil, "yr": nil},
	}
	failed, runs, kept, errs := 0, 0, 0, 0
	for _, seed := range []uint64{5, 13} {
		dbs := rowModeGraphs(t, seed, 12, 30+int(seed), plannedLastRowMode, "MATCH (x) SET x.k = CASE x.id % 4 WHEN 0 THEN null WHEN 1 THEN 'a' ELSE x.id % 3 END", "MATCH (x {id: 3}), (y {id: 7}) CREATE (x)-[:T]->(x), (x)-[:T]->(y), (x)-[:T]->(y), (y)-[:U]->(x)")
		dates := "MATCH (x) SET x.d = CASE WHEN x.id % 5 = 0 THEN null ELSE date({year: 1980 + x.id}) END"
		for k, q := range queries {
			for _, db := range dbs {
				mustRun(t, db, dates, nil) // as the last write left them
			}
			againstRowMode(t, dbs, []string{"planned", "last"}, fmt.Sprintf("seed %d", seed), q, params[k%len(params)], &runs, &failed)
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, params[k%len(params)]), "error:") {
				errs++
			}
			if planUses(dbs["planned"], q, "SameStart") {
				kept++
			}
		}
	}
	t.Logf("%d queries, %d runs, %d plans keep level sets, %d row-mode errors", len(queries), runs, kept, errs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	if kept < len(queries)/4 || errs > runs/4 {
		t.Errorf("%d plans keep level sets, %d runs are errors: the generator misses the rule", kept, errs)
	}
}

// TestStepSetsMemoPlans checks that the level sets are kept where the
// tests read only the start, and computed per row otherwise.
func TestStepSetsMemoPlans(t *testing.T) {
	db := planVariants(t, 5, 30, 90, plannedOnly)["planned"]
	cases := []planOpCase{
		{"MATCH (a {id: $x}), (b) WHERE b.id < 9 MATCH p = (a)-[:T*1..3]-(b) WHERE all(x IN nodes(p)[1..-1] WHERE x.k IN [1, $x]) RETURN min(length(p))", "SameStart", true},
		{"MATCH (a {id: $x}), (b) WHERE b.id < 9 MATCH p = (a)-[:T*1..3]-(b) WHERE none(x IN nodes(p)[1..-1] WHERE x = a) RETURN min(length(p))", "SameStart", true},
		{"MATCH (a {id: $x}), (b) WHERE b.id < 9 WITH a, b, b.id AS bi MATCH p = (a)-[:T*1..3]-(b) WHERE all(x IN nodes(p)[1..-1] WHERE x.k IN [bi, 2]) RETURN min(length(p))", "SameStart", false},
		{"MATCH (a {id: $x}), (b) WHERE b.id < 9 MATCH p = (a)-[:T*1..3]-(b) WHERE all(x IN nodes(p)[1..-1] WHERE x.k IN [rand(), 2]) RETURN min(length(p))", "SameStart", false},
	}
	checkPlanOps(t, db, cases)
}
