package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// existsUnionBranches are the branches of the unions the generated EXISTS
// { } tests read, over the outer node u (and v where the query binds it),
// each returning x: one MATCH in several shapes (a typed hop either way,
// a filtered end, two hops, a variable length, a self-loop, a node found
// by a property of u, a parameter), and near-misses the rule must leave
// alone: a test that fails on the string keys (k * 2) or the boolean
// ones (k + 1), a WITH, a LIMIT, an OPTIONAL MATCH (always a row), an
// UNWIND, and branches whose columns differ from x (an error of the
// union) or are RETURN *.
var existsUnionBranches = []string{
	"MATCH (u)-[:T]->(x) RETURN x",
	"MATCH (u)<-[:U]-(x:B) RETURN x",
	"MATCH (u)-[:T]->(x) WHERE x.k = 1 RETURN x",
	"MATCH (x:C)-[:U]->(u) RETURN x",
	"MATCH (u)-->(x) WHERE x.id > u.id RETURN x",
	"MATCH (u)-[:T]-()-[:U]->(x) RETURN x",
	"MATCH (u)-[:T*1..2]->(x) RETURN x",
	"MATCH (x) WHERE x.id = u.id + 1 RETURN x",
	"MATCH (u)-[:T]->(u) RETURN u AS x",
	"MATCH (u)-->(x) WHERE x.k = $p RETURN x",
	"MATCH (x:A {id: $p}) WHERE (u)-->(x) RETURN x",
	"MATCH (u)-[r:T]->(x) RETURN r.w AS x",
	"MATCH (u)-->(x) WHERE x.k * 2 > 1 RETURN x",
	"MATCH (u)<--(x) WHERE x.k + 1 = 2 RETURN x",
	"MATCH (u)-->(x) WITH x WHERE x.k = 1 RETURN x",
	"MATCH (u)-->(x) RETURN x LIMIT 1",
	"OPTIONAL MATCH (u)-[:U]->(x) RETURN x",
	"UNWIND [1, 2] AS x WITH x WHERE u.id % 4 = x RETURN x",
	"MATCH (u)-[:T]->(x) RETURN x.id AS y",
	"MATCH (u)<-[:T]-(x) RETURN x, 1 AS z",
	"MATCH (u)-[:U]->(x) RETURN *",
	"MATCH (u)<-[:U]-(y) RETURN *",
}

// existsUnionPairs are unions whose first branch fails (on the string
// and boolean keys) only for rows the second branch decides true, so
// that which branch is read first shows in the error.
var existsUnionPairs = []string{
	"MATCH (u)-[:T]->(x) WHERE x.id < 12 AND x.k * 2 > 1 RETURN x UNION MATCH (u)-[:T]->(x) WHERE x.id < 12 RETURN x",
	"MATCH (u)-[:T]->(x) WHERE x.id < 12 AND x.k * 2 > 1 RETURN x UNION ALL MATCH (u)-[:T]->(x) RETURN x",
	"MATCH (u)<--(x) WHERE x.id % 5 = 0 AND x.k + 1 = 2 RETURN x UNION MATCH (u)<--(x) RETURN x",
}

// existsUnionOuters place the test (%s): alone and negated in a WHERE,
// beside a conjunct and a disjunct, under XOR, in an OPTIONAL MATCH's
// WHERE, in a WITH's WHERE before an aggregation, in a projection, in a
// nested EXISTS body, after ORDER BY and LIMIT, beside a relationship, and
// after an UNWIND.
var existsUnionOuters = []string{
	"MATCH (u) WHERE %s RETURN u.id AS id",
	"MATCH (u:A) WHERE NOT %s RETURN count(*) AS n",
	"MATCH (u)-[:T]->(v) WHERE %s AND v.id > 3 RETURN u.id AS a, v.id AS b",
	"MATCH (u) WHERE u.id < 20 OR %s RETURN count(*) AS n",
	"MATCH (u:B) WHERE %s XOR u.k = 1 RETURN u.id AS id",
	"MATCH (w:C) OPTIONAL MATCH (w)-[:U]->(u) WHERE %s RETURN w.id AS a, u.id AS b",
	"MATCH (u) WITH u, u.k AS k WHERE %s RETURN k, count(*) AS n",
	"MATCH (u) RETURN u.id AS id, %s AS e",
	"MATCH (y:C) WHERE EXISTS { MATCH (u)-->(y) WHERE %s } RETURN y.id AS id",
	"MATCH (u) WITH u ORDER BY u.id LIMIT 15 WITH u WHERE %s RETURN u.id AS id",
	"MATCH (u)-[r:T]->(v) WHERE %s RETURN type(r) AS t, count(*) AS n",
	"UNWIND [1, 2, 5, 40] AS z MATCH (u {id: z}) WHERE NOT %s RETURN z",
}

// existsUnionQueries generates n queries with an EXISTS { } over a UNION
// (or UNION ALL) of two or three branches, or one of existsUnionPairs,
// in one of the outer places.
func existsUnionQueries(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		outer := existsUnionOuters[r.IntN(len(existsUnionOuters))]
		var b strings.Builder
		b.WriteString("EXISTS { ")
		if r.IntN(4) == 0 {
			b.WriteString(existsUnionPairs[r.IntN(len(existsUnionPairs))] + " }")
			out = append(out, fmt.Sprintf(outer, b.String()))
			continue
		}
		for i, k := 0, 2+r.IntN(2); i < k; i++ {
			if i > 0 {
				if r.IntN(3) == 0 {
					b.WriteString(" UNION ALL ")
				} else {
					b.WriteString(" UNION ")
				}
			}
			b.WriteString(existsUnionBranches[r.IntN(len(existsUnionBranches))])
		}
		b.WriteString(" }")
		out = append(out, fmt.Sprintf(outer, b.String()))
	}
	return out
}

// TestExistsUnionsMatchRowMode runs generated EXISTS { } tests over unions
// (which the planner splits into the OR of the tests over the branches,
// see planner/exists_unions.go) against row mode (which runs the union
// per row), on random graphs with keys of several types, with $p of
// several types, comparing rows and errors.
func TestExistsUnionsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 4))
	const graphs, perGraph = 3, 150
	runs, failed := 0, 0
	for g := 0; g < graphs; g++ {
		planned, rows := plannedAndRowMode(t)
		for _, db := range []*DB{planned, rows} {
			orSplitGraph(t, db, rand.New(rand.NewPCG(uint64(g), 7)), 60+30*g, 150+80*g)
		}
		for _, q := range existsUnionQueries(r, perGraph) {
			params := map[string]any{"p": orSplitParams[r.IntN(len(orSplitParams))]}
			runs++
			got, want := rowsOrError(planned, q, params), rowsOrError(rows, q, params)
			if got != want {
				failed++
				if failed <= 10 {
					t.Errorf("graph %d, $p = %v: %s\n got %s\nwant %s", g, params["p"], q, got, want)
				}
			}
		}
	}
	t.Logf("%d runs; %d differ from row mode", runs, failed)
	if failed > 0 {
		t.Errorf("%d of %d queries differ from row mode", failed, runs)
	}
}

// TestExistsUnionPlans checks that an EXISTS { } over a union is planned
// as the tests of its branches (no union left in the plan), a branch that
// may fail as a test per row (never a semi-join), and that one whose
// branches return RETURN * stays a union.
func TestExistsUnionPlans(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	orSplitGraph(t, db, rand.New(rand.NewPCG(1, 7)), 200, 600)
	for _, c := range []struct {
		q          string
		split, row bool
	}{
		{"MATCH (u:A) WHERE EXISTS { MATCH (u)-[:T]->(x) RETURN x UNION MATCH (u)<-[:U]-(x) RETURN x } RETURN count(*)", true, false},
		{"MATCH (u:A) WHERE NOT EXISTS { MATCH (u)-[:T]->(x:B) RETURN x UNION ALL MATCH (x:C)-[:U]->(u) RETURN x } RETURN count(*)", true, false},
		{"MATCH (u:A) WHERE EXISTS { MATCH (u)-[:T]->(x) RETURN x UNION MATCH (u)<-[:U]-(x) WHERE x.k * 2 > 1 RETURN x } RETURN count(*)", true, true},
		{"MATCH (u:A) WHERE EXISTS { MATCH (u)-[:T]->(x) RETURN * UNION MATCH (u)<-[:U]-(x) RETURN * } RETURN count(*)", false, false},
	} {
		plan := rowsOrError(db, "EXPLAIN "+c.q, nil)
		if got := !strings.Contains(plan, "UNION"); got != c.split || strings.Contains(plan, "a test of the body may fail") != c.row {
			t.Errorf("%s: split %v, want %v (kept per row as it may fail: %v):\n%s", c.q, got, c.split, c.row, plan)
		}
	}
}
