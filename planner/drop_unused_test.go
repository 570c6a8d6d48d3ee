package planner_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/value"
)

// TestDropUnusedGenerated runs generated queries, projections and
// aggregations whose items a random subset of later clauses reads, with
// and without the rule that drops what nothing reads, and compares their
// rows (or errors): dropping must change neither the rows, nor their
// number, nor whether the query fails.
func TestDropUnusedGenerated(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	with, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer with.Close()
	without, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer without.Close()
	for _, db := range []*cyq.DB{with, without} {
		dropTestGraph(t, db, 7)
	}
	r := rand.New(rand.NewPCG(14, 3))
	params := map[string]any{"k": 3}
	changed, failed := 0, 0
	for i := 0; i < n; i++ {
		q := genDropQuery(r)
		got, gotErr := runCanonical(with, q, params)
		planWith := explain(t, with, q)
		restore := planner.DisableDropUnused()
		want, wantErr := runCanonical(without, q, params)
		planWithout := explain(t, without, q)
		restore()
		switch {
		case (gotErr == "") != (wantErr == ""):
			t.Errorf("%s\n with the rule: %v %s\n without: %v %s", q, got, gotErr, want, wantErr)
		case gotErr == "" && fmt.Sprint(got) != fmt.Sprint(want):
			t.Errorf("%s\n with the rule: %v\n without: %v\nplan with:\n%s\nplan without:\n%s", q, got, want, planWith, planWithout)
		}
		if computes(planWith) != computes(planWithout) {
			changed++
		}
		if wantErr != "" {
			failed++
		}
	}
	// The generated queries must exercise the rule, not only pass by it,
	// and mostly return rows.
	if changed < n/3 || failed > n/4 {
		t.Errorf("the rule changed what %d of %d plans compute; %d queries failed", changed, n, failed)
	}
	t.Logf("the rule changed what %d of %d plans compute; %d queries failed", changed, n, failed)
}

// computes is an EXPLAIN tree without its WITH boundaries (which only
// narrow the variables in scope): what the plan computes.
func computes(plan string) string {
	var keep []string
	for _, line := range strings.Split(plan, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "+Select") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// dropTestGraph fills db with a small seeded graph: nodes labelled A or B
// (some without an id), relationships of types T and U with a weight,
// parallel ones and self-loops.
func dropTestGraph(t *testing.T, db *cyq.DB, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 5))
	const nodes = 24
	var rels []any
	for i := 0; i < 70; i++ {
		typ := "T"
		if r.IntN(3) == 0 {
			typ = "U"
		}
		rels = append(rels, map[string]any{"s": r.IntN(nodes), "e": r.IntN(nodes), "t": typ, "w": r.IntN(5)})
	}
	for _, q := range []string{
		"UNWIND range(0, $n - 1) AS i CREATE (x:N {key: i}) SET x.id = CASE WHEN i % 7 = 6 THEN null ELSE i END",
		"MATCH (x:N) WHERE x.key % 3 = 0 SET x:A",
		"MATCH (x:N) WHERE x.key % 3 <> 0 SET x:B",
		`UNWIND $rels AS p MATCH (s:N {key: p.s}), (e:N {key: p.e})
		FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T {w: p.w}]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U {w: p.w}]->(e))`,
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		rows, err := db.Query(ctx, q, map[string]any{"n": nodes, "rels": rels})
		if err == nil {
			_, err = rows.All()
		}
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// dropMatches are the patterns a generated query starts with; p is bound
// to a path only in those that name it.
var dropMatches = []struct {
	text string
	path bool
}{
	{"MATCH (a)-[r:T]->(b)", false},
	{"MATCH (a:A)-[r]-(b)", false},
	{"MATCH (a) OPTIONAL MATCH (a)-[r:U]->(b)", false},
	{"MATCH (a:B)-[r]->(b)-[:T]->(:A)", false},
	{"MATCH p = (a:A)-[r:T]->(b)", true},
	{"MATCH p = (a)-[:T*1..2]->(b) WITH p, a, b, relationships(p)[0] AS r", true},
	{"MATCH (a:Missing)-[r]->(b)", false},
}

// dropKeys are projection items without aggregates (some can fail: a
// division by zero, a property of a list); dropAggs are aggregates.
var dropKeys = []string{
	"a", "b", "r", "a AS x", "b.id AS bid", "a.id % 4 AS g", "[a.id, b.id] AS pair",
	"labels(b) AS lb", "$k AS prm", "1 AS lit", "r.w AS w", "b.id / (a.key - a.key) AS boom",
	"[a, b][0..1] AS ab", "coalesce(b.id, -1) AS cb",
}

var dropPathKeys = []string{"p", "nodes(p) AS ns", "relationships(p)[0..1] AS rs", "length(p) AS len"}

var dropAggs = []string{
	"count(*) AS c", "count(b) AS nb", "count(DISTINCT b) AS db", "collect(b.id) AS ids",
	"min(b.id) AS mn", "max(a.id) AS mx", "sum(r.w) AS sw", "avg(a.key) AS av",
	"collect(DISTINCT a) AS xs", "count(b.id / 0) AS bad", "size(collect(b)) AS sc",
	"min(a) AS ma", "collect([a.id, $k]) AS lists", "max(r.w * 2) AS mw", "count(DISTINCT b.id % 2) AS par",
}

var dropPathAggs = []string{"count(p) AS cp", "collect(nodes(p)) AS nps"}

// genDropQuery generates a query: a pattern, a WITH of random items
// (grouping keys and aggregates, or DISTINCT), maybe a WHERE or ORDER BY
// on one of them, maybe a second WITH of a subset, and a RETURN of a
// random subset (or of rows or a count alone).
func genDropQuery(r *rand.Rand) string {
	m := dropMatches[r.IntN(len(dropMatches))]
	keys, aggs := dropKeys, dropAggs
	if m.path {
		keys = append(append([]string(nil), keys...), dropPathKeys...)
		aggs = append(append([]string(nil), aggs...), dropPathAggs...)
	}
	var items []string
	for _, k := range pickSome(r, keys, 4) {
		// A failing item is rare, so that most queries return rows.
		if strings.Contains(k, "boom") && r.IntN(3) > 0 {
			continue
		}
		items = append(items, k)
	}
	grouped := r.IntN(3) > 0
	if grouped {
		for _, a := range pickSome(r, aggs, 3) {
			if strings.Contains(a, "bad") && r.IntN(3) > 0 {
				continue
			}
			items = append(items, a)
		}
	}
	if len(items) == 0 {
		items = []string{"count(*) AS c"}
	}
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = itemName(it)
	}
	var b strings.Builder
	b.WriteString(m.text)
	b.WriteString(" WITH ")
	if !grouped && r.IntN(3) == 0 {
		b.WriteString("DISTINCT ")
	}
	b.WriteString(strings.Join(items, ", "))
	switch r.IntN(4) {
	case 0:
		fmt.Fprintf(&b, " WHERE %s IS NOT NULL", names[r.IntN(len(names))])
	case 1:
		fmt.Fprintf(&b, " ORDER BY %s", names[r.IntN(len(names))])
	}
	if r.IntN(3) == 0 {
		// A second WITH passes a subset on, maybe counting rows per group.
		next := pickSome(r, names, len(names))
		if r.IntN(2) == 0 {
			next = append(next, "count(*) AS c2")
		}
		if len(next) == 0 {
			next = []string{"1 AS one"}
		}
		b.WriteString(" WITH ")
		b.WriteString(strings.Join(next, ", "))
		names = names[:0]
		for _, it := range next {
			names = append(names, itemName(it))
		}
	}
	b.WriteString(" RETURN ")
	out := pickSome(r, names, len(names))
	switch {
	case len(out) > 0 && r.IntN(4) == 0:
		b.WriteString("DISTINCT " + strings.Join(out, ", "))
	case len(out) > 0:
		b.WriteString(strings.Join(out, ", "))
	default:
		b.WriteString([]string{"count(*) AS n", "1 AS one", "count(DISTINCT $k) AS n"}[r.IntN(3)])
	}
	return b.String()
}

// pickSome returns a random subset of up to max of items, in order.
func pickSome(r *rand.Rand, items []string, max int) []string {
	var out []string
	for _, i := range r.Perm(len(items)) {
		if len(out) < max && r.IntN(2) == 0 {
			out = append(out, items[i])
		}
	}
	return out
}

// itemName is the column name of a projection item: its alias, or the
// variable itself.
func itemName(item string) string {
	if i := strings.LastIndex(item, " AS "); i >= 0 {
		return item[i+4:]
	}
	return item
}

// runCanonical runs q and returns its rows sorted as text (lists as
// sorted multisets, since collected lists follow row order), or the code
// of the error it fails with.
func runCanonical(db *cyq.DB, q string, params map[string]any) ([]string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	var all [][]value.Value
	if err == nil {
		all, err = rows.All()
	}
	if err != nil {
		var ce *cyqerr.Error
		if errors.As(err, &ce) {
			return nil, ce.Code()
		}
		return nil, err.Error()
	}
	out := make([]string, len(all))
	for i, row := range all {
		parts := make([]string, len(row))
		for j, v := range row {
			parts[j] = canonicalValue(v)
		}
		out[i] = strings.Join(parts, "|")
	}
	sort.Strings(out)
	return out, ""
}

func canonicalValue(v value.Value) string {
	l, ok := v.(value.List)
	if !ok {
		return value.Format(v)
	}
	items := make([]string, len(l))
	for k, e := range l {
		items[k] = canonicalValue(e)
	}
	sort.Strings(items)
	return "[" + strings.Join(items, ",") + "]"
}

func explain(t *testing.T, db *cyq.DB, q string) string {
	t.Helper()
	c, err := db.Compile(q)
	if err != nil {
		return "error: " + err.Error()
	}
	return c.Plan.Explain()
}
