package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestMergedVarExpandsMatchRowMode runs queries with two variable-length
// relationships in a row through an anonymous node (planned as one
// expansion with the bounds summed when only distinct rows are read) on
// random graphs with self-loops and parallel relationships, planned and
// from the last node, against row mode. Bounds from 0 (the start itself)
// to 3; the same or different types, directions and orientation
// (a bound end expanded backwards); consumers that read distinct rows
// (count(DISTINCT), DISTINCT, collect(DISTINCT), EXISTS { }) and near
// misses that count rows, name the middle node and read it, label it,
// read a relationship list, or add a third hop whose relationship must
// differ from the two lists.
func TestMergedVarExpandsMatchRowMode(t *testing.T) {
	t.Parallel()
	bounds := []string{"*0..1", "*1..2", "*0..2", "*2..2", "*1..3", "*0..0"}
	pairs := []string{
		"-[:T%[1]s]->%[3]s-[:T%[2]s]->",
		"<-[:T%[1]s]-%[3]s<-[:T%[2]s]-",
		"-[:T%[1]s]-%[3]s-[:T%[2]s]-",
		"-[:T|U%[1]s]->%[3]s-[:U|T%[2]s]->",
		"-[:T%[1]s]->%[3]s-[:U%[2]s]->", // different types
		"-[:T%[1]s]->%[3]s<-[:T%[2]s]-", // different directions
		"-[%[1]s]->%[3]s-[rs%[2]s]->",   // the second list named
		"-[rs%[1]s]->%[3]s-[%[2]s]->",   // the first list named
		"-[:T%[1]s]->%[3]s-[:T%[2]s]-",  // directed then undirected
	}
	middles := []string{"()", "()", "(m)", "(:A)"}
	shapes := []string{
		"MATCH (a {id: $x})%[1]s(b) RETURN count(DISTINCT b) AS n",
		"MATCH (a:A)%[1]s(b) RETURN DISTINCT a.id AS a, b.id AS b",
		"MATCH (b {id: $x}) MATCH (a)%[1]s(b) RETURN collect(DISTINCT a.id) AS as",
		"MATCH (a:A) WHERE EXISTS { (a)%[1]s(b:B) } RETURN count(*) AS n",
		"MATCH (a {id: $x})%[1]s(b) RETURN count(*) AS n",                    // rows counted
		"MATCH (a {id: $x})%[1]s(b)-[:U]->(c) RETURN count(DISTINCT c) AS n", // a third hop
		"MATCH (a {id: $x})%[1]s(b)-[:T]->(c) RETURN count(DISTINCT c) AS n", // one that must differ from both lists
		"MATCH (a {id: $x})%[1]s(b) WITH DISTINCT a, b RETURN count(*) AS n",
		"MATCH (a:A)%[1]s(b) RETURN a.id AS a, count(DISTINCT b) AS n",
	}
	var queries []string
	for i, pair := range pairs {
		for j, b1 := range bounds {
			for k, b2 := range bounds {
				if (i+j+k)%3 != 0 {
					continue // a third of the bound pairs per pattern: each bound still meets every other
				}
				mid := middles[(j+k)%len(middles)]
				pat := fmt.Sprintf(pair, b1, b2, mid)
				for s, shape := range shapes {
					if (s+i+j)%2 == 1 {
						continue
					}
					q := fmt.Sprintf(shape, pat)
					if mid == "(m)" && s%4 == 0 {
						q = strings.Replace(q, "RETURN count(DISTINCT b) AS n", "RETURN count(DISTINCT [m, b]) AS n", 1) // the middle read
					} else if strings.Contains(pat, "rs") && s%2 == 0 {
						// a list read: its length tells the splits apart
						q = strings.Replace(q, "count(DISTINCT b) AS n", "count(DISTINCT [b, size(rs)]) AS n", 1)
						q = strings.Replace(q, "DISTINCT a.id AS a, b.id AS b", "DISTINCT a.id AS a, b.id AS b, size(rs) AS l", 1)
					}
					queries = append(queries, q)
				}
			}
		}
	}
	runs, failed, merged := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 16, 30+int(seed)*6, plannedLastRowMode)
		for _, q := range queries {
			for _, x := range []int{0, 5} {
				againstRowMode(t, dbs, []string{"planned", "last"}, fmt.Sprintf("seed %d", seed), q, map[string]any{"x": x}, &runs, &failed)
			}
			if seed == 1 {
				// One expansion between the outer ends, not through the
				// anonymous middle node "()" (nor the named one).
				plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, map[string]any{"x": 0})
				for _, line := range strings.Split(plan, "\n") {
					if strings.Contains(line, "VarExpand") && !strings.Contains(line, "()") && !strings.Contains(line, "(m)") {
						merged++
						break
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs, %d planned as one expansion between the outer ends", len(queries), runs, merged)
}
