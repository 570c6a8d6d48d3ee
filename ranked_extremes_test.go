package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// extremeComparisons compare a sibling's key (c.k, c.id, or the
// relationship's s.w) with the ranked row's, either side first, and name
// the key the extremes take (%[3]s in extremeUses). The last ones are
// near misses: a parameter (no per-row value: one extreme per group), a
// tuple, an equality.
var extremeComparisons = []struct{ cmp, key string }{
	{"c.k < b.k", "c.k"}, {"c.k <= b.k", "c.k"}, {"c.k > b.k", "c.k"}, {"c.k >= b.k", "c.k"},
	{"b.k < c.k", "c.k"}, {"b.k >= c.k", "c.k"}, {"c.id > b.id", "c.id"}, {"b.id > c.id", "c.id"},
	{"c.j < b.j", "c.j"}, {"c.k > b.j", "c.k"}, {"s.w < b.k", "s.w"},
	// Near misses.
	{"c.k > $v", "c.k"},
	{"c.k > b.k OR (c.k = b.k AND c.id < b.id)", "c.k"},
	{"c.k = b.k", "c.k"},
}

// extremeUses read the least or greatest key of the siblings per row
// (%[1]s the pattern with its WHERE, %[2]s the pattern alone, %[3]s the
// key): by OPTIONAL MATCH then min() or max() per row, with grouping keys
// or none, with count() of the matches beside, in arithmetic after the
// aggregation (which may fail: a string minus an integer), the largest
// gap to the next key; as a COLLECT { } of min() per row; as a CALL { }
// of min() or max() per row; and near
// misses: a CALL that imports only b (h is its own), one that returns a
// count beside, the extreme of another key than the one compared, DISTINCT, a
// count(*) beside (counts the rows, not the matches), a grouping key of
// the pattern's variable. perRow marks the uses grouped by the row (h
// and b), whose extremes do not depend on the order of the outer rows.
var extremeUses = []struct {
	q      string
	perRow bool
}{
	{"OPTIONAL MATCH %[1]s WITH h, b, min(%[3]s) AS m RETURN h.id AS h, b.id AS b, m", true},
	{"OPTIONAL MATCH %[1]s WITH b, max(%[3]s) AS m RETURN b.id AS b, b.k AS k, m", false},
	{"OPTIONAL MATCH %[1]s RETURN b.id AS b, min(%[3]s) AS lo, max(%[3]s) AS hi, count(c) AS n", false},
	{"OPTIONAL MATCH %[1]s WITH b, min(%[3]s) AS next RETURN max(next - b.id) AS gap", false},
	{"OPTIONAL MATCH %[1]s WITH h, min(%[3]s) AS m, count(*) AS rows RETURN h.id AS h, m, rows", false},
	{"OPTIONAL MATCH %[1]s WITH h, b, [min(%[3]s), 1] AS m WHERE m[0] IS NOT NULL RETURN h.id AS h, b.id AS b, m ORDER BY b, m", true},
	{"OPTIONAL MATCH %[1]s WITH h, b, max(%[3]s) AS hi, count(c) AS n RETURN h.id AS h, b.id AS b, hi, n", true},
	{"WITH h, b, COLLECT { MATCH %[1]s RETURN min(%[3]s) AS m } AS m RETURN h.id AS h, b.id AS b, m", true},
	{"WITH h, b, COLLECT { MATCH %[1]s RETURN max(%[3]s) AS m }[0] AS m RETURN h.id AS h, b.id AS b, m", true},
	{"CALL (h, b) { MATCH %[1]s RETURN min(%[3]s) AS m } RETURN h.id AS h, b.id AS b, m", true},
	{"CALL { WITH h, b MATCH %[1]s RETURN max(%[3]s) AS m } WITH b, max(m) AS m RETURN b.id AS b, m", false},
	// Near misses.
	{"CALL (b) { MATCH %[1]s RETURN min(%[3]s) AS m } RETURN b.id AS b, m", false},
	{"CALL (h, b) { MATCH %[1]s RETURN min(%[3]s) AS m, count(*) AS n } RETURN h.id AS h, b.id AS b, m, n", true},
	{"OPTIONAL MATCH %[1]s WITH b, min(c.id) AS m RETURN b.id AS b, m", false},
	{"OPTIONAL MATCH %[1]s WITH b, min(DISTINCT %[3]s) AS m RETURN b.id AS b, m", false},
	{"OPTIONAL MATCH %[1]s WITH b, min(%[3]s) AS m, count(*) AS n RETURN b.id AS b, m, n", false},
	{"OPTIONAL MATCH %[1]s WITH c, min(%[3]s) AS m RETURN c.id AS c, m", false},
}

// extremeQuery is a generated query and whether its use is per row.
type extremeQuery struct {
	q      string
	perRow bool
}

// extremeQueries generates queries of every spelling above over the
// outer rows and sibling patterns of the rank tests (rankOuters,
// rankSiblings).
func extremeQueries(r *rand.Rand, n int) []extremeQuery {
	var out []extremeQuery
	for len(out) < n {
		outer := rankOuters[r.IntN(len(rankOuters))]
		sib := rankSiblings[r.IntN(len(rankSiblings))]
		c := extremeComparisons[r.IntN(len(extremeComparisons))]
		group := "h"
		if strings.Contains(outer, "AS h") {
			sib = "(c:A) WHERE c.id %% 3 = %[1]s AND %[2]s"
			group = "g"
		}
		if strings.HasPrefix(c.key, "s.") && !strings.Contains(sib, "[s]") {
			continue
		}
		pat := fmt.Sprintf(sib, group, c.cmp)
		use := extremeUses[r.IntN(len(extremeUses))]
		q := use.q
		if group == "g" {
			q = strings.ReplaceAll(q, "h.id AS h", "h AS h")
		}
		out = append(out, extremeQuery{outer + " " + fmt.Sprintf(q, pat, pat[:strings.Index(pat, " WHERE ")], c.key), use.perRow})
	}
	return out
}

// extremeKeysApart are rankKeys with the floats moved off the integers
// (x.5): no two keys are equal that print differently.
var extremeKeysApart = strings.Replace(rankKeys, "toFloat(x.id % 4)", "toFloat(x.id % 4) + 0.5", 1)

// TestRankedExtremesMatchRowMode runs generated per-row least and greatest
// keys of siblings compared with the current row (OPTIONAL MATCH then
// min() or max(), COLLECT { } of min()), read as binary searches over the
// group's keys sorted once, against the row-mode plans, which enumerate
// the siblings per row, on random graphs with self-loops, parallel
// relationships and keys of mixed kinds (integers equal to floats, NaN,
// strings, booleans, lists, nulls).
//
// The graphs' keys come apart (no two equal keys print differently),
// where every query is compared, and with ties (1 and 1.0), where only
// the queries read as ranks grouped per row are: which of equal keys
// min() keeps there depends on the order of the rows, which plans other
// than the rank's already do not keep as row mode does.
//
// Breaks (320 queries, about 1,420 runs, measured before the CALL
// spellings were added; the guard removed, then restored): the extreme's key the one compared, 20 runs fail; the
// projection's other aggregates rejected (count(*) counts the optional
// rows), 68; a grouping key reading the pattern's variables rejected, 28;
// a value of another kind (a list) left to the per-row subquery, 100; one
// comparison, not a tuple, 10. One guard fails 0 runs, also over 1,600
// queries: the siblings enumerated in row mode's order (inOrder) rather
// than by the set rules, which here enumerate them in the same order; it
// is kept because only that order makes the first of equal keys min()'s.
func TestRankedExtremesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(31, 5))
	queries := extremeQueries(r, 260)
	failed, runs, ranked := 0, 0, 0
	for _, keys := range []string{extremeKeysApart, rankKeys} {
		ties := keys == rankKeys
		for _, seed := range []uint64{5, 11} {
			dbs := rowModeGraphs(t, seed, 26, 80, plannedIdxRowMode, keys)
			for i, eq := range queries {
				q := eq.q
				isRanked := false
				if comp, err := dbs["planned"].Compile(q); err == nil && strings.Contains(comp.Program.Disassemble(), "RankExtreme") {
					isRanked = true
				}
				if ties && (!isRanked || !eq.perRow) {
					// Equal keys that print differently (1 and 1.0): which
					// one min() keeps depends on the order of the rows,
					// which plans other than the rank's do not keep as row
					// mode does; the rank enumerates a group's siblings in
					// row mode's order, so its extremes per row are row
					// mode's.
					continue
				}
				if !ties && seed == 5 && isRanked {
					ranked++
				}
				params := map[string]any{"v": []any{int64(2), "1", nil, 1.5}[i%4]}
				want := rowsOrError(dbs["row-mode"], q, params)
				for _, v := range []string{"planned", "planned-idx"} {
					got := rowsOrError(dbs[v], q, params)
					runs++
					if got != want {
						failed++
						if failed <= 10 {
							t.Errorf("seed %d %s (ties %v, ranked %v): %s (v=%v)\n got %s\nwant %s", seed, v, ties, isRanked, q, params["v"], got, want)
						}
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d of %d queries read as ranked extremes; %d runs", ranked, len(queries), runs)
	if ranked < len(queries)/6 {
		t.Errorf("only %d of %d queries read as ranked extremes", ranked, len(queries))
	}
}

// TestRankedExtremesPlan checks that the extreme reading applies (a
// RankExtreme in the program) to the spellings it is exact for, and not
// where it is not.
func TestRankedExtremesPlan(t *testing.T) {
	db := planVariants(t, 5, 20, 50, plannedOnly)["planned"]
	checkPlanOps(t, db, []planOpCase{
		{"MATCH (h)-->(v) WITH DISTINCT h, v OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.id) AS next RETURN max(next - v.id) AS gap", "RankExtreme", true},
		{"MATCH (h)-->(v) CALL (h, v) { MATCH (h)-->(w) WHERE w.id > v.id RETURN min(w.id) AS next } RETURN v.id, next", "RankExtreme", true},
		{"MATCH (h)-->(v) RETURN v.id, COLLECT { MATCH (h)-->(w) WHERE v.id >= w.id RETURN max(w.id) AS m }[0] AS prev", "RankExtreme", true},
		// The extreme of another key than the one compared.
		{"MATCH (h)-->(v) OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.k) AS next RETURN v.id, next", "RankExtreme", false},
		// count(*) counts the optional rows, not the matches.
		{"MATCH (h)-->(v) OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.id) AS next, count(*) AS n RETURN v.id, next, n", "RankExtreme", false},
		// A grouping key of the pattern's own variable.
		{"MATCH (h)-->(v) OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH w, min(w.id) AS next RETURN w.id, next", "RankExtreme", false},
		// The CALL's body does not see h: its h is its own.
		{"MATCH (h)-->(v) CALL (v) { MATCH (h)-->(w) WHERE w.id > v.id RETURN min(w.id) AS next } RETURN v.id, next", "RankExtreme", false},
		// A write between rows could change the siblings.
		{"MATCH (h)-->(v) OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.id) AS next SET v.next = next", "RankExtreme", false},
	})
}
