package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// setTreeLeaves are tests on a pattern's matches that read the probe a
// (and, where marked, the key b): EXISTS { }, pattern predicates,
// COUNT { } thresholds, self-loops, a null property on the way, and
// quantifiers over list literals with null elements, parameters and
// node variables.
var setTreeLeaves = []struct {
	text string
	key  bool
}{
	{"EXISTS { (a)-[:R]->(:B) }", false},
	{"EXISTS { (a)<-[:S]-() }", false},
	{"(a)-[:T]->(a)", false},
	{"COUNT { (a)-->() } >= 2", false},
	{"COUNT { (a)-[:R|S]-(:C) } > 2", false},
	{"COUNT { (a)<--() } = 0", false},
	{"EXISTS { (a)-->(x)-->(:A) WHERE x.k IS NULL }", false},
	{"EXISTS { MATCH (a)-[:S]->(y:A) WHERE y.k > 1 }", false},
	{"all(t IN [1, null, 3] WHERE EXISTS { (a)-->({k: t}) })", false},
	{"any(t IN [$p, 2] WHERE EXISTS { (a)<--({k: t}) })", false},
	{"none(t IN [0, 1] WHERE EXISTS { (a)-[:R]-({k: t}) })", false},
	{"all(t IN [$p] WHERE COUNT { (a)-->({k: t}) } >= 2)", false},
	{"EXISTS { (a)-[:R]->(b) }", true},
	{"(b)-[:S]->(a)", true},
	{"all(x IN [b] WHERE (a)-->(x)-->())", true},
	{"any(x IN [b, a] WHERE EXISTS { (x)-[:T]->(a) })", true},
}

// setTreeQuery builds a random AND/OR/NOT tree of depth at most depth
// over the leaves (with the key's leaves when key).
func setTreeQuery(r *rand.Rand, depth int, key bool) string {
	if depth == 0 || r.IntN(3) == 0 {
		for {
			l := setTreeLeaves[r.IntN(len(setTreeLeaves))]
			if key || !l.key {
				return l.text
			}
		}
	}
	switch r.IntN(5) {
	case 0:
		return "NOT (" + setTreeQuery(r, depth-1, key) + ")"
	case 1, 2:
		return "(" + setTreeQuery(r, depth-1, key) + " OR " + setTreeQuery(r, depth-1, key) + ")"
	}
	return "(" + setTreeQuery(r, depth-1, key) + " AND " + setTreeQuery(r, depth-1, key) + ")"
}

// TestSetTreesMatchRowMode runs WHERE clauses that are random boolean
// trees (depth up to 3) of tests on pattern matches, which the planner
// decides by unions, intersections and differences of semi-join sets,
// on random graphs with self-loops, parallel relationships and null
// properties, against the same queries planned row by row; the probe
// comes from a scan (the combined set is iterated), from an expansion
// (each row tested against the sets) or from a set expansion (its set
// combined with the sets), with and without a key.
// setTreeShapes are queries (%s: the tested predicate over a) whose
// probe a comes from a scan, an expansion or a set expansion; key says
// whether the predicate may read b, bound before a.
var setTreeShapes = []struct {
	text string
	key  bool
}{
	{"MATCH (a) WHERE %s RETURN count(*) AS n", false},
	{"MATCH (a:A) WHERE %s RETURN a.id AS id ORDER BY id", false},
	{"MATCH (c:C)-->(a) WHERE %s RETURN c.id AS c, a.id AS id", false},
	{"MATCH (b:B) MATCH (a) WHERE %s RETURN b.id AS b, count(a) AS n", true},
	{"MATCH (b:B)-->(a) WHERE a.id > 3 AND %s RETURN count(*) AS n", true},
	{"MATCH (c:C)-->(a) WHERE %s RETURN count(DISTINCT a) AS n", false},
	{"MATCH (b:B)-[:R]->()-->(a) WHERE %s RETURN count(DISTINCT a) AS n", true},
}

// setTreeStores opens a planned and a row-mode store holding the same
// labelled random graph of seed, with k set on two nodes in three.
func setTreeStores(t *testing.T, seed uint64) (sets, rows *DB) {
	t.Helper()
	sets, rows = plannedAndRowMode(t)
	create := labelledGraph(seed, 30, 90)
	nulls := "MATCH (n) WHERE n.id % 3 <> 0 SET n.k = n.id % 4"
	for _, db := range []*DB{sets, rows} {
		mustRun(t, db, create, nil)
		mustRun(t, db, nulls, nil)
	}
	return sets, rows
}

func TestSetTreesMatchRowMode(t *testing.T) {
	t.Parallel()
	shapes := setTreeShapes
	trees := 0
	for seed := uint64(1); seed <= 3; seed++ {
		sets, rows := setTreeStores(t, seed)
		r := rand.New(rand.NewPCG(seed, 14))
		for i := 0; i < 40; i++ {
			sh := shapes[r.IntN(len(shapes))]
			q := fmt.Sprintf(sh.text, setTreeQuery(r, 3, sh.key))
			p := map[string]any{"p": int64(r.IntN(4))}
			if r.IntN(4) == 0 {
				p["p"] = nil
			}
			want := fmt.Sprint(canonical(mustRun(t, rows, q, p)))
			if got := fmt.Sprint(canonical(mustRun(t, sets, q, p))); got != want {
				t.Errorf("seed %d: %s (p = %v)\n got  %s\n want %s", seed, q, p["p"], got, want)
			}
			plan := string(mustRun(t, sets, "EXPLAIN "+q, p)[0][0].(value.String))
			if strings.Contains(plan, "in sets of") {
				trees++
			}
		}
		sets.Close()
		rows.Close()
	}
	// The test must exercise the set operations, not only the per-row
	// tests they replace.
	t.Logf("%d of 120 queries planned as set operations", trees)
	if trees < 40 {
		t.Errorf("only %d of 120 queries planned as set operations", trees)
	}
}

// TestSeekedMembershipMatchesRowMode runs queries whose MATCH seeks a
// node from a collected list and tests membership in it (a test the
// planner drops as implied by the seek), with nulls, duplicates and
// another list tested too, against the same queries planned row by row.
func TestSeekedMembershipMatchesRowMode(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (c:C)-->(o) WITH collect(o) AS os MATCH (o)-[:R]->(p) WHERE o IN os RETURN count(DISTINCT p) AS n",
		"MATCH (c:C)-->(o) WITH collect(o) + [null] + collect(o) AS os MATCH (o:A)-->(p) WHERE o IN os RETURN o.id AS o, count(p) AS n",
		"MATCH (c:C) OPTIONAL MATCH (c)-[:S]->(o) WITH c, collect(o) AS os MATCH (o)-->(p) WHERE o IN os AND p.k > 1 RETURN c.id AS c, count(*) AS n",
		"MATCH (c:C)-->(o) WITH collect(o) AS os, collect(c) AS cs MATCH (o)-->(p) WHERE o IN os AND p IN cs RETURN count(*) AS n",
		"MATCH (c:B)-->(o) WITH collect(o) AS os MATCH (o) WHERE o IN os AND NOT o IN os[0..2] RETURN count(o) AS n",
	}
	for seed := uint64(1); seed <= 3; seed++ {
		sets, rows := plannedAndRowMode(t)
		for _, db := range []*DB{sets, rows} {
			mustRun(t, db, labelledGraph(seed, 30, 90), nil)
			mustRun(t, db, "MATCH (n) WHERE n.id % 3 <> 0 SET n.k = n.id % 4", nil)
		}
		for _, q := range queries {
			want := fmt.Sprint(canonical(mustRun(t, rows, q, nil)))
			if got := fmt.Sprint(canonical(mustRun(t, sets, q, nil))); got != want {
				t.Errorf("seed %d: %s\n got  %s\n want %s", seed, q, got, want)
			}
		}
		sets.Close()
		rows.Close()
	}
}
