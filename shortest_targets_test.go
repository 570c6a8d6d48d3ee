package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/vm"
)

// targetRel is a relationship pattern of a shortest-path search: its text
// with the length range in %s, the types it may cross, its direction
// ('>' out, '<' in, '-' either) and its least length.
type targetRel struct {
	text  string
	types []string
	dir   byte
	min   int
}

var targetRels = []targetRel{
	{"-[%s]->", nil, '>', 1},
	{"-[:T%s]-", []string{"T"}, '-', 1},
	{"<-[:T|U%s]-", []string{"T", "U"}, '<', 1},
	{"-[%s]-", nil, '-', 1},
	{"-[:U%s]->", []string{"U"}, '>', 1},
	{"<-[%s]-", nil, '<', 0},
	{"-[:T%s]->", []string{"T"}, '>', 0},
}

// targetTests are the tests of a shortest path's elements (moved into the
// search as tests of the hops, or kept as the search's pre-filter): some
// read a parameter, some a property of the row's start or end node (which
// changes from row to row), none may fail.
var targetTests = []string{
	"",
	"all(x IN nodes(p) WHERE x.k IS NULL OR x.k <> 2)",
	"all(r IN relationships(p) WHERE r.w >= $lo)",
	"none(x IN nodes(p)[1..-1] WHERE x:A)",
	"all(x IN nodes(p)[1..] WHERE x.k <> b.k)",
	"all(x IN tail(nodes(p)) WHERE x.k IS NULL OR x.k <> a.k)",
	"all(r IN relationships(p) WHERE r.w <> b.k)",
	"all(r IN relationships(p) WHERE type(r) = 'T')",
	"all(x IN nodes(p) WHERE x.id <> $cut)",
	"all(x IN nodes(p) WHERE x.k <> lim)",
	"all(r IN relationships(p) WHERE r.w >= lim)",
	"all(x IN nodes(p)[1..] WHERE x.k IS NULL OR x.k < lim)",
	"all(x IN nodes(p)[1..-1] WHERE x:B)",
	"all(x IN nodes(p)[..-1] WHERE x.k >= $lo)",
	"all(x IN nodes(p)[1..] WHERE x:B)",
	"all(x IN nodes(p)[1..-1] WHERE x.k <> lim)",
}

// targetLimits are what lim, read by some tests, is bound to: a property
// of the end or the start (the same within a run of rows from one start,
// or not), a parameter, null.
var targetLimits = []string{"b.k", "a.k", "$lo", "b.id % 3", "null", "toFloat(b.k)"}

// targetProps are property maps of the relationship pattern, read per row
// or constant.
var targetProps = []string{"", "", "", " {w: b.k}", " {w: $lo}", " {w: a.k}", " {w: toFloat($lo)}"}

// targetRows are the rows that pair the ends, with %[1]s the start's
// selection and %[2]s the end's: runs of rows from one start (the start
// bound first), rows whose starts alternate (the end bound first, or the
// rows ordered by end), rows repeated, and starts from a relationship.
var targetRows = []string{
	"MATCH (a) WHERE %[1]s MATCH (b) WHERE %[2]s WITH a, b",
	"MATCH (b) WHERE %[2]s MATCH (a) WHERE %[1]s WITH a, b",
	"MATCH (a) WHERE %[1]s MATCH (b) WHERE %[2]s WITH a, b ORDER BY b.id, a.id",
	"MATCH (a) WHERE %[1]s MATCH (b) WHERE %[2]s UNWIND [1, 2] AS rep WITH a, b",
	"MATCH (a) WHERE %[1]s MATCH (a)-->()-->(b) WHERE %[2]s WITH DISTINCT a, b",
	"MATCH (a) WHERE %[1]s MATCH (b) WHERE %[2]s WITH a, b ORDER BY a.id DESC, b.id DESC",
}

var (
	targetStarts = []string{"a:A", "a.id < 3", "a.id = $s", "a.id IN [$s, 4]", "a:B AND a.id % 5 = 1"}
	targetEnds   = []string{"b:B", "b.id > 2", "true", "b.k IS NOT NULL", "NOT b:A"}
)

// targetQuery draws one query: the shortest paths (one, or all) between
// the ends each row pairs, with its length, a check that the path found
// is a path of the pattern from a to b without a repeated node, and its
// count; and the same question answered by enumerating the trails up to
// the greatest length and keeping the least (a shortest path repeats no
// node, so it is a trail, and the least trail is a shortest path).
func targetQuery(r *rand.Rand) (q, oracle string) {
	rel := targetRels[r.IntN(len(targetRels))]
	hi := 1 + r.IntN(4)
	bounds := fmt.Sprintf("*..%d", hi)
	lo := 1
	if rel.min == 0 {
		bounds, lo = fmt.Sprintf("*0..%d", hi), 0
	}
	props := targetProps[r.IntN(len(targetProps))]
	pattern := "(a)" + fmt.Sprintf(rel.text, bounds+props) + "(b)"
	rows := fmt.Sprintf(targetRows[r.IntN(len(targetRows))], targetStarts[r.IntN(len(targetStarts))], targetEnds[r.IntN(len(targetEnds))])
	if lo > 0 {
		rows += " WHERE a <> b"
	}
	test := targetTests[r.IntN(len(targetTests))]
	if strings.Contains(test, "lim") {
		rows += " WITH a, b, " + targetLimits[r.IntN(len(targetLimits))] + " AS lim"
	}
	where := ""
	if test != "" {
		where = " WHERE " + test
	}
	var step string
	switch rel.dir {
	case '>':
		step = "startNode(rs[i]) = ns[i] AND endNode(rs[i]) = ns[i + 1]"
	case '<':
		step = "endNode(rs[i]) = ns[i] AND startNode(rs[i]) = ns[i + 1]"
	default:
		step = "(startNode(rs[i]) = ns[i] AND endNode(rs[i]) = ns[i + 1] OR endNode(rs[i]) = ns[i] AND startNode(rs[i]) = ns[i + 1])"
	}
	typed := "true"
	if rel.types != nil {
		typed = "all(r IN rs WHERE type(r) IN ['" + strings.Join(rel.types, "', '") + "'])"
	}
	valid := fmt.Sprintf("ns[0] = a AND ns[-1] = b AND %s AND all(i IN range(0, size(rs) - 1) WHERE %s) AND size(reduce(s = [], x IN ns | CASE WHEN x IN s THEN s ELSE s + x END)) = size(ns)", typed, step)
	fn, count := "shortestPath", "1"
	if r.IntN(3) == 0 {
		fn, count = "allShortestPaths", "count(*)"
	}
	q = fmt.Sprintf("%s MATCH p = %s(%s)%s WITH a, b, p, nodes(p) AS ns, relationships(p) AS rs RETURN a.id, b.id, length(p), %s, collect(DISTINCT %s)", rows, fn, pattern, where, count, valid)
	if fn == "shortestPath" {
		// Repeated rows repeat the path; a count of 1 per row.
		q = strings.Replace(q, "RETURN a.id, b.id, length(p), 1,", "RETURN a.id, b.id, length(p), count(*) / count(*),", 1)
	}
	trails := "(a)" + fmt.Sprintf(rel.text, fmt.Sprintf("*%d..%d", lo, hi)+props) + "(b)"
	oracle = fmt.Sprintf("%s MATCH p = %s%s WITH a, b, length(p) AS l WITH a, b, min(l) AS d, collect(l) AS ls RETURN a.id, b.id, d, %s, [true]", rows, trails, where, "CASE WHEN "+fmt.Sprint(fn == "shortestPath")+" THEN 1 ELSE size([x IN ls WHERE x = d]) END")
	return q, oracle
}

// TestShortestTargets checks the shortest paths between ends that each
// row binds (shortestPath and allShortestPaths after both ends are
// matched): the search from a start shared by the rows that pair it with
// other ends (vm's targetSearch), grown level by level as the pairs pay
// for it, against row mode and against the least trails the patterns
// enumerate, on random graphs with self-loops, parallel relationships,
// cycles, pairs with no path and pairs of a node with itself, with tests
// of the elements that read parameters or the row's nodes.
func TestShortestTargets(t *testing.T) {
	const perSeed = 120
	runs, failed, oracles := 0, 0, 0
	for _, g := range []struct {
		seed uint64
		n, m int
	}{{3, 20, 46}, {8, 24, 70}, {21, 30, 60}, {34, 16, 64}} {
		dbs := rowModeGraphs(t, g.seed, g.n, g.m, plannedRowMode, "MATCH (x) WHERE x.id % 6 <> 0 SET x.k = x.id % 4", "MATCH (s)-[r]->(e) WHERE (s.id + e.id) % 5 <> 0 SET r.w = (s.id * 7 + e.id) % 3")
		r := rand.New(rand.NewPCG(g.seed, 77))
		for range perSeed {
			q, oracle := targetQuery(r)
			params := map[string]any{"lo": r.IntN(3), "s": r.IntN(g.n), "cut": r.IntN(g.n)}
			label := fmt.Sprintf("seed %d", g.seed)
			againstRowMode(t, dbs, []string{"planned"}, label, q, params, &runs, &failed)
			want := rowsOrError(dbs["row-mode"], oracle, params)
			for _, name := range []string{"planned", "row-mode"} {
				oracles++
				if got := rowsOrError(dbs[name], q, params); got != want {
					failed++
					if failed <= 20 {
						t.Errorf("%s, %s, %v: %s\n got %s\nwant %s (least trails: %s)", label, name, params, q, got, want, oracle)
					}
				}
			}
		}
	}
	t.Logf("%d runs against row mode, %d against the least trails", runs, oracles)
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs+oracles)
	}
}

// TestShortestSearchMemory checks that a shortest-path search holds its
// memory only while it serves its rows: one search per start (the end
// free), one per pair of ends whose starts alternate, and the search a
// run of rows from one start shares, over a graph every node of which
// reaches every other, run under a memory budget that one search fits in
// many times but the searches of all the rows together do not.
func TestShortestSearchMemory(t *testing.T) {
	const n = 260
	open := func(limit int64) *DB {
		db, err := Open("", &Options{Limits: vm.Limits{MaxMemory: limit}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		mustRun(t, db, "UNWIND range(0, $n - 1) AS i CREATE ({id: i})", map[string]any{"n": n})
		mustRun(t, db, "MATCH (a), (b) WHERE b.id = (a.id + 1) % $n OR b.id = (a.id + 7) % $n CREATE (a)-[:T]->(b)", map[string]any{"n": n})
		return db
	}
	budget, free := open(1<<20), open(0)
	for _, q := range []string{
		"MATCH (a) MATCH p = shortestPath((a)-[*]->(b)) RETURN count(*) AS n, sum(length(p)) AS l",
		"MATCH (b) WHERE b.id % 4 = 0 MATCH (a) WHERE a <> b MATCH p = shortestPath((a)-[:T*]->(b)) RETURN count(*) AS n, sum(length(p)) AS l",
		"MATCH (a) WHERE a.id % 4 = 0 MATCH (b) WHERE a <> b MATCH p = shortestPath((a)-[:T*]->(b)) RETURN count(*) AS n, sum(length(p)) AS l",
		"MATCH (a) WHERE a.id % 4 = 0 MATCH (b) WHERE a.id % 8 = b.id % 8 MATCH p = shortestPath((a)-[:T*]->(b)) RETURN count(*) AS n, sum(length(p)) AS l",
		"MATCH (a) WHERE a.id % 4 = 0 MATCH p = SHORTEST 2 (a)-[:T]->+(b) WHERE b.id % 5 = 0 RETURN count(*) AS n, sum(length(p)) AS l",
	} {
		want := rowsOrError(free, q, nil)
		if strings.HasPrefix(want, "error") {
			t.Fatalf("%s: %s", q, want)
		}
		if got := rowsOrError(budget, q, nil); got != want {
			t.Errorf("%s under a budget of 1 MiB:\n got %s\nwant %s", q, got, want)
		}
	}
}
