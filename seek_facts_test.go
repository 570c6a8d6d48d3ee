package cyq

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestSeekFactsMatchRowMode runs filters that an index seek, a seek of a
// list's values, a range or a prefix range answers (each spelled in
// either operand order, with a repeated or a further conjunct) over
// properties of mixed types, with parameters of every kind (null, NaN,
// integers and equal floats, strings, lists, booleans), on a store with
// indexes and in row mode on one without: the filter the seek's facts
// fold away must be true on every row the seek gives.
func TestSeekFactsMatchRowMode(t *testing.T) {
	t.Parallel()
	preds := []string{
		"n.k = $v", "$v = n.k", "n.k IN [$v]", "n.k IN $l", "n.id = $v", "$v = n.id", "n.id IN $l",
		"n.k > $v", "$v < n.k", "n.k >= $v AND n.k < $w", "$w > n.k AND n.k > $v", "n.k <= $w",
		"n.id > $v AND n.id <= $w", "n.k STARTS WITH $s", "NOT n.k < $v", "n.k >= $v OR n.k IS NULL",
		"n.k >= $v", "n.k > $v", "n.k = $w", "n.k < $w",
	}
	vals := []any{nil, math.NaN(), int64(1), 1.0, int64(2), 0.0, 1.5, "a", "ab", true, []any{int64(1)}, int64(5)}
	// Not a non-list: a seek of a non-list's values gives no rows, where
	// the scan's IN raises a type error (so does the plan without these
	// facts; a question for the seek, not its facts).
	lists := []any{nil, []any{int64(1), 1.5, "a"}, []any{nil, int64(2)}, []any{math.NaN(), 0.0}, []any{}}
	// factPairs are a seek's predicate and one the seek's facts may
	// decide on its rows: the same one, or the bound it implies.
	factPairs := [][2]string{
		{"NOT n.k < $v", "n.k >= $v"}, {"NOT n.k > $v", "n.k <= $v"}, {"NOT n.k <= $v", "n.k > $v"},
		{"n.k >= $v", "NOT n.k < $v"}, {"n.k = $v", "n.k = $v"}, {"n.k IN $l", "n.k IN $l"},
		{"n.k > $v AND n.k < $w", "n.k < $w"}, {"n.k STARTS WITH $s", "n.k STARTS WITH $s"},
		{"n.k >= $v", "n.k >= $v"}, {"NOT n.k < $v AND NOT n.k > $w", "n.k <= $w"},
	}
	r := rand.New(rand.NewPCG(8, 8))
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 21, 30, map[string]*Options{"planned-idx": nil, "row-mode": {RowModeOnly: true}})
		for name, db := range dbs {
			mustRun(t, db, factProps, nil)
			if name == "planned-idx" {
				mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.k)", nil)
			}
		}
		for i := 0; i < 300; i++ {
			p := preds[r.IntN(len(preds))]
			q := fmt.Sprintf("MATCH (n:A) WHERE %s RETURN n.id, n.k", p)
			switch r.IntN(4) {
			case 1:
				q = fmt.Sprintf("MATCH (n:A) WHERE %s AND n:A RETURN count(*)", p)
			case 2:
				q = fmt.Sprintf("MATCH (m:B)-[:T]->(n:A) WHERE %s RETURN m.id, n.id", p)
			case 3:
				// A seek by p, then a filter by p or by another
				// predicate, which the seek's facts may decide only
				// where they are exact.
				p2 := p
				if r.IntN(3) > 0 {
					p2 = preds[r.IntN(len(preds))]
				}
				q = fmt.Sprintf("MATCH (n:A) WHERE %s WITH n WHERE %s RETURN n.id", p, p2)
			}
			wrote := false
			switch r.IntN(5) {
			case 0:
				// A seek by p, then p again, or the bound p implies
				// (the same bound as a seek with NaN values reads it:
				// NOT n.k < $v seeks n.k >= $v with NaN), tested on
				// the rows the seek gives.
				pair := factPairs[r.IntN(len(factPairs))]
				q = fmt.Sprintf("MATCH (n:A) WHERE %s WITH n WHERE %s RETURN n.id, n.k", pair[0], pair[1])
			case 1:
				// A write between the seek and the test of what it
				// sought: the seek's facts hold as of the seek only.
				pair := factPairs[r.IntN(len(factPairs))]
				q = fmt.Sprintf("MATCH (n:A) WHERE %s SET n.k = CASE WHEN n.id %% 2 = 0 THEN $w ELSE n.k END WITH n WHERE %s RETURN n.id, n.k", pair[0], pair[0])
				wrote = true
			case 2:
				// A write after the test, in a pipeline that seeks again
				// for the next row: the seek for the second row meets
				// the values the first row wrote.
				pair := factPairs[r.IntN(len(factPairs))]
				q = fmt.Sprintf("UNWIND [1, 2] AS i MATCH (n:A) WHERE %s WITH i, n WHERE %s SET n.k = CASE WHEN n.id %% 2 = 0 THEN $w ELSE $v END RETURN i, n.id, n.k", pair[0], pair[1])
				wrote = true
			case 3:
				// A write, for one row, to a node the seek gives a later
				// row: the test after the seek meets the written value.
				pair := factPairs[r.IntN(len(factPairs))]
				q = fmt.Sprintf("MATCH (n:A) WHERE %s WITH n WHERE %s OPTIONAL MATCH (m:A) WHERE m.id = n.id + 3 SET m.k = $w RETURN n.id, n.k", pair[0], pair[1])
				wrote = true
			}
			params := map[string]any{"v": vals[r.IntN(len(vals))], "w": vals[r.IntN(len(vals))], "l": lists[r.IntN(len(lists))], "s": []any{"a", int64(1), nil}[r.IntN(3)]}
			againstRowMode(t, dbs, []string{"planned-idx"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			if wrote {
				for _, db := range dbs {
					mustRun(t, db, factProps, nil)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree with row mode", failed, runs)
	}
	t.Logf("%d runs", runs)
}
