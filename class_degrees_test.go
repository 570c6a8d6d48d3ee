package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// classDegreeGraph opens a planned and a row-mode store holding one
// random graph: 30 nodes labelled N with an index on k, carrying none,
// one or several of A, B and C, and relationships of types R, S and T
// (T with a property w) with self-loops and parallel relationships.
func classDegreeGraph(t *testing.T, seed uint64) map[string]*DB {
	t.Helper()
	dbs := map[string]*DB{}
	for _, name := range []string{"planned", "row-mode"} {
		db, err := Open("", &Options{RowModeOnly: name == "row-mode"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		mustRun(t, db, "CREATE INDEX FOR (n:N) ON (n.k)", nil)
		rg := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < 30; i++ {
			labels := ""
			for _, l := range []string{"A", "B", "C"} {
				if rg.IntN(3) == 0 {
					labels += ":" + l
				}
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n:N%s {k: %d})", labels, i), nil)
		}
		for i := 0; i < 150; i++ {
			a, b := rg.IntN(30), rg.IntN(30)
			if rg.IntN(7) == 0 {
				b = a
			}
			typ := []string{"R", "S", "T"}[rg.IntN(3)]
			for k := 0; k < 1+rg.IntN(4)/3; k++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a {k: %d}), (b {k: %d}) CREATE (a)-[:%s {w: %d}]->(b)", a, b, typ, rg.IntN(3)), nil)
			}
		}
		dbs[name] = db
	}
	return dbs
}

// classDegreeQueries generates aggregations over the rows of one hop
// from a bound node whose arguments read the relationship's type, its
// direction relative to the node (startNode, endNode, the far node
// compared with the node), the far node's labels and constants, under
// count(*), count(), sum() and the aggregates the rewrite must leave
// alone (count(DISTINCT), avg, min, collect), in RETURN, grouped, in a
// CALL { } body, after OPTIONAL MATCH (with and without WHERE), with
// filters of the same kind, far-node labels in the pattern, and the
// near misses: properties, the bound node's labels, parameters, floats,
// strings summed, huge integers, unknown types.
func classDegreeQueries(r *rand.Rand, n int) []string {
	preds := []string{
		"startNode(r) = a", "endNode(r) = a", "a = endNode(r)", "startNode(r) = m", "m = a", "m <> a",
		"startNode(r) = endNode(r)", "type(r) = 'R'", "type(r) <> 'S'", "type(r) = 'X'", "'T' = type(r)",
		"m:A", "m:A|B", "m:!C", "NOT m:B", "m:A:C", "r IS NULL", "m IS NOT NULL", "type(r) IS NULL",
		"endNode(r) = m", "startNode(r) <> a", "r:R", "r:S|T", "r:!R", "r:Q",
		// null on some rows of a MATCH
		"CASE WHEN m:B THEN m:A END", "toInteger(m:A) = CASE type(r) WHEN 'R' THEN 1 END", "type(r) = null",
	}
	misses := []string{"m.k = 1", "a:A", "r.w > 0", "m.k > a.k", "type(r) STARTS WITH 'R'", "$p = type(r)"}
	predLeaf := func() string {
		if r.IntN(12) == 0 {
			return misses[r.IntN(len(misses))]
		}
		return preds[r.IntN(len(preds))]
	}
	pred := func(depth int) string { return boolTree(r, depth, predLeaf) }
	consts := []string{"1", "0", "-1", "2", "7", "null", "-3"}
	missConsts := []string{"1.5", "'x'", "9223372036854775807", "$c", "true"}
	konst := func() string {
		if r.IntN(10) == 0 {
			return missConsts[r.IntN(len(missConsts))]
		}
		return consts[r.IntN(len(consts))]
	}
	var val func(depth int) string
	val = func(depth int) string {
		switch r.IntN(7) {
		case 0:
			return "CASE WHEN " + pred(2) + " THEN " + konst() + " END"
		case 1:
			return "toInteger(" + pred(1) + ")"
		case 2:
			return "CASE type(r) WHEN 'R' THEN " + konst() + " WHEN 'S' THEN " + konst() + " ELSE " + konst() + " END"
		case 3:
			if depth > 0 {
				return val(depth-1) + []string{" - ", " + ", " * "}[r.IntN(3)] + val(depth-1)
			}
		case 4:
			if r.IntN(3) == 0 {
				return []string{"type(r)", "m", "r", "startNode(r)", "m.k", konst()}[r.IntN(6)]
			}
		}
		return "CASE WHEN " + pred(2) + " THEN " + konst() + " ELSE " + konst() + " END"
	}
	agg := func() string {
		switch r.IntN(12) {
		case 0:
			return "count(*)"
		case 1, 2, 3:
			return "count(" + val(1) + ")"
		case 4:
			return []string{"count(DISTINCT ", "avg(", "min(", "collect("}[r.IntN(4)] + val(1) + ")"
		}
		return "sum(" + val(1) + ")"
	}
	dirs := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}
	types := []string{"", "", ":R", ":R|S", ":T|R|S", ":S"}
	ends := []string{"m", "m", "m", "m:A", "m:B|C"}
	var out []string
	for len(out) < n {
		d := dirs[r.IntN(len(dirs))]
		hop := "(a)" + d[0] + "[r" + types[r.IntN(len(types))] + "]" + d[1] + "(" + ends[r.IntN(len(ends))] + ")"
		k := r.IntN(30)
		where := ""
		if r.IntN(3) == 0 {
			where = " WHERE " + pred(1)
		}
		a1, a2 := agg(), agg()
		switch r.IntN(10) {
		case 8:
			// near misses: a relationship of the same MATCH before the
			// hop (which r must differ from), a group key of the far node
			if r.IntN(2) == 0 {
				out = append(out, fmt.Sprintf("MATCH (x:N {k: %d})-[q]-(a)%s[r]%s(m) RETURN a.k AS k, %s AS x", k, d[0], d[1], a1))
			} else {
				out = append(out, fmt.Sprintf("MATCH (a:N {k: %d}) MATCH %s%s RETURN m.k %% 2 AS g, %s AS x", k, hop, where, a1))
			}
		case 9:
			out = append(out, fmt.Sprintf("MATCH (a:N) WHERE a.k >= 20 RETURN a.k AS k, COUNT { MATCH %s%s } AS x, COLLECT { MATCH %s RETURN %s AS s }[0] AS y", hop, where, hop, a1))
		case 0:
			out = append(out, fmt.Sprintf("MATCH (a:N {k: %d}) MATCH %s%s RETURN %s AS x, %s AS y", k, hop, where, a1, a2))
		case 1:
			out = append(out, fmt.Sprintf("MATCH (a:N) MATCH %s%s RETURN a.k AS k, %s AS x, %s AS y", hop, where, a1, a2))
		case 2:
			out = append(out, fmt.Sprintf("MATCH (a:N) CALL { WITH a MATCH %s%s RETURN %s AS x } RETURN a.k AS k, x", hop, where, a1))
		case 3:
			// a filter after the OPTIONAL MATCH may drop the row of
			// nulls, or the rows the pattern kept
			after := ""
			if r.IntN(2) == 0 {
				after = " WITH a, r, m WHERE " + []string{"m IS NOT NULL", "r IS NULL", pred(1)}[r.IntN(3)]
			}
			out = append(out, fmt.Sprintf("MATCH (a:N) OPTIONAL MATCH %s%s%s WITH a, %s AS x, %s AS y RETURN a.k AS k, x, y", hop, where, after, a1, a2))
		case 4:
			out = append(out, fmt.Sprintf("MATCH (a:N) WHERE a.k < 10 OPTIONAL MATCH %s%s RETURN %s AS x", hop, where, a1))
		case 5:
			out = append(out, fmt.Sprintf("MATCH (h:N {k: %d})--(a) CALL { WITH a MATCH %s%s RETURN %s AS d } WITH a, d WHERE d > 0 RETURN count(*) AS n", k, hop, where, a1))
		case 6:
			out = append(out, fmt.Sprintf("MATCH (a:N) MATCH %s%s WITH a, %s AS x WHERE x > 1 RETURN a.k AS k, x ORDER BY k LIMIT 7", hop, where, a1))
		default:
			out = append(out, fmt.Sprintf("MATCH (a:N) WHERE a.k %% 3 = 0 MATCH %s%s WITH a.k %% 2 AS g, %s AS x RETURN g, x", hop, where, a1))
		}
	}
	return out
}

// TestClassDegreesMatchRowMode checks aggregations over one hop read as
// sums of degree reads by type, direction and far-end labels
// (planner/class_degrees.go) against row mode, which enumerates the
// hop's rows, on two random graphs with self-loops, parallel
// relationships and nodes of several labels.
func TestClassDegreesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(31, 9))
	queries := classDegreeQueries(r, 400)
	runs, failed, read := 0, 0, 0
	params := map[string]any{"p": "R", "c": 2}
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := classDegreeGraph(t, seed)
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			if seed == 1 {
				plan := rowsOrError(dbs["planned"], "EXPLAIN "+q, params)
				if strings.Contains(plan, "Degree") && !strings.Contains(plan, "Expand (a)") && !strings.Contains(plan, "Expand (m)") && !strings.Contains(plan, "> Expand >") {
					read++
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs, %d planned as degree reads", len(queries), runs, read)
	// most of the generated aggregations are of the rewrite's kind
	if read < len(queries)/4 {
		t.Errorf("only %d of %d queries planned as degree reads", read, len(queries))
	}
}
