package cyq

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/value"
)

// BenchmarkFixedCost runs small queries the way the Kuzu comparison's
// runner does (DB.Query with parameters on a reopened on-disk store, every
// row cloned) on ego-Facebook, from a trivial RETURN, which is nothing but
// the per-query fixed cost (parse-cache and plan-cache lookups, snapshot,
// machine, rows), to set-shaped queries whose traversal comes on top:
//
//	go test -run XXX -bench FixedCost -benchmem .
func BenchmarkFixedCost(b *testing.B) {
	dir := b.TempDir()
	db, err := Open(dir, nil)
	if err != nil {
		b.Fatal(err)
	}
	loadEdgeList(b, db, filepath.Join(testenv.Dataset(b, "snap-ego-facebook"), "facebook_combined.txt"), true)
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	if db, err = Open(dir, nil); err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	cases := []struct {
		name, query string
		params      map[string]any
	}{
		{"return_literal", "RETURN 1 AS x", nil},
		{"return_param", "RETURN $id AS x", map[string]any{"id": 0}},
		{"point_lookup", "MATCH (a:User {id: $id}) RETURN a.id", map[string]any{"id": 0}},
		{"1hop_count", "MATCH (a:User {id: $id})-->(b) RETURN count(b) AS c", map[string]any{"id": 107}},
		{"common_neighbours", "MATCH (a:User {id: $a})-->(x)<--(b:User {id: $b}) RETURN count(DISTINCT x) AS c", map[string]any{"a": 0, "b": 1}},
		{"2hop_distinct", "MATCH (a:User {id: $id})-->()-->(b) RETURN count(DISTINCT b) AS c", map[string]any{"id": 0}},
		{"var13_hub", "MATCH (a:User {id: $id})-[*1..3]->(b) RETURN count(DISTINCT b) AS c", map[string]any{"id": 107}},
		{"neighbour_rows", "MATCH (a:User {id: $id})-->(b) RETURN b.id ORDER BY b.id LIMIT 20", map[string]any{"id": 0}},
	}
	ctx := context.Background()
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var all [][]value.Value
			cpu := startCPU()
			for i := 0; i < b.N; i++ {
				rows, err := db.Query(ctx, c.query, c.params)
				if err != nil {
					b.Fatal(err)
				}
				all = all[:0]
				for rows.Next() {
					all = append(all, slices.Clone(rows.Values()))
				}
				if err := rows.Err(); err != nil {
					b.Fatal(err)
				}
				rows.Close()
			}
			cpu.report(b)
			if len(all) == 0 {
				b.Fatalf("%s: no rows", c.query)
			}
		})
	}
}
