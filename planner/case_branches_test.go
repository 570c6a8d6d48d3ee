package planner

import (
	"fmt"
	"strings"
	"testing"
)

// TestCaseBranchesPricedByReach checks, over generated pairs of a test
// that usually holds and one that is dear, that a CASE is priced by the
// branches a row is expected to run: from one pair of bound nodes, the
// dear test after the likely one costs less than before it, and less
// than both tests evaluated on every row. Over many rows the dear test
// may become a semi-join mark, built for every row whatever the CASE
// takes (and priced so): there the CASE may not cost more than either.
// From one pair of bound nodes too the dear test may be a mark, when its
// set built in set steps (priced by the elements they touch) costs less
// than the test per row: the order of the branches then costs alike.
func TestCaseBranchesPricedByReach(t *testing.T) {
	starts := []string{"MATCH (a:User {id: 1}), (b:User {id: 2})", "MATCH (a:Person), (b:Person {name: 'x'})"}
	likely := []string{
		"EXISTS { (a)-[:LINKS]->(:User) }",
		"EXISTS { (a)-[:LINKS]->()-[:LINKS]->() }",
		"true",
		"a.id IS NOT NULL OR EXISTS { (a)-[:LINKS]->(:User) }",
	}
	dear := []string{
		"EXISTS { (a)-[:LINKS]->()-[:LINKS]->()-[:LINKS]->(b) }",
		"EXISTS { (a)-[:LINKS]->(x)-[:LINKS]->(y)-[:LINKS]->(z)-[:LINKS]->(b) WHERE x.age > 3 }",
		"COUNT { (a)-[:KNOWS|LINKS]-()-[:KNOWS|LINKS]-()-[:KNOWS|LINKS]-() } > 2",
	}
	cases := 0
	for si, s := range starts {
		for _, l := range likely {
			for _, d := range dear {
				marked := false
				cost := func(ret string) float64 {
					c := compileFake(t, s+" RETURN "+ret)
					marked = marked || strings.Contains(c.Plan.Render(func(int, int) string { return "" }), "SemiJoinMark")
					return c.Cost
				}
				after := cost(fmt.Sprintf("CASE WHEN %s THEN 1 WHEN %s THEN 2 END AS r", l, d))
				before := cost(fmt.Sprintf("CASE WHEN %s THEN 2 WHEN %s THEN 1 END AS r", d, l))
				both := cost(fmt.Sprintf("%s AS x, %s AS y", l, d))
				cases++
				if si == 0 && !marked && (!(after < before) || !(after < both)) || after > 1.02*min(before, both) {
					t.Errorf("%s: CASE WHEN %s ... WHEN %s costs %.4g; the dear test first %.4g, both tests %.4g", s, l, d, after, before, both)
				}
			}
		}
	}
	t.Logf("%d cases", cases)
}
