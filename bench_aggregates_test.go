package cyq_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cmd/cyq/importer"
	"github.com/cyqdb/cyq/internal/datasets"
	"github.com/cyqdb/cyq/internal/testenv"
)

// BenchmarkGroupedAggregates runs groupings whose aggregates keep more
// than a count per group (min, max, avg, stDev, float sums, collect,
// percentiles) over every node of Slashdot (82,168 groups, 948,464 rows)
// and over LDBC SNB mini's people and messages, so the allocations per op
// (load-free) show what the grouping table's state costs per group:
// go test -run XXX -bench GroupedAggregates -benchmem .
func BenchmarkGroupedAggregates(b *testing.B) {
	ctx := context.Background()
	slashdot := func(b *testing.B, db *cyq.DB) {
		g, err := db.Store().Graph(db.GraphName())
		if err != nil {
			b.Fatal(err)
		}
		if err := datasets.LoadEdgeList(g, datasets.SlashdotPath(b), false); err != nil {
			b.Fatal(err)
		}
	}
	ldbc := func(b *testing.B, db *cyq.DB) {
		g, err := db.Store().Graph(db.GraphName())
		if err != nil {
			b.Fatal(err)
		}
		dir := testenv.Dataset(b, "ldbc-snb-interactive-mini")
		if _, err := (&importer.Importer{LDBC: filepath.Join(dir, "initial_snapshot")}).Run(ctx, g); err != nil {
			b.Fatal(err)
		}
	}
	sets := []struct {
		name    string
		load    func(*testing.B, *cyq.DB)
		queries []struct{ name, query string }
	}{
		{"slashdot", slashdot, []struct{ name, query string }{
			{"max", "MATCH (a:User)-->(b) RETURN a.id AS id, max(b.id) AS m"},
			{"min_max", "MATCH (a:User)-->(b) RETURN a.id AS id, min(b.id) AS lo, max(b.id) AS hi"},
			{"avg", "MATCH (a:User)-->(b) RETURN a.id AS id, avg(b.id) AS m"},
			{"stdev", "MATCH (a:User)-->(b) RETURN a.id AS id, stDev(b.id) AS m"},
			{"sum_float", "MATCH (a:User)-->(b) RETURN a.id AS id, sum(b.id * 0.5) AS m"},
			{"collect", "MATCH (a:User)-->(b) RETURN a.id AS id, collect(b.id) AS m"},
			{"percentile", "MATCH (a:User)-->(b) RETURN a.id AS id, percentileDisc(b.id, 0.5) AS m"},
		}},
		{"ldbc", ldbc, []struct{ name, query string }{
			{"max_date", "MATCH (p:Person)<-[:HAS_CREATOR]-(m:Message) RETURN p.id AS id, max(m.creationDate) AS last"},
			{"avg_length", "MATCH (p:Person)<-[:HAS_CREATOR]-(m:Message) RETURN p.id AS id, avg(m.length) AS m"},
			{"min_browser", "MATCH (p:Person)<-[:HAS_CREATOR]-(m:Message) RETURN p.id AS id, min(m.browserUsed) AS m"},
			{"collect_ids", "MATCH (p:Person)<-[:HAS_CREATOR]-(m:Message) RETURN p.id AS id, collect(m.id) AS ms"},
			{"by_message", "MATCH (m:Message)<-[:REPLY_OF]-(c) RETURN m.id AS id, max(c.length) AS longest, count(*) AS n"},
		}},
	}
	for _, ds := range sets {
		b.Run(ds.name, func(b *testing.B) {
			db, err := cyq.Open("", nil)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			ds.load(b, db)
			for _, c := range ds.queries {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					n := 0
					for b.Loop() {
						rows, err := db.Query(ctx, c.query, nil)
						if err != nil {
							b.Fatal(err)
						}
						all, err := rows.All()
						if err != nil {
							b.Fatal(err)
						}
						n = len(all)
					}
					b.ReportMetric(float64(n), "groups")
				})
			}
		})
	}
}
