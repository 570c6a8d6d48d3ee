package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTypeValuesMatchRowMode checks tests of a relationship's type that
// read it only through type(r), computed for each type of the graph's
// dictionary when planning (planner/type_values.go: `type(r) CONTAINS
// 'A'`, `=~`, string functions of type(r) compared), against row mode,
// which tests every relationship: generated tests (and their NOT, AND,
// OR and XOR; null for some types; failing for some types, by a negative
// substring start, a division by zero or a bad regular expression;
// reading a parameter, the relationship's property or a non-boolean
// value, which stay filters) in the MATCH's WHERE, in the pattern's WHERE
// and in subquery bodies, under counts, groups, rows, EXISTS, COUNT { }
// and OPTIONAL MATCH, in each direction, on a random graph with five
// types, one the dictionary holds without relationships, self-loops and
// parallel relationships.
func TestTypeValuesMatchRowMode(t *testing.T) {
	t.Parallel()
	types := []string{"ALPHA", "AB", "BETA", "BA_X", "C"}
	dbs := map[string]*DB{}
	for _, name := range []string{"planned", "row-mode"} {
		db, err := Open("", &Options{RowModeOnly: name == "row-mode"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		rg := rand.New(rand.NewPCG(22, 7))
		for i := 0; i < 24; i++ {
			mustRun(t, db, fmt.Sprintf("CREATE (:N {k: %d})", i), nil)
		}
		for i := 0; i < 120; i++ {
			a, b := rg.IntN(24), rg.IntN(24)
			if rg.IntN(8) == 0 {
				b = a // a self-loop
			}
			// AB only from nodes 0..5, so most nodes reach no AB
			// relationship and a test failing on AB fails for few.
			typ := types[rg.IntN(len(types))]
			if typ == "AB" && a > 5 {
				typ = "ALPHA"
			}
			n := 1 + rg.IntN(3)/2 // sometimes a parallel pair
			for k := 0; k < n; k++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a {k: %d}), (b {k: %d}) CREATE (a)-[:%s {w: %d}]->(b)", a, b, typ, rg.IntN(3)), nil)
			}
		}
		// a type the dictionary keeps with no relationship left
		mustRun(t, db, "MATCH (a {k: 0}) CREATE (a)-[:GONE]->(a)", nil)
		mustRun(t, db, "MATCH ()-[r:GONE]->() DELETE r", nil)
		dbs[name] = db
	}
	r := rand.New(rand.NewPCG(5, 19))
	subs := []string{"A", "B", "X", "AL", "ET", "_", "ONE", "Z"}
	sub := func() string { return "'" + subs[r.IntN(len(subs))] + "'" }
	// leaf: a test of type(r) alone, or a near-miss.
	leaf := func() string {
		switch r.IntN(20) {
		case 0:
			return "type(r) CONTAINS " + sub()
		case 1:
			return "type(r) STARTS WITH " + sub()
		case 2:
			return "type(r) ENDS WITH " + sub()
		case 3:
			return "type(r) =~ '" + []string{"A.*", ".*_.*", "B[A-Z]+", "C"}[r.IntN(4)] + "'"
		case 4:
			return "left(type(r), 2) = " + sub()
		case 5:
			return fmt.Sprintf("size(type(r)) %s %d", []string{">", "<", "=", "<>"}[r.IntN(4)], 1+r.IntN(4))
		case 6:
			return "toLower(type(r)) = '" + strings.ToLower(types[r.IntN(len(types))]) + "'"
		case 7:
			return "type(r) + '!' = '" + types[r.IntN(len(types))] + "!'"
		case 8:
			// null for the types after 'B'
			return "CASE WHEN type(r) < 'B' THEN type(r) CONTAINS " + sub() + " END"
		case 9:
			// fails for types shorter than 3 (AB, C): a negative start
			return "substring(type(r), size(type(r)) - 3) = 'PHA'"
		case 10:
			// fails for types of two letters (AB): division by zero
			return "size(type(r)) / (size(type(r)) - 2) > 0"
		case 11:
			// a parameter: its value when planning is not every run's
			return "type(r) STARTS WITH $p"
		case 12:
			// reads the relationship's property too
			return "type(r) CONTAINS toString(r.w)"
		case 13:
			return "r.w > 0"
		case 14:
			// null for every type
			return "type(r) = null"
		case 15:
			return "type(r) IN ['AB', 'C']"
		case 16:
			// fails for every type: not a regular expression
			return "type(r) =~ '('"
		case 17:
			// true for C, not a boolean for the others: a WHERE raises
			// an error on them
			return "CASE WHEN type(r) = 'C' THEN true ELSE 1 END"
		case 18:
			// a parameter that decides the type kept
			return "(type(r) STARTS WITH $p OR type(r) = 'C')"
		}
		return "coalesce(CASE WHEN type(r) ENDS WITH 'A' THEN false END, size(type(r)) > 2)"
	}
	test := func(depth int) string { return boolTree(r, depth, leaf) }
	dirs := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}
	var queries []string
	for i := 0; i < 50; i++ {
		w := test(2)
		if r.IntN(4) == 0 {
			// not a boolean (for some types): a WHERE raises an error
			w = []string{"size(type(r))", "CASE WHEN type(r) = 'C' THEN true ELSE 1 END", "CASE WHEN type(r) STARTS WITH 'B' THEN type(r) ELSE false END"}[r.IntN(3)]
		}
		d := dirs[r.IntN(len(dirs))]
		k := r.IntN(24)
		rel := func(spec string) string { return d[0] + "[" + spec + "]" + d[1] }
		for _, form := range []struct{ spec, where string }{
			{"r", " WHERE " + w},
			{"r WHERE " + w, ""},
		} {
			p := "(a {k: " + fmt.Sprint(k) + "})" + rel(form.spec) + "(x)"
			queries = append(queries,
				"MATCH "+p+form.where+" RETURN count(r) AS n",
				"MATCH "+p+form.where+" RETURN type(r) AS t, x.k AS x, r.w AS w",
				"MATCH (a:N)"+rel(form.spec)+"(x)"+form.where+" RETURN type(r) AS t, count(*) AS n",
				"MATCH (a:N) WHERE EXISTS { (a)"+rel(form.spec)+"(x)"+form.where+" } RETURN count(a) AS n",
				"MATCH (a:N) RETURN a.k AS k, COUNT { (a)"+rel(form.spec)+"(x)"+form.where+" } AS n",
				"MATCH (a:N) OPTIONAL MATCH (a)"+rel(form.spec)+"(x)"+form.where+" RETURN a.k AS k, count(r) AS n",
			)
		}
	}
	runs, failed, narrowed, errs := 0, 0, 0, 0
	for _, q := range queries {
		for _, p := range []string{"A", "B"} {
			params := map[string]any{"p": p}
			againstRowMode(t, dbs, []string{"planned"}, "type values", q, params, &runs, &failed)
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, params), "error") {
				errs++
			}
		}
		if !typeFiltered(rowsOrError(dbs["planned"], "EXPLAIN "+q, map[string]any{"p": "A"})) {
			narrowed++
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	// The generated tests must be read as types, not only run as
	// filters, and some must raise errors.
	if narrowed < len(queries)/3 || errs == 0 {
		t.Errorf("%d of %d queries planned without a type filter, %d runs raise errors", narrowed, len(queries), errs)
	}
	t.Logf("%d queries, %d runs, %d narrowed, %d raising errors", len(queries), runs, narrowed, errs)
}

// TestTypeValuesKeepVaryingTests checks that a test of type(r) whose
// value varies between evaluations (rand()) or between the planning and
// the run (the statement's clock, a parameter) is not computed per type
// when planning: it stays a filter of the rows.
func TestTypeValuesKeepVaryingTests(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRun(t, db, "CREATE (a:N {k: 1})-[:HAS_A]->(b:N {k: 2}), (a)-[:B]->(b)", nil)
	for _, w := range []string{
		"(rand() < 0.5 OR type(r) = 'B')",
		"(type(r) CONTAINS toString(datetime().year) OR type(r) = 'B')",
		"(type(r) STARTS WITH $p OR type(r) = 'B')",
		"(type(r) STARTS WITH coalesce($p, 'H') OR type(r) = 'B')",
	} {
		q := "EXPLAIN MATCH (a:N {k: 1})-[r]->() WHERE " + w + " RETURN count(r) AS n"
		for _, p := range []any{"H", nil} {
			if plan := rowsOrError(db, q, map[string]any{"p": p}); !typeFiltered(plan) {
				t.Errorf("p = %v: %s\nplanned without the filter:\n%s", p, q, plan)
			}
		}
	}
}

// TestTypeValuesSeeNewTypes checks that the types a test computed per
// type keeps follow the dictionary: a cached plan counts a type created
// after it, and a query that creates a type counts it in the same query.
func TestTypeValuesSeeNewTypes(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRun(t, db, "CREATE (a:N {k: 1})-[:HAS_A]->(b:N {k: 2}), (a)-[:B]->(b)", nil)
	q := "MATCH (a:N {k: 1})-[r]->() WHERE type(r) STARTS WITH 'HAS' RETURN count(r) AS n"
	count := func(q string) string { return strings.Join(canonical(mustRun(t, db, q, nil)), ";") }
	if got := count(q); got != "1" {
		t.Fatalf("before: got %s, want 1", got)
	}
	mustRun(t, db, "MATCH (a:N {k: 1}), (b:N {k: 2}) CREATE (a)-[:HAS_Z]->(b)", nil)
	if got := count(q); got != "2" {
		t.Errorf("after a new type: got %s, want 2", got)
	}
	w := "MATCH (a:N {k: 1}), (b:N {k: 2}) CREATE (a)-[:HAS_Y]->(b) WITH a MATCH (a)-[r]->() WHERE type(r) STARTS WITH 'HAS' RETURN count(r) AS n"
	if got := count(w); got != "3" {
		t.Errorf("a type created by the query: got %s, want 3", got)
	}
}
