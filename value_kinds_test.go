package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestValueKindsExact checks the rules that read the kinds of property
// values (planner/value_kinds.go, planner/fold_kinds.go) against row mode,
// which reads none: tests proven unable to fail moved into searches and
// ahead of other operators, type tests decided by kinds, and comparisons
// of monotone arithmetic of a property rewritten as comparisons of the
// property. Graphs hold nodes :P and :Q with a property d of DATEs and
// s of small INTEGERs, with relationships :K carrying d too; each graph
// but the first adds one other kind to one property (ZONED DATETIME,
// LOCAL TIME, INTEGER, DURATION or STRING to d, on nodes or on
// relationships only; FLOAT with NaN, INTEGERs above 2^53, STRING or
// BOOLEAN to s), so that an error, if any, is one message whichever bad
// value a plan meets first. Generated queries read them through
// temporal components (some every kind has, some not), float and
// integer arithmetic, toFloat(), comparisons with literals and
// parameters, type tests and valueType(), in least-length and shortest
// path filters over nodes and relationships, WHERE of MATCH, OPTIONAL
// MATCH and WITH, OR, grouping keys, ORDER BY with LIMIT,
// DISTINCT, map values (whose properties the statistics do not know)
// and a statement that writes. Each query runs before and after writes
// that change the kinds (a bad value added to a clean graph, the bad
// values taken away, a clean value back), so a cached plan that relied
// on kinds must be planned again. Rows or error must be row mode's, and
// some plans must change with the kinds.
func TestValueKindsExact(t *testing.T) {
	t.Parallel()
	type variant struct{ prop, bad string }
	variants := []variant{{"", ""},
		{"d", "datetime('1985-01-01T10:00:00Z')"}, {"d", "localtime('10:00')"}, {"d", "7"},
		{"d", "duration('P1Y')"}, {"d", "'x'"}, {"rd", "7"},
		{"s", "2.5"}, {"s", "0.0 / 0.0"}, {"s", "9007199254740993"}, {"s", "-9223372036854775807"},
		{"s", "'3'"}, {"s", "true"}}
	queries := kindQueries(rand.New(rand.NewPCG(7, 7)), 200)
	runs, failed, changed := 0, 0, 0
	for gi, vr := range variants {
		dbs := kindGraphs(t, uint64(gi), vr.prop, vr.bad)
		// Writes between rounds: a clean graph takes a bad value and
		// loses it again; a graph with bad values loses them, then takes
		// one back.
		var writes []string
		switch vr.prop {
		case "":
			writes = []string{"MATCH (n:P {id: 3}) SET n.d = 5, n.s = 'q'", "MATCH (n:P {id: 3}) SET n.d = date('1990-01-01'), n.s = 4"}
		case "rd":
			writes = []string{"MATCH ()-[r:K]->() WHERE r.d IS :: INTEGER SET r.d = null", "MATCH ()-[r:K]->() WITH r LIMIT 1 SET r.d = 7"}
		case "d":
			writes = []string{"MATCH (n) WHERE NOT n.d IS :: DATE SET n.d = null", "MATCH (n:Q) WITH n LIMIT 1 SET n.d = " + vr.bad}
		case "s":
			writes = []string{"MATCH (n) WHERE CASE WHEN n.s IS :: INTEGER THEN abs(n.s) > 100 ELSE true END SET n.s = null", "MATCH (n:Q) WITH n LIMIT 1 SET n.s = " + vr.bad}
		}
		var plans []string
		for round := 0; round <= len(writes); round++ {
			if round > 0 {
				for _, db := range dbs {
					mustRun(t, db, writes[round-1], nil)
				}
			}
			for qi, q := range queries {
				params := map[string]any{"a": int64(qi % 7), "c": 2.5}
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("graph %d (%s %s), round %d", gi, vr.prop, vr.bad, round), q, params, &runs, &failed)
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

// explainOf is q's EXPLAIN on db ("" on an error).
func explainOf(db *DB, q string, params map[string]any) string {
	rows, err := db.Query(context.Background(), "EXPLAIN "+q, params)
	if err != nil {
		return ""
	}
	all, err := rows.All()
	if err != nil {
		return ""
	}
	return fmt.Sprint(all)
}

// kindGraphs returns the planned, indexed and row-mode stores of one
// generated graph (see TestValueKindsExact), with bad (a Cypher literal)
// as some values of property prop ("rd": d on relationships only).
func kindGraphs(t *testing.T, seed uint64, prop, bad string) map[string]*DB {
	r := rand.New(rand.NewPCG(seed, 3))
	dates := []string{"date('1980-05-02')", "date('1984-12-31')", "date('1985-01-01')", "date('1991-07-15')", "date('2001-02-03')"}
	var stmts []string
	value := func(p string, i int) string {
		if r.IntN(6) == 0 {
			return "null"
		}
		if p == prop && r.IntN(4) == 0 {
			return bad
		}
		if p == "d" {
			return dates[r.IntN(len(dates))]
		}
		return fmt.Sprint(r.IntN(18) - 5)
	}
	n := 24
	for i := 0; i < n; i++ {
		label := "P"
		if i%3 == 2 {
			label = "Q"
		}
		stmts = append(stmts, fmt.Sprintf("CREATE (:%s {id: %d, d: %s, s: %s})", label, i, value("d", i), value("s", i)))
	}
	links := 3 * n
	if seed%2 == 1 {
		links = n // sparse: some nodes only reached by longer trails
	}
	for j := 0; j < links; j++ {
		a, b := r.IntN(n), r.IntN(n)
		d := value("d", j)
		if prop == "rd" && r.IntN(4) == 0 {
			d = bad
		}
		stmts = append(stmts, fmt.Sprintf("MATCH (a {id: %d}), (b {id: %d}) CREATE (a)-[:K {d: %s, w: %d}]->(b)", a, b, d, r.IntN(9)))
	}
	return kindStores(t, stmts)
}

// kindQueries generates n queries reading d and s (see
// TestValueKindsExact).
func kindQueries(r *rand.Rand, n int) []string {
	consts := []string{"-3", "0", "1.25", "2.5", "3", "7", "1e17", "-0.5", "$c"}
	c := func() string { return consts[r.IntN(len(consts))] }
	years := []string{"1900", "1984", "1985", "1990", "2000"}
	test := func(v string) string {
		forms := []string{
			"%[1]s.s / 2.0 >= %[2]s", "%[1]s.s * 1.5 > %[2]s", "toFloat(%[1]s.s) < %[2]s", "%[1]s.s + 0.5 >= %[2]s",
			"-%[1]s.s <= %[2]s", "3 - %[1]s.s > %[2]s", "%[1]s.s / 3 >= %[2]s", "%[1]s.s * 2 > %[2]s", "%[1]s.s * -2.0 < %[2]s",
			"%[2]s < %[1]s.s / 2.0", "%[1]s.s / 2.0 = %[2]s", "toFloat(%[1]s.s) = %[2]s", "%[1]s.s / 0.0 > 0", "toFloat(%[1]s.s) * 2.0 <= %[2]s",
			"%[1]s.s IS :: INTEGER", "%[1]s.s IS :: INTEGER NOT NULL", "%[1]s.s IS NOT :: FLOAT", "%[1]s.s :: STRING", "%[1]s.s IS :: LIST<INTEGER>",
			"%[1]s.d IS :: DATE", "%[1]s.d IS :: DATE NOT NULL", "%[1]s.d IS NOT :: ZONED DATETIME NOT NULL", "%[1]s.d IS TYPED NULL",
			"%[1]s.d.year < %[3]s", "%[1]s.d.month = 5", "%[1]s.d.hour > 1", "%[1]s.d.day + 0.5 > 10", "%[1]s.d.years > 0",
			"valueType(%[1]s.s) = 'INTEGER NOT NULL'", "%[1]s.d.year < %[3]s OR %[1]s.s / 2.0 > %[2]s",
		}
		return fmt.Sprintf(forms[r.IntN(len(forms))], v, c(), years[r.IntN(len(years))])
	}
	relTest := func(v string) string {
		forms := []string{"%[1]s.d.year < %[3]s", "%[1]s.w / 2.0 > %[2]s", "%[1]s.d IS :: DATE", "toFloat(%[1]s.w) >= %[2]s", "%[1]s.d.hour > 1"}
		return fmt.Sprintf(forms[r.IntN(len(forms))], v, c(), years[r.IntN(len(years))])
	}
	shapes := []func() string{
		func() string {
			return fmt.Sprintf("MATCH p = (a:P {id: $a})-[:K*1..3]-(b:P) WHERE all(x IN nodes(p)[1..-1] WHERE %s) WITH b, min(length(p)) AS m RETURN b.id, m", test("x"))
		},
		func() string {
			return fmt.Sprintf("MATCH p = (a:P {id: $a})-[:K*1..3]-(b:P) WHERE %s AND all(x IN nodes(p)[1..-1] WHERE %s) WITH b, min(length(p)) AS m RETURN b.id, m", test("b"), test("x"))
		},
		func() string { return fmt.Sprintf("MATCH (a:P) RETURN a.id, %s OR %s AS t", test("a"), test("a")) },
		func() string {
			return fmt.Sprintf("MATCH p = shortestPath((a:P {id: $a})-[:K*..3]-(b:P)) WHERE all(x IN nodes(p) WHERE %s) RETURN b.id, length(p)", test("x"))
		},
		func() string {
			return fmt.Sprintf("MATCH p = (a:P {id: $a})-[:K*1..3]-(b) WHERE all(r IN relationships(p) WHERE %s) WITH b, min(length(p)) AS m RETURN b.id, m", relTest("r"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a:P)-[:K]->(b) WHERE %s AND %s RETURN a.id, b.id", test("a"), test("b"))
		},
		func() string { return fmt.Sprintf("MATCH (a:P) WHERE %s RETURN a.id ORDER BY a.id", test("a")) },
		func() string {
			return fmt.Sprintf("MATCH (a:P) OPTIONAL MATCH (a)-[:K]->(b:Q) WHERE %s RETURN a.id, b.id, %s AS t", test("b"), test("b"))
		},
		func() string { return fmt.Sprintf("MATCH (a:P) WITH a WHERE %s RETURN count(*) AS n", test("a")) },
		func() string { return fmt.Sprintf("MATCH (a) RETURN %s AS t, count(*) AS n", test("a")) },
		func() string {
			return fmt.Sprintf("MATCH (a:P) RETURN a.id, %s AS t ORDER BY t, a.id LIMIT 5", test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a:P)-[:K]->(b) WHERE %s OR %s RETURN DISTINCT a.id", test("a"), test("b"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a:P)-[r:K]->(b) WHERE %s AND %s RETURN count(*) AS n", relTest("r"), test("b"))
		},
		func() string { return fmt.Sprintf("WITH {s: 2.5, d: 3} AS a RETURN %s AS t", test("a")) },
		func() string { return fmt.Sprintf("MATCH (a:P) WITH a.s AS a RETURN %s AS t", test("a")) },
		func() string {
			return fmt.Sprintf("MATCH (a:P) WHERE %s SET a.seen = coalesce(a.seen, 0) + 1 RETURN count(*) AS n", test("a"))
		},
		func() string {
			return fmt.Sprintf("MATCH (a:P) RETURN CASE WHEN %s THEN 1 WHEN %s THEN 2 ELSE valueType(a.s) END AS t, count(*) AS n", test("a"), test("a"))
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

// kindStores runs stmts on three stores of the value-kind tests: planned,
// planned with an index on :P(s), and row mode.
func kindStores(t *testing.T, stmts []string) map[string]*DB {
	dbs := map[string]*DB{}
	for _, name := range []string{"planned", "planned-idx", "row-mode"} {
		db, err := Open("", &Options{RowModeOnly: name == "row-mode"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		for _, s := range stmts {
			mustRun(t, db, s, nil)
		}
		if name == "planned-idx" {
			mustRun(t, db, "CREATE INDEX FOR (n:P) ON (n.s)", nil)
		}
		dbs[name] = db
	}
	return dbs
}
