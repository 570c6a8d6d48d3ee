package planner

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// lastRows is the estimated rows out of the first pipeline of q's plan.
func lastRows(t *testing.T, q string) (float64, *Compiled) {
	t.Helper()
	c := compileFake(t, q)
	pl := c.Plan.Pipelines[0]
	return pl.Est[len(pl.Est)-1], c
}

// TestListLengthsPriceTheirMatches checks, over generated patterns
// (directions, types, end labels, one or two hops) and filters, that
// every spelling of "the values of the matches of a pattern per row" is
// estimated at the rows the subquery that enumerates them is: a pattern
// comprehension unwound (directly, through a WITH, reversed), a COLLECT
// { } unwound (plain and ordered), a comprehension of CASE lists unwound
// twice, and a list comprehension filtering the comprehension's nodes;
// coalesce(nullIf(comprehension, []), [null]) unwound (an OPTIONAL MATCH
// written by hand) at the matches but at least one row per row; and that a COLLECT { ... LIMIT k } holds at most k per row.
func TestListLengthsPriceTheirMatches(t *testing.T) {
	pats := []string{
		"(a)-[:LINKS]->(b)", "(a)<-[:LINKS]-(b:User)", "(a)-[:KNOWS|LINKS]-(b:Person)", "(a)-->(b)",
		"(a)-[:LINKS]->(:User)-[:LINKS]->(b)", "(a)<-[:KNOWS]-(b:Person)", "(b:Movie)<--(a)",
	}
	filters := []string{"", "b.age > 30", "b.name = 'x'", "b.age > 30 AND b.name STARTS WITH 'x'", "b.age < 25 OR b.age > 70"}
	starts := []string{"MATCH (a:Person)", "MATCH (a:User {id: $u})", "MATCH (a:Movie)"}
	cases, failed := 0, 0
	for _, start := range starts {
		for _, pat := range pats {
			for _, f := range filters {
				where, cond := "", "true"
				if f != "" {
					where, cond = " WHERE "+f, f
				}
				ref := fmt.Sprintf("%s CALL { WITH a MATCH %s%s RETURN b.name AS x } RETURN x", start, pat, where)
				want, _ := lastRows(t, ref)
				forms := []string{
					fmt.Sprintf("%s UNWIND [%s%s | b.name] AS x RETURN x", start, pat, where),
					fmt.Sprintf("%s WITH a, [%s%s | b.name] AS xs UNWIND xs AS x RETURN x", start, pat, where),
					fmt.Sprintf("%s UNWIND reverse([%s%s | b.name]) AS x RETURN x", start, pat, where),
					fmt.Sprintf("%s UNWIND COLLECT { MATCH %s%s RETURN b.name } AS x RETURN x", start, pat, where),
					fmt.Sprintf("%s UNWIND COLLECT { MATCH %s%s RETURN b.name AS x ORDER BY x } AS x RETURN x", start, pat, where),
					fmt.Sprintf("%s UNWIND [%s | CASE WHEN %s THEN [b.name] ELSE [] END] AS l UNWIND l AS x RETURN x", start, pat, cond),
				}
				if !strings.HasPrefix(pat, "(b") {
					forms = append(forms, fmt.Sprintf("%s UNWIND [y IN [%s | b]%s | y.name] AS x RETURN x", start, pat, strings.ReplaceAll(where, "b.", "y.")))
				}
				for _, q := range forms {
					cases++
					got, c := lastRows(t, q)
					if r := got / math.Max(want, 1e-9); r > 1.5 || r < 1/1.5 {
						failed++
						t.Errorf("%s\n estimated %.4g rows, the CALL { } form %.4g\n%s", q, got, want, c.Plan.Explain())
					}
				}
				// the OPTIONAL MATCH written by hand: the matches, or one
				// null where there are none
				in, _ := lastRows(t, start+" RETURN a")
				for _, q := range []string{
					fmt.Sprintf("%s UNWIND coalesce(nullIf([%s%s | b.name], []), [null]) AS x RETURN x", start, pat, where),
					fmt.Sprintf("%s WITH a, coalesce(nullIf([%s%s | b.name], []), [null]) AS xs UNWIND xs AS x RETURN x", start, pat, where),
				} {
					cases++
					got, c := lastRows(t, q)
					opt := math.Max(want, in)
					if r := got / math.Max(opt, 1e-9); r > 1.5 || r < 1/1.5 {
						failed++
						t.Errorf("%s\n estimated %.4g rows, the matches or one row per row %.4g\n%s", q, got, opt, c.Plan.Explain())
					}
				}
				for _, k := range []int{0, 1, 3} {
					q := fmt.Sprintf("%s UNWIND COLLECT { MATCH %s%s RETURN b.name AS x ORDER BY x LIMIT %d } AS x RETURN x", start, pat, where, k)
					cases++
					got, c := lastRows(t, q)
					in, _ := lastRows(t, start+" RETURN a")
					if bound := math.Min(want, in*float64(k)); got > bound*1.0001+1e-9 {
						failed++
						t.Errorf("%s\n estimated %.4g rows, more than LIMIT %d per row allows (%.4g)\n%s", q, got, k, bound, c.Plan.Explain())
					}
				}
			}
		}
	}
	t.Logf("%d cases, %d failed", cases, failed)
}

// TestUnwoundValuesEquality checks that x = y between two values drawn
// by UNWIND from lists keeps the share of pairs that are equal: known
// lists, their exact share; unknown ones, 1/distinct of the larger
// domain (a list's length bounds its distinct values), not the share of
// two nodes being one.
func TestUnwoundValuesEquality(t *testing.T) {
	for _, c := range []struct {
		q    string
		want float64
	}{
		{"UNWIND [1, 2, 3] AS x UNWIND [1, 2, 3] AS y WITH x WHERE x = y RETURN x", 3},
		{"UNWIND [1, 2, 3] AS x UNWIND [3, 4] AS y WITH x WHERE x = y RETURN x", 1},
		{"UNWIND [1, 2, 3] AS x UNWIND [4, 5] AS y WITH x WHERE x = y RETURN x", 0},
		{"UNWIND range(1, 4) AS x UNWIND range(1, 8) AS y WITH x WHERE x = y RETURN x", 4},
		{"UNWIND [1, 2, 3] AS x UNWIND [1, 2, 3] AS y WITH x WHERE x <> y RETURN x", 6},
		{"UNWIND $l AS x UNWIND $l AS y WITH x WHERE x = y RETURN x", 10},
		{"MATCH (a:Movie) UNWIND [1, 2, 3, 4] AS x UNWIND [2, 3] AS y WITH a, x WHERE x = y RETURN a, x", 80},
	} {
		got, comp := lastRows(t, c.q)
		want := c.want
		if math.Abs(got-want) > 1e-6*math.Max(1, want) {
			t.Errorf("%s: estimated %.4g rows, want %.4g\n%s", c.q, got, want, comp.Plan.Explain())
		}
	}
}
