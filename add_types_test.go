package cyq

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// rebind renames the variable a in an operand to v.
func rebind(operand, v string) string {
	return regexp.MustCompile(`\ba\b`).ReplaceAllString(operand, v)
}

// TestAdditionTypesMatchRun checks the planner's static check of `+`
// against the run: an addition may be refused before it runs only when
// no values its operands can have add. Each generated query adds two
// operands whose static types are known, unions (a CASE of a list or an
// integer), unknown (properties, parameters, coalesce(), a reduce()
// accumulator) or never addable (nodes, relationships, paths, maps); its
// laundered twin reads each operand back out of a one-key map, which the
// checker types as unknown, so that only the run can judge it. Where the
// twin returns rows, the query must return the same rows (a static
// refusal there is a wrong answer: `reduce(s = [], x IN nodes(p) | s +
// x)` was refused as adding ANY and NODE); where the twin fails, the
// query must fail too (statically or at run time); a twin of no rows
// leaves the query free to be refused. Every query also runs planned and
// in row mode, which must agree.
func TestAdditionTypesMatchRun(t *testing.T) {
	t.Parallel()
	operands := []string{
		"[]", "[a.k]", "a.l", "coalesce(a.l, [])", "$l", "a.k", "1", "'x'", "null",
		"CASE WHEN a.k IS NULL OR a.k > -1 THEN [a] ELSE a.k END", // a union, a list on every row
		"CASE WHEN a.k > 1 THEN [b] ELSE a.k END",                 // a union, not always a list
		"CASE WHEN a.k > 1 THEN 'y' ELSE [r] END",                 // a string or a list
		"a", "r", "p", "{k: 1}", "nodes(p)", "[x IN nodes(p) | x.k]",
	}
	// Sites put the addition of %[1]s and %[2]s (written by add) where
	// queries put it: a projection, a reduce() step with the accumulator
	// of initial value %[1]s, a WITH between, a WHERE, an aggregate and a
	// comprehension.
	sites := []func(add func(l, r string) string, l, r string) string{
		func(add func(l, r string) string, l, r string) string {
			return "MATCH p = (a)-[r]->(b) RETURN " + add(l, r) + " AS v"
		},
		func(add func(l, r string) string, l, r string) string {
			return "MATCH p = (a)-[r]->(b) RETURN reduce(s = " + l + ", x IN nodes(p) | " + add("s", rebind(r, "x")) + ") AS v"
		},
		func(add func(l, r string) string, l, r string) string {
			return "MATCH p = (a)-[r]->(b) WITH a, b, r, p, " + l + " AS u, " + r + " AS w RETURN " + add("u", "w") + " AS v"
		},
		func(add func(l, r string) string, l, r string) string {
			return "MATCH p = (a)-[r]->(b) WHERE (" + add(l, r) + ") IS NOT NULL RETURN count(*) AS n"
		},
		func(add func(l, r string) string, l, r string) string {
			return "MATCH p = (a)-[r]->(b) RETURN a.id AS id, size(collect(" + add(l, r) + ")) AS n"
		},
		func(add func(l, r string) string, l, r string) string {
			return "MATCH p = (a)-[r]->(b) RETURN [y IN [a, b] | " + add(rebind(l, "y"), r) + "] AS v"
		},
	}
	typed := func(l, r string) string { return l + " + " + r }
	laundered := func(l, r string) string { return "{v: " + l + "}.v + {v: " + r + "}.v" }
	params := map[string]any{"l": []any{int64(1), "z"}}
	runs, failed, refused, agreedRows := 0, 0, 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := rowModeGraphs(t, seed, 12, 16, plannedRowMode, "MATCH (x) SET x.k = x.id % 4, x.l = CASE x.id % 3 WHEN 0 THEN [x.id] WHEN 1 THEN [] ELSE null END")
		for _, site := range sites {
			for _, l := range operands {
				for _, r := range operands {
					q, twin := site(typed, l, r), site(laundered, l, r)
					againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
					for _, name := range []string{"planned", "row-mode"} {
						runs++
						got, want := rowsOrError(dbs[name], q, params), rowsOrError(dbs[name], twin, params)
						if strings.HasPrefix(got, "error: ") && strings.Contains(got, "SyntaxError") {
							refused++
						}
						ok := got == want ||
							strings.HasPrefix(got, "error: ") && strings.HasPrefix(want, "error: ") ||
							want == "" && strings.HasPrefix(got, "error: ") && strings.Contains(got, "SyntaxError")
						if !ok {
							failed++
							if failed <= 20 {
								t.Errorf("seed %d, %s: %s\n got %s\nwant (laundered) %s", seed, name, q, got, want)
							}
						} else if !strings.HasPrefix(want, "error: ") {
							agreedRows++
						}
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d runs, %d with rows, %d refused before running", runs, agreedRows, refused)
}
