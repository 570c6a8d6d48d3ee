package cyq

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// TestGuardedFiltersExact checks the guards that move a string test which
// may fail ahead of the expansions after its node (planner/
// pushdown_guarded.go), and the regular expressions of a literal pattern
// that now move as tests that cannot fail, against row mode, where every
// filter stays where it is written: generated tests (case and trim
// functions, left, right and substring of literal bounds, nested calls,
// regular expressions, valid and not) alone, negated and in AND and OR
// with another test, after one and two hops, on graphs whose property
// holds strings and nulls only, other types on nodes without
// relationships only (where moving the test unguarded raises an error
// row mode does not), and other types on nodes with relationships too
// (where a guard that dropped them would hide the error row mode
// raises). A test alone must fail exactly when row mode fails and
// otherwise return its rows; in AND and OR no error may appear that row
// mode does not raise. Each generated test must be guarded in some plan.
func TestGuardedFiltersExact(t *testing.T) {
	t.Parallel()
	strs := []string{"''", "'a'", "'An'", "' an '", "'nA'", "'xanx'", "'ANN'", "'b'", "'é'", "'a\\nn'"}
	others := []string{"1", "2.5", "true", "['a']"}
	type graph struct {
		name    string
		planned *DB
		rows    *DB
	}
	var graphs []graph
	for gi, kind := range []string{"strings", "others-unlinked", "others-linked"} {
		var dbs [2]*DB
		for m := range dbs {
			db, err := Open("", &Options{RowModeOnly: m == 1})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			dbs[m] = db
		}
		rg := rand.New(rand.NewPCG(uint64(7+gi), 3))
		var stmts []string
		for i := 0; i < 60; i++ {
			linked := rg.IntN(3) > 0
			v := strs[rg.IntN(len(strs))]
			switch {
			case rg.IntN(8) == 0:
				v = "null"
			case kind == "others-unlinked" && !linked && rg.IntN(2) == 0,
				kind == "others-linked" && rg.IntN(6) == 0:
				v = others[rg.IntN(len(others))]
			}
			stmts = append(stmts, fmt.Sprintf("CREATE (n:V {k: %d, p: %s, q: %d})", i, v, i%3))
			if linked {
				for j := 0; j <= rg.IntN(3); j++ {
					stmts = append(stmts, fmt.Sprintf("MATCH (n:V {k: %d}) CREATE (n)-[:R]->(:W {k: %d})-[:S]->(:W {k: %d})", i, 100*i+j, 1000*i+j))
				}
			}
		}
		for _, db := range dbs {
			for _, s := range stmts {
				mustRun(t, db, s, nil)
			}
		}
		graphs = append(graphs, graph{kind, dbs[0], dbs[1]})
	}
	r := rand.New(rand.NewPCG(5, 21))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	value := func() string {
		f := pick("toLower(%s)", "toUpper(%s)", "lower(%s)", "trim(%s)", "ltrim(%s)", "btrim(%s)", "left(%s, 2)",
			"right(%s, 1)", "substring(%s, 1)", "substring(%s, 0, 2)")
		arg := "n.p"
		if r.IntN(4) == 0 {
			arg = fmt.Sprintf(pick("trim(%s)", "toUpper(%s)"), arg)
		}
		return fmt.Sprintf(f, arg)
	}
	test := func() string {
		switch r.IntN(7) {
		case 0:
			return "n.p =~ " + pick("'(?i)a.*'", "'(?is).*an.*'", "'a|b'", "'a('", "'[a-'")
		case 1:
			return value() + " IN ['a', 'an', 'AN', '']"
		case 2:
			return value() + " IS NULL"
		}
		return value() + " " + pick("=", "<>", "STARTS WITH", "ENDS WITH", "CONTAINS", "<") + " " + pick("'a'", "'an'", "'AN'", "'n'", "''")
	}
	type pred struct {
		text  string
		alone bool
	}
	var preds []pred
	for i := 0; i < 90; i++ {
		p := test()
		switch r.IntN(5) {
		case 0:
			preds = append(preds, pred{"NOT " + p, true})
		case 1:
			preds = append(preds, pred{"(" + p + " OR n.q = 1)", false})
		case 2:
			preds = append(preds, pred{"(n.q <> 2 AND " + p + ")", false})
		default:
			preds = append(preds, pred{p, true})
		}
	}
	guardedPlans := 0
	for _, p := range preds {
		qs := []string{
			"MATCH (n:V)-[:R]->(m) WHERE " + p.text + " RETURN n.k, m.k",
			"MATCH (n:V)-[:R]->(m)-[:S]->(o) WHERE " + p.text + " RETURN n.k, o.k",
			"MATCH (n:V)-[:R]->(m) WHERE " + p.text + " RETURN count(*)",
		}
		for _, q := range qs {
			for _, g := range graphs {
				want, refErr := runRows(g.rows, q, nil)
				got, err := runRows(g.planned, q, nil)
				switch {
				case err != nil && refErr == nil:
					t.Errorf("%s: %s: %v (row mode: no error)", g.name, q, err)
				case p.alone && (err != nil) != (refErr != nil):
					t.Errorf("%s: %s: error %v, row mode's %v", g.name, q, err, refErr)
				case err == nil && refErr == nil:
					h, w := canonical(got), canonical(want)
					sort.Strings(h)
					sort.Strings(w)
					if strings.Join(h, ";") != strings.Join(w, ";") {
						t.Errorf("%s: %s\n got  %v\n want %v", g.name, q, h, w)
					}
				}
			}
		}
		// On the graph whose p holds other kinds than strings: where p
		// holds strings and nulls only, the value kinds prove the string
		// functions cannot fail, and the test moves unguarded.
		plan := fmt.Sprint(mustRun(t, graphs[2].planned, "EXPLAIN "+qs[0], nil))
		if strings.Contains(plan, "valueType") || strings.Contains(plan, "deferred as") || strings.Contains(p.text, "=~") && strings.Index(plan, "=~") > strings.Index(plan, "Expand") {
			guardedPlans++
		}
	}
	// The generated tests must exercise the guards and moves.
	if guardedPlans < len(preds)/3 {
		t.Errorf("only %d of %d tests were guarded or moved", guardedPlans, len(preds))
	}
	t.Logf("%d of %d tests guarded or moved", guardedPlans, len(preds))
}
