package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// leastTrailGraph loads a random graph of n nodes (every third labelled
// A) with two relationship types, self-loops, parallel relationships and
// a property w of 0 or 1 on each relationship.
func leastTrailGraph(t *testing.T, db *DB, r *rand.Rand, n int) {
	t.Helper()
	var rels []any
	for i := 0; i < n*(1+r.IntN(3)); i++ {
		s, e := r.IntN(n), r.IntN(n)
		w := r.IntN(2)
		switch r.IntN(8) {
		case 0:
			e = s // self-loop
		case 1:
			rels = append(rels, map[string]any{"s": s, "e": e, "t": "T", "w": 1 - w}) // parallel
		}
		typ := "T"
		if r.IntN(3) == 0 {
			typ = "U"
		}
		rels = append(rels, map[string]any{"s": s, "e": e, "t": typ, "w": w})
	}
	mustRun(t, db, "UNWIND range(0, $n - 1) AS i CREATE (x {id: i}) WITH x, i WHERE i % 3 = 0 SET x:A", map[string]any{"n": n})
	mustRun(t, db, `UNWIND $rels AS p MATCH (s {id: p.s}), (e {id: p.e})
		FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T {w: p.w}]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U {w: p.w}]->(e))`, map[string]any{"rels": rels})
}

// leastTrailRuns runs q on both stores with $x at the first two node ids
// and a random one ($y random), and reports any difference; it returns
// the number of runs compared.
func leastTrailRuns(t *testing.T, r *rand.Rand, search, row *DB, q string, seed uint64, n int) int {
	t.Helper()
	runs := 0
	for _, x := range []int{0, 1, r.IntN(n)} {
		p := map[string]any{"x": x, "y": r.IntN(n)}
		a, b := canonical(mustRun(t, search, q, p)), canonical(mustRun(t, row, q, p))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("seed %d (%d nodes), %v: %s\n search: %v\n rows:   %v", seed, n, p, q, a, b)
		}
		runs++
	}
	return runs
}

// leastTrailStores opens two stores holding the same random graph of n
// nodes: one planned as usual, one run in row mode only.
func leastTrailStores(t *testing.T, seed uint64, n int) (search, row *DB) {
	t.Helper()
	search, row = plannedAndRowMode(t)
	leastTrailGraph(t, search, rand.New(rand.NewPCG(seed, 1)), n)
	leastTrailGraph(t, row, rand.New(rand.NewPCG(seed, 1)), n)
	return search, row
}

// leastTrailRel is a random variable-length relationship pattern: a
// direction, a type list (or none), bounds from 0..4 (the upper bound at
// least 1) and, with plain false, sometimes a property map.
func leastTrailRel(r *rand.Rand, plain bool) (left, right string) {
	types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
	lo := r.IntN(3)
	hi := max(lo, 1) + r.IntN(3)
	props := ""
	if !plain && r.IntN(4) == 0 {
		props = " {w: 1}"
	}
	body := fmt.Sprintf("[%s*%d..%d%s]", types, lo, hi, props)
	switch r.IntN(3) {
	case 0:
		return "-" + body + "->", ""
	case 1:
		return "<-" + body + "-", ""
	}
	return "-" + body + "-", ""
}

// TestLeastTrailsMatchRowMode compares the breadth-first search of a
// path's least length (leastTrails) with the enumeration of every trail
// (row mode) on random graphs, for generated variants of the queries that
// read a variable-length path only through min(length(p)): one start
// and every end, both ends given, the cycles back to the start, many
// starts grouped by both ends, OPTIONAL MATCH, the pattern written
// against the search's direction, the existence of a trail between two
// bound nodes (distinct rows, EXISTS { }), and property maps (which the
// search checks on each relationship it crosses). Each query must plan
// the search.
func TestLeastTrailsMatchRowMode(t *testing.T) {
	t.Parallel()
	shapes := []string{
		"MATCH p = (a {id: $x})%s(b) RETURN b.id AS id, min(length(p)) AS d ORDER BY id",
		"MATCH p = (a {id: $x})%s(b {id: $y}) RETURN min(length(p)) AS d",
		"MATCH (a {id: $x}), (b {id: $y}) MATCH p = (a)%s(b) WITH min(length(p)) AS d WHERE d IS NOT NULL RETURN d",
		"MATCH p = (a {id: $x})%s(a) RETURN min(size(relationships(p))) AS d",
		"MATCH p = (a:A)%s(b:A) WITH a, b, min(size(nodes(p)) - 1) AS d RETURN a.id AS s, b.id AS e, d ORDER BY s, e",
		"MATCH (a {id: $x}) OPTIONAL MATCH p = (a)%s(b:A) RETURN b.id AS id, min(length(p)) AS d ORDER BY id",
		"MATCH p = (b)%s(a {id: $x}) RETURN b.id AS id, min(length(p)) + 1 AS d, count(DISTINCT b) AS c ORDER BY id",
		"MATCH p = (a {id: $x})%s(b) WHERE b.id > $y RETURN min(length(p)) AS d, max(b.id) AS m",
		// existence between two bound nodes
		"MATCH (a {id: $x}), (b:A) MATCH (a)%s(b) RETURN DISTINCT b.id AS id ORDER BY id",
		"MATCH (a:A), (b {id: $y}) MATCH (a)%s(b) RETURN count(DISTINCT a) AS n",
		"MATCH (a {id: $x}), (b) WHERE EXISTS { (a)%s(b) } RETURN b.id AS id ORDER BY id",
		// the end node's name bound anew by a projection that passes p
		"MATCH p = (a {id: $x})%s(b) WITH p, b.id AS b WHERE b > $y RETURN min(length(p)) AS d",
	}
	// The least-length shapes must plan the search; the existence shapes
	// the search or a set frontier (the end node scanned after); the
	// EXISTS test plans its pattern at code generation; a projection of p
	// (WITH p) is not followed.
	least, planned := len(shapes)-4, len(shapes)-2
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		r := rand.New(rand.NewPCG(seed, 14))
		n := 12 + r.IntN(20)
		search, row := leastTrailStores(t, seed, n)
		for v := 0; v < 50; v++ {
			plain := r.IntN(5) > 0
			rel, _ := leastTrailRel(r, plain)
			shape := r.IntN(len(shapes))
			q := fmt.Sprintf(shapes[shape], rel)
			if shape < planned {
				c, err := search.Compile(q)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				plan := c.Plan.Explain()
				searched := strings.Contains(plan, "ShortestPath") && !strings.Contains(plan, "VarExpand")
				if shape >= least {
					searched = !strings.Contains(plan, "mode=row")
				}
				if !searched {
					t.Errorf("%s: the least length is not searched breadth-first:\n%s", q, plan)
				}
			}
			checked += leastTrailRuns(t, r, search, row, q, seed, n)
		}
	}
	t.Logf("%d query runs compared", checked)
}

// TestLeastCountMatchRowMode compares the search of every least-length
// path per pair of end nodes (leastReads: a collected list of paths read
// only through a least-length fold and the count of the paths of that
// length) with the enumeration of every trail on random graphs: both
// ends given, under OPTIONAL MATCH, grouped by the end node, groups
// that span many pairs, cycles back to the start, folds written with
// each comparison, initial values below the least length or null, and
// the count inline. The shapes that read the list otherwise (its size,
// a fold of the greatest length, a count of another length) must keep
// the trails; their answers must agree all the same.
func TestLeastCountMatchRowMode(t *testing.T) {
	t.Parallel()
	const fold = "reduce(m = %s, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END)"
	shapes := []string{
		"MATCH (a {id: $x}), (b {id: $y}) OPTIONAL MATCH p = (a)%s(b) WITH collect(p) AS ps WITH ps, reduce(m = 99, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE length(q) = m]) AS n",
		"MATCH (a {id: $x}) MATCH p = (a)%s(b) WITH b, collect(p) AS ps RETURN b.id AS id, size([q IN ps WHERE size(nodes(q)) = reduce(m = 99, r IN ps | CASE WHEN m <= size(nodes(r)) THEN m ELSE size(nodes(r)) END)]) AS n ORDER BY id",
		"MATCH p = (a:A)%s(b) WITH a, collect(p) AS ps WITH a, ps, reduce(m = null, q IN ps | CASE WHEN length(q) > m THEN m ELSE length(q) END) AS m RETURN a.id AS id, m, size([q IN ps WHERE length(q) <= m]) AS n ORDER BY id",
		"MATCH p = (a {id: $x})%s(a) WITH collect(p) AS ps RETURN reduce(m = 9, q IN ps | CASE WHEN m > length(q) + 1 THEN length(q) + 1 ELSE m END) AS m, size([q IN ps WHERE length(q) + 1 = reduce(m = 9, r IN ps | CASE WHEN length(r) + 1 < m THEN length(r) + 1 ELSE m END)]) AS n",
		"MATCH (a {id: $x}) OPTIONAL MATCH p = (a)%s(b:A) WITH a, collect(p) AS ps WITH ps, " + fmt.Sprintf(fold, "$y %% 3") + " AS m RETURN m, size([q IN ps WHERE m = length(q)]) AS n",
		"MATCH p = (a {id: $x})%s(b) WITH b, min(length(p)) AS d, collect(p) AS ps RETURN b.id AS id, d, size([q IN ps WHERE length(q) = reduce(m = 99, r IN ps | CASE WHEN length(r) < m THEN length(r) ELSE m END)]) AS n ORDER BY id",
		// the list is read otherwise: the trails are enumerated
		"MATCH p = (a {id: $x})%s(b) WITH collect(p) AS ps RETURN size(ps) AS k, " + fmt.Sprintf(fold, "99") + " AS m",
		"MATCH p = (a {id: $x})%s(b) WITH collect(p) AS ps WITH ps, reduce(m = 0, q IN ps | CASE WHEN length(q) > m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE length(q) = m]) AS n",
		"MATCH p = (a {id: $x})%s(b) WITH collect(p) AS ps WITH ps, " + fmt.Sprintf(fold, "99") + " AS m RETURN size([q IN ps WHERE length(q) = m + 1]) AS n",
	}
	searched := 6
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		r := rand.New(rand.NewPCG(seed, 15))
		n := 10 + r.IntN(16)
		search, row := leastTrailStores(t, seed, n)
		for v := 0; v < 40; v++ {
			plain := r.IntN(5) > 0
			rel, _ := leastTrailRel(r, plain)
			shape := r.IntN(len(shapes))
			q := fmt.Sprintf(shapes[shape], rel)
			c, err := search.Compile(q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			plan := c.Plan.Explain()
			all := strings.Contains(plan, "AllShortestPaths") && !strings.Contains(plan, "VarExpand")
			if want := shape < searched; all != want {
				t.Errorf("%s: every least-length path searched %v, want %v:\n%s", q, all, want, plan)
			}
			checked += leastTrailRuns(t, r, search, row, q, seed, n)
		}
	}
	t.Logf("%d query runs compared", checked)
}

// TestShortestPropsMatchRowMode compares shortestPath and
// allShortestPaths over a relationship with a property map (checked as
// the search crosses each relationship) or a WHERE that reads the path
// (which selects among the paths: the shortest of those it accepts)
// with the least length, and the number of trails of that length, that
// row-mode enumeration of the same pattern and WHERE finds, on random
// graphs with self-loops and parallel relationships, for every
// direction, type list and bound.
func TestShortestPropsMatchRowMode(t *testing.T) {
	t.Parallel()
	checked := 0
	for seed := uint64(1); seed <= 5; seed++ {
		r := rand.New(rand.NewPCG(seed, 16))
		n := 10 + r.IntN(16)
		search, row := leastTrailStores(t, seed, n)
		for v := 0; v < 30; v++ {
			types := []string{"", ":T", ":U", ":T|U"}[r.IntN(4)]
			lo, hi := r.IntN(2), 1+r.IntN(4)
			props := []string{"{w: 1}", "{w: 0}", "{w: $w}", "{w: 1, z: 2}"}[r.IntN(4)]
			body := fmt.Sprintf("[%s*%d..%d %s]", types, lo, hi, props)
			if r.IntN(3) == 0 {
				body = fmt.Sprintf("[%s*%d..%d]", types, lo, hi)
			}
			rel := []string{"-" + body + "->", "<-" + body + "-", "-" + body + "-"}[r.IntN(3)]
			where := []string{"", "", " WHERE all(r IN relationships(p) WHERE r.w = 1)", " WHERE none(r IN relationships(p) WHERE type(r) = 'U')",
				" WHERE all(x IN nodes(p) WHERE x.id <> $z)", " WHERE length(p) > 1 AND a.id >= 0"}[r.IntN(6)]
			one := fmt.Sprintf("MATCH (a {id: $x}), (b {id: $y}) WHERE a <> b OPTIONAL MATCH p = shortestPath((a)%s(b))%s RETURN length(p) AS d", rel, where)
			all := fmt.Sprintf("MATCH (a {id: $x}), (b {id: $y}) WHERE a <> b OPTIONAL MATCH p = allShortestPaths((a)%s(b))%s RETURN count(p) AS n", rel, where)
			rows := fmt.Sprintf("MATCH (a {id: $x}), (b {id: $y}) WHERE a <> b OPTIONAL MATCH p = (a)%s(b)%s WITH collect(length(p)) AS ls "+
				"WITH ls, reduce(m = null, l IN ls | CASE WHEN m IS NULL OR l < m THEN l ELSE m END) AS d RETURN d, size([l IN ls WHERE l = d]) AS n", rel, where)
			for k := 0; k < 4; k++ {
				x, y := r.IntN(n), r.IntN(n)
				if x == y {
					continue
				}
				p := map[string]any{"x": x, "y": y, "w": r.IntN(2), "z": r.IntN(n)}
				d, c := mustRun(t, search, one, p), mustRun(t, search, all, p)
				want := mustRun(t, row, rows, p)
				if len(d) != 1 || len(c) != 1 || len(want) != 1 {
					t.Fatalf("%v: rows %v %v %v", p, d, c, want)
				}
				got := fmt.Sprint(d[0][0], c[0][0])
				if exp := fmt.Sprint(want[0][0], want[0][1]); got != exp {
					t.Errorf("seed %d (%d nodes), %v: %s / allShortestPaths: %s, want %s", seed, n, p, one, got, exp)
				}
				checked++
			}
		}
	}
	t.Logf("%d pairs compared", checked)
}
