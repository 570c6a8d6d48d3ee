package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestListQuantifiersMatchRowMode generates all(), any(), none() and
// single() over lists of a pattern's matches (planner/list_quantifiers.go):
// pattern comprehensions and COLLECT { } from a bound node (null too,
// after an OPTIONAL MATCH; repeated rows too), typed, filtered, with
// elements that are the end node, a property (null on some nodes), id(),
// a count or an existence test of a pattern, and near misses (an element
// or a test that may fail, a test that is not a predicate, a test reading
// the variable inside a nested scope, a null test of an outer value);
// the list inline in a WHERE or a RETURN, or projected by WITH and read by
// its WHERE with a size() compared with an integer, under NOT, AND and
// OR. It compares them on random graphs, planned, indexed and started
// from the last node, with the same queries in row mode, errors included.
//
// Breaks (each guard removed in turn, 2,160 runs): the test that may
// fail (safeQuantifierTest) 9; the null elements of single()
// (neverNullTest taken as always true) 18; single()'s false rows under
// NOT (the polarity ignored) 6; null tests folded for any value, not only
// a variable of the pattern, 30; an element that may fail accepted
// (safeListElement) 3; the test required to be a predicate 0 (every test
// safeQuantifierTest accepts is one: kept as a guard of the quantifier's
// boolean check); the variable substituted though read inside a nested
// scope 0 (the generated nested reads are quantifiers, which
// safeQuantifierTest already refuses). The guard against a filter
// reading keys by their text after DISTINCT (Subst) was not broken.
func TestListQuantifiersMatchRowMode(t *testing.T) {
	t.Parallel()
	prefixes := []string{
		"MATCH (v:A)",
		"MATCH (:A)-->(v) WITH DISTINCT v",
		"MATCH (:B)-->(v)",
		"MATCH (a:A) OPTIONAL MATCH (a)-[:U]->(v)",
	}
	lists := []string{
		"[(v)-->(w) | {E}]",
		"[(v)-[:T]->(w) | {E}]",
		"[(v)<--(w:A) | {E}]",
		"[(v)--(w) WHERE w.k > 0 | {E}]",
		"COLLECT { MATCH (v)-->(w) RETURN {E} }",
	}
	elements := []string{"w", "w.id", "w.k", "id(w)", "COUNT { (w)-->() }", "EXISTS { (w)-->(v) }",
		// near misses: elements that may fail or are not plain
		"10 / (w.id % 4)", "w.k * 2"}
	// tests on the element x; {V} is the outer node.
	tests := map[string][]string{
		"w":                    {"x.k > 0", "x.id > {V}.id", "x IS NOT NULL", "x.k IS NULL", "(x)-->({V})", "x.k > 0 OR x.id = 3", "x.id / (x.id % 3) > 0", "x", "size([y IN [x] WHERE y.k = 1]) > 0", "{V} IS NULL"},
		"w.id":                 {"x > {V}.id", "x % 2 = 0", "x IS NOT NULL", "x < 5 OR x > 9", "10 / (x % 3) > 1", "x", "any(y IN [1, 2] WHERE y = x)"},
		"w.k":                  {"x > 0", "x = 1", "x IS NULL", "x < {V}.id", "x > 0 AND x < 2", "10 / x > 4", "x"},
		"id(w)":                {"x > id({V})", "x % 3 = 0", "x IS NULL"},
		"COUNT { (w)-->() }":   {"x < COUNT { ({V})-->() }", "x >= 2", "x = 0", "x < {V}.k", "x"},
		"EXISTS { (w)-->(v) }": {"x", "NOT x", "x OR {V}.k = 1", "x IS NULL", "x = true"},
		"10 / (w.id % 4)":      {"x > 3", "x IS NOT NULL"},
		"w.k * 2":              {"x > 1", "x IS NULL"},
	}
	quants := []string{"all", "any", "none", "single"}
	sizes := []string{"size(xs) > 0", "size(xs) = 0", "size(xs) >= 2", "size(xs) <> 1", "0 < size(xs)"}
	r := rand.New(rand.NewPCG(28, 14))
	var queries []string
	for range 360 {
		p := prefixes[r.IntN(len(prefixes))]
		el := elements[r.IntN(len(elements))]
		list := strings.ReplaceAll(lists[r.IntN(len(lists))], "{E}", el)
		ts := tests[el]
		test := strings.ReplaceAll(ts[r.IntN(len(ts))], "{V}", "v")
		quant := fmt.Sprintf("%s(x IN %s WHERE %s)", quants[r.IntN(len(quants))], "{L}", test)
		if r.IntN(4) == 0 {
			quant = "NOT " + quant
		}
		var q string
		switch r.IntN(5) {
		case 0: // inline in a WHERE
			q = fmt.Sprintf("%s WITH v WHERE %s RETURN count(*) AS n", p, strings.ReplaceAll(quant, "{L}", list))
		case 1: // inline, with an emptiness test of the same list
			q = fmt.Sprintf("%s WITH v WHERE size(%s) > 0 AND %s RETURN count(*) AS n", p, list, strings.ReplaceAll(quant, "{L}", list))
		case 2: // a value
			q = fmt.Sprintf("%s RETURN v.id AS id, %s AS b", p, strings.ReplaceAll(quant, "{L}", list))
		case 3: // projected and read by the WHERE with a size test
			q = fmt.Sprintf("%s WITH v, %s AS xs WHERE %s AND %s RETURN count(v) AS n", p, list, sizes[r.IntN(len(sizes))], strings.ReplaceAll(quant, "{L}", "xs"))
		default: // projected, OR with a size test, the list kept or not
			ret := "count(*) AS n"
			if r.IntN(3) == 0 {
				ret = "v.id AS id, size(xs) AS s"
			}
			q = fmt.Sprintf("%s WITH v, %s AS xs WHERE %s OR %s RETURN %s", p, list, sizes[r.IntN(len(sizes))], strings.ReplaceAll(quant, "{L}", "xs"), ret)
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
				if plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, nil); !strings.Contains(plan, "all(") && !strings.Contains(plan, "any(") &&
					!strings.Contains(plan, "none(") && !strings.Contains(plan, "single(") {
					rewritten++
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	if rewritten < len(queries)/4 {
		t.Errorf("only %d of %d queries planned without a quantifier", rewritten, len(queries))
	}
	t.Logf("%d queries, %d runs, %d planned without a quantifier", len(queries), runs, rewritten)
}
