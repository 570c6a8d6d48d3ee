package planner

import (
	"math"
	"testing"
)

// resultRows is the estimated number of rows compiled's plan returns.
func resultRows(c *Compiled) float64 {
	pl := c.Plan.Pipelines[len(c.Plan.Pipelines)-1]
	return pl.Est[len(pl.Est)-1]
}

// TestCallRows checks the rows estimated after a CALL { } subquery
// against the same question written without it: a single branch returns
// what its query returns, per entering row when it reads the row's
// variables; the UNION ALL of a pattern's two directions what the
// undirected pattern does; a UNION between its largest branch and the
// sum of its branches. What follows the CALL is then priced for those
// rows, not for one.
func TestCallRows(t *testing.T) {
	same := []struct{ call, plain string }{
		{"CALL { MATCH (a:User)-[:LINKS]->(b) RETURN a, b } RETURN a, b",
			"MATCH (a:User)-[:LINKS]->(b) RETURN a, b"},
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b } RETURN x, b",
			"MATCH (x:Person)-->(b) RETURN x, b"},
		{"MATCH (x:Person) CALL { WITH x MATCH (x)-[:KNOWS]->(b)-[:KNOWS]->(c) RETURN c } RETURN x, c",
			"MATCH (x:Person)-[:KNOWS]->(b)-[:KNOWS]->(c) RETURN x, c"},
		{"CALL { MATCH (a:User)-[:LINKS]->(b) RETURN a, b UNION ALL MATCH (a:User)<-[:LINKS]-(b) RETURN a, b } RETURN a, b",
			"MATCH (a:User)-[:LINKS]-(b) RETURN a, b"},
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b UNION ALL MATCH (x)<--(b) RETURN b } RETURN x, b",
			"MATCH (x:Person)--(b) RETURN x, b"},
		{"UNWIND [1, 2, 3] AS i CALL { MATCH (a:User)-[:LINKS]->(b) RETURN a, b UNION ALL MATCH (a:User)<-[:LINKS]-(b) RETURN a, b } RETURN i, a, b",
			"UNWIND [1, 2, 3] AS i MATCH (a:User)-[:LINKS]-(b) RETURN i, a, b"},
	}
	for _, c := range same {
		got, want := resultRows(compileFake(t, c.call)), resultRows(compileFake(t, c.plain))
		if want <= 1 {
			t.Fatalf("%s: %g rows: the comparison shows nothing", c.plain, want)
		}
		if math.Abs(got-want) > 1e-6*want {
			t.Errorf("%s: %g rows estimated, %s: %g", c.call, got, c.plain, want)
		}
	}
	a := resultRows(compileFake(t, "MATCH (a:User)-[:LINKS]->(b) RETURN a, b"))
	bb := resultRows(compileFake(t, "MATCH (a:Person)-[:KNOWS]->(b) RETURN a, b"))
	u := resultRows(compileFake(t, "CALL { MATCH (a:User)-[:LINKS]->(b) RETURN a, b UNION MATCH (a:Person)-[:KNOWS]->(b) RETURN a, b } RETURN a, b"))
	if u < math.Max(a, bb) || u > a+bb {
		t.Errorf("UNION of %g and %g rows: %g estimated", a, bb, u)
	}
}
