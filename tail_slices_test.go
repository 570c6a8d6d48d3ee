package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// tailSliceGraph loads a random graph of n nodes labelled A, B, both or
// neither, with a property k (0..3, sometimes missing) and a string s,
// relationships of types T and U with a property w (0..2, sometimes
// missing), self-loops and parallel relationships.
func tailSliceGraph(t *testing.T, db *DB, r *rand.Rand, n int) {
	t.Helper()
	var nodes, rels []any
	for i := 0; i < n; i++ {
		m := map[string]any{"id": i, "a": r.IntN(2) == 0, "b": r.IntN(3) == 0, "s": []string{"a-b", "b", "a-a"}[r.IntN(3)]}
		if r.IntN(5) > 0 {
			m["k"] = r.IntN(4)
		}
		nodes = append(nodes, m)
	}
	for i := 0; i < 2*n; i++ {
		s, e := r.IntN(n), r.IntN(n)
		if r.IntN(8) == 0 {
			e = s // self-loop
		}
		m := map[string]any{"s": s, "e": e, "t": []string{"T", "U"}[r.IntN(2)]}
		if r.IntN(4) > 0 {
			m["w"] = r.IntN(3)
		}
		rels = append(rels, m)
		if r.IntN(8) == 0 {
			rels = append(rels, m) // parallel
		}
	}
	mustRun(t, db, `UNWIND $nodes AS m CREATE (x {id: m.id, s: m.s}) SET x.k = m.k
		FOREACH (_ IN CASE WHEN m.a THEN [1] ELSE [] END | SET x:A)
		FOREACH (_ IN CASE WHEN m.b THEN [1] ELSE [] END | SET x:B)`, map[string]any{"nodes": nodes})
	mustRun(t, db, `UNWIND $rels AS p MATCH (s {id: p.s}), (e {id: p.e})
		FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T {w: p.w}]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U {w: p.w}]->(e))`, map[string]any{"rels": rels})
}

// TestTailSlicesMatchRowMode compares planned queries that read tail() of
// a list in a filter (tailSlices writes it as a slice, which the step
// tests of variable-length expansions and the other slice rules read)
// with row mode on random graphs: quantifiers (all, none, any, single)
// and list comprehensions over tail() of a path's nodes or
// relationships, of tail() again, reversed, of pattern comprehensions,
// range(), labels(), keys() and split(), on variable-length paths of
// random bounds, types and directions, counted as rows, as distinct ends
// and per end.
func TestTailSlicesMatchRowMode(t *testing.T) {
	t.Parallel()
	lists := []string{
		"tail(nodes(p))", "tail(nodes(p))", "tail(nodes(p))", "tail(tail(nodes(p)))", "reverse(tail(nodes(p)))",
		"tail(relationships(p))", "tail(nodes(p))[..-1]",
	}
	nodeTests := []string{"x.k > 0", "x:A", "NOT x:B", "x.k IS NULL OR x:B", "x.s STARTS WITH 'a'", "x.k <> 2", "x.k IN [1, 3]"}
	relTests := []string{"x.w > 0", "x.w IS NOT NULL", "type(x) = 'T'", "x.w <> 1"}
	rel := func(r *rand.Rand) string {
		types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
		lo := r.IntN(3)
		hi := max(lo, 1) + r.IntN(2)
		body := fmt.Sprintf("[%s*%d..%d]", types, lo, hi)
		return []string{"-" + body + "->", "<-" + body + "-", "-" + body + "-"}[r.IntN(3)]
	}
	pred := func(r *rand.Rand) string {
		l := lists[r.IntN(len(lists))]
		tests := nodeTests
		if strings.Contains(l, "relationships") {
			tests = relTests
		}
		test := tests[r.IntN(len(tests))]
		switch r.IntN(6) {
		case 0:
			return fmt.Sprintf("none(x IN %s WHERE %s)", l, test)
		case 1:
			return fmt.Sprintf("any(x IN %s WHERE %s)", l, test)
		case 2:
			return fmt.Sprintf("single(x IN %s WHERE %s)", l, test)
		case 3:
			return fmt.Sprintf("size([x IN %s WHERE %s]) >= 1", l, test)
		}
		return fmt.Sprintf("all(x IN %s WHERE %s)", l, test)
	}
	shapes := []string{
		"MATCH p = (a {id: $x})%s(b) WHERE %s RETURN count(DISTINCT b) AS n",
		"MATCH p = (a:A)%s(b) WHERE %s RETURN count(*) AS n",
		"MATCH p = (a:A)%s(b) WHERE %s RETURN b.id AS id, count(*) AS n ORDER BY id",
		"MATCH p = (a {id: $x})%s(b:B) WHERE %s AND b.k IS NOT NULL RETURN DISTINCT b.id AS id ORDER BY id",
		"MATCH (a:B) OPTIONAL MATCH p = (a)%s(b) WHERE %s RETURN a.id AS a, count(b) AS n ORDER BY a",
		"MATCH (a {id: $x}) WHERE EXISTS { MATCH p = (a)%s(b) WHERE %s } RETURN count(*) AS n",
	}
	// Lists not built from a path: the rewrite applies to them as well.
	others := []string{
		"MATCH (a:A) WHERE all(x IN tail([(a)-->(b) | b.k]) WHERE x > 0) RETURN count(*) AS n",
		"MATCH (a:A) WHERE any(x IN tail([(a)<-[:T]-(b) | b]) WHERE x:B) RETURN a.id AS id ORDER BY id",
		"MATCH (a) WHERE size(tail(labels(a))) > 0 RETURN count(*) AS n",
		"MATCH (a) WHERE tail(split(a.s, '-')) = ['b'] RETURN count(*) AS n",
		"MATCH (a) WHERE all(i IN tail(range(0, coalesce(a.k, 0))) WHERE i < 3) RETURN count(*) AS n",
		"MATCH (a) WHERE size(tail(keys(a))) = 2 RETURN count(*) AS n",
		"MATCH (a:A) WHERE [x IN tail([y IN [(a)-->(b) | b] WHERE y.k > 0]) | x.k] <> [] RETURN count(*) AS n",
	}
	runs, rewritten := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		r := rand.New(rand.NewPCG(seed, 10))
		n := 10 + r.IntN(16)
		planned, rows := plannedAndRowMode(t)
		tailSliceGraph(t, planned, rand.New(rand.NewPCG(seed, 1)), n)
		tailSliceGraph(t, rows, rand.New(rand.NewPCG(seed, 1)), n)
		var qs []string
		for i := 0; i < 40; i++ {
			qs = append(qs, fmt.Sprintf(shapes[r.IntN(len(shapes))], rel(r), pred(r)))
		}
		qs = append(qs, others...)
		for _, q := range qs {
			params := map[string]any{"x": r.IntN(n)}
			c, err := planned.CompileWith(q, params)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if !strings.Contains(c.Plan.Explain(), "tail(") {
				rewritten++
			}
			a, b := canonical(mustRun(t, planned, q, params)), canonical(mustRun(t, rows, q, params))
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("seed %d (%d nodes), %v: %s\n planned: %v\n rows:    %v", seed, n, params, q, a, b)
			}
			runs++
		}
	}
	if rewritten < runs/2 {
		t.Errorf("only %d of %d plans read tail() as a slice", rewritten, runs)
	}
	t.Logf("%d queries compared, %d planned with tail() as a slice", runs, rewritten)
}
