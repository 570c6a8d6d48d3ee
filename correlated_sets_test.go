package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// A pattern tested or counted per row whose WHERE joins its new node to
// nodes of the row by pattern predicates, `COUNT { MATCH (x) WHERE
// (a)-->(x) OR (b)-->(x) }`, scans the set combination of the
// expansions from the row's nodes (planner/correlated_sets.go). The
// generated queries bind the row's nodes a and b in several ways (seeks,
// an expansion that repeats them, WITH DISTINCT, OPTIONAL MATCH that may
// leave them null, one node under both names), combine one to three
// tests of several directions, types, hop counts and thresholds (COUNT
// { } > 1 counts parallel relationships) by AND, OR, NOT and XOR, add
// near-misses (a property test of the probe, a test that may fail, a
// test reading no node of the row), and read the body as COUNT { },
// EXISTS { } and in WHERE, CASE and aggregate positions. They run
// against row mode on random graphs with self-loops and parallel
// relationships.

var corrLeads = []string{
	"MATCH (a:A {id: $p}), (b:A {id: $q})",
	"MATCH (a:A {id: $p})-->(b)",
	"MATCH (a:A {id: $p})-[:T]-(b) WITH DISTINCT a, b",
	"MATCH (a:A {id: $p}) OPTIONAL MATCH (a)-[:U]->(b)",
	"OPTIONAL MATCH (a:A {id: $p}) OPTIONAL MATCH (b {id: $q})",
	"MATCH (a) WHERE a.id < 5 WITH a, a AS b",
	"UNWIND [1, 2, 4, 2] AS i MATCH (a {id: i}) MATCH (b {id: $q})",
	"MATCH (a:A {id: $p}), (b:A {id: $q}) WITH a, b, 1 AS one",
}

// corrTests are tests joining x to one node of the row (%[1]s).
var corrTests = []string{
	"(%[1]s)-->(x)",
	"(x)-->(%[1]s)",
	"(%[1]s)-[:T]->(x)",
	"(%[1]s)-[:U]-(x)",
	"(%[1]s)-->(:B)-->(x)",
	"EXISTS { (%[1]s)-[:T]->(x) }",
	"COUNT { (%[1]s)-->(x) } > 1",
	"COUNT { (%[1]s)--(x) } = 0",
	"(%[1]s)-->(x:B)",
	"EXISTS { MATCH (%[1]s)-->(x) WHERE x.k = 1 }",
	"(%[1]s)-[*1..2]->(x)",
}

// corrNearMisses are conjuncts or disjuncts that are no such test.
var corrNearMisses = []string{
	"x.k = 1",
	"x.id > 3",
	"(x)-->()",
	"10 / (x.id - 4) > 1",
	"x = a",
}

// corrBodies read the combination (%[1]s) as a pattern's matches; the
// bool ones test existence.
var corrBodies = []struct {
	form string
	bool bool
}{
	{"COUNT { MATCH (x) WHERE %[1]s RETURN x }", false},
	{"COUNT { MATCH (x) WHERE %[1]s }", false},
	{"COUNT { MATCH (x:B) WHERE %[1]s }", false},
	{"COUNT { MATCH (x)-[:T]->(y) WHERE %[1]s }", false},
	{"COUNT { MATCH (y)-->(x) WHERE %[1]s }", false},
	{"EXISTS { MATCH (x) WHERE %[1]s }", true},
	{"NOT EXISTS { MATCH (x:A) WHERE %[1]s }", true},
	{"COUNT { MATCH (x) WHERE %[1]s RETURN DISTINCT x }", false},
	{"COUNT { MATCH (x) WITH x WHERE %[1]s RETURN x }", false},
	{"EXISTS { MATCH (x) WITH DISTINCT x WHERE %[1]s RETURN x }", true},
}

// corrPlaces read the body (%[2]s) after the lead (%[1]s); %[3]s is the
// body as an integer.
var corrPlaces = []string{
	"%[1]s RETURN %[3]s AS n",
	"%[1]s RETURN a.id AS aid, b.id AS bid, %[3]s AS n ORDER BY aid, bid",
	"%[1]s RETURN sum(%[3]s) AS n, count(*) AS rows",
	"%[1]s WITH a, b WHERE %[3]s > 1 RETURN count(*) AS n",
	"%[1]s RETURN CASE WHEN %[3]s = 0 THEN 'none' WHEN %[3]s < 3 THEN 'few' ELSE 'many' END AS c, count(*) AS n",
	"%[1]s WITH a, b, %[3]s AS n RETURN n, count(*) AS m ORDER BY n",
}

// corrCombine combines the tests of the two nodes (and a near-miss).
func corrCombine(r *rand.Rand) string {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	t := func(v string) string { return fmt.Sprintf(pick(corrTests), v) }
	ta, tb := t("a"), t("b")
	switch r.IntN(10) {
	case 0:
		return ta + " AND " + tb
	case 1:
		return "NOT " + ta
	case 2:
		return ta + " XOR " + tb
	case 3:
		return "(" + ta + " OR " + tb + ") AND " + pick(corrNearMisses)
	case 4:
		return "NOT (" + ta + " OR " + tb + ")"
	case 5:
		return ta + " OR " + pick(corrNearMisses)
	case 6:
		return ta + " OR " + tb + " OR " + t("a")
	case 7:
		return ta
	}
	return ta + " OR " + tb
}

// TestCorrelatedSetsRowMode runs the generated forms against row mode.
func TestCorrelatedSetsRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(22, 7))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var queries []string
	for len(queries) < 420 {
		body := corrBodies[r.IntN(len(corrBodies))]
		expr := fmt.Sprintf(body.form, corrCombine(r))
		n := expr
		if body.bool {
			n = "CASE WHEN " + expr + " THEN 1 ELSE 0 END"
		}
		q := fmt.Sprintf(pick(corrPlaces), pick(corrLeads), expr, n)
		if body.bool && r.IntN(3) == 0 {
			q = pick(corrLeads) + " WITH a, b WHERE " + expr + " RETURN count(*) AS n"
		}
		queries = append(queries, q)
	}
	// The written jaccard forms.
	for _, lead := range corrLeads {
		queries = append(queries,
			lead+" RETURN COUNT { MATCH (a)-->(x) WHERE (b)-->(x) RETURN DISTINCT x } AS i, COUNT { MATCH (x) WHERE (a)-->(x) OR (b)-->(x) RETURN x } AS u",
			lead+" CALL { WITH a, b OPTIONAL MATCH (x) WHERE (x)<-[:T]-(a) OR (x)<-[:T]-(b) RETURN count(x) AS u } RETURN u",
			lead+" RETURN COUNT { MATCH (x) WHERE (a)-[:T]->(x) AND NOT (b)-[:T]->(x) } AS d")
	}
	// Writes between the rows: a set built for the first row would miss
	// the relationships created for the later ones, so statements that
	// write keep the test per row. Last, as they change the graph.
	writes := []string{
		"MATCH (a:A {id: $p}), (y:B) WHERE y.id < 9 CREATE (a)-[:T]->(y) RETURN y.id AS id, COUNT { MATCH (x) WHERE (a)-[:T]->(x) OR (x)-->(a) } AS n ORDER BY id",
		"MATCH (a:A {id: $p}), (y:B) WHERE y.id < 9 CREATE (y)-[:U]->(a) WITH a, y RETURN y.id AS id, EXISTS { MATCH (x:B) WHERE (x)-[:U]->(a) AND x.id > y.id } AS e ORDER BY id",
	}
	params := []map[string]any{
		{"p": int64(3), "q": int64(6)},
		{"p": int64(0), "q": int64(3)},
		{"p": int64(6), "q": nil},
		{"p": int64(3), "q": int64(3)},
		{"p": int64(9), "q": int64(2)},
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{5, 23} {
		dbs := planVariants(t, seed, 16, 60, plannedIdxRowMode)
		for _, db := range dbs {
			// k: null on every fourth node; a self-loop and parallel
			// relationships at node 3.
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}), (y {id: 6}) CREATE (x)-[:T]->(x), (x)-[:T]->(y), (x)-[:T]->(y), (y)-[:U]->(x)", nil)
		}
		for k, q := range queries {
			p := params[k%len(params)]
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
		for _, q := range writes {
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params[0], &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs", runs)
}
