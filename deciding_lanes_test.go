package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestDecidingLanesMatchRowMode: an AND or OR chain with an operand that
// is not always a boolean (k holds integers, strings, booleans), decided
// on some rows by an operand that cannot fail (`1 = 1 OR a.k`), in a
// WHERE, a projection or a CASE over a batched scan, against row mode: a
// lane the deciding operand decides never raises the other's error.
//
// Break (360 runs): combining the operands on every lane, the decided
// ones too (where a property column holds a value that is not a boolean),
// fails 41.
func TestDecidingLanesMatchRowMode(t *testing.T) {
	t.Parallel()
	deciding := []string{"1 = 1", "1 = 2", "a.id > 3", "a.id < 3", "a.s IS NULL", "a:A", "true", "false", "null"}
	operands := []string{"a.k", "a.id", "a.s", "a.k = 1"}
	shapes := []string{
		"MATCH (a) WHERE %s RETURN count(*) AS n",
		"MATCH (a) RETURN a.id AS id, %s AS x ORDER BY id",
		"MATCH (a) RETURN a.id AS id, CASE WHEN %s THEN 1 ELSE 0 END AS x ORDER BY id",
		"MATCH (a) WITH a, 1 AS one WHERE one = 1 AND (%s) RETURN count(*) AS n",
	}
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 31))
		dbs := queryGraphVariants(t, seed, 14, 30, map[string]*Options{"planned": nil, "row-mode": {RowModeOnly: true}})
		for i := 0; i < 120; i++ {
			d, o := deciding[r.IntN(len(deciding))], operands[r.IntN(len(operands))]
			op := []string{" OR ", " AND "}[r.IntN(2)]
			chain := d + op + o
			if r.IntN(2) == 0 {
				chain = o + op + d
			}
			q := fmt.Sprintf(shapes[r.IntN(len(shapes))], chain)
			againstRowModeOutcome(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d runs", runs)
}
