package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// unifyBinders bind a node variable (written %[1]s, with %[2]s for a
// neighbour of its own) by a scan, a label scan, a seek by property, an
// expansion either way and a variable-length expansion.
var unifyBinders = []string{
	"(%[1]s)",
	"(%[1]s:A)",
	"(%[1]s:A {id: 3})",
	"(%[2]s:A)-[:T]->(%[1]s)",
	"(%[1]s)<-[:U]-(%[2]s)",
	"(%[1]s:B)-[:T]->(%[2]s:B)",
	"(%[1]s)-[*1..2]->(%[2]s:B)",
}

// unifyEqualities equate x and y, alone or with other conjuncts (some
// reading a property that is null on most nodes), or in a disjunction
// that must not be read as the equality.
var unifyEqualities = []string{
	"x = y",
	"id(x) = id(y)",
	"elementId(y) = elementId(x)",
	"x = y AND x.k IS NULL",
	"y.id > 2 AND x = y",
	"x = y AND x.k = y.k",
	"x = y OR x.id = 1",
	"id(x) = elementId(y)",
}

// unifyClauses place the two binders (b1 binds x, b2 binds y) and the
// equality (%[3]s): in one MATCH, in two, after a WITH, with one side
// OPTIONAL (where the equality must stay a filter: an optional row whose
// y is null keeps x), with x from an OPTIONAL MATCH before (null on some
// rows), after a WITH that aggregates.
var unifyClauses = []string{
	"MATCH %[1]s, %[2]s WHERE %[3]s",
	"MATCH %[1]s MATCH %[2]s WHERE %[3]s",
	"MATCH %[1]s WITH * MATCH %[2]s WHERE %[3]s",
	"MATCH %[1]s OPTIONAL MATCH %[2]s WHERE %[3]s",
	"OPTIONAL MATCH %[1]s MATCH %[2]s WHERE %[3]s",
	"OPTIONAL MATCH %[1]s WITH x MATCH %[2]s WHERE %[3]s",
	"MATCH %[1]s WITH x, count(*) AS c MATCH %[2]s WHERE %[3]s",
	"MATCH %[2]s MATCH %[1]s WHERE %[3]s",
}

// unifyReturns read both variables, one, none, or all.
var unifyReturns = []string{
	"RETURN count(*) AS n",
	"RETURN x.id AS a, y.id AS b",
	"RETURN count(DISTINCT y) AS n, collect(y.k) AS ks",
	"RETURN *",
	"WITH y RETURN y.id AS b, count(*) AS n",
}

// TestUnifiedEqualsMatchRowMode runs generated queries that equate two
// node variables bound in many ways against the row-mode plans (which
// never unify), on random graphs with nulls.
func TestUnifiedEqualsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 2))
	var queries []string
	for len(queries) < 300 {
		b1 := fmt.Sprintf(unifyBinders[r.IntN(len(unifyBinders))], "x", "p")
		b2 := fmt.Sprintf(unifyBinders[r.IntN(len(unifyBinders))], "y", "q")
		eq := unifyEqualities[r.IntN(len(unifyEqualities))]
		cl := unifyClauses[r.IntN(len(unifyClauses))]
		ret := unifyReturns[r.IntN(len(unifyReturns))]
		if strings.Contains(cl, "WITH x") && strings.Contains(ret, "RETURN *") {
			ret = unifyReturns[0]
		}
		queries = append(queries, fmt.Sprintf(cl, b1, b2, eq)+" "+ret)
	}
	queries = append(queries, unifyRelQueries...)
	failed := 0
	for _, seed := range []uint64{3, 8} {
		dbs := rowModeGraphs(t, seed, 24, 70, plannedIdxRowMode, fourthKeys)
		for _, q := range queries {
			want := fmt.Sprint(canonical(mustRun(t, dbs["row-mode"], q, nil)))
			for _, name := range []string{"planned", "planned-idx"} {
				if got := fmt.Sprint(canonical(mustRun(t, dbs[name], q, nil))); got != want {
					failed++
					t.Errorf("seed %d, %s: %s\n got %s\nwant %s", seed, name, q, got, want)
				}
			}
		}
	}
	if failed > 0 {
		t.Logf("%d of %d runs differ from row mode", failed, 4*len(queries))
	}
}

// unifyRelQueries equate relationships: of two MATCH clauses (one
// relationship), of one (never the same: uniqueness), with one OPTIONAL.
var unifyRelQueries = []string{
	"MATCH (a:A)-[r]->(b) MATCH (c)-[s:T]->(d) WHERE r = s RETURN a.id, b.id, c.id, d.id",
	"MATCH (a)-[r]->(b) MATCH (c)<-[s]-(d) WHERE id(r) = id(s) RETURN a.id, b.id, c.id, d.id, type(s)",
	"MATCH (a)-[r]->(b), (c)-[s]->(d) WHERE r = s RETURN count(*)",
	"MATCH (a)-[r]->(b) OPTIONAL MATCH (c)-[s]->(d) WHERE r = s RETURN a.id, c.id",
	"MATCH (a)-[r]->(b) MATCH (c)-[s]-(d) WHERE r = s RETURN count(*) AS n, count(DISTINCT s) AS m",
	"MATCH (a)-[r]->(a) MATCH (c)-[s]->(d) WHERE r = s RETURN c.id, d.id",
	"MATCH (a)-[r]->(b) MATCH (x) WHERE r = x RETURN count(*)",
	// Common neighbours of one pattern (distinct relationships) and of
	// two MATCH clauses (any), the two anchors one node included.
	"MATCH (a {id: 3})-->(x) MATCH (b {id: 3})-->(x) RETURN count(DISTINCT x)",
	"UNWIND [0, 3, 6, 9, 12, 15, 18, 21] AS i MATCH (a:A {id: i})-->(x) MATCH (b:A {id: i})-->(x) RETURN i, count(DISTINCT x)",
	"UNWIND [0, 3, 6, 9, 12, 15, 18, 21] AS i MATCH (a:A {id: i})-->(x)<--(b:A {id: i}) RETURN i, count(DISTINCT x)",
	"MATCH (a {id: 3})-->(x)<--(b {id: 3}) RETURN count(DISTINCT x)",
	"MATCH (a:A)-->(x) MATCH (b:A)-->(x) WHERE a.id <= b.id RETURN a.id, b.id, count(DISTINCT x)",
	"MATCH (a:A)-[:T]->(x), (b:A)-[:T]->(y) WHERE x = y AND a.id <= b.id RETURN a.id, b.id, collect(DISTINCT x.id)",
	"MATCH (a {id: 3})-[:T]->(x) MATCH (x)<-[:T]-(b) WHERE b.id = 3 RETURN collect(DISTINCT x.id)",
}

// TestUnifiedEqualsPlan checks that the equality is gone from the plans
// of the forms it unifies, and stays where it must.
func TestUnifiedEqualsPlan(t *testing.T) {
	db := planVariants(t, 5, 20, 50, plannedOnly)["planned"]
	for _, c := range []struct {
		q    string
		kept bool // the equality stays a filter
	}{
		{"MATCH (a:A)-->(x), (b:B)-->(y) WHERE x = y RETURN count(DISTINCT x)", false},
		{"MATCH (a:A)-->(x) MATCH (b:B) WHERE id(b) = id(x) RETURN count(*)", false},
		{"MATCH (a:A)-->(x) MATCH (b:B) WHERE b = x RETURN b.id, x.id", false},
		{"MATCH (a)-[r]->(b) MATCH (c)-[s]->(d) WHERE r = s RETURN count(*)", false},
		{"MATCH (a)-[r]->(b), (c)-[s]->(d) WHERE r = s RETURN count(*)", true},
		{"MATCH (a:A)-->(x) OPTIONAL MATCH (b:B) WHERE b = x RETURN count(b)", true},
		{"OPTIONAL MATCH (a:A)-->(x) WITH x OPTIONAL MATCH (b:B) WHERE b = x RETURN count(b)", true},
		{"MATCH (a:A)-->(x), (b:B) WHERE x = b OR x.id = 1 RETURN count(*)", true},
		{"MATCH (a:A)-->(x), (b:B) WHERE id(x) = elementId(b) RETURN count(*)", true},
	} {
		plan := string(mustRun(t, db, "EXPLAIN "+c.q, nil)[0][0].(value.String))
		has := strings.Contains(plan, " = ")
		if has != c.kept {
			t.Errorf("%s: equality in the plan %v, want %v:\n%s", c.q, has, c.kept, plan)
		}
	}
}
