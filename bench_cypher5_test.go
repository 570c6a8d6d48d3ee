package cyq

import (
	"fmt"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// BenchmarkSlashdotCypher5 compares the Cypher 5 / GQL path forms with the
// equivalent openCypher 9 forms on the Slashdot graph: each pair of
// sub-benchmarks must give the same rows, and the new form should cost
// about what the old one does. Run with
//
//	go test -run '^$' -bench SlashdotCypher5 -benchtime 20x .
func BenchmarkSlashdotCypher5(b *testing.B) {
	db := slashdotDB(b)
	pairs := []struct{ name, old, new string }{
		{"qpp_1to3_distinct",
			"MATCH (a:User {id: 4242})-[:LINKS*1..3]->(b) RETURN count(DISTINCT b)",
			"MATCH (a:User {id: 4242}) (()-[:LINKS]->()){1,3} (b) RETURN count(DISTINCT b)"},
		{"quantified_rel_1to3_distinct",
			"MATCH (a:User {id: 4242})-[:LINKS*1..3]->(b) RETURN count(DISTINCT b)",
			"MATCH (a:User {id: 4242})-[:LINKS]->{1,3}(b) RETURN count(DISTINCT b)"},
		{"qpp_group_vars_1to2",
			"MATCH p = (a:User {id: 4242})-[:LINKS*1..2]->(b) RETURN count(p)",
			"MATCH p = (a:User {id: 4242}) ((x)-[:LINKS]->(y)){1,2} (b) RETURN count(p)"},
		{"qpp_two_rels",
			"MATCH (a:User {id: 4242})-[:LINKS*2]->(b) RETURN count(DISTINCT b)",
			"MATCH (a:User {id: 4242}) (()-[:LINKS]->()-[:LINKS]->()){1} (b) RETURN count(DISTINCT b)"},
		{"shortest",
			"MATCH p = shortestPath((a:User {id: 0})-[*..6]-(b:User {id: 77777})) RETURN length(p)",
			"MATCH p = SHORTEST 1 (a:User {id: 0})-[]-{1,6}(b:User {id: 77777}) RETURN length(p)"},
		{"all_shortest",
			"MATCH p = allShortestPaths((a:User {id: 0})-[*..6]-(b:User {id: 77777})) RETURN count(p)",
			"MATCH p = ALL SHORTEST (a:User {id: 0})-[]-{1,6}(b:User {id: 77777}) RETURN count(p)"},
		// SHORTEST k and SHORTEST k GROUPS against the forms that enumerate
		// every path of the bounded pattern and rank them.
		{"shortest_k3",
			"MATCH p = (a:User {id: 4242})-[*1..3]->(b:User {id: 111}) RETURN length(p) AS l ORDER BY l LIMIT 3",
			"MATCH p = SHORTEST 3 (a:User {id: 4242})-[]->{1,3}(b:User {id: 111}) RETURN length(p) AS l ORDER BY l"},
		// A selection whose end node is free runs one search from the start
		// node, not one per node scanned.
		{"shortest_from_one_source",
			"MATCH (a:User {id: 4242})-[*1..3]->(b) RETURN count(DISTINCT b)",
			"MATCH p = SHORTEST 1 (a:User {id: 4242})-[]->{1,3}(b) RETURN count(p)"},
		{"shortest_2_groups",
			"MATCH p = (a:User {id: 4242})-[*1..3]->(b:User {id: 111}) WITH length(p) AS l, count(*) AS c ORDER BY l LIMIT 2 RETURN l, c",
			"MATCH p = SHORTEST 2 GROUPS (a:User {id: 4242})-[]->{1,3}(b:User {id: 111}) RETURN length(p) AS l, count(*) AS c ORDER BY l"},
	}
	for _, p := range pairs {
		want := fmt.Sprint(mustRun(b, db, p.old, nil))
		if got := fmt.Sprint(mustRun(b, db, p.new, nil)); got != want {
			b.Fatalf("%s: %s gives %s, %s gives %s", p.name, p.new, got, p.old, want)
		}
		for _, form := range []struct{ name, query string }{{"old", p.old}, {"new", p.new}} {
			b.Run(p.name+"/"+form.name, func(b *testing.B) {
				b.ReportAllocs()
				var rows [][]value.Value
				for i := 0; i < b.N; i++ {
					rows = mustRun(b, db, form.query, nil)
				}
				_ = rows
			})
		}
	}
}
