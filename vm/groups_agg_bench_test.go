package vm

import (
	"fmt"
	"testing"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// benchGroupAgg feeds rows rows (an integer key of groups values, an
// argument made by arg) to a grouping with aggregate name and reads the
// groups back: what a grouped min, max, avg or collect costs in the
// table, apart from the rows' making.
func benchGroupAgg(b *testing.B, name string, groups, rows int, arg func(i int) value.Value) {
	f, _ := functions.Lookup(name)
	s := &AggSpec{Table: TableSpec{TopN: -1, R: []int32{0, 2}}, NumKeyR: 1, EstGroups: groups,
		Aggs: []AggCall{{Name: name, New: f.Overloads[0].NewAgg, Args: []int32{1}}}}
	keys, args := make([]value.Value, rows), make([]value.Value, rows)
	for i := range rows {
		keys[i], args[i] = value.Int(int64((i*7919)%groups)), arg(i)
	}
	m := &Machine{R: make([]value.Value, 3), prog: &Program{Aux: []any{s}}}
	b.ReportAllocs()
	for b.Loop() {
		m.tables = nil
		t := m.table(0)
		for i := range rows {
			m.R[0], m.R[1] = keys[i], args[i]
			if err := t.aggStep(m); err != nil {
				b.Fatal(err)
			}
		}
		if err := t.finish(m); err != nil {
			b.Fatal(err)
		}
		for g := range t.len() {
			t.restore(m, g)
		}
	}
}

func BenchmarkGroupsAggregates(b *testing.B) {
	ints := func(i int) value.Value { return value.Int(int64(i * 31 % 100000)) }
	floats := func(i int) value.Value { return value.Float(float64(i) * 0.5) }
	strs := make([]value.Value, 1000)
	for i := range strs {
		strs[i] = value.String(fmt.Sprintf("s%04d", i*37%1000))
	}
	strings := func(i int) value.Value { return strs[i%len(strs)] }
	for _, c := range []struct {
		name, agg string
		arg       func(int) value.Value
	}{
		{"max_int", "max", ints}, {"min_string", "min", strings}, {"sum_float", "sum", floats},
		{"avg_int", "avg", ints}, {"stdev_float", "stDev", floats}, {"collect_int", "collect", ints},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchGroupAgg(b, c.agg, 20000, 200000, c.arg)
		})
	}
}
