package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// TestAggregateThroughUnion checks which aggregations over CALL { ...
// UNION ALL ... } are split into partial aggregates per branch (the
// CALL then returns the partial columns) or get distinct branches (the
// CALL returns the distinct arguments), and which must stay after it.
func TestAggregateThroughUnion(t *testing.T) {
	const both = "CALL { MATCH (a:User)-[r]->(b) RETURN a, r, b UNION ALL MATCH (a:User)<-[r]-(b) RETURN a, r, b } "
	cases := []struct {
		query  string
		pushed bool
	}{
		{both + "RETURN count(*) AS n", true},
		{both + "RETURN a.id AS id, count(r) AS n", true},
		{both + "RETURN a, sum(b.id) AS s, min(b.id) AS lo, max(DISTINCT b.id) AS hi", true},
		{both + "WITH a.id AS id, count(*) AS d RETURN id, d ORDER BY d DESC, id LIMIT 3", true},
		{both + "RETURN count(*) * 2 + count(b) AS n", true},
		// Three branches, and a branch's own LIMIT (kept before its aggregate).
		{"CALL { MATCH (a:User)-->(b) RETURN a UNION ALL MATCH (a:User)<--(b) RETURN a UNION ALL MATCH (a:Person) RETURN a } RETURN count(a) AS n", true},
		{"CALL { MATCH (a:User)-->(b) RETURN a ORDER BY a.id LIMIT 5 UNION ALL MATCH (a:User)<--(b) RETURN a } RETURN count(*) AS n", true},
		// Run per outer row, with keys of its own columns.
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b UNION ALL MATCH (x)<--(b) RETURN b } RETURN b.name AS k, count(*) AS n", true},
		// DISTINCT UNION removes duplicates across branches.
		{strings.Replace(both, "UNION ALL", "UNION", 1) + "RETURN count(*) AS n", false},
		// Aggregates insensitive to duplicates: the branches return
		// distinct tuples of keys and arguments.
		{both + "RETURN count(DISTINCT b) AS n", true},
		{both + "RETURN sum(DISTINCT b.id) AS n", true},
		{both + "RETURN a.id AS k, avg(DISTINCT b.id) AS n, max(b.id) AS hi", true},
		{both + "RETURN collect(DISTINCT b.id) AS n, min(a.id) AS lo", true},
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b UNION ALL MATCH (x)<--(b) RETURN b } RETURN count(DISTINCT b) AS n", true},
		// Aggregates that do not split by branches.
		{both + "RETURN count(*) AS n, count(DISTINCT b) AS d", false},
		{both + "RETURN avg(b.id) AS n, min(b.id) AS lo", false},
		// avg: a branch's sum could overflow where avg does not.
		{both + "RETURN avg(b.id) AS n", false},
		// collect, run once, as the branches' lists concatenated.
		{both + "RETURN collect(b.id) AS n", true},
		{both + "RETURN a.id AS id, collect(b) AS bs, min(b.id) AS m", true},
		// collect over a CALL run per row: a partial list per row and branch.
		{"UNWIND [1, 2] AS u " + both + "RETURN collect(b.id) AS n", false},
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b UNION ALL MATCH (x)<--(b) RETURN b } RETURN b.name AS k, collect(b) AS n", false},
		{both + "RETURN count(*) AS n, stDev(b.id) AS sd", false},
		// A key or an argument the branches cannot compute.
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b UNION ALL MATCH (x)<--(b) RETURN b } RETURN x.name AS k, count(*) AS n", false},
		{"MATCH (x:Person) CALL (x) { MATCH (x)-->(b) RETURN b UNION ALL MATCH (x)<--(b) RETURN b } RETURN sum(x.age) AS n", false},
		// Something between the CALL and the aggregation sees its rows.
		{both + "WITH a ORDER BY a.id LIMIT 5 RETURN count(*) AS n", false},
		{both + "WITH a, b WHERE b.id > 3 RETURN count(*) AS n", false},
		// Branches that aggregate already.
		{"CALL { MATCH (a:User)-->() RETURN a.id AS id, count(*) AS c UNION ALL MATCH (a:User)<--() RETURN a.id AS id, count(*) AS c } RETURN id, sum(c) AS d", false},
		// Branches of one row each, run once: the aggregate's value.
		{"CALL { RETURN 1 AS c UNION ALL RETURN 2 AS c UNION ALL RETURN null AS c } RETURN sum(c) AS s, count(c) AS n, count(*) AS m, min(c) AS lo", false},
	}
	for _, c := range cases {
		comp := compileFake(t, c.query)
		plan := comp.Plan.Explain()
		var call string
		for _, line := range strings.Split(plan, "\n") {
			// a union of node sets read as one set scan (unionSets) was pushed too
			if strings.Contains(line, "CallSubquery") || strings.Contains(line, "NodeScanSemiJoin") {
				call = line
			}
		}
		// a CALL read as the union of its branches' node sets (per row when
		// correlated) leaves only the aggregation of that set after it
		if pushed := strings.Contains(call, " part") || strings.Contains(call, " uarg") || strings.Contains(call, " in sets of "); pushed != c.pushed || call == "" && c.pushed {
			t.Errorf("%s: pushed %v, want %v:\n%s", c.query, pushed, c.pushed, plan)
		}
	}
}

// TestExcludesSelfLoops checks which WHERE conditions on the hop
// (a)-[r]->(b) hold exactly for its relationships that are not self-loops.
func TestExcludesSelfLoops(t *testing.T) {
	cases := []struct {
		where string
		want  bool
	}{
		{"NOT startNode(r) = endNode(r)", true},
		{"NOT endNode(r) = startNode(r)", true},
		{"startNode(r) <> endNode(r)", true},
		{"endNode(r) <> startNode(r)", true},
		{"a <> b", true},
		{"NOT b = a", true},
		{"startNode(r) = endNode(r)", false},
		{"a = b", false},
		{"NOT startNode(r) = startNode(r)", false},
		{"a <> c", false},
		{"NOT startNode(s) = endNode(s)", false},
		{"a <> b <> a", false},
		{"NOT a <> b", false},
		{"id(a) <> id(b)", false},
	}
	for _, c := range cases {
		q := "MATCH (a)-[r]->(b), (c)-[s]->(c) WHERE " + c.where + " RETURN a"
		st, err := parser.Parse(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		m := st.Query.Parts[0].Clauses[0].(*ast.Match)
		if got := excludesSelfLoops(m.Where, "r", "a", "b"); got != c.want {
			t.Errorf("%s: %v, want %v", c.where, got, c.want)
		}
	}
}
