package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
)

func compileWith(t *testing.T, st Stats, q string) *Compiled {
	t.Helper()
	parsed, err := parser.Parse(q)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(parsed, q, Options{Stats: st, Procedures: procs})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return c
}

// TestSetLabelTests: a label test on the end node of a set expansion is a
// bitmap intersection of the set, and the set still goes whole into
// count(DISTINCT); the one-by-one test is gone.
func TestSetLabelTests(t *testing.T) {
	for _, q := range []string{
		"MATCH (a:Person {name: 'x'})-[:KNOWS*1..3]->(c:City) RETURN count(DISTINCT c) AS n",
		"MATCH (a:Person {name: 'x'})-[:KNOWS*2]-(c:City:Movie) RETURN count(DISTINCT c) AS n",
		"MATCH (a:Person {name: 'x'})-[:KNOWS]->()-[:KNOWS]->(c) WHERE c:City RETURN count(DISTINCT c) AS n",
	} {
		c := compileWith(t, fakeStats{}, q)
		dis := c.Program.Disassemble()
		if !strings.Contains(dis, "SetFilterLabels") && !strings.Contains(dis, "SetChain") {
			t.Errorf("%s: no set label test\n%s", q, dis)
		}
		if strings.Contains(dis, "HasLabels") || !strings.Contains(dis, "AggSet") {
			t.Errorf("%s: labels tested per row, or the set not counted whole\n%s", q, dis)
		}
	}
}
