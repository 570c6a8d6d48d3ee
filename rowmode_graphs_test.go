package cyq

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The differential tests of the planner's rules compare planned runs with
// row mode (the reference semantics) on random graphs. They share the
// graphs' making here: rowModeGraphs opens one store per planner variant,
// each holding the same seeded random graph (randomGraph), indexed where
// the variant asks, then decorated by the same statements (properties of
// mixed kinds, nulls, self-loops, parallel relationships); the variant
// sets and decorations below are the ones many tests use.

// Planner variants, by the names the tests compare.
var (
	// plannedOnly is the default planner alone.
	plannedOnly = map[string]*Options{"planned": nil}
	// plannedRowMode is the default planner and row mode.
	plannedRowMode = map[string]*Options{"planned": nil, "row-mode": {RowModeOnly: true}}
	// plannedIdxRowMode is plannedRowMode with an indexed default
	// planner ("planned-idx", an index on :A(id)).
	plannedIdxRowMode = map[string]*Options{"planned": nil, "planned-idx": nil, "row-mode": {RowModeOnly: true}}
	// plannedLastRowMode is plannedRowMode with the planner that starts
	// from a pattern's last node ("last").
	plannedLastRowMode = map[string]*Options{"planned": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}}
	// plannedIdxLastRowMode is plannedRowMode with both.
	plannedIdxLastRowMode = map[string]*Options{"planned": nil, "planned-idx": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}}
	// cheapestLastRowMode is the default planner ("cheapest") and row
	// mode in written order ("last,row-mode").
	cheapestLastRowMode = map[string]*Options{"cheapest": nil, "last,row-mode": {StartLast: true, RowModeOnly: true}}
	// cheapestIdxRowMode is the default planner unindexed ("cheapest")
	// and indexed ("idx"), and row mode in written order.
	cheapestIdxRowMode = map[string]*Options{"cheapest": nil, "idx": nil, "row-mode": {StartLast: true, RowModeOnly: true}}
)

// Decorations of the random graph.
const (
	// fourthKeys gives every fourth node (id divisible by 4) a key k
	// of 0, 1 or 2; the others have none.
	fourthKeys = "MATCH (x) WHERE x.id % 4 = 0 SET x.k = x.id % 3"
	// nanKeys gives every seventh node a key j that is NaN or 1.0 (a
	// float equal to an integer).
	nanKeys = "MATCH (x) WHERE x.id % 7 = 3 SET x.j = CASE x.id % 2 WHEN 0 THEN 0.0/0.0 ELSE 1.0 END"
	// sparseKeys gives three nodes of four a key k of 0, 1 or 2; the
	// fourth has none (null).
	sparseKeys = "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3"
	// endWeights gives each relationship a weight w from its end node
	// (0 to 3) and the nodes with an incoming relationship a key k, null
	// on every fifth node.
	endWeights = "MATCH ()-[r]->(m) SET r.w = m.id % 4, m.k = CASE WHEN m.id % 5 = 0 THEN null ELSE m.id % 7 END"
)

// loopsAndParallels adds self-loops of both types on node 2, parallel
// relationships from node 3 to 4 and one back, and a pair of opposite
// relationships between 7 and 8.
var loopsAndParallels = []string{
	"MATCH (x {id: 2}) CREATE (x)-[:T]->(x), (x)-[:U]->(x)",
	"MATCH (x {id: 3}), (y {id: 4}) CREATE (x)-[:T]->(y), (x)-[:T]->(y), (y)-[:U]->(x)",
	"MATCH (x {id: 7}), (y {id: 8}) CREATE (y)-[:T]->(x), (x)-[:U]->(y)",
}

// rowModeGraphs is planVariants with the statements of decorate run, in
// order, on every store after its graph is made (and indexed).
func rowModeGraphs(t testing.TB, seed uint64, n, m int, variants map[string]*Options, decorate ...string) map[string]*DB {
	t.Helper()
	dbs := planVariants(t, seed, n, m, variants)
	for _, db := range dbs {
		for _, q := range decorate {
			mustRun(t, db, q, nil)
		}
	}
	return dbs
}

// planVariants opens one in-memory store per planner variant in opts
// (nil: the default planner), each holding the same random graph, with an
// index on :A(id) where the variant's name ends in "idx"; they close when
// the test ends.
func planVariants(t testing.TB, seed uint64, n, m int, opts map[string]*Options) map[string]*DB {
	t.Helper()
	dbs := map[string]*DB{}
	for name, o := range opts {
		db, err := Open("", o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		randomGraph(t, db, seed, n, m)
		if strings.HasSuffix(name, "idx") {
			mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
		}
		dbs[name] = db
	}
	return dbs
}

// randomGraph fills db with a seeded random graph: n nodes with an id
// property, every third (id divisible by 3) labelled A and the others B,
// and m relationships of type T (two in three) or U between nodes drawn
// at random, with parallel relationships and self-loops.
func randomGraph(t testing.TB, db *DB, seed uint64, n, m int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("UNWIND range(0, $n - 1) AS i CREATE (x {id: i}) WITH x, i WHERE i % 3 = 0 SET x:A")
	mustRun(t, db, b.String(), map[string]any{"n": n})
	mustRun(t, db, "MATCH (x) WHERE x.id % 3 <> 0 SET x:B", nil)
	var pairs []any
	for i := 0; i < m; i++ {
		typ := "T"
		if r.IntN(3) == 0 {
			typ = "U"
		}
		pairs = append(pairs, map[string]any{"s": r.IntN(n), "e": r.IntN(n), "t": typ})
	}
	mustRun(t, db, `UNWIND $pairs AS p MATCH (s {id: p.s}), (e {id: p.e})
		FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U]->(e))`, map[string]any{"pairs": pairs})
}

// queryGraphVariants opens one in-memory store per planner variant in
// opts, each holding the random graph randomQueryGraph makes from seed
// with n nodes and m relationships, with an index on :A(id) where the
// variant's name ends in "idx"; they close when the test ends.
func queryGraphVariants(t testing.TB, seed uint64, n, m int, opts map[string]*Options) map[string]*DB {
	t.Helper()
	dbs := map[string]*DB{}
	for name, o := range opts {
		db, err := Open("", o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		randomQueryGraph(t, db, rand.New(rand.NewPCG(seed, 3)), n, m)
		if strings.HasSuffix(name, "idx") {
			mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
		}
		dbs[name] = db
	}
	return dbs
}
