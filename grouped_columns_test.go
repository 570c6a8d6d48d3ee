package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// groupKeyExprs are grouping keys of many kinds: integers, a property of
// mixed kinds (null, integer, string, list, float) on a node, nodes,
// relationships, lists, strings and node label lists.
var groupKeyExprs = []string{"a.k", "a", "b.k", "[a.k, b.id % 2]", "a.id % 7", "labels(a)", "type(r)", "r", "toString(b.id % 3)", "-a.id * 1000003"}

// groupAggs are aggregates over those kinds: counts (of rows, of values,
// DISTINCT), collect, min and max over mixed kinds, sums and averages.
var groupAggs = []struct{ call, fn, arg string }{
	{"count(*)", "", ""},
	{"count(b.k)", "count", "b.k"},
	{"count(DISTINCT b.k)", "count", "b.k"},
	{"collect(b.id)", "collect", "b.id"},
	{"collect(DISTINCT b.k)", "collect", "b.k"},
	{"min(b.k)", "min", "b.k"},
	{"max(b.k)", "max", "b.k"},
	{"sum(b.id)", "sum", "b.id"},
	{"avg(b.id)", "avg", "b.id"},
	{"count(DISTINCT b)", "count", "b"},
}

// TestGroupedColumnsMatchOracle runs generated grouping queries on random
// graphs (self-loops, parallel relationships, nulls, a property of mixed
// kinds) and compares each with the same grouping done here over the
// query's rows before aggregation (one Aggregator per group and aggregate,
// DISTINCT by the values' encodings, keys by theirs), and with row mode.
func TestGroupedColumnsMatchOracle(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(18, 18))
	planned, rowMode := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rowMode} {
		randomGraph(t, db, 5, 40, 160)
		mustRun(t, db, `MATCH (x) SET x.k = CASE x.id % 5 WHEN 0 THEN null WHEN 1 THEN x.id % 3
			WHEN 2 THEN toString(x.id % 4) WHEN 3 THEN [x.id % 2, 7] ELSE x.id % 3 + 0.5 END`, nil)
	}
	patterns := []string{"MATCH (a)-[r]->(b)", "MATCH (a:A)-[r:T]-(b)", "MATCH (a)-[r]->(b) WHERE a.k IS NOT NULL", "MATCH (a)-[r]->(a2)-->(b)"}
	failed, n := 0, 300
	for range n {
		pat := patterns[r.IntN(len(patterns))]
		var keys []string
		for range r.IntN(3) {
			keys = append(keys, groupKeyExprs[r.IntN(len(groupKeyExprs))])
		}
		var aggs []int
		for range 1 + r.IntN(3) {
			aggs = append(aggs, r.IntN(len(groupAggs)))
		}
		var items, raw []string
		for i, k := range keys {
			items = append(items, fmt.Sprintf("%s AS k%d", k, i))
			raw = append(raw, fmt.Sprintf("%s AS k%d", k, i))
		}
		for i, a := range aggs {
			items = append(items, fmt.Sprintf("%s AS v%d", groupAggs[a].call, i))
			if arg := groupAggs[a].arg; arg != "" {
				raw = append(raw, fmt.Sprintf("%s AS a%d", arg, i))
			}
		}
		q := pat + " RETURN " + strings.Join(items, ", ")
		want := oracleGroups(t, mustRun(t, planned, pat+" RETURN "+strings.Join(append(raw, "1 AS one"), ", "), nil), len(keys), aggs)
		for name, db := range map[string]*DB{"planned": planned, "row mode": rowMode} {
			got := fmt.Sprint(canonical(mustRun(t, db, q, nil)))
			if got != want {
				failed++
				if failed <= 5 {
					t.Errorf("%s: %s\n got %s\nwant %s", name, q, got, want)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from the oracle", failed, 2*n)
	}
}

// oracleGroups groups rows (nk keys, then the arguments of the aggregates
// that take one, then a constant) as the engine's grouping is specified
// to, and returns the canonical rows.
func oracleGroups(t *testing.T, rows [][]value.Value, nk int, aggs []int) string {
	t.Helper()
	type group struct {
		keys  []value.Value
		aggs  []functions.Aggregator
		stars []int64
		seen  []map[string]bool
	}
	var order []*group
	index := map[string]*group{}
	if nk == 0 {
		// A global aggregation has its one row even over no rows.
		g := &group{}
		index[""] = g
		order = append(order, g)
	}
	newAgg := func(fn string) functions.Aggregator {
		f, _ := functions.Lookup(fn)
		return f.Overloads[0].NewAgg()
	}
	for _, row := range rows {
		var kb []byte
		for _, v := range row[:nk] {
			kb = value.AppendKey(kb, v)
		}
		g := index[string(kb)]
		if g == nil {
			g = &group{keys: row[:nk]}
			index[string(kb)] = g
			order = append(order, g)
		}
		if g.aggs == nil {
			g.aggs = make([]functions.Aggregator, len(aggs))
			g.stars = make([]int64, len(aggs))
			g.seen = make([]map[string]bool, len(aggs))
			for i, a := range aggs {
				if groupAggs[a].fn != "" {
					g.aggs[i] = newAgg(groupAggs[a].fn)
				}
				g.seen[i] = map[string]bool{}
			}
		}
		col := nk
		for i, a := range aggs {
			spec := groupAggs[a]
			if spec.fn == "" {
				g.stars[i]++
				continue
			}
			arg := row[col]
			col++
			if strings.Contains(spec.call, "DISTINCT") {
				if value.IsNull(arg) {
					continue
				}
				k := string(value.AppendKey(nil, arg))
				if g.seen[i][k] {
					continue
				}
				g.seen[i][k] = true
			}
			if err := g.aggs[i].Add([]value.Value{arg}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var out [][]value.Value
	for _, g := range order {
		row := append([]value.Value(nil), g.keys...)
		for i, a := range aggs {
			switch {
			case groupAggs[a].fn == "":
				row = append(row, value.Int(g.stars[i]))
			case g.aggs == nil:
				v, _ := newAgg(groupAggs[a].fn).Result()
				row = append(row, v)
			default:
				v, err := g.aggs[i].Result()
				if err != nil {
					t.Fatal(err)
				}
				row = append(row, v)
			}
		}
		out = append(out, row)
	}
	return fmt.Sprint(canonical(out))
}
