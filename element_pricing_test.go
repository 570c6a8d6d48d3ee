package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
)

// Set steps are priced by the elements they touch (planner/set_price.go):
// a set expansion, a semi-join's build, a breadth-first reach are weighed
// against per-row expansions and tests by the nodes they read and write.
// The generated queries are the kinds whose plans that weighing decides:
// expansions from one node, from a label's nodes or from every node, one
// to three hops, variable lengths, pattern tests under AND, OR and NOT,
// EXISTS and COUNT { } bodies, a node reached from both ends, and the
// near misses whose rows must stay rows (OPTIONAL MATCH, counted walks,
// an inner node read later, ORDER BY with LIMIT, properties null, NaN or
// of mixed types on some nodes). They run on random graphs with
// self-loops and parallel relationships, planned with and without an
// index and from the patterns' last node, against row mode; and each
// planned run's PROFILE must account for the set elements the machine
// counted: the operators' elements add up to the run's, which equal the
// counter of a run of the same plan.

// pricedStarts bind a (possibly null) before the body.
var pricedStarts = []string{
	"MATCH (a:A {id: $p})",
	"MATCH (a:A) WHERE a.id < $p",
	"MATCH (a) WHERE a.k = 1",
	"MATCH (a:B)",
	"MATCH (a)",
	"UNWIND [$p, 3, null, 6, 3] AS i MATCH (a {id: i})",
	"OPTIONAL MATCH (a:A {id: $q})",
	"MATCH (a:A {id: $p})-[:U]-(z) WITH DISTINCT z AS a",
}

// pricedHops are single hops.
var pricedHops = []string{"-->", "<--", "--", "-[:T]->", "<-[:U]-", "-[:T|U]-", "-[:T]-"}

// pricedBodies use a and bind b (%[1]s, %[2]s: hops).
var pricedBodies = []string{
	"MATCH (a)%[1]s(b)",
	"MATCH (a)%[1]s()%[2]s(b)",
	"MATCH (a)%[1]s()%[2]s()%[1]s(b)",
	"MATCH (a)-[*1..2]->(b)",
	"MATCH (a)-[:T*0..2]-(b)",
	"MATCH (a)<-[:T|U*2..3]-(b)",
	"MATCH (a)-[*1..3]-(b)",
	"MATCH (a)-[:T*1..4]-(b)",
	"MATCH (a)%[1]s(b) WHERE EXISTS { (b)%[2]s(:A) }",
	"MATCH (a)%[1]s(b) WHERE NOT (b)%[2]s(a)",
	"MATCH (b) WHERE (a)%[1]s(b) OR (b)%[2]s(:B {k: 2})",
	"MATCH (b:A) WHERE COUNT { (a)%[1]s(b) } >= 2",
	"MATCH (b) WHERE EXISTS { (a)%[1]s()%[2]s(b) } AND b.k > 0",
	"MATCH (a)%[1]s(b)%[2]s(c) WHERE c <> a WITH a, b",
	"MATCH (a)%[1]s(b)%[2]s(c:A {id: $q}) WITH a, b",
	"MATCH (a)%[1]s(b) MATCH (b)%[2]s(a)",
	"OPTIONAL MATCH (a)%[1]s(b)%[2]s()",
	"MATCH (a)%[1]s(b) WHERE b.k IN [0, 2] OR b.id % 2 = 0",
}

// pricedConsumers read the rows: distinct consumers first, then counted
// and ordered ones.
var pricedConsumers = []string{
	"RETURN count(DISTINCT b) AS n",
	"WITH DISTINCT b RETURN collect(b.id) AS ids",
	"RETURN a.id AS aid, count(DISTINCT b) AS n",
	"RETURN count(*) AS n",
	"RETURN b.id AS id, count(*) AS n",
	"RETURN DISTINCT b.id AS id ORDER BY id DESC LIMIT 3",
	"RETURN sum(b.k) AS s, min(b.id) AS lo, max(b.w) AS w",
	"WITH b WHERE b.k IS NULL RETURN count(b) AS n",
}

// pricedQueries returns n random queries of the families above.
func pricedQueries(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		start := pricedStarts[r.IntN(len(pricedStarts))]
		body := fmt.Sprintf(pricedBodies[r.IntN(len(pricedBodies))], pricedHops[r.IntN(len(pricedHops))], pricedHops[r.IntN(len(pricedHops))])
		out = append(out, start+" "+body+" "+pricedConsumers[r.IntN(len(pricedConsumers))])
	}
	return out
}

// pricedGraphs returns the planned variants and row mode of a random
// graph with k null on every fourth node, w a float (NaN on some nodes),
// an integer or a string (no integer equal to a float, whose max would
// depend on the order the rows come in), and a second :A node with id 3 with a
// self-loop and parallel relationships.
func pricedGraphs(t *testing.T, seed uint64, n, m int) map[string]*DB {
	dbs := planVariants(t, seed, n, m, map[string]*Options{
		"planned":     nil,
		"planned,idx": nil,
		"last":        {StartLast: true},
		"row-mode":    {RowModeOnly: true},
	})
	mustRun(t, dbs["planned,idx"], "CREATE INDEX FOR (n:B) ON (n.k)", nil)
	for _, db := range dbs {
		mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
		mustRun(t, db, `MATCH (x) SET x.w = CASE x.id % 5 WHEN 0 THEN 0.0 / 0.0 WHEN 1 THEN 'w' WHEN 2 THEN x.id ELSE toFloat(x.id) / 2 + 0.25 END`, nil)
		mustRun(t, db, "MATCH (x {id: 3}) CREATE (y:A {id: 3, k: 1})-[:T]->(x), (y)-[:U]->(y), (y)-[:T]->(y), (y)-[:T]->(x)", nil)
	}
	return dbs
}

var pricedParams = []map[string]any{
	{"p": int64(3), "q": int64(6)},
	{"p": int64(0), "q": float64(3)},
	{"p": int64(12), "q": nil},
	{"p": nil, "q": int64(9)},
	{"p": int64(9), "q": int64(0)},
}

// TestElementPricedPlansMatchRowMode runs the generated queries planned
// (by the element-priced cost model, with and without an index, and
// from the patterns' last node) against row mode.
func TestElementPricedPlansMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 3))
	runs, failed := 0, 0
	for _, seed := range []uint64{4, 21, 38} {
		dbs := pricedGraphs(t, seed, 24+int(seed), 70+3*int(seed))
		for k, q := range pricedQueries(r, 240) {
			againstRowMode(t, dbs, []string{"planned", "planned,idx", "last"}, fmt.Sprintf("seed %d", seed), q, pricedParams[k%len(pricedParams)], &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d runs, %d failed", runs, failed)
}

var (
	profileOpElements    = regexp.MustCompile(`, set elements (\d+)`)
	profileTotalElements = regexp.MustCompile(`(?m)^result rows \d+, steps \d+, set elements (\d+),`)
)

// TestProfileSetElements checks, for the generated queries planned on
// random graphs, that PROFILE's per-operator set elements add up to its
// total, and that the total is the element counter of another run of the
// same plan (vm.Stats.Elements); and that enough of the queries run set
// steps for the check to mean something.
func TestProfileSetElements(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 4))
	runs, failed, withSets := 0, 0, 0
	for _, seed := range []uint64{5, 22, 39} {
		dbs := pricedGraphs(t, seed, 30, 90)
		for k, q := range pricedQueries(r, 200) {
			p := pricedParams[k%len(pricedParams)]
			for _, name := range []string{"planned", "planned,idx"} {
				runs++
				db := dbs[name]
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				prof, err := profileOf(ctx, db, q, p)
				if err != nil {
					cancel()
					continue // the row-mode comparison covers errors
				}
				counted, _, _, err := ProfiledRun(ctx, db, q, p)
				cancel()
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				m := profileTotalElements.FindStringSubmatch(prof)
				if m == nil {
					t.Fatalf("%s: no totals line in\n%s", q, prof)
				}
				total, _ := strconv.ParseInt(m[1], 10, 64)
				var sum int64
				for _, line := range strings.Split(prof, "\n") {
					if strings.HasPrefix(line, "result rows") {
						continue
					}
					for _, e := range profileOpElements.FindAllStringSubmatch(line, -1) {
						n, _ := strconv.ParseInt(e[1], 10, 64)
						sum += n
					}
				}
				if total > 0 {
					withSets++
				}
				if sum != total || total != counted.Elements {
					failed++
					if failed <= 10 {
						t.Errorf("seed %d, %s, %v: %s\noperators' elements %d, total %d, counter %d\n%s", seed, name, p, q, sum, total, counted.Elements, prof)
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs: PROFILE's set elements differ from the counter", failed, runs)
	}
	if withSets < runs/4 {
		t.Errorf("only %d of %d runs touched set elements", withSets, runs)
	}
	t.Logf("%d runs, %d with set elements, %d failed", runs, withSets, failed)
}

// profileOf returns the PROFILE text of q.
func profileOf(ctx context.Context, db *DB, q string, params map[string]any) (string, error) {
	rows, err := db.Query(ctx, "PROFILE "+q, params)
	if err != nil {
		return "", err
	}
	if _, err := rows.All(); err != nil {
		return "", err
	}
	return rows.Profile(), nil
}

// TestProfileChainElements checks PROFILE's set elements of one operator
// against a count computed from the graph: a chain of one to three hops
// from the nodes sought by id, each hop of any, one or two types in
// either direction or both, each hop in a MATCH clause of its own or
// two hops of different types (no relationship can repeat: no trail
// check), read by count(DISTINCT b), run as a set expansion per start
// counts, per hop and per relationship type it
// follows, its frontier and the nodes it reaches over that type. The
// frontiers are computed here from the graph's relationships as a MATCH
// of every relationship lists them.
func TestProfileChainElements(t *testing.T) {
	hops := []struct {
		text  string
		dir   int // 0 out, 1 in, 2 both
		types []string
	}{
		{"-->", 0, nil}, {"<--", 1, nil}, {"--", 2, nil},
		{"-[:T]->", 0, []string{"T"}}, {"<-[:U]-", 1, []string{"U"}},
		{"-[:T|U]-", 2, []string{"T", "U"}}, {"<-[:U|T]-", 1, []string{"U", "T"}},
	}
	r := rand.New(rand.NewPCG(25, 5))
	runs, failed, sets := 0, 0, 0
	for _, seed := range []uint64{6, 23} {
		db := pricedGraphs(t, seed, 40, 110)["planned"]
		type rel struct {
			s, e int64
			typ  string
		}
		var rels []rel
		for _, row := range mustRun(t, db, "MATCH (x)-[r]->(y) RETURN id(x), id(y), type(r)", nil) {
			rels = append(rels, rel{int64(row[0].(value.Int)), int64(row[1].(value.Int)), string(row[2].(value.String))})
		}
		// reach returns the nodes reached from front over a hop of
		// direction dir and type typ ("": any).
		reach := func(front map[int64]bool, dir int, typ string) map[int64]bool {
			out := map[int64]bool{}
			for _, x := range rels {
				if typ != "" && x.typ != typ {
					continue
				}
				if dir != 1 && front[x.s] {
					out[x.e] = true
				}
				if dir != 0 && front[x.e] {
					out[x.s] = true
				}
			}
			return out
		}
		for k := 0; k < 150; k++ {
			// One MATCH clause per hop (a relationship may repeat), or
			// one clause of a T hop and a U hop (none can).
			n := 1 + r.IntN(3)
			q := "MATCH (a:A {id: $p})"
			var chain []int
			if r.IntN(3) == 0 {
				chain = []int{3, 4}
				q += fmt.Sprintf("%s()%s(b)", hops[3].text, hops[4].text)
			} else {
				for i := 0; i < n; i++ {
					h := r.IntN(len(hops))
					chain = append(chain, h)
					end := fmt.Sprintf("(x%d)", i)
					if i == n-1 {
						end = "(b)"
					}
					q += hops[h].text + end
					if i < n-1 {
						q += fmt.Sprintf(" MATCH (x%d)", i)
					}
				}
			}
			q += " RETURN count(DISTINCT b) AS n"
			p := map[string]any{"p": int64(3 * r.IntN(9))}
			var want int64
			for _, row := range mustRun(t, db, "MATCH (a:A {id: $p}) RETURN id(a)", p) {
				front := map[int64]bool{int64(row[0].(value.Int)): true}
				for _, h := range chain {
					types := hops[h].types
					if types == nil {
						types = []string{""}
					}
					next := map[int64]bool{}
					for _, typ := range types {
						got := reach(front, hops[h].dir, typ)
						want += int64(len(front) + len(got))
						for x := range got {
							next[x] = true
						}
					}
					front = next
				}
			}
			prof, err := profileOf(context.Background(), db, q, p)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			runs++
			var line string
			for _, l := range strings.Split(prof, "\n") {
				if strings.Contains(l, "+ExpandSet (a)") {
					line = l
				}
			}
			if line == "" {
				continue // planned otherwise
			}
			sets++
			var got int64
			if m := profileOpElements.FindStringSubmatch(line); m != nil {
				got, _ = strconv.ParseInt(m[1], 10, 64)
			}
			if got != want {
				failed++
				if failed <= 10 {
					t.Errorf("seed %d, %v: %s: set elements %d, want %d\n%s", seed, p, q, got, want, prof)
				}
			}
		}
	}
	if sets < runs/2 {
		t.Errorf("only %d of %d chains ran as set expansions", sets, runs)
	}
	t.Logf("%d runs, %d as set expansions, %d failed", runs, sets, failed)
}

// TestSetElementsRepeat checks that the machine's work on the generated
// queries and on undirected reaches, steps and set elements, is the same
// on every run of a plan: the counter measures the plan, not the order a
// map was walked in.
func TestSetElementsRepeat(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 6))
	runs, failed := 0, 0
	for _, seed := range []uint64{7, 24} {
		db := pricedGraphs(t, seed, 30, 90)["planned"]
		for k, q := range pricedQueries(r, 150) {
			p := pricedParams[k%len(pricedParams)]
			var first FamilySteps
			for i := 0; i < 4; i++ {
				st, _, _, err := ProfiledRun(context.Background(), db, q, p)
				if err != nil {
					break // the row-mode comparison covers errors
				}
				if i == 0 {
					first = st
					continue
				}
				runs++
				if st != first {
					failed++
					if failed <= 5 {
						t.Errorf("seed %d, %v: %s: run %d: %d steps, %d set elements; first run %d, %d", seed, p, q, i, st.Total(), st.Elements, first.Total(), first.Elements)
					}
				}
			}
		}
	}
	// Undirected reaches of up to three hops from one node, which look
	// for a cycle back to their start through two of its neighbours
	// (a triangle), on graphs of 40 nodes and 60 to 100 relationships,
	// where some neighbours of a start close one and some do not.
	for _, seed := range []uint64{8, 25} {
		db := planVariants(t, seed, 40, 60+20*int(seed%3), plannedOnly)["planned"]
		for id := 0; id < 40; id++ {
			p := map[string]any{"p": int64(id)}
			for _, q := range []string{
				"MATCH (a {id: $p})-[*1..3]-(b) RETURN count(DISTINCT b) AS n",
				"MATCH (a {id: $p})-[:T*1..3]-(b) RETURN count(DISTINCT b) AS n",
			} {
				first, _, _, err := ProfiledRun(context.Background(), db, q, p)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				for i := 1; i < 4; i++ {
					st, _, _, err := ProfiledRun(context.Background(), db, q, p)
					if err != nil {
						t.Fatalf("%s: %v", q, err)
					}
					runs++
					if st != first {
						failed++
						if failed <= 5 {
							t.Errorf("seed %d, %v: %s: run %d: %d steps, %d set elements; first run %d, %d", seed, p, q, i, st.Total(), st.Elements, first.Total(), first.Elements)
						}
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d repeated runs differ from the first", failed, runs)
	}
	t.Logf("%d repeated runs, %d differ", runs, failed)
}
