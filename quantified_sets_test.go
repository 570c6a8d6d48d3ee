package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// qppGraph loads a random graph of n nodes (labels A, B, both or none; a
// property v of 0..2 or none) with relationships of types T and U (a
// property w of 0 or 1), self-loops, parallel relationships and cycles.
func qppGraph(t *testing.T, db *DB, r *rand.Rand, n int) {
	t.Helper()
	var nodes, rels []any
	for i := range n {
		m := map[string]any{"id": i, "l": r.IntN(4)}
		if r.IntN(4) > 0 {
			m["v"] = r.IntN(3)
		}
		nodes = append(nodes, m)
	}
	for i := 0; i < n+r.IntN(n); i++ {
		s, e := r.IntN(n), r.IntN(n)
		switch r.IntN(8) {
		case 0:
			e = s // self-loop
		case 1:
			rels = append(rels, map[string]any{"s": s, "e": e, "t": "T", "w": r.IntN(2)}) // parallel
		case 2:
			rels = append(rels, map[string]any{"s": e, "e": s, "t": "T", "w": r.IntN(2)}) // a 2-cycle
		}
		typ := "T"
		if r.IntN(3) == 0 {
			typ = "U"
		}
		rels = append(rels, map[string]any{"s": s, "e": e, "t": typ, "w": r.IntN(2)})
	}
	mustRun(t, db, `UNWIND $nodes AS p CREATE (x {id: p.id}) SET x.v = p.v
		FOREACH (_ IN CASE WHEN p.l % 2 = 1 THEN [1] ELSE [] END | SET x:A)
		FOREACH (_ IN CASE WHEN p.l >= 2 THEN [1] ELSE [] END | SET x:B)`, map[string]any{"nodes": nodes})
	mustRun(t, db, `UNWIND $rels AS p MATCH (s {id: p.s}), (e {id: p.e})
		FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T {w: p.w}]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U {w: p.w}]->(e))`, map[string]any{"rels": rels})
}

// qppGroup is a random quantified path pattern: 1 to 3 relationships of
// random directions and types, labels, property maps and inline WHEREs
// on its nodes (named or not), sometimes a group WHERE on one node, and
// with relFilters a property map or WHERE on a relationship (which the
// set form does not take). bounded reports whether the quantifier has an
// upper bound.
func qppGroup(r *rand.Rand, relFilters bool) (group string, bounded bool) {
	L := 1 + r.IntN(3)
	node := func(j int) string {
		s := ""
		if r.IntN(2) == 0 {
			s = fmt.Sprintf("n%d", j)
		}
		s += []string{"", "", ":A", ":B", ":A|B", ":!A"}[r.IntN(6)]
		switch r.IntN(6) {
		case 0:
			s += fmt.Sprintf(" {v: %d}", r.IntN(3))
		case 1:
			if strings.HasPrefix(s, "n") {
				s += []string{" WHERE n%d.v > 0", " WHERE n%d.v IS NULL OR n%d.v = 2", " WHERE NOT n%d.v = 1"}[r.IntN(3)]
				s = strings.ReplaceAll(s, "n%d", fmt.Sprintf("n%d", j))
			}
		}
		return "(" + s + ")"
	}
	// At most 6 hops for bounded quantifiers (row mode, the reference,
	// enumerates every trail of the types' union).
	quants := []string{"{1,2}", "{0,3}", "{2,3}", "{1,1}", "{2}", "{0,2}", "{1,3}", "{0,1}", "+", "*", "{2,}"}
	if L == 3 {
		quants = []string{"{1,2}", "{0,2}", "{2}", "{1,1}", "{0,1}", "+", "*", "{2,}"}
	}
	q := quants[r.IntN(len(quants))]
	bounded = !strings.ContainsAny(q, "+*") && !strings.HasSuffix(q, ",}")
	var b strings.Builder
	named := []int{}
	for j := 0; j <= L; j++ {
		n := node(j)
		if strings.HasPrefix(n, "(n") {
			named = append(named, j)
		}
		b.WriteString(n)
		if j == L {
			break
		}
		rel := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
		if relFilters && r.IntN(3) == 0 {
			rel = fmt.Sprintf("r%d%s", j, rel) + []string{" {w: 1}", fmt.Sprintf(" WHERE r%d.w = 0", j)}[r.IntN(2)]
		}
		// Unbounded patterns enumerate every trail of the types' union
		// in either direction when their hops' directions differ: too
		// many on the test's graphs, so their hops all point right.
		switch d := r.IntN(3); {
		case !bounded || d == 0:
			b.WriteString("-[" + rel + "]->")
		case d == 1:
			b.WriteString("<-[" + rel + "]-")
		default:
			b.WriteString("-[" + rel + "]-")
		}
	}
	switch {
	case len(named) > 0 && r.IntN(4) == 0:
		b.WriteString(fmt.Sprintf(" WHERE n%d.v <> 1", named[r.IntN(len(named))]))
	case r.IntN(8) == 0:
		b.WriteString(" WHERE $x <> 3") // reads no element: a test of each repetition
	}
	return "(" + b.String() + ")" + q, bounded
}

// TestQuantifiedSetsMatchRowMode compares quantified path patterns whose
// consumers need only their distinct ends (DISTINCT, count(DISTINCT),
// EXISTS, a many-start DISTINCT, the pattern matched from its right end)
// run set at a time (setQuantifiedPaths: each repetition count's trails)
// with the enumeration of every path (row mode) on random graphs with
// self-loops, parallel relationships and cycles. Bounded patterns whose
// tests are per node must plan the set form; the others (unbounded,
// relationship filters) stay enumerated and must agree all the same.
func TestQuantifiedSetsMatchRowMode(t *testing.T) {
	t.Parallel()
	shapes := []string{
		"MATCH (a {id: $x}) %s (b) RETURN count(DISTINCT b) AS n",
		"MATCH (a {id: $x}) %s (b) RETURN DISTINCT b.id AS id ORDER BY id",
		"MATCH (a {id: $x}), (b) WHERE EXISTS { (a) %s (b) } RETURN b.id AS id ORDER BY id",
		"MATCH (a:A) %s (b:B) RETURN DISTINCT a.id AS s, b.id AS e ORDER BY s, e",
		"MATCH (a) %s (b {id: $x}) RETURN count(DISTINCT a) AS n",
		"MATCH (a {id: $x}) %s (b) WITH DISTINCT b WHERE b.v IS NOT NULL RETURN count(*) AS n",
		"MATCH (c {id: $x})-[:T]->(a) %s (b) RETURN count(DISTINCT b) AS n",
		"MATCH (a {id: $x}) %s (b) WHERE b.v = 1 RETURN b.id AS id, count(*) AS n ORDER BY id",
		"MATCH (a {id: $x}) %s (b) WHERE b.v = 1 RETURN count(DISTINCT b) AS n",
		"MATCH (a {id: $x}) %s (b)-[:T]->(c) RETURN count(DISTINCT c) AS n",
		"MATCH (a) %s (b) WHERE a.id = $x AND (b.v IS NULL OR b:A) RETURN DISTINCT b.id AS id ORDER BY id",
	}
	// The shapes that must plan the set form of a bounded pattern of
	// several relationships with tests per node: the EXISTS shape's
	// pattern is planned with its code; those next to a [:T] hop only
	// when the group's hops are all :U (its relationships then cannot be
	// that one); the one with count(*) counts the paths.
	setShape := func(shape int, group string) bool {
		switch shape {
		case 2, 7:
			return false
		case 6, 9:
			return !strings.Contains(group, "T") && strings.Count(group, "[:U") == strings.Count(group, "]-")
		}
		return true
	}
	checked, set := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		r := rand.New(rand.NewPCG(seed, 27))
		n := 5 + r.IntN(5)
		planned, row := plannedAndRowMode(t)
		qppGraph(t, planned, rand.New(rand.NewPCG(seed, 1)), n)
		qppGraph(t, row, rand.New(rand.NewPCG(seed, 1)), n)
		for v := 0; v < 50; v++ {
			relFilters := r.IntN(5) == 0
			group, bounded := qppGroup(r, relFilters)
			shape := r.IntN(len(shapes))
			q := fmt.Sprintf(shapes[shape], group)
			c, err := planned.Compile(q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			plan := c.Plan.Explain()
			isSet := strings.Contains(plan, "){")
			if isSet {
				set++
			}
			multi := strings.Count(group, "]-") > 1
			if want := multi && bounded && !relFilters && setShape(shape, group); want && !isSet {
				t.Errorf("%s: not planned set at a time:\n%s", q, plan)
			}
			for _, x := range []int{0, r.IntN(n)} {
				p := map[string]any{"x": x}
				a, b := canonical(mustRun(t, planned, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d (%d nodes), %v: %s\n planned: %v\n rows:    %v\n%s", seed, n, p, q, a, b, plan)
				}
				checked++
			}
		}
	}
	t.Logf("%d query runs compared, %d queries planned set at a time", checked, set)
}
