package metamorphic

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/bench/harness"
	"github.com/cyqdb/cyq/internal/datasets"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/parser"
)

// dataset is a loaded graph, its schema and the literals of the question
// placeholders on it.
type dataset struct {
	name   string
	schema Schema
	params map[string]string
	db     *cyq.DB
}

// randomGraph returns a CREATE statement for a seeded random graph of the
// Generic schema: nodes with 0 to 3 of the labels A, B, C and properties
// id (mostly unique, some duplicated, some missing), k (0..4) and s
// ('a'..'d'), each sometimes missing; relationships of types R, S, T with
// property w, among them self-loops and parallel relationships. It also
// returns the placeholder literals: $a and $b are ids of nodes with
// outgoing relationships, $l1..$l3 two distinct present ids and one absent.
func randomGraph(seed int64, nodes, rels int) (string, map[string]string) {
	rng := rand.New(rand.NewSource(seed))
	var parts []string
	ids := make([]int, nodes)
	for i := 0; i < nodes; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "(n%d", i)
		for _, l := range []string{"A", "B", "C"} {
			if rng.Intn(5) < 2 {
				b.WriteString(":" + l)
			}
		}
		var props []string
		ids[i] = i
		switch r := rng.Intn(20); {
		case r == 0:
			ids[i] = -1 // no id
		case r == 1 && i > 0:
			ids[i] = ids[rng.Intn(i)] // a duplicate id
		}
		if ids[i] >= 0 {
			props = append(props, fmt.Sprintf("id: %d", ids[i]))
		}
		if rng.Intn(5) > 0 {
			props = append(props, fmt.Sprintf("k: %d", rng.Intn(5)))
		}
		if rng.Intn(5) > 0 {
			props = append(props, fmt.Sprintf("s: '%c'", 'a'+rng.Intn(4)))
		}
		if len(props) > 0 {
			b.WriteString(" {" + strings.Join(props, ", ") + "}")
		}
		b.WriteString(")")
		parts = append(parts, b.String())
	}
	type edge struct{ s, e int }
	var edges []edge
	out := make([]int, nodes)
	for i := 0; i < rels; i++ {
		var e edge
		switch r := rng.Intn(10); {
		case r == 0:
			n := rng.Intn(nodes)
			e = edge{n, n} // self-loop
		case r == 1 && len(edges) > 0:
			e = edges[rng.Intn(len(edges))] // parallel relationship
		default:
			e = edge{rng.Intn(nodes), rng.Intn(nodes)}
		}
		edges = append(edges, e)
		out[e.s]++
		w := ""
		if rng.Intn(4) > 0 {
			w = fmt.Sprintf(" {w: %d}", rng.Intn(4))
		}
		parts = append(parts, fmt.Sprintf("(n%d)-[:%c%s]->(n%d)", e.s, "RST"[rng.Intn(3)], w, e.e))
	}
	pick := func() string {
		for {
			i := rng.Intn(nodes)
			if ids[i] >= 0 && out[i] > 0 {
				return fmt.Sprint(ids[i])
			}
		}
	}
	params := map[string]string{"a": pick(), "b": pick(), "l1": pick(), "l2": pick(), "l3": fmt.Sprint(nodes + 1000)}
	for params["l2"] == params["l1"] {
		params["l2"] = pick() // an IN list's values are distinct (see inToUnwind)
	}
	return "CREATE " + strings.Join(parts, ", "), params
}

func openMemory(tb testing.TB) *cyq.DB {
	tb.Helper()
	return openStore(tb, "", nil)
}

func mustExec(tb testing.TB, db *cyq.DB, q string) {
	tb.Helper()
	r, err := db.Query(context.Background(), q, nil)
	if err == nil {
		_, err = r.All()
	}
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
}

// randomDatasets returns n seeded random graphs of growing size.
func randomDatasets(tb testing.TB, n int) []*dataset {
	var out []*dataset
	for i := 0; i < n; i++ {
		seed := int64(1000 + i)
		create, params := randomGraph(seed, 20+10*i, 50+40*i)
		db := openMemory(tb)
		mustExec(tb, db, create)
		out = append(out, &dataset{name: fmt.Sprintf("random-%d", seed), schema: Generic, params: params, db: db})
	}
	return out
}

// loadUsers bulk-loads a SNAP edge list into db as
// (:User {id})-[:LINKS]->(:User), with an index on :User(id) when indexed.
func loadUsers(tb testing.TB, db *cyq.DB, path string, undirected, indexed bool) {
	tb.Helper()
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		tb.Fatal(err)
	}
	if err := datasets.LoadEdgeList(g, path, undirected); err != nil {
		tb.Fatal(err)
	}
	if indexed {
		mustExec(tb, db, "CREATE INDEX FOR (u:User) ON (u.id)")
	}
}

func facebookPath(tb testing.TB) string {
	return filepath.Join(testenv.Dataset(tb, "snap-ego-facebook"), "facebook_combined.txt")
}

// facebook loads ego-Facebook (each friendship in both directions, :User(id)
// indexed) into a store in dir ("" for memory), with the anchors given.
func facebook(tb testing.TB, dir string, opts *cyq.Options, params map[string]string) *dataset {
	path := facebookPath(tb)
	db := openStore(tb, dir, opts)
	loadUsers(tb, db, path, true, true)
	return &dataset{name: "ego-facebook", schema: Users, params: params, db: db}
}

// slashdot loads soc-Slashdot0902 (directed, no index on id, as issue 14
// measured it) into a store in dir.
func slashdot(tb testing.TB, dir string, opts *cyq.Options, params map[string]string) *dataset {
	path := datasets.SlashdotPath(tb)
	db := openStore(tb, dir, opts)
	loadUsers(tb, db, path, false, false)
	return &dataset{name: "slashdot", schema: Users, params: params, db: db}
}

// openStore opens a store in dir ("" for memory) with opts, closed when tb
// ends.
func openStore(tb testing.TB, dir string, opts *cyq.Options) *cyq.DB {
	tb.Helper()
	db, err := cyq.Open(dir, opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// moviesParams are the movies placeholders.
var moviesParams = map[string]string{"who": "'Tom Hanks'"}

// movies runs the Neo4j movies script into a fresh in-memory store.
func movies(tb testing.TB) *dataset {
	path := filepath.Join(testenv.Dataset(tb, "neo4j-movies"), "movies.cypher")
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	stmts, err := parser.ParseScript(string(src))
	if err != nil {
		tb.Fatal(err)
	}
	db := openMemory(tb)
	for _, st := range stmts {
		mustExec(tb, db, st.Span.Text(string(src)))
	}
	return &dataset{name: "neo4j-movies", schema: Movies, params: moviesParams, db: db}
}

// loadRegistered loads the benchmark suite's dataset name (its importer
// run, then its indexes) into a store in dir ("" for memory).
func loadRegistered(tb testing.TB, name, dir string, opts *cyq.Options) *cyq.DB {
	tb.Helper()
	d := harness.Registry[name]
	data := filepath.Join(testenv.SharedDir(tb), "datasets")
	db := openStore(tb, dir, opts)
	if _, err := d.Load(context.Background(), db, data, tb.TempDir()); err != nil {
		tb.Fatalf("loading %s: %v", name, err)
	}
	for _, ix := range d.Indexes {
		mustExec(tb, db, ix)
	}
	return db
}

// ldbcParams are the LDBC placeholders: the person with the most KNOWS
// relationships (48), another with 41, two present and one absent person
// id, a tag that forums carry, and a post with 14 direct replies.
var ldbcParams = map[string]string{"person": "4398046511333", "other": "6597069766660",
	"l1": "4398046511192", "l2": "8796093022220", "l3": "1", "tag": "'Elizabeth_II'", "post": "68719487255"}

// ldbc loads the LDBC SNB Interactive mini graph (persons, forums, posts,
// comments, tags, places, organisations; :Person(id), :Message(id),
// :Tag(name) and the suite's other indexes) into a store in dir.
func ldbc(tb testing.TB, dir string, opts *cyq.Options) *dataset {
	return &dataset{name: "ldbc-mini", schema: LDBC, params: ldbcParams, db: loadRegistered(tb, "ldbc", dir, opts)}
}

// stackOverflowParams are the Stack Overflow placeholders: the user who
// asked the most questions (13), the user who gave the most answers
// (211), the most used tag and one on 108 questions, a question, and two
// present and one absent user id.
var stackOverflowParams = map[string]string{"user": "1435", "provider": "5620", "tag": "'neo4j'", "tag2": "'graph-databases'",
	"question": "192", "l1": "1435", "l2": "5620", "l3": "99999999"}

// stackOverflow loads the Stack Overflow graph (users, questions, answers,
// comments, tags; :Question(question_id) and :Tag(name) indexed, user ids
// not) into a store in dir.
func stackOverflow(tb testing.TB, dir string, opts *cyq.Options) *dataset {
	return &dataset{name: "stackoverflow", schema: StackOverflow, params: stackOverflowParams, db: loadRegistered(tb, "stackoverflow", dir, opts)}
}

// northwindParams are the Northwind placeholders: the customer with the
// most orders (SAVEA, 31), the employee at the top of the reporting
// hierarchy (2), a category and a product's name.
var northwindParams = map[string]string{"customer": "'SAVEA'", "boss": "2", "category": "'Beverages'", "product": "'Chai'"}

// northwindLinks are the foreign keys of the Northwind tables as the
// upstream graph form maps them (the registered importer loads the order
// lines and employee territories as relationships and the rest as
// properties): Customer-PURCHASED->Order, Employee-SOLD->Order,
// Product-PART_OF->Category, Supplier-SUPPLIES->Product,
// Employee-REPORTS_TO->Employee, Order-SHIPPED_BY->Shipper.
var northwindLinks = []string{
	"MATCH (c:Customer), (o:Order) WHERE o.customerID = c.customerID CREATE (c)-[:PURCHASED]->(o)",
	"MATCH (e:Employee), (o:Order) WHERE o.employeeID = e.employeeID CREATE (e)-[:SOLD]->(o)",
	"MATCH (p:Product), (c:Category) WHERE p.categoryID = c.categoryID CREATE (p)-[:PART_OF]->(c)",
	"MATCH (s:Supplier), (p:Product) WHERE p.supplierID = s.supplierID CREATE (s)-[:SUPPLIES]->(p)",
	"MATCH (e:Employee), (b:Employee) WHERE e.reportsTo = b.employeeID CREATE (e)-[:REPORTS_TO]->(b)",
	"MATCH (o:Order), (s:Shipper) WHERE o.shipVia = s.shipperID CREATE (o)-[:SHIPPED_BY]->(s)",
	"CREATE INDEX FOR (c:Customer) ON (c.customerID)",
	"CREATE INDEX FOR (p:Product) ON (p.productName)",
}

// northwind loads the Northwind trading database (nine tables as nodes,
// order lines as ORDERS {unitPrice, quantity, discount}, the foreign keys
// of northwindLinks as relationships) into a store in dir.
func northwind(tb testing.TB, dir string, opts *cyq.Options) *dataset {
	db := loadRegistered(tb, "northwind", dir, opts)
	for _, q := range northwindLinks {
		mustExec(tb, db, q)
	}
	return &dataset{name: "northwind", schema: Northwind, params: northwindParams, db: db}
}

// wordnetParams are the WordNet placeholders: the synset with the most
// hyponyms (402, "person") and the synset with the most
// _synset_domain_topic_of relationships (362).
var wordnetParams = map[string]string{"entity": "'00007846'", "topic": "'08199025'"}

// wordnet loads WN18RR (entities with id, name and definition, the
// triples as relationships of their eleven types, :Entity(id) indexed)
// into a store in dir.
func wordnet(tb testing.TB, dir string, opts *cyq.Options) *dataset {
	return &dataset{name: "wn18rr", schema: WordNet, params: wordnetParams, db: loadRegistered(tb, "wn18rr", dir, opts)}
}
