package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// degreeStores are the stores of TestDegreeTopMatchesRowMode: the same
// random graph of :P nodes (and :Q nodes, some with both labels, some
// with none) with ids unique under an index, ids unique but missing on
// some :P nodes, ids repeated, and no index.
var degreeStores = []string{"index", "index-null", "index-dup", "plain"}

// degreeGraph builds a graph whose degrees tie often: a few hubs, many
// nodes of degree 1 to 3, isolated nodes, parallel relationships and
// self-loops, of types :R and :S.
func degreeGraph(t *testing.T, db *DB, kind string, seed uint64) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 18))
	if kind != "plain" {
		mustRun(t, db, "CREATE INDEX FOR (n:P) ON (n.id)", nil)
	}
	n := 20 + r.IntN(30)
	var nodes []any
	for i := 0; i < n; i++ {
		labels := []string{"P"}
		switch r.IntN(8) {
		case 0:
			labels = []string{"Q"}
		case 1:
			labels = []string{"P", "Q"}
		case 2:
			labels = nil
		}
		var id any = i
		switch {
		case kind == "index-null" && r.IntN(6) == 0:
			id = nil
		case kind == "index-dup" && r.IntN(4) == 0:
			id = r.IntN(i + 1)
		}
		nodes = append(nodes, map[string]any{"i": i, "id": id, "p": labels != nil && labels[0] == "P", "q": len(labels) == 2 || labels != nil && labels[0] == "Q"})
	}
	mustRun(t, db, `UNWIND $nodes AS x CREATE (n {k: x.i, id: x.id})
		FOREACH (_ IN CASE WHEN x.p THEN [1] ELSE [] END | SET n:P)
		FOREACH (_ IN CASE WHEN x.q THEN [1] ELSE [] END | SET n:Q)`, map[string]any{"nodes": nodes})
	hubs := 1 + r.IntN(3)
	var rels []any
	m := n + r.IntN(2*n)
	for i := 0; i < m; i++ {
		s := r.IntN(n)
		if r.IntN(3) == 0 {
			s = r.IntN(hubs)
		}
		e := r.IntN(n)
		switch r.IntN(10) {
		case 0:
			e = s // self-loop
		case 1:
			rels = append(rels, map[string]any{"s": s, "e": e, "t": "R"}) // parallel
		}
		typ := "R"
		if r.IntN(3) == 0 {
			typ = "S"
		}
		rels = append(rels, map[string]any{"s": s, "e": e, "t": typ})
	}
	mustRun(t, db, `UNWIND $rels AS p MATCH (s {k: p.s}), (e {k: p.e})
		FOREACH (_ IN CASE WHEN p.t = 'R' THEN [1] ELSE [] END | CREATE (s)-[:R]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'S' THEN [1] ELSE [] END | CREATE (s)-[:S]->(e))`, map[string]any{"rels": rels})
	return n
}

// degreeHops are the one-hop patterns whose rows per node are its degree
// (%s the node's pattern): each direction, typed, with a label test of
// the far end, a self-loop filter, an OPTIONAL MATCH, and near misses
// whose rows are not the degree (two hops, a property filter).
var degreeHops = []struct{ match, count string }{
	{"MATCH %s-->()", "count(*)"},
	{"MATCH %s<-[:R]-()", "count(*)"},
	{"MATCH %s-[r]-()", "count(r)"},
	{"MATCH %s-[:R|S]->(b)", "count(b)"},
	{"MATCH %s-->(b:Q)", "count(*)"},
	{"MATCH %s-[r:R]->(b) WHERE b <> a", "count(r)"},
	{"MATCH %s OPTIONAL MATCH (a)-[:R]->(b)", "count(b)"},
	{"MATCH %s OPTIONAL MATCH (a)--(b)", "count(b)"},
	{"MATCH %s-->()-->()", "count(*)"},
	{"MATCH %s-[r]->() WHERE r.w IS NULL", "count(*)"},
}

// degreeNodes are the scanned node's patterns: a label every node does
// not carry, another, every node, and a label expression.
var degreeNodes = []string{"(a:P)", "(a:P)", "(a:Q)", "(a)", "(a:P|Q)"}

// degreeKeys are what rows are grouped by (%s the degree column): the
// node, its id property, id(a), elementId(a), the id with another
// property, and near misses: a property that is no key, no key at all.
var degreeKeys = []struct{ ret, tie string }{
	{"a.id AS id, %s AS d", "id"},
	{"a.id AS id, %s AS d", "id"},
	{"id(a) AS id, %s AS d", "id"},
	{"elementId(a) AS e, a.k AS k, %s AS d", "k"},
	{"a, %s AS d", "a.k"},
	{"a.id AS id, a.k AS k, %s AS d", "k"},
	{"a.k %% 3 AS g, %s AS d", "g"},
	{"%s AS d", ""},
}

// degreeQuery is a random query ranking nodes by a degree: a pattern, a
// grouping, ORDER BY the count (either way, by its name or the call,
// with the tie broken by a key or not), SKIP and LIMIT as literals or
// parameters (beyond the nodes' number, zero, and invalid), in RETURN or
// a WITH, and the forms without aggregation (COUNT { } and size() of a
// pattern comprehension) and near misses (another aggregate, DISTINCT,
// an expression of the count that fails).
func degreeQuery(r *rand.Rand) string {
	hop := degreeHops[r.IntN(len(degreeHops))]
	match := fmt.Sprintf(hop.match, degreeNodes[r.IntN(len(degreeNodes))])
	key := degreeKeys[r.IntN(len(degreeKeys))]
	count := hop.count
	ret := fmt.Sprintf(key.ret, count)
	dir := []string{" DESC", "", " ASC"}[r.IntN(3)]
	orderBy := "d"
	if r.IntN(4) == 0 && count == "count(*)" {
		orderBy = count
	}
	order := orderBy + dir
	tie := key.tie
	if tie != "" && r.IntN(5) > 0 {
		if r.IntN(8) == 0 {
			// another key first: the degree ranks nothing
			order = tie + []string{"", " DESC"}[r.IntN(2)] + ", " + order
		} else {
			order += ", " + tie + []string{"", " DESC"}[r.IntN(2)]
		}
	} else {
		tie = ""
	}
	page := ""
	if r.IntN(3) == 0 {
		page += " SKIP " + []string{"0", "1", "3", "$s", "$big"}[r.IntN(5)]
	}
	page += " LIMIT " + []string{"1", "3", "5", "$k", "$k", "$big", "0", "$neg", "$str", "toInteger($k)"}[r.IntN(10)]
	if tie == "" {
		// without a tie-break the rows kept at a tie differ by
		// position, so only the counts are returned
		return fmt.Sprintf("%s WITH a, %s AS d ORDER BY %s%s RETURN d", match, count, order, page)
	}
	switch r.IntN(11) {
	case 10:
		// rows before the scan, repeating some nodes' rows more than
		// others', grouped with the node or not
		if r.IntN(2) == 0 {
			return fmt.Sprintf("UNWIND [1, 1, 2] AS u %s RETURN u, %s ORDER BY %s, u%s", match, ret, order, page)
		}
		return fmt.Sprintf("UNWIND [1, 2] AS u %s RETURN %s ORDER BY %s%s", match, ret, order, page)
	case 0:
		// in a WITH, then read again
		with := strings.Replace(ret, " AS d", " AS d0", 1)
		if orderBy == "d" {
			order = "d0" + strings.TrimPrefix(order, "d")
		}
		return fmt.Sprintf("%s WITH %s ORDER BY %s%s WITH *, d0 AS d RETURN *", match, with, order, page)
	case 1:
		// another aggregate beside the count, one that fails on a node
		// of few relationships
		agg := []string{"collect(a.k)", "sum(CASE WHEN a.k = 7 THEN 'x' ELSE 1 END)"}[r.IntN(2)]
		return fmt.Sprintf("%s RETURN %s, %s AS ks ORDER BY %s%s", match, ret, agg, order, page)
	case 2:
		return fmt.Sprintf("%s RETURN DISTINCT %s ORDER BY %s%s", match, ret, order, page)
	case 3:
		// an expression of the count that fails on some rows
		return fmt.Sprintf("%s RETURN %s, 10 / (%s - 2) AS x ORDER BY %s%s", match, ret, count, order, page)
	case 4, 9:
		// a pattern count per node, without aggregation, with the
		// nodes of no relationship dropped by a filter or kept; near
		// misses: a filter that is not d > 0, a named far node, a
		// pattern with a WHERE, a comprehension whose map fails
		pat := []string{"COUNT { (a)-->() }", "COUNT { (a)<-[:R]-() }", "size([(a)--() | 1])", "COUNT { (a)-[:R|S]->(:Q) }",
			"size([(a)--(x) | x])", "COUNT { (a)-->(x) WHERE x.k > 3 }", "COUNT { (a)-->() WHERE a.k > 3 }", "COUNT { (a)--(x) }"}[r.IntN(8)]
		if r.IntN(2) == 0 {
			pat = []string{"COUNT { (a)-->() WHERE a.k > 3 }", "COUNT { (a)--(x) }", "size([(a)-->() | 10 / (a.k - 3)])"}[r.IntN(3)]
		}
		node := degreeNodes[r.IntN(len(degreeNodes))]
		if r.IntN(2) == 0 {
			// x bound outside: the count tests it
			node = "(x {k: 1}) MATCH " + node
		}
		where := []string{"", " WHERE d > 0", " WHERE 0 < d", " WHERE d >= 1", " WHERE d <> 0", " WHERE d > 1", " WHERE d >= 0"}[r.IntN(7)]
		if tie == "" {
			return fmt.Sprintf("MATCH %s WITH a, %s AS d%s RETURN d ORDER BY d%s%s", node, pat, where, dir, page)
		}
		return fmt.Sprintf("MATCH %s WITH a, %s AS d%s RETURN a.k AS k, d ORDER BY d%s, k%s", node, pat, where, dir, page)
	}
	return fmt.Sprintf("%s RETURN %s ORDER BY %s%s", match, ret, order, page)
}

// TestDegreeTopMatchesRowMode checks queries ranking nodes by a degree
// against row mode, on graphs with ties, isolated nodes, labels not every
// node carries, ids unique, missing and repeated, and also after writes
// that add a duplicate id or a node without one (the cached plan is
// planned again) and inside a transaction that adds a relationship. It
// also checks that the scan is narrowed on most of the queries it may be.
func TestDegreeTopMatchesRowMode(t *testing.T) {
	t.Parallel()
	runs, failed, narrowed := 0, 0, 0
	for seed := uint64(1); seed <= 5; seed++ {
		for _, kind := range degreeStores {
			planned, rows := plannedAndRowMode(t)
			n := degreeGraph(t, planned, kind, seed)
			degreeGraph(t, rows, kind, seed)
			dbs := map[string]*DB{"planned": planned, "row-mode": rows}
			label := fmt.Sprintf("seed %d, %s", seed, kind)
			r := rand.New(rand.NewPCG(seed, 2026))
			params := func() map[string]any {
				return map[string]any{"k": int64(1 + r.IntN(6)), "s": int64(r.IntN(3)), "big": int64(n + 5 + r.IntN(5)), "neg": int64(-1), "str": "3"}
			}
			var qs []string
			for i := 0; i < 60; i++ {
				q := degreeQuery(r)
				qs = append(qs, q)
				p := params()
				if strings.Contains(explainOf(planned, q, p), "by degree") {
					narrowed++
				}
				againstRowMode(t, dbs, []string{"planned"}, label, q, p, &runs, &failed)
			}
			// Writes that make the ids no key (a duplicate, a node of
			// :P without one), then the same queries from the cache.
			for _, db := range []*DB{planned, rows} {
				mustRun(t, db, "MATCH (a:P) WITH a ORDER BY a.k LIMIT 1 CREATE (:P {id: a.id, k: 1000})-[:R]->(a)", nil)
			}
			for _, q := range qs[:20] {
				againstRowMode(t, dbs, []string{"planned"}, label+", duplicate id", q, params(), &runs, &failed)
			}
			for _, db := range []*DB{planned, rows} {
				mustRun(t, db, "MATCH (a:P) WITH a ORDER BY a.k DESC LIMIT 1 CREATE (:P {k: 1001})-[:R]->(a)", nil)
			}
			for _, q := range qs[20:40] {
				againstRowMode(t, dbs, []string{"planned"}, label+", missing id", q, params(), &runs, &failed)
			}
			for _, q := range qs[40:] {
				txRunsWith(t, label, planned, rows, "MATCH (a:P {k: 1}), (b {k: 2}) CREATE (a)-[:R]->(b), (a)-[:S]->(a)", q, params(), &runs, &failed)
			}
		}
	}
	t.Logf("%d runs, %d differ, %d queries narrowed", runs, failed, narrowed)
	if runs < 1000 {
		t.Fatalf("only %d runs", runs)
	}
	if narrowed < 250 {
		t.Errorf("only %d queries narrowed", narrowed)
	}
}

// txRunsWith runs write then read (with params) in one transaction on
// both stores, compares the read's rows, and rolls back.
func txRunsWith(t *testing.T, label string, planned, rows *DB, write, read string, params map[string]any, runs, failed *int) {
	t.Helper()
	var got [2]string
	for i, db := range []*DB{planned, rows} {
		tx, err := db.Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rs, err := tx.Query(context.Background(), write, nil); err == nil {
			_, _ = rs.All()
		}
		rs, err := tx.Query(context.Background(), read, params)
		if err == nil {
			var all [][]value.Value
			if all, err = rs.All(); err == nil {
				got[i] = strings.Join(canonical(all), "\n")
			}
		}
		if err != nil {
			got[i] = "error: " + err.Error()
		}
		tx.Rollback()
	}
	*runs++
	if got[0] != got[1] {
		*failed++
		if *failed <= 20 {
			t.Errorf("%s, in a transaction after %s: %s %v\n got %s\nwant %s", label, write, read, params, got[0], got[1])
		}
	}
}
