package importer

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/value"
)

// openDB opens a fresh store in a temporary directory.
func openDB(t *testing.T) *cyq.DB {
	t.Helper()
	db, err := cyq.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// bulk runs im against db's graph.
func bulk(t *testing.T, db *cyq.DB, im *Importer) Stats {
	t.Helper()
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		t.Fatal(err)
	}
	st, err := im.Run(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("imported %s", st)
	return st
}

// count runs a query returning one integer.
func count(t *testing.T, db *cyq.DB, q string) int64 {
	t.Helper()
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	all, err := rows.All()
	if err != nil || len(all) != 1 {
		t.Fatalf("%s: %v %v", q, all, err)
	}
	n, ok := all[0][0].(value.Int)
	if !ok {
		t.Fatalf("%s: got %v", q, all[0][0])
	}
	return int64(n)
}

func expectCounts(t *testing.T, db *cyq.DB, nodes, rels int64) {
	t.Helper()
	if n := count(t, db, "MATCH (n) RETURN count(n)"); n != nodes {
		t.Errorf("nodes = %d, want %d", n, nodes)
	}
	if n := count(t, db, "MATCH ()-[r]->() RETURN count(r)"); n != rels {
		t.Errorf("relationships = %d, want %d", n, rels)
	}
}

func TestSlashdotEdgeList(t *testing.T) {
	dir := testenv.Dataset(t, "snap-soc-slashdot0902")
	db := openDB(t)
	st := bulk(t, db, &Importer{Edges: []EdgeSpec{{Path: filepath.Join(dir, "soc-Slashdot0902.txt.gz"), Label: "User", Type: "LINKS"}}})
	if st.Nodes != 82168 || st.Rels != 948464 {
		t.Errorf("stats %+v", st)
	}
	expectCounts(t, db, 82168, 948464)
	if n := count(t, db, "MATCH (u:User {id: 0})-[:LINKS]->(u) RETURN count(*)"); n != 1 {
		t.Errorf("self-loop on node 0: %d", n)
	}
}

func TestEgoFacebookUndirected(t *testing.T) {
	dir := testenv.Dataset(t, "snap-ego-facebook")
	db := openDB(t)
	bulk(t, db, &Importer{Edges: []EdgeSpec{{Path: filepath.Join(dir, "facebook_combined.txt"), Label: "Person", Type: "FRIEND", Undirected: true}}})
	expectCounts(t, db, 4039, 176468)
	if n := count(t, db, "MATCH (p:Person {id: 107})-[:FRIEND]->() RETURN count(*)"); n != 1045 {
		t.Errorf("degree of 107 = %d, want 1045", n)
	}
}

func TestWN18RRTriples(t *testing.T) {
	dir := testenv.Dataset(t, "wn18rr")
	db := openDB(t)
	var paths []string
	for _, f := range []string{"train.tsv", "dev.tsv", "test.tsv"} {
		paths = append(paths, filepath.Join(dir, f))
	}
	bulk(t, db, &Importer{Triples: []TripleSpec{{Paths: paths, EntityText: filepath.Join(dir, "entity2text.txt"), Label: "Synset"}}})
	expectCounts(t, db, 40943, 93003)
	if n := count(t, db, "MATCH ()-[r:_hypernym]->() RETURN count(r)"); n == 0 {
		t.Error("no _hypernym relationships")
	}
	// Ids keep their leading zeros.
	if n := count(t, db, "MATCH (s:Synset {id: '00260881'}) RETURN count(s)"); n != 1 {
		t.Errorf("synset 00260881: %d", n)
	}
}

func TestLDBCMini(t *testing.T) {
	dir := testenv.Dataset(t, "ldbc-snb-interactive-mini")
	db := openDB(t)
	bulk(t, db, &Importer{LDBC: filepath.Join(dir, "initial_snapshot")})
	expectCounts(t, db, 34735, 70842)
	for q, want := range map[string]int64{
		"MATCH (n:Person) RETURN count(n)":                         222,
		"MATCH (n:Message) RETURN count(n)":                        5924 + 2218,
		"MATCH (n:Place) RETURN count(n)":                          1460,
		"MATCH (n:Organisation) RETURN count(n)":                   7955,
		"MATCH ()-[r:KNOWS]->() RETURN count(r)":                   825,
		"MATCH ()-[r:IS_LOCATED_IN]->() RETURN count(r)":           7955 + 2218 + 222 + 5924,
		"MATCH ()-[r:REPLY_OF]->() RETURN count(r)":                2218,
		"MATCH (:Person)-[r:LIKES]->(:Post) RETURN count(r)":       759,
		"MATCH (c:City)-[:IS_PART_OF]->(:Country) RETURN count(c)": count(t, db, "MATCH (c:City) RETURN count(c)"),
	} {
		if n := count(t, db, q); n != want {
			t.Errorf("%s = %d, want %d", q, n, want)
		}
	}
	if n := count(t, db, "MATCH (c:Company) RETURN count(c)") + count(t, db, "MATCH (u:University) RETURN count(u)"); n != 7955 {
		t.Errorf("companies + universities = %d", n)
	}
	// Dates are temporal values: epoch milliseconds converted.
	rows, err := db.Query(context.Background(), "MATCH (p:Person {id: 8796093022220}) RETURN p.birthday, p.creationDate, p.language", nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := rows.All()
	if err != nil || len(all) != 1 {
		t.Fatal(all, err)
	}
	got := value.Format(value.List(all[0]))
	for _, want := range []string{"1987-09-18", "2010-09-16T06:54:00.602Z", "['es', 'en']"} {
		if !strings.Contains(got, want) {
			t.Errorf("person row = %s, want it to contain %s", got, want)
		}
	}
	if k := all[0][0].Kind(); k != value.KindDate {
		t.Errorf("birthday is a %v, want a date", k)
	}
}

func TestStackOverflowPlainHeaders(t *testing.T) {
	dir := testenv.Dataset(t, "stackoverflow-neo4j")
	db := openDB(t)
	im := &Importer{}
	for _, l := range []string{"Question", "Answer", "Comment", "Tag", "User"} {
		im.Nodes = append(im.Nodes, FileSpec{Path: filepath.Join(dir, "stackoverflow.nodes."+l+".csv")})
	}
	for _, r := range []string{"ASKED", "PROVIDED", "ANSWERED", "COMMENTED", "COMMENTED_ON", "TAGGED"} {
		im.Rels = append(im.Rels, FileSpec{Path: filepath.Join(dir, "stackoverflow.relationships."+r+".csv")})
	}
	bulk(t, db, im)
	expectCounts(t, db, 6193, 11540)
	for q, want := range map[string]int64{
		"MATCH (q:Question) RETURN count(q)":                             1589,
		"MATCH (:User)-[r:ASKED]->(:Question) RETURN count(r)":           1589,
		"MATCH (:Answer)-[r:ANSWERED]->(:Question) RETURN count(r)":      1367,
		"MATCH (:Comment)-[r:COMMENTED_ON]->(:Question) RETURN count(r)": 1396,
		"MATCH (:Question)-[r:TAGGED]->(:Tag) RETURN count(r)":           4425,
		// Multi-line quoted bodies survive.
		"MATCH (q:Question) WHERE q.body_markdown CONTAINS '\n' RETURN count(q)": -1,
	} {
		n := count(t, db, q)
		if want < 0 {
			if n == 0 {
				t.Errorf("%s = 0", q)
			}
			continue
		}
		if n != want {
			t.Errorf("%s = %d, want %d", q, n, want)
		}
	}
}

// northwindDir is the Northwind data set (skipping the test without it).
func northwindDir(t *testing.T) string { return testenv.Dataset(t, "northwind") }

// TestNorthwind loads the nine entity tables and two link tables and
// checks the row counts the data set's description gives. The upstream
// orders.csv and suppliers.csv write 176 and 9 addresses and company names
// with an unquoted ", " inside ("Rua do Paço, 67"); those rows have one
// field too many and are repaired, not skipped.
func TestNorthwind(t *testing.T) {
	dir := northwindDir(t)
	im := &Importer{Options: Options{Null: "NULL", InferTypes: true}}
	for file, label := range map[string]string{"categories": "Category", "customers": "Customer", "employees": "Employee",
		"orders": "Order", "products": "Product", "regions": "Region", "shippers": "Shipper", "suppliers": "Supplier", "territories": "Territory"} {
		im.Nodes = append(im.Nodes, FileSpec{Path: filepath.Join(dir, file+".csv"), Labels: []string{label}})
	}
	im.Rels = []FileSpec{{Path: filepath.Join(dir, "order-details.csv"), Type: "ORDERS"},
		{Path: filepath.Join(dir, "employee-territories.csv"), Type: "IN_TERRITORY"}}
	var report strings.Builder
	im.Report = &report
	db := openDB(t)
	st := bulk(t, db, im)
	if st.Skipped != 0 || st.Repaired != 176+9 {
		t.Errorf("skipped %d, repaired %d; want 0 and 185", st.Skipped, st.Repaired)
	}
	if n := strings.Count(report.String(), "orders.csv:"); n != 176 {
		t.Errorf("report lists %d repaired orders, want 176", n)
	}
	// The rows per table of the data set's description.
	for label, want := range map[string]int64{"Category": 8, "Customer": 91, "Employee": 9, "Order": 830, "Product": 77,
		"Region": 4, "Shipper": 3, "Supplier": 29, "Territory": 53} {
		if n := count(t, db, "MATCH (n:"+label+") RETURN count(n)"); n != want {
			t.Errorf("%s: %d nodes, want %d", label, n, want)
		}
	}
	expectCounts(t, db, 1104, 2155+49)
	if n := count(t, db, "MATCH (:Order)-[r:ORDERS]->(:Product) RETURN count(r)"); n != 2155 {
		t.Errorf("ORDERS = %d, want 2155", n)
	}
	if n := count(t, db, "MATCH (:Employee)-[r:IN_TERRITORY]->(:Territory) RETURN count(r)"); n != 49 {
		t.Errorf("IN_TERRITORY = %d, want 49", n)
	}
	// A repaired field keeps its comma.
	if got := query(t, db, "MATCH (o:Order {orderID: 10250}) RETURN o.shipAddress, o.shipCity"); got != "['Rua do Paço, 67', 'Rio de Janeiro']\n" {
		t.Errorf("order 10250: %s", got)
	}
	// Types are decided per column: discount mixes 0 and 0.15, so every
	// value is a float; quantity is all integers; postal codes with
	// leading zeros stay text.
	kinds := map[string]int{}
	rows, err := db.Query(context.Background(), "MATCH ()-[r:ORDERS]->() RETURN r.discount, r.quantity", nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := rows.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		kinds[fmt.Sprintf("discount %T", r[0])]++
		kinds[fmt.Sprintf("quantity %T", r[1])]++
	}
	if want := map[string]int{"discount value.Float": 2155, "quantity value.Int": 2155}; !maps.Equal(kinds, want) {
		t.Errorf("column types: %v, want %v", kinds, want)
	}
	if got := query(t, db, "MATCH (t:Territory {territoryID: '01581'}) RETURN t.territoryDescription"); got != "['Westboro']\n" {
		t.Errorf("territory 01581: %q", got)
	}
}

func TestMoviesScript(t *testing.T) {
	dir := testenv.Dataset(t, "neo4j-movies")
	db := openDB(t)
	src := readFile(t, filepath.Join(dir, "movies.cypher"))
	res, err := RunCypher(context.Background(), db, src, "movies.cypher", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if n := count(t, db, "MATCH (m:Movie) RETURN count(m)"); n != 38 {
		t.Errorf("movies = %d", n)
	}
	if n := count(t, db, "MATCH (p:Person) RETURN count(p)"); n != 133 {
		t.Errorf("people = %d", n)
	}
	if n := count(t, db, "MATCH ()-[r]->() RETURN count(r)"); n != 253 {
		t.Errorf("relationships = %d", n)
	}
}
