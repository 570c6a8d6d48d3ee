package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTypeSetsMatchRowMode checks relationship type tests read as a set
// of types (planner/type_sets.go: a negated type, a disjunction, type()
// compared or listed, a label test on the relationship, and NOT, AND, OR
// of those narrow the expansion's types, a complement listed from the
// graph's type dictionary) against row mode, which expands every type
// and tests each relationship: generated type expressions in the pattern,
// in the pattern's WHERE and in the MATCH's WHERE, each under a count (a
// degree read), a grouped count, a count of distinct ends, EXISTS, COUNT
// { }, OPTIONAL MATCH and the rows themselves, in each direction, on a
// random graph with four types (and a fifth the tests name but the graph
// does not hold), self-loops and parallel relationships.
func TestTypeSetsMatchRowMode(t *testing.T) {
	t.Parallel()
	types := []string{"A", "B", "C", "D"}
	dbs := map[string]*DB{}
	for _, name := range []string{"planned", "rows"} {
		db, err := Open("", &Options{RowModeOnly: name == "rows"})
		if err != nil {
			t.Fatal(err)
		}
		rg := rand.New(rand.NewPCG(14, 5))
		for i := 0; i < 30; i++ {
			mustRun(t, db, fmt.Sprintf("CREATE (:N {k: %d})", i), nil)
		}
		for i := 0; i < 160; i++ {
			a, b := rg.IntN(30), rg.IntN(30)
			if rg.IntN(8) == 0 {
				b = a // a self-loop
			}
			typ := types[rg.IntN(len(types))]
			n := 1 + rg.IntN(3)/2 // sometimes a parallel pair
			for k := 0; k < n; k++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a {k: %d}), (b {k: %d}) CREATE (a)-[:%s {w: %d}]->(b)", a, b, typ, rg.IntN(3)), nil)
			}
		}
		dbs[name] = db
	}
	r := rand.New(rand.NewPCG(27, 11))
	names := append(types, "E")
	// label: a type expression as a pattern writes it.
	var label func(depth int) string
	label = func(depth int) string {
		if depth == 0 || r.IntN(3) == 0 {
			return names[r.IntN(len(names))]
		}
		switch r.IntN(3) {
		case 0:
			return "!" + label(depth-1)
		case 1:
			return "(" + label(depth-1) + "|" + label(depth-1) + ")"
		}
		return "(" + label(depth-1) + "&" + label(depth-1) + ")"
	}
	// test: a type test of r in a WHERE, spelled one of the ways.
	leaf := func() string {
		n := names[r.IntN(len(names))]
		switch r.IntN(6) {
		case 0:
			return "type(r) = '" + n + "'"
		case 1:
			return "type(r) <> '" + n + "'"
		case 2:
			return "'" + n + "' <> type(r)"
		case 3:
			return "type(r) IN ['" + n + "', '" + names[r.IntN(len(names))] + "']"
		case 4:
			return "r:" + label(1)
		}
		return "NOT r:" + n
	}
	test := func(depth int) string { return boolTree(r, depth, leaf) }
	dirs := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}
	var queries []string
	for i := 0; i < 60; i++ {
		l, w := label(3), test(3)
		d := dirs[r.IntN(len(dirs))]
		k := r.IntN(30)
		rel := func(spec string) string { return d[0] + "[" + spec + "]" + d[1] }
		for _, form := range []struct{ spec, where string }{
			{"r:" + l, ""},
			{"r", " WHERE " + w},
			{"r WHERE " + w, ""},
		} {
			p := "(a {k: " + fmt.Sprint(k) + "})" + rel(form.spec) + "(x)"
			queries = append(queries,
				"MATCH "+p+form.where+" RETURN count(r) AS n",
				"MATCH "+p+form.where+" RETURN count(*) AS n, count(DISTINCT x) AS m",
				"MATCH "+p+form.where+" RETURN type(r) AS t, x.k AS x, r.w AS w",
				"MATCH (a:N)"+rel(form.spec)+"(x)"+form.where+" RETURN a.k AS k, count(r) AS n",
				"MATCH (a:N) WHERE EXISTS { (a)"+rel(form.spec)+"(x)"+form.where+" } RETURN count(a) AS n",
				"MATCH (a:N) RETURN a.k AS k, COUNT { (a)"+rel(form.spec)+"(x)"+form.where+" } AS n",
				"MATCH (a:N) OPTIONAL MATCH (a)"+rel(form.spec)+"(x)"+form.where+" RETURN a.k AS k, count(r) AS n",
			)
		}
	}
	narrowed := 0
	for _, q := range queries {
		want := strings.Join(canonical(mustRun(t, dbs["rows"], q, nil)), ";")
		if got := strings.Join(canonical(mustRun(t, dbs["planned"], q, nil)), ";"); got != want {
			t.Errorf("%s\n got  %s\n want %s", q, got, want)
		}
		if !typeFiltered(fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, nil))) {
			narrowed++
		}
	}
	// The generated tests must be read as type sets, not only run as
	// filters.
	if narrowed < len(queries)/2 {
		t.Errorf("only %d of %d queries planned without a type filter", narrowed, len(queries))
	}
}

// typeFiltered reports whether an EXPLAIN plan still filters rows on a
// type test of r.
func typeFiltered(plan string) bool {
	for _, line := range strings.Split(plan, "\n") {
		if strings.Contains(line, "Filter") && (strings.Contains(line, "type(r)") || strings.Contains(line, "(r:")) {
			return true
		}
	}
	return false
}

// TestTypeSetsSeeNewTypes checks that a complement listed from the type
// dictionary follows the dictionary: a cached plan of `[r:!A]` counts a
// type created after it, and a query that creates a type counts it in
// the same query.
func TestTypeSetsSeeNewTypes(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustRun(t, db, "CREATE (a:N {k: 1})-[:A]->(b:N {k: 2}), (a)-[:B]->(b)", nil)
	q := "MATCH (a:N {k: 1})-[r:!A]->() RETURN count(r) AS n"
	count := func(q string) string { return strings.Join(canonical(mustRun(t, db, q, nil)), ";") }
	if got := count(q); got != "1" {
		t.Fatalf("before: got %s, want 1", got)
	}
	mustRun(t, db, "MATCH (a:N {k: 1}), (b:N {k: 2}) CREATE (a)-[:Z]->(b)", nil)
	if got := count(q); got != "2" {
		t.Errorf("after a new type: got %s, want 2", got)
	}
	w := "MATCH (a:N {k: 1}), (b:N {k: 2}) CREATE (a)-[:Y]->(b) WITH a MATCH (a)-[r]->() WHERE type(r) <> 'A' RETURN count(r) AS n"
	if got := count(w); got != "3" {
		t.Errorf("a type created by the query: got %s, want 3", got)
	}
}
