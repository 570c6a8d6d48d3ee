package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestVarKindsMatchRowMode generates quantifiers over a pattern's matches
// whose test is a membership in a row's variable, `x IN ms`, with ms
// bound in every way the value kinds of variables follow
// (planner/var_kinds.go): collect() of nodes and of properties, a list
// literal, a pattern comprehension, keys() and labels(), relationships
// of a variable-length expansion, an UNWIND of a list of lists, a CALL { }
// returning a collect(), carried through WITH, after OPTIONAL MATCH (null
// too); and near misses whose value is no list, so that `x IN ms` raises
// an error row mode must raise too: count(), size(), a string, a map, an
// integer unwound from a list of a list and an integer, a CASE that is a list on some rows
// only, a property (kind unknown), and a list variable bound again to an
// integer or a property by a later WITH. The quantifier is inline in a
// WHERE (under NOT or not, with AND and OR) or a returned value. It
// compares them on random graphs, planned, indexed and started from the
// last node, with the same queries in row mode, errors included, and
// checks that the tests on lists are read as existence tests (planned
// without the quantifier).
//
// Breaks (2,160 runs): a variable of any known kind taken as a list
// (listOrNull's Within dropped) fails 0 runs, though every near miss is
// then read as an existence test (334 of 360 queries planned without a
// quantifier, against 298): a membership in a value that is no list fails
// on every element of the row alike, and the existence test raises the
// same error on the same rows as the quantifier, even beside tests that
// decide some elements first and a cheap conjunct after it. The guard is
// kept for the forms that are not equivalent so (a test reordered after
// a filter the quantifier came before); the rebinding (setType), UNWIND
// (elemOf) and WITH (Select) rules feed only this guard, so breaking
// them fails 0 runs too. The test shows that the kinds are read (the
// lists' queries rewritten) and that no answer or error changes.
func TestVarKindsMatchRowMode(t *testing.T) {
	type binding struct {
		q    string // binds v and ms
		list bool   // ms is a list or null on every row
	}
	bindings := []binding{
		{"MATCH (m:B) WITH collect(m) AS ms MATCH (v:A)", true},
		{"MATCH (m:B) WHERE m.id % 2 = 0 WITH collect(m.id) AS ms MATCH (v:A)", true},
		{"WITH [1, 2, 4, 7] AS ms MATCH (v:A)", true},
		{"MATCH (v:A) WITH v, [(v)-[:U]->(m) | m] AS ms", true},
		{"MATCH (v:A) WITH v, keys(v) AS ms", true},
		{"MATCH (v:A) WITH v, labels(v) AS ms", true},
		{"MATCH (v:A) OPTIONAL MATCH (v)-[rs:T*1..2]->() WITH v, rs AS ms", true},
		{"MATCH (m:B) WITH collect([m]) AS ls UNWIND ls AS ms MATCH (v:A)", true},
		{"CALL { MATCH (m:B)-->(:A) RETURN collect(m) AS ms } MATCH (v:A)", true},
		{"MATCH (v:A) OPTIONAL MATCH (v)-[:U]->(u) WITH v, u, collect(u) AS ms WITH v, ms", true},
		{"MATCH (v:A) OPTIONAL MATCH (v)-[:U]->(u) WITH v, CASE WHEN u IS NULL THEN null ELSE [u] END AS ms", true},
		{"MATCH (m:B) WITH collect(m) AS ms MATCH (v:A) WITH v, ms, v.id AS i", true},
		// near misses: ms is no list on some rows
		{"MATCH (m:B) WITH count(m) AS ms MATCH (v:A)", false},
		{"MATCH (v:A) WITH v, size([(v)-->(m) | m]) AS ms", false},
		{"MATCH (v:A) WITH v, toString(v.id) AS ms", false},
		{"MATCH (v:A) WITH v, {a: 1} AS ms", false},
		{"MATCH (m:B) WITH collect(m) AS ls UNWIND [ls, size(ls)] AS ms MATCH (v:A)", false},
		{"MATCH (v:A) WITH v, CASE WHEN v.id % 2 = 0 THEN [v] ELSE v.id END AS ms", false},
		{"MATCH (v:A) WITH v, v.k AS ms", false},
		{"MATCH (m:B) WITH collect(m) AS ms MATCH (v:A) WITH v, size(ms) AS ms", false},
		{"MATCH (m:B) WITH collect(m) AS ms MATCH (v:A) WITH v, v.k AS ms", false},
		{"MATCH (m:B) WITH collect(m) AS ms MATCH (v:A) WITH v, ms[0] AS ms", false},
	}
	lists := []string{
		"[(v)-->(w) | w]",
		"[(v)-[:T]->(w) | w]",
		"[(v)--(w:B) | w]",
		"[(v)-->(w) | w.id]",
		"COLLECT { MATCH (v)<--(w) RETURN w }",
	}
	// The membership alone, and beside tests of the element that decide
	// some elements without it (an error on the others only).
	tests := []string{"x IN ms", "NOT x IN ms", "x IN ms AND x IS NOT NULL", "x IN ms OR x = v", "x IN ms AND v.id > 2",
		"x.k = 1 OR x IN ms", "x.k = 1 AND NOT x IN ms", "x.id % 2 = 0 OR x IN ms"}
	quants := []string{"all", "any", "none", "single"}
	r := rand.New(rand.NewPCG(29, 14))
	var queries []string
	lists0 := 0
	for range 360 {
		bd := bindings[r.IntN(len(bindings))]
		if bd.list {
			lists0++
		}
		test := tests[r.IntN(len(tests))]
		quant := fmt.Sprintf("%s(x IN %s WHERE %s)", quants[r.IntN(len(quants))], lists[r.IntN(len(lists))], test)
		if r.IntN(4) == 0 {
			quant = "NOT " + quant
		}
		var q string
		switch r.IntN(5) {
		case 0:
			q = fmt.Sprintf("%s WITH v, ms WHERE %s RETURN count(*) AS n", bd.q, quant)
		case 1: // a test that may fail first, a cheap one after it
			q = fmt.Sprintf("%s WITH v, ms WHERE %s AND v.id %% 3 = 0 RETURN count(*) AS n", bd.q, quant)
		case 2, 3:
			q = fmt.Sprintf("%s WITH v, ms WHERE v.id > 0 AND %s OR v.id = 3 RETURN v.id AS id", bd.q, quant)
		default:
			q = fmt.Sprintf("%s RETURN v.id AS id, %s AS b", bd.q, quant)
		}
		queries = append(queries, q)
	}
	runs, failed, rewritten := 0, 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := planVariants(t, seed, 14, 26+int(seed)*8, map[string]*Options{
			"planned": nil, "planned-idx": nil, "start-last": {StartLast: true}, "row-mode": {RowModeOnly: true},
		})
		for _, db := range dbs {
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx", "start-last"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
		}
		if seed == 1 {
			for _, q := range queries {
				plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, nil)
				if !strings.Contains(plan, "all(") && !strings.Contains(plan, "any(") &&
					!strings.Contains(plan, "none(") && !strings.Contains(plan, "single(") {
					rewritten++
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	// Most of the queries over lists are read as existence tests (those
	// under OR with other tests or in a RETURN may stay as written).
	if rewritten < lists0/3 {
		t.Errorf("only %d of %d queries over lists planned without a quantifier", rewritten, lists0)
	}
	t.Logf("%d runs; %d of %d queries (%d over lists) planned without a quantifier", runs, rewritten, len(queries), lists0)
}
