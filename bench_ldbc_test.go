package cyq_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cmd/cyq/importer"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/value"
)

// BenchmarkLDBCMini runs graph workloads on the LDBC SNB mini data set,
// loaded with the same importer as `cyq import --ldbc`.
func BenchmarkLDBCMini(b *testing.B) {
	dir := testenv.Dataset(b, "ldbc-snb-interactive-mini")
	ctx := context.Background()
	db, err := cyq.Open("", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := (&importer.Importer{LDBC: filepath.Join(dir, "initial_snapshot")}).Run(ctx, g); err != nil {
		b.Fatal(err)
	}
	for _, q := range []string{"CREATE INDEX FOR (p:Person) ON (p.id)", "CREATE INDEX FOR (m:Message) ON (m.id)"} {
		if _, err := db.Query(ctx, q, nil); err != nil {
			b.Fatal(err)
		}
	}
	person := int64(8796093022220)
	cases := []struct{ name, query string }{
		{"point_lookup", "MATCH (p:Person {id: $id}) RETURN p.firstName, p.lastName"},
		{"1hop_count", "MATCH (p:Person {id: $id})-[:KNOWS]-(f) RETURN count(f)"},
		{"2hop_distinct", "MATCH (p:Person {id: $id})-[:KNOWS]-()-[:KNOWS]-(f) RETURN count(DISTINCT f)"},
		{"var1to3_distinct", "MATCH (p:Person {id: $id})-[:KNOWS*1..3]-(f) RETURN count(DISTINCT f)"},
		{"common_neighbours", "MATCH (a:Person {id: $id})-[:KNOWS]-(x)-[:KNOWS]-(b:Person) WHERE a <> b RETURN b.id, count(DISTINCT x) AS common ORDER BY common DESC, b.id LIMIT 5"},
		{"top10_creators", "MATCH (p:Person)<-[:HAS_CREATOR]-(:Message) RETURN p.id, count(*) AS n ORDER BY n DESC LIMIT 10"},
		{"aggregate_with_where", "MATCH (f:Forum)-[:HAS_MEMBER]->(p) WITH f, count(p) AS members WHERE members > 20 RETURN count(f)"},
		{"shortest_path", "MATCH p = shortestPath((a:Person {id: $id})-[:KNOWS*..6]-(b:Person {id: 32985348834013})) RETURN length(p)"},
		{"triangle_knows", "MATCH (a:Person)-[:KNOWS]->(b)-[:KNOWS]->(c)-[:KNOWS]->(a) RETURN count(*)"},
		{"is2_recent_messages", "MATCH (:Person {id: $id})<-[:HAS_CREATOR]-(m:Message) RETURN m.id, m.creationDate ORDER BY m.creationDate DESC, m.id LIMIT 10"},
		{"contains_scan", "MATCH (m:Message) WHERE m.content CONTAINS 'Mozart' RETURN count(m)"},
		// IC9 as in the bench suite (bench/queries), for person 4398046511268.
		{"ic9", "MATCH (root:Person {id: 4398046511268})-[:KNOWS*1..2]-(friend:Person) WHERE NOT friend = root WITH collect(DISTINCT friend) AS friends UNWIND friends AS friend MATCH (friend)<-[:HAS_CREATOR]-(message:Message) WHERE message.creationDate < datetime({epochMillis: 1289865600000}) RETURN friend.id AS personId, friend.firstName AS personFirstName, friend.lastName AS personLastName, message.id AS commentOrPostId, coalesce(message.content, message.imageFile) AS commentOrPostContent, message.creationDate AS commentOrPostCreationDate ORDER BY commentOrPostCreationDate DESC, message.id ASC LIMIT 20"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var all [][]value.Value
			for i := 0; i < b.N; i++ {
				rows, err := db.Query(ctx, c.query, map[string]any{"id": person})
				if err != nil {
					b.Fatal(err)
				}
				if all, err = rows.All(); err != nil {
					b.Fatal(err)
				}
			}
			if len(all) > 0 {
				b.Logf("%s -> %s (%d rows)", c.name, value.Format(value.List(all[0])), len(all))
			}
		})
	}
}
