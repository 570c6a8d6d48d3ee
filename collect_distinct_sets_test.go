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
)

// collect(DISTINCT v) fed by a set-at-a-time operator takes the
// operator's whole node set (planner/setcount.go, vm/groups.go aggSet):
// the union of a group's sets, each set's new nodes appended in id order.
// The generated queries reach v by one or two hops, variable-length
// expansions, label tests and OPTIONAL MATCH (v null where nothing
// matches), match nothing for some parameters, pass distinct pairs (a
// plain collect of v then sees each v once per a, a set's rows), group
// by nothing, by the start node, by a value of it that
// several start nodes share (several sets per group), by v itself, and
// collect v alongside counts, DISTINCT and plain collects of v and of
// other values (near-misses the set sink must leave alone). The lists are
// read as values (returned, indexed, sliced, mapped), as sets (IN,
// membership comprehensions, UNWIND then DISTINCT) and by size. They run
// against row mode (lists compared as multisets), and each against a
// control form whose argument is not a bare variable, `[v][0]`, which
// collects the same set operator's rows one at a time: the lists must
// agree element by element, in order.

// cdsMatches bind a (the start) and v (the collected node).
var cdsMatches = []string{
	"MATCH (a:A)-->(v)",
	"MATCH (a:A)-[:T]->(v)",
	"MATCH (a)<-[:U]-(v:B)",
	"MATCH (a:A)-[:T|U]-(v)",
	"MATCH (a:A)-->()-->(v)",
	"MATCH (a {id: $p})-[*1..2]->(v)",
	"MATCH (a:A)-[:T*0..2]-(v)",
	"MATCH (a:A) WHERE a.id < 10 MATCH (a)-->(v)",
	"MATCH (a:A) OPTIONAL MATCH (a)-[:U]->(v)",
	"MATCH (a:A) OPTIONAL MATCH (a)-->(v:B)",
	"UNWIND [0, 3, 3, 6, 99] AS i MATCH (a {id: i})-->(v)",
	"MATCH (a:A)-->(v) WHERE v.k = 1",
	"MATCH (a:A)-->(v)-->(a)",
	"MATCH (a:A {id: $q})-[:U]->(v)",
	"MATCH (a:B {k: $p})-[:U]->(v:A)",
	"MATCH (a:A)-->(v) WITH DISTINCT a, v",
	"MATCH (a)-[:T*1..2]-(v) WITH DISTINCT a, v",
	"MATCH (a:A)-->()<--(v) WITH DISTINCT v, a",
}

// cdsKeys are the grouping keys (%s: the aggregates).
var cdsKeys = []string{
	"WITH %s",
	"WITH %s", // twice: a global aggregation over no rows still has its row
	"WITH a, %s",
	"WITH a.k AS g, %s",
	"WITH a.id %% 2 AS g, %s",
	"WITH v, %s",
	"WITH a, a.k AS g, %s",
}

// cdsAggs are the aggregates (%s: the collected expression); the first
// is the list l the readers read.
var cdsAggs = []string{
	"collect(DISTINCT %s) AS l",
	"collect(DISTINCT %s) AS l, count(*) AS c",
	"collect(DISTINCT %s) AS l, count(DISTINCT v) AS c",
	"collect(DISTINCT %s) AS l, count(v) AS c",
	"collect(DISTINCT %s) AS l, collect(v) AS c",
	"collect(DISTINCT %s) AS l, collect(DISTINCT v.id) AS c",
	"collect(DISTINCT %s) AS l, collect(DISTINCT a) AS c",
	"collect(%s) AS l",
	"collect(DISTINCT %s) AS l, min(v.id) AS c",
}

// cdsReaders read l (and c, g where bound: the reader is only used when
// the aggregates bind them). Those that read l's order (orderReaders)
// are compared with the control form only: a collected list's order is
// the order its rows came in, which row mode's plan does not share.
var cdsReaders = []string{
	"RETURN l",
	"RETURN size(l) AS n",
	"RETURN [x IN l | x.id] AS ids",
	"RETURN l[0] AS first, l[-1] AS last",
	"RETURN l[1..3] AS mid",
	"RETURN $q IN [x IN l | x.id] AS has",
	"RETURN size([x IN l WHERE x.k = 1]) AS n",
	"UNWIND l AS x WITH DISTINCT x RETURN count(x) AS n",
	"UNWIND l AS x RETURN x.id AS id, count(*) AS n",
	"MATCH (y:B) WHERE y IN l RETURN count(y) AS n",
	"MATCH (y:A) RETURN size([x IN l WHERE x IN [y]]) AS n, y.id AS y",
	"RETURN l, c",
	"RETURN size(l) AS n, c",
	"RETURN l, g",
	"WITH size(l) AS n ORDER BY n DESC LIMIT 2 RETURN n",
	"RETURN reduce(s = 0, x IN l | s + x.id) AS s",
}

// orderReaders are the readers of cdsReaders that read l's order.
var orderReaders = map[string]bool{
	"RETURN l[0] AS first, l[-1] AS last": true,
	"RETURN l[1..3] AS mid":               true,
}

// cdsQueries generates n queries and, for each, its control form.
func cdsQueries(n int) (qs, controls []string, orderSensitive []bool) {
	r := rand.New(rand.NewPCG(24, 11))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	for len(qs) < n {
		m, key, agg, rd := pick(cdsMatches), pick(cdsKeys), pick(cdsAggs), pick(cdsReaders)
		if strings.Contains(rd, "c") && strings.Contains(rd, ", c") && !strings.Contains(agg, " AS c") {
			continue
		}
		if strings.Contains(rd, "g") && strings.Contains(rd, ", g") && !strings.Contains(key, " AS g") {
			continue
		}
		if strings.Contains(key, "WITH v,") && strings.Contains(agg, "v) AS c") {
			continue // v is a key: count(v) and collect(v) are still fine, but keep the grid small
		}
		q := m + " " + fmt.Sprintf(key, fmt.Sprintf(agg, "v")) + " " + rd
		c := m + " " + fmt.Sprintf(key, fmt.Sprintf(agg, "[v][0]")) + " " + rd
		qs, controls = append(qs, q), append(controls, c)
		orderSensitive = append(orderSensitive, orderReaders[rd])
	}
	return qs, controls, orderSensitive
}

// inOrder is q's rows with their lists in the order they came (rows
// sorted, orderedRows), or the error.
func inOrder(db *DB, q string, params map[string]any) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	if err == nil {
		all, err2 := rows.All()
		if err2 == nil {
			return strings.Join(orderedRows(all), "\n")
		}
		err = err2
	}
	return "error: " + err.Error()
}

// TestCollectDistinctSetsRowMode runs the generated queries against row
// mode and, in the planned stores, against their control forms in order.
func TestCollectDistinctSetsRowMode(t *testing.T) {
	t.Parallel()
	qs, controls, orderSensitive := cdsQueries(400)
	params := []map[string]any{
		{"p": int64(3), "q": int64(6)},
		{"p": int64(0), "q": int64(2)},
		{"p": nil, "q": nil},
		{"p": int64(6), "q": 4.0},
	}
	failed, runs, ordered, orderFailed := 0, 0, 0, 0
	for _, seed := range []uint64{5, 23} {
		dbs := planVariants(t, seed, 22, 70, plannedIdxRowMode)
		for _, db := range dbs {
			// k: null on every fourth node; a self-loop and a parallel
			// relationship on node 3.
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 3", nil)
			mustRun(t, db, "MATCH (x {id: 3}), (y {id: 6}) CREATE (x)-[:T]->(x), (x)-[:T]->(y), (x)-[:T]->(y)", nil)
		}
		for k, q := range qs {
			p := params[k%len(params)]
			label := fmt.Sprintf("seed %d", seed)
			if !orderSensitive[k] {
				againstRowMode(t, dbs, []string{"planned", "planned-idx"}, label, q, p, &runs, &failed)
			}
			for _, name := range []string{"planned", "planned-idx"} {
				ordered++
				got, want := inOrder(dbs[name], q, p), inOrder(dbs[name], controls[k], p)
				if got != want {
					orderFailed++
					if orderFailed <= 10 {
						t.Errorf("%s, %s, %v: %s\n got %s\nwant (%s) %s", label, name, p, q, got, controls[k], want)
					}
				}
			}
		}
	}
	if failed > 0 || orderFailed > 0 {
		t.Errorf("%d of %d runs differ from row mode, %d of %d from the control form", failed, runs, orderFailed, ordered)
	}
	t.Logf("%d queries, %d runs against row mode, %d against the control form", len(qs), runs, ordered)
}

// aggSteps returns the VM steps of the first Aggregate of q's profile.
func aggSteps(t *testing.T, db *DB, q string) int {
	t.Helper()
	rows, err := db.Query(context.Background(), "PROFILE "+q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rows.All(); err != nil {
		t.Fatal(err)
	}
	prof := rows.Profile()
	m := regexp.MustCompile(`Aggregate [^\n]*steps (\d+)`).FindStringSubmatch(prof)
	if m == nil {
		t.Fatalf("%s: no Aggregate in\n%s", q, prof)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestCollectDistinctSetsPlans checks that the set sink takes
// collect(DISTINCT v) after a set operator, one aggregation step per set
// where the control form `coalesce(v, v)` (v, computed: `[v][0]` was, but an element at
// a constant position of a list literal is read as that element, see
// planner/list_literal_reads.go) takes at least one per node, and leaves row mode
// and a plain collect alone.
func TestCollectDistinctSetsPlans(t *testing.T) {
	dbs := planVariants(t, 7, 40, 160, plannedRowMode)
	cases := []struct {
		q    string
		db   string
		sets bool
	}{
		{"MATCH (a:A)-->(v) WITH a, collect(DISTINCT v) AS l RETURN size(l) AS n", "planned", true},
		{"MATCH (a {id: 3})-[*1..3]->(v) RETURN collect(DISTINCT v) AS l", "planned", true},
		{"MATCH (a:A)-->(v) WITH a.id % 2 AS g, collect(DISTINCT v) AS l, count(DISTINCT v) AS c RETURN g, l, c", "planned", true},
		{"MATCH (a:A)-->(v) WITH a, collect(v) AS l RETURN l", "planned", false},
		{"MATCH (a:A)-->(v) WITH v, collect(DISTINCT v) AS l RETURN size(l) AS n", "planned", false},
		{"MATCH (a:A)-->(v) WITH a, collect(DISTINCT v) AS l RETURN size(l) AS n", "row-mode", false},
		{"MATCH (a {id: 3})-[*1..3]->(v) RETURN collect(DISTINCT v) AS l", "row-mode", false},
	}
	for _, c := range cases {
		db := dbs[c.db]
		got := aggSteps(t, db, c.q)
		control := aggSteps(t, db, strings.Replace(strings.Replace(c.q, "collect(DISTINCT v)", "collect(DISTINCT coalesce(v, v))", 1), "collect(v)", "collect(coalesce(v, v))", 1))
		if sets := 4*got < control; sets != c.sets {
			t.Errorf("%s (%s): aggregation steps %d, control form's %d: sets %v, want %v", c.q, c.db, got, control, sets, c.sets)
		}
	}
}
