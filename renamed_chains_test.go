package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRenamedChainEndsMatchRowMode checks set chains whose end node is
// renamed by a WITH (`x AS y`, a collected list read back by IN, a
// DISTINCT) before tests of the new name: a test after the renaming
// boundary reads a name the chain's last hop does not bind, so it may not
// join the chain's hops (it gave a wrong count or an undefined variable).
func TestRenamedChainEndsMatchRowMode(t *testing.T) {
	t.Parallel()
	chains := []string{"(:A)-[:T]->(x)", "(a:A)-->()-[:U]->(x)", "(:B)<-[:T]-(x)", "(a)-[:T|U]-(x:B)"}
	withs := []string{
		"WITH x AS y",
		"WITH DISTINCT x AS y",
		"WITH x AS y, x AS z",
		"WITH collect(DISTINCT x) AS l MATCH (y) WHERE y IN l",
		"WITH collect(x) AS l MATCH (:A)-[:T]->(y) WHERE y IN l",
		"WITH x AS w WITH w AS y",
	}
	tests := []string{"y.k IS NULL OR y.k <> 0", "y:B", "NOT y:A", "y.k > 0", "y.id % 2 = 0", "(y)-[:U]->()", "y.k IS NOT NULL AND y.id > 3"}
	tails := []string{"", " MATCH (y)-[:T]->(c)", " MATCH (y)<--(c:A)"}
	returns := []string{"RETURN count(DISTINCT y) AS n", "RETURN count(*) AS n", "RETURN y.id AS id ORDER BY id", "RETURN count(DISTINCT c) AS n"}
	r := rand.New(rand.NewPCG(17, 4))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 300 {
		tail := tails[r.IntN(len(tails))]
		ret := returns[r.IntN(len(returns))]
		if tail == "" && ret == "RETURN count(DISTINCT c) AS n" {
			continue
		}
		w := withs[r.IntN(len(withs))]
		join := " WHERE "
		if strings.HasSuffix(w, "IN l") {
			join = " AND "
		}
		q := fmt.Sprintf("MATCH %s %s%s%s%s %s", chains[r.IntN(len(chains))], w, join, tests[r.IntN(len(tests))], tail, ret)
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	againstRowModeOnKeyedGraphs(t, queries, func(uint64) map[string]any { return nil })
}
