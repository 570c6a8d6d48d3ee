package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// rankPatternOuters bind the ranked row b with its value n: a degree, a
// pattern comprehension's size, values of every kind unwound (ties,
// floats equal to integers, NaN, null, strings, booleans), a group
// node h, and values no count ties with.
var rankPatternOuters = []string{
	"MATCH (b) WITH b, COUNT { (b)-->() } AS n",
	"MATCH (b:A) WITH b, size([(b)<--(z) | z]) AS n",
	"UNWIND [0, 1, 2, 2.0, 3, null, 'a', 0.0/0.0, true] AS n MATCH (b:B) WHERE b.id < 6",
	"MATCH (h:A)-->(b) WITH h, b, COUNT { (b)-[:T]->() } AS n",
	"MATCH (b) WITH DISTINCT b, COUNT { (b)--() } AS n",
	// Values no count ties with: the per-row form never evaluates the
	// keys after the count.
	"UNWIND [100, -1] AS n MATCH (b:B) WHERE b.id < 3",
}

// rankPatternSiblings count the siblings q whose key compares with n
// (%[1]s): all nodes, a label, the group's neighbours (h), and NOT
// EXISTS of a larger one.
var rankPatternSiblings = []string{
	"COUNT { MATCH (q) WHERE %[1]s }",
	"COUNT { MATCH (q:A) WHERE %[1]s }",
	"COUNT { MATCH (h)-->(q) WHERE %[1]s }",
	"NOT EXISTS { MATCH (q:B) WHERE %[1]s }",
	"EXISTS { MATCH (h)--(q) WHERE %[1]s }",
}

// rankPatternComparisons compare a key that is a count or test of a
// pattern of q with n, either side first; near misses: a pattern test
// that may fail, a pattern reading the ranked row, arithmetic on the
// count, another conjunct that may fail.
var rankPatternComparisons = []string{
	"COUNT { (q)-->() } > n", "n <= COUNT { (q)<-[:T]-() }", "size([(q)-->(z) | z]) >= n",
	"EXISTS { (q)-[:U]->() } > n", "COUNT { (q)-->({id: 3}) } < n", "COUNT { (q)-[s]->() WHERE s.w > 0 } > n",
	"COUNT { (q)--(:A) } < n", "size([(q)<-[:U]-(z) | z.k]) <= n",
	// Tuples: ties on the count broken by another key, which the
	// per-row form evaluates only on ties (near misses: one that may fail).
	"COUNT { (q)-->() } > n OR (COUNT { (q)-->() } = n AND q.id < b.id)",
	"COUNT { (q)-->() } < n OR (COUNT { (q)-->() } = n AND COUNT { (q)-[:T]->() } > b.id)",
	"COUNT { (q)-->() } > n OR (COUNT { (q)-->() } = n AND COUNT { (q)-->() WHERE q.k + 1 > 2 } < b.id)",
	"COUNT { (q)-->() } > n OR (COUNT { (q)-->() } = n AND COUNT { (q)-->({k: q.k + 1}) } < b.id)",
	// Near misses.
	"COUNT { (q)-->(z) WHERE z.k + 1 > 2 } > n", "COUNT { (q)-->(b) } > n", "COUNT { (q)-->() } > n AND q.id % 2 = 0",
	"COUNT { (q)-->() } + 1 > n", "size([(q)-->(z) | z.k + 1]) > n",
}

// rankPatternUses read the count or test per row: as an item, ordered
// and cut, with DISTINCT, as a filter.
var rankPatternUses = []string{
	"RETURN b.id AS b, n, %s AS r",
	"WITH b, n, %s AS r ORDER BY r DESC, b.id LIMIT 3 RETURN b.id AS b, r",
	"RETURN DISTINCT n, %s AS r",
	"WITH b, n, %s AS r WHERE r = true OR r < 3 RETURN b.id AS b, n",
}

// rankPatternQueries generates queries of every spelling above.
func rankPatternQueries(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		outer := rankPatternOuters[r.IntN(len(rankPatternOuters))]
		sib := rankPatternSiblings[r.IntN(len(rankPatternSiblings))]
		if strings.Contains(sib, "(h)") && !strings.Contains(outer, "(h") {
			continue
		}
		cmp := rankPatternComparisons[r.IntN(len(rankPatternComparisons))]
		use := rankPatternUses[r.IntN(len(rankPatternUses))]
		out = append(out, outer+" "+fmt.Sprintf(use, fmt.Sprintf(sib, cmp)))
	}
	return out
}

// TestRankedPatternKeysMatchRowMode runs generated per-row counts and
// tests of siblings whose compared key is a count or test of a pattern
// (read as ranks: the siblings' keys counted and sorted once per group)
// against the row-mode plans, which count every sibling's pattern per
// row.
func TestRankedPatternKeysMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(29, 3))
	queries := rankPatternQueries(r, 240)
	failed, runs, ranked := 0, 0, 0
	for _, seed := range []uint64{5, 11} {
		dbs := rowModeGraphs(t, seed, 26, 80, plannedRowMode, rankKeys)
		for _, q := range queries {
			want := rowsOrError(dbs["row-mode"], q, nil)
			got := rowsOrError(dbs["planned"], q, nil)
			runs++
			if seed == 5 {
				if comp, err := dbs["planned"].Compile(q); err == nil && strings.Contains(comp.Program.Disassemble(), "RankProbe") {
					ranked++
				}
			}
			if got != want {
				failed++
				if failed <= 10 {
					t.Errorf("seed %d: %s\n got %s\nwant %s", seed, q, got, want)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d of %d queries read as ranks", ranked, len(queries))
	if ranked < len(queries)/4 {
		t.Errorf("only %d of %d queries read as ranks", ranked, len(queries))
	}
}
