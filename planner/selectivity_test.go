package planner

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/planner/logical"
)

// TestEstimatesFromStatistics checks the estimates that follow from
// fakeStats: an equality keeps 1/distinct values of its property among
// the label's nodes (not a constant fraction), a range with a literal the
// distribution's share, IN n values n/distinct, a
// seek's own predicate counts once, and a label that exact pattern counts
// show on every end node of a type keeps every row.
func TestEstimatesFromStatistics(t *testing.T) {
	cases := []struct {
		query string
		op    string  // the operator whose estimate is checked (its EXPLAIN name)
		want  float64 // rows leaving it
	}{
		// Person: 1000 nodes, 60 distinct ages.
		{"MATCH (p:Person) WHERE p.age = 30 RETURN p", "Filter", 1000.0 / 60},
		{"MATCH (p:Person) WHERE p.age IN [30, 31, 32] RETURN p", "Filter", 3 * 1000.0 / 60},
		{"MATCH (p:Person) WHERE p.age <> 30 RETURN p", "Filter", 1000 * (1 - 1.0/60)},
		// Ranges against a literal: the share of the distribution (ages
		// uniform over 20..79), whichever side the property is on.
		{"MATCH (p:Person) WHERE p.age < 35 RETURN p", "Filter", 250},
		{"MATCH (p:Person) WHERE 35 > p.age RETURN p", "Filter", 250},
		{"MATCH (p:Person) WHERE p.age >= 65 RETURN p", "Filter", 250},
		{"MATCH (p:Person) WHERE p.age >= $x RETURN p", "Filter", 1000 * rangeSelectivity},
		// User: 80,000 nodes, 80,000 distinct ids, indexed.
		{"MATCH (u:User {id: 1}) RETURN u", "NodeIndexSeek", 1},
		{"MATCH (u:User) WHERE u.id IN [1, 2] RETURN u", "NodeSetSeek", 2},
		// Person.name: 900 distinct values over 1000 nodes.
		{"MATCH (p:Person {name: 'Ann'}) RETURN p", "NodeIndexSeek", 1000.0 / 900},
		// Every LINKS relationship ends at a User: the check keeps all rows
		// (and is dropped); KNOWS is unknown: the label's share of nodes.
		{"MATCH (a:Person)-[:KNOWS]->(b:Person) RETURN b", "NodeFilter", 1000 * 500000.0 / 100000 * 1000 / 100000},
		// Fan-out from the start label's own relationships when the
		// per-pattern counts know them (400,000 LINKS from 80,000 Users),
		// else relationships per node over the graph.
		{"MATCH (u:User)-[:LINKS]->(v) RETURN v", "Expand", 400000},
		{"MATCH (u:User)-[:LINKS]-(v) RETURN v", "Expand", 800000},
		{"MATCH (p:Person)-[:KNOWS]->(v) RETURN v", "Expand", 1000 * 500000.0 / 100000},
	}
	for _, c := range cases {
		comp := compileFake(t, c.query)
		pl := comp.Plan.Pipelines[0]
		got := -1.0
		for i, op := range pl.Ops {
			if op.Name() == c.op {
				got = pl.Est[i]
			}
		}
		if math.Abs(got-c.want) > 1e-6*math.Max(1, c.want) {
			t.Errorf("%s: %s estimated %v rows, want %v\n%s", c.query, c.op, got, c.want, comp.Plan.Explain())
		}
	}
}

// TestImpliedLabelsMakePlansDataDependent checks that a plan that drops
// a label check because of the data lists the counts it relies on (a plan
// cache checks them before reusing the plan).
func TestImpliedLabelsMakePlansDataDependent(t *testing.T) {
	for q, want := range map[string]bool{
		"MATCH (a:User)-[:LINKS]->(b:User) RETURN count(*)":     true,
		"MATCH (a:Person)-[:KNOWS]->(b:Person) RETURN count(*)": false,
	} {
		c := compileFake(t, q)
		if got := len(c.Assumes) > 0; got != want {
			t.Errorf("%s: assumes %v, want facts %v", q, c.Assumes, want)
		}
		if want && (!Holds(c.Assumes, fakeStats{}) || Holds(c.Assumes, noStats{})) {
			t.Errorf("%s: the facts %v should hold by the statistics compiled with, not by others", q, c.Assumes)
		}
		hasFilter := false
		for _, op := range c.Plan.Pipelines[0].Ops {
			_, ok := op.(logical.NodeFilter)
			if d, isDegree := op.(logical.Degree); isDegree {
				ok = d.Labels != nil // the check made by the degree read
			}
			hasFilter = hasFilter || ok
		}
		if hasFilter == want {
			t.Errorf("%s: label check kept %v\n%s", q, hasFilter, c.Plan.Explain())
		}
	}
}
