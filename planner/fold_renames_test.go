package planner

import (
	"strings"
	"testing"
)

// TestFoldRenames: a WITH that only renames variables before an
// aggregation plans like the query without it — the set the expansion
// builds reaches count(DISTINCT) directly, with no Project in between —
// and a projection that computes something is read as its expressions.
func TestFoldRenames(t *testing.T) {
	base := "MATCH (a {id: 1})-->()-->(c) RETURN count(DISTINCT c) AS n"
	want := compileWith(t, fakeStats{}, base).Plan.Explain()
	for _, q := range []string{
		"MATCH (a {id: 1})-->()-->(c) WITH c AS w RETURN count(DISTINCT w) AS n",
		"MATCH (a {id: 1})-->()-->(c) WITH c AS w WITH DISTINCT w RETURN count(*) AS n",
		"MATCH (a {id: 1})-->()-->(c) WITH c AS w, a AS z WITH DISTINCT w RETURN count(w) AS n",
	} {
		got := compileWith(t, fakeStats{}, q).Plan.Explain()
		if strings.Contains(got, "Project w") || !strings.Contains(got, "count(DISTINCT c)") {
			t.Errorf("%s: the renaming projection stays:\n%s\nwithout the rename:\n%s", q, got, want)
		}
	}
	// A WITH that passes variables on under their own names, or WITH *,
	// plans exactly as the query without it.
	for _, q := range []string{
		"MATCH (a {id: 1})-->()-->(c) WITH * RETURN count(DISTINCT c) AS n",
		"MATCH (a {id: 1})-->()-->(c) WITH a, c RETURN count(DISTINCT c) AS n",
		"MATCH (a {id: 1})-->()-->(c) WITH * WITH c RETURN count(DISTINCT c) AS n",
	} {
		if got := compileWith(t, fakeStats{}, q).Plan.Explain(); got != want {
			t.Errorf("%s plans otherwise than without the WITH:\n%s\nwithout:\n%s", q, got, want)
		}
	}
	// A computed item is read by the aggregation as its expression,
	// evaluated on the rows before the WITH.
	folded := compileWith(t, fakeStats{}, "MATCH (a {id: 1})-->()-->(c) WITH c.id AS w RETURN count(DISTINCT w) AS n").Plan.Explain()
	if strings.Contains(folded, "Project w") || !strings.Contains(folded, "count(DISTINCT c.id)") {
		t.Errorf("a computed item before an aggregation stays projected:\n%s", folded)
	}
	// Unless the aggregation reads it inside a scope of its own (a
	// comprehension), whose variable could capture the expression's. (A
	// filtered one: a mapping of a list literal is the list literal of
	// its values, listLiteralReads, with no scope left.)
	kept := compileWith(t, fakeStats{}, "MATCH (a {id: 1})-->()-->(c) WITH c.id AS w RETURN count(DISTINCT [x IN [w] WHERE x > 0 | x]) AS n").Plan.Explain()
	if !strings.Contains(kept, "Project w") {
		t.Errorf("a computed item read in a comprehension must stay projected:\n%s", kept)
	}
}
