package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// lengthQueries generates queries over variable-length relationships of
// one length (`*k`, `{k}`) and of small ranges (`*a..b`, `{a,b}`, a
// quantified path pattern), and unions of the levels they stand for,
// each counted by rows (where a fixed length is unrolled into hops), by
// distinct end nodes, per start node, as an existence or a count test
// between bound nodes, next to other relationships whose uniqueness the
// hops must keep, and with the relationship list read.
func lengthQueries(r *rand.Rand, n int) []string {
	rel := func() string {
		types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
		return types
	}
	dir := func(body string) string {
		switch r.IntN(3) {
		case 0:
			return "-[" + body + "]->"
		case 1:
			return "<-[" + body + "]-"
		}
		return "-[" + body + "]-"
	}
	length := func() string {
		switch r.IntN(4) {
		case 0, 1:
			return fmt.Sprintf("*%d", 1+r.IntN(3))
		case 2:
			a := 1 + r.IntN(2)
			return fmt.Sprintf("*%d..%d", a, a+r.IntN(2))
		}
		a := 1 + r.IntN(2)
		return fmt.Sprintf("*%d..%d", a, a)
	}
	quant := func() string {
		a := 1 + r.IntN(2)
		b := a + r.IntN(2)
		t := rel()
		arrow := dir(t)
		if t == "" {
			arrow = strings.Replace(arrow, "[]", "", 1)
		}
		if r.IntN(2) == 0 {
			return fmt.Sprintf("(()%s()){%d,%d}", arrow, a, b)
		}
		if a == b {
			return fmt.Sprintf("%s{%d}", arrow, a)
		}
		return fmt.Sprintf("%s{%d,%d}", arrow, a, b)
	}
	varRel := func() string {
		if r.IntN(3) == 0 {
			return quant()
		}
		return dir(rel() + length())
	}
	node := func() string { return []string{"()", "()", "(:A)", "(:B)"}[r.IntN(4)] }
	var out []string
	for range n {
		v := varRel()
		head := "(a {id: $x})"
		// A quantified path pattern needs a node between it and the next part.
		switch r.IntN(9) {
		case 0:
			out = append(out, fmt.Sprintf("MATCH %s%s(c) RETURN count(*)", head, v))
		case 1:
			out = append(out, fmt.Sprintf("MATCH %s%s(c) RETURN count(DISTINCT c)", head, v))
		case 2:
			out = append(out, fmt.Sprintf("MATCH (a:A)%s(c) RETURN a.id, count(*) ORDER BY a.id", v))
		case 3:
			out = append(out, fmt.Sprintf("MATCH %s%s(b)%s(c%s) RETURN count(*)", head, v, dir(rel()), strings.Trim(node(), "()")))
		case 4:
			out = append(out, fmt.Sprintf("MATCH %s%s%s%s(c) RETURN count(*), count(DISTINCT c)", head, v, node(), varRel()))
		case 5:
			out = append(out, fmt.Sprintf("MATCH %s, (c) WHERE COUNT { (a)%s(c) } >= %d RETURN count(c)", head, v, 1+r.IntN(2)))
		case 6:
			out = append(out, fmt.Sprintf("MATCH %s, (c:B) WHERE EXISTS { (a)%s(c) } RETURN collect(c.id)", head, v))
		case 7:
			out = append(out, fmt.Sprintf("MATCH %s, (c {id: $y}) MATCH (a)%s(c) RETURN count(*)", head, v))
		case 8:
			out = append(out, fmt.Sprintf("MATCH p = %s%s(c) WHERE all(m IN nodes(p) WHERE m.k < 3) RETURN count(*)", head, v))
		}
	}
	return out
}

// levelUnions are unions of the levels of a reach, written as a CALL
// { ... UNION ... } over one node column and counted; the last ones have
// a branch whose column can be null (OPTIONAL MATCH) or is not a node, or
// keep the UNION's rows as they are.
var levelUnions = []string{
	"CALL { MATCH (a {id: $x})-->(c) RETURN c UNION MATCH (a {id: $x})-->()-->(c) RETURN c } RETURN count(c)",
	"CALL { MATCH (a {id: $x})-[:T]-(c) RETURN c UNION MATCH (a {id: $x})-[:T]-()-[:T]-(c) RETURN c UNION MATCH (a {id: $x})-[:T*3]-(c) RETURN c } RETURN count(*)",
	"CALL { MATCH (c)-->(a {id: $x}) RETURN c UNION ALL MATCH (c:A)-[:U*2]->(a {id: $x}) RETURN c } RETURN count(DISTINCT c)",
	"CALL { MATCH (a {id: $x})<--(c:B) RETURN c UNION MATCH (a {id: $x})<--()<--(d) RETURN d AS c } RETURN collect(c.id)",
	// correlated: the first branch is built per s, the second (its own s) once
	"MATCH (s:A) CALL { WITH s MATCH (s)-->(c) RETURN c UNION MATCH (s)-->()-->(c) RETURN c } RETURN count(c)",
	"CALL { MATCH (a {id: $x}) OPTIONAL MATCH (a)-[:U]->(c) RETURN c UNION MATCH (a {id: $x})-->()-->(c) RETURN c } RETURN count(c), count(*)",
	"CALL { MATCH (a {id: $x})-->(c) RETURN c.k AS c UNION MATCH (a {id: $x})-->()-->(c) RETURN c.k AS c } RETURN count(c)",
	"CALL { MATCH (a {id: $x})-->(c) RETURN c UNION ALL MATCH (a {id: $x})-->()-->(c) RETURN c } RETURN count(c)",
	"CALL { MATCH (c:A) RETURN c ORDER BY c.k, c.id LIMIT 2 UNION MATCH (a {id: $x})-->(c) RETURN c } RETURN count(c)",
}

// TestLengthFormsMatchRowMode compares generated variable-length and
// quantified forms, and unions of levels, with row mode on random
// multigraphs with self-loops and parallel and antiparallel
// relationships, where relationship uniqueness changes the counts.
// Counting `*k` by rows must not enumerate it as one expansion, and a
// union of levels counted must be one set scan.
func TestLengthFormsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 2))
	queries := append(lengthQueries(r, 60), levelUnions...)
	queries = append(queries,
		"MATCH (a {id: $x})-[*2]->(c) RETURN count(*)",
		"MATCH (a {id: $x})-[:T*3]-(c) RETURN count(*)",
		"MATCH (a {id: $x})-[r*2]->(c) RETURN count(*), collect(size(r))",
		"MATCH (a {id: $x})-[r1]->(b)-[*2]-(c)<-[r2]-(d) RETURN count(*)",
		"MATCH (a {id: $x})-[*2]-(b) MATCH (b)-[r]-(c) RETURN count(*)",
		// expansions into a bound node that only test adjacency
		"MATCH (a {id: $x}), (c {id: $y}) RETURN CASE WHEN EXISTS { (a)-->(c) } THEN 1 WHEN EXISTS { (a)-->()-->(c) } THEN 2 WHEN EXISTS { (a)-[*3]->(c) } THEN 3 END",
		"MATCH (a {id: $x}), (c) WHERE EXISTS { (a)-[:T]-(c) } AND NOT EXISTS { (c)<-[:U]-(a) } RETURN count(c)",
		"MATCH (a {id: $x}), (c) MATCH (a)<-[:U]-(c) RETURN count(DISTINCT c), collect(DISTINCT c.id)",
		"MATCH (a {id: $x}), (c) MATCH (a)<-[:U]-(c) RETURN count(c)",
	)
	unrolled := map[string]bool{queries[len(queries)-9]: true, queries[len(queries)-8]: true}
	for seed := uint64(1); seed <= 5; seed++ {
		set, row := plannedAndRowMode(t)
		n, m := 12, 40
		if seed > 3 {
			n, m = 30, 90
		}
		chainGraph(t, set, seed, n, m)
		chainGraph(t, row, seed, n, m)
		for _, q := range queries {
			for _, x := range []int{0, 1, 5, 11} {
				p := map[string]any{"x": x, "y": (x + 3) % n}
				a, b := canonical(mustRun(t, set, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d, x=%d: %s\n planned: %v\n row mode: %v", seed, x, q, a, b)
				}
			}
		}
		set.Close()
		row.Close()
	}
	set, _ := plannedAndRowMode(t)
	chainGraph(t, set, 1, 12, 40)
	explain := func(q string) string {
		return string(mustRun(t, set, "EXPLAIN "+q, map[string]any{"x": 0, "y": 3})[0][0].(value.String))
	}
	for q := range unrolled {
		if plan := explain(q); strings.Contains(plan, "VarExpand") {
			t.Errorf("%s: expected hops, got\n%s", q, plan)
		}
	}
	for _, q := range levelUnions[:5] {
		if plan := explain(q); !strings.Contains(plan, "NodeScanSemiJoin") || strings.Contains(plan, "CallSubquery") {
			t.Errorf("%s: expected one set scan, got\n%s", q, plan)
		}
	}
	for _, q := range levelUnions[5:] {
		if plan := explain(q); strings.Contains(plan, "NodeScanSemiJoin") {
			t.Errorf("%s: the union is not a set of nodes, got\n%s", q, plan)
		}
	}
}
