package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDynamicLabelValuesMatchStatic checks label expressions written as
// values (`s:$('R')` in RETURN and WHERE) against the same expression
// written with static names, which OpLabelTest decides for nodes by their
// labels and for relationships by their type: $('X') is X, $(['X', 'Y'])
// and $all(['X', 'Y']) are X&Y, $any(['X', 'Y']) is X|Y, under the
// connectives &, | and !, on node and relationship subjects (and a null
// one from OPTIONAL MATCH), planned and in row mode.
func TestDynamicLabelValuesMatchStatic(t *testing.T) {
	t.Parallel()
	names := []string{"A", "B", "R", "S", "Z"}
	dbs := map[string]*DB{}
	for _, mode := range []string{"planned", "row-mode"} {
		db, err := Open("", &Options{RowModeOnly: mode == "row-mode"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		rg := rand.New(rand.NewPCG(23, 5))
		for i := 0; i < 12; i++ {
			ls := ""
			for _, l := range []string{"A", "B", "R"} { // R is also a type
				if rg.IntN(2) == 0 {
					ls += ":" + l
				}
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {id: %d})", ls, i), nil)
		}
		for i := 0; i < 30; i++ {
			typ := []string{"R", "S", "A"}[rg.IntN(3)] // A is also a label
			mustRun(t, db, fmt.Sprintf("MATCH (a {id: %d}), (b {id: %d}) CREATE (a)-[:%s]->(b)", rg.IntN(12), rg.IntN(12), typ), nil)
		}
		dbs[mode] = db
	}
	r := rand.New(rand.NewPCG(8, 13))
	quote := func(s string) string { return "'" + s + "'" }
	pick := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = names[r.IntN(len(names))]
		}
		return out
	}
	// atom returns a dynamic atom and its static equivalent.
	atom := func() (string, string) {
		switch r.IntN(4) {
		case 0:
			n := pick(1)[0]
			return "$(" + quote(n) + ")", n
		case 1:
			ns := pick(1 + r.IntN(2))
			q := make([]string, len(ns))
			for i, n := range ns {
				q[i] = quote(n)
			}
			fn := []string{"$", "$all"}[r.IntN(2)]
			return fn + "([" + strings.Join(q, ", ") + "])", "(" + strings.Join(ns, "&") + ")"
		case 2:
			ns := pick(2)
			return "$any([" + quote(ns[0]) + ", " + quote(ns[1]) + "])", "(" + ns[0] + "|" + ns[1] + ")"
		default:
			n := pick(1)[0]
			return n, n
		}
	}
	var expr func(depth int) (string, string)
	expr = func(depth int) (string, string) {
		if depth == 0 || r.IntN(3) == 0 {
			return atom()
		}
		switch r.IntN(3) {
		case 0:
			d, s := expr(depth - 1)
			return "!(" + d + ")", "!(" + s + ")"
		default:
			op := []string{"&", "|"}[r.IntN(2)]
			d1, s1 := expr(depth - 1)
			d2, s2 := expr(depth - 1)
			return "(" + d1 + op + d2 + ")", "(" + s1 + op + s2 + ")"
		}
	}
	shapes := []string{
		"MATCH (a)-[r]->(b) RETURN a.id AS a, b.id AS b, type(r) AS t, %s AS v ORDER BY a, b, t, v",
		"MATCH (a)-[r]->(b) WHERE %s RETURN count(*) AS c",
		"MATCH (a) OPTIONAL MATCH (a)-[r:S]->(b) RETURN a.id AS a, %s AS v ORDER BY a, v",
		"MATCH (a)-[r]-(b) RETURN %s AS v, count(*) AS c ORDER BY v",
	}
	runs, rels, failed := 0, 0, 0
	for i := 0; i < 300; i++ {
		d, s := expr(2)
		subject := []string{"a", "r", "r", "b"}[r.IntN(4)]
		shape := shapes[r.IntN(len(shapes))]
		if subject == "r" {
			rels++
		}
		dq := fmt.Sprintf(shape, subject+":"+d)
		sq := fmt.Sprintf(shape, subject+":"+s)
		for mode, db := range dbs {
			runs++
			got, want := rowsOrError(db, dq, nil), rowsOrError(db, sq, nil)
			if got != want {
				failed++
				if failed <= 3 {
					t.Errorf("%s: %s\n got %s\nwant (%s) %s", mode, dq, got, sq, want)
				}
			}
		}
	}
	t.Logf("%d runs, %d on relationship subjects, %d differ", runs, rels, failed)
}
