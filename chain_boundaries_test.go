package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// chainHops are the hops a generated chain is made of: both directions and
// none, one type, the other, either, any.
var chainHops = []string{"-[:T]->", "<-[:T]-", "-[:T]-", "-[:U]->", "<-[:U|T]-", "-->", "--", "<-[:U]-"}

// chainInnerTests are tests on a node the chain passes through or ends at
// (%[1]s): labels, a property test that cannot fail, a null test of a
// property most nodes lack, an anti-join, an existence test.
var chainInnerTests = []string{
	"%[1]s:A",
	"%[1]s:B",
	"%[1]s.id %% 3 <> 1",
	"%[1]s.id > 4",
	"%[1]s.k IS NULL",
	"NOT (%[1]s)-[:U]->()",
	"NOT EXISTS { (%[1]s)<-[:T]-(:A) }",
	"EXISTS { (%[1]s)-[:T]-() }",
}

// chainStarts bind the chain's first node a.
var chainStarts = []string{
	"(a:A {id: 3})",
	"(a {id: 4})",
	"(a:A)",
	"(a:B)",
}

// genChainQuery writes a random chain of 2 to 4 hops from a, split at
// random boundaries, with random tests, and a random consumer of its end
// node (a distinct count, the distinct ids, the paths count, a count per
// start, a count per distinct end node). A boundary between two hops is one of: the same pattern (the
// hops' relationships must differ), a second MATCH reusing the node (they
// need not), a WITH of the node alone, WITH DISTINCT, a rename, a WITH
// keeping a too, a collect/UNWIND round trip, a collected list seeding
// the next MATCH (WHERE s IN xs), an OPTIONAL MATCH after
// (when the consumer ignores the null rows it adds, or counts them: where
// the OPTIONAL must stay), or a WITH ... LIMIT
// (which no chain may cross).
func genChainQuery(r *rand.Rand) string {
	k := 2 + r.IntN(3)
	ret := r.IntN(8)
	keepA := ret == 4 // the consumer groups by a: every boundary keeps it
	var b strings.Builder
	node := "a"
	b.WriteString("MATCH " + chainStarts[r.IntN(len(chainStarts))])
	var where []string
	flushWhere := func() {
		if len(where) > 0 {
			b.WriteString(" WHERE " + strings.Join(where, " AND "))
			where = nil
		}
	}
	optional := false
	for i := 0; i < k; i++ {
		if i > 0 {
			switch c := r.IntN(10); {
			case c < 2: // the same pattern
			default:
				flushWhere()
				kept := node
				if keepA && node != "a" {
					kept = "a, " + node
				}
				switch c {
				case 2, 3:
					b.WriteString(" MATCH (" + node + ")")
				case 4:
					b.WriteString(" WITH " + kept + " MATCH (" + node + ")")
				case 5:
					b.WriteString(" WITH DISTINCT " + kept + " MATCH (" + node + ")")
				case 6:
					if keepA {
						b.WriteString(" WITH a, " + node + " AS y" + fmt.Sprint(i) + " MATCH (y" + fmt.Sprint(i) + ")")
					} else {
						b.WriteString(" WITH " + node + " AS y" + fmt.Sprint(i) + " MATCH (y" + fmt.Sprint(i) + ")")
					}
					node = "y" + fmt.Sprint(i)
				case 7:
					if keepA {
						b.WriteString(" MATCH (" + node + ")")
					} else if r.IntN(2) == 0 { // the list seeds the next MATCH
						seed := fmt.Sprintf("s%d", i)
						b.WriteString(" WITH collect(" + node + ") AS xs MATCH (" + seed + ")")
						where = append(where, seed+" IN xs")
						node = seed
					} else {
						b.WriteString(" WITH collect(" + node + ") AS xs UNWIND xs AS " + node + " MATCH (" + node + ")")
					}
				case 9: // a boundary no chain may cross
					order := node + ".id" // unique on the rows kept: LIMIT keeps the same ones
					if keepA {
						order = "a.id, " + order
					}
					b.WriteString(" WITH " + kept + " ORDER BY " + order + " LIMIT 3 MATCH (" + node + ")")
				case 8:
					if (ret <= 1 || ret == 3 || ret == 4) && !optional {
						optional = true
						b.WriteString(" OPTIONAL MATCH (" + node + ")")
					} else {
						b.WriteString(" MATCH (" + node + ")")
					}
				}
			}
		}
		next := fmt.Sprintf("n%d", i+1)
		b.WriteString(chainHops[r.IntN(len(chainHops))] + "(" + next + ")")
		node = next
		if r.IntN(3) == 0 {
			where = append(where, fmt.Sprintf(chainInnerTests[r.IntN(len(chainInnerTests))], node))
		}
	}
	if r.IntN(2) == 0 {
		where = append(where, fmt.Sprintf(chainInnerTests[r.IntN(len(chainInnerTests))], node))
	}
	flushWhere()
	switch ret {
	case 0:
		b.WriteString(" RETURN count(DISTINCT " + node + ") AS n")
	case 1:
		b.WriteString(" RETURN collect(DISTINCT " + node + ".id) AS ids")
	case 2:
		b.WriteString(" RETURN DISTINCT " + node + ".id AS id")
	case 3:
		b.WriteString(" RETURN count(*) AS n") // the paths count: no set chain
	case 4:
		if r.IntN(2) == 0 {
			b.WriteString(" RETURN a.id AS a, count(DISTINCT " + node + ") AS n")
		} else {
			b.WriteString(" WITH DISTINCT a, " + node + " WITH a, count(*) AS c RETURN a.id AS a, c")
		}
	case 5:
		b.WriteString(" WITH DISTINCT " + node + " AS z RETURN count(z) AS n")
	case 6: // the anti-join as a count per distinct end node
		b.WriteString(" WITH DISTINCT " + node + " OPTIONAL MATCH (" + node + ")<-[:T]-(p:A) WITH " + node + ", count(p) AS c WHERE c = 0 RETURN count(" + node + ") AS n")
	case 7: // a count per distinct end node, its histogram
		b.WriteString(" WITH DISTINCT " + node + " MATCH (" + node + ")-[:U]-(q) WITH " + node + ", count(q) AS c RETURN c, count(*) AS n")
	}
	return b.String()
}

// TestChainBoundariesMatchRowMode runs generated chains split across
// clauses (see genChainQuery) against the row-mode plans, on random graphs
// with self-loops, parallel relationships and a property null on most
// nodes.
func TestChainBoundariesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(27, 11))
	var queries []string
	for len(queries) < 400 {
		queries = append(queries, genChainQuery(r))
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{5, 12} {
		dbs := rowModeGraphs(t, seed, 18, 60, plannedRowMode, fourthKeys)
		for _, q := range queries {
			runs++
			want := fmt.Sprint(canonical(mustRun(t, dbs["row-mode"], q, nil)))
			if got := fmt.Sprint(canonical(mustRun(t, dbs["planned"], q, nil))); got != want {
				failed++
				t.Errorf("seed %d: %s\n got %s\nwant %s", seed, q, got, want)
			}
		}
	}
	if failed > 0 {
		t.Logf("%d of %d runs differ from row mode", failed, runs)
	}
}
