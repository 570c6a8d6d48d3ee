package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// keyedCountFirsts are the first MATCH's patterns with the keys a WITH
// groups by: keys that identify its rows (a directed relationship, an
// undirected one with an end, two hops' relationships, a relationship
// with an anonymous end, a product of nodes) and near-misses that do
// not (an undirected relationship alone, an anonymous relationship
// between parallel links, one end of a hop, one of two hops).
var keyedCountFirsts = []struct{ pattern, keys string }{
	{"(a)-[e]->(b)", "e"},
	{"(a:A)<-[e:T]-(b)", "e"},
	{"(a)-[e]-(b)", "a, e"},
	{"(a)-[e]->(b)-[f]->(c)", "e, f"},
	{"(a)-[e]->()", "e"},
	{"(a:A), (b:A)", "a, b"},
	{"(a)-[e:T]->(b)", "e, b"},
	// Near-misses.
	{"(a)-[e]-(b)", "e"},
	{"(a)-->(b)", "a, b"},
	{"(a)-[e]->(b)", "a"},
	{"(a)-[e]->(b)-[f]->(c)", "e"},
	{"(a)-[e]->(b)", "b"},
}

// keyedCountSeconds are the second MATCH's patterns, over b and a, with
// WHEREs, one that fails at id 7.
var keyedCountSeconds = []string{
	"MATCH (b)-->(x)",
	"MATCH (b)-[:T]->(x)<-[:U]-(a)",
	"MATCH (x)-->(b)",
	"MATCH (b)-->(x) WHERE x.k = 1",
	"MATCH (b)-->(x)<--(a) WHERE x <> a",
	"MATCH (b)-[g]-(x) WHERE 6 / (x.id - 7) > 0",
	"MATCH (b)-->(b)",
	// Near-miss: OPTIONAL.
	"OPTIONAL MATCH (b)-->(x)",
}

// keyedCountFilters are the WITH's WHERE on the count c: positive
// thresholds (either way round, among other conjuncts) and near-misses
// that keep rows of count 0.
var keyedCountFilters = []string{
	"c > 0", "c > 1", "c >= 2", "1 < c", "c > 2 AND b.id > 3", "c >= 1 AND c < 4",
	"c >= 0", "c <> 2", "c = 1", "c < 3", "NOT c > 1",
}

// keyedCountTails follow the grouping (%[1]s its keys and extra items,
// %[2]s its filter): counts and sums of the groups, the count returned
// with the keys' properties, ORDER BY, and near-misses: a LIMIT before
// the WHERE, DISTINCT.
var keyedCountTails = []string{
	"WITH %[1]s, count(*) AS c WHERE %[2]s RETURN count(*) AS n, sum(c) AS s",
	"WITH %[1]s, count(*) AS c WHERE %[2]s RETURN c, count(*) AS n",
	"WITH %[1]s, count(*) AS c ORDER BY c DESC WHERE %[2]s RETURN collect(c) AS cs",
	"WITH %[1]s, count(*) AS c, b.k AS bk WHERE %[2]s RETURN bk, sum(c) AS s",
	"WITH %[1]s, 6 / (b.id - 7) AS z, count(*) AS c WHERE %[2]s RETURN sum(z) AS z, sum(c) AS s",
	"WITH %[1]s, count(*) AS c WHERE %[2]s RETURN count(*) AS n UNION ALL MATCH (a) RETURN count(*) AS n",
	// Near-misses.
	"WITH %[1]s, count(*) AS c ORDER BY c DESC LIMIT 3 WHERE %[2]s RETURN sum(c) AS s",
	"WITH DISTINCT %[1]s, count(*) AS c WHERE %[2]s RETURN sum(c) AS s",
	"WITH %[1]s, count(*) AS c, count(x) AS d WHERE %[2]s RETURN sum(c + d) AS s",
	"WITH %[1]s, x.k AS xk, count(*) AS c WHERE %[2]s RETURN sum(c) AS s, count(xk) AS x",
}

// TestKeyedCountsMatchRowMode generates queries that count the rows of
// two MATCH clauses grouped by keys of the first and keep the groups
// whose count passes a test (planner/keyed_counts.go reads them as
// per-row counts of the second MATCH where the keys identify the first
// MATCH's rows and the test drops count 0), with near-misses of every
// kind, and compares each with row mode.
func TestKeyedCountsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 9))
	var queries []string
	for _, tail := range keyedCountTails {
		for n := 0; n < 24; n++ {
			first := keyedCountFirsts[r.IntN(len(keyedCountFirsts))]
			if r.IntN(3) > 0 {
				first = keyedCountFirsts[r.IntN(7)] // mostly keys that identify rows
			}
			second := keyedCountSeconds[r.IntN(len(keyedCountSeconds))]
			filter := keyedCountFilters[r.IntN(len(keyedCountFilters))]
			if r.IntN(3) > 0 {
				filter = keyedCountFilters[r.IntN(6)]
			}
			if second == "MATCH (b)-->(b)" || first.pattern == "(a)-[e]->()" {
				filter = "c > 0" // b may be unbound: keep the query valid
			}
			q := fmt.Sprintf("MATCH %s %s %s", first.pattern, second, fmt.Sprintf(tail, first.keys, filter))
			queries = append(queries, q)
		}
	}
	// Keys that may fail (at b.id = 7) with every first and second MATCH.
	for _, first := range keyedCountFirsts[:7] {
		for _, second := range keyedCountSeconds[:6] {
			queries = append(queries, fmt.Sprintf("MATCH %s %s %s", first.pattern, second, fmt.Sprintf(keyedCountTails[4], first.keys, "c > 0")))
		}
	}
	runCountReaders(t, queries)
}
