package vm

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// TestBoxedCells checks the layout boxInt and boxFloat rely on: the values
// they make are the same values a conversion makes, survive a collection
// and keep what their cell held.
func TestBoxedCells(t *testing.T) {
	cells := []int64{0, 1, 255, 256, -1, math.MaxInt64, math.MinInt64, 82167}
	var ints, floats []value.Value
	for i := range cells {
		ints = append(ints, boxInt(&cells[i]))
		floats = append(floats, boxFloat(&cells[i]))
	}
	want := append([]int64(nil), cells...)
	cells = nil
	runtime.GC()
	runtime.GC()
	for i, w := range want {
		if got := ints[i]; !reflect.DeepEqual(got, value.Value(value.Int(w))) || got.Kind() != value.KindInt || got.(value.Int) != value.Int(w) {
			t.Errorf("boxInt(%d) = %#v", w, got)
		}
		f := value.Float(math.Float64frombits(uint64(w)))
		got := floats[i]
		if g, ok := got.(value.Float); !ok || math.Float64bits(float64(g)) != uint64(w) || got.Kind() != value.KindFloat {
			t.Errorf("boxFloat(%x) = %#v, want %v", w, got, f)
		}
		if value.Format(ints[i]) != value.Format(value.Int(w)) {
			t.Errorf("Format(boxInt(%d)) = %s", w, value.Format(ints[i]))
		}
	}
}

// refGroups is the grouping the table implemented before its state went
// into columns: a map from the keys' encoding to a group holding its first
// key values and one Aggregator per aggregate, with DISTINCT records of
// the arguments' encodings. It is the oracle of TestGroupsMatchReference.
type refGroups struct {
	spec   *AggSpec
	index  map[string]int
	keys   [][]value.Value
	ids    [][]uint64
	aggs   [][]functions.Aggregator
	counts [][]int64
	seen   []map[string]bool
}

func (r *refGroups) step(R []value.Value, N []uint64) error {
	s := r.spec
	var k []byte
	for _, reg := range s.Table.R[:s.NumKeyR] {
		k = value.AppendKey(k, R[reg])
	}
	for _, reg := range s.Table.N {
		k = binary.BigEndian.AppendUint64(k, N[reg])
	}
	g := r.group(k, R, N)
	return r.feed(g, R)
}

// group returns the group of key encoding k, making it from R and N.
func (r *refGroups) group(k []byte, R []value.Value, N []uint64) int {
	s := r.spec
	g, ok := r.index[string(k)]
	if !ok {
		g = len(r.keys)
		r.index[string(k)] = g
		var kv []value.Value
		for _, reg := range s.Table.R[:s.NumKeyR] {
			kv = append(kv, R[reg])
		}
		var ids []uint64
		for _, reg := range s.Table.N {
			ids = append(ids, N[reg])
		}
		r.keys, r.ids = append(r.keys, kv), append(r.ids, ids)
		aggs := make([]functions.Aggregator, len(s.Aggs))
		for i, a := range s.Aggs {
			aggs[i] = a.New()
		}
		r.aggs, r.counts = append(r.aggs, aggs), append(r.counts, make([]int64, len(s.Aggs)))
		r.seen = append(r.seen, map[string]bool{})
	}
	return g
}

func (r *refGroups) feed(g int, R []value.Value) error {
	s := r.spec
	for i, a := range s.Aggs {
		var args []value.Value
		for _, reg := range a.Args {
			args = append(args, R[reg])
		}
		switch {
		case a.SumInts:
			n, _ := args[0].(value.Int)
			r.counts[g][i] += int64(n)
			continue
		case a.Star:
			r.counts[g][i]++
			continue
		}
		if a.Distinct {
			if value.IsNull(args[0]) {
				continue
			}
			dk := fmt.Sprint(i) + ":"
			for _, v := range args {
				dk = string(value.AppendKey([]byte(dk), v))
			}
			if r.seen[g][dk] {
				continue
			}
			r.seen[g][dk] = true
		}
		if err := r.aggs[g][i].Add(args); err != nil {
			return err
		}
	}
	return nil
}

func (r *refGroups) row(g int) ([]value.Value, []uint64, error) {
	s := r.spec
	out := append([]value.Value(nil), r.keys[g]...)
	for i, a := range s.Aggs {
		if a.SumInts || a.Star {
			out = append(out, value.Int(r.counts[g][i]))
			continue
		}
		v, err := r.aggs[g][i].Result()
		if err != nil {
			return nil, nil, err
		}
		out = append(out, v)
	}
	return out, r.ids[g], nil
}

// genValue draws a value of a random kind: integers dense and sparse,
// integral and other floats (1 and 1.0 are one group), strings, booleans,
// nulls, lists (of mixed kinds, with nulls), maps, nodes.
func genValue(r *rand.Rand, kinds int) value.Value {
	switch r.IntN(kinds) {
	case 0:
		return value.Int(r.IntN(40))
	case 1:
		return value.Int(int64(r.Uint64()) >> r.IntN(64)) // either sign, any magnitude
	case 2:
		if r.IntN(2) == 0 {
			return value.Float(float64(r.IntN(40)))
		}
		return value.Float(float64(r.IntN(40)) + 0.5)
	case 3:
		return value.String(fmt.Sprintf("s%d", r.IntN(30)))
	case 4:
		return value.NullValue
	case 5:
		return value.Bool(r.IntN(2) == 0)
	case 6:
		l := value.List{}
		for range r.IntN(3) {
			l = append(l, genValue(r, 6))
		}
		return l
	case 7:
		return value.Map{"a": value.Int(r.IntN(3))}
	case 8:
		return value.Node{ID: uint32(r.IntN(25))}
	default:
		return value.Float(math.NaN())
	}
}

// genArg draws an aggregate's argument from family fam: 0 any kind (as
// genValue), 1 numbers at the edges (integers near the 64-bit limits, so
// sums overflow and averages switch to floats; ±0, ±Inf, NaN, integral
// floats that tie with integers), 2 durations (with nulls and, rarely, a
// number, which mixes with them only in an integer sum of 0).
func genArg(r *rand.Rand, kinds, fam int) value.Value {
	switch fam {
	case 1:
		switch r.IntN(9) {
		case 0:
			return value.Int(math.MaxInt64 - int64(r.IntN(3)))
		case 1:
			return value.Int(math.MinInt64 + int64(r.IntN(3)))
		case 2:
			return value.Float(math.Copysign(0, float64(r.IntN(2)*2-1)))
		case 3:
			return value.Float(math.Inf(r.IntN(2)*2 - 1))
		case 4:
			return value.Float(math.NaN())
		case 5:
			return value.Int(0)
		case 6:
			return value.NullValue
		default:
			return genValue(r, 3)
		}
	case 2:
		switch r.IntN(12) {
		case 0:
			return value.NullValue
		case 1:
			return []value.Value{value.Int(0), value.Int(1), value.Float(0)}[r.IntN(3)]
		default:
			return temporal.NewDuration(int64(r.IntN(3)), int64(r.IntN(5)), int64(r.IntN(100)-20), 0)
		}
	}
	return genValue(r, kinds)
}

// genPercentile draws a percentileCont/Disc p: valid (floats and the
// integers 0 and 1), or when bad, rarely null, out of range or not a
// number.
func genPercentile(r *rand.Rand, bad bool) value.Value {
	if bad && r.IntN(50) == 0 {
		return []value.Value{value.NullValue, value.Float(1.5), value.Float(-0.1), value.String("half")}[r.IntN(4)]
	}
	ps := []value.Value{value.Float(0.5), value.Float(0), value.Float(0.25), value.Float(0.9), value.Int(1), value.Int(0), value.Float(1)}
	return ps[r.IntN(len(ps))]
}

// aggNames are the aggregates the generated specs draw from.
var aggNames = []string{"count", "sum", "avg", "min", "max", "collect", "stDev", "percentileDisc", "MAX", "Min", "stDevP", "percentileCont", "SUM", "avg"}

// genSpec draws a grouping: 0 to 3 key value registers, 0 to 2 key id
// registers, 1 to 4 aggregates (count(*), integer sums, DISTINCT or not).
func genSpec(r *rand.Rand) (*AggSpec, int, int) {
	nR, nN := r.IntN(4), r.IntN(3)
	if r.IntN(4) == 0 {
		nR, nN = 1, 0 // the integer-key paths
	}
	s := &AggSpec{Table: TableSpec{TopN: -1}, NumKeyR: nR, EstGroups: r.IntN(2000)}
	reg := int32(0)
	for range nR {
		s.Table.R = append(s.Table.R, reg)
		reg++
	}
	for i := range nN {
		s.Table.N = append(s.Table.N, int32(i))
	}
	nAggs := 1 + r.IntN(4)
	for range nAggs {
		var a AggCall
		switch x := r.IntN(len(aggNames) + 2); {
		case x == len(aggNames):
			f, _ := functions.Lookup("count")
			a = AggCall{Name: "count(*)", Star: true, New: f.Overloads[0].NewAgg}
		case x == len(aggNames)+1:
			f, _ := functions.Lookup("sum")
			a = AggCall{Name: "sum", SumInts: true, New: f.Overloads[0].NewAgg, Args: []int32{reg}}
			reg++
		default:
			name := aggNames[x]
			f, _ := functions.Lookup(name)
			a = AggCall{Name: name, New: f.Overloads[0].NewAgg, Args: []int32{reg}, Distinct: r.IntN(3) == 0}
			reg++
			if strings.HasPrefix(name, "percentile") {
				a.Args = append(a.Args, reg)
				reg++
			}
		}
		s.Aggs = append(s.Aggs, a)
	}
	nArgs := int(reg)
	for range s.Aggs {
		s.Table.R = append(s.Table.R, reg)
		reg++
	}
	return s, nArgs, int(reg)
}

// runGroups feeds rows to a table made for spec and reads its rows back.
func runGroups(m *Machine, rows [][]value.Value, idRows [][]uint64, s *AggSpec) ([][]value.Value, [][]uint64, error) {
	m.prog = &Program{Aux: []any{s}}
	m.tables = nil
	t := m.table(0)
	for i, row := range rows {
		copy(m.R, row)
		copy(m.N, idRows[i])
		if err := t.aggStep(m); err != nil {
			return nil, nil, err
		}
	}
	if err := t.finish(m); err != nil {
		return nil, nil, err
	}
	var out [][]value.Value
	var ids [][]uint64
	for g := range t.len() {
		clear(m.R)
		t.restore(m, g)
		o := make([]value.Value, len(s.Table.R))
		for i, reg := range s.Table.R {
			o[i] = m.R[reg]
		}
		n := make([]uint64, len(s.Table.N))
		for i, reg := range s.Table.N {
			n[i] = m.N[reg]
		}
		out, ids = append(out, o), append(ids, n)
	}
	return out, ids, nil
}

// TestGroupsMatchReference feeds generated rows (keys of every kind,
// nulls, lists and maps as keys, 1 and 1.0, NaN, node ids) to generated
// groupings and compares every group's key values (the first seen, of the
// same type), ids and results with refGroups, in order, and the errors.
func TestGroupsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 3))
	cases, failed := 1200, 0
	// What the cases covered: errors, and each aggregate's non-null
	// results by kind, so a generator that stops reaching one shows.
	errs, results, errKinds := 0, map[string]int{}, map[string]int{}
	for c := range cases {
		s, nArgs, nRegs := genSpec(r)
		kinds := 2 + r.IntN(9)
		fam := r.IntN(4) % 3 // half any kind, a quarter edge numbers, a quarter durations
		badP := r.IntN(15) == 0
		nRows := r.IntN(400)
		if c%50 == 0 {
			nRows = 20000 // past a chunk, the index grown many times
		}
		rows := make([][]value.Value, nRows)
		idRows := make([][]uint64, nRows)
		for i := range rows {
			row := make([]value.Value, nRegs)
			for j := range nArgs {
				if j < s.NumKeyR {
					row[j] = genValue(r, kinds)
				} else {
					row[j] = genArg(r, kinds, fam)
				}
			}
			for j, a := range s.Aggs {
				if a.SumInts {
					row[a.Args[0]] = value.Int(r.IntN(1000) - 500)
				}
				if len(a.Args) == 2 {
					row[a.Args[1]] = genPercentile(r, badP)
				}
				_ = j
			}
			rows[i] = row
			idRows[i] = []uint64{uint64(r.IntN(30)), uint64(r.IntN(3))}
		}
		ref := &refGroups{spec: s, index: map[string]int{}}
		var refErr error
		for i, row := range rows {
			if refErr = ref.step(row, idRows[i]); refErr != nil {
				break
			}
		}
		if len(ref.keys) == 0 && s.NumKeyR == 0 && len(s.Table.N) == 0 {
			ref.group(nil, nil, nil) // a global aggregation over no rows
		}
		var want [][]value.Value
		var wantIDs [][]uint64
		if refErr == nil {
			for g := range ref.keys {
				o, ids, err := ref.row(g)
				if err != nil {
					refErr = err
					break
				}
				want, wantIDs = append(want, o), append(wantIDs, ids)
			}
		}
		m := &Machine{R: make([]value.Value, nRegs), N: make([]uint64, 2)}
		got, gotIDs, err := runGroups(m, rows, idRows, s)
		if (err != nil) != (refErr != nil) || err != nil && err.Error() != refErr.Error() {
			failed++
			t.Errorf("case %d: error %v, want %v", c, err, refErr)
			continue
		}
		if err != nil {
			errs++
			msg := err.Error()
			errKinds[msg[:min(len(msg), 40)]]++
			continue
		}
		for _, row := range want {
			for i, a := range s.Aggs {
				if v := row[s.NumKeyR+i]; !value.IsNull(v) {
					results[strings.ToLower(a.Name)+" "+value.TypeName(v)]++
				}
			}
		}
		if d := diffRows(got, gotIDs, want, wantIDs); d != "" {
			failed++
			if failed <= 5 {
				t.Errorf("case %d (%d rows, spec %+v): %s", c, nRows, *s, d)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d cases differ from the reference", failed, cases)
	}
	t.Logf("%d cases ended in an error (%v); non-null results: %v", errs, errKinds, results)
	for _, k := range []string{"sum INTEGER", "sum FLOAT", "sum DURATION", "avg FLOAT", "avg DURATION",
		"min STRING", "min INTEGER", "min FLOAT", "max LIST", "max MAP", "max FLOAT", "collect LIST",
		"stdev FLOAT", "stdevp FLOAT", "percentiledisc INTEGER", "percentiledisc FLOAT", "percentilecont FLOAT"} {
		if results[k] == 0 {
			t.Errorf("no case produced a non-null %s", k)
		}
	}
	if errs == 0 || errs > cases*2/3 {
		t.Errorf("%d of %d cases ended in an error", errs, cases)
	}
}

func diffRows(got [][]value.Value, gotIDs [][]uint64, want [][]value.Value, wantIDs [][]uint64) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d groups, want %d", len(got), len(want))
	}
	for g := range got {
		for i := range got[g] {
			a, b := got[g][i], want[g][i]
			if reflect.TypeOf(a) != reflect.TypeOf(b) || value.Format(a) != value.Format(b) {
				return fmt.Sprintf("group %d column %d: %#v, want %#v", g, i, a, b)
			}
		}
		if fmt.Sprint(gotIDs[g]) != fmt.Sprint(wantIDs[g]) {
			return fmt.Sprintf("group %d ids %v, want %v", g, gotIDs[g], wantIDs[g])
		}
	}
	return ""
}

// heldBytes is what a table's groups hold in their columns, indexes and
// arena (not the Aggregator objects, charged at a flat rate).
func heldBytes(gs *groups) int64 {
	n := int64(cap(gs.arena)) + gs.others.bytes() + gs.byEntry.bytes() + gs.encoded.offs.bytes()
	n += 12*int64(len(gs.ints.slots)) + 8*int64(len(gs.encoded.slots))
	for _, p := range gs.dense.pages {
		n += 4 * int64(len(p))
	}
	for i := range gs.cols {
		n += gs.cols[i].kind.bytes() + gs.cols[i].bits.bytes()
	}
	for i := range gs.ids {
		n += gs.ids[i].bytes()
	}
	for i := range gs.aggs {
		a := &gs.aggs[i]
		n += a.ints.bytes() + a.objs.bytes() + a.seen.bytes() + a.res.bytes()
		if a.flatCols != nil {
			n += a.kind.bytes() + a.vals.bytes() + a.acc.bytes() + a.items.bytes() + a.owner.bytes() + a.lists.bytes()
		}
	}
	return n
}

// TestGroupsChargeBudget checks that the groups' memory is charged: at
// least what their columns, indexes and arena hold, and a budget below
// it stops the aggregation with the memory error.
func TestGroupsChargeBudget(t *testing.T) {
	count, _ := functions.Lookup("count")
	collect, _ := functions.Lookup("collect")
	for _, keys := range []string{"dense int", "sparse int", "string", "pair"} {
		for _, agg := range []AggCall{
			{Name: "count(*)", Star: true, New: count.Overloads[0].NewAgg},
			{Name: "collect", New: collect.Overloads[0].NewAgg, Args: []int32{1}},
			{Name: "count", New: count.Overloads[0].NewAgg, Args: []int32{1}, Distinct: true},
		} {
			s := &AggSpec{Table: TableSpec{TopN: -1, R: []int32{0, 1, 2}}, NumKeyR: 2, Aggs: []AggCall{agg}}
			if keys != "pair" {
				s.NumKeyR, s.Table.R = 1, []int32{0, 2}
			}
			rows := make([][]value.Value, 50000)
			for i := range rows {
				var k value.Value
				switch keys {
				case "dense int":
					k = value.Int(int64(i))
				case "sparse int":
					k = value.Int(int64(i) * 7919)
				default:
					k = value.String(fmt.Sprintf("key-%d", i))
				}
				rows[i] = []value.Value{k, value.Int(int64(i % 3)), nil}
			}
			ids := make([][]uint64, len(rows))
			m := &Machine{R: make([]value.Value, 3), N: make([]uint64, 1)}
			if _, _, err := runGroups(m, rows, ids, s); err != nil {
				t.Fatal(err)
			}
			used, held := m.memory, heldBytes(&m.tables[0].grp)
			if used < held {
				t.Errorf("%s keys, %s: charged %d bytes, the groups hold %d", keys, agg.Name, used, held)
			}
			m = &Machine{R: make([]value.Value, 3), N: make([]uint64, 1), limits: Limits{MaxMemory: used / 2}}
			_, _, err := runGroups(m, rows, ids, s)
			if err == nil || !reflect.DeepEqual(err, memoryErr(used/2)) {
				t.Errorf("%s keys, %s: budget of %d bytes (half of %d): %v", keys, agg.Name, used/2, used, err)
			}
		}
	}
}

// TestDistinctSeenMatchesMap feeds generated rows (values of every kind,
// node ids) to DISTINCT tables and compares each answer with a map of the
// keys' encodings; the table's growth is charged, and a budget below it
// stops the run.
func TestDistinctSeenMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 4))
	failed := 0
	for c := range 300 {
		nR, nN := r.IntN(3), r.IntN(2)
		if nR+nN == 0 {
			nR = 1
		}
		s := &DistinctSpec{}
		for i := range nR {
			s.R = append(s.R, int32(i))
		}
		for i := range nN {
			s.N = append(s.N, int32(i))
		}
		kinds := 2 + r.IntN(9)
		m := &Machine{R: make([]value.Value, nR), N: make([]uint64, nN), prog: &Program{Aux: []any{s}}}
		tab := m.table(0)
		want := map[string]bool{}
		for i := range 1 + r.IntN(3000) {
			for j := range m.R {
				m.R[j] = genValue(r, kinds)
			}
			for j := range m.N {
				m.N[j] = uint64(r.IntN(50))
			}
			k := string(tab.key(m, s.R, s.N))
			got, err := tab.seenBefore(m)
			if err != nil {
				t.Fatal(err)
			}
			if got != want[k] {
				failed++
				if failed <= 5 {
					t.Errorf("case %d row %d: seen %v, want %v", c, i, got, want[k])
				}
			}
			want[k] = true
		}
		if m.memory < int64(cap(tab.seenArena))+8*int64(len(tab.seen.slots))+tab.seen.offs.bytes() {
			t.Errorf("case %d: charged %d bytes for an arena of %d and %d slots", c, m.memory, cap(tab.seenArena), len(tab.seen.slots))
		}
	}
	if failed > 0 {
		t.Errorf("%d answers differ from the map's", failed)
	}
	s := &DistinctSpec{R: []int32{0}}
	m := &Machine{R: make([]value.Value, 1), prog: &Program{Aux: []any{s}}, limits: Limits{MaxMemory: 1 << 16}}
	var err error
	for i := 0; err == nil && i < 100000; i++ {
		m.R[0] = value.Int(int64(i))
		_, err = m.table(0).seenBefore(m)
	}
	if !reflect.DeepEqual(err, memoryErr(1<<16)) {
		t.Errorf("100,000 distinct keys in a budget of 64 KiB: %v", err)
	}
}

// benchGroups feeds rows keyed by one id register (groups distinct keys,
// rows/groups rows each) to an integer-sum grouping, as a degree count
// compiles, and reads the groups back.
func benchGroups(b *testing.B, groups, rows int) {
	s := &AggSpec{Table: TableSpec{TopN: -1, R: []int32{1}, N: []int32{0}}, NumKeyR: 0,
		Aggs: []AggCall{{Name: "sum", SumInts: true, Args: []int32{0}}}}
	m := &Machine{R: make([]value.Value, 2), N: make([]uint64, 1), prog: &Program{Aux: []any{s}}}
	m.R[0] = value.Int(1)
	b.ReportAllocs()
	for b.Loop() {
		m.tables = nil
		t := m.table(0)
		for i := range rows {
			m.N[0] = uint64((i * 7919) % groups)
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

func BenchmarkGroupsIDSum82k(b *testing.B) { benchGroups(b, 82000, 82000) }
func BenchmarkGroupsIDSum3k(b *testing.B)  { benchGroups(b, 3000, 60000) }

// TestFlatColumnsChargedAsTheyGrow feeds rows to each flat aggregate
// without finishing and checks that what the columns hold was charged as
// they grew, not only when the results are made: a grouping that
// collects more than its budget stops while it collects.
func TestFlatColumnsChargedAsTheyGrow(t *testing.T) {
	for _, name := range []string{"collect", "percentileCont", "min", "max", "sum", "avg", "stDev"} {
		f, _ := functions.Lookup(name)
		s := &AggSpec{Table: TableSpec{TopN: -1, R: []int32{0, 3}}, NumKeyR: 1,
			Aggs: []AggCall{{Name: name, New: f.Overloads[0].NewAgg, Args: []int32{1}}}}
		if strings.HasPrefix(name, "percentile") {
			s.Aggs[0].Args = append(s.Aggs[0].Args, 2)
		}
		m := &Machine{R: make([]value.Value, 4), prog: &Program{Aux: []any{s}}}
		tab := m.table(0)
		for i := range 50000 {
			m.R[0], m.R[1], m.R[2] = value.Int(int64(i%700)), value.Float(float64(i)/3), value.Float(0.5)
			if name == "min" || name == "max" {
				m.R[1] = value.String(fmt.Sprint(i)) // in the value column
			}
			if err := tab.aggStep(m); err != nil {
				t.Fatal(err)
			}
		}
		if held := heldBytes(&tab.grp); m.memory < held {
			t.Errorf("%s: charged %d bytes while stepping, the columns hold %d", name, m.memory, held)
		}
	}
}
