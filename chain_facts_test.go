package cyq

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// chainFactClauses place a test of the end node v of a pattern of two
// hops and more (%[1]s) that a set chain may take on its last hop, and
// an expression (%[2]s) over v that the test may decide: counted by
// distinct values, made DISTINCT then projected, grouped, under a label
// of the end node, with a test of the inner node beside it; and a
// quantified path whose inner node y carries the test (%[3]s, over y),
// of counts from zero (v may be the start, which no hop tested), one and
// two, where the test is of y and not of v.
var chainFactClauses = []string{
	"MATCH (a:A {id: $x})-->(m)-->(v) WHERE %[1]s RETURN count(DISTINCT %[2]s) AS n",
	"MATCH (a:A {id: $x})-->()-->(v) WHERE %[1]s WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x})-[:T]->()<--(v) WHERE %[1]s WITH DISTINCT v RETURN %[2]s AS e, count(*) AS n",
	"MATCH (a:A {id: $x})<--()-->(v:B) WHERE %[1]s WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x})-->(m)-[:T|U]-(v) WHERE m.p = 1 AND %[1]s WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x})-->(m)-->(w)-->(v) WHERE %[1]s RETURN collect(DISTINCT %[2]s) AS e",
	"MATCH (a:A {id: $x}) ((x)-->(y) WHERE %[3]s){1,2} (v) WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x}) ((x)-->(z)-->(y) WHERE %[3]s){0,2} (v) WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x}) ((x)-->(z)<--(y:B) WHERE %[3]s){0,2} (v) WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x}) ((x)<--(z)-->(y:B)){1,2} (v) WITH DISTINCT v RETURN v.id AS id, %[2]s AS e",
	"MATCH (a:A {id: $x}) ((x)-[:T|U]-(z)-->(y) WHERE %[3]s){2} (v) RETURN count(DISTINCT %[2]s) AS n",
}

// TestChainFactsMatchRowMode checks the facts a set chain's last hop
// gives the rows after it (rowFacts of ExpandChain: the labels and the
// test of the end node that the chain took from a filter hold on every
// row) against row mode, which folds nothing: the expressions after the
// chain test the filter's predicates (or their not-true forms, or
// others) with CASE, null tests, keys() and labels(), on the random
// graphs of known_facts_test.go (null, NaN and mixed-type properties),
// with $p of several types and null; planned, with an index on :A(id)
// and from each pattern's last node.
//
// 1,200 runs (2 seeds x 200 queries x 3 variants); 69 of the 400 plans
// test v on a set chain's last hop. Breaks, one at a time: the facts
// taken from the last hop of a quantified chain too (whose count may be
// 0, so that v is the start, which no hop checked: `((x)-->(z)<--(y:B)){0,2}
// (v)` then folded v:B to true): 24 of 1,200 fail; the hop's test
// assumed whatever node it tests (the check that it is of To dropped):
// 0 fail, as the tests a chain takes on its last hop are of its end
// node (longestChain) and a quantified chain's, of its inner node, are
// not read: the guard holds no case these shapes reach.
func TestChainFactsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 29))
	var queries []string
	// factExprs and tests of the label a hop checks.
	exprs := append(slices.Clone(factExprs), "CASE WHEN %[1]s:B THEN 1 ELSE 0 END", "'B' IN labels(%[1]s)", "[x IN labels(%[1]s) WHERE x = 'B']")
	for len(queries) < 200 {
		var ps, inners []string
		pred := func(v string) (string, string) {
			p := fmt.Sprintf(factPreds[r.IntN(len(factPreds))], v, "a")
			inner := p
			if strings.HasPrefix(p, "((") {
				inner = p[2:strings.Index(p, ") IS NULL")]
			}
			return p, inner
		}
		for i, k := 0, 1+r.IntN(2); i < k; i++ {
			p, inner := pred("v")
			ps, inners = append(ps, p), append(inners, inner)
		}
		// What the expression tests: the filter's predicate, its inner
		// one, or another; never of a, which the rows after a WITH do
		// not hold.
		tested := func() string {
			var p string
			switch r.IntN(4) {
			case 0:
				p = ps[r.IntN(len(ps))]
			case 1:
				p = inners[r.IntN(len(inners))]
			default:
				p, _ = pred("v")
			}
			if strings.Contains(p, "a.") {
				return "v.p = 1"
			}
			return p
		}
		shape := chainFactClauses[r.IntN(len(chainFactClauses))]
		x := r.IntN(len(exprs))
		if strings.Contains(shape, "y:B") && r.IntN(2) == 0 {
			x = len(factExprs) + r.IntN(len(exprs)-len(factExprs)) // the hop's label
		}
		e := fmt.Sprintf(exprs[x], "v", "v", tested(), tested())
		// A quantified path's test of its own node y (of nothing bound
		// outside it).
		inY := strings.ReplaceAll(strings.Join(ps, " AND "), "v", "y")
		if strings.Contains(inY, "a.") {
			inY = "y.p = 1"
		}
		queries = append(queries, fmt.Sprintf(shape, strings.Join(ps, " AND "), e, inY))
	}
	runs, failed, chains := 0, 0, 0
	for _, seed := range []uint64{4, 9} {
		n := 30
		dbs := planVariants(t, seed, n, 80, map[string]*Options{
			"planned":  nil,
			"idx":      nil,
			"last":     {StartLast: true},
			"row-mode": {RowModeOnly: true},
		})
		for _, db := range dbs {
			mustRun(t, db, factProps, nil)
		}
		for i, q := range queries {
			params := map[string]any{"p": factParams[(i+int(seed))%len(factParams)], "x": 3 * r.IntN(n/3)}
			c, err := dbs["planned"].CompileWith(q, params)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if plan := c.Plan.Explain(); strings.Contains(plan, "(v WHERE") || strings.Contains(plan, "(v:B WHERE") {
				chains++
			}
			againstRowMode(t, dbs, []string{"planned", "idx", "last"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	t.Logf("%d runs compared, %d failed; %d plans test v on a set chain's last hop", runs, failed, chains)
	if chains == 0 {
		t.Errorf("no plan tested v on a set chain's last hop: the test does not reach the facts")
	}
}
