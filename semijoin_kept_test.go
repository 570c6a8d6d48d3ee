package cyq

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// A semi-join's kept share follows how the rows reached the probe and
// how the build reached its set (planner/semijoin_kept.go): the
// neighbours of a node and the nodes two links from another are both
// mostly the well-linked nodes, so on a graph of skewed degrees far more
// of the one are among the other than the set's size over all nodes
// says. The graphs here have skewed in-degrees (a few nodes are the end
// of most relationships); the questions test the neighbours of one node
// against the nodes some links from another, with EXISTS, NOT EXISTS,
// both, COUNT { } thresholds, and a second MATCH of the walk made
// distinct (a run: planner/semijoin_runs.go, its far end sought by a
// key bound before it).

// skewedGraph fills db with n nodes :A {id, k} (k = id % 5) and m
// relationships of type T (two in three) or U, each from a node drawn
// uniformly to one drawn with probability falling as a power of its id
// (node 0 the end of the most).
func skewedGraph(t testing.TB, db *DB, seed uint64, n, m int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 77))
	mustRun(t, db, "UNWIND range(0, $n - 1) AS i CREATE (:A {id: i, k: i % 5})", map[string]any{"n": int64(n)})
	var ts, us []any
	for range m {
		a := int64(r.IntN(n))
		b := int64(float64(n) * math.Pow(r.Float64(), 3))
		if r.IntN(3) < 2 {
			ts = append(ts, []any{a, b})
		} else {
			us = append(us, []any{a, b})
		}
	}
	for typ, ps := range map[string][]any{"T": ts, "U": us} {
		mustRun(t, db, "UNWIND $ps AS p MATCH (a:A {id: p[0]}), (b:A {id: p[1]}) CREATE (a)-[:"+typ+"]->(b)", map[string]any{"ps": ps})
	}
}

// keptHops are the hops of the generated walks (%s: nothing, or a type).
var keptHops = []string{"-->", "-[:T]->", "<--", "-[:U]->", "--"}

// keptQuery generates a question: the distinct nodes v reached from
// the node $p that are (or are not) some links from the node $q.
func keptQuery(r *rand.Rand) string {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	lead := pick([]string{
		"MATCH (:A {id: $p})" + pick(keptHops) + "(v)",
		"MATCH (h:A) WHERE h.id = $p MATCH (h)" + pick(keptHops) + "(v)",
		"MATCH (:A {id: $p})" + pick(keptHops) + "()" + pick(keptHops) + "(v)",
		"MATCH (v:A) WHERE v.k = $k",
	})
	walk := func() string {
		s := "(:A {id: $q})"
		for range 1 + r.IntN(2) {
			s += pick(keptHops) + "()"
		}
		return strings.TrimSuffix(s, "()") + "(v)"
	}
	one := "(:A {id: $q})" + pick(keptHops) + "(v)"
	consumer := pick([]string{"RETURN count(DISTINCT v) AS n", "RETURN count(*) AS n", "RETURN collect(DISTINCT v.id) AS ids"})
	switch r.IntN(6) {
	case 0:
		return lead + " WHERE EXISTS { " + walk() + " } " + consumer
	case 1:
		return lead + " WHERE NOT EXISTS { " + walk() + " } " + consumer
	case 2:
		return lead + " WHERE EXISTS { " + walk() + " } AND NOT EXISTS { " + one + " } " + consumer
	case 3:
		return lead + " WHERE COUNT { " + walk() + " } > 0 AND COUNT { " + one + " } = 0 " + consumer
	case 4:
		return lead + " WHERE COUNT { " + walk() + " } >= 2 " + consumer
	}
	// The run: the walk's far end sought after the lead's node.
	run := strings.Replace(walk(), "(:A {id: $q})", "(o:A {id: $q})", 1)
	return lead + " MATCH " + run + " WITH DISTINCT v WHERE NOT " + one + " " + strings.Replace(consumer, "DISTINCT ", "", 1)
}

// TestSemiJoinKeptMatchRowMode runs the generated questions against row
// mode on skewed graphs, planned (indexed, and from a pattern's last
// node too): the estimate changes which side of each test is a set and
// which a per-row test, never the answer. 300 queries on two graphs,
// 1,800 runs. The change is one of estimates only, with no guard of the
// answers: its break (keptShare returning the set's share of all nodes)
// fails 0 runs.
//
// The estimates themselves, measured on a graph of this kind (2,000
// nodes, 24,000 relationships, ends drawn as id = n·u³), 120 semi-joins
// of a node's neighbours against the nodes one to three links from
// another: within 3× of the rows kept, 97 with the set's share of all
// nodes, 71 with the upper bound alone, 91 with the geometric mean. On
// so steep a graph the draws keep hitting the same few nodes and the
// truth lies near the lower bound; on Slashdot the upper bound is near
// the truth (u-h12-program-two-from-other: 216 kept, 58 estimated by the
// set's share).
func TestSemiJoinKeptMatchRowMode(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 14))
	var queries []string
	for range 300 {
		queries = append(queries, keptQuery(r))
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{5, 6} {
		dbs := map[string]*DB{}
		for name, opts := range plannedIdxLastRowMode {
			db, err := Open("", opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if strings.HasSuffix(name, "idx") {
				mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
			}
			skewedGraph(t, db, seed, 150, 900)
			dbs[name] = db
		}
		for i, q := range queries {
			params := map[string]any{"p": int64(i % 7), "q": int64(1 + i%5), "k": int64(i % 5)}
			want := rowsOrError(dbs["row-mode"], q, params)
			for _, v := range []string{"planned", "planned-idx", "last"} {
				runs++
				if got := rowsOrError(dbs[v], q, params); got != want {
					failed++
					if failed <= 10 {
						t.Errorf("seed %d %s: %s %v\n got %s\nwant %s", seed, v, q, params, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d failed", runs, failed)
}
