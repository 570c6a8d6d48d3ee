package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
)

// TestCountPatternsShapes checks which relationship counts are answered
// from the store's per-pattern counts (qaStats) and with which number.
func TestCountPatternsShapes(t *testing.T) {
	cases := []struct {
		query string
		want  string // the EXPLAIN note, "" when the count is not taken from the store
	}{
		{"MATCH (:User)-[r:ASKED]->(:Question) RETURN count(r)", "300 relationships (:User)-[:ASKED]->"},
		{"MATCH (q:Question)<-[r:ASKED]-(u) WHERE u:User RETURN count(*)", "300 relationships (:User)-[:ASKED]->"},
		// A label no relationship of the type touches: none.
		{"MATCH (:Tag)-[r:ASKED]->() RETURN count(r)", "0 relationships (:Tag)-[:ASKED]->()"},
		// Several types: the sum.
		{"MATCH ()-[r:TAGGED|MENTIONS]->(:Tag) RETURN count(r)", "550 relationships ()-[:TAGGED|MENTIONS]->(:Tag)"},
		// Not a count of the hop's matches, or no exact count for it.
		{"MATCH (:User)-[r:ASKED]-(:Question) RETURN count(r)", ""},
		{"MATCH (:User:Tag)-[r:ASKED]->() RETURN count(r)", ""},
		{"MATCH (u:User)-[r:ASKED]->() WHERE u.id > 3 RETURN count(r)", ""},
		{"MATCH (:User)-[r:ASKED]->() RETURN count(DISTINCT r)", ""},
		{"MATCH (u:User)-[r:ASKED]->() RETURN u, count(r)", ""},
		{"MATCH (u:User)-[r:ASKED]->(u) RETURN count(r)", ""},
		{"MATCH (u:User)-[r:ASKED]->() CREATE (:Log) RETURN count(r)", ""},
	}
	for _, c := range cases {
		st, err := parser.Parse(c.query)
		if err != nil {
			t.Fatal(err)
		}
		comp, err := Compile(st, c.query, Options{Stats: qaStats{}})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		plan := comp.Plan.Explain()
		switch {
		case c.want == "" && strings.Contains(plan, "from the store's counts"):
			t.Errorf("%s: counted from the store:\n%s", c.query, plan)
		case c.want != "" && !strings.Contains(plan, c.want):
			t.Errorf("%s: want %q in\n%s", c.query, c.want, plan)
		case c.want != "" && !Holds(comp.Assumes, qaStats{}):
			t.Errorf("%s: assumed facts %v do not hold", c.query, comp.Assumes)
		}
	}
}
