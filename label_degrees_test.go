package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLabelDegreesMatchRowMode checks degree reads with a label test of
// the far node (planner/count_degree.go: a count of the neighbours that
// carry a label expression is one degree read testing each far end's
// labels) against row mode, which expands every relationship and filters
// the rows: generated label expressions on the far node in the pattern
// and in WHERE, under count(*), count of the node or the relationship,
// a grouped count, COUNT { }, a self-loop exclusion and the UNION ALL of
// per-label counts, in each direction, from an anchor found by an index
// seek, on a random graph whose nodes carry no label but N, one or
// several, with self-loops and parallel relationships.
func TestLabelDegreesMatchRowMode(t *testing.T) {
	t.Parallel()
	dbs := map[string]*DB{}
	for _, name := range []string{"planned", "rows"} {
		db, err := Open("", &Options{RowModeOnly: name == "rows"})
		if err != nil {
			t.Fatal(err)
		}
		mustRun(t, db, "CREATE INDEX FOR (n:N) ON (n.k)", nil)
		rg := rand.New(rand.NewPCG(18, 4))
		for i := 0; i < 40; i++ {
			labels := ""
			for _, l := range []string{"A", "B", "C"} {
				if rg.IntN(3) == 0 {
					labels += ":" + l
				}
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n:N%s {k: %d})", labels, i), nil)
		}
		for i := 0; i < 220; i++ {
			a, b := rg.IntN(40), rg.IntN(40)
			if rg.IntN(8) == 0 {
				b = a
			}
			typ := []string{"R", "S"}[rg.IntN(2)]
			for k := 0; k < 1+rg.IntN(4)/3; k++ {
				mustRun(t, db, fmt.Sprintf("MATCH (a {k: %d}), (b {k: %d}) CREATE (a)-[:%s]->(b)", a, b, typ), nil)
			}
		}
		dbs[name] = db
	}
	r := rand.New(rand.NewPCG(5, 23))
	names := []string{"A", "B", "C", "D", "N"}
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
	dirs := [][2]string{{"-", "->"}, {"<-", "-"}, {"-", "-"}}
	types := []string{"", ":R", ":S", ":R|S"}
	var queries []string
	for i := 0; i < 70; i++ {
		l, l2 := label(2), label(2)
		d := dirs[r.IntN(len(dirs))]
		ty := types[r.IntN(len(types))]
		k := r.IntN(40)
		rel := d[0] + "[r" + ty + "]" + d[1]
		// the same hop written from its far end
		rrel := map[[2]string]string{{"-", "->"}: "<-[r" + ty + "]-", {"<-", "-"}: "-[r" + ty + "]->", {"-", "-"}: "-[r" + ty + "]-"}[d]
		a := fmt.Sprintf("(a:N {k: %d})", k)
		queries = append(queries,
			"MATCH "+a+rel+"(m:"+l+") RETURN count(m) AS n",
			"MATCH "+a+rel+"(m) WHERE m:"+l+" RETURN count(*) AS n",
			"MATCH "+a+rel+"(m:"+l+") WHERE m:"+l2+" RETURN count(r) AS n",
			"MATCH "+a+rel+"(m:"+l+") WHERE m <> a RETURN count(r) AS n",
			"MATCH (a:N)"+rel+"(m:"+l+") RETURN a.k AS k, count(*) AS n",
			"MATCH (m:"+l+")"+rrel+"(a:N) RETURN a.k AS k, count(m) AS n",
			"MATCH (a:N) RETURN a.k AS k, COUNT { (a)"+rel+"(:"+l+") } AS n",
			"MATCH (a:N) WHERE COUNT { (a)"+rel+"(:"+l+") } > 1 RETURN a.k AS k",
			"CALL { MATCH "+a+rel+"(m:"+l+") RETURN count(m) AS c UNION ALL MATCH "+a+rel+"(m:"+l2+") RETURN count(m) AS c } RETURN sum(c) AS n",
		)
	}
	read := 0
	for _, q := range queries {
		want := strings.Join(canonical(mustRun(t, dbs["rows"], q, nil)), ";")
		if got := strings.Join(canonical(mustRun(t, dbs["planned"], q, nil)), ";"); got != want {
			t.Errorf("%s\n got  %s\n want %s", q, got, want)
		}
		plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, nil))
		if strings.Contains(plan, "Degree") && (strings.Contains(plan, "-(:") || strings.Contains(plan, ">(:")) {
			read++
		}
	}
	t.Logf("%d of %d queries planned a degree read with end labels", read, len(queries))
	// Most counts must be read as labelled degrees, not only compared.
	if read < len(queries)/3 {
		t.Errorf("only %d of %d queries planned a degree read with end labels", read, len(queries))
	}
}
