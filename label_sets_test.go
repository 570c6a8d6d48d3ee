package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLabelSetScansMatchRowMode checks label set scans (a scan whose label
// check is an expression of |, & and ! over labels reads the union,
// intersection or difference of the label sets) against row mode, which
// scans every node and checks each: generated label expressions in the
// pattern and as OR/AND/NOT of label tests in WHERE, alone and with a
// property test (with and without an index on it) or an expansion, on a
// random graph whose nodes carry no label, one, or several, and a label
// the graph does not hold.
func TestLabelSetScansMatchRowMode(t *testing.T) {
	t.Parallel()
	dbs := map[string]*DB{}
	for _, name := range []string{"plain", "indexed", "rows"} {
		db, err := Open("", &Options{RowModeOnly: name == "rows"})
		if err != nil {
			t.Fatal(err)
		}
		if name == "indexed" {
			mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.p)", nil)
			mustRun(t, db, "CREATE INDEX FOR (n:B) ON (n.p)", nil)
		}
		rg := rand.New(rand.NewPCG(9, 3))
		for i := 0; i < 120; i++ {
			labels := ""
			for _, l := range []string{"A", "B", "C"} {
				if rg.IntN(3) == 0 {
					labels += ":" + l
				}
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {k: %d, p: %d})", labels, i, rg.IntN(4)), nil)
		}
		mustRun(t, db, "MATCH (a), (b) WHERE (a.k * 5 + b.k) % 37 = 0 CREATE (a)-[:R]->(b)", nil)
		dbs[name] = db
	}
	r := rand.New(rand.NewPCG(31, 7))
	names := []string{"A", "B", "C", "D"}
	// pattern: a label expression as a node pattern writes it.
	var pattern func(depth int) string
	pattern = func(depth int) string {
		if depth == 0 || r.IntN(3) == 0 {
			return names[r.IntN(len(names))]
		}
		switch r.IntN(3) {
		case 0:
			return "!" + pattern(depth-1)
		case 1:
			return "(" + pattern(depth-1) + "|" + pattern(depth-1) + ")"
		}
		return "(" + pattern(depth-1) + "&" + pattern(depth-1) + ")"
	}
	// where: the same as label tests of n in a WHERE.
	var where func(depth int) string
	where = func(depth int) string {
		if depth == 0 || r.IntN(3) == 0 {
			return "n:" + names[r.IntN(len(names))]
		}
		switch r.IntN(3) {
		case 0:
			return "NOT " + where(depth-1)
		case 1:
			return "(" + where(depth-1) + " OR " + where(depth-1) + ")"
		}
		return "(" + where(depth-1) + " AND " + where(depth-1) + ")"
	}
	var queries []string
	for i := 0; i < 80; i++ {
		p, w := pattern(3), where(3)
		queries = append(queries,
			"MATCH (n:"+p+") RETURN n.k",
			"MATCH (n) WHERE "+w+" RETURN n.k",
			"MATCH (n:"+p+") WHERE n.p = 1 RETURN n.k",
			"MATCH (n) WHERE ("+w+") AND n.p IN [0, 2] RETURN n.k",
			"MATCH (n:"+p+")-[:R]->(m) RETURN n.k, m.k",
			"MATCH (n:"+p+") RETURN count(n), count(DISTINCT n)",
		)
	}
	covered := 0
	for _, q := range queries {
		want := strings.Join(canonical(mustRun(t, dbs["rows"], q, nil)), ";")
		for _, name := range []string{"plain", "indexed"} {
			if got := strings.Join(canonical(mustRun(t, dbs[name], q, nil)), ";"); got != want {
				t.Errorf("%s: %s\n got  %s\n want %s", name, q, got, want)
			}
		}
		plan := fmt.Sprint(mustRun(t, dbs["plain"], "EXPLAIN "+q, nil))
		if strings.Contains(plan, "label set scan") {
			covered++
		}
	}
	// The generated expressions must exercise the set scans, not only
	// fall back to scans of every node.
	if covered < len(queries)/4 {
		t.Errorf("only %d of %d queries planned a label set scan", covered, len(queries))
	}
}
