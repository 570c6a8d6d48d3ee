package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestUnionAggregatesMatchRowMode compares aggregations over CALL { ...
// UNION ALL ... }, which the planner splits into partial aggregates per
// branch (and then reads as degrees and store counts, self-loop
// exclusions included), with the same queries run row by row. The
// queries are generated: random hops per branch (either direction or
// none, typed or not, labelled ends or not, self-loop exclusions in their
// several spellings, property filters, ordered LIMITs), random grouping
// keys and random aggregates, decomposable or not, over random graphs
// with self-loops and parallel relationships.
func TestUnionAggregatesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(42, 7))
	pushed, distinct := 0, 0
	const graphs, perGraph = 3, 60
	for g := 0; g < graphs; g++ {
		set, row := plannedAndRowMode(t)
		seed := uint64(100 + g)
		randomGraph(t, set, seed, 30+10*g, 90+40*g)
		randomGraph(t, row, seed, 30+10*g, 90+40*g)
		// Self-loops and parallel relationships for certain.
		for _, db := range []*DB{set, row} {
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 = 0 CREATE (x)-[:T]->(x) WITH x WHERE x.id % 8 = 0 CREATE (x)-[:U]->(x)", nil)
			mustRun(t, db, "MATCH (x {id: 1}), (y {id: 2}) CREATE (x)-[:T]->(y), (x)-[:T]->(y), (y)-[:T]->(x)", nil)
		}
		fixed := []string{
			"CALL { RETURN 1 AS c UNION ALL RETURN 2 AS c UNION ALL RETURN null AS c } RETURN sum(c) AS s, count(c) AS n, count(*) AS m, min(c) AS lo, max(c) AS hi",
			"CALL { MATCH (a:A)-[r]->(b) RETURN a UNION ALL MATCH (a:A)<-[r]-(b) WHERE a <> b RETURN a } RETURN a.id AS id, count(*) AS d ORDER BY d DESC, id LIMIT 3",
			"MATCH (a:A)-[r]->() RETURN count(*) AS n UNION ALL MATCH (a:A)<-[r]-() WHERE NOT startNode(r) = endNode(r) RETURN count(*) AS n",
			"MATCH (a:B)-[r]-(b) WHERE a.id > 100 RETURN a.id AS id, count(*) AS n UNION MATCH (a:B)-[r]-(b) WHERE startNode(r) <> endNode(r) RETURN a.id AS id, count(*) AS n",
			// Sums of durations, with branches that sum nothing.
			"CALL { UNWIND [duration('P1D'), null] AS d RETURN d UNION ALL UNWIND [null] AS d RETURN d UNION ALL UNWIND [] AS d RETURN d } RETURN sum(d) AS s, min(d) AS lo, count(d) AS n",
			"CALL { UNWIND [1, 2] AS k UNWIND [duration('PT1H')] AS d RETURN k, d UNION ALL UNWIND [1, 2, 3] AS k RETURN k, null AS d } RETURN k, sum(d) AS s ORDER BY k",
			// No outer rows: one row of the aggregates of nothing.
			"UNWIND [] AS u CALL { MATCH (a)-[r]->(b) RETURN r UNION ALL MATCH (a)<-[r]-(b) RETURN r } RETURN count(*) AS n, count(r) AS c, sum(id(r)) AS s, min(id(r)) AS lo, max(id(r)) AS hi",
			"UNWIND [] AS u CALL { MATCH (a)-[r]->(b) RETURN r UNION ALL MATCH (a)<-[r]-(b) RETURN r } RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH (a)-[r:T]->(b) WHERE a.id > 1000 RETURN r UNION ALL MATCH (a)<-[r:T]-(b) WHERE a.id > 1000 RETURN r } RETURN count(r) AS n, sum(id(r)) AS s, min(id(r)) AS lo",
			// avg and collect: of nothing, of durations with branches
			// that average nothing, by keys some branches lack.
			"CALL { MATCH (a)-[r:T]->(b) WHERE a.id > 1000 RETURN b UNION ALL MATCH (a)<-[r:T]-(b) WHERE a.id > 1000 RETURN b } RETURN avg(b.id) AS m, collect(b.id) AS l, count(*) AS n",
			"CALL { UNWIND [duration('P1D'), duration('PT5H'), null] AS d RETURN d UNION ALL UNWIND [null] AS d RETURN d UNION ALL UNWIND [] AS d RETURN d } RETURN avg(d) AS m, collect(d) AS l",
			"CALL { UNWIND [1, 2] AS k UNWIND [duration('PT1H'), duration('PT2H')] AS d RETURN k, d UNION ALL UNWIND [1, 2, 3] AS k RETURN k, null AS d } RETURN k, avg(d) AS m, collect(d) AS l ORDER BY k",
			"CALL { UNWIND [1, 2, 9223372036854775807] AS x RETURN x UNION ALL UNWIND [2.5, null] AS x RETURN x } RETURN avg(x) AS m, collect(x) AS l",
			"CALL { MATCH (a:A)-[r]->(b) RETURN a, b UNION ALL MATCH (a:A)<-[r]-(b:B) RETURN a, b UNION ALL MATCH (a:B)-[r]-(b) RETURN a, b } RETURN a.id AS id, avg(b.id) AS m, collect(b.id) AS l, count(*) AS n",
			// Duplicate-insensitive aggregates: distinct branches.
			"CALL { MATCH (a:A)-[r]->(b) RETURN a, b UNION ALL MATCH (a:A)<-[r]-(b) RETURN a, b } RETURN a.id AS id, count(DISTINCT b) AS n, collect(DISTINCT b.id % 3) AS l, min(b.id) AS lo",
			"UNWIND [1, 2] AS u CALL { MATCH (a)-[r:T]->(b) RETURN a, b UNION ALL MATCH (a)<-[r:U]-(b) RETURN a, b } RETURN u, avg(DISTINCT a.id) AS m, sum(DISTINCT b.id) AS s, max(DISTINCT a.id) AS hi",
			"CALL { MATCH (a)-[r]->(b) WHERE a.id > 1000 RETURN a, b UNION ALL MATCH (a)<-[r]-(b) WHERE a.id > 1000 RETURN a, b } RETURN count(DISTINCT b) AS n, collect(DISTINCT a) AS l, min(a.id) AS lo",
		}
		for i := 0; i < perGraph+len(fixed); i++ {
			var q string
			if i < len(fixed) {
				q = fixed[i]
			} else {
				q = randomUnionAggregate(r)
			}
			a, b := canonical(mustRun(t, set, q, nil)), canonical(mustRun(t, row, q, nil))
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("graph %d: %s\n rewritten: %v\n rows:      %v", g, q, a, b)
			}
			plan := string(mustRun(t, set, "EXPLAIN "+q, nil)[0][0].(value.String))
			if strings.Contains(plan, " part") {
				pushed++
			}
			if strings.Contains(plan, " uarg") {
				distinct++
			}
		}
		set.Close()
		row.Close()
	}
	// The generator mostly writes aggregations that split.
	if pushed < graphs*perGraph/3 {
		t.Errorf("only %d of %d queries aggregated in the branches", pushed, graphs*perGraph)
	}
	if distinct < graphs*3 {
		t.Errorf("only %d queries made their branches distinct", distinct)
	}
	t.Logf("%d queries aggregated in the branches, %d made them distinct", pushed, distinct)
}

// randomUnionAggregate writes one aggregation over CALL { ... UNION ALL
// ... } with columns a, r, b.
func randomUnionAggregate(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	branch := func() string {
		label := func() string { return pick("", "", ":A", ":B") }
		typ := pick("", "", ":T", ":U", ":T|U")
		hop := pick("-[r"+typ+"]->", "<-[r"+typ+"]-", "-[r"+typ+"]-")
		var where []string
		if r.IntN(2) == 0 {
			where = append(where, pick("NOT startNode(r) = endNode(r)", "startNode(r) <> endNode(r)",
				"endNode(r) <> startNode(r)", "a <> b", "NOT b = a", "a = b", "startNode(r) = endNode(r)"))
		}
		if r.IntN(3) == 0 {
			where = append(where, pick("a.id < 15", "b.id >= 7", "a.id % 2 = 0"))
		}
		s := "MATCH (a" + label() + ")" + hop + "(b" + label() + ")"
		if len(where) > 0 {
			s += " WHERE " + strings.Join(where, " AND ")
		}
		s += " RETURN a, r, b"
		if r.IntN(6) == 0 {
			s += fmt.Sprintf(" ORDER BY a.id, b.id, id(r) LIMIT %d", 1+r.IntN(20))
		}
		return s
	}
	n := 2 + r.IntN(2)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = branch()
	}
	union := " UNION ALL "
	if r.IntN(10) == 0 {
		union = " UNION "
	}
	call := "CALL { " + strings.Join(parts, union) + " }"
	if r.IntN(6) == 0 {
		call = "UNWIND [1, 2] AS u " + call
	}
	keys := []string{}
	for _, k := range []string{"a.id AS ka", "b.id % 3 AS kb", "type(r) AS t", "a AS node"} {
		if r.IntN(4) == 0 {
			keys = append(keys, k)
		}
	}
	var aggs []string
	for k := 0; k < 1+r.IntN(3); k++ {
		aggs = append(aggs, fmt.Sprintf("%s AS g%d", pick("count(*)", "count(r)", "count(b)", "sum(b.id)", "min(a.id)",
			"max(b.id)", "min(DISTINCT b.id)", "count(*) * 2 + 1", "count(DISTINCT a)", "avg(a.id)", "sum(DISTINCT b.id)",
			"count(CASE WHEN a.id > 10 THEN 1 END)", "sum(a.id + b.id)", "size(collect(b))",
			"avg(b.id)", "avg(toFloat(a.id) / 4)", "avg(CASE WHEN a.id > 20 THEN b.id END)", "collect(b.id)", "collect(a)",
			"reduce(s = 0, x IN collect(b.id) | s + x * x)", "avg(DISTINCT a.id)", "collect(DISTINCT b.id)"), k))
	}
	items := strings.Join(append(keys, aggs...), ", ")
	if r.IntN(3) == 0 {
		return call + " WITH " + items + " WHERE true RETURN *"
	}
	return call + " RETURN " + items
}
