package cyq

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// runConstScalars are run-constant expressions of the parameters that
// come to one value: arithmetic, conversions, list elements and slices,
// CASE, coalesce, string concatenation, of integers, floats, strings,
// booleans, lists and nulls; some raise an error for some values (a
// boolean plus an integer, an overflow, a division by zero, a string
// times a number), some call a function that is not deterministic.
var runConstScalars = []string{
	"$hub + 0",
	"toInteger($hub)",
	"[$hub, $other][0]",
	"$hub * 1 - 0",
	"toInteger(toString($hub))",
	"toFloat($hub)",
	"toInteger($s)",
	"toInteger($f)",
	"$l[1]",
	"$l[-1]",
	"$l[$hub]",
	"head($l)",
	"CASE WHEN $hub > 5 THEN $hub ELSE $other END",
	"CASE $s WHEN '3' THEN 3 WHEN 'x' THEN null ELSE 6 END",
	"coalesce($n, $hub)",
	"coalesce($n, $s)",
	"$n + 1",
	"$s + ''",
	"toString($hub)",
	"$hub + $b",
	"$big + $hub",
	"$hub / ($other - $other)",
	"$s * 2",
	"size($l) * 3",
	"abs(-$hub)",
	"$hub + toInteger(rand() * 0)",
	"$m.k",
	"{id: $hub}.id",
}

// runConstLists are run-constant expressions that come to lists (or
// fail, or are null). (Not other values: a seek by IN of a value that is
// not a list finds no node where IN raises an error on every row, for a
// parameter as for any expression, which is not this rule's.)
var runConstLists = []string{
	"$l",
	"$l[0..2]",
	"$l + [$hub]",
	"[$hub, $other, $hub + 3]",
	"range($hub, $hub + 6, 3)",
	"reverse($l)",
	"coalesce($n, $l)",
	"$l[1..]",
	"[x IN $l | x + 0]",
	"$hub + [0]",
	"split($s + ',6', ',')",
}

// runConstPlaces put a run-constant expression (%[1]s; %[2]s a list one)
// where a literal or a parameter plans as a value: an index seek after
// hops, an inline map, a seek of the end of an expansion, IN lists, range
// bounds, a WITH's WHERE, a disjunction, a variable-length expansion, a
// pattern of a label no node has (where nothing evaluates it), a string
// match.
var runConstPlaces = []string{
	"MATCH (a:A) WHERE a.id = %[1]s RETURN a.id",
	"MATCH (a:A)-->(b)-->(c) WHERE a.id = %[1]s RETURN count(*) AS n",
	"MATCH (a)-->(b) WHERE b.id = %[1]s RETURN a.id, b.id",
	"MATCH (a:A {id: %[1]s})-->(b) RETURN b.id",
	"MATCH (a)-[:T]->(b:A {id: %[1]s}) RETURN a.id, b.k",
	"MATCH (a:A) WHERE a.id IN %[2]s RETURN a.id",
	"MATCH (a:A)-->(b) WHERE a.id IN [%[1]s, 1] RETURN a.id, b.id",
	"MATCH (a:A)-[:T]->(b) WHERE a.id >= %[1]s AND a.id < %[1]s + 6 RETURN a.id, b.id",
	"MATCH (a)-->(b) WITH a, b WHERE a.id = %[1]s RETURN count(b) AS n",
	"MATCH (a:A)-->(b) WHERE %[1]s = a.id OR b.id = %[1]s RETURN count(*) AS n",
	"MATCH (a:A)-[*1..2]->(b) WHERE a.id = %[1]s RETURN count(DISTINCT b) AS n",
	"MATCH (a)-->(b:A) WHERE b.id = %[1]s AND a.k IS NULL RETURN a.id, b.id",
	"MATCH (a:Missing)-->(b) WHERE a.id = %[1]s RETURN count(*) AS n",
	"MATCH (a:A)-->(b:Missing) WHERE a.id = %[1]s RETURN count(*) AS n",
	"MATCH (a:A)-[:NOPE]->(b) WHERE a.id = %[1]s RETURN count(*) AS n",
	"MATCH (a:A)-->(b)-[:NOPE]->(c) WHERE a.id = %[1]s RETURN count(*) AS n",
	"MATCH (a:A)-[:T]->(b)-[:NOPE]->(c) WHERE a.id = %[1]s RETURN count(*) AS n",
	"MATCH (a) WHERE a.name STARTS WITH toString(%[1]s) RETURN a.id",
	"MATCH (a:A)-->(b) WHERE b.id IN %[2]s AND a.k IS NULL RETURN a.id, b.id",
	"MATCH (a:A)-->(b) WHERE a.id <> %[1]s RETURN a.id, b.id",
	"UNWIND [1, 2] AS u MATCH (a:A)-->(b) WHERE a.id = %[1]s RETURN u, b.id",
	"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WHERE b.id = %[1]s RETURN a.id, b.id",
	"WITH %[1]s AS h MATCH (a:A)-->(b) WHERE a.id = h RETURN a.id, b.id",
	"UNWIND [1, 2] AS u WITH u, %[1]s AS h MATCH (a:A {id: h})-->(b)-[:NOPE]->(c) RETURN u, a.id",
	"MATCH (x:A) WHERE x.id < 4 WITH x, %[2]s AS hs MATCH (x)-->(b) WHERE b.id IN hs RETURN x.id, b.id",
	// SKIP and LIMIT, UNWIND lists and RETURN items
	"MATCH (a:A)-->(b) RETURN a.id, b.id ORDER BY a.id, b.id LIMIT %[1]s",
	"MATCH (a:A) RETURN a.id ORDER BY a.id SKIP %[1]s LIMIT 3",
	"MATCH (a:A) WITH a ORDER BY a.id DESC LIMIT %[1]s MATCH (a)-->(b) RETURN a.id, b.id",
	"MATCH (a)-->(b) WITH a, count(b) AS n ORDER BY n DESC, a.id SKIP %[1]s RETURN a.id, n",
	"UNWIND %[2]s AS x MATCH (a:A {id: x}) RETURN x, a.id",
	"UNWIND %[2]s AS x RETURN x",
	"UNWIND %[2]s AS x MATCH (a:A)-->(b) WHERE a.id = x RETURN x, b.id",
	"UNWIND range(0, %[1]s) AS x MATCH (a:A) WHERE a.id = x RETURN x",
	"UNWIND %[2]s + [1] AS x WITH DISTINCT x MATCH (a {id: x}) RETURN a.id",
	"MATCH (a:A) RETURN a.id, %[1]s AS h",
	"MATCH (a:A)-->(b) RETURN %[1]s AS h, count(*) AS n",
	"RETURN %[1]s AS h, %[2]s AS l",
	"MATCH (a:Missing) RETURN %[1]s AS h",
	"MATCH (a:A) RETURN %[2]s AS l, count(a) AS n",
}

// runConstParams are the parameter sets each query runs with, in turn, on
// the same databases (so a cached plan meets values of other classes):
// integers that are and are not ids, and values for which some of the
// expressions raise an error.
var runConstParams = []map[string]any{
	{"hub": 3, "other": 6},
	{"hub": 9, "other": 12},
	{"hub": 4, "other": 0, "b": true},
	{"hub": 21, "other": 1},
	{"hub": "3", "other": "x", "big": 1},
	{"hub": 3, "other": 6, "big": math.MaxInt64},
	{"hub": 3.0, "other": nil},
	{"hub": nil, "other": 6},
	{"hub": []any{3, 6}, "other": 6},
	{"hub": 12, "other": 3},
}

// runConstCommon are the parameters every set holds unless it sets them.
var runConstCommon = map[string]any{
	"s": "3", "f": 6.0, "l": []any{3, 6, 9}, "n": nil, "b": 1, "big": 0, "m": map[string]any{"k": 9},
}

// outcome is a query's rows (canonical) or its error's code.
func outcome(db *DB, q string, params map[string]any) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := db.Query(ctx, q, params)
	if err == nil {
		var all [][]value.Value
		if all, err = rows.All(); err == nil {
			return fmt.Sprint(canonical(all))
		}
	}
	if e := cyqerr.As(err); e != nil {
		return "error " + e.Code()
	}
	return "error " + err.Error()
}

// TestRunConstantsMatchRowMode runs generated queries with run-constant
// expressions of parameters where values plan as seeks, IN lists, ranges
// and inline maps, with many parameter values in turn (of several kinds,
// some making the expression fail), against the row-mode plans, with and
// without an index; rows and error codes must be the same.
func TestRunConstantsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 27))
	seen := map[string]bool{}
	var queries []string
	for len(queries) < 320 {
		place := runConstPlaces[r.IntN(len(runConstPlaces))]
		q := fmt.Sprintf(place, runConstScalars[r.IntN(len(runConstScalars))], runConstLists[r.IntN(len(runConstLists))])
		if !seen[q] {
			seen[q] = true
			queries = append(queries, q)
		}
	}
	failed, runs := 0, 0
	for _, seed := range []uint64{5, 11} {
		dbs := rowModeGraphs(t, seed, 30, 80, plannedIdxRowMode, fourthKeys, "MATCH (x) WHERE x.id % 5 <> 1 SET x.name = toString(x.id) + 'n'")
		for _, q := range queries {
			for _, ps := range runConstParams {
				params := map[string]any{}
				for k, v := range runConstCommon {
					params[k] = v
				}
				for k, v := range ps {
					params[k] = v
				}
				want := outcome(dbs["row-mode"], q, params)
				for _, name := range []string{"planned", "planned-idx"} {
					runs++
					if got := outcome(dbs[name], q, params); got != want {
						failed++
						if failed <= 20 {
							t.Errorf("seed %d, %s, %v: %s\n got %s\nwant %s", seed, name, ps, q, got, want)
						}
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}

// TestRunConstantsSeek checks that a run-constant expression of a
// parameter plans as the parameter does: an index seek, priced by the
// value, the same plan as the parameter's; and that an expression
// calling rand() stays a filter.
func TestRunConstantsSeek(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	randomGraph(t, db, 5, 60, 200)
	mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	params := map[string]any{"hub": 3, "other": 6, "l": []any{3, 6}}
	explain := func(q string) string {
		rows := mustRun(t, db, "EXPLAIN "+q, params)
		return string(rows[0][0].(value.String))
	}
	want := explain("MATCH (a:A)-->(b)-->(c) WHERE a.id = $hub RETURN count(*) AS n")
	if !strings.Contains(want, "Seek") {
		t.Fatalf("the parameter's plan has no seek:\n%s", want)
	}
	shape := func(plan string) string {
		// the plan without the value written: the same operators and estimates
		var out []string
		for _, line := range strings.Split(plan, "\n") {
			if i := strings.Index(line, "id"); i >= 0 {
				line = line[:i]
			}
			out = append(out, line)
		}
		return strings.Join(out, "\n")
	}
	for _, e := range []string{"$hub + 0", "toInteger($hub)", "[$hub, $other][0]", "toInteger(toString($hub))", "$l[0] * 1", "CASE WHEN $hub > 0 THEN $hub END"} {
		got := explain("MATCH (a:A)-->(b)-->(c) WHERE a.id = " + e + " RETURN count(*) AS n")
		if shape(got) != shape(want) {
			t.Errorf("a.id = %s plans otherwise than a.id = $hub:\n%s\nwant\n%s", e, got, want)
		}
		got = explain("WITH " + e + " AS h MATCH (a:A {id: h})-->(b)-->(c) RETURN count(*) AS n")
		if !strings.Contains(got, "NodeIndexSeek") {
			t.Errorf("WITH %s AS h MATCH (a:A {id: h}) does not seek:\n%s", e, got)
		}
	}
	if got := explain("MATCH (a:A)-->(b)-->(c) WHERE a.id = $hub + toInteger(rand() * 0) RETURN count(*) AS n"); strings.Contains(got, "Seek") {
		t.Errorf("an expression calling rand() seeks:\n%s", got)
	}
}
