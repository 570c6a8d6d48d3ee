package planner

import (
	"strings"
	"testing"
)

// TestOptionalCount checks which OPTIONAL MATCH ... count(v) aggregations
// are read as per-row COUNT { } subqueries (no Optional operator left),
// and that a grouping by the scanned node then needs no aggregation.
func TestOptionalCount(t *testing.T) {
	cases := []struct {
		query    string
		optional bool // the Optional operator stays
		grouping bool // an Aggregate stays
	}{
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, count(e) AS n WHERE n > 10 RETURN t.name, n", false, false},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[r:HAS_TAG]-(e:Post) RETURN t.name AS name, count(r) AS n, count(e) AS m ORDER BY n DESC, name", false, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e)-[:HAS_CREATOR]->(p) RETURN count(p) AS n", false, true},
		{"MATCH (a) OPTIONAL MATCH (a)-->(b) WHERE b.k > 1 RETURN a.k AS k, count(b) AS n", false, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, size(collect(e)) AS n", false, false},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, size(collect(DISTINCT e)) AS n", true, true},
		// count(*) counts the row of a node without matches; DISTINCT
		// counts values; a key that reads the optional variables; an
		// aggregate other than count.
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, count(*) AS n", true, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, count(DISTINCT e) AS n", true, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN e.lang AS l, count(e) AS n", true, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, count(e) AS n, collect(e.id) AS ids", true, true},
	}
	for _, c := range cases {
		comp := compileFake(t, c.query)
		plan := comp.Plan.Explain()
		if got := strings.Contains(plan, "Optional ["); got != c.optional {
			t.Errorf("%s: Optional operator left = %v, want %v\n%s", c.query, got, c.optional, plan)
		}
		if got := strings.Contains(plan, "Aggregate"); got != c.grouping {
			t.Errorf("%s: Aggregate left = %v, want %v\n%s", c.query, got, c.grouping, plan)
		}
	}
}
