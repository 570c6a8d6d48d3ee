package planner

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
)

// TestProjectedTestsFold checks that a pattern count or existence test
// projected only for the WHERE after it plans as the test written in a
// WHERE: for every comparison, threshold and side, with and without a
// far label, the projected form computes no column for it and costs what
// the WHERE form costs (up to the WITH boundary's rows); a form that
// reads the column later, or tests it with more than one comparison,
// keeps the projection.
func TestProjectedTestsFold(t *testing.T) {
	compile := func(q string) *Compiled {
		t.Helper()
		c := compileFake(t, q)
		return c
	}
	projected := regexp.MustCompile(`Project (.*, )?d \(`)
	projects := func(c *Compiled) bool { return projected.MatchString(c.Plan.Explain()) }
	for _, pat := range []string{"(p)-[:KNOWS]->()", "(p)-[:KNOWS]->(:Person)", "(p)<-[:KNOWS]-(:Person)", "(p)--()"} {
		for _, count := range []string{"COUNT { " + pat + " }", "size([" + pat + " | 1])", "EXISTS { " + pat + " }"} {
			isExists := strings.HasPrefix(count, "EXISTS")
			for _, op := range []string{">", ">=", "<", "<=", "=", "<>"} {
				for _, k := range []string{"0", "1", "2", "3", "$k"} {
					lit := k
					if isExists {
						if k != "0" {
							continue
						}
						lit, op = "true", "="
					}
					for _, swapped := range []bool{false, false, true} {
						test := func(x string) string {
							if swapped {
								return fmt.Sprintf("%s %s %s", lit, flipped(op), x)
							}
							return fmt.Sprintf("%s %s %s", x, op, lit)
						}
						where := "MATCH (p:Person) WITH p WHERE " + test(count) + " RETURN count(*)"
						form := "MATCH (p:Person) WITH p, " + count + " AS d WHERE " + test("d") + " RETURN count(*)"
						w, p := compile(where), compile(form)
						if projects(p) {
							t.Errorf("%s: the test is still projected\n%s", form, p.Plan.Explain())
							continue
						}
						if math.Abs(p.Cost-w.Cost) > 0.5*math.Max(1, w.Cost) {
							t.Errorf("%s costs %.4g, %s %.4g\n%s\n%s", form, p.Cost, where, w.Cost, p.Plan.Explain(), w.Plan.Explain())
						}
					}
				}
			}
		}
	}
	for _, q := range []string{
		"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]->() } AS d WHERE d > 1 RETURN count(*), sum(d)",
		"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]->() } AS d WHERE d > 1 AND d < 5 RETURN count(*)",
		"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]->() } AS d WHERE d > p.age RETURN count(*)",
	} {
		if c := compile(q); !projects(c) {
			t.Errorf("%s: the projection went\n%s", q, c.Plan.Explain())
		}
	}
}

// flipped is the comparison with its operands swapped.
func flipped(op string) string {
	return map[string]string{">": "<", ">=": "<=", "<": ">", "<=": ">=", "=": "=", "<>": "<>"}[op]
}
