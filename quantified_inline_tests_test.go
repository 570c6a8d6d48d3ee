package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// inlineTestQuery is a random query whose quantified path pattern carries
// inline tests, some of which may fail (a division by a property that is
// 0 on some nodes, or null on others), at a random position: the group's
// left or right node, its relationship, the group's own WHERE, or the
// clause's WHERE over a group variable; the path starts at a node an
// earlier clause bound and tested (or bound its end node too), and the
// rows are read as counts, per end node, as the least size of a group
// variable, DISTINCT, or under OPTIONAL MATCH.
func inlineTestQuery(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	failing := []string{
		"10 / %s.k > 2", "%s.id %% %s.k = 0", "1 / (%s.k - 1) >= 0", "toInteger(10 / %s.k) <> 3",
	}
	safe := []string{"%s.k <> 0", "%s.id > 1", "%s:A", "%s.k IS NOT NULL"}
	test := func(v string) string {
		var f string
		if r.IntN(3) == 0 {
			f = safe[r.IntN(len(safe))]
		} else {
			f = failing[r.IntN(len(failing))]
		}
		switch f {
		case "%s.id %% %s.k = 0":
			return fmt.Sprintf(f, v, v)
		}
		return fmt.Sprintf(f, v)
	}
	endTest := pick("b.k <> 0", "b.k > 0", "b:A", "b.id > $y", "b.k = 1 OR b.id = $y", "NOT b:A", "10 / b.k > 2", "b.id % b.k = 1")
	prefix := pick(
		"MATCH (a {id: $x})-[:T]->(b) WHERE "+endTest,
		"MATCH (a {id: $x})--(b) WHERE "+endTest,
		"MATCH (b) WHERE "+endTest,
		"MATCH (a {id: $x}), (b) WHERE "+endTest,
		"MATCH (a {id: $x})-->(b {k: 1})",
		"MATCH (b) WHERE b.id IN [$x, $y] AND "+endTest,
	)
	x, y, rel, group := "(x)", "(y)", "[r"+pick("", ":T", ":U", ":T|U")+"]", ""
	switch r.IntN(5) {
	case 0:
		x = "(x WHERE " + test("x") + ")"
	case 1:
		y = "(y WHERE " + test("y") + ")"
	case 2:
		rel = "[r" + pick("", ":T", ":T|U") + " WHERE " + pick("10 / r.w > 2", "r.w >= 0", "1 / (r.w - 1) < 0", "10 / x.k > r.w") + "]"
	case 3:
		group = " WHERE " + pick("10 / x.k > y.k", "x.k / y.k >= 0", "x.id < y.id", "r.w / y.k = 0")
	}
	lo := r.IntN(3)
	hi := max(lo, 1) + r.IntN(3)
	left, right := "-", "->"
	if r.IntN(3) == 0 {
		left, right = "<-", "-"
	}
	qpp := fmt.Sprintf("(%s%s%s%s%s%s){%d,%d}", x, left, rel, right, y, group, lo, hi)
	sep := " "
	if r.IntN(4) == 0 {
		// Plain hops instead (the WHERE then tests b or c): the
		// clauses of a run may be reordered.
		qpp, sep = pick("-[r:U]->", "-[r]-(x)<-[:T]-", "<-[r:T]-"), ""
	}
	end := pick("(c)", "(c)", "(c:A)", "(c {k: 2})", "(c WHERE c.id <> $x)", "(c WHERE 10 / c.k > 2)")
	where := ""
	if r.IntN(3) == 0 {
		where = " WHERE " + pick("b.id % b.k = 0", "10 / c.k > 2", "all(z IN x WHERE 10 / z.k > 1)", "c.k <> 0", "none(z IN y WHERE z.k = 0) AND all(z IN y WHERE 10 / z.k > 2)", "c.id > b.id",
			"b.id % b.k = 0", "10 / c.k > 2 AND c.id > 0")
	}
	optional := ""
	if r.IntN(5) == 0 {
		optional = "OPTIONAL "
	}
	second := fmt.Sprintf("%sMATCH (b)%s%s%s%s%s", optional, sep, qpp, sep, end, where)
	if r.IntN(4) == 0 && optional == "" {
		// both ends bound by earlier clauses
		second = fmt.Sprintf("MATCH (c {id: $y}) WHERE c.k <> 0 MATCH (b)%s%s%s(c)%s", sep, qpp, sep, where)
	} else if r.IntN(4) == 0 {
		// the start's own tests in the same clause: a plan from the
		// last node meets them after the expansion
		prefix = ""
		second = fmt.Sprintf("%sMATCH %s%s%s%s%s%s", optional, pick("(b {id: $x})", "(b:A {id: $x})", "(b WHERE b.id = $x)", "(b WHERE b.k = 1)", "(b WHERE b.id IN [$x, $y])", "(b WHERE b.id = $x AND 10 / b.k > 1)"), sep, qpp, sep, end, where)
	}
	ret := pick(
		" RETURN count(*) AS n",
		" RETURN b.id AS b, c.id AS c, count(*) AS n ORDER BY b, c",
		" RETURN DISTINCT c.id AS c ORDER BY c",
		" RETURN b.id AS b, c.id AS c, min(size(x)) AS d ORDER BY b, c",
		" WITH b, c, min(size(r)) AS d RETURN min(d) AS d, count(*) AS n",
		" RETURN b.id AS b, size(y) AS s ORDER BY b, s LIMIT 4",
	)
	return strings.TrimSpace(prefix+" "+second) + ret
}

// TestQuantifiedInlineTestsMatchRowMode compares quantified path patterns
// whose inline tests may fail with row mode on random graphs (self-loops,
// parallel relationships, a node property k that is 0, 1, 2 or missing, a
// relationship property w of 0 or 1): the planned forms must evaluate a
// test that may fail only on rows row mode evaluates it on, so that they
// raise an error exactly where row mode does and return its rows
// otherwise. Where both raise one, its code must agree: which of two
// failing rows is met first (and so the position reported) depends on
// how rows are batched, in row mode as in planned mode.
func TestQuantifiedInlineTestsMatchRowMode(t *testing.T) {
	t.Parallel()
	runs, failed, errs := 0, 0, 0
	for seed := uint64(1); seed <= 10; seed++ {
		r := rand.New(rand.NewPCG(seed, 47))
		n := 8 + r.IntN(10)
		planned, row := leastTrailStores(t, seed, n)
		last, err := Open("", &Options{StartLast: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { last.Close() })
		leastTrailGraph(t, last, rand.New(rand.NewPCG(seed, 1)), n)
		for _, db := range []*DB{planned, row, last} {
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 3 SET x.k = x.id % 3", nil)
		}
		for v := 0; v < 70; v++ {
			q := inlineTestQuery(r)
			for _, x := range []int{0, 1, r.IntN(n)} {
				p := map[string]any{"x": x, "y": r.IntN(n)}
				want := rowsOrError(row, q, p)
				if strings.HasPrefix(want, "error:") {
					errs++
				}
				for _, db := range []struct {
					name string
					db   *DB
				}{{"planned", planned}, {"start-last", last}} {
					runs++
					if got := rowsOrError(db.db, q, p); errorCode(got) != errorCode(want) {
						failed++
						if failed <= 20 {
							t.Errorf("seed %d (%d nodes), %s, %v: %s\n got %s\nwant %s", seed, n, db.name, p, q, got, want)
						}
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d differ, %d raise an error in row mode", runs, failed, errs)
}
