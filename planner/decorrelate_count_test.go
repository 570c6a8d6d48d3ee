package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
)

// labelStats is fakeStats with the given label counts.
type labelStats struct {
	fakeStats
	labels map[string]float64
}

func (s labelStats) LabelCount(l string) float64 { return s.labels[l] }

// TestCountJoinChoice checks that a per-row COUNT { } kept when positive
// is planned as the join it equals when that costs less, and stays per
// row when it does not: the choice flips with the label counts.
func TestCountJoinChoice(t *testing.T) {
	forms := []string{
		"MATCH (c:City) WITH c, COUNT { (c)<-[:LIVES_IN]-(:Person) } AS n WHERE n > 2 RETURN c.name, n",
		"MATCH (c:City) WITH c, size([(c)<-[:LIVES_IN]-(p:Person) | p]) AS n WHERE n >= 1 RETURN c.name, n",
		"MATCH (c:City) OPTIONAL MATCH (c)<-[:LIVES_IN]-(p:Person) WITH c, count(p) AS n WHERE 0 < n RETURN c.name, n",
	}
	cases := []struct {
		name   string
		labels map[string]float64
		join   bool
	}{
		{"few people, many cities", map[string]float64{"City": 50000, "Person": 20}, true},
		{"many people, few cities", map[string]float64{"City": 5, "Person": 90000}, false},
	}
	for _, tc := range cases {
		for _, q := range forms {
			st, err := parser.Parse(q)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Compile(st, q, Options{Stats: labelStats{labels: tc.labels}})
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			plan := c.Plan.Explain()
			// The join starts from the people and groups by city.
			join := strings.Contains(plan, "NodeScan (p:Person)") || strings.Contains(plan, "NodeScan (:Person)") ||
				strings.Contains(plan, "Person) label scan")
			if join != tc.join {
				t.Errorf("%s: %s: join %v, want %v:\n%s", tc.name, q, join, tc.join, plan)
			}
		}
	}
	// Where the join is not exact the choice is not offered.
	for _, q := range []string{
		"MATCH (c:City) WITH c, COUNT { (c)<-[:LIVES_IN]-(:Person) } AS n WHERE n >= 0 RETURN c.name, n",
		"MATCH (c:City) WITH c, COUNT { (c)<-[:LIVES_IN]-(:Person) } AS n WHERE n = 0 RETURN c.name, n",
		"MATCH (c:City) WITH c, COUNT { (c)<-[:LIVES_IN]-(:Person) } AS n RETURN c.name, n",
		"MATCH (c:City) OPTIONAL MATCH (c)<-[:LIVES_IN]-(p:Person) WITH c, count(*) AS n WHERE n > 1 RETURN c.name, n",
		"MATCH (c:City)<-[:IN]-(d) WITH c, COUNT { (c)<-[:LIVES_IN]-(:Person) } AS n WHERE n > 2 RETURN c.name, n",
	} {
		st, _ := parser.Parse(q)
		c, err := Compile(st, q, Options{Stats: labelStats{labels: cases[0].labels}})
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if plan := c.Plan.Explain(); strings.Contains(plan, "Person) label scan") {
			t.Errorf("%s: planned as a join:\n%s", q, plan)
		}
	}
}
