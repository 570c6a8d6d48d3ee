package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// leastFirstQueries generates queries that read the k least lengths of
// variable-length paths (ORDER BY a length LIMIT k, SKIP, grouped by the
// length, per pair in CALL { } and COLLECT { }, ordered collects sliced),
// spelled with length(p), the lists listMeasures reads as lengths, a
// relationship list and a quantified path's group, and near misses the
// rule must leave alone: a descending order, a length read by an
// expression that may fail or a filter, the path read otherwise, rows
// whose order ties, sums, further relationships of the pattern, OPTIONAL
// MATCH.
func leastFirstQueries(r *rand.Rand, n int) []string {
	dirs := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}
	types := []string{"", ":T", ":T|U", ":U"}
	bounds := [][2]int{{1, 3}, {1, 2}, {0, 2}, {2, 3}, {1, 4}, {1, 1}}
	var out []string
	for len(out) < n {
		d := dirs[r.IntN(len(dirs))]
		t := types[r.IntN(len(types))]
		bd := bounds[r.IntN(len(bounds))]
		lo, hi := bd[0], bd[1]
		if d[0] == "-" && d[1] == "-" && hi > 3 {
			hi = 3
		}
		k := 1 + r.IntN(4)
		// The ends: both bound by id, the end free or labelled, the
		// start a label of several nodes.
		var start, end string
		switch r.IntN(5) {
		case 0:
			start, end = "(a {id: $x})", "(b {id: $y})"
		case 1:
			start, end = "(a {id: $x})", "(b)"
		case 2:
			start, end = "(a {id: $x})", "(b:B)"
		case 3:
			start, end = "(a:A)", "(b {id: $y})"
		default:
			start, end = "(a {id: $x})", "(a)"
		}
		bvar := "b"
		if end == "(a)" {
			bvar = "a"
		}
		rng := fmt.Sprintf("*%d..%d", lo, hi)
		// The spelling of the path and its length.
		var match, length string
		switch r.IntN(6) {
		case 0:
			match, length = fmt.Sprintf("MATCH p = %s%s[%s]%s%s", start, d[0], t+rng, d[1], end), "length(p)"
		case 1:
			match, length = fmt.Sprintf("MATCH p = %s%s[%s]%s%s", start, d[0], t+rng, d[1], end), "size(relationships(p))"
		case 2:
			match, length = fmt.Sprintf("MATCH p = %s%s[%s]%s%s", start, d[0], t+rng, d[1], end), "size(nodes(p)) - 1"
		case 3:
			match, length = fmt.Sprintf("MATCH %s%s[rs%s]%s%s", start, d[0], t+rng, d[1], end), "size(rs)"
		case 4:
			if lo == 0 {
				lo = 1
			}
			match, length = fmt.Sprintf("MATCH %s (()%s[r%s]%s()){%d,%d} %s", start, d[0], t, d[1], lo, hi, end), "size(r)"
		default:
			match, length = fmt.Sprintf("MATCH p = %s%s[%s]%s%s", start, d[0], t+rng, d[1], end), "length(p) + 1"
		}
		plen := length // a length of the path plain() binds
		if strings.HasPrefix(length, "size(r") {
			plen = "length(p)"
		}
		plain := func() string {
			return fmt.Sprintf("MATCH p = %s%s[%s]%s%s", start, d[0], t+rng, d[1], end)
		}
		var q string
		switch r.IntN(39) {
		case 0:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY l LIMIT %d RETURN l, count(*) AS n", match, length, k)
		case 1:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY l SKIP %d LIMIT %d RETURN l", match, length, r.IntN(3), k)
		case 2:
			q = fmt.Sprintf("%s RETURN %s AS l ORDER BY l LIMIT %d", match, length, k)
		case 3:
			q = fmt.Sprintf("%s WITH %s.id AS e, %s AS l ORDER BY e, l LIMIT %d RETURN e, l", match, bvar, length, k)
		case 4:
			q = fmt.Sprintf("%s WITH %s AS l, count(*) AS c ORDER BY l LIMIT %d RETURN l, c", match, length, k)
		case 5:
			q = fmt.Sprintf("%s WITH %s AS l, count(DISTINCT %s) AS c, min(%s.id) AS lo, collect(a.id) AS ids ORDER BY l SKIP 1 LIMIT %d RETURN l, c, lo, ids", match, length, bvar, bvar, k)
		case 6:
			if start == "(a:A)" {
				start = "(a:A {id: $x})"
			}
			q = fmt.Sprintf("MATCH %s, %s CALL { WITH a, %s %s RETURN %s AS l ORDER BY l LIMIT %d } RETURN a.id, %s.id, l", start, end, bvar, strings.Replace(strings.Replace(match, start, "(a)", 1), end, "("+bvar+")", 1), length, k, bvar)
		case 7:
			if start == "(a:A)" {
				start = "(a:A {id: $x})"
			}
			q = fmt.Sprintf("MATCH %s, %s UNWIND COLLECT { %s RETURN %s AS l ORDER BY l LIMIT %d } AS l RETURN l, count(*) AS n", start, end, strings.Replace(strings.Replace(match, start, "(a)", 1), end, "("+bvar+")", 1), length, k)
		case 8:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY l WITH collect(l)[..%d] AS ls UNWIND ls AS l RETURN l, count(*) AS n", match, length, k)
		case 9:
			q = fmt.Sprintf("%s WITH a, %s AS l ORDER BY l LIMIT %d RETURN l, count(*) AS n", match, length, k)
		case 20:
			q = fmt.Sprintf("%s WITH %s.id AS e, %s AS l, count(*) AS c ORDER BY e, l LIMIT %d RETURN e, l, c", match, bvar, length, k)
		case 21:
			q = fmt.Sprintf("%s WITH %s.id %% 2 AS e, %s AS l, count(*) AS c ORDER BY l, e SKIP 1 LIMIT %d RETURN e, l, c", match, bvar, length, k)
		case 26:
			q = fmt.Sprintf("%s WITH a, %s, %s AS l ORDER BY l WITH a, %s, collect(l)[..%d] AS ls UNWIND ls AS l RETURN l, count(*) AS n", match, bvar, length, bvar, k)
		case 27:
			q = fmt.Sprintf("%s WITH %s, %s AS l ORDER BY %s.id, l WITH %s, collect(l)[%d] AS x, head(collect(l)) AS h RETURN %s.id, x, h", match, bvar, length, bvar, bvar, k-1, bvar)
		case 36:
			q = fmt.Sprintf("%s WHERE all(x IN nodes(p) WHERE x.id <> %d) WITH %s AS l ORDER BY l LIMIT %d RETURN l, count(*) AS n", plain(), r.IntN(9), plen, k)
		case 37:
			q = fmt.Sprintf("%s WHERE none(x IN relationships(p) WHERE type(x) = 'U') WITH %s AS l, count(*) AS c ORDER BY l SKIP 1 LIMIT %d RETURN l, c", plain(), plen, k)
		// Near misses (an expression of the length that fails on the
		// longest paths, which the search does not reach).
		case 28:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY 10 - l, l LIMIT %d RETURN l", match, length, k)
		case 38:
			q = fmt.Sprintf("%s WITH %s AS l WHERE 6 / (l - %d) <> 0 WITH l ORDER BY l LIMIT %d RETURN l", match, length, hi, k)
		case 29:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY l, 6 / (l - %d) LIMIT %d RETURN l", match, length, hi, k)
		case 30:
			q = fmt.Sprintf("%s WITH %s, %s AS l ORDER BY l WITH %s, collect(l)[1..%d] AS ls, size(collect(l)) AS c RETURN %s.id, ls, c", match, bvar, length, bvar, k+1, bvar)
		case 33:
			q = fmt.Sprintf("%s WITH %s, %s AS l ORDER BY l WITH %s, collect(l)[..%d] AS ls, count(*) AS c RETURN %s.id, ls, c", match, bvar, length, bvar, k, bvar)
		case 34:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY l WITH l %% 2 AS e, collect(l)[..%d] AS ls RETURN e, ls", match, length, k)
		case 35:
			q = fmt.Sprintf("%s WITH %s, %s AS l ORDER BY l WITH %s, collect(6 / (l - %d))[..%d] AS ls RETURN %s.id, ls", match, bvar, length, bvar, hi, k, bvar)
		case 31:
			q = fmt.Sprintf("%s WITH %s, %s AS l ORDER BY l DESC WITH %s, collect(l)[..%d] AS ls RETURN %s.id, ls", match, bvar, length, bvar, k, bvar)
		case 32:
			q = fmt.Sprintf("%s WITH %s, %s AS l ORDER BY l WITH %s, collect(l) AS ls RETURN %s.id, ls[..%d] AS a, size(ls) AS n", match, bvar, length, bvar, bvar, k)
		case 22:
			q = fmt.Sprintf("%s WITH %s AS l, 6 / (%s - %d) AS x ORDER BY l, x LIMIT %d RETURN l", match, length, length, hi, k)
		case 23:
			q = fmt.Sprintf("%s WITH %s AS l, 10 - %s AS x, count(*) AS c ORDER BY x, l LIMIT %d RETURN l, c", match, length, length, k)
		case 24:
			q = fmt.Sprintf("%s WITH %s AS l, sum(CASE WHEN %s.id %% 3 = 0 THEN duration('P1D') ELSE 1 END) AS s ORDER BY l LIMIT %d RETURN l, s", match, length, bvar, k)
		case 25:
			q = fmt.Sprintf("%s WITH %s.id AS e, %s AS l, count(*) AS c ORDER BY c, l, e LIMIT %d RETURN e, l, c", match, bvar, length, k)
		case 10:
			q = fmt.Sprintf("%s WITH %s AS l ORDER BY l DESC LIMIT %d RETURN l, count(*) AS n", match, length, k)
		case 11:
			q = fmt.Sprintf("%s WITH %s AS l, 6 / (%s - 2) AS x ORDER BY l LIMIT %d RETURN l, x", match, length, length, k)
		case 12:
			q = fmt.Sprintf("%s WITH %s AS l WHERE l %% 2 = 1 WITH l ORDER BY l LIMIT %d RETURN l, count(*) AS n", match, length, k)
		case 13:
			q = fmt.Sprintf("%s WITH p, length(p) AS l ORDER BY l, [x IN nodes(p) | x.id] LIMIT %d RETURN l, [x IN nodes(p) | x.id] AS ids", plain(), k)
		case 14:
			q = fmt.Sprintf("%s WITH %s AS l, sum(a.id) AS s, count(*) AS c ORDER BY l LIMIT %d RETURN l, s, c", match, length, k)
		case 15:
			q = fmt.Sprintf("%s WITH %s AS l, count(*) AS c ORDER BY c, l LIMIT %d RETURN l, c", match, length, k)
		case 16:
			q = fmt.Sprintf("%s-[:T]->(c) WITH %s AS l ORDER BY l LIMIT %d RETURN l, count(*) AS n", match, length, k)
		case 17:
			q = fmt.Sprintf("MATCH (a {id: $x}) OPTIONAL %s WITH %s AS l ORDER BY l LIMIT %d RETURN l, count(*) AS n", strings.Replace(match, start, "(a)", 1), length, k)
		case 18:
			q = fmt.Sprintf("%s WITH %s AS l, %s.id %% 2 AS e ORDER BY l LIMIT %d RETURN l, count(*) AS n", match, length, bvar, k)
		default:
			q = fmt.Sprintf("%s WITH %s AS l WHERE %s.id > 2 WITH l ORDER BY l LIMIT %d RETURN l, count(*) AS n", match, length, bvar, k)
		}
		out = append(out, q)
	}
	return out
}

// TestLeastFirstAgainstRowMode runs the generated queries of the k least
// lengths on random graphs (parallel relationships, self-loops, pairs
// without a path, k above the number of paths) planned and in row mode.
func TestLeastFirstAgainstRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 7))
	queries := leastFirstQueries(r, 400)
	runs, failed, searched := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 9, 16+int(seed)*3, plannedRowMode)
		for i, q := range queries {
			params := map[string]any{"x": (i + int(seed)) % 9, "y": (i*5 + 2) % 9}
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			if seed == 1 && strings.Contains(rowsOrError(dbs["planned"], "EXPLAIN "+q, params), "ShortestPath") {
				searched++
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	// The rule must have searched a good share of the queries (those
	// in COLLECT { } do not show in the plan).
	if searched < len(queries)/4 {
		t.Errorf("only %d of %d queries planned a search", searched, len(queries))
	}
	t.Logf("%d queries (%d searched), %d runs", len(queries), searched, runs)
}
