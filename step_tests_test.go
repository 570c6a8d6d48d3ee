package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// stepTestRel is a random variable-length relationship for the per-level
// test shapes: a direction, a type list and bounds from 0..2 to up to 4.
func stepTestRel(r *rand.Rand) string {
	types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
	lo := r.IntN(3)
	hi := max(lo, 1) + r.IntN(3)
	body := fmt.Sprintf("[%s*%d..%d]", types, lo, hi)
	if r.IntN(4) == 0 {
		body = fmt.Sprintf("[%s*%d]", types, max(lo, 1)) // an exact length
	}
	switch r.IntN(3) {
	case 0:
		return "-" + body + "->"
	case 1:
		return "<-" + body + "-"
	}
	return "-" + body + "-"
}

// stepTestGroup is a random quantified path pattern's relationship and
// quantifier: `-[:T]->` and `{1,3}`.
func stepTestGroup(r *rand.Rand) (rel, quant string) {
	types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
	rel = []string{"-[" + types + "]->", "<-[" + types + "]-", "-[" + types + "]-"}[r.IntN(3)]
	lo := r.IntN(3)
	hi := max(lo, 1) + r.IntN(3)
	quant = fmt.Sprintf("{%d,%d}", lo, hi)
	if r.IntN(4) == 0 {
		quant = fmt.Sprintf("{%d}", max(lo, 1))
	}
	return rel, quant
}

// TestStepTestsMatchRowMode compares the variable-length expansions that
// test their trails' nodes level by level (stepTests) with the
// enumeration of every trail and the filter over its whole node list
// (row mode) on random graphs with self-loops, parallel relationships and
// nodes without the tested property (null tests), for generated
// variants: all() and none() over nodes(p) and its slices, with the
// variable-length part first, after a fixed hop or against the
// expansion's direction, a test reading a variable bound before, the
// paths returned, and quantified path patterns testing their right node,
// their left node or both (counted per row, distinct, from either end).
// The shapes marked moved must plan the test into the expansion.
func TestStepTestsMatchRowMode(t *testing.T) {
	t.Parallel()
	type shape struct {
		q     string
		moved bool
	}
	shapes := []shape{
		{"MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p) WHERE v.k > 1) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p) WHERE v.k > 1) RETURN count(DISTINCT b) AS n", true},
		{"MATCH p = (a {id: $x})%s(b) WHERE none(v IN nodes(p) WHERE v.k < 2) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH p = (a {id: $x})-[:T]->(m)%s(b) WHERE all(v IN nodes(p) WHERE v.k > 0 OR v:A) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH p = (b)%s(a {id: $x}) WHERE all(v IN nodes(p) WHERE v.k <> 2) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p)[1..-1] WHERE v.k > 1) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p)[1..] WHERE v.k IS NOT NULL) RETURN count(DISTINCT b) AS n", true},
		{"MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p)[..-1] WHERE v.k >= 1) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"WITH $y %% 5 AS t MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p) WHERE v.k <> t) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH p = (a {id: $x})%s(b) WHERE all(v IN nodes(p) WHERE v.k > 0) RETURN [n IN nodes(p) | n.id] AS ns ORDER BY ns", true},
		{"MATCH (a:A)%s(b) WHERE all(v IN [a, b] WHERE v.k > 0) RETURN count(*) AS n", false},
		// quantified path patterns: %[1]s is the relationship, %[2]s the quantifier
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE v.k > 1)%[2]s(b) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE u.k > 1 AND v.k <> 3)%[2]s(b) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH (b)((u)%[1]s(v) WHERE u.k > 1)%[2]s(a {id: $x}) RETURN b.id AS id, count(*) AS c ORDER BY id", true},
		{"MATCH (a {id: $x})((u)%[1]s(v:A))%[2]s(b) RETURN count(DISTINCT b) AS n", true},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE v.k >= 1)%[2]s(b) RETURN count(DISTINCT b) AS n", true},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE v.k < u.k)%[2]s(b) RETURN b.id AS id, count(*) AS c ORDER BY id", false},
		{"MATCH (a {id: $x})((u)%[1]s(v) WHERE v.k > 1)%[2]s(b) RETURN b.id AS id, [n IN v | n.id] AS vs ORDER BY id, vs", true},
	}
	checked, moved := 0, 0
	for seed := uint64(1); seed <= 5; seed++ {
		r := rand.New(rand.NewPCG(seed, 41))
		n := 10 + r.IntN(16)
		steps, row := plannedAndRowMode(t)
		for _, db := range []*DB{steps, row} {
			leastTrailGraph(t, db, rand.New(rand.NewPCG(seed, 1)), n)
			// k is null on every fourth node
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 5", nil)
		}
		for v := 0; v < 60; v++ {
			s := shapes[r.IntN(len(shapes))]
			var q string
			if strings.Contains(s.q, "%[1]s") {
				rel, quant := stepTestGroup(r)
				q = fmt.Sprintf(s.q, rel, quant)
			} else {
				q = fmt.Sprintf(s.q, stepTestRel(r))
			}
			c, err := steps.Compile(q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			plan := c.Plan.Explain()
			has := strings.Contains(plan, "reached(") || strings.Contains(plan, "left(") || strings.Contains(plan, "inner(")
			// a fixed length written out as hops tests each hop's node instead (unrollFixedLength)
			if s.moved && !has && !strings.Contains(q, "*0]") && strings.Contains(plan, "VarExpand") {
				t.Errorf("%s: the test is not made level by level:\n%s", q, plan)
			}
			if has {
				moved++
			}
			for _, x := range []int{0, 1, r.IntN(n)} {
				p := map[string]any{"x": x, "y": r.IntN(n)}
				a, b := canonical(mustRun(t, steps, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d (%d nodes), %v: %s\n steps: %v\n rows:  %v\n%s", seed, n, p, q, a, b, plan)
				}
				checked++
			}
		}
	}
	t.Logf("%d query runs compared, %d plans with per-level tests", checked, moved)
}
