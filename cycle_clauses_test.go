package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCycleClausesMatchRowMode generates closed three-hop cycles counted
// per node or in all, written as one MATCH and split over two (a hop of
// one MATCH closed by two of the next, or two hops closed by one), with
// types and directions that let a later hop walk an earlier hop's
// relationship again across the clauses (planner/count_cycles.go counts
// the cycles of one MATCH, whose relationships are distinct), and
// compares each with row mode.
func TestCycleClausesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 11))
	hop := func() string {
		return []string{"-->", "<--", "-[:T]->", "<-[:U]-", "-[:T|U]->"}[r.IntN(5)]
	}
	var queries []string
	for n := 0; n < 90; n++ {
		h1, h2, h3 := hop(), hop(), hop()
		var match string
		switch n % 3 {
		case 0:
			match = fmt.Sprintf("MATCH (a)%s(b)%s(c)%s(a)", h1, h2, h3)
		case 1:
			match = fmt.Sprintf("MATCH (a)%s(b) MATCH (b)%s(c)%s(a)", h1, h2, h3)
		case 2:
			match = fmt.Sprintf("MATCH (a)%s(b)%s(c) MATCH (c)%s(a)", h1, h2, h3)
		}
		ret := []string{"RETURN count(*) AS n", "RETURN a.id AS a, count(*) AS n", "WITH a, count(*) AS c WHERE c > 1 RETURN count(*) AS n"}[r.IntN(3)]
		queries = append(queries, match+" "+ret)
	}
	runCountReaders(t, queries)
}
