package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// tupleInGraph creates a graph whose values make a tuple test `[x.p, y.p]
// IN [...]` decide in every way: keys p and q of integers, a float equal
// to an integer, a string, a list and nulls; z is 0 on some nodes, so
// 1 / x.z raises an error; R links with a weight w (self-loops among them).
func tupleInGraph(t *testing.T, db *DB, seed uint64, indexed bool) {
	t.Helper()
	if indexed {
		mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.p)", nil)
		mustRun(t, db, "CREATE INDEX FOR (n:B) ON (n.p)", nil)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	vals := []string{"0", "1", "2", "3", "1.0", "'1'", "[1]", "null"}
	var parts []string
	for i := 0; i < 24; i++ {
		label := []string{":A", ":B", ":A:B", ""}[r.IntN(4)]
		parts = append(parts, fmt.Sprintf("(n%d%s {id: %d, p: %s, q: %s, z: %d})", i, label, i,
			vals[r.IntN(len(vals))], vals[r.IntN(4)], min(r.IntN(8), 1)))
	}
	for i := 0; i < 120; i++ {
		s, e := r.IntN(24), r.IntN(24)
		if i%10 == 0 {
			e = s // a self-loop
		}
		parts = append(parts, fmt.Sprintf("(n%d)-[:R {w: %s}]->(n%d)", s, vals[r.IntN(len(vals))], e))
	}
	mustRun(t, db, "CREATE "+strings.Join(parts, ", "), nil)
}

// TestTupleInsMatchRowMode runs generated queries with a tuple of
// properties tested against a list of tuples (impliedTupleIns adds each
// component's IN test of the column of the tuples that could match, which
// the start choice reads as seeks) planned, planned with indexes on the
// keys and planned from the last node, and holds them to row mode's rows
// or error. The lists mix tuples that can match with tuples that cannot
// (other lengths, a null, scalars) and with parameters and expressions in
// the place of a tuple or an element (which stop the rule); near misses
// put the test under NOT, OR, CASE, OPTIONAL MATCH, EXISTS and after a
// conjunct that may raise an error (1 / x.z).
func TestTupleInsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(20, 20))
	vals := []string{"0", "1", "2", "3", "1.0", "'1'", "[1]", "null", "$v"}
	tupleItem := func() string {
		switch r.IntN(12) {
		case 0:
			return "x.id * 0 + 1" // an expression in the place of an element (one that reads the row: a constant one, `1 + 0`, is named a run constant by the planned query and meets the constant-classification gap recorded in planner/deciding_operands.go)
		case 1:
			return "[1]"
		}
		return vals[r.IntN(len(vals))]
	}
	list := func(k int) string {
		if r.IntN(12) == 0 {
			return "$pairs"
		}
		n := 1 + r.IntN(4)
		var items []string
		for i := 0; i < n; i++ {
			switch r.IntN(14) {
			case 0:
				items = append(items, "null")
			case 1:
				items = append(items, "1")
			case 2:
				items = append(items, "$pair")
			case 3:
				k := k + 1 - 2*r.IntN(2) // another length
				var xs []string
				for j := 0; j < k; j++ {
					xs = append(xs, tupleItem())
				}
				items = append(items, "["+strings.Join(xs, ", ")+"]")
			default:
				var xs []string
				for j := 0; j < k; j++ {
					xs = append(xs, tupleItem())
				}
				items = append(items, "["+strings.Join(xs, ", ")+"]")
			}
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	comps := []string{"x.p", "y.p", "x.q", "y.q", "r.w", "x.p + 0", "1"}
	tuple := func() (string, int) {
		k := 1 + r.IntN(3)
		if r.IntN(3) > 0 {
			k = 2
		}
		var xs []string
		for i := 0; i < k; i++ {
			if i < 2 && r.IntN(4) > 0 {
				xs = append(xs, []string{"x.p", "y.p"}[i])
				continue
			}
			xs = append(xs, comps[r.IntN(len(comps))])
		}
		return "[" + strings.Join(xs, ", ") + "]", k
	}
	test := func() string {
		tp, k := tuple()
		return tp + " IN " + list(k)
	}
	var queries []string
	for i := 0; i < 240; i++ {
		w := test()
		switch r.IntN(10) {
		case 0:
			w = "NOT " + w
		case 1:
			w = w + " OR x.q = 1"
		case 2:
			w = "1 / x.z > 0 AND " + w
		case 3:
			w = w + " AND 1 / x.z > 0"
		case 4:
			w = w + " AND " + test()
		}
		var q string
		switch r.IntN(10) {
		case 0:
			q = fmt.Sprintf("MATCH (x:A) OPTIONAL MATCH (x)-[r:R]->(y:B) WHERE %s RETURN x.id, y.id", w)
		case 1:
			q = fmt.Sprintf("MATCH (x:A) WHERE EXISTS { MATCH (x)-[r:R]->(y) WHERE %s } RETURN x.id", w)
		case 2:
			q = fmt.Sprintf("MATCH (x:A)-[r:R]->(y) RETURN x.id, y.id, CASE WHEN %s THEN 1 ELSE 0 END AS c", w)
		case 3:
			q = fmt.Sprintf("MATCH (x:A)-[r:R]->(y) WITH x, r, y WHERE %s RETURN count(*) AS n", w)
		case 4:
			q = fmt.Sprintf("MATCH (x:A), (y:B) WHERE %s RETURN x.id, y.id ORDER BY x.id, y.id LIMIT 5", strings.ReplaceAll(w, "r.w", "x.z"))
		case 5:
			q = fmt.Sprintf("MATCH (y:B)<-[r:R]-(x) WHERE %s RETURN DISTINCT x.id", w)
		case 6:
			q = fmt.Sprintf("MATCH (x:A)-[r:R]->(m)-[:R]->(y:B) WHERE %s RETURN count(DISTINCT m) AS n", w)
		default:
			q = fmt.Sprintf("MATCH (x:A)-[r:R]->(y) WHERE %s RETURN x.id, y.id", w)
		}
		queries = append(queries, q)
	}
	params := map[string]any{"v": int64(2), "pair": []any{int64(1), int64(1)}, "pairs": []any{[]any{int64(0), int64(1)}, []any{int64(1), int64(2)}}}
	runs, failed, seeks := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := map[string]*DB{}
		for name, o := range map[string]*Options{"planned": nil, "planned-idx": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}} {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			tupleInGraph(t, db, seed, name == "planned-idx")
			dbs[name] = db
		}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned", "planned-idx", "last"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
			if seed == 1 {
				plan := rowsOrError(dbs["planned-idx"], "EXPLAIN "+q, params)
				if strings.Contains(plan, "index seek") {
					seeks++
				}
			}
		}
	}
	t.Logf("%d queries, %d runs against row mode, %d differ; %d of the indexed plans seek", len(queries), runs, failed, seeks)
}
