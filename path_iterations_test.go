package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// pathIterationQuery is a random query that iterates over all of
// nodes(p) or relationships(p) of a named path in a list comprehension
// or reduce: fixed-length paths of one to three hops in any direction
// with named and anonymous elements (which the rewrite reads as the
// list of the pattern's variables), and near misses it must leave as
// they are: a variable-length hop, an OPTIONAL MATCH (a null path), a
// quantifier, the iteration variable named as a pattern variable or as
// the path, a slice of the list, a path a WITH passed on.
func pathIterationQuery(r *rand.Rand) (q string, rewrites bool) {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	hop := func(name string) string {
		types := pick("", ":T", ":U", ":T|U")
		switch r.IntN(3) {
		case 0:
			return "-[" + name + types + "]->"
		case 1:
			return "<-[" + name + types + "]-"
		}
		return "-[" + name + types + "]-"
	}
	hops := 1 + r.IntN(3)
	rewrites = true
	nodes := []string{"a", "b", "c", "d"}
	rels := []string{"r", "s", "t"}
	pattern := "(a {id: $x})"
	for i := 0; i < hops; i++ {
		n, rel := nodes[i+1], rels[i]
		if r.IntN(3) == 0 {
			n = "" // anonymous
		}
		if r.IntN(3) == 0 {
			rel = ""
		}
		h := hop(rel)
		if i == hops-1 && r.IntN(6) == 0 {
			h = strings.Replace(h, "]", "*1..2]", 1) // variable length: stays
			rewrites = false
		}
		pattern += h + "(" + n + ")"
	}
	list := pick("nodes(p)", "relationships(p)", "nodes(p)", "nodes(p)[1..]")
	rewrites = rewrites && !strings.Contains(list, "[")
	v := pick("e", "e", "a", "p") // a and p: names of the pattern inside
	// The path's own name as the iteration variable reads as a read of
	// the path (the unused-variable analysis does not scope it): the
	// list is rewritten, the path stays bound.
	rewrites = rewrites && v != "p"
	prop := "id"
	if strings.HasPrefix(list, "relationships") {
		prop = "w"
	}
	quantifier := r.IntN(7) == 0
	rewrites = rewrites && !quantifier
	iter := pick(
		fmt.Sprintf("[%[1]s IN %[2]s | %[1]s.%[3]s]", v, list, prop),
		fmt.Sprintf("[%[1]s IN %[2]s WHERE %[1]s.%[3]s > 0 | %[1]s.%[3]s]", v, list, prop),
		fmt.Sprintf("[%[1]s IN %[2]s WHERE %[1]s.%[3]s %% 2 = 0]", v, list, prop),
		fmt.Sprintf("reduce(acc = 0, %[1]s IN %[2]s | acc + %[1]s.%[3]s)", v, list, prop),
		fmt.Sprintf("reduce(acc = '', %[1]s IN %[2]s | acc + toString(%[1]s.%[3]s))", v, list, prop),
		fmt.Sprintf("size([%[1]s IN %[2]s WHERE %[1]s.%[3]s IS NULL])", v, list, prop),
	)
	if quantifier {
		iter = fmt.Sprintf("all(%[1]s IN %[2]s WHERE %[1]s.%[3]s >= 0)", v, list, prop)
	}
	match := "MATCH p = " + pattern
	switch r.IntN(5) {
	case 0:
		match = "MATCH (a {id: $x}) OPTIONAL MATCH p = " + strings.Replace(pattern, "(a {id: $x})", "(a)", 1)
		rewrites = false
	case 1:
		match += " WITH p, a"
		rewrites = false
	}
	switch r.IntN(4) {
	case 0:
		return match + " RETURN " + iter + " AS l, count(*) AS n", rewrites
	case 1:
		return match + " WITH " + iter + " AS l WHERE l IS NOT NULL RETURN l ORDER BY toString(l) LIMIT 5", rewrites
	case 2:
		return match + " RETURN DISTINCT " + iter + " AS l", rewrites
	}
	return match + " WHERE " + iter + " IS NOT NULL RETURN count(*) AS n", rewrites
}

// TestPathIterationsMatchRowMode compares the comprehensions and reduces
// over a fixed-length path's whole node or relationship list, which the
// planner reads as the list of the pattern's variables (pathFunctions'
// iterated), with row mode, on random graphs with self-loops, parallel
// relationships, nodes without id-derived properties and relationships
// without w. Each query that iterates over nodes(p) or relationships(p)
// of a fixed-length pattern with every element named must no longer
// bind the path.
func TestPathIterationsMatchRowMode(t *testing.T) {
	t.Parallel()
	runs, failed, rewritten := 0, 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 47))
		n := 8 + r.IntN(10)
		planned, row := plannedAndRowMode(t)
		dbs := map[string]*DB{"planned": planned, "row-mode": row}
		for _, db := range dbs {
			leastTrailGraph(t, db, rand.New(rand.NewPCG(seed, 1)), n)
			mustRun(t, db, "MATCH ()-[r]->() WHERE r.w = 0 AND id(r) % 3 = 0 REMOVE r.w", nil)
		}
		for i := 0; i < 80; i++ {
			q, rewrites := pathIterationQuery(r)
			c, err := planned.Compile(q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			plan := c.Plan.Explain()
			bound := strings.Contains(plan, "PathBind")
			if !bound {
				rewritten++
			}
			if rewrites && bound {
				t.Errorf("%s: the path is still bound:\n%s", q, plan)
			}
			for _, x := range []int{0, 1, r.IntN(n)} {
				againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, map[string]any{"x": x}, &runs, &failed)
			}
		}
	}
	t.Logf("%d runs compared, %d failed; %d plans without the path bound", runs, failed, rewritten)
	if rewritten == 0 {
		t.Errorf("no plan left the path unbound")
	}
}
