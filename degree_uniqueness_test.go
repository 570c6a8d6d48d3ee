package cyq

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestDegreeUnderUniqueness compares counts of a last hop that must
// differ from relationships bound before it (one MATCH, a comma, or a
// later MATCH with r2 <> r1) with row mode, on dense seeded random graphs
// with self-loops and parallel relationships: both directions of each
// hop, typed and untyped, counted globally, per node and per property,
// by count(*), count(c) and count(r2). The planned forms read the degree
// less the relationships bound before (see the planner's uniqueDegree).
func TestDegreeUnderUniqueness(t *testing.T) {
	var queries []string
	for _, first := range []string{"-[r1]->", "<-[r1]-", "-[r1:T]->", "<-[r1:U]-", "-[r1]-", "-[r1:T|U]-"} {
		for _, second := range []string{"-[r2]->", "<-[r2]-", "-[r2:T]->", "<-[r2:T]-", "-[r2:T|U]->"} {
			for _, ret := range []string{"count(*) AS n", "b.id AS id, count(c) AS n", "b.id % 2 AS k, count(r2) AS n"} {
				queries = append(queries,
					fmt.Sprintf("MATCH (a:A)%s(b)%s(c) RETURN %s", first, second, ret),
					fmt.Sprintf("MATCH (a:A)%s(b), (b)%s(c) RETURN %s", first, second, ret),
					fmt.Sprintf("MATCH (a:A)%s(b) MATCH (b)%s(c) WHERE r2 <> r1 RETURN %s", first, second, ret))
			}
		}
	}
	read := 0
	for seed := uint64(1); seed <= 3; seed++ {
		def, _ := Open("", nil)
		row, _ := Open("", &Options{RowModeOnly: true})
		for _, db := range []*DB{def, row} {
			randomGraph(t, db, seed, 12, 90)
		}
		for _, q := range queries {
			a, b := canonical(mustRun(t, def, q, nil)), canonical(mustRun(t, row, q, nil))
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("seed %d: %s\n planned: %v\n row mode: %v", seed, q, a, b)
			}
			plan := string(mustRun(t, def, "EXPLAIN "+q, nil)[0][0].(value.String))
			if strings.Contains(plan, "the degree less the relationships bound before") {
				read++
			}
			if plan := string(mustRun(t, row, "EXPLAIN "+q, nil)[0][0].(value.String)); strings.Contains(plan, "Degree") {
				t.Fatalf("row mode reads a degree, nothing to compare with:\n%s", plan)
			}
		}
		def.Close()
		row.Close()
	}
	if read == 0 {
		t.Errorf("no form read the degree less the relationships bound before")
	}
	t.Logf("%d of %d plans read the degree", read, 3*len(queries))
}
