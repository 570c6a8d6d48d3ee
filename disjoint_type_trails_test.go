package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// A chain of fixed hops runs as set expansions, and checks the ends for
// trails (no relationship used twice within a MATCH clause) only where
// two hops of one clause may follow the same relationship: a relationship
// has one type, so hops whose type lists are disjoint never share one
// and their walks are trails (vm/trails.go, sharedGroup). The generated
// chains draw each hop's types from T, U, T|U and any, its direction from
// all three, split the hops over one to three MATCH clauses, test inner
// nodes by label or property, and end at a node free, sought or equal to
// the start; the consumers read the ends distinctly (set mode) or count
// the walks (row mode, the near miss). They run on random multigraphs
// with self-loops and parallel and antiparallel relationships of both
// types, planned and from the last node, against row mode.

// trailTypeHops are hops by their type lists (%s: the direction's ends).
var trailTypeHops = []string{"[:T]", "[:U]", "[:T|U]", "[]", "[:U]", "[:T]"}

// trailTypeInner are inner nodes.
var trailTypeInner = []string{"()", "()", "(:A)", "(:B)", "({k: 1})", "(x WHERE x.k > 0)"}

// trailTypeEnds are the chain's ends.
var trailTypeEnds = []string{"(c)", "(c)", "(c:A)", "(c {id: $y})", "(a)"}

var trailTypeConsumers = []string{
	"RETURN count(DISTINCT c) AS n",
	"RETURN collect(DISTINCT c.id) AS ids",
	"WITH DISTINCT c RETURN c.k AS k, count(*) AS n",
	"RETURN count(*) AS n",
}

// trailTypeQuery returns a random chain of two to four hops from a: a
// third of them two clauses, the first of T hops and the second of T, U
// or T|U hops (the hops of a clause may share relationships, those of
// two clauses may not, whether or not their types meet).
func trailTypeQuery(r *rand.Rand) string {
	k := 2 + r.IntN(3)
	split := -1
	if r.IntN(3) == 0 {
		split = 1 + r.IntN(k-1)
	}
	var b strings.Builder
	b.WriteString("MATCH (a {id: $x})")
	for i := 0; i < k; i++ {
		rel := trailTypeHops[r.IntN(len(trailTypeHops))]
		switch {
		case split >= 0 && i < split:
			rel = "[:T]"
		case split >= 0:
			rel = []string{"[:U]", "[:T]", "[:T|U]"}[r.IntN(3)]
		}
		switch r.IntN(3) {
		case 0:
			b.WriteString("-" + rel + "->")
		case 1:
			b.WriteString("<-" + rel + "-")
		default:
			b.WriteString("-" + rel + "-")
		}
		if i == k-1 {
			end := trailTypeEnds[r.IntN(len(trailTypeEnds))]
			if end == "(a)" {
				end = "(c) WHERE c = a"
			}
			b.WriteString(end)
			break
		}
		inner := trailTypeInner[r.IntN(len(trailTypeInner))]
		name := fmt.Sprintf("m%d", i)
		inner = strings.Replace(strings.Replace(inner, "(x ", "("+name+" ", 1), "x.k", name+".k", 1)
		if !strings.Contains(inner, name) {
			inner = "(" + name + inner[1:]
		}
		b.WriteString(inner)
		if (split < 0 && r.IntN(3) == 0) || i == split-1 {
			b.WriteString(" MATCH (" + name + ")")
		}
	}
	return b.String() + " " + trailTypeConsumers[r.IntN(len(trailTypeConsumers))]
}

// TestDisjointTypeTrailsMatchRowMode runs the generated chains against
// row mode.
func TestDisjointTypeTrailsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 9))
	runs, failed := 0, 0
	for _, seed := range []uint64{2, 13, 31} {
		dbs := map[string]*DB{}
		for name, o := range map[string]*Options{"planned": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}} {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			chainGraph(t, db, seed, 8+int(seed%5), 30+int(seed))
			dbs[name] = db
		}
		for i := 0; i < 250; i++ {
			q := trailTypeQuery(r)
			p := map[string]any{"x": int64(r.IntN(8)), "y": int64(r.IntN(8))}
			againstRowMode(t, dbs, []string{"planned", "last"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs, %d failed", runs, failed)
}
