package planner

import (
	"strings"
	"testing"
)

// TestListAdjacentTests: a comprehension or quantifier whose test is
// settled by the element's adjacency to a bound node filters its list by
// one ListAdjFilter before its loop; a test the adjacency does not settle
// keeps the loop alone.
func TestListAdjacentTests(t *testing.T) {
	base := "MATCH (v:Person)-[:KNOWS]->(w) WITH v, collect(w) AS ws RETURN "
	for _, c := range []struct {
		ret  string
		want bool
	}{
		{"[w IN ws WHERE (w)-[:KNOWS]->(v)] AS l", true},
		{"all(w IN ws WHERE (v)<--(w)) AS q", true},
		{"size([w IN ws WHERE NOT (w)--(v)]) AS n", true},
		{"[w IN ws WHERE w <> v AND (v)-[:KNOWS]->(w) | [v, w]] AS l", true},
		{"none(w IN ws WHERE EXISTS { (w)-->(v) }) AS q", true},
		{"[w IN ws WHERE (w)-->(v) OR w.name = 'x'] AS l", false},
		{"all(w IN ws WHERE (w)-->(v) AND w.name = 'x') AS q", false},
		{"[w IN ws WHERE (w)-->(:City)] AS l", false},
		{"[w IN ws WHERE (w)-[:KNOWS*2]->(v)] AS l", false},
		{"[w IN ws WHERE (w)-[:KNOWS {since: 1}]->(v)] AS l", false},
		{"[w IN ws WHERE (w)-->(w)] AS l", false},
		{"[w IN ws WHERE 1 / size(ws) > 0 AND (w)-->(v)] AS l", false},
	} {
		q := base + c.ret
		dis := compileWith(t, fakeStats{}, q).Program.Disassemble()
		if got := strings.Contains(dis, "ListAdjFilter"); got != c.want {
			t.Errorf("%s: ListAdjFilter %v, want %v\n%s", q, got, c.want, dis)
		}
	}
}

// TestExpandLists: a pattern comprehension of one hop mapped to its far
// node or relationship is one ExpandList; a test, a label, a path or two
// hops keep the loop.
func TestExpandLists(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"MATCH (a:Person) RETURN [(a)-[:KNOWS]->(b) | b] AS l", true},
		{"MATCH (a:Person) RETURN [(a)-[r]-() | r] AS l", true},
		{"MATCH (a:Person) RETURN [(a)-->(b) | b.name] AS l", false},
		{"MATCH (a:Person) RETURN [(a)-->(b:City) | b] AS l", false},
		{"MATCH (a:Person) RETURN [(a)-->(b) WHERE b.name = 'x' | b] AS l", false},
		{"MATCH (a:Person) RETURN [p = (a)-->(b) | b] AS l", false},
		{"MATCH (a:Person) RETURN [(a)-->()-->(b) | b] AS l", false},
	} {
		dis := compileWith(t, fakeStats{}, c.q).Program.Disassemble()
		if got := strings.Contains(dis, "ExpandList"); got != c.want {
			t.Errorf("%s: ExpandList %v, want %v\n%s", c.q, got, c.want, dis)
		}
	}
}

// TestCollectSets: collect(n) read only as a set becomes collect(DISTINCT
// n); a read that sees duplicates or order keeps it.
func TestCollectSets(t *testing.T) {
	base := "MATCH (v:Person)-[:KNOWS]->()-[:KNOWS]->(w) WITH v, collect(w) AS ws "
	for _, c := range []struct {
		rest string
		want bool
	}{
		{"RETURN v IN ws AS m", true},
		{"WHERE all(w IN ws WHERE (w)-->(v)) RETURN count(*) AS n", true},
		{"WITH v, ws AS xs RETURN any(x IN xs WHERE x.name = 'a') AS q", true},
		{"RETURN size(ws) AS n", false},
		{"RETURN ws", false},
		{"RETURN single(w IN ws WHERE (w)-->(v)) AS q", false},
		{"UNWIND ws AS w RETURN count(*) AS n", false},
		{"RETURN v IN ws AS m, ws[0] AS f", false},
	} {
		q := base + c.rest
		plan := compileWith(t, fakeStats{}, q).Plan.Explain()
		if got := strings.Contains(plan, "collect(DISTINCT w)"); got != c.want {
			t.Errorf("%s: collect(DISTINCT w) %v, want %v\n%s", q, got, c.want, plan)
		}
	}
}
