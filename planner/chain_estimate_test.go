package planner

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/planner/logical"
)

// TestChainEstimateCountsInnerTests checks that a set chain's row
// estimate takes in the tests on the nodes its hops reach (labels, an
// inner node's WHERE), as the same pattern planned row by row does with
// its label checks and filters: the rows reaching the aggregation agree.
func TestChainEstimateCountsInnerTests(t *testing.T) {
	for _, q := range []string{
		"MATCH (a:Person {name: 'Ann'})-[:KNOWS]->(b:Person)-[:KNOWS]->(c) RETURN count(DISTINCT c)",
		"MATCH (a:Person {name: 'Ann'})-[:KNOWS]->(b)-[:KNOWS]->(c:Person) RETURN count(DISTINCT c)",
		"MATCH (a:Person {name: 'Ann'})-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE b.age = 30 RETURN count(DISTINCT c)",
		"MATCH (a:Person {name: 'Ann'})<-[:KNOWS]-(b:Person)<-[:KNOWS]-(c) WHERE b.age < 35 RETURN count(DISTINCT c)",
		"MATCH (u:User {id: 1})-[:LINKS]->(v:User)-[:LINKS]->(w:User) RETURN count(DISTINCT w)",
	} {
		st, err := parser.Parse(q)
		if err != nil {
			t.Fatal(err)
		}
		rows := func(rowMode bool) (float64, bool, string) {
			comp, err := Compile(st, q, Options{Stats: fakeStats{}, RowModeOnly: rowMode})
			if err != nil {
				t.Fatal(err)
			}
			pl := comp.Plan.Pipelines[0]
			chain := false
			for i, op := range pl.Ops {
				_, isChain := op.(logical.ExpandChain)
				chain = chain || isChain
				if _, ok := op.(logical.Aggregate); ok && i > 0 {
					return pl.Est[i-1], chain, comp.Plan.Explain()
				}
			}
			t.Fatalf("%s: no aggregation\n%s", q, comp.Plan.Explain())
			return 0, false, ""
		}
		set, chain, setPlan := rows(false)
		row, _, rowPlan := rows(true)
		if !chain {
			t.Errorf("%s: not planned as a set chain\n%s", q, setPlan)
			continue
		}
		if math.Abs(set-row) > 1e-6*math.Max(1, row) {
			t.Errorf("%s: the set chain reaches an estimated %.4g rows, row by row %.4g\n%s\n%s", q, set, row, setPlan, rowPlan)
		}
	}
}
