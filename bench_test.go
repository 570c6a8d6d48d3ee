package cyq

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cyqdb/cyq/internal/datasets"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// loadEdgeList bulk-loads a SNAP edge list as (:User {id})-[:LINKS]->(:User)
// (see datasets.LoadEdgeList) and indexes :User(id).
func loadEdgeList(tb testing.TB, db *DB, path string, undirected bool) {
	tb.Helper()
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		tb.Fatal(err)
	}
	if err := datasets.LoadEdgeList(g, path, undirected); err != nil {
		tb.Fatal(err)
	}
	mustRun(tb, db, "CREATE INDEX FOR (u:User) ON (u.id)", nil)
}

// cpuClock measures the process's CPU time over a benchmark's loop. On a
// machine shared with other work, wall time per op grows with the load
// while CPU time per op (reported as cpu-ns/op) mostly does not, so A/B
// comparisons there should read cpu-ns/op. It counts every goroutine of
// the process, the garbage collector's included.
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	t, ok := processCPU()
	return cpuClock{t, ok}
}

func (c cpuClock) report(b *testing.B) {
	if t, ok := processCPU(); ok && c.ok && b.N > 0 {
		b.ReportMetric(float64(t-c.start)/float64(b.N), "cpu-ns/op")
	}
}

var slashdot struct {
	once sync.Once
	db   *DB
}

func slashdotDB(b *testing.B) *DB {
	path := datasets.SlashdotPath(b)
	slashdot.once.Do(func() {
		db, err := Open("", nil)
		if err != nil {
			b.Fatal(err)
		}
		loadEdgeList(b, db, path, false)
		slashdot.db = db
	})
	if slashdot.db == nil {
		b.Fatal("loading Slashdot failed earlier")
	}
	return slashdot.db
}

// BenchmarkSlashdot runs the graph workloads of the query engine on the
// Slashdot graph (82,168 nodes, 948,464 relationships). Each op is one
// whole query: parse (cached), plan, run, read every row.
func BenchmarkSlashdot(b *testing.B) {
	db := slashdotDB(b)
	cases := []struct{ name, query string }{
		{"point_lookup", "MATCH (a:User {id: 4242}) RETURN a.id"},
		{"1hop_count", "MATCH (a:User {id: 0})-->(b) RETURN count(b)"},
		{"2hop_distinct", "MATCH (a:User {id: 0})-->()-->(b) RETURN count(DISTINCT b)"},
		{"3hop_distinct", "MATCH (a:User {id: 0})-->()-->()-->(b) RETURN count(DISTINCT b)"},
		{"var1to3_distinct_node0", "MATCH (a:User {id: 0})-[*1..3]->(b) RETURN count(DISTINCT b)"},
		{"var1to3_hub", "MATCH (a:User {id: 2494})-[*1..3]->(b) RETURN count(DISTINCT b)"},
		{"var1to3_distinct_typical", "MATCH (a:User {id: 4242})-[*1..3]->(b) RETURN count(DISTINCT b)"},
		{"common_neighbours", "MATCH (a:User {id: 0})-->(x)<--(b:User {id: 1}) RETURN count(DISTINCT x)"},
		{"top10_out_degree", "MATCH (a:User)-->() RETURN a.id AS id, count(*) AS d ORDER BY d DESC LIMIT 10"},
		{"agg_with_where", "MATCH (a:User)-->(b) WITH a, count(b) AS d WHERE d >= 500 RETURN count(a) AS hubs, sum(d) AS rels"},
		{"triangles_from_node0", "MATCH (a:User {id: 0})-->(b)-->(c)-->(a) RETURN count(*)"},
		{"triangle_count", "MATCH (a)-->(b)-->(c)-->(a) RETURN count(*)"},
		{"shortest_path", "MATCH p = shortestPath((a:User {id: 0})-[*..6]-(b:User {id: 77777})) RETURN length(p)"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var rows [][]value.Value
			cpu := startCPU()
			for i := 0; i < b.N; i++ {
				rows = mustRun(b, db, c.query, nil)
			}
			cpu.report(b)
			if len(rows) > 0 && len(rows[0]) > 0 {
				b.Logf("%s -> %s", c.query, value.Format(rows[0][len(rows[0])-1]))
			}
		})
	}
}

// loadWN18RR bulk-loads WN18RR as (:Entity {id, name, definition}) with
// one relationship type per relation (train, dev and test triples).
func loadWN18RR(tb testing.TB, db *DB, dir string) {
	tb.Helper()
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		tb.Fatal(err)
	}
	err = g.BulkLoad(context.Background(), storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		entity := []uint32{b.LabelID("Entity")}
		idKey, nameKey, defKey := b.PropKeyID("id"), b.PropKeyID("name"), b.PropKeyID("definition")
		ids := map[string]uint32{}
		f, err := os.Open(filepath.Join(dir, "entity2text.txt"))
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			id, text, ok := strings.Cut(sc.Text(), "\t")
			if !ok {
				continue
			}
			name, def, _ := strings.Cut(text, ", ")
			n, err := b.AddNode(entity, map[uint32]value.Value{idKey: value.String(id), nameKey: value.String(name), defKey: value.String(def)})
			if err != nil {
				return err
			}
			ids[id] = n
		}
		for _, part := range []string{"train.tsv", "dev.tsv", "test.tsv"} {
			f, err := os.Open(filepath.Join(dir, part))
			if err != nil {
				return err
			}
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				fields := strings.Split(sc.Text(), "\t")
				if len(fields) != 3 {
					continue
				}
				h, ok1 := ids[fields[0]]
				t, ok2 := ids[fields[2]]
				if !ok1 || !ok2 {
					f.Close()
					return fmt.Errorf("%s: unknown entity in %q", part, sc.Text())
				}
				if _, err := b.AddRel(h, t, b.TypeID(fields[1]), nil); err != nil {
					f.Close()
					return err
				}
			}
			f.Close()
		}
		return nil
	}), nil)
	if err != nil {
		tb.Fatal(err)
	}
	mustRun(tb, db, "CREATE INDEX FOR (e:Entity) ON (e.id)", nil)
}

// loadCypherScript runs a ;-separated Cypher script (the movies dataset).
func loadCypherScript(tb testing.TB, db *DB, path string) {
	tb.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	stmts, err := parser.ParseScript(string(src))
	if err != nil {
		tb.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := db.Query(context.Background(), st.Span.Text(string(src)), nil); err != nil {
			tb.Fatal(err)
		}
	}
}

type datasetBench struct {
	name    string
	load    func(b *testing.B, db *DB)
	queries []struct{ name, query string }
}

// BenchmarkDatasets runs the engine's graph workloads on the smaller
// reference datasets (Slashdot has its own benchmark).
func BenchmarkDatasets(b *testing.B) {
	sets := []datasetBench{
		{"facebook", func(b *testing.B, db *DB) {
			loadEdgeList(b, db, filepath.Join(testenv.Dataset(b, "snap-ego-facebook"), "facebook_combined.txt"), true)
		}, []struct{ name, query string }{
			{"1hop_count", "MATCH (a:User {id: 107})-->(b) RETURN count(b)"},
			{"2hop_distinct", "MATCH (a:User {id: 0})-->()-->(b) RETURN count(DISTINCT b)"},
			{"var1to3_distinct", "MATCH (a:User {id: 0})-[*1..3]->(b) RETURN count(DISTINCT b)"},
			{"var1to3_hub", "MATCH (a:User {id: 107})-[*1..3]->(b) RETURN count(DISTINCT b)"},
			{"common_neighbours", "MATCH (a:User {id: 0})-->(x)<--(b:User {id: 1}) RETURN count(DISTINCT x)"},
			{"top10_degree", "MATCH (a:User)-->() RETURN a.id AS id, count(*) AS d ORDER BY d DESC LIMIT 10"},
			{"shortest_path", "MATCH p = shortestPath((a:User {id: 0})-[*..10]->(b:User {id: 4000})) RETURN length(p)"},
			{"triangle_count", "MATCH (a)-->(b)-->(c)-->(a) RETURN count(*)"},
		}},
		{"wn18rr", func(b *testing.B, db *DB) { loadWN18RR(b, db, testenv.Dataset(b, "wn18rr")) }, []struct{ name, query string }{
			{"point_lookup", "MATCH (e:Entity {id: '00260881'}) RETURN e.name"},
			{"1hop_count", "MATCH (e:Entity {id: '00260881'})--(x) RETURN count(x)"},
			{"2hop_distinct_hypernym", "MATCH (e:Entity {id: '00260881'})-[:_hypernym]-()-[:_hypernym]-(x) RETURN count(DISTINCT x)"},
			{"var1to3_distinct", "MATCH (e:Entity {id: '00260881'})-[*1..3]->(x) RETURN count(DISTINCT x)"},
			{"top10_degree", "MATCH (e:Entity)--() RETURN e.name AS name, count(*) AS d ORDER BY d DESC LIMIT 10"},
			{"shortest_path", "MATCH p = shortestPath((a:Entity {id: '00260881'})-[*..8]-(b:Entity {id: '02370650'})) RETURN length(p)"},
			{"contains_scan", "MATCH (e:Entity) WHERE e.definition CONTAINS 'river' RETURN count(e)"},
			{"triangle_count", "MATCH (a)-->(b)-->(c)-->(a) RETURN count(*)"},
		}},
		{"movies", func(b *testing.B, db *DB) {
			loadCypherScript(b, db, filepath.Join(testenv.Dataset(b, "neo4j-movies"), "movies.cypher"))
		}, []struct{ name, query string }{
			{"point_lookup", "MATCH (p:Person {name: 'Tom Hanks'}) RETURN p.born"},
			{"1hop_count", "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m) RETURN count(m)"},
			{"coactors_distinct", "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->()<-[:ACTED_IN]-(c) RETURN count(DISTINCT c)"},
			{"var1to3_distinct", "MATCH (p:Person {name: 'Tom Hanks'})-[*1..3]-(x) RETURN count(DISTINCT x)"},
			{"top10_degree", "MATCH (p:Person)-[:ACTED_IN]->() RETURN p.name, count(*) AS n ORDER BY n DESC LIMIT 10"},
			{"shortest_path", "MATCH p = shortestPath((a:Person {name: 'Kevin Bacon'})-[*..10]-(b:Person {name: 'Meg Ryan'})) RETURN length(p)"},
			{"aggregate_with_where", "MATCH (m:Movie)<-[:ACTED_IN]-(p) WITH m, count(p) AS cast WHERE cast > 5 RETURN m.title, cast ORDER BY cast DESC"},
		}},
	}
	for _, ds := range sets {
		b.Run(ds.name, func(b *testing.B) {
			db, err := Open("", nil)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			ds.load(b, db)
			for _, c := range ds.queries {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					var rows [][]value.Value
					cpu := startCPU()
					for i := 0; i < b.N; i++ {
						rows = mustRun(b, db, c.query, nil)
					}
					cpu.report(b)
					if len(rows) > 0 && len(rows[0]) > 0 {
						b.Logf("%s -> %s (%d rows)", c.query, value.Format(rows[0][len(rows[0])-1]), len(rows))
					}
				})
			}
		})
	}
}

// BenchmarkBatchedScan measures label scans with property predicates and
// projections on WN18RR (40,943 entities), batched (prefilters and
// vectorised filters and projections) against row-at-a-time execution
// (RowModeOnly), side by side:
// go test -run XXX -bench BatchedScan -count 5 . | benchstat -col /mode -
func BenchmarkBatchedScan(b *testing.B) {
	dir := testenv.Dataset(b, "wn18rr")
	queries := []struct{ name, query string }{
		{"contains", "MATCH (e:Entity) WHERE e.definition CONTAINS 'river' RETURN count(e)"},
		{"starts_with", "MATCH (e:Entity) WHERE e.name STARTS WITH 'mo' RETURN e.id"},
		{"equality", "MATCH (e:Entity) WHERE e.name = 'dog' RETURN e.id"},
		{"expression_filter", "MATCH (e:Entity) WHERE size(e.definition) > 100 AND e.id ENDS WITH '7' RETURN count(*)"},
		{"projection", "MATCH (e:Entity) WITH e.id AS id, toUpper(e.name) AS name WHERE name STARTS WITH 'MO' RETURN id, name"},
	}
	for _, mode := range []string{"batched", "rows"} {
		db, err := Open("", &Options{RowModeOnly: mode == "rows"})
		if err != nil {
			b.Fatal(err)
		}
		loadWN18RR(b, db, dir)
		for _, q := range queries {
			b.Run(q.name+"/mode="+mode, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					mustRun(b, db, q.query, nil)
				}
			})
		}
		db.Close()
	}
}
