package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// factProps gives the random graph's nodes a property k of mixed types
// (null, integers, a string, NaN, a float, a boolean) and a property p
// that is missing on a quarter of them, and the relationships a weight
// w missing on some: the values the facts of a filter are about. It is
// run again after every write, so that each query sees the same graph.
const factProps = `MATCH (x) SET x.k = CASE x.id % 7 WHEN 0 THEN null WHEN 1 THEN x.id % 4 WHEN 2 THEN 'a' WHEN 3 THEN 0.0 / 0.0 WHEN 4 THEN 1.5 WHEN 5 THEN true ELSE 2 END,
	x.p = CASE WHEN x.id % 4 = 0 THEN null ELSE x.id % 3 END
	WITH count(*) AS c MATCH ()-[r]->() SET r.w = CASE WHEN id(r) % 3 = 0 THEN null ELSE id(r) % 2 END`

// factPreds are the predicates over node variable %[1]s (and %[2]s)
// that filters assume and expressions test: equalities with literals and
// a parameter (which may be null or NaN), orderings, null and type
// tests, labels, key and label lists, the not-true form of a split
// disjunction, negations.
var factPreds = []string{
	"%[1]s.k = $p",
	"%[1]s.k = 1",
	"%[1]s.p = 1",
	"%[1]s.p <> 1",
	"%[1]s.k > 0",
	"%[1]s.k IS NULL",
	"%[1]s.p IS NOT NULL",
	"%[1]s.k IS NOT NULL",
	"NOT %[1]s.k = 1",
	"NOT (%[1]s.p = 2)",
	"%[1]s:A",
	"%[1]s.k IS :: INTEGER NOT NULL",
	"%[1]s.k IS :: FLOAT",
	"'p' IN keys(%[1]s)",
	"NOT 'k' IN keys(%[1]s)",
	"'A' IN labels(%[1]s)",
	"((%[1]s.k = $p) IS NULL OR %[1]s.k <> $p)",
	"((%[1]s.p = 1) IS NULL OR %[1]s.p <> 1)",
	"((%[1]s.k > 0) IS NULL OR NOT %[1]s.k > 0)",
	"(%[1]s.p = 1 OR %[2]s.p = 1)",
	"%[1]s.k = %[2]s.k",
	"%[1]s.k <> %[2]s.k",
}

// factExprs are the expressions projected, sorted or aggregated: CASE
// over the predicates, the predicates as values, null tests, keys and
// labels tests.
var factExprs = []string{
	"CASE WHEN %[3]s THEN %[1]s.id ELSE -1 END",
	"CASE WHEN %[3]s THEN 'a' WHEN %[4]s THEN 'b' ELSE 'c' END",
	"CASE WHEN %[3]s THEN 'a' WHEN %[4]s THEN 'b' END",
	"%[3]s",
	"NOT %[3]s",
	"CASE WHEN NOT %[3]s THEN 1 ELSE 0 END",
	"(%[3]s) IS NULL",
	"%[1]s.k IS NULL",
	"%[1]s.p IS NOT NULL",
	"%[1]s IS NULL",
	"'p' IN keys(%[1]s)",
	"'k' IN keys(%[1]s)",
	"'A' IN labels(%[1]s)",
	"size([x IN keys(%[1]s) WHERE x = 'p'])",
	"[x IN keys(%[1]s) WHERE 'k' = x | x]",
	"[x IN labels(%[1]s) WHERE x = 'A']",
	"CASE WHEN %[3]s THEN %[1]s ELSE %[2]s END.id",
	"[%[3]s, %[4]s]",
}

// factClauses place a filter (%[1]s, over u and v) and an expression
// (%[2]s, over u and v; %[3]s over w, a name for u): a MATCH then RETURN,
// ORDER BY and aggregation, WITH renames, OPTIONAL MATCH (whose filter
// must not be known of its rows), UNION branches, an OR split with a
// CASE of its disjunct, a write between the filter and the expression,
// subquery bodies. (A write is made to one row: which rows see the
// writes of the others is not what the facts are about.)
var factClauses = []string{
	"MATCH (u)-[r]->(v) WHERE %[1]s RETURN u.id AS a, v.id AS b, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE %[1]s RETURN u.id AS a, v.id AS b ORDER BY %[2]s, a, b LIMIT 7",
	"MATCH (u)-->(v) WHERE %[1]s WITH u AS w, v WITH w, v, w AS u RETURN w.id AS a, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s WITH u, v, u.k AS uk RETURN uk, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s WITH v AS u, u AS v RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE %[1]s WITH v UNWIND [v, null] AS u RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE %[1]s WITH v MATCH (u)<--(v) RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE %[1]s WITH u, v, {k: v.k, p: null} AS m WITH v, m AS u RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WITH {k: u.k, p: null} AS u, v WHERE %[1]s RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u) OPTIONAL MATCH (u)-->(v) WHERE %[1]s RETURN u.id AS a, %[2]s AS e",
	"MATCH (v) OPTIONAL MATCH (u)-->(v) WHERE %[1]s RETURN v.id AS b, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s OPTIONAL MATCH (u)<--(v) RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE %[1]s WITH DISTINCT u, v RETURN %[2]s AS e, count(*) AS n",
	"CALL { MATCH (u)-->(v) WHERE %[1]s RETURN u, v UNION MATCH (u)<--(v) WHERE NOT (%[1]s) RETURN u, v } RETURN %[2]s AS e, count(*) AS n",
	"CALL { MATCH (u)-->(v) WHERE %[1]s RETURN u, v UNION ALL MATCH (u)-->(v) RETURN u, v } RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE u.k = $p OR v.p = 1 WITH CASE WHEN u.k = $p THEN v ELSE u END AS x, u, v RETURN x.id AS x, %[2]s AS e",
	"MATCH (u:A)-->(v:A) WHERE u.id = $p OR v.id = $p WITH CASE WHEN u.id = $p THEN v ELSE u END AS x RETURN count(DISTINCT x) AS n",
	"MATCH (u:A)-->(v:A) WHERE (u.id = $p OR v.id = $p) AND %[1]s RETURN u.id AS a, v.id AS b, NOT (u.id = $p) AS c, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s WITH collect(DISTINCT u) AS us UNWIND us AS u MATCH (u)-->(v) RETURN %[2]s AS e, count(*) AS n",
	"MATCH (u)-->(v) WHERE %[1]s RETURN u.id AS a, COUNT { MATCH (u)-->(x) WHERE %[2]s } AS n",
	"MATCH (u)-->(v) WHERE %[1]s RETURN u.id AS a, [(u)-->(z) WHERE z.k IS NOT NULL | %[2]s] AS e",
	"MATCH (u)-->(v) WHERE %[1]s WITH u, v, count(*) AS c RETURN %[2]s AS e, sum(c) AS n",
	"MATCH (u)-->(v) WHERE %[1]s WITH u, v ORDER BY u.id, v.id LIMIT 1 SET u.k = null, v.p = null RETURN u.id AS a, v.id AS b, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s WITH u, v ORDER BY u.id, v.id LIMIT 1 REMOVE u.p, v:A SET v.k = 1 RETURN u.id AS a, v.id AS b, %[2]s AS e",
	"MATCH (u)-->(v) WHERE %[1]s WITH u, v ORDER BY u.id DESC, v.id LIMIT 1 SET u:A, v.k = $p, u.p = 2 RETURN u.id AS a, v.id AS b, %[2]s AS e",
}

// factParams are the values $p takes: integers, a string, NaN, null.
var factParams = []any{int64(1), int64(3), "a", nil, 1.5}

// factQueries generates n queries of the clauses, each with a filter of
// one to three predicates and an expression over predicates that the
// filter may or may not decide (half the time the filter's own).
func factQueries(r *rand.Rand, n int) []string {
	// Each predicate with what an expression may test of it: itself, or
	// the predicate inside its not-true form.
	pred := func() (string, string) {
		a, b := "u", "v"
		if r.IntN(3) == 0 {
			a, b = b, a
		}
		p := fmt.Sprintf(factPreds[r.IntN(len(factPreds))], a, b)
		inner := p
		if strings.HasPrefix(p, "((") {
			inner = p[2:strings.Index(p, ") IS NULL")]
		}
		return p, inner
	}
	var out []string
	for len(out) < n {
		var ps, inners []string
		for i, k := 0, 1+r.IntN(3); i < k; i++ {
			p, inner := pred()
			ps, inners = append(ps, p), append(inners, inner)
		}
		where := strings.Join(ps, " AND ")
		tested := func() string {
			switch r.IntN(4) {
			case 0:
				return ps[r.IntN(len(ps))]
			case 1:
				return inners[r.IntN(len(inners))]
			}
			p, _ := pred()
			return p
		}
		a, b := "u", "v"
		if r.IntN(3) == 0 {
			a, b = b, a
		}
		e := fmt.Sprintf(factExprs[r.IntN(len(factExprs))], a, b, tested(), tested())
		out = append(out, fmt.Sprintf(factClauses[r.IntN(len(factClauses))], where, e))
	}
	return out
}

// TestKnownFactsMatchRowMode runs generated queries whose expressions
// test what a filter before them may decide (see planner/row_facts.go
// and planner/fold_known.go) against the row-mode plans, which fold
// nothing, on random graphs with null, NaN and mixed-type properties,
// each with $p of several types and null, comparing rows and errors.
// The graph's properties are set again after every query that writes.
func TestKnownFactsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 29))
	queries := factQueries(r, 700)
	failed, runs := 0, 0
	for _, seed := range []uint64{4, 9} {
		dbs := rowModeGraphs(t, seed, 24, 70, plannedIdxRowMode, factProps)
		for i, q := range queries {
			params := map[string]any{"p": factParams[(i+int(seed))%len(factParams)]}
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			if strings.Contains(q, " SET ") || strings.Contains(q, "REMOVE ") {
				for _, db := range dbs {
					mustRun(t, db, factProps, nil)
					mustRun(t, db, "MATCH (x) WHERE x.id % 3 = 0 SET x:A", nil)
					mustRun(t, db, "MATCH (x) WHERE x.id % 3 <> 0 REMOVE x:A", nil)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs", runs)
}

// TestKnownFactsPlans checks that the folds happen: a CASE whose
// condition the split disjunct decides projects the variable, the null
// test after collect-then-UNWIND goes, and a key test reads the
// property.
func TestKnownFactsPlans(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 5, 20, 50)
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	for _, c := range []struct {
		q, has, hasNot string
	}{
		{"MATCH (u:A)-->(v:A) WHERE u.id = $p OR v.id = $p WITH CASE WHEN u.id = $p THEN v ELSE u END AS x RETURN count(DISTINCT x) AS n", "", "CASE"},
		{"MATCH (:A {id: $p})<--(h) WITH collect(DISTINCT h) AS hs UNWIND hs AS h MATCH (h)--(x) RETURN count(DISTINCT x) AS n", "", "IS NOT NULL"},
		{"MATCH (q:A)-->(:B) RETURN sum(CASE WHEN 'k' IN keys(q) THEN 1 ELSE 0 END) AS n", "q.k IS NOT NULL", ""},
		{"MATCH (m)-->(:B) RETURN CASE WHEN 'A' IN labels(m) THEN 1 ELSE 0 END AS n", "m:A", "labels("},
		// Not across OPTIONAL MATCH: v may be null there.
		{"MATCH (u:A) OPTIONAL MATCH (u)-->(v) WHERE v.k = 1 RETURN CASE WHEN v.k = 1 THEN 1 ELSE 0 END AS n", "CASE", ""},
		// Not across SET.
		{"MATCH (u:A) WHERE u.k = 1 SET u.k = 2 RETURN CASE WHEN u.k = 1 THEN 1 ELSE 0 END AS n", "CASE", ""},
	} {
		comp, err := db.CompileWith(c.q, map[string]any{"p": 3})
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		plan := explainAll(comp.Plan.Pipelines)
		if c.has != "" && !strings.Contains(plan, c.has) {
			t.Errorf("%s: plan lacks %q:\n%s", c.q, c.has, plan)
		}
		if c.hasNot != "" && strings.Contains(plan, c.hasNot) {
			t.Errorf("%s: plan still has %q:\n%s", c.q, c.hasNot, plan)
		}
	}
}

// explainAll prints the operators of pls and of the pipelines nested in
// them, with the items of projections.
func explainAll(pls []*logical.Pipeline) string {
	var b strings.Builder
	var walk func(ops []logical.Op, ind string)
	walk = func(ops []logical.Op, ind string) {
		for _, op := range ops {
			b.WriteString(ind + op.String() + "\n")
			if p, ok := op.(logical.Project); ok {
				for _, it := range p.Items {
					b.WriteString(ind + "  " + it.Name + " = " + ast.FormatExpr(it.Expr) + "\n")
				}
			}
			for _, c := range op.Children() {
				walk(c.Ops, ind+"    ")
			}
		}
	}
	for _, pl := range pls {
		walk(pl.Ops, "")
	}
	return b.String()
}
