package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// An expansion's relationship uniqueness leaves out the relationships of
// its MATCH whose types cannot be its own (planner/disjoint_uniqueness.go),
// and what that test kept alive becomes free: a pattern that closes a
// cycle (`(p)-[:T]-(f)-[:U]->()-[:U]->(p)`) under DISTINCT is an
// existence test, a chain runs set at a time. The generated patterns are
// one MATCH of two to four hops from a sought node, each hop's types
// drawn from T, U, T|U and any, fixed or variable-length (`*1..2`) or a
// quantified group, its direction from all three; hops are named (r0,
// r1, ...) and some read later (type(), a WHERE r0 <> r1 spelled out, a
// list of them returned); the pattern may end free, at a sought node or
// back at the start; one of three queries first binds s0 in a MATCH of
// its own, which the pattern's relationships may equal.
// Consumers read the ends distinctly or count the walks. They run on
// random multigraphs with self-loops and parallel relationships of both
// types, planned, indexed and from the last node, against row mode.
//
// Breaks (each guard removed or flipped in turn; 900 runs):
//   - the types not compared (every entry dropped): 228 runs fail;
//   - an expansion allowing every type (no type list) taken as
//     disjoint from any: 45 runs fail;
//   - the entry's type taken from the expansion that binds it even past
//     an operator that could bind the name anew (a projection, an
//     unwind): 0 runs fail (the generated queries bind each name once;
//     a query that drops a relationship at a WITH and binds its name
//     again already differs from row mode without this rule, see
//     below, so it is left out of the generator).
//
// Left out: `MATCH (a {id: $x})-[r0:T]-() WITH DISTINCT a MATCH
// (a)<-[r0:U]-(:A)-[r1:U]-(c) RETURN r1 IS NULL AS z, count(*) AS n` (a
// name bound again after a WITH) and `MATCH (a {id: $x})-[s0:U]-() MATCH
// (a {id: $x})-[r0:T]-(:A)-[r1]->(m1)<-[r2:T|U]-(c) WHERE s0 <> r2 ...`
// (uniqueness across clauses written out) differ from row mode with and
// without this rule.

var uniqHops = []string{"[%s:T]", "[%s:U]", "[%s:T|U]", "[%s]", "[%s:U]", "[%s:T]", "[%s:T*1..2]", "[%s:U*1..2]"}

var uniqInner = []string{"()", "(:A)", "(:B)", "(m%d)"}

var uniqEnds = []string{"(c)", "(c:A)", "(c {id: $y})", "(a)"}

var uniqConsumers = []string{
	"RETURN count(DISTINCT c) AS n",
	"RETURN DISTINCT c.id AS id",
	"WITH DISTINCT c RETURN count(*) AS n",
	"RETURN count(*) AS n",
	"RETURN c.id AS id, count(*) AS n",
}

// uniqQuery returns a random pattern of one MATCH (see above).
func uniqQuery(r *rand.Rand) string {
	k := 2 + r.IntN(3)
	var b strings.Builder
	if r.IntN(3) == 0 {
		// A first MATCH binds s0 to a relationship of either type (the
		// pattern's may equal it).
		b.WriteString("MATCH (a {id: $x})-[s0:" + []string{"T", "U"}[r.IntN(2)] + "]-() ")
	}
	b.WriteString("MATCH (a {id: $x})")
	var named []string
	single := map[string]bool{}
	for i := 0; i < k; i++ {
		name := fmt.Sprintf("r%d", i)
		hop := uniqHops[r.IntN(len(uniqHops))]
		if r.IntN(8) == 0 {
			// A quantified group of one hop.
			t := []string{":T", ":U", ":T|U"}[r.IntN(3)]
			hop = ""
			b.WriteString(" (()-[" + t + "]->()){1,2} ")
			if i == k-1 {
				b.WriteString(uniqEnds[r.IntN(len(uniqEnds)-1)])
			} else {
				b.WriteString(fmt.Sprintf("(m%d)", i))
			}
			continue
		}
		rel := fmt.Sprintf(hop, name)
		named = append(named, name)
		single[name] = !strings.Contains(rel, "*")
		switch r.IntN(3) {
		case 0:
			b.WriteString("-" + rel + "->")
		case 1:
			b.WriteString("<-" + rel + "-")
		default:
			b.WriteString("-" + rel + "-")
		}
		if i == k-1 {
			end := uniqEnds[r.IntN(len(uniqEnds))]
			if end == "(a)" && r.IntN(2) == 0 {
				end = "(c) WHERE c = a"
			} else if end == "(a)" {
				end = "(a)"
			}
			b.WriteString(end)
			break
		}
		inner := uniqInner[r.IntN(len(uniqInner))]
		if strings.Contains(inner, "%d") {
			inner = fmt.Sprintf(inner, i)
		}
		b.WriteString(inner)
	}
	q := b.String()
	// The end is c unless the pattern closed back at a.
	if !strings.Contains(q, "(c") {
		q = strings.Replace(q, "(a)", "(a), (c {id: $x})", 1)
	}
	switch x := r.IntN(5); {
	case x == 0 && len(named) >= 2 && single[named[0]] && single[named[1]]:
		// Uniqueness written out, as a later MATCH would need it.
		if strings.Contains(q, " WHERE ") {
			q += " AND " + named[0] + " <> " + named[1]
		} else {
			q += " WHERE " + named[0] + " <> " + named[1]
		}
	case x == 1 && len(named) >= 1 && single[named[0]]:
		return q + " RETURN type(" + named[0] + ") AS t, count(DISTINCT c) AS n"
	case x == 2 && len(named) >= 1:
		return q + " RETURN " + named[len(named)-1] + " IS NULL AS z, count(*) AS n"
	}
	return q + " " + uniqConsumers[r.IntN(len(uniqConsumers))]
}

// TestDisjointUniquenessMatchRowMode runs the generated patterns against
// row mode.
func TestDisjointUniquenessMatchRowMode(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 3))
	runs, failed := 0, 0
	for _, seed := range []uint64{3, 17, 41} {
		dbs := rowModeGraphs(t, seed, 9+int(seed%4), 28+int(seed%9), plannedIdxLastRowMode, loopsAndParallels...)
		for i := 0; i < 100; i++ {
			q := uniqQuery(r)
			p := map[string]any{"x": int64(r.IntN(9)), "y": int64(r.IntN(9))}
			againstRowMode(t, dbs, []string{"planned", "planned-idx", "last"}, fmt.Sprintf("seed %d", seed), q, p, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs, %d failed", runs, failed)
}
