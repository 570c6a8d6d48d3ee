package planner

import (
	"strings"
	"testing"
)

// TestOptionalNullIsAntiJoin checks that OPTIONAL MATCH p WITH ... WHERE
// v IS NULL (v declared by p) plans as NOT EXISTS { p } does, and that the shapes whose rows differ keep the OPTIONAL
// MATCH.
func TestOptionalNullIsAntiJoin(t *testing.T) {
	plan := func(q string) string {
		c := compileFake(t, q)
		return c.Plan.Explain()
	}
	for _, pair := range [][2]string{
		{"MATCH (a:User {id: 1})<--(b:User) OPTIONAL MATCH (a)-[o]->(b) WITH a, b WHERE o IS NULL RETURN count(*) AS n",
			"MATCH (a:User {id: 1})<--(b:User) WHERE NOT EXISTS { (a)-->(b) } RETURN count(*) AS n"},
		{"MATCH (a:User) OPTIONAL MATCH (a)-[o]->() WITH a WHERE o IS NULL RETURN count(*) AS n",
			"MATCH (a:User) WHERE NOT EXISTS { (a)-->() } RETURN count(*) AS n"},
		{"MATCH (a:User) OPTIONAL MATCH (a)-->(x)-->(c:User) WHERE x.id > 3 WITH a WHERE x IS NULL AND a.id > 2 RETURN count(*) AS n",
			"MATCH (a:User) WHERE NOT EXISTS { (a)-->(x)-->(c:User) WHERE x.id > 3 } AND a.id > 2 RETURN count(*) AS n"},
		// the WITH reads the optional variables, null on every row that passes
		{"MATCH (a:User) OPTIONAL MATCH (a)-[o]->(b) WITH a, b WHERE o IS NULL RETURN count(*) AS n",
			"MATCH (a:User) WHERE NOT EXISTS { (a)-->() } RETURN count(*) AS n"},
		{"MATCH (a:User) OPTIONAL MATCH (a)-[o]->(b) WITH a, o, b.id AS i WHERE o IS NULL AND i IS NULL RETURN a, o, i",
			"MATCH (a:User) WHERE NOT EXISTS { (a)-->() } RETURN a, null AS o, null AS i"},
		{"MATCH (a:User) OPTIONAL MATCH (a)-[o]->() WITH * WHERE o IS NULL RETURN count(*) AS n",
			"MATCH (a:User) WHERE NOT EXISTS { (a)-->() } RETURN count(*) AS n"},
	} {
		got, want := plan(pair[0]), plan(pair[1])
		if !strings.Contains(got, "AntiJoin") && !strings.Contains(got, "NOT EXISTS") || strings.Contains(got, "Optional") {
			t.Errorf("%s: not an anti-join\n%s\nNOT EXISTS plans\n%s", pair[0], got, want)
		}
	}
	for _, q := range []string{
		// the WITH limits, is DISTINCT, names an item after the optional variable
		"MATCH (a:User) OPTIONAL MATCH (a)-[o]->() WITH a LIMIT 3 WHERE o IS NULL RETURN count(*) AS n",
		"MATCH (a:User) OPTIONAL MATCH (a)-[o]->() WITH DISTINCT a, o WHERE o IS NULL RETURN count(*) AS n",
		"MATCH (a:User) OPTIONAL MATCH (a)-[o]->(b) WITH a, b.id AS o WHERE o IS NULL RETURN count(*) AS n",
		// the null test reads a variable bound before, or tests IS NOT NULL
		"MATCH (a:User) OPTIONAL MATCH (a)-[o]->() WITH a WHERE a.id IS NULL RETURN count(*) AS n",
		"MATCH (a:User) OPTIONAL MATCH (a)-[o]->() WITH a WHERE o IS NOT NULL RETURN count(*) AS n",
	} {
		// (or, the rows only counted by a test of the relationship, a
		// degree read)
		if got := plan(q); !strings.Contains(got, "Optional") && !strings.Contains(got, "Degree") {
			t.Errorf("%s: the OPTIONAL MATCH is gone\n%s", q, got)
		}
	}
}
