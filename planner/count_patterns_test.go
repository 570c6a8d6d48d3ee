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

// TestCountPatternsPerType checks the counts grouped by type: one row per
// type with relationships between the labels, named or all of them.
func TestCountPatternsPerType(t *testing.T) {
	cases := []struct{ query, want string }{
		{"MATCH (:User)-[r]->() RETURN type(r) AS t, count(*) AS n", "[['ASKED', 300], ['MENTIONS', 40]]"},
		{"MATCH ()-[r:TAGGED|MENTIONS|ASKED]->(:Tag) RETURN type(r), count(r)", "[['TAGGED', 500], ['MENTIONS', 50]]"},
		{"MATCH (:Tag)-[r]->(:User) RETURN type(r), count(r)", "[]"},
	}
	for _, c := range cases {
		st, err := parser.Parse(c.query)
		if err != nil {
			t.Fatal(err)
		}
		comp, err := Compile(st, c.query, Options{Stats: qaCatalog{}})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		plan := comp.Plan.Explain()
		if !strings.Contains(plan, "Unwind "+c.want+" AS") || !strings.Contains(plan, "per type") {
			t.Errorf("%s: want the rows %s in\n%s", c.query, c.want, plan)
		}
	}
}

// qaCatalog is qaStats with its types listed.
type qaCatalog struct{ qaStats }

func (qaCatalog) Types() []string { return []string{"ASKED", "TAGGED", "MENTIONS", "LINKS"} }
