package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// leastListRel is a random variable-length relationship named rs (a
// variable-length relationship or a quantified path's group variable),
// with a direction, a type list (or none), bounds from 0..4 and, with
// plain false, sometimes a property map; inline, when set, is a test of
// each relationship written inside a quantified path (rs standing for one
// relationship there).
func leastListRel(r *rand.Rand, plain bool, inline string) (rel string, qpp bool) {
	types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
	lo := r.IntN(3)
	hi := max(lo, 1) + r.IntN(3)
	props := ""
	if !plain && r.IntN(4) == 0 {
		props = " {w: 1}"
	}
	left, right := "-", "->"
	switch r.IntN(3) {
	case 0:
		left, right = "<-", "-"
	case 1:
		left, right = "-", "-"
	}
	if inline != "" || r.IntN(2) == 0 {
		where := ""
		if inline != "" {
			where = " WHERE " + inline
		}
		return fmt.Sprintf(" (()%s[rs%s%s%s]%s()){%d,%d} ", left, types, props, where, right, lo, hi), true
	}
	return fmt.Sprintf("%s[rs%s*%d..%d%s]%s", left, types, lo, hi, props, right), false
}

// TestLeastRelListsMatchRowMode compares the breadth-first search of the
// least length of a relationship list (relListAsLeastPath: min(size(rs))
// of a variable-length relationship's list or of a quantified path's
// group variable, read as the least length of a path) and of tests of the
// list whose run-constant operands are named (run_constants_nested.go)
// with the enumeration of every trail (row mode) on random graphs with
// self-loops and parallel relationships. The generated queries read the
// list per end node, between two given nodes, with no grouping key, per
// pair of many starts, back at the start, plus a constant, under OPTIONAL
// MATCH, with tests of the list (all, any, none, single of properties,
// of run-constant expressions, of one that raises an error, of an
// element, of its size) in WHERE or inside the quantified path; and near
// misses that need the trails (max(), count(*) beside the minimum, an
// element read beside it, the sizes made DISTINCT, a sort by the size).
// The least-length shapes whose tests cannot fail must plan the search.
func TestLeastRelListsMatchRowMode(t *testing.T) {
	t.Parallel()
	shapes := []string{
		"MATCH (a {id: $x})%s(b)%s RETURN b.id AS id, min(size(rs)) AS d ORDER BY id",
		"MATCH (a {id: $x})%s(b {id: $y})%s RETURN min(size(rs)) AS d",
		"MATCH (a {id: $x}), (b {id: $y}) MATCH (a)%s(b)%s WITH min(size(rs)) AS d WHERE d IS NOT NULL RETURN d",
		"MATCH (a:A)%s(b:A)%s WITH a, b, min(size(rs)) + 1 AS d RETURN a.id AS s, b.id AS e, d ORDER BY s, e",
		"MATCH (a {id: $x})%s(b)%s WITH b, min(size(rs)) AS d RETURN d, count(*) AS c ORDER BY d",
		"MATCH (a {id: $x})%s(a)%s RETURN min(size(rs)) AS d",
		// near misses: the trails are needed, or the rule does not apply
		"MATCH (a {id: $x}) OPTIONAL MATCH (a)%s(b:A)%s RETURN b.id AS id, min(size(rs)) AS d ORDER BY id",
		"MATCH (a {id: $x})%s(b)%s RETURN b.id AS id, max(size(rs)) AS d ORDER BY id",
		"MATCH (a {id: $x})%s(b)%s RETURN b.id AS id, min(size(rs)) AS d, count(*) AS c ORDER BY id",
		"MATCH (a {id: $x})%s(b)%s RETURN b.id AS id, min(size(rs)) AS d, sum(coalesce(rs[0].w, 0)) AS w ORDER BY id",
		"MATCH (a {id: $x})%s(b)%s RETURN DISTINCT b.id AS id, size(rs) AS d ORDER BY id, d",
		"MATCH (a {id: $x})%s(b)%s WITH b, rs ORDER BY size(rs), b.id LIMIT 3 RETURN b.id AS id, size(rs) AS d",
	}
	least := 6
	// Tests of the list: those that cannot fail first (the search takes
	// them), then those that may fail or read an element or the size.
	tests := []string{
		"",
		"all(r IN rs WHERE r.w >= 1)",
		"none(r IN rs WHERE r.w = 0)",
		"any(r IN rs WHERE r.w = 1)",
		"single(r IN rs WHERE r.w = 1)",
		"all(r IN rs WHERE r.w >= toInteger('1'))",
		"all(r IN rs WHERE r.w < abs(-1) + $c)",
		"all(r IN rs WHERE r.w >= 1 / $z)",
		"rs[0].w = 1",
		"size(rs) > 1",
	}
	movable := 7
	// The same tests inside a quantified path (rs is one relationship).
	// One that may fail is left out here: where the end node is bound by
	// an earlier MATCH clause, the planner tests it ahead of that clause's
	// test of the end node, which row mode evaluates first (an error row
	// mode does not raise, whatever the search).
	inline := []string{"rs.w >= 1", "rs.w >= toInteger('1')", "rs.w < abs(-1) + $c"}
	inlineMovable := 3
	runs, failed, searched := 0, 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		r := rand.New(rand.NewPCG(seed, 31))
		n := 10 + r.IntN(16)
		planned, row := leastTrailStores(t, seed, n)
		dbs := map[string]*DB{"planned": planned, "row-mode": row}
		for v := 0; v < 80; v++ {
			shape := r.IntN(len(shapes))
			test, in := r.IntN(len(tests)), ""
			canMove := test < movable
			var rel string
			var qpp bool
			if r.IntN(4) == 0 {
				k := r.IntN(len(inline))
				in, canMove = inline[k], k < inlineMovable
				rel, qpp = leastListRel(r, r.IntN(5) > 0, in)
				test = 0
			} else {
				rel, qpp = leastListRel(r, r.IntN(5) > 0, "")
			}
			where := ""
			if tests[test] != "" {
				where = " WHERE " + tests[test]
			}
			q := fmt.Sprintf(shapes[shape], rel, where)
			for k, x := range []int{0, 1, r.IntN(n)} {
				p := map[string]any{"x": x, "y": r.IntN(n), "c": r.IntN(2), "z": r.IntN(2)}
				if k == 0 && shape < least && canMove {
					// Planned for the run's parameters, which name the
					// run-constant operands.
					rows, err := planned.Query(context.Background(), "PROFILE "+q, p)
					if err != nil {
						t.Fatalf("%s: %v", q, err)
					}
					if _, err := rows.All(); err != nil {
						t.Fatalf("%s: %v", q, err)
					}
					plan := rows.Profile()
					if !strings.Contains(plan, "ShortestPath") || strings.Contains(plan, "VarExpand") {
						t.Errorf("seed %d, %v: %s: the least length of the list is not searched breadth-first (quantified path %v):\n%s", seed, p, q, qpp, plan)
					} else {
						searched++
					}
				}
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d (%d nodes)", seed, n), q, p, &runs, &failed)
			}
		}
	}
	t.Logf("%d runs, %d differ; %d queries planned as a search", runs, failed, searched)
}
