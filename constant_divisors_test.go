package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// constantDivisorGraphs are the property k of the random graphs the
// constant-divisor test runs on: integers (and nulls) that the value
// kinds prove a test like `v.k % 2 = 0` cannot fail on; integers and
// floats; some nodes' k a string (the kinds prove nothing, and the test
// fails on them); some nodes' k the least integer (MIN / -1 overflows).
var constantDivisorGraphs = []struct {
	name, set, odd string
	proves         bool
}{
	{"integers", "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 5", "4", true},
	{"numbers", "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = CASE WHEN x.id % 3 = 0 THEN x.id / 2.0 ELSE x.id % 5 END", "2.5", true},
	{"a string", "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = CASE WHEN x.id % 7 = 5 THEN 'five' ELSE x.id % 5 END", "'five'", false},
	{"the least integer", "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = CASE WHEN x.id % 7 = 5 THEN -9223372036854775807 - 1 ELSE x.id % 5 END", "-9223372036854775807 - 1", true},
}

// constantDivisorChain adds to a graph of n nodes the chain n -> n+1 ->
// n+2 (T and U relationships both ways) where n+1's k is 1 and n+2's is
// odd, the graph's value a test may fail on: a trail from n reaches n+2
// only through n+1, so a test false of 1 hides n+2 from the per-level
// test while the filter over whole trails still evaluates it.
func constantDivisorChain(t *testing.T, db *DB, n int, odd string) {
	t.Helper()
	mustRun(t, db, fmt.Sprintf(`CREATE (a {id: $n}), (m {id: $n + 1, k: 1}), (z {id: $n + 2, k: %s}),
		(a)-[:T {w: 1}]->(m), (m)-[:T {w: 1}]->(z), (z)-[:U {w: 0}]->(m), (m)-[:U {w: 0}]->(a)`, odd), map[string]any{"n": n})
}

// constantDivisorTest is a random test of a node variable v that divides
// or takes the remainder of v.k by a constant: a safe one (an integer
// other than 0 and -1, a float, 0.0), or a near miss the rule must leave
// where row mode evaluates it: 0, -1 for /, a parameter, an addition
// before the division (integer overflow).
func constantDivisorTest(r *rand.Rand, v string) (test string, safe bool) {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	op := pick("%", "/")
	divisor, safe := pick("2", "3", "-2", "2.0", "0.0", "1"), true
	switch r.IntN(5) {
	case 0:
		divisor, safe = pick("0", "$c"), false
	case 1:
		if op == "/" {
			divisor, safe = "-1", false
		} else {
			divisor = "-1"
		}
	}
	left := v + ".k"
	switch r.IntN(6) {
	case 0:
		left, safe = "("+v+".k + 1)", false
	case 1:
		left = "(" + v + ".k % 3)" // itself a division by a constant
	}
	cmp := pick("= 0", "<> 1", "> 0", ">= 1", "IS NULL", "IS NOT NULL", "< 2")
	return fmt.Sprintf("%s %s %s %s", left, op, divisor, cmp), safe
}

// TestConstantDivisorsMatchRowMode checks the per-level tests of
// variable-length and quantified expansions that divide a property by a
// constant (constantDivision: the kinds of the property prove they
// cannot fail, so the expansion tests each level instead of the filter
// testing whole trails) against row mode, errors included, on random
// graphs with self-loops, parallel relationships, nodes without k and a
// chain that hides a node behind one the test is false of:
// the test in a quantified path pattern's group, on its left node, in
// all() and none() over nodes(p) and its slices, with OPTIONAL MATCH,
// DISTINCT and per-row counts; near misses (a zero divisor, -1 for /,
// a parameter, an addition first), a filter's other conjunct that may
// fail (which must see every trail) and graphs whose kinds prove nothing
// (a string) or where MIN / -1 overflows stay filters. A safe test on a
// graph whose kinds prove it must be planned into the expansion.
func TestConstantDivisorsMatchRowMode(t *testing.T) {
	t.Parallel()
	shapes := []struct {
		q     string
		moved bool // a safe test on a graph that proves it moves
		alone bool // the generated test is the only one that could move
	}{
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE %[3]s)%[2]s(b) RETURN count(DISTINCT b) AS n", true, true},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE %[3]s)%[2]s(b) RETURN b.id AS id, count(*) AS c", true, true},
		{"MATCH (a {id: $x})((u WHERE %[4]s)%[1]s(v))%[2]s(b) RETURN b.id AS id, count(*) AS c", true, true},
		{"MATCH (b)((u)%[1]s(v) WHERE %[3]s)%[2]s(a {id: $x}) RETURN count(DISTINCT b) AS n", true, true},
		{"MATCH p = (a {id: $x})%[5]s(b) WHERE all(v IN nodes(p)[1..] WHERE %[3]s) RETURN b.id AS id, count(*) AS c", true, true},
		{"MATCH p = (a {id: $x})%[5]s(b) WHERE none(v IN tail(nodes(p)) WHERE %[3]s) RETURN count(DISTINCT b) AS n", true, true},
		{"MATCH p = (a {id: $x})%[5]s(b) WHERE all(v IN nodes(p) WHERE %[3]s) RETURN [n IN nodes(p) | n.id] AS ns", true, true},
		{"MATCH (a {id: $x}) OPTIONAL MATCH (a)((u)%[1]s(v) WHERE %[3]s)%[2]s(b) RETURN a.id AS a, count(b) AS n", true, true},
		{"MATCH (a) WHERE a.id IN [$x, $y] RETURN a.id AS a, COUNT { MATCH (a)((u)%[1]s(v) WHERE %[3]s)%[2]s(b) } AS n", false, true},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE %[3]s AND v.id > $y)%[2]s(b) WITH DISTINCT b RETURN count(*) AS n", true, false},
		// a conjunct that may fail (10 / 0 at the chain's end, $z) sees
		// every trail: nothing moves
		{"MATCH p = (a {id: $x})%[5]s(b) WHERE 10 / (b.id - $z) > 2 AND all(v IN nodes(p)[1..] WHERE %[3]s) RETURN b.id AS id, count(*) AS c", false, true},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE %[3]s)%[2]s(b) WHERE 10 / (b.id - $z) <> 2 RETURN count(DISTINCT b) AS n", false, true},
	}
	runs, failed, moved, kept := 0, 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := constantDivisorGraphs[int(seed)%len(constantDivisorGraphs)]
		r := rand.New(rand.NewPCG(seed, 43))
		n := 10 + r.IntN(14)
		planned, row := plannedAndRowMode(t)
		dbs := map[string]*DB{"planned": planned, "row-mode": row}
		for _, db := range dbs {
			leastTrailGraph(t, db, rand.New(rand.NewPCG(seed, 1)), n)
			mustRun(t, db, g.set, nil)
			constantDivisorChain(t, db, n, g.odd)
		}
		for i := 0; i < 45; i++ {
			s := shapes[r.IntN(len(shapes))]
			rel, quant := stepTestGroup(r)
			test, safe := constantDivisorTest(r, "v")
			left, _ := constantDivisorTest(r, "u")
			if strings.Contains(s.q, "%[4]s") {
				test, safe = constantDivisorTest(r, "u")
				left = test
			}
			q := fmt.Sprintf(s.q, rel, quant, test, left, stepTestRel(r))
			c, err := planned.Compile(q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			plan := c.Plan.Explain()
			has := strings.Contains(plan, "reached(") || strings.Contains(plan, "left(") || strings.Contains(plan, "inner(")
			if has {
				moved++
			} else {
				kept++
			}
			// An exact length written as hops tests each hop instead
			// (unrollFixedLength); a zero-length bound has no level.
			fixed := !strings.Contains(plan, "VarExpand") || strings.Contains(q, "*0]") || strings.Contains(q, "{0}")
			if s.moved && safe && g.proves && !has && !fixed {
				t.Errorf("%s graph: %s: the test is not made level by level:\n%s", g.name, q, plan)
			}
			if has && s.alone && (!safe || !g.proves) {
				t.Errorf("%s graph: %s: a test that may fail is made level by level:\n%s", g.name, q, plan)
			}
			for _, x := range []int{0, n, r.IntN(n)} {
				p := map[string]any{"x": x, "y": r.IntN(n), "z": n + 2, "c": []any{0, 2, -1}[r.IntN(3)]}
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d, %s graph", seed, g.name), q, p, &runs, &failed)
			}
		}
	}
	t.Logf("%d runs compared, %d failed; %d plans with per-level tests, %d without", runs, failed, moved, kept)
	if moved == 0 || kept == 0 {
		t.Errorf("the generator made %d plans with per-level tests and %d without: it must make both", moved, kept)
	}
}
