package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// temporalCases are constructor expressions and the text they print as;
// they cover every temporal kind, named zones and fixed offsets, sub-second
// precision, negative and extreme values.
var temporalCases = []struct{ expr, text string }{
	{"date('2015-07-21')", "2015-07-21"},
	{"date('-0001-01-01')", "-0001-01-01"},
	{"date({year: 999999999, month: 12, day: 31})", "+999999999-12-31"},
	{"date({year: -999999999, month: 1, day: 1})", "-999999999-01-01"},
	{"localtime('21:40:32.142')", "21:40:32.142"},
	{"localtime('00:00')", "00:00"},
	{"localtime('23:59:59.999999999')", "23:59:59.999999999"},
	{"time('21:40:32.142+0100')", "21:40:32.142+01:00"},
	{"time('10:00-18:00')", "10:00-18:00"},
	{"time('12:00Z')", "12:00Z"},
	{"localdatetime('2015-07-21T21:40:32.142')", "2015-07-21T21:40:32.142"},
	{"localdatetime('1600-02-29T00:00:00.000000001')", "1600-02-29T00:00:00.000000001"},
	{"datetime('2015-07-21T21:40:32.142+01:00')", "2015-07-21T21:40:32.142+01:00"},
	{"datetime('2015-07-21T21:40:32.142Z')", "2015-07-21T21:40:32.142Z"},
	{"datetime('2015-07-21T21:40:32.142[Europe/Stockholm]')", "2015-07-21T21:40:32.142+02:00[Europe/Stockholm]"},
	{"datetime('1969-12-31T23:59:59.5-05:30')", "1969-12-31T23:59:59.5-05:30"},
	{"datetime({year: 2011, month: 3, day: 27, hour: 2, minute: 30, timezone: 'America/New_York'})", "2011-03-27T02:30-04:00[America/New_York]"},
	{"duration('P1Y2M10DT2H30M')", "P1Y2M10DT2H30M"},
	{"duration('PT0S')", "PT0S"},
	{"duration('-PT0.001S')", "PT-0.001S"},
	{"duration({days: -1.5, seconds: 3})", "P-1DT-11H-59M-57S"},
	{"duration('P-1Y-8M')", "P-1Y-8M"},
}

// tq runs one query and returns its rows.
func tq(t testing.TB, eng *Engine, q string, params map[string]any) [][]value.Value {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rows, err := eng.Query(ctx, q, params)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	all, err := rows.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return all
}

func textOf(v value.Value) string {
	if e, ok := v.(value.Extension); ok {
		return e.String()
	}
	return value.Format(v)
}

// checkTemporalProps reads back what storeTemporalProps wrote, each value
// in a fresh query: the stored value prints as the constructed one, is
// equal to a value built in the reading query, and has the same kind.
func checkTemporalProps(t *testing.T, eng *Engine) {
	t.Helper()
	for i, c := range temporalCases {
		rows := tq(t, eng, fmt.Sprintf("MATCH (n:T {i: $i}) RETURN n.v, toString(n.v), n.v = %s, n.l, n.v = n.l[0]", c.expr), map[string]any{"i": i})
		if len(rows) != 1 {
			t.Fatalf("%s: %d rows", c.expr, len(rows))
		}
		r := rows[0]
		if got := textOf(r[0]); got != c.text {
			t.Errorf("%s read back as %s, want %s", c.expr, got, c.text)
		}
		if got := textOf(r[1]); got != fmt.Sprintf("'%s'", c.text) {
			t.Errorf("toString(%s) = %s", c.expr, got)
		}
		if r[2] != value.Bool(true) {
			t.Errorf("%s: stored value not equal to the constructed one (%s)", c.expr, value.Format(r[2]))
		}
		l, ok := r[3].(value.List)
		if !ok || len(l) != 2 || textOf(l[0]) != c.text || textOf(l[1]) != c.text {
			t.Errorf("%s: list property read back as %s", c.expr, value.Format(r[3]))
		}
		if r[4] != value.Bool(true) {
			t.Errorf("%s: list element not equal to the scalar", c.expr)
		}
	}
	// A map of all properties (properties(n)) and relationship properties.
	rows := tq(t, eng, "MATCH (a:T {i: 0})-[r:R]->(b) RETURN properties(a).v, r.v, r.v < b.v", nil)
	if len(rows) != 1 || textOf(rows[0][0]) != "2015-07-21" || textOf(rows[0][1]) != "2015-07-21" || rows[0][2] != value.Bool(true) {
		t.Errorf("relationship property: %v", rows)
	}
}

func storeTemporalProps(t *testing.T, eng *Engine) {
	t.Helper()
	for i, c := range temporalCases {
		tq(t, eng, fmt.Sprintf("CREATE (:T {i: $i, v: %[1]s, l: [%[1]s, %[1]s]})", c.expr), map[string]any{"i": i})
	}
	tq(t, eng, "MATCH (a:T {i: 0}), (b:T {i: 1}) CREATE (b)-[:R {v: a.v}]->(a)", nil)
	tq(t, eng, "MATCH (a:T {i: 1})-[r:R]->(b:T {i: 0}) DELETE r CREATE (b)-[:R {v: b.v}]->(:U {v: date('2016-01-01')})", nil)
}

func TestTemporalPropertiesRoundTrip(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	storeTemporalProps(t, eng)
	checkTemporalProps(t, eng)
	// SET and parameters: a temporal value passed in as a parameter is stored too.
	d, err := temporal.ParseDate("2020-02-29")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := eng.QueryValues(context.Background(), "CREATE (n:P {d: $d}) SET n.e = n.d + duration('P1Y') RETURN n.e", map[string]value.Value{"d": d})
	if err != nil {
		t.Fatal(err)
	}
	if all, err := rows.All(); err != nil || len(all) != 1 || textOf(all[0][0]) != "2021-02-28" {
		t.Fatalf("SET: %v %v", all, err)
	}
	r := tq(t, eng, "MATCH (n:P) RETURN n.d, n.e, n.e.year", nil)
	if textOf(r[0][0]) != "2020-02-29" || textOf(r[0][1]) != "2021-02-28" || textOf(r[0][2]) != "2021" {
		t.Errorf("P: %v", r)
	}
}

func TestTemporalPropertiesReopen(t *testing.T) {
	dir := t.TempDir()
	eng, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	storeTemporalProps(t, eng)
	tq(t, eng, "CREATE INDEX FOR (n:T) ON (n.v)", nil)
	if err := eng.Close(); err != nil {
		t.Fatal(err)
	}
	eng, err = Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	checkTemporalProps(t, eng)
	checkTemporalIndex(t, eng, true)
}

// TestTemporalIndex checks storage.IndexSeek and IndexRange over temporal
// property values, with and without an index (the unindexed path scans the
// label and must agree), and the same lookups through queries.
func TestTemporalIndex(t *testing.T) {
	for _, indexed := range []bool{false, true} {
		t.Run(fmt.Sprint("indexed=", indexed), func(t *testing.T) {
			eng, err := Open("", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Close()
			storeTemporalProps(t, eng)
			if indexed {
				tq(t, eng, "CREATE INDEX FOR (n:T) ON (n.v)", nil)
			}
			checkTemporalIndex(t, eng, indexed)
		})
	}
}

func checkTemporalIndex(t *testing.T, eng *Engine, indexed bool) {
	t.Helper()
	// More dates and datetimes around the existing ones.
	tq(t, eng, `UNWIND range(0, 59) AS k
		CREATE (:T {i: 100 + k, v: date('2015-06-01') + duration({days: k})})`, nil)
	tq(t, eng, `UNWIND range(0, 9) AS k
		CREATE (:T {i: 200 + k, v: datetime('2015-07-21T21:40:32.142+01:00') + duration({hours: k})})`, nil)
	// The same instant in two zones: not equal, so separate index entries.
	tq(t, eng, `CREATE (:T {i: 300, v: datetime('2015-07-21T20:40:32.142Z')})`, nil)

	g, err := eng.Store().Graph(eng.GraphName())
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	label, ok1 := snap.LabelID("T")
	key, ok2 := snap.PropKeyID("v")
	ikey, ok3 := snap.PropKeyID("i")
	if !ok1 || !ok2 || !ok3 {
		t.Fatal("label or key missing")
	}
	if _, ok := snap.Index(label, key); ok != indexed {
		t.Fatalf("index present = %v, want %v", ok, indexed)
	}
	ids := func(b interface{ ToArray() []uint32 }) []int {
		var out []int
		for _, n := range b.ToArray() {
			v, _ := snap.NodeProp(n, ikey)
			out = append(out, int(v.(value.Int)))
		}
		sort.Ints(out)
		return out
	}
	mk := func(kind value.Kind, s string) value.Value {
		v, err := temporal.Parse(kind, s, "")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	eq := func(what string, got []int, want ...int) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: got %v, want %v", what, got, want)
		}
	}
	date := func(s string) value.Value { return mk(value.KindDate, s) }
	eq("seek 2015-07-21", ids(snap.IndexSeek(label, key, date("2015-07-21"))), 0, 150)
	eq("seek 2015-06-01", ids(snap.IndexSeek(label, key, date("2015-06-01"))), 100)
	eq("seek 1999-01-01", ids(snap.IndexSeek(label, key, date("1999-01-01"))))
	// A localdatetime at midnight is not equal to the date.
	eq("seek localdatetime", ids(snap.IndexSeek(label, key, mk(value.KindLocalDateTime, "2015-07-21T00:00"))))
	eq("range [07-28, 07-30]", ids(snap.IndexRange(label, key, date("2015-07-28"), date("2015-07-30"), true, true)), 157, 158, 159)
	eq("range (07-28, 07-30)", ids(snap.IndexRange(label, key, date("2015-07-28"), date("2015-07-30"), false, false)), 158)
	eq("range > 07-29", ids(snap.IndexRange(label, key, date("2015-07-29"), nil, false, true)), 2, 159)
	eq("range < -0001-06-01", ids(snap.IndexRange(label, key, nil, date("-0001-06-01"), true, false)), 1, 3)
	dt := func(s string) value.Value { return mk(value.KindDateTime, s) }
	eq("seek datetime +01:00", ids(snap.IndexSeek(label, key, dt("2015-07-21T21:40:32.142+01:00"))), 12, 200)
	eq("seek datetime Z", ids(snap.IndexSeek(label, key, dt("2015-07-21T20:40:32.142Z"))), 300)
	eq("seek datetime Z 2", ids(snap.IndexSeek(label, key, dt("2015-07-21T21:40:32.142Z"))), 13)
	eq("seek datetime Stockholm", ids(snap.IndexSeek(label, key, dt("2015-07-21T21:40:32.142[Europe/Stockholm]"))), 14)
	// Datetimes are ranged by instant: 21:40:32.142+02:00[Europe/Stockholm]
	// is 19:40:32.142Z, 21:40:32.142+01:00 and 20:40:32.142Z are 20:40:32.142Z.
	eq("datetime range by instant", ids(snap.IndexRange(label, key, dt("2015-07-21T19:00Z"), dt("2015-07-21T22:00Z"), true, true)), 12, 13, 14, 200, 201, 300)
	eq("seek time", ids(snap.IndexSeek(label, key, mk(value.KindTime, "21:40:32.142+01:00"))), 7)
	eq("seek localtime", ids(snap.IndexSeek(label, key, mk(value.KindLocalTime, "00:00"))), 5)
	eq("seek duration", ids(snap.IndexSeek(label, key, mk(value.KindDuration, "PT0S"))), 18)
	eq("seek duration PT1S", ids(snap.IndexSeek(label, key, mk(value.KindDuration, "PT1S"))))
	// Durations are not comparable: a range over them is empty.
	eq("duration range", ids(snap.IndexRange(label, key, mk(value.KindDuration, "PT0S"), mk(value.KindDuration, "P100Y"), true, true)))

	// The same through queries (the planner may or may not use the index).
	qids := func(q string) []int {
		var out []int
		for _, r := range tq(t, eng, q, nil) {
			out = append(out, int(r[0].(value.Int)))
		}
		sort.Ints(out)
		return out
	}
	eq("MATCH = date", qids("MATCH (n:T) WHERE n.v = date('2015-07-21') RETURN n.i"), 0, 150)
	eq("MATCH {v: date}", qids("MATCH (n:T {v: date('2015-06-01')}) RETURN n.i"), 100)
	eq("MATCH range", qids("MATCH (n:T) WHERE date('2015-07-28') <= n.v <= date('2015-07-30') RETURN n.i"), 157, 158, 159)
	eq("MATCH range 2", qids("MATCH (n:T) WHERE n.v > date('2015-07-28') AND n.v < date('2015-07-30') RETURN n.i"), 158)
	eq("MATCH IN", qids("MATCH (n:T) WHERE n.v IN [date('2015-06-02'), localtime('00:00')] RETURN n.i"), 5, 101)
	eq("MATCH datetime", qids("MATCH (n:T) WHERE n.v = datetime('2015-07-21T20:40:32.142Z') RETURN n.i"), 300)
	if indexed {
		// Equality on an indexed temporal property is planned as an index seek.
		for _, q := range []string{
			"MATCH (n:T) WHERE n.v = date('2015-07-21') RETURN n.i",
			"MATCH (n:T {v: date('2015-06-01')}) RETURN n.i",
		} {
			c, err := eng.Compile(q)
			if err != nil {
				t.Fatal(err)
			}
			if plan := c.Plan.Explain(); !strings.Contains(plan, "IndexSeek") {
				t.Errorf("%s: no index seek in plan:\n%s", q, plan)
			}
		}
	}
}

// TestTemporalEngine runs temporal expressions through the whole engine:
// the statement clock, operators, properties, ordering, grouping and
// aggregation of stored values.
func TestTemporalEngine(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	before := time.Now().Add(-time.Second)
	// Every "current" form reads the statement time, on every row.
	rows := tq(t, eng, `UNWIND range(1, 50) AS i
		WITH i, datetime() AS a, datetime.statement() AS b, datetime.transaction() AS c, localdatetime() AS l, date() AS d
		RETURN count(DISTINCT a), count(DISTINCT l), count(DISTINCT d), min(a = b AND b = c), max(a = b AND b = c),
		       min(datetime.realtime() >= a), min(a.timezone)`, nil)
	r := rows[0]
	var parts []string
	for _, v := range r {
		parts = append(parts, textOf(v))
	}
	if got := strings.Join(parts, " "); got != "1 1 1 true true true 'Z'" {
		t.Errorf("statement clock: %s", got)
	}
	now := tq(t, eng, "RETURN datetime().epochSeconds", nil)[0][0].(value.Int)
	if int64(now) < before.Unix() || int64(now) > time.Now().Unix()+1 {
		t.Errorf("datetime().epochSeconds = %d, now %d", now, time.Now().Unix())
	}
	for _, c := range []struct{ q, want string }{
		{"RETURN date('2015-07-21') + duration('P1M') AS x", "2015-08-21"},
		{"RETURN duration('PT1H') * 1.5 AS x", "PT1H30M"},
		{"RETURN -duration('P1D') AS x", "P-1D"},
		{"RETURN date({year: 1984, week: 10, dayOfWeek: 3}).ordinalDay AS x", "67"},
		{"RETURN datetime('2015-07-21T21:40:32.142+01:00')['hour'] AS x", "21"},
		{"RETURN duration.between(date('2015-07-21'), datetime('2016-07-21T12:00Z')) AS x", "P1YT12H"},
		{"RETURN date.truncate('week', date('2015-07-23')) AS x", "2015-07-20"},
		{"RETURN datetime.fromepochmillis(0) AS x", "1970-01-01T00:00Z"},
		{"RETURN time('12:00+01:00') = time('11:00Z') AS x", "false"},
		{"RETURN time('12:00+01:00') < time('11:00:01Z') AS x", "true"},
		{"RETURN date('2015-07-21') < localdatetime('2015-07-21T00:00') AS x", "null"},
		{"RETURN duration('P1D') < duration('P2D') AS x", "null"},
		{"UNWIND [duration('PT1H'), duration('PT30M')] AS d RETURN sum(d) AS x", "PT1H30M"},
		{"UNWIND [duration('PT1H'), duration('PT30M')] AS d RETURN avg(d) AS x", "PT45M"},
		{"UNWIND [date('2015-07-21'), date('2014-01-01')] AS d RETURN max(d) AS x", "2015-07-21"},
		{"UNWIND [date('2015-07-21'), date('2014-01-01'), date('2015-07-21')] AS d RETURN count(DISTINCT d) AS x", "2"},
		{"RETURN toString(localtime('12:00:00.5')) AS x", "'12:00:00.5'"},
		{"RETURN date(null) AS x", "null"},
	} {
		rows := tq(t, eng, c.q, nil)
		if got := textOf(rows[0][0]); got != c.want {
			t.Errorf("%s = %s, want %s", c.q, got, c.want)
		}
	}
	// Stored values sort and group like constructed ones.
	tq(t, eng, `UNWIND ['2015-07-21', '2014-01-01', '2015-07-21', '-0010-06-30'] AS s CREATE (:D {d: date(s)})`, nil)
	var got []string
	for _, r := range tq(t, eng, "MATCH (n:D) RETURN n.d AS d, count(*) AS c ORDER BY d DESC", nil) {
		got = append(got, textOf(r[0])+"x"+textOf(r[1]))
	}
	if fmt.Sprint(got) != "[2015-07-21x2 2014-01-01x1 -0010-06-30x1]" {
		t.Errorf("grouped and ordered: %v", got)
	}
	// Unknown functions in the namespaces still fail at compile time.
	if _, err := eng.Query(context.Background(), "RETURN date.tomorrow()", nil); err == nil {
		t.Error("date.tomorrow() should fail")
	}
}

// TestTemporalUnique checks a uniqueness constraint over temporal values:
// equal values collide, values at the same instant in different zones (which
// are not equal) do not.
func TestTemporalUnique(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	tq(t, eng, "CREATE CONSTRAINT FOR (n:U) REQUIRE n.v IS UNIQUE", nil)
	tq(t, eng, "CREATE (:U {v: date('2015-07-21')}), (:U {v: datetime('2015-07-21T12:00+01:00')}), (:U {v: datetime('2015-07-21T11:00Z')})", nil)
	for _, q := range []string{
		"CREATE (:U {v: date('2015-W30-2')})",
		"CREATE (:U {v: datetime('2015-07-21T12:00:00.000+01:00')})",
	} {
		rows, err := eng.Query(context.Background(), q, nil)
		if err == nil {
			_, err = rows.All()
		}
		if err == nil {
			t.Errorf("%s: expected a constraint violation", q)
		}
	}
	if n := tq(t, eng, "MATCH (n:U) RETURN count(*)", nil)[0][0]; textOf(n) != "3" {
		t.Errorf("count = %s", textOf(n))
	}
}
