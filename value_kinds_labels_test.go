package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestValueKindsPerLabel checks the rules that read value kinds where
// the kinds are read per label and relationship type (the store keeps
// them per (label, key) and (type, key)) against row mode: graphs whose
// nodes :P hold only clean values (DATEs in d, small INTEGERs in s) and
// whose nodes :Q, or :P:Q, or relationships :L (not :K), hold a bad
// value of another kind too, so that a test of a :P node's property is
// rewritten while the same test of a :Q node, of a node of no known
// label, of a relationship of :K|L or of any type must not be. Queries
// put the variable's label on its scan, its node pattern (with a second
// label), a WHERE label check, an OPTIONAL MATCH, or bind the name again
// after WITH to a node of another label, or rename it (which loses the
// label). Between rounds, writes move a bad value into :P (a label
// added to the node holding it) and out again, so that cached plans that
// relied on :P's kinds are planned again, and a write then sets a :P
// node's property to the bad value (no count moves). One graph holds 270,000
// further nodes, more than the bound under which kinds used to be read
// by a scan: its kinds are known (plans still change with them).
func TestValueKindsPerLabel(t *testing.T) {
	type variant struct {
		prop, bad, where string
		filler           int
	}
	variants := []variant{
		{"s", "'3'", "Q", 0}, {"s", "2.5", "Q", 0}, {"d", "7", "Q", 0}, {"d", "duration('P1Y')", "PQ", 0},
		{"s", "9007199254740993", "Q", 0}, {"d", "'x'", "L", 0}, {"s", "'3'", "Q", 270_000},
	}
	queries := labelKindQueries(rand.New(rand.NewPCG(11, 3)), 160)
	runs, failed, changed := 0, 0, 0
	for gi, vr := range variants {
		dbs := labelKindGraphs(t, uint64(gi), vr.prop, vr.bad, vr.where, vr.filler)
		var writes []string
		if vr.where == "L" {
			writes = []string{
				"MATCH ()-[r:L]->() WHERE NOT r.d IS :: DATE WITH r LIMIT 1 MATCH (a)-[r]->(b) CREATE (a)-[:K {d: r.d, w: 1}]->(b)",
				"MATCH ()-[r:K]->() WHERE NOT r.d IS :: DATE DELETE r",
			}
		} else {
			test := fmt.Sprintf("NOT n.%s IS :: %s", vr.prop, map[string]string{"s": "INTEGER", "d": "DATE"}[vr.prop])
			writes = []string{
				"MATCH (n:Q) WHERE " + test + " WITH n LIMIT 1 SET n:P",
				"MATCH (n:P) WHERE " + test + " REMOVE n:P",
				// A bad value in :P with no count moved.
				fmt.Sprintf("MATCH (n:P) WHERE n.%[1]s IS NOT NULL WITH n ORDER BY n.id LIMIT 1 SET n.%[1]s = %[2]s", vr.prop, vr.bad),
			}
		}
		if vr.filler > 0 {
			// Known above the old bound: a type test of :P's clean
			// property is decided (before the writes put a bad value
			// in :P).
			q := fmt.Sprintf("MATCH (a:P) WHERE a.%s IS :: %s NOT NULL RETURN a.id", vr.prop, map[string]string{"s": "INTEGER", "d": "DATE"}[vr.prop])
			if p := explainOf(dbs["planned"], q, nil); strings.Contains(p, "IS ::") || !strings.Contains(p, "IS NOT NULL") {
				t.Errorf("graph %d of %d nodes: type test not decided by kinds:\n%s", gi, vr.filler, p)
			}
		}
		var plans []string
		for round := 0; round <= len(writes); round++ {
			if round > 0 {
				for _, db := range dbs {
					mustRun(t, db, writes[round-1], nil)
				}
			}
			for qi, q := range queries {
				if vr.filler > 0 && qi%4 != 0 {
					if round == 0 {
						plans = append(plans, "")
					}
					continue // (a quarter on the large graph)
				}
				params := map[string]any{"a": int64(qi % 7), "c": 2.5}
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("graph %d (%s %s on %s), round %d", gi, vr.prop, vr.bad, vr.where, round), q, params, &runs, &failed)
				plan := explainOf(dbs["planned"], q, params)
				if round == 0 {
					plans = append(plans, plan)
				} else if plan != plans[qi] {
					changed++
					plans[qi] = plan
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	if changed < 50 {
		t.Errorf("only %d plans changed when a write changed the kinds", changed)
	}
	t.Logf("%d queries, %d runs, %d plans changed by writes", len(queries), runs, changed)
}

// labelKindGraphs returns the planned, indexed and row-mode stores of
// one graph of TestValueKindsPerLabel: nodes :P, :Q and :P:Q with d and
// s, relationships :K and :L with d and w, bad (a Cypher literal) as
// some values of prop on the nodes of where ("Q": :Q only, "PQ": :P:Q)
// or on relationships :L ("L", prop d), and filler nodes :F without
// properties.
func labelKindGraphs(t *testing.T, seed uint64, prop, bad, where string, filler int) map[string]*DB {
	r := rand.New(rand.NewPCG(seed, 5))
	dates := []string{"date('1980-05-02')", "date('1984-12-31')", "date('1985-01-01')", "date('1991-07-15')", "date('2001-02-03')"}
	val := func(p string, badHere bool) string {
		if r.IntN(6) == 0 {
			return "null"
		}
		if p == prop && badHere && r.IntN(3) == 0 {
			return bad
		}
		if p == "d" {
			return dates[r.IntN(len(dates))]
		}
		return fmt.Sprint(r.IntN(18) - 5)
	}
	var stmts []string
	n := 24
	for i := 0; i < n; i++ {
		labels := []string{"P", "Q", "P:Q"}[i%3]
		badHere := where == "Q" && labels == "Q" || where == "PQ" && labels == "P:Q"
		stmts = append(stmts, fmt.Sprintf("CREATE (:%s {id: %d, d: %s, s: %s})", labels, i, val("d", badHere), val("s", badHere)))
	}
	for j := 0; j < 3*n; j++ {
		a, b := r.IntN(n), r.IntN(n)
		typ := []string{"K", "L"}[r.IntN(2)]
		stmts = append(stmts, fmt.Sprintf("MATCH (a {id: %d}), (b {id: %d}) CREATE (a)-[:%s {d: %s, w: %d}]->(b)", a, b, typ, val("d", where == "L" && typ == "L"), r.IntN(9)))
	}
	if filler > 0 {
		stmts = append(stmts, fmt.Sprintf("UNWIND range(1, %d) AS i CREATE (:F)", filler))
	}
	return kindStores(t, stmts)
}

// labelKindQueries generates n queries of TestValueKindsPerLabel.
func labelKindQueries(r *rand.Rand, n int) []string {
	consts := []string{"-3", "0", "1.25", "2.5", "3", "7", "1e17", "$c"}
	c := func() string { return consts[r.IntN(len(consts))] }
	years := []string{"1900", "1984", "1985", "1990", "2000"}
	test := func(v string) string {
		forms := []string{
			"%[1]s.s / 2.0 >= %[2]s", "toFloat(%[1]s.s) < %[2]s", "%[1]s.s + 0.5 >= %[2]s", "-%[1]s.s <= %[2]s", "%[1]s.s / 3 >= %[2]s",
			"%[1]s.s * -2.0 < %[2]s", "%[1]s.s IS :: INTEGER", "%[1]s.s IS :: INTEGER NOT NULL", "%[1]s.s IS NOT :: FLOAT",
			"%[1]s.d IS :: DATE", "%[1]s.d IS :: DATE NOT NULL", "%[1]s.d.year < %[3]s", "%[1]s.d.month = 5", "%[1]s.d.day + 0.5 > 10",
			"%[1]s.d.year < %[3]s OR %[1]s.s / 2.0 > %[2]s",
		}
		return fmt.Sprintf(forms[r.IntN(len(forms))], v, c(), years[r.IntN(len(years))])
	}
	relTest := func(v string) string {
		forms := []string{"%[1]s.d.year < %[3]s", "%[1]s.w / 2.0 > %[2]s", "%[1]s.d IS :: DATE", "%[1]s.d IS :: DATE NOT NULL", "%[1]s.d.month = 5"}
		return fmt.Sprintf(forms[r.IntN(len(forms))], v, c(), years[r.IntN(len(years))])
	}
	label := func() string { return []string{":P", ":Q", ":P:Q", "", ":P&Q", ":P|Q", ":!Q"}[r.IntN(7)] }
	types := func() string { return []string{":K", ":L", ":K|L", ""}[r.IntN(4)] }
	shapes := []func() string{
		func() string {
			return fmt.Sprintf("MATCH (a%s) WHERE %s RETURN a.id ORDER BY a.id", label(), test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) RETURN a.id, %s AS t ORDER BY a.id", label(), test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s)-[:K]->(b%s) WHERE %s AND %s RETURN a.id, b.id", label(), label(), test("a"), test("b"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a)-[r%s]->(b) WHERE %s RETURN a.id, b.id, r.w", types(), relTest("r"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s)-[r%s]->(b) WHERE %s AND %s RETURN count(*) AS n", label(), types(), relTest("r"), test("a"))
		},
		func() string { return fmt.Sprintf("MATCH (a) WHERE a%s AND %s RETURN a.id", label(), test("a")) },
		func() string {
			return fmt.Sprintf("MATCH (a%s) WITH a WHERE %s RETURN count(*) AS n", label(), test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) OPTIONAL MATCH (a)-[:K]->(b%s) WHERE %s RETURN a.id, b.id, %s AS t", label(), label(), test("b"), test("b"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) WITH a.id AS i MATCH (a%s) WHERE a.id = i AND %s RETURN i", label(), label(), test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (x%s) WITH x AS a MATCH (a)-[:K|L]->(b) WHERE %s AND %s RETURN a.id, b.id", label(), test("a"), test("b"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) WITH a, count(*) AS c MATCH (a)-->(b) WHERE %s RETURN a.id, b.id, c", label(), test("b"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) RETURN %s AS t, count(*) AS n ORDER BY t", label(), test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) WITH count(*) AS c MATCH (x%s)-[:K]->(a) WHERE %s RETURN c, a.id", label(), label(), test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a%s) WHERE %s SET a.seen = 1 RETURN count(*) AS n", label(), test("a"))
		},
	}
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		q := shapes[r.IntN(len(shapes))]()
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}
