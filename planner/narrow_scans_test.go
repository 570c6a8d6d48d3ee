package planner

import (
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/planner/logical"
)

// qaStats is a question-and-answer graph: 100 Users, 200 Questions, 50
// Tags and 400 Posts (the Questions and 200 others) among 1,000 nodes.
// ASKED joins Users to Questions, TAGGED Questions to Tags; MENTIONS
// starts at Users and at Tags, so no label holds for its start nodes;
// LINKS starts at Posts and at Questions, which are all Posts. With
// foreign, one ASKED relationship starts at a node that is not a User.
type qaStats struct {
	fakeStats
	foreign bool
}

func (qaStats) NodeCount() float64 { return 1000 }
func (qaStats) LabelCount(l string) float64 {
	return map[string]float64{"User": 100, "Question": 200, "Tag": 50, "Post": 400}[l]
}
func (qaStats) Labels() []string { return []string{"Post", "Question", "Tag", "User"} }

func (qaStats) SelfLoopCount(string, string, string) float64 { return -1 }

func (s qaStats) RelPatternCount(start, typ, end string) float64 {
	if typ == "" { // any type: the sum over the types
		n := 0.0
		for _, t := range []string{"ASKED", "TAGGED", "MENTIONS", "LINKS"} {
			n += s.RelPatternCount(start, t, end)
		}
		return n
	}
	type key struct{ start, typ, end string }
	// Relationships per (start label, type, end label); a node's other
	// labels count too (every Question is a Post).
	rels := map[key]float64{
		{"User", "ASKED", "Question"}:  300,
		{"Question", "TAGGED", "Tag"}:  500,
		{"User", "MENTIONS", "Tag"}:    40,
		{"Tag", "MENTIONS", "Tag"}:     10,
		{"Question", "LINKS", "Post"}:  70,
		{"Post", "LINKS", "Post"}:      70 + 30,
		{"Question", "LINKS", "User"}:  0,
		{"Post", "ASKED", "Question"}:  0,
		{"Question", "ASKED", "Post"}:  0,
		{"Question", "TAGGED", "Post"}: 0,
		{"Post", "TAGGED", "Tag"}:      500,
		{"Question", "ASKED", "Tag"}:   0,
		{"", "ASKED", "Question"}:      300,
		{"", "TAGGED", "Tag"}:          500,
		{"", "MENTIONS", "Tag"}:        50,
		{"", "LINKS", "Post"}:          100,
		{"User", "ASKED", ""}:          300,
		{"Question", "TAGGED", ""}:     500,
		{"Post", "TAGGED", ""}:         500,
		{"User", "MENTIONS", ""}:       40,
		{"Tag", "MENTIONS", ""}:        10,
		{"Question", "LINKS", ""}:      70,
		{"Post", "LINKS", ""}:          100,
		{"", "ASKED", ""}:              300,
		{"", "TAGGED", ""}:             500,
		{"", "MENTIONS", ""}:           50,
		{"", "LINKS", ""}:              100,
	}
	if s.foreign && typ == "ASKED" && start == "" {
		return rels[key{start, typ, end}] + 1
	}
	if n, ok := rels[key{start, typ, end}]; ok {
		return n
	}
	return 0
}

// scans returns the label of every node scan in ops (nested pipelines
// included), by variable.
func scans(ops []logical.Op, into map[string]string) {
	for _, op := range ops {
		if s, ok := op.(logical.NodeScan); ok {
			into[s.Var] = s.Label
		}
		for _, c := range op.Children() {
			scans(c.Ops, into)
		}
	}
}

// TestNarrowScans checks which scans of all nodes read a label that the
// relationships followed from them imply, and that the plan assumes the
// counts that prove it.
func TestNarrowScans(t *testing.T) {
	cases := []struct {
		query string
		v     string // the scanned variable
		want  string // its scan's label
	}{
		// A set chain, a degree read and a row expansion from an
		// unlabelled start: every ASKED starts at a User and ends at a
		// Question (of two unlabelled ends, the start is the variable
		// that sorts first: see startBefore).
		{"MATCH (u)-[:ASKED]->(q) RETURN count(DISTINCT q)", "q", "Question"},
		{"MATCH (u)-[:ASKED]->() RETURN u, count(*)", "u", "User"},
		{"MATCH (u)-[:ASKED]->(q) RETURN u, q", "q", "Question"},
		{"MATCH (u)-[:ASKED]->(q) WHERE u.id > 3 RETURN u, q", "u", "User"},
		// The label dropped as implied comes back when the pattern is
		// started from its node: the degree of u, however written.
		{"MATCH (u) WHERE u:User MATCH (:Question)<-[:ASKED]-(u) RETURN u, count(*)", "u", "User"},
		{"MATCH (q:Question)<-[:ASKED]-(u) WHERE u:User RETURN u, count(*)", "u", "User"},
		// The smallest label that holds: every LINKS starts at a Post,
		// only 70 of 100 at a Question.
		{"MATCH (p)-[:LINKS]->() RETURN p, count(*)", "p", "Post"},
		// Either direction: TAGGED's ends are Tags, its starts Questions.
		{"MATCH (t)<-[:TAGGED]-() RETURN t, count(*)", "t", "Tag"},
		{"MATCH (x)-[:TAGGED]-() RETURN x, count(*)", "x", ""},
		// No label holds for every MENTIONS start.
		{"MATCH (x)-[:MENTIONS]->() RETURN x, count(*)", "x", ""},
		// Rows that need no relationship keep every node.
		{"MATCH (n) OPTIONAL MATCH (n)-[:ASKED]->(q) RETURN n, q", "n", ""},
		{"MATCH (n)-[:ASKED*0..2]->(q) RETURN n, q", "n", ""},
		{"MATCH (n) RETURN n, COUNT { (n)-[:ASKED]->() } AS d", "n", ""},
		// A query that writes could add relationships the counts miss.
		{"MATCH (u)-[:ASKED]->(q) SET q.seen = true", "q", ""},
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
		got := map[string]string{}
		for _, pl := range comp.Plan.Pipelines {
			scans(pl.Ops, got)
		}
		label, ok := got[c.v]
		if !ok {
			t.Errorf("%s: no scan of %s:\n%s", c.query, c.v, comp.Plan.Explain())
			continue
		}
		if label != c.want {
			t.Errorf("%s: scan of %s reads label %q, want %q:\n%s", c.query, c.v, label, c.want, comp.Plan.Explain())
		}
		if c.want != "" && !Holds(comp.Assumes, qaStats{}) {
			t.Errorf("%s: assumed facts %v do not hold", c.query, comp.Assumes)
		}
	}
	// One ASKED relationship from a node without :User: the facts the
	// narrowed plan assumed no longer hold, so a cached plan is not reused.
	q := "MATCH (u)-[:ASKED]->(q) RETURN u, q"
	st, _ := parser.Parse(q)
	comp, err := Compile(st, q, Options{Stats: qaStats{}})
	if err != nil {
		t.Fatal(err)
	}
	if Holds(comp.Assumes, qaStats{foreign: true}) {
		t.Errorf("%s: facts %v still hold after an ASKED from a node that is not a User", q, comp.Assumes)
	}
	comp, err = Compile(st, q, Options{Stats: qaStats{foreign: true}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	scans(comp.Plan.Pipelines[0].Ops, got)
	if got["u"] != "" {
		t.Errorf("%s: with an ASKED from a node that is not a User, u's scan reads %q:\n%s", q, got["u"], comp.Plan.Explain())
	}
}
