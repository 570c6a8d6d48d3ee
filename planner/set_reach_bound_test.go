package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// fewManages is fakeStats with a relationship type of 8 relationships
// among 100,000 nodes: a hierarchy, as a reporting line is, one manager
// of five and one of three, each reached node the manager of more.
type fewManages struct{ fakeStats }

func (fewManages) RelCount(typ string) float64 {
	if typ == "MANAGES" {
		return 8
	}
	return 500000
}

func (fewManages) Degrees(typ string, out bool) (DegreeStats, bool) {
	if typ != "MANAGES" {
		return DegreeStats{}, false
	}
	if out {
		return DegreeStats{Sum: 8, SumSq: 34, Max: 5}, true
	}
	return DegreeStats{Sum: 8, SumSq: 8, Max: 1}, true
}

func (fewManages) SeekDegree(label, key string, v value.Value, typ string, out bool) float64 {
	if typ == "MANAGES" && !out {
		return 5
	}
	return -1
}

// TestSetReachBound checks that a set frontier's reach and reads are
// estimated at most the relationships of its types (each reached node is
// the far end of one, each is read once per direction), twice that when
// direction is ignored, so that an unbounded expansion over a type of few
// relationships is priced as the few nodes it can reach and is chosen
// from its bound end, where a search from every node of the other end
// would be priced as cheaper than the unbounded reach of six hops.
func TestSetReachBound(t *testing.T) {
	for _, c := range []struct {
		q    string
		most float64 // the largest estimate of the reach per start
	}{
		{"MATCH (e:Person)-[:MANAGES]->+(b:Person {name: 'Ann'}) RETURN count(DISTINCT e)", 8},
		{"MATCH (b:Person {name: 'Ann'})<-[:MANAGES*]-(e) RETURN count(DISTINCT e)", 8},
		{"MATCH (b:Person {name: 'Ann'})-[:MANAGES*0..3]-(e) RETURN count(DISTINCT e)", 17},
		{"MATCH (b:Person {name: 'Ann'})-[:MANAGES*2..5]->(e) RETURN count(DISTINCT e)", 8},
	} {
		st, err := parser.Parse(c.q)
		if err != nil {
			t.Fatal(err)
		}
		comp, err := Compile(st, c.q, Options{Stats: fewManages{}})
		if err != nil {
			t.Fatal(err)
		}
		pl := comp.Plan.Pipelines[0]
		found := false
		for i, op := range pl.Ops {
			if v, ok := op.(logical.VarExpand); ok && v.Mode == logical.SetMode {
				found = true
				if per := pl.Est[i] / pl.Est[i-1]; per > c.most {
					t.Errorf("%s: the set reach is estimated %.4g rows per start, more than %.4g\n%s", c.q, per, c.most, comp.Plan.Explain())
				}
			}
		}
		if !found || strings.Contains(comp.Plan.Explain(), "ShortestPath") {
			t.Errorf("%s: not one set expansion from the bound end\n%s", c.q, comp.Plan.Explain())
		}
	}
}
