package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// TestRequiredProperties checks the analysis on the unrewritten plans of
// many query forms: at the first operator named op, which variables are
// read later (live), which are not (dead), and whether the rows'
// multiplicity and order matter.
func TestRequiredProperties(t *testing.T) {
	cases := []struct {
		query, op  string
		live, dead string // space-separated names
		bag, order bool
	}{
		// Named or not, a middle node nothing reads is dead.
		// (In row-mode-only plans predicates are not pushed down, so the
		// start node carries no filter that would keep it live.)
		{query: "MATCH (a:User)-->(b)-->(c) RETURN count(DISTINCT c)", op: "Expand", live: "b", dead: "a c"},
		{query: "MATCH (a:User)-->()-->(c) RETURN count(DISTINCT c)", op: "Expand", dead: "a c"},
		{query: "MATCH (a {id: 1})-->(b)-->(c) RETURN count(DISTINCT c), count(DISTINCT b)", op: "Expand", live: "b"},
		{query: "MATCH (a {id: 1})-->(b)-->(c) RETURN count(c)", op: "Expand", live: "b", bag: true},
		{query: "MATCH (a {id: 1})-->(b)-->(c) RETURN b, count(c)", op: "Expand", live: "b", bag: true},
		// Relationship lists and paths.
		{query: "MATCH (a)-[rs*1..3]->(c) RETURN count(DISTINCT c)", op: "VarExpand", live: "c", dead: "rs a"},
		{query: "MATCH (a)-[rs*1..3]->(c) RETURN rs", op: "VarExpand", live: "rs", dead: "c", bag: true},
		{query: "MATCH (a)-[rs*1..3]->(c) RETURN size(rs) AS n, c", op: "VarExpand", live: "rs c", bag: true},
		{query: "MATCH p = (a)-[*1..3]->(c) RETURN count(DISTINCT c)", op: "PathBind", live: "c", dead: "p a"},
		{query: "MATCH p = (a)-[*1..3]->(c) RETURN DISTINCT length(p)", op: "PathBind", live: "p", dead: "c"},
		{query: "MATCH p = (a)-[*1..3]->(c) RETURN DISTINCT length(p)", op: "VarExpand", live: "a c"},
		// Multiplicity: DISTINCT, WITH DISTINCT, grouping keys, min/max.
		{query: "MATCH (a)-->(b) WITH DISTINCT b RETURN b.id", op: "Expand", live: "b", dead: "a"},
		{query: "MATCH (a)-->(b) RETURN b.id, max(b.x)", op: "Expand", live: "b"},
		{query: "MATCH (a)-->(b) RETURN b.id, collect(DISTINCT b.x)", op: "Expand", live: "b"},
		{query: "MATCH (a)-->(b) RETURN b.id, collect(b.x)", op: "Expand", live: "b", bag: true},
		{query: "MATCH (a)-->(b) RETURN b.id UNION MATCH (a)<--(b) RETURN b.id", op: "Expand", live: "b", dead: "a"},
		{query: "MATCH (a)-->(b) RETURN b.id UNION ALL MATCH (a)<--(b) RETURN b.id", op: "Expand", live: "b", bag: true},
		{query: "MATCH (a)-->(b) WITH DISTINCT b LIMIT 3 RETURN b.id", op: "Expand", live: "b"},
		{query: "MATCH (a)-->(b) WITH b LIMIT 3 RETURN DISTINCT b.id", op: "Expand", live: "b", bag: true},
		// Subqueries and pattern predicates read the outer variables they name.
		{query: "MATCH (a)-->(b) WHERE EXISTS { (b)-->(:X) } RETURN DISTINCT a.id", op: "Expand", live: "a b"},
		{query: "MATCH (a)-->(b) RETURN DISTINCT a.id, COUNT { (b)-->() } AS n", op: "Expand", live: "a b"},
		{query: "MATCH (a)-->(b) RETURN DISTINCT a.id, [(b)-->(x) | x.id] AS xs", op: "Expand", live: "a b"},
		{query: "MATCH (a)-->(b) WHERE (b)-->(a) RETURN DISTINCT a.id", op: "Expand", live: "a b"},
		{query: "MATCH (a)-->(b) RETURN DISTINCT a.id, COUNT { MATCH (x) RETURN x } AS n", op: "Expand", live: "a b"},
		// ORDER BY with a LIMIT: order and multiplicity matter.
		{query: "MATCH (a)-->(b) WITH b ORDER BY b.id LIMIT 3 RETURN b.id", op: "Sort", live: "b", bag: true, order: true},
		{query: "MATCH (a)-->(b) WITH b ORDER BY b.id RETURN collect(b.id)", op: "Sort", live: "b", bag: true, order: true},
		{query: "MATCH (a)-->(b) WITH b ORDER BY b.id RETURN count(DISTINCT b)", op: "Sort", live: "b"},
		// RETURN * reads every user variable.
		{query: "MATCH (a)-[r]->(b) RETURN *", op: "Expand", live: "a r b", bag: true},
		// OPTIONAL MATCH: the inner pattern's variables are read after it.
		{query: "MATCH (a) OPTIONAL MATCH (a)-->(b) RETURN count(b)", op: "NodeScan", live: "a", dead: "b", bag: true},
		// CALL subqueries: variables are read by the body.
		{query: "MATCH (a)-->(b) CALL { WITH b RETURN b.id AS i } RETURN DISTINCT i", op: "Expand", live: "b", bag: true},
	}
	for _, c := range cases {
		st, err := parser.Parse(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		comp, err := Compile(st, c.query, Options{Stats: fakeStats{}, RowModeOnly: true})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		pl := comp.Plan.Pipelines[0]
		req := analyse(pl.Ops, resultNeed(bagResult(comp.Plan, nil)))
		at := -1
		for i, op := range pl.Ops {
			if op.Name() == c.op {
				at = i
				break
			}
		}
		if at < 0 {
			t.Errorf("%s: no %s in\n%s", c.query, c.op, comp.Plan.Explain())
			continue
		}
		after := req.After[at]
		for _, v := range strings.Fields(c.live) {
			if !after.Live.has(v) {
				t.Errorf("%s: %s after %s is dead, want live", c.query, v, pl.Ops[at])
			}
		}
		for _, v := range strings.Fields(c.dead) {
			if after.Live.has(v) {
				t.Errorf("%s: %s after %s is live, want dead", c.query, v, pl.Ops[at])
			}
		}
		if after.Bag != c.bag {
			t.Errorf("%s: multiplicity after %s matters = %v, want %v", c.query, pl.Ops[at], after.Bag, c.bag)
		}
		if after.Ordered != c.order {
			t.Errorf("%s: order after %s matters = %v, want %v", c.query, pl.Ops[at], after.Ordered, c.order)
		}
	}
}

// TestRulesReachFixedPoint checks that rewriting a rewritten pipeline
// changes nothing, and that set mode follows from the analysis whatever
// the variables are called.
func TestRulesReachFixedPoint(t *testing.T) {
	cases := []struct{ query, want string }{
		{"MATCH (a {id: 107})-->(b)-->(c) RETURN count(DISTINCT c)", "ExpandSet (a)-[]->()-[]->(c) mode=set"},
		{"MATCH (a {id: 107})-->()-->(c) RETURN count(DISTINCT c)", "ExpandSet (a)-[]->()-[]->(c) mode=set"},
		{"MATCH (a)-[:LINKS*2]->(c) RETURN DISTINCT c", "VarExpand (a)-[:LINKS*2..2]->(c) mode=set"},
		{"MATCH (a {id: 107})-->()-->()-->(c) RETURN count(DISTINCT c)", "ExpandSet (a)-[]->()-[]->()-[]->(c) mode=set"},
		{"MATCH (a {id: 107})-[r1]->(b) MATCH (b)-[r2]->()-[r3]->(c) WHERE r1 <> r2 AND NOT r3 = r1 RETURN count(DISTINCT c)", "ExpandSet (a)-[]->()-[]->()-[]->(c) mode=set"},
		{"MATCH (a)-[rs*1..3]->(c) RETURN count(DISTINCT c)", "VarExpand (a)-[rs*1..3]->(c) mode=set"},
		{"MATCH p = (a)-[*1..3]->(c) RETURN count(DISTINCT c)", "VarExpand (a)-[*1..3]->(c) mode=set"},
		{"MATCH (a:User {id: 0})-[r]->(x)<-[s]-(b:User {id: 1}) RETURN count(DISTINCT x)", "ExpandCommon"},
		{"MATCH (a {id: 1}) OPTIONAL MATCH (a)-->(b) RETURN count(b)", "Degree (a)-[]->() count, optional"},
		{"MATCH (n:User) RETURN count(*)", "Aggregate keys=[] aggs=[count(DISTINCT n)]"},
		{"MATCH (n) WITH n RETURN count(n) AS c", "Aggregate keys=[] aggs=[count(DISTINCT n)]"},
		{"MATCH (a:User {id: 1})-[r1]->(b)-[r2]->(c) WITH DISTINCT c RETURN count(c)", "Aggregate keys=[] aggs=[count(DISTINCT c)] (est. rows 1)\n        +ExpandSet (a)-[]->()-[]->(c) mode=set"},
		{"MATCH (a:User {id: 107}), (c:User) WHERE EXISTS { (a)-->()-->(c) } RETURN count(c)", "ExpandSet (a)-[]->()-[]->(c) mode=set"},
		{"MATCH (a:User {id: 107}), (c:User) WHERE NOT EXISTS { (c)<--()<--(a) } RETURN count(c)", "NodeScanAntiJoin (c:User) not in set of c built per a: EXISTS { (c)<--()<--(a) } {ExpandSet (a)-[]->()-[]->(c) mode=set}"},
		{"MATCH (a:User {id: 107}), (c) WHERE (a)-[*1..3]->(c) AND c.id > 3 RETURN c", "VarExpand (a)-[*1..3]->(c) mode=set"},
		{"MATCH (a)-[rs*1..3]->(c) RETURN DISTINCT c, size(rs)", "mode=row: `rs` is used later"},
		{"MATCH p = (a)-[*1..3]->(c) RETURN DISTINCT p", "mode=row: its relationships are used later (by a path, or by the uniqueness of the pattern's later relationships)"},
		{"MATCH (a)-[*1..3]->(c) RETURN c", "mode=row: the number of paths matters"},
		{"MATCH (a)-[*3]->(c) RETURN DISTINCT c", "VarExpand (a)-[*3..3]->(c) mode=set"},
		{"MATCH (a)-[*2..]->(c) RETURN DISTINCT c", "mode=row: a minimum length above 1 with no maximum"},
		{"MATCH (a)-[*1..5]-(c) RETURN DISTINCT c", "mode=row: undirected ranges beyond 3 hops"},
		{"MATCH (a)-[*1..2 {w: 1}]->(c) RETURN DISTINCT c", "mode=row: relationship properties"},
		{"MATCH (a)-->(b)-[*1..2]->(c) RETURN DISTINCT c", "mode=row: its relationships must differ"},
	}
	for _, c := range cases {
		comp := compileFake(t, c.query)
		plan := comp.Plan.Explain()
		if !strings.Contains(plan, c.want) {
			t.Errorf("%s: want %q in\n%s", c.query, c.want, plan)
		}
		b := &builder{aggRefs: map[*ast.FunctionCall]string{}}
		for _, pl := range comp.Plan.Pipelines {
			out := resultNeed(bagResult(comp.Plan, nil))
			for _, r := range rules {
				if _, changed := r(b, pl.Ops, analyse(pl.Ops, out)); changed {
					t.Errorf("%s: a rule still changes the rewritten plan\n%s", c.query, plan)
				}
			}
		}
	}
}

// TestGraphProgramCollectIgnoresDuplicates checks that a GraphProgram
// statement, whose rows are collected into a graph, runs set at a time,
// with a limit too: the limit counts the distinct nodes collected, which
// a repeated row does not change.
func TestGraphProgramCollectIgnoresDuplicates(t *testing.T) {
	const q = "MATCH (a {id: 1})-[*1..3]->(c) RETURN c"
	st, err := parser.Parse(q)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		limit int
		want  string
	}{{0, "mode=set"}, {5, "mode=set"}, {5, "at most 5 nodes"}} {
		comp, err := Compile(st, q, Options{Stats: fakeStats{}, Statement: &Statement{Op: '+', Limit: c.limit}})
		if err != nil {
			t.Fatal(err)
		}
		if plan := comp.Plan.Explain(); !strings.Contains(plan, c.want) {
			t.Errorf("limit %d: want %q in\n%s", c.limit, c.want, plan)
		}
	}
}

// TestAggregateResultsLive checks that the analysis, given the builder's
// aggregate references, knows which aggregate results are read after the
// aggregation (an expression reads one through the call itself), once the
// projection after the aggregation keeps only the columns read later.
func TestAggregateResultsLive(t *testing.T) {
	cases := []struct {
		query      string
		live, dead []string // aggregate calls as written
	}{
		{"MATCH (a)-->(b) WITH a, count(*) AS c, collect(b) AS bs RETURN c", []string{"count(*)"}, []string{"collect(b)"}},
		{"MATCH (a)-->(b) WITH a, count(*) AS c, max(b.x) AS m RETURN a, m", []string{"max(b.x)"}, []string{"count(*)"}},
		{"MATCH (a)-->(b) RETURN a, count(*) + 1 AS c, min(b.x) AS m", []string{"count(*)", "min(b.x)"}, nil},
		{"MATCH (a)-->(b) WITH a, count(*) AS c WHERE c > 2 RETURN a", []string{"count(*)"}, nil},
		{"MATCH (a)-->(b) WITH a, count(*) AS c, sum(b.x) AS s RETURN a", nil, []string{"count(*)", "sum(b.x)"}},
	}
	for _, c := range cases {
		st, err := parser.Parse(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		b := &builder{src: c.query, stats: noStats{}, procs: func(string) (*vm.Procedure, bool) { return nil, false }, aggRefs: map[*ast.FunctionCall]string{}}
		plan, err := b.buildQuery(st.Query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		ops := plan.Pipelines[0].Ops
		out := resultNeed(true)
		out.Live.refs = b.aggRefs
		at := -1
		for i, op := range ops {
			if _, ok := op.(logical.Aggregate); ok {
				at = i
			}
		}
		if at < 0 {
			t.Fatalf("%s: no aggregation in %v", c.query, ops)
		}
		p := ops[at+1].(logical.Project)
		var items []logical.Item
		for _, it := range p.Items {
			if analyse(ops, out).After[at+1].Live.has(it.Name) {
				items = append(items, it)
			}
		}
		p.Items = items
		ops = replace(ops, at+1, 1, p)
		req := analyse(ops, out)
		names := map[string]string{}
		for _, a := range ops[at].(logical.Aggregate).Aggs {
			names[a.Call.NodeSpan().Text(c.query)] = a.Name
		}
		for _, want := range []struct {
			calls []string
			live  bool
		}{{c.live, true}, {c.dead, false}} {
			for _, call := range want.calls {
				name, ok := names[call]
				if !ok {
					t.Fatalf("%s: no aggregate %s in %v", c.query, call, names)
				}
				if got := req.After[at].Live.has(name); got != want.live {
					t.Errorf("%s: %s read after the aggregation = %v, want %v", c.query, call, got, want.live)
				}
			}
		}
	}
}
