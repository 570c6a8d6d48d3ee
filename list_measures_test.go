package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// measuredPattern is a random variable-length pattern from a to b with
// the lists its measures read: a quantified path pattern whose group
// binds a left node list xs, a right node list ys and a relationship
// list rs (some anonymous), sometimes with an inline test of the right
// node, or a variable-length relationship rs; the path is named p. It
// returns the pattern and the measures of its length it allows, each
// with the constant it differs from length(p) by.
func measuredPattern(r *rand.Rand) (string, map[string]int) {
	types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
	lo := r.IntN(3)
	hi := max(lo, 1) + r.IntN(3)
	left, right := "-", "->"
	switch r.IntN(3) {
	case 0:
		left, right = "<-", "-"
	case 1:
		left, right = "-", "-"
	}
	measures := map[string]int{"length(p)": 0, "size(relationships(p))": 0, "size(nodes(p))": 1}
	// Sometimes a fixed hop first: the lists then hold one hop less
	// than the path.
	head := "(a)"
	if r.IntN(3) == 0 {
		head = "(a)-[:T]->()"
	}
	if r.IntN(4) == 0 {
		measures["size(rs)"] = 0
		return fmt.Sprintf("p = %s%s[rs%s*%d..%d]%s(b)", head, left, types, lo, hi, right), measures
	}
	xs, ys, rs := "", "", ""
	if r.IntN(3) > 0 {
		xs = "xs"
		measures["size(xs)"] = 0
	}
	if r.IntN(3) > 0 {
		ys = "ys"
		measures["size(ys)"] = 0
	}
	if r.IntN(2) == 0 {
		rs = "rs"
		measures["size(rs)"] = 0
	}
	inner := ""
	switch r.IntN(4) {
	case 0:
		inner = " WHERE " + ys + ".id <> 2"
		if ys == "" {
			inner = ""
		}
	case 1:
		inner = ":A"
	}
	return fmt.Sprintf("p = "+head+" ((%s)%s[%s%s]%s(%s%s)){%d,%d} (b)", xs, left, rs, types, right, ys, inner, lo, hi), measures
}

// TestListMeasuresMatchRowMode compares the reading of every measure of a
// path's length (length(p), size(nodes(p)), size(relationships(p)), the
// size of a variable-length relationship's list, the sizes of a
// quantified path's group variables, plus or minus a constant) as the
// path's length (listMeasures), and the least-length searches it opens,
// with row mode on random graphs with self-loops and parallel
// relationships. The queries read a measure under min() per end node,
// between two given nodes or with no key, compared with a bound in
// WHERE, as a sort key under LIMIT, DISTINCT, returned, and near misses
// that need the lists themselves or every path (max(), count(*) beside
// the minimum, an element, a comprehension whose variable has a list's
// name, the list renamed by WITH, OPTIONAL MATCH), on paths with a fixed
// hop before the variable-length part too. The least-length shapes over
// a quantified path from a must plan a search.
func TestListMeasuresMatchRowMode(t *testing.T) {
	t.Parallel()
	shapes := []string{
		"MATCH (a {id: $x}) MATCH %s RETURN b.id AS id, min(%s) AS d ORDER BY id",
		"MATCH (a {id: $x}), (b {id: $y}) MATCH %s WITH min(%s) AS d WHERE d IS NOT NULL RETURN d",
		"MATCH (a {id: $x}) MATCH %s WITH a, b, min(%s) AS d RETURN b.id AS id, d ORDER BY id",
		// near misses and other consumers
		"MATCH (a {id: $x}) MATCH %s WHERE %s <= 2 RETURN b.id AS id, count(*) AS n ORDER BY id",
		"MATCH (a {id: $x}) MATCH %s RETURN b.id AS id, %s AS d ORDER BY d, id LIMIT 2",
		"MATCH (a {id: $x}) MATCH %s RETURN DISTINCT %s AS d ORDER BY d",
		"MATCH (a {id: $x}) MATCH %s RETURN b.id AS id, max(%s) AS d ORDER BY id",
		"MATCH (a {id: $x}) MATCH %s RETURN b.id AS id, min(%s) AS d, count(*) AS n ORDER BY id",
		"MATCH (a {id: $x}) OPTIONAL MATCH %s RETURN min(%s) AS d",
		"MATCH (a {id: $x}) MATCH %s WITH b, %s AS d, nodes(p) AS ns RETURN b.id AS id, min(d) AS d, min(size(ns)) AS s ORDER BY id",
		"MATCH (a {id: $x}) MATCH %s WITH b, %s + 0 AS d RETURN b.id AS id, min(d - 1) AS d ORDER BY id",
	}
	least := 3
	near := []string{
		"size([xs IN [[1, 2]] | xs])", // a comprehension's own xs
		"size(head([rs IN [[1]] | rs]))",
	}
	runs, failed, searched := 0, 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		r := rand.New(rand.NewPCG(seed, 59))
		n := 10 + r.IntN(14)
		planned, row := leastTrailStores(t, seed, n)
		dbs := map[string]*DB{"planned": planned, "row-mode": row}
		for v := 0; v < 70; v++ {
			pat, measures := measuredPattern(r)
			var names []string
			for m := range measures {
				names = append(names, m)
			}
			slices.Sort(names) // a map's order is random
			m := names[r.IntN(len(names))]
			switch r.IntN(6) {
			case 0:
				m = fmt.Sprintf("%s + %d", m, r.IntN(3))
			case 1:
				m = fmt.Sprintf("%s - 1", m)
			case 2:
				m = near[r.IntN(len(near))] + " + " + m
			}
			shape := r.IntN(len(shapes))
			q := fmt.Sprintf(shapes[shape], pat, m)
			for k, x := range []int{0, 1, r.IntN(n)} {
				p := map[string]any{"x": x, "y": r.IntN(n)}
				if k == 0 && shape < least && !strings.Contains(m, "[") && strings.Contains(pat, "{") && !strings.Contains(pat, ":T]->()") {
					rows, err := planned.Query(context.Background(), "PROFILE "+q, p)
					if err != nil {
						t.Fatalf("%s: %v", q, err)
					}
					if _, err := rows.All(); err != nil {
						t.Fatalf("%s: %v", q, err)
					}
					plan := rows.Profile()
					if !strings.Contains(plan, "ShortestPath") {
						t.Errorf("seed %d, %v: %s: the least measure is not searched:\n%s", seed, p, q, plan)
					} else {
						searched++
					}
				}
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d (%d nodes)", seed, n), q, p, &runs, &failed)
			}
		}
	}
	t.Logf("%d runs, %d differ; %d quantified least-measure queries planned as a search", runs, failed, searched)
}
