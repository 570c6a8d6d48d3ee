package cyq

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestRelationshipCountsFromStore compares relationship counts with end
// labels (in all, or per type; directed or not) that the planner answers from the store's per-(start label, type,
// end label) counts with the same queries run row by row (RowModeOnly,
// which counts every match), on seeded random graphs whose nodes carry
// zero to three labels (so a type implies some labels and not others),
// with self-loops and parallel relationships, before and after writes
// that add and remove labels and relationships.
func TestRelationshipCountsFromStore(t *testing.T) {
	queries := []string{
		"MATCH (:A)-[r:R]->(:B) RETURN count(r)",
		"MATCH (a:A)-[r:R]->(b:B) RETURN count(*)",
		"MATCH (:B)<-[r:S]-(:C) RETURN count(r) AS n, count(*) AS m",
		"MATCH (a)-[r:R|S]->(:C) RETURN count(a)",
		"MATCH (:A)-[r]->() RETURN count(r)",
		"MATCH ()-[r:T]->(b) WHERE b:A RETURN count(b)",
		"MATCH (a)-[r:T]->(b) WHERE a:C AND b:C RETURN count(r) + 1 AS n",
		"MATCH (:D)-[r:R]->() RETURN count(r)",
		"MATCH (:A)-[r:NONE]->() RETURN count(r)",
		"MATCH (:A)-[r:R|R]->(:A) RETURN count(r)",
		"MATCH (:A)-[r]->(:B) RETURN type(r) AS t, count(*) AS n",
		"MATCH (a:C)-[r:R|T]->() RETURN type(r), count(r)",
		"MATCH (:D)<-[r]-() RETURN type(r) AS t, count(r) AS n ORDER BY t",
		// Undirected: either way round, a self-loop once.
		"MATCH ()-[r:R]-() RETURN count(r)",
		"MATCH ()-[r]-() RETURN count(*)",
		"MATCH (:A)-[r:R]-() RETURN count(*)",
		"MATCH ()-[r:S]-(:B) RETURN count(r)",
		"MATCH (:A)-[r:T]-(:B) RETURN count(r)",
		"MATCH (a:A)-[r]-(b:A) RETURN count(*)",
		"MATCH (a)<-[r:S|T]->(b:C) RETURN count(a)",
		"MATCH (:C)-[r:R|S]-() RETURN type(r) AS t, count(*) AS n",
		"MATCH (:D)-[r]-(:A) RETURN type(r) AS t, count(r) AS n ORDER BY t",
	}
	writes := []string{
		"",
		"MATCH (n:A) WHERE n.id % 4 = 0 REMOVE n:A SET n:D",
		"MATCH (a)-[r:R]->(b) WHERE a.id % 3 = 0 DELETE r",
		"MATCH (a), (b) WHERE a.id % 7 = 1 AND b.id % 5 = 2 CREATE (a)-[:R]->(b)",
	}
	for seed := uint64(1); seed <= 4; seed++ {
		stats, rows := plannedAndRowMode(t)
		create := labelledGraph(seed, 30, 90)
		mustRun(t, stats, create, nil)
		mustRun(t, rows, create, nil)
		for _, w := range writes {
			if w != "" {
				mustRun(t, stats, w, nil)
				mustRun(t, rows, w, nil)
			}
			for _, q := range queries {
				a, b := canonical(mustRun(t, stats, q, nil)), canonical(mustRun(t, rows, q, nil))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d, after %q: %s\n from the counts: %v\n row by row: %v", seed, w, q, a, b)
				}
				plan := string(mustRun(t, stats, "EXPLAIN "+q, nil)[0][0].(value.String))
				if !strings.Contains(plan, "from the store's counts") {
					t.Errorf("%s: expected the count from the store's counts, got\n%s", q, plan)
				}
			}
		}
		stats.Close()
		rows.Close()
	}
}

// labelledGraph is a CREATE statement for a seeded random graph: n nodes
// {id} with each of the labels A, B, C with probability 2/5, and m
// relationships of types R, S, T, a tenth of them self-loops and a tenth
// parallel to an earlier one.
func labelledGraph(seed uint64, n, m int) string {
	r := rand.New(rand.NewPCG(seed, 7))
	var parts []string
	for i := 0; i < n; i++ {
		ls := ""
		for _, l := range []string{"A", "B", "C"} {
			if r.IntN(5) < 2 {
				ls += ":" + l
			}
		}
		parts = append(parts, fmt.Sprintf("(n%d%s {id: %d})", i, ls, i))
	}
	type edge struct{ s, e int }
	var edges []edge
	for i := 0; i < m; i++ {
		e := edge{r.IntN(n), r.IntN(n)}
		switch k := r.IntN(10); {
		case k == 0:
			e.e = e.s
		case k == 1 && len(edges) > 0:
			e = edges[r.IntN(len(edges))]
		}
		edges = append(edges, e)
		parts = append(parts, fmt.Sprintf("(n%d)-[:%c]->(n%d)", e.s, "RST"[r.IntN(3)], e.e))
	}
	return "CREATE " + strings.Join(parts, ", ")
}

// TestUndirectedExpandEstimate checks that the estimated rows of an
// undirected expansion from a label's nodes are the exact number of
// matches, self-loops once, on seeded random graphs with self-loops.
func TestUndirectedExpandEstimate(t *testing.T) {
	est := regexp.MustCompile(`\+Expand .*\(est\. rows ([0-9.]+)\)`)
	for seed := uint64(1); seed <= 3; seed++ {
		db, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		mustRun(t, db, labelledGraph(seed, 30, 90), nil)
		for _, l := range []string{"A", "B", "C"} {
			for _, typ := range []string{"R", "S", "T"} {
				q := fmt.Sprintf("MATCH (a:%s)-[r:%s]-(b) RETURN a.id, b.id", l, typ)
				plan := string(mustRun(t, db, "EXPLAIN "+q, nil)[0][0].(value.String))
				m := est.FindStringSubmatch(plan)
				if m == nil {
					t.Fatalf("%s: no expansion in\n%s", q, plan)
				}
				if n := len(mustRun(t, db, q, nil)); m[1] != fmt.Sprint(n) {
					t.Errorf("seed %d: %s: estimated %s rows, matched %d", seed, q, m[1], n)
				}
			}
		}
		db.Close()
	}
}
