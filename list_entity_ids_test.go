package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestListEntityIdsMatchRowMode runs queries that test a list of a
// pattern's matches whose element is id() or elementId() of a node or a
// relationship the pattern binds (membership, any(), none(), all(),
// emptiness, under NOT, OR and in a WITH) on random graphs, planned (the
// tests become existence tests: such an element never fails, as a
// property of the match does not) and from each pattern's last node,
// against row mode. Near misses keep the element that may fail or is not
// the match's: id() of a path, of a variable-length relationship's list,
// of an outer value that is not an entity (which fails on every row the
// list is built for), of an outer entity, size() of the match's node
// (which fails), and a COLLECT { } returning DISTINCT; the compared values include nulls (an OPTIONAL MATCH's
// variable), integers and the other function's ids.
func TestListEntityIdsMatchRowMode(t *testing.T) {
	t.Parallel()
	rows := []string{
		"MATCH (h:A)-[:T]->(v)",
		"MATCH (h)-[:T|U]->(v) WHERE h.id < 20",
		"MATCH (h:A) OPTIONAL MATCH (h)-[:U]->(v)",
		"MATCH (v:B) WHERE v.id < 12 WITH v, v.id AS h",
	}
	lists := []string{
		"[(v)-->(w) | %[1]s(w)]",
		"[(v)-[r:T]->(w) WHERE w.id > 3 | %[1]s(r)]",
		"[(v)<-[:U]-(w) | %[1]s(w)]",
		"COLLECT { MATCH (v)-->(w) RETURN %[1]s(w) AS e }",
		"[(v)-[:T*1..2]->(w) | %[1]s(w)]",
		"[p = (v)-->(w) | %[1]s(p)]",         // a path: fails
		"[(v)-[rs:T*1..2]->(w) | %[1]s(rs)]", // a list: fails
		"[(v)-->(w) | %[1]s(h)]",             // the row's: fails where h is a number
		"COLLECT { MATCH (v)-->(w) RETURN DISTINCT %[1]s(w) AS e }",
		"[(v)-->(w) WHERE %[1]s(w) >= 0 | size(w)]", // size() of a node: fails
	}
	values := []string{"%[1]s(h)", "%[1]s(v)", "null", "3", "%[2]s(h)"}
	tests := []string{
		"%[2]s IN %[1]s",
		"NOT %[2]s IN %[1]s",
		"any(e IN %[1]s WHERE e = %[2]s)",
		"none(e IN %[1]s WHERE e = %[2]s)",
		"all(e IN %[1]s WHERE e <> %[2]s)",
		"size(%[1]s) > 0",
		"%[1]s = []",
		"%[2]s IN %[1]s OR v.id = 3",
	}
	tails := []string{" RETURN h AS h, v.id AS v", " RETURN count(*) AS n"}
	var queries []string
	for i, row := range rows {
		for j, l := range lists {
			for k, test := range tests {
				for m, val := range values {
					if (i+j+k+m)%2 == 1 {
						continue // half the combinations: each part still meets every other
					}
					fn, other := "id", "elementId"
					if (j+k)%2 == 1 {
						fn, other = other, fn
					}
					list := fmt.Sprintf(l, fn)
					x := fmt.Sprintf(val, fn, other)
					pred := fmt.Sprintf(test, list, x)
					tail := tails[(i+k)%2]
					if strings.HasPrefix(row, "MATCH (v:B)") {
						tail = strings.Replace(tail, "RETURN h AS h", "RETURN h", 1)
					} else {
						tail = strings.Replace(tail, "RETURN h AS h", "RETURN h.id AS h", 1)
					}
					queries = append(queries, row+" WITH * WHERE "+pred+tail)
					if k == 0 {
						// the list bound in a WITH and read by the next WHERE
						queries = append(queries, row+" WITH *, "+list+" AS l WHERE "+fmt.Sprintf(test, "l", x)+tail)
					}
				}
			}
		}
	}
	runs, failed, rewritten := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 24, 50+int(seed)*10, plannedLastRowMode)
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "last"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
			if seed == 1 {
				if plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, nil); strings.Contains(plan, "EXISTS {") {
					rewritten++
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs, %d planned with an existence test", len(queries), runs, rewritten)
}
