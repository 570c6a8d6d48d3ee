package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestUnionBranchesMatchRowMode checks CALL { A UNION B } and UNION ALL
// whose branches differ in one relationship's types or one node's labels
// (which the planner merges into one branch over the disjunction where
// that is exact) against row mode, which runs every branch: generated
// branches over a random graph whose nodes carry no label, one or
// several, with self-loops and parallel relationships of three types;
// the types of the two branches disjoint, overlapping or equal, the rows
// returned a node, a relationship, a property or a pair, and branches
// that count (which must stay apart).
func TestUnionBranchesMatchRowMode(t *testing.T) {
	t.Parallel()
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		rg := rand.New(rand.NewPCG(12, 5))
		for i := 0; i < 60; i++ {
			labels := ""
			for _, l := range []string{"A", "B", "C"} {
				if rg.IntN(3) == 0 {
					labels += ":" + l
				}
			}
			mustRun(t, db, fmt.Sprintf("CREATE (n%s {k: %d, p: %d})", labels, i, rg.IntN(3)), nil)
		}
		for i := 0; i < 150; i++ {
			a, b := rg.IntN(60), rg.IntN(60)
			if i%25 == 0 {
				b = a
			}
			typ := []string{"R", "S", "T"}[rg.IntN(3)]
			mustRun(t, db, fmt.Sprintf("MATCH (a {k: %d}), (b {k: %d}) CREATE (a)-[:%s {w: %d}]->(b)", a, b, typ, i%4), nil)
		}
	}
	r := rand.New(rand.NewPCG(3, 77))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	types := func() string {
		ts := []string{"R", "S", "T"}
		r.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
		return strings.Join(ts[:1+r.IntN(2)], "|")
	}
	label := func() string { return pick("A", "B", "C", "A|B", "!A", "A&C") }
	merged := 0
	for i := 0; i < 150; i++ {
		start := pick("(a)", "(a:A)", "(a {p: 1})", "(a:B)")
		ret := pick("b", "r", "b.k AS x", "a, b", "r.w AS x")
		var x, y string
		switch r.IntN(3) {
		case 0: // the types of one relationship
			t1, t2 := types(), types()
			dir := pick("->", "-", "<-")
			end := pick("(b)", "(b:C)", "(b)-[:R]->(c)")
			l, rt := "-", dir
			if dir == "<-" {
				l, rt = "<-", "-"
			}
			pat := func(ts string) string { return fmt.Sprintf("%s%s[r:%s]%s%s", start, l, ts, rt, end) }
			x, y = pat(t1), pat(t2)
		case 1: // the labels of the far node
			pat := func(lb string) string { return fmt.Sprintf("%s-[r:R|S]->(b:%s)", start, lb) }
			x, y = pat(label()), pat(label())
		default: // the labels of the scanned node
			ret = pick("a", "a.k AS x")
			x, y = fmt.Sprintf("(a:%s)", label()), fmt.Sprintf("(a:%s)", label())
		}
		for _, union := range []string{"UNION", "UNION ALL"} {
			q := fmt.Sprintf("CALL { MATCH %s RETURN %s %s MATCH %s RETURN %s } RETURN *", x, ret, union, y, ret)
			if r.IntN(4) == 0 {
				q = fmt.Sprintf("CALL { MATCH %s RETURN count(*) AS c %s MATCH %s RETURN count(*) AS c } RETURN c", x, union, y)
			}
			want := strings.Join(canonical(mustRun(t, rows, q, nil)), ";")
			if got := strings.Join(canonical(mustRun(t, planned, q, nil)), ";"); got != want {
				t.Errorf("%s\n got  %s\n want %s", q, got, want)
			}
			plan := fmt.Sprint(mustRun(t, planned, "EXPLAIN "+q, nil))
			if !strings.Contains(plan, " UNION") {
				merged++
			}
		}
	}
	if merged < 30 {
		t.Errorf("only %d queries merged their branches", merged)
	}
	t.Logf("%d of 300 queries merged their branches", merged)
}
