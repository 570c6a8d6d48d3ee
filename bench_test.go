package cyq

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// loadEdgeList bulk-loads a SNAP edge list as (:User {id})-[:LINKS]->(:User);
// undirected lists get one relationship per direction.
func loadEdgeList(tb testing.TB, db *DB, path string, undirected bool) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var r *bufio.Scanner
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			tb.Fatal(err)
		}
		r = bufio.NewScanner(gz)
	} else {
		r = bufio.NewScanner(f)
	}
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		tb.Fatal(err)
	}
	err = g.BulkLoad(context.Background(), storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		user := []uint32{b.LabelID("User")}
		links := b.TypeID("LINKS")
		idKey := b.PropKeyID("id")
		ids := map[int64]uint32{}
		node := func(x int64) (uint32, error) {
			if id, ok := ids[x]; ok {
				return id, nil
			}
			id, err := b.AddNode(user, map[uint32]value.Value{idKey: value.Int(x)})
			ids[x] = id
			return id, err
		}
		for r.Scan() {
			line := r.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			fields := strings.Fields(line)
			u, err1 := strconv.ParseInt(fields[0], 10, 64)
			v, err2 := strconv.ParseInt(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("bad line %q", line)
			}
			s, err := node(u)
			if err != nil {
				return err
			}
			e, err := node(v)
			if err != nil {
				return err
			}
			if _, err := b.AddRel(s, e, links, nil); err != nil {
				return err
			}
			if undirected {
				if _, err := b.AddRel(e, s, links, nil); err != nil {
					return err
				}
			}
		}
		return r.Err()
	}), nil)
	if err != nil {
		tb.Fatal(err)
	}
	mustRun(tb, db, "CREATE INDEX FOR (u:User) ON (u.id)", nil)
}

var slashdot struct {
	once sync.Once
	db   *DB
}

func slashdotDB(b *testing.B) *DB {
	dir := testenv.Dataset(b, "snap-soc-slashdot0902")
	slashdot.once.Do(func() {
		db, err := Open("", nil)
		if err != nil {
			b.Fatal(err)
		}
		loadEdgeList(b, db, filepath.Join(dir, "soc-Slashdot0902.txt.gz"), false)
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
		{"var1to3_distinct_node0", "MATCH (a:User {id: 0})-[*1..3]->(b) RETURN count(DISTINCT b)"},
		{"var1to3_distinct_typical", "MATCH (a:User {id: 4242})-[*1..3]->(b) RETURN count(DISTINCT b)"},
		{"common_neighbours", "MATCH (a:User {id: 0})-->(x)<--(b:User {id: 1}) RETURN count(DISTINCT x)"},
		{"top10_out_degree", "MATCH (a:User)-->() RETURN a.id AS id, count(*) AS d ORDER BY d DESC LIMIT 10"},
		{"triangles_from_node0", "MATCH (a:User {id: 0})-->(b)-->(c)-->(a) RETURN count(*)"},
		{"triangle_count", "MATCH (a)-->(b)-->(c)-->(a) RETURN count(*)"},
		{"shortest_path", "MATCH p = shortestPath((a:User {id: 0})-[*..6]-(b:User {id: 77777})) RETURN length(p)"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var rows [][]value.Value
			for i := 0; i < b.N; i++ {
				rows = mustRun(b, db, c.query, nil)
			}
			if len(rows) > 0 && len(rows[0]) > 0 {
				b.Logf("%s -> %s", c.query, value.Format(rows[0][len(rows[0])-1]))
			}
		})
	}
}
