package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPrefixFunctionsMatchRowMode compares generated prefix comparisons
// (`left(n.p, k) = s`, `substring(n.p, 0[, k]) = s`, either side, k a
// literal, negative, null or a parameter, s a string, a parameter, a
// number or null, under NOT, OR and AND with another test, in a MATCH,
// after an expansion, in an EXISTS, over an OPTIONAL MATCH, over a
// WITH that renames or computes the value) planned and in row mode,
// rows or error exactly, on a graph where p holds only strings and
// nulls and on one where some p are numbers, booleans or lists (on which
// left() raises an error), each with and without an index on :V(p).
// The implied `n.p STARTS WITH s` (planner/prefix_functions.go) is
// added only where left() cannot fail; it checks that the seek by it is
// still chosen where the kinds prove p a string.
func TestPrefixFunctionsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 3))
	prefix := func(v string) string {
		ks := []string{"0", "1", "2", "3", "$k", "-1", "null"}
		k := ks[r.IntN(len(ks))]
		ss := []string{"'a'", "'ab'", "'b'", "''", "$s", "null", "1"}
		s := ss[r.IntN(len(ss))]
		var f string
		switch r.IntN(4) {
		case 0, 1:
			f = fmt.Sprintf("left(%s, %s)", v, k)
		case 2:
			f = fmt.Sprintf("substring(%s, 0, %s)", v, k)
		default:
			f = fmt.Sprintf("substring(%s, 0)", v)
		}
		if r.IntN(3) == 0 {
			return s + " = " + f
		}
		return f + " = " + s
	}
	var tree func(v string, depth int) string
	tree = func(v string, depth int) string {
		if depth == 0 || r.IntN(2) == 0 {
			if r.IntN(5) == 0 {
				return fmt.Sprintf("n.q = %d", r.IntN(3))
			}
			return prefix(v)
		}
		switch r.IntN(4) {
		case 0:
			return "NOT (" + tree(v, depth-1) + ")"
		case 1:
			return "(" + tree(v, depth-1) + " OR " + tree(v, depth-1) + ")"
		}
		return "(" + tree(v, depth-1) + " AND " + tree(v, depth-1) + ")"
	}
	forms := []string{
		"MATCH (n:V) WHERE %s RETURN n.k",
		"MATCH (n:V)-[:R]->(m) WHERE %s RETURN n.k, m.k",
		"MATCH (m) WHERE EXISTS { (m)<-[:R]-(n:V) WHERE %s } RETURN m.k",
		"MATCH (m:V) OPTIONAL MATCH (m)-[:R]->(n:V) WHERE %s RETURN m.k, n.k",
		"MATCH (n:V) WITH n, n.k AS k WHERE %s RETURN k",
		"MATCH (x:V) WITH x AS n, x.q AS q WHERE %s RETURN n.k",
		"MATCH (n:V) WHERE n.k > 10 AND %s RETURN n.k",
		"MATCH (n:V) WHERE n.k < 30 OR 1 / (n.q - 1) > 0 WITH n WHERE %s RETURN n.k",
		"MATCH (n:V) WHERE 1 / (n.q - 1) > 0 AND %s RETURN n.k",
	}
	var queries []string
	seen := map[string]bool{}
	for len(queries) < 400 {
		q := fmt.Sprintf(forms[r.IntN(len(forms))], tree("n.p", 2))
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	params := map[string]any{"s": "ab", "k": int64(2)}
	runs, failed, errs := 0, 0, 0
	for _, mixed := range []bool{false, true} {
		dbs := map[string]*DB{}
		for _, name := range []string{"planned", "planned-idx", "row-mode"} {
			var o *Options
			if name == "row-mode" {
				o = &Options{RowModeOnly: true}
			}
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if name == "planned-idx" {
				mustRun(t, db, "CREATE INDEX FOR (n:V) ON (n.p)", nil)
			}
			rg := rand.New(rand.NewPCG(5, 5))
			values := []string{"''", "'a'", "'b'", "'ab'", "'aa'", "'ba'", "'abb'", "'aab'", "null"}
			others := []string{"1", "2.5", "true", "[1]"}
			for i := 0; i < 40; i++ {
				v := values[rg.IntN(len(values))]
				if mixed && rg.IntN(6) == 0 {
					v = others[rg.IntN(len(others))]
				}
				labels := ":V"
				if rg.IntN(6) == 0 {
					labels = ":W"
				}
				mustRun(t, db, fmt.Sprintf("CREATE (n%s {k: %d, p: %s, q: %d})", labels, i, v, i%3), nil)
			}
			mustRun(t, db, "MATCH (a), (b) WHERE (a.k * 7 + b.k) % 11 = 0 CREATE (a)-[:R]->(b)", nil)
			dbs[name] = db
		}
		for _, q := range queries {
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, params), "error") {
				errs++
			}
			againstRowMode(t, dbs, []string{"planned", "planned-idx"}, fmt.Sprintf("mixed=%t", mixed), q, params, &runs, &failed)
		}
		// The seek by the implied prefix where p holds strings only.
		plan := rowsOrError(dbs["planned-idx"], "EXPLAIN MATCH (n:V) WHERE left(n.p, 2) = 'ab' RETURN n.k", nil)
		if seeks := strings.Contains(plan, "STARTS WITH"); seeks == mixed {
			t.Errorf("mixed=%t: the implied prefix is added: %t, want %t\n%s", mixed, seeks, !mixed, plan)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs, %d row-mode errors", len(queries), runs, errs)
}
