package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// runQuery runs q and returns its rows or its error.
func runQuery(db *DB, q string) ([][]value.Value, error) {
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		return nil, err
	}
	return rows.All()
}

// foldRows groups rows (key columns first, then one argument column per
// aggregate) with one functions.Aggregator per group and aggregate, as the
// grouping table did before its state went into columns.
func foldRows(rows [][]value.Value, nKeys int, aggs []string, distinct []bool) ([][]value.Value, error) {
	type group struct {
		keys []value.Value
		aggs []functions.Aggregator
	}
	index := map[string]*group{}
	var order []*group
	for _, row := range rows {
		var k []byte
		for _, v := range row[:nKeys] {
			k = value.AppendKey(k, v)
		}
		g := index[string(k)]
		if g == nil {
			g = &group{keys: row[:nKeys]}
			for i, name := range aggs {
				f, _ := functions.Lookup(name)
				a := f.Overloads[0].NewAgg()
				if distinct[i] {
					a = functions.Distinct(a)
				}
				g.aggs = append(g.aggs, a)
			}
			index[string(k)] = g
			order = append(order, g)
		}
		for i, a := range g.aggs {
			if err := a.Add([]value.Value{row[nKeys+i]}); err != nil {
				return nil, err
			}
		}
	}
	if len(order) == 0 && nKeys == 0 {
		g := &group{}
		for _, name := range aggs {
			f, _ := functions.Lookup(name)
			g.aggs = append(g.aggs, f.Overloads[0].NewAgg())
		}
		order = append(order, g)
	}
	var out [][]value.Value
	for _, g := range order {
		row := append([]value.Value(nil), g.keys...)
		for _, a := range g.aggs {
			v, err := a.Result()
			if err != nil {
				return nil, err
			}
			row = append(row, v)
		}
		out = append(out, row)
	}
	return out, nil
}

// canonicalRounded is canonical with floats at 9 significant digits (a
// float sum or deviation may add its rows in another order) and lists in
// their order.
func canonicalRounded(rows [][]value.Value) string {
	out := make([][]value.Value, len(rows))
	for i, r := range rows {
		out[i] = make([]value.Value, len(r))
		for j, v := range r {
			switch x := v.(type) {
			case value.Float:
				v = value.String(fmt.Sprintf("%.9g", float64(x)))
			case value.List:
				v = value.String(value.Format(x)) // in order: collect keeps the rows' order
			}
			out[i][j] = v
		}
	}
	return strings.Join(canonical(out), "\n")
}

// TestFlatAggregatesMatchAggregators generates grouped and global
// aggregations (min, max, sum, avg, collect, stDev, stDevP, DISTINCT or
// not, several per query) over properties of mixed kinds (integers near
// the 64-bit limits, floats with ±0 and NaN, strings, booleans, lists,
// nulls) on random graphs, and compares each query's answer or
// error with the same rows returned unaggregated and folded by the
// functions package's Aggregators, one per group.
func TestFlatAggregatesMatchAggregators(t *testing.T) {
	t.Parallel()
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 18, 60, 240)
	// x: a mix the kinds' ordering decides; n: numbers only (sums that
	// overflow once big values meet); s: strings and nulls.
	mustRun(t, db, `MATCH (v) SET v.x = CASE v.id % 11
		WHEN 0 THEN v.id WHEN 1 THEN toFloat(v.id) / 4 WHEN 2 THEN 'v' + toString(v.id % 7)
		WHEN 3 THEN null WHEN 4 THEN [v.id % 3, v.id] WHEN 5 THEN ['a', toString(v.id % 2)] WHEN 6 THEN v.id % 2 = 0
		WHEN 7 THEN -0.0 WHEN 8 THEN 0.0 / 0.0 WHEN 9 THEN 9223372036854775807 - v.id ELSE v.id % 4 END,
		v.n = CASE v.id % 9 WHEN 0 THEN 4611686018427387904 WHEN 1 THEN -0.0 WHEN 2 THEN null WHEN 3 THEN v.id / 2.0 ELSE v.id % 5 - 2 END,
		v.s = CASE v.id % 5 WHEN 0 THEN null ELSE 's' + toString(v.id % 13) END,
		v.g = v.id % 6`, nil)
	names := []string{"min", "max", "sum", "avg", "collect", "stDev", "stDevP", "MAX", "Avg"}
	props := []string{"x", "n", "s", "n", "n"}
	numeric := map[string]bool{"sum": true, "avg": true, "Avg": true, "stDev": true, "stDevP": true}
	matches := []string{"MATCH (a)-[:T]->(b)", "MATCH (a:A)-[]-(b)", "MATCH (b) OPTIONAL MATCH (b)-[:U]->(a)", "MATCH (a)-[:T|U*1..2]->(b)"}
	keys := [][]string{nil, {"a.g"}, {"a"}, {"a.g", "b.g"}, {"b.s"}, {"a.x"}}
	r := rand.New(rand.NewPCG(18, 5))
	cases, failed, errs := 400, 0, 0
	for range cases {
		m := matches[r.IntN(len(matches))]
		ks := keys[r.IntN(len(keys))]
		var items, raw []string
		for i, k := range ks {
			items = append(items, fmt.Sprintf("%s AS k%d", k, i))
			raw = append(raw, fmt.Sprintf("%s AS k%d", k, i))
		}
		var aggs []string
		var distinct []bool
		for i := range 1 + r.IntN(3) {
			name := names[r.IntN(len(names))]
			arg := "b." + props[r.IntN(len(props))]
			if numeric[name] && r.IntN(6) != 0 {
				arg = "b.n" // mostly numbers: the other kinds end the query in an error
			}
			d := r.IntN(3) == 0
			ds := ""
			if d {
				ds = "DISTINCT "
			}
			items = append(items, fmt.Sprintf("%s(%s%s) AS v%d", name, ds, arg, i))
			raw = append(raw, fmt.Sprintf("%s AS v%d", arg, i))
			aggs, distinct = append(aggs, name), append(distinct, d)
		}
		// Both take the rows in one order: aggregates keep the first of
		// equal values (0 and -0.0, 1 and 1.0) and collect keeps order.
		m += " WITH a, b ORDER BY a.id, b.id"
		q := m + " RETURN " + strings.Join(items, ", ")
		got, gotErr := runQuery(db, q)
		rows, err := runQuery(db, m+" RETURN "+strings.Join(raw, ", "))
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		want, wantErr := foldRows(rows, len(ks), aggs, distinct)
		if gotErr != nil || wantErr != nil {
			errs++
			if cyqerr.As(gotErr) == nil || cyqerr.As(wantErr) == nil || cyqerr.As(gotErr).Code() != cyqerr.As(wantErr).Code() {
				failed++
				t.Errorf("%s: error %v, want %v", q, gotErr, wantErr)
			}
			continue
		}
		if g, w := canonicalRounded(got), canonicalRounded(want); g != w {
			failed++
			if failed <= 5 {
				gl, wl := strings.Split(g, "\n"), strings.Split(w, "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Errorf("%s: %d rows, want %d; first difference\n got  %s\n want %s", q, len(gl), len(wl), gl[i], wl[i])
						break
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d queries differ from the Aggregators", failed, cases)
	}
	if errs > cases/2 {
		t.Errorf("%d of %d queries end in an error: the generator reaches too few answers", errs, cases)
	}
	t.Logf("%d of %d queries end in an error", errs, cases)
}

// TestFlatAggregatesChargeBudget checks that the values collect and the
// percentiles retain are charged to the query's budget: a grouping that
// holds more than the budget fails with the memory error, the same
// grouping with min, avg or stDev (a few bytes a group) does not.
func TestFlatAggregatesChargeBudget(t *testing.T) {
	db, err := Open("", &Options{Limits: vm.Limits{MaxMemory: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, agg := range []string{"collect(x)", "collect(DISTINCT x)", "collect(toString(x))", "percentileCont(x, 0.5)", "percentileDisc(x, 0.9)"} {
		for _, keys := range []string{"", "x % 100 AS k, "} {
			q := "UNWIND range(0, 499) AS i UNWIND range(0, 499) AS j WITH i * 500 + j AS x RETURN " + keys + agg + " AS v"
			_, err := runQuery(db, q)
			if e := cyqerr.As(err); e == nil || e.Code() != "LimitExceeded.MemoryBudget" {
				t.Errorf("%s under 1 MiB: %v, want the memory budget error", q, err)
			}
		}
	}
	for _, agg := range []string{"min(x)", "max(toString(x))", "avg(x)", "sum(x / 2.0)", "stDev(x)"} {
		q := "UNWIND range(0, 499) AS i UNWIND range(0, 499) AS j WITH i * 500 + j AS x RETURN x % 100 AS k, " + agg + " AS v"
		rows, err := runQuery(db, q)
		if err != nil || len(rows) != 100 {
			t.Errorf("%s under 1 MiB: %d rows, %v", q, len(rows), err)
		}
	}
}
