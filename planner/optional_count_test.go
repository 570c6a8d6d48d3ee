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
		// A list of distinct values grouped by the node the clause reads is
		// the node's COLLECT { } of them (optionalFans), after a DISTINCT.
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, size(collect(DISTINCT e)) AS n", false, false},
		// A collected list whose size the next clause takes is its count
		// (countCollected), before the OPTIONAL MATCH is read.
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es WITH t, size(es) AS n WHERE n > 10 RETURN t.name, n", false, false},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es RETURN t.name, size(es) AS n ORDER BY n", false, false},
		// The list read otherwise: as itself, in the first WHERE, by an
		// item that is not size(es) alone.
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es RETURN t.name, size(es) AS n, es", true, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es WHERE es[0] IS NOT NULL RETURN t.name, size(es) AS n", true, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es RETURN t.name, size(es) + 1 AS n", true, true},
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es RETURN t.name, size(es) AS n ORDER BY es[0].id", true, true},
		// count(*) counts the row of a node without matches; a key that
		// reads the optional variables; an aggregate other than count.
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, count(*) AS n", true, true},
		// count(DISTINCT e) per t is the size of e's set per t, counted in a
		// CALL { } per t with the OPTIONAL MATCH a MATCH (distinctCountSets).
		{"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) RETURN t, count(DISTINCT e) AS n", false, true},
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
