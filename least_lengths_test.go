package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// leastLengthPick returns one of xs.
func leastLengthPick(r *rand.Rand, xs ...string) string { return xs[r.IntN(len(xs))] }

// leastLengthQuery writes one query that reads a variable-length
// pattern's paths for their least length and the paths at it: the
// lengths collected then folded to their least and counted at it (kind
// 0), the same with the counts summed by a later aggregation (1), or
// the pattern matched again at the least length an earlier aggregation
// found (2). The slots vary the pattern, the ends, the grouping, the
// length read (with or without a constant added) and the fold, count
// and tests, including spellings the rules must not take (a fold to
// the greatest, a count below the least, lengths that do not agree, a
// different pattern matched again, tests that may fail).
func leastLengthQuery(r *rand.Rand, kind int) string {
	rels := []string{"-[*1..3]->", "-[:T*1..3]-", "<-[:T|U*1..2]-", "-[*0..2]->", "-[:U*2..4]-", "-[*1..3 {w: 1}]->", "-[:T*1..4]->"}
	rel := leastLengthPick(r, rels...)
	ends := leastLengthPick(r,
		"MATCH (a:A), (b:B) WHERE a.id < 9",
		"MATCH (a {id: $a}), (b) WHERE a <> b",
		"MATCH (a), (b) WHERE a.id < 5 AND b.id < 8",
		"MATCH (a:A {id: $a}), (b {id: $b})",
		"MATCH (a:A) MATCH (b:B) WHERE b.k IS NOT NULL AND a.id < 10")
	// A length of p, and the same length of an element x of the
	// collected lengths (or a different one).
	lengths := [][2]string{
		{"length(p)", "x"}, {"length(p) + 1", "x"}, {"size(nodes(p))", "x - 1"}, {"size(relationships(p))", "x + 0"},
		{"length(p)", "x + 1"},
	}
	l := lengths[r.IntN(len(lengths))]
	lx := l[1]
	if r.IntN(4) == 0 {
		lx = "x"
	}
	foldX := strings.ReplaceAll(lx, "x", "y")
	fold := leastLengthPick(r,
		"CASE WHEN X < m THEN X ELSE m END", "CASE WHEN m > X THEN X ELSE m END",
		"CASE WHEN X >= m THEN m ELSE X END", "CASE WHEN X <= m THEN X ELSE m END",
		"CASE WHEN X > m THEN X ELSE m END")
	fold = "reduce(m = " + leastLengthPick(r, "99", "9", "0", "null", "2", "'z'") + ", y IN ls | " + strings.ReplaceAll(fold, "X", foldX) + ")"
	count := leastLengthPick(r, "X = d", "d = X", "X <= d", "X < d", "X = d AND x > 0")
	countX := lx
	if r.IntN(4) == 0 {
		countX = leastLengthPick(r, "x + 1", "x - 1", "x")
	}
	count = strings.ReplaceAll(count, "X", countX)
	collect := "collect(" + l[0] + ")"
	if r.IntN(8) == 0 {
		collect = "collect(DISTINCT " + l[0] + ")"
	}
	switch kind {
	case 0:
		groups := [][3]string{{"a, b", "a, b", "a.id AS ai, b.id AS bi, "}, {"b", "b", "b.id AS bi, "}, {"a", "a", "a.id AS ai, "}, {"a.k AS k", "k", "k, "}, {"", "", ""}}
		g := groups[r.IntN(len(groups))]
		with := func(keys, s string) string {
			if keys == "" {
				return s
			}
			return keys + ", " + s
		}
		return fmt.Sprintf("%s MATCH p = (a)%s(b) WITH %s AS ls WITH %s AS d RETURN %sd, size([x IN ls WHERE %s]) AS n",
			ends, rel, with(g[0], collect), with(g[1], "ls, "+fold), g[2], count)
	case 1:
		counted := "size([x IN ls WHERE " + count + "])"
		if r.IntN(6) == 0 {
			counted = "size(ls)"
		}
		return fmt.Sprintf("%s MATCH p = (a)%s(b) WITH a, b, %s AS ls WITH ls, %s AS d RETURN d, %s(%s) AS n, count(*) AS c",
			ends, rel, collect, fold, leastLengthPick(r, "sum", "sum", "max", "collect"), counted)
	}
	again := rel
	if r.IntN(5) == 0 {
		again = leastLengthPick(r, rels...)
	}
	lp, lq := leastLengthPick(r, "length(p)", "length(p) + 1", "size(nodes(p))", "size(relationships(p))"), ""
	switch r.IntN(5) {
	case 0:
		lq = leastLengthPick(r, "length(q)", "length(q) + 1", "size(nodes(q))")
	default:
		lq = strings.ReplaceAll(lp, "(p)", "(q)")
	}
	test := lq + " = d"
	if r.IntN(3) == 0 {
		test = "d = " + lq
	}
	test += leastLengthPick(r, "", "", " AND b.k IS NOT NULL", " AND all(n IN nodes(q) WHERE n.k IS NULL OR n.k < 3)",
		" AND a.k <> 1", " AND 6 / (b.id % 4) > 1", " AND size(nodes(q)) > 2")
	keys := leastLengthPick(r, "a, b", "a, b", "a, b, a.k AS k", "b, a", "b")
	q := "q = (a)" + again + "(b)"
	if r.IntN(4) == 0 {
		q = "q = (b)" + leastLengthReverse(again) + "(a)"
	}
	ret := leastLengthPick(r, "a.id AS ai, b.id AS bi, d, count(q) AS n", "a.id AS ai, b.id AS bi, [n IN nodes(q) | n.id] AS ns", "d, count(*) AS n", "b.id AS bi, collect(length(q)) AS ls")
	if keys == "b" {
		ret = "b.id AS bi, d, count(q) AS n"
		q = strings.ReplaceAll(q, "(a)", "(a:A)")
	}
	return fmt.Sprintf("%s MATCH p = (a)%s(b) WITH %s, min(%s) AS d MATCH %s WHERE %s RETURN %s",
		ends, rel, keys, lp, q, test, ret)
}

// leastLengthReverse writes relationship pattern rel from its other end.
func leastLengthReverse(rel string) string {
	switch {
	case strings.HasPrefix(rel, "<-"):
		return strings.TrimPrefix(rel, "<") + ">"
	case strings.HasSuffix(rel, "->"):
		return "<" + strings.TrimSuffix(rel, ">")
	}
	return rel
}

// TestLeastLengthsMatchRowMode checks the reads of a variable-length
// pattern's least length beyond min(length(p)) (least_lists.go,
// least_again.go): lengths collected and folded to their least and
// counted at it, those counts summed, the pattern matched again at the
// least length, against row mode (which enumerates every trail), on
// random graphs with self-loops, parallel relationships, nulls and
// pairs that no trail joins.
func TestLeastLengthsMatchRowMode(t *testing.T) {
	t.Parallel()
	const perKind = 60
	failed, runs := 0, 0
	searched := [3]int{}
	for _, seed := range []uint64{4, 9, 17} {
		dbs := rowModeGraphs(t, seed, 18, 44, plannedRowMode, "MATCH (x) WHERE x.id % 5 <> 0 SET x.k = x.id % 4", "MATCH (s)-[r]->(e) WHERE (s.id + e.id) % 4 <> 0 SET r.w = (s.id + e.id) % 2")
		r := rand.New(rand.NewPCG(seed, 77))
		for kind := range 3 {
			for range perKind {
				q := leastLengthQuery(r, kind)
				params := map[string]any{"a": int64(r.IntN(18)), "b": int64(r.IntN(18))}
				plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, params))
				if strings.Contains(plan, "AllShortestPaths") {
					searched[kind]++
				}
				runs++
				want := stepRun(t, dbs["row-mode"], q, params)
				if got := stepRun(t, dbs["planned"], q, params); got != want {
					failed++
					if failed <= 20 {
						t.Errorf("seed %d, %v: %s\n got %s\nwant %s\nplan %s", seed, params, q, got, want, plan)
					}
				}
			}
		}
	}
	t.Logf("of %d plans per kind, %v search the least paths (collected lengths, their counts summed, matched again)", runs/3, searched)
	for kind, n := range searched {
		if n < runs/3/4 {
			t.Errorf("only %d of %d plans of kind %d search the least paths: the test checks little of the rules", n, runs/3, kind)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
