package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// trailLengthPick returns one of xs.
func trailLengthPick(r *rand.Rand, xs ...string) string { return xs[r.IntN(len(xs))] }

// trailLengthQuery writes one query that matches a variable-length
// pattern and reads its paths: mostly through their lengths alone
// (min, max, DISTINCT aggregates, grouping keys, tests of a length
// carried in a column), which trailLengths answers with one trail per
// length, and the near misses it must not take: the end node read or
// bound, the rows counted or ordered, the lengths summed or collected in
// order, the nodes of the path tested (ACYCLIC), a later hop from the
// end, expressions of the length that fail. Patterns vary the bounds
// (0.., unbounded), direction, types, a property map, a quantified path
// pattern's group lists, a relationship before the expansion that its
// trails must differ from, OPTIONAL MATCH over starts with no trail and
// a null start.
func trailLengthQuery(r *rand.Rand) string {
	start := trailLengthPick(r,
		"MATCH (a:A)",
		"MATCH (a {id: $a})",
		"MATCH (a) WHERE a.id < 7",
		"UNWIND [$a, 3, null] AS i OPTIONAL MATCH (a {id: i})",
		"MATCH (a:B) WHERE a.k IS NOT NULL")
	rel := trailLengthPick(r,
		"-[*1..3]->", "-[:T*0..2]-", "<-[:T|U*1..4]-", "-[*2..3]->", "-[:U*]->", "<-[:U*0..]-",
		"-[*1..3 {w: 1}]->", "-[:T*1..5]->", "-[*3]-", "<-[*0..1]-")
	end := trailLengthPick(r, "()", "()", "(b)", "(b)", "(b:B)", "(b {k: 1})", "(a)")
	mode := trailLengthPick(r, "", "", "", "", "TRAIL ", "ACYCLIC ")
	// The path and what reads a length of it.
	var pat, l, ls string
	switch r.IntN(6) {
	case 0:
		// A quantified path pattern: the group lists' sizes are lengths.
		q := trailLengthPick(r, "-[:T]->(y)){1,3}", "-[:T]->(y)){0,2}", "-[:T]-(y)){2,4}", "-[:U]->(y))+")
		pat = "(a) ((x)" + q + " " + end
		l = trailLengthPick(r, "size(y)", "size(x)", "size(y) + 1")
		ls = "size(y)"
	case 1:
		// A named relationship list.
		pat = "(a)" + strings.Replace(rel, "[", "[rs", 1) + end
		l = trailLengthPick(r, "size(rs)", "size(rs) - 1")
		ls = "size(rs)"
	case 2:
		// A hop before the expansion, whose relationship the trails
		// must not reuse.
		pat = "p = " + mode + "(a)-[r0:T]->(c)" + rel + end
		l = trailLengthPick(r, "length(p)", "size(relationships(p))", "length(p) - 1")
		ls = "length(p)"
	case 3:
		// A hop after it, which reads its end node.
		pat = "p = " + mode + "(a)" + rel + "(m)-[:U]->" + end
		l = "length(p)"
		ls = l
	default:
		pat = "p = " + mode + "(a)" + rel + end
		l = trailLengthPick(r, "length(p)", "length(p)", "size(nodes(p))", "size(relationships(p))", "length(p) + 2", "size(nodes(p)[1..])")
		ls = "length(p)"
	}
	match := trailLengthPick(r, "OPTIONAL MATCH", "OPTIONAL MATCH", "MATCH")
	where := trailLengthPick(r, "", "", "", " WHERE a.k IS NOT NULL", " WHERE "+ls+" > 1", " WHERE "+ls+" <> 2")
	if strings.Contains(pat, "(b") && r.IntN(3) == 0 {
		where = " WHERE b.id > 2"
	}
	if strings.HasPrefix(pat, "p = ") && r.IntN(8) == 0 {
		where = " WHERE all(n IN nodes(p) WHERE n.id <> 5)"
	}
	head := fmt.Sprintf("%s %s %s%s", start, match, pat, where)
	lp := l
	switch r.IntN(15) {
	case 13:
		return head + " RETURN a.k AS k, min(" + lp + ") AS m, count(DISTINCT a) AS n"
	case 0:
		return head + " RETURN a.id AS ai, max(" + lp + ") AS m"
	case 1:
		return head + " RETURN a.id AS ai, min(" + lp + ") AS m"
	case 2:
		return head + " RETURN min(" + lp + ") AS lo, max(" + lp + ") AS hi"
	case 3:
		return head + " RETURN a.k AS k, count(DISTINCT " + lp + ") AS n, max(" + lp + ") AS hi"
	case 4:
		return head + " RETURN a.id AS ai, " + trailLengthPick(r, "count(*)", "sum("+lp+")", "collect("+lp+")", "count("+lp+")") + " AS n"
	case 5:
		return head + " RETURN DISTINCT a.id AS ai, " + lp + " AS l"
	case 6:
		return head + " WITH a, " + lp + " AS l WHERE l > 1 RETURN a.id AS ai, max(l) AS m"
	case 7:
		return head + " RETURN a.id AS ai, max(" + trailLengthPick(r, "10 / ("+lp+" - 1)", lp+" * 2", "toString("+lp+")", "-"+lp) + ") AS m"
	case 8:
		return head + " RETURN a.id AS ai, min(-" + lp + ") AS m, min(" + lp + " % 2) AS n"
	case 9:
		if strings.Contains(pat, "(b") {
			return head + " RETURN a.id AS ai, max(b.id) AS m, max(" + lp + ") AS n"
		}
		return head + " RETURN " + lp + " AS l, count(*) AS n"
	case 10:
		switch r.IntN(4) {
		case 0:
			return head + " WITH a, " + lp + " AS l ORDER BY l " + trailLengthPick(r, "DESC LIMIT 2", "LIMIT 2", "DESC LIMIT 2", "LIMIT 1", "DESC SKIP 1 LIMIT 1") + " RETURN l"
		case 1:
			return start + " CALL (a) { " + match + " " + pat + where + " RETURN " + lp + " AS l ORDER BY l DESC LIMIT 1 } RETURN a.id AS ai, l"
		}
		return head + " WITH a, " + lp + " AS l ORDER BY " + trailLengthPick(r, "l", "l", "l % 2", "l + 1") + " DESC LIMIT 1 RETURN l"
	case 11:
		return head + " RETURN " + lp + " AS l, min(a.id) AS m"
	case 12:
		return head + " WITH a, max(" + lp + ") AS m WHERE m > 1 RETURN count(a) AS n, collect(DISTINCT m) AS ms"
	}
	return head + " RETURN a.id AS ai, collect(DISTINCT " + lp + ") AS ls"
}

// TestTrailLengthsMatchRowMode compares queries that read a
// variable-length pattern's paths through their lengths (trail_lengths.go:
// the expansion yields one trail per length, or one of the least) with
// row mode, which enumerates every trail, on random graphs with cycles,
// self-loops, parallel relationships, missing properties and starts
// with no trail.
func TestTrailLengthsMatchRowMode(t *testing.T) {
	t.Parallel()
	const perSeed = 220
	failed, runs := 0, 0
	narrowed := map[string]int{}
	for _, seed := range []uint64{3, 8, 21} {
		dbs := planVariants(t, seed, 12, 34, plannedRowMode)
		for _, db := range dbs {
			mustRun(t, db, "MATCH (x) WHERE x.id % 5 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (s)-[r]->(e) WHERE (s.id + e.id) % 4 <> 0 SET r.w = (s.id + e.id) % 2", nil)
			// Self-loops and parallel relationships.
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 = 1 CREATE (x)-[:T {w: 1}]->(x)", nil)
			mustRun(t, db, "MATCH (x)-[:T]->(y) WHERE x.id % 3 = 0 AND x <> y CREATE (x)-[:T {w: 1}]->(y)", nil)
		}
		r := rand.New(rand.NewPCG(seed, 31))
		for range perSeed {
			q := trailLengthQuery(r)
			params := map[string]any{"a": int64(r.IntN(12))}
			plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, params))
			for _, k := range []string{"trails=each length", "trails=least length"} {
				if strings.Contains(plan, k) {
					narrowed[k]++
				}
			}
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Fatalf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs; expansions narrowed: %v", runs, narrowed)
	for _, k := range []string{"trails=each length", "trails=least length"} {
		if narrowed[k] < 20 {
			t.Errorf("only %d queries planned with %s: the generator misses the rule", narrowed[k], k)
		}
	}
}
