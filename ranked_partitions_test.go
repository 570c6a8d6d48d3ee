package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// partitionKeys gives the nodes, besides rankKeys' k and j, a partition
// key p of every kind: integers, a float equal to one of them (1 = 1.0),
// a string, a list, NaN and null.
const partitionKeys = `MATCH (x) SET x.p = CASE x.id % 7
	WHEN 0 THEN null WHEN 1 THEN 1.0 WHEN 2 THEN 'a' WHEN 3 THEN [x.id % 2]
	WHEN 4 THEN 0.0/0.0 ELSE x.id % 2 END`

// partitionSiblings are sibling patterns whose WHERE holds an equality
// with the ranked row besides the rank's comparison (%[1]s the group,
// %[2]s the comparison): no group at all, a group node, two partitions,
// an equality either side first, another filter beside, a relationship's
// key as the partition, a partition by a constant (a filter, not a
// partition), an equality whose value reads only the group (a filter of
// the group's siblings) and one whose value may fail (true + 1: stays
// per row).
var partitionSiblings = []string{
	"(c:A) WHERE c.p = b.p AND %[2]s",
	"(%[1]s)-->(c) WHERE c.p = b.p AND %[2]s",
	"(%[1]s)--(c) WHERE b.j = c.j AND %[2]s AND c.p = b.p",
	"(c) WHERE b.p = c.p AND c.id <> 4 AND %[2]s",
	"(%[1]s)-[s]->(c) WHERE s.w = b.j AND %[2]s",
	"(c:B) WHERE c.p = 1 AND %[2]s",
	"(%[1]s)-->(c) WHERE c.p = %[1]s.p AND %[2]s",
	"(c:A) WHERE c.j = b.k + 1 AND %[2]s",
}

// partitionComparisons are the rank's comparisons (keys of mixed kinds,
// tuples, a parameter: the partition alone then reads the row), and
// none.
var partitionComparisons = []string{
	"c.k < b.k", "c.k >= b.k", "b.k < c.k", "c.id > b.id", "c.j <= b.j",
	"c.k > $v",
	"c.k > b.k OR (c.k = b.k AND c.id < b.id)",
	// No comparison: the partition alone (an extreme of its keys; a
	// count stays per row).
	"c.j IS NOT NULL", "c.k IS NOT NULL",
}

// partitionUses read the partition's rank per row: counts and tests
// (rankUses), and its least or greatest key (COLLECT { } of min() or
// max(), OPTIONAL MATCH then min() per row); the extremes name the key
// as %[3]s.
var partitionUses = []string{
	"WITH h, b, COUNT { %[1]s } AS r RETURN h.id AS h, b.k AS k, r",
	"WHERE NOT EXISTS { %[1]s } RETURN h.id AS h, b.k AS best, count(*) AS ties",
	"WITH h, b WHERE EXISTS { MATCH %[1]s } RETURN h.id AS h, count(b) AS n",
	"CALL { WITH h, b MATCH %[1]s RETURN count(*) AS r } RETURN h.id AS h, b.id AS b, r",
	"WITH h, b, COLLECT { MATCH %[1]s RETURN min(%[3]s) AS m } AS m RETURN h.id AS h, b.id AS b, m",
	"WITH h, b, COLLECT { MATCH %[1]s RETURN max(%[3]s) AS m }[0] AS m RETURN h.id AS h, b.id AS b, m",
	"OPTIONAL MATCH %[1]s WITH h, b, min(%[3]s) AS m RETURN h.id AS h, b.id AS b, m",
}

// partitionQuery is a generated query and whether it takes an extreme.
type partitionQuery struct {
	q       string
	extreme bool
}

// partitionSiblingQueries generates per-row ranks of siblings within a
// partition.
func partitionSiblingQueries(r *rand.Rand, n int) []partitionQuery {
	var out []partitionQuery
	for len(out) < n {
		outer := rankOuters[r.IntN(len(rankOuters))]
		if strings.Contains(outer, "AS h") || strings.Contains(outer, "AS b") {
			// b must be a node (b.p, b.j are its keys).
			continue
		}
		sib := partitionSiblings[r.IntN(len(partitionSiblings))]
		cmp := partitionComparisons[r.IntN(len(partitionComparisons))]
		use := partitionUses[r.IntN(len(partitionUses))]
		extreme := strings.Contains(use, "min(") || strings.Contains(use, "max(")
		key := strings.Fields(cmp)[0]
		if !strings.HasPrefix(key, "c.") {
			key = strings.Fields(cmp)[2]
		}
		if extreme && strings.Contains(cmp, " OR ") {
			continue
		}
		pat := fmt.Sprintf(sib, "h", cmp)
		out = append(out, partitionQuery{outer + " " + fmt.Sprintf(use, pat, "", key), extreme})
	}
	return out
}

// partitionListQueries generates ranks over a collected list within a
// partition: size() of a filtered comprehension, any(), none(), and the
// least or greatest key of the partition by reduce(), with a comparison
// or without, over maps and over nodes, and over a list holding an
// integer (whose property read fails in row mode).
func partitionListQueries(r *rand.Rand, n int) []partitionQuery {
	lists := []string{
		"MATCH (n) WITH collect(n {.id, .p, .k, .j}) AS xs",
		"MATCH (n:A) WITH collect(n) AS xs",
		"MATCH (n) WITH collect(n {.id, .p, .k, .j}) + [{id: 99, p: 1, k: 2}] AS xs",
		"MATCH (n:B) WITH collect(n {.id, .p, .k, .j}) + CASE WHEN $v = 2 THEN [7] ELSE [] END AS xs",
	}
	preds := []string{
		"y.p = x.p AND y.k > x.k",
		"x.p = y.p AND y.j <= x.j",
		"y.p = x.p AND y.j = x.j AND y.id < x.id",
		"y.p = x.p AND (y.k > x.k OR (y.k = x.k AND y.id < x.id))",
		"y.p = x.p AND y.k > $v",
	}
	uses := []string{
		"RETURN x.id AS id, size([y IN xs WHERE %[1]s]) AS r",
		"WITH x, xs WHERE none(y IN xs WHERE %[1]s) RETURN x.id AS id",
		"RETURN x.id AS id, any(y IN xs WHERE %[1]s) AS a",
		"RETURN x.id AS id, reduce(m = null, y IN xs | CASE WHEN %[1]s AND (m IS NULL OR y.k < m) THEN y.k ELSE m END) AS m",
		"RETURN x.id AS id, reduce(m = null, y IN xs | CASE WHEN y.p = x.p AND (m IS NULL OR y.k > m) THEN y.k ELSE m END) AS m",
		"RETURN x.id AS id, reduce(m = null, y IN xs | CASE WHEN (m IS NULL OR m > y.j) AND x.p = y.p THEN y.j ELSE m END) AS m",
	}
	var out []partitionQuery
	for len(out) < n {
		l := lists[r.IntN(len(lists))]
		p := preds[r.IntN(len(preds))]
		u := uses[r.IntN(len(uses))]
		if strings.Contains(u, "reduce") && strings.Contains(p, " OR ") {
			continue
		}
		q := l + " UNWIND xs AS x WITH x, xs WHERE x.id IS NOT NULL " + fmt.Sprintf(u, p)
		out = append(out, partitionQuery{q, strings.Contains(u, "reduce")})
	}
	return out
}

// TestRankedPartitionsMatchRowMode runs generated ranks within a
// partition (an equality of a sibling's or element's key with the row's
// beside the rank's comparison: the keys sorted by (partition, key), the
// partition's run searched) against the row-mode plans, which test every
// sibling or element per row, on random graphs whose partition keys are
// of every kind (1 and 1.0 equal, NaN and null equal to nothing, lists).
// Extremes over keys with ties that print differently (1 and 1.0) are
// compared only where read as ranks: which of them min() keeps otherwise
// depends on the order plans other than the rank's give the rows.
//
// Breaks (the guard removed, then restored; 360 queries, 1,246 runs,
// measured before the two spellings without a comparison were added):
// the partition counting only its equal run (vm.RankEq's strict part
// empty), 358 runs fail; value equality in the one-by-one test of keys of
// other kinds (lists), 194; an extreme for a partition value of another
// kind left to the per-row form rather than answered as empty, 70; the
// equality's operands that cannot fail (true + 1 raises in row mode only
// where a sibling is tested), 8 of 1,264.
// Two guards fail 0 runs, both cost guards rather than ones of the
// answers: a bare variable's equality (an entity) not read as a
// partition (such keys are only tested one by one), and an equality whose
// value is constant for the group kept a filter of the siblings (made a
// partition, 221 rather than 182 queries read as ranks, all exact). Not
// measured: the stable order of a short partition's keys for an extreme.
func TestRankedPartitionsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(28, 9))
	queries := append(partitionSiblingQueries(r, 200), partitionListQueries(r, 160)...)
	failed, runs, ranked := 0, 0, 0
	for _, keys := range []string{extremeKeysApart, rankKeys} {
		ties := keys == rankKeys
		seeds := []uint64{3}
		if ties {
			seeds = []uint64{17}
		}
		for _, seed := range seeds {
			dbs := planVariants(t, seed, 26, 80, map[string]*Options{
				"planned":  nil,
				"idx":      nil,
				"row-mode": {RowModeOnly: true},
			})
			for _, db := range dbs {
				mustRun(t, db, keys, nil)
				mustRun(t, db, partitionKeys, nil)
			}
			for i, pq := range queries {
				isRanked := false
				if comp, err := dbs["planned"].Compile(pq.q); err == nil {
					d := comp.Program.Disassemble()
					isRanked = strings.Contains(d, "RankProbe") || strings.Contains(d, "RankList")
				}
				if ties && pq.extreme && !isRanked {
					continue
				}
				if !ties && seed == 3 && isRanked {
					ranked++
				}
				params := map[string]any{"v": []any{int64(2), "1", nil, 1.5}[i%4]}
				want := rowsOrError(dbs["row-mode"], pq.q, params)
				for _, v := range []string{"planned", "idx"} {
					got := rowsOrError(dbs[v], pq.q, params)
					runs++
					if got != want {
						failed++
						if failed <= 10 {
							t.Errorf("seed %d %s (ties %v, ranked %v): %s (v=%v)\n got %s\nwant %s", seed, v, ties, isRanked, pq.q, params["v"], got, want)
						}
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d of %d queries read as ranks; %d runs", ranked, len(queries), runs)
	if ranked < len(queries)/3 {
		t.Errorf("only %d of %d queries read as ranks", ranked, len(queries))
	}
}

// TestRankedPartitionsPlan checks that an equality with the ranked row
// beside the rank's comparison makes a partition of the rank (a probe in
// the program) where the rank would otherwise stay per row, and stays a
// filter where its value is constant for the group.
func TestRankedPartitionsPlan(t *testing.T) {
	db := planVariants(t, 5, 20, 50, plannedOnly)["planned"]
	checkPlanOps(t, db, []planOpCase{
		{"MATCH (n:A) RETURN n.id, COUNT { MATCH (m:A) WHERE m.s = n.s AND m.k > n.k } AS above", "RankProbe", true},
		{"MATCH (h)-->(b) RETURN COUNT { (h)-->(c) WHERE c.s = b.s AND c.id < b.id } AS r", "RankProbe", true},
		{"MATCH (n:A) RETURN COLLECT { MATCH (m:A) WHERE m.s = n.s AND m.k < n.k RETURN max(m.k) AS k } AS k", "RankExtreme", true},
		{"MATCH (n) WITH collect(n) AS xs UNWIND xs AS x RETURN size([y IN xs WHERE y.s = x.s AND y.k > x.k]) AS r", "RankList", true},
		{"MATCH (n) WITH collect(n) AS xs UNWIND xs AS x RETURN reduce(m = null, y IN xs | CASE WHEN y.s = x.s AND (m IS NULL OR y.k < m) THEN y.k ELSE m END) AS m", "RankList", true},
		{"MATCH (n:A) WHERE n.k = COLLECT { MATCH (m:A) WHERE m.s = n.s RETURN max(m.k) AS t }[0] RETURN n.id", "RankExtreme", true},
		// A partition alone is not a rank of a count.
		{"MATCH (n:A) RETURN COUNT { MATCH (m:A) WHERE m.s = n.s } AS r", "RankProbe", false},
		// A bare variable's equality (an entity) is not a partition.
		{"MATCH (h)-->(b) RETURN COUNT { (h)-->(c) WHERE c = b AND c.id < b.id } AS r", "RankProbe", false},
		// A may-fail equality is not read.
		{"MATCH (n:A) RETURN COUNT { MATCH (m:A) WHERE m.s = n.s + 1 AND m.k > n.k } AS above", "RankProbe", false},
	})
}
