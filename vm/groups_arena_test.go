package vm

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// arenaSpec is a grouping by one key register (or none: a global
// aggregation) whose aggregates keep values in the arena: collect,
// collect(DISTINCT), percentileDisc and percentileCont, with a count(*)
// beside them.
func arenaSpec(r *rand.Rand, global bool) (*AggSpec, int) {
	s := &AggSpec{Table: TableSpec{TopN: -1}, EstGroups: r.IntN(500)}
	reg := int32(0)
	if !global {
		s.NumKeyR = 1
		s.Table.R = append(s.Table.R, reg)
		reg++
	}
	arg := reg // one argument register for every aggregate
	p := reg + 1
	reg += 2
	for _, name := range []string{"collect", "collect", "percentileDisc", "percentileCont", "count(*)"} {
		var a AggCall
		switch name {
		case "count(*)":
			f, _ := functions.Lookup("count")
			a = AggCall{Name: name, Star: true, New: f.Overloads[0].NewAgg}
		default:
			f, _ := functions.Lookup(name)
			a = AggCall{Name: name, New: f.Overloads[0].NewAgg, Args: []int32{arg}}
			if name != "collect" {
				a.Args = append(a.Args, p)
			}
		}
		s.Aggs = append(s.Aggs, a)
	}
	s.Aggs[1].Distinct = true
	for range s.Aggs {
		s.Table.R = append(s.Table.R, reg)
		reg++
	}
	return s, int(reg)
}

// arenaRows draws rows for arenaSpec in one of the orders a grouping sees:
// grouped (every group's rows together, as an expansion from each key
// gives them), random, grouped with a few rows moved (the arena turns
// from in order to out of order part way), or one group only.
func arenaRows(r *rand.Rand, s *AggSpec, nRegs, n int, order string) [][]value.Value {
	keys := 1 + r.IntN(max(1, n/(1+r.IntN(40))))
	if order == "one group" {
		keys = 1
	}
	rows := make([][]value.Value, n)
	for i := range rows {
		row := make([]value.Value, nRegs)
		if s.NumKeyR == 1 {
			row[0] = value.Int(r.IntN(keys) * 7)
			if r.IntN(9) == 0 {
				row[0] = value.String(fmt.Sprint("k", r.IntN(keys)))
			}
		}
		a := s.Aggs[0].Args[0]
		switch r.IntN(6) {
		case 0:
			row[a] = value.NullValue
		case 1:
			row[a] = value.Float(float64(r.IntN(50)) / 4)
		default:
			row[a] = value.Int(r.IntN(60))
		}
		row[a+1] = []value.Value{value.Float(0.5), value.Float(0.1), value.Int(1)}[r.IntN(3)]
		rows[i] = row
	}
	if order == "grouped" || order == "grouped, some moved" {
		slices.SortStableFunc(rows, func(a, b []value.Value) int {
			if s.NumKeyR == 0 {
				return 0
			}
			return value.Order(a[0], b[0])
		})
	}
	if order == "grouped, some moved" && n > 2 {
		for range 1 + r.IntN(3) {
			i := r.IntN(n)
			row := rows[i]
			rows = slices.Delete(rows, i, i+1)
			rows = slices.Insert(rows, r.IntN(len(rows)), row)
		}
	}
	return rows
}

// readGroups returns the table's rows, formatted, after finishing it.
func readGroups(m *Machine, t *table, s *AggSpec) []string {
	var out []string
	for g := range t.len() {
		clear(m.R)
		t.restore(m, g)
		line := ""
		for _, reg := range s.Table.R {
			line += value.Format(m.R[reg]) + " | "
		}
		out = append(out, line)
	}
	return out
}

// TestArenaOrdersMatchReference feeds collect and percentile groupings
// rows in every arrival order (grouped, random, grouped with a few moved,
// one group, global), past several arena chunks in some cases, in two
// rounds: finish and read, step again, finish and read. Both rounds must
// equal refGroups over the rows fed so far, the first round's results
// must not change when the table is stepped again, and after finishing
// the arena holds each value once: no owner column, the collect lists are
// slices of the arena, and the arena takes no more than its values.
func TestArenaOrdersMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 27))
	orders := []string{"grouped", "random", "grouped, some moved", "one group", "global"}
	cases, failed := 400, 0
	covered := map[string]int{}
	for c := range cases {
		order := orders[c%len(orders)]
		s, nRegs := arenaSpec(r, order == "global")
		n := r.IntN(300)
		if c%9 == 0 {
			n = 2*chunkLen + r.IntN(chunkLen) // several chunks
		}
		rows := arenaRows(r, s, nRegs, n, order)
		split := r.IntN(n + 1)
		m := &Machine{R: make([]value.Value, nRegs), N: make([]uint64, 1)}
		m.prog = &Program{Aux: []any{s}}
		tb := m.table(0)
		ref := &refGroups{spec: s, index: map[string]int{}}
		caseFailed := false
		fail := func(format string, args ...any) {
			if !caseFailed {
				caseFailed = true
				failed++
			}
			if failed <= 5 {
				t.Errorf("case %d (%s, %d rows, split at %d): %s", c, order, n, split, fmt.Sprintf(format, args...))
			}
		}
		var keptFirst [][]value.Value
		var wantFirst []string
		ok := true
		for round, part := range [][][]value.Value{rows[:split], rows[split:]} {
			for _, row := range part {
				copy(m.R, row)
				if err := tb.aggStep(m); err != nil {
					t.Fatalf("case %d: %v", c, err)
				}
				if err := ref.step(row, []uint64{0}); err != nil {
					t.Fatalf("case %d: reference: %v", c, err)
				}
			}
			tb.finished = false
			if err := tb.finish(m); err != nil {
				t.Fatalf("case %d: %v", c, err)
			}
			got := readGroups(m, tb, s)
			// the results as values, kept to check they stay as they were
			var kept [][]value.Value
			for g := range tb.len() {
				clear(m.R)
				tb.restore(m, g)
				kept = append(kept, slices.Clone(m.R))
			}
			var want []string
			if len(ref.keys) == 0 && s.NumKeyR == 0 {
				ref.group(nil, nil, nil)
			}
			for g := range ref.keys {
				o, _, err := ref.row(g)
				if err != nil {
					t.Fatalf("case %d: reference: %v", c, err)
				}
				line := ""
				for _, v := range o {
					line += value.Format(v) + " | "
				}
				want = append(want, line)
			}
			if !slices.Equal(got, want) {
				fail("round %d: %d groups differ from the reference (first: got %.120q, want %.120q)", round, len(got), firstDiff(got, want), firstDiff(want, got))
				ok = false
				break
			}
			for i := range tb.grp.aggs {
				col := &tb.grp.aggs[i]
				if col.flatCols == nil || (col.mode != aggCollect && col.mode != aggPercentileDisc && col.mode != aggPercentileCont) {
					continue
				}
				items := col.items.len()
				if col.owner.len() != 0 || col.mixed {
					fail("round %d: aggregate %d keeps %d owners after finishing", round, i, col.owner.len())
					ok = false
				}
				if b := col.items.bytes(); b > 16*int64(max(items, firstChunkMin)) && len(col.items.chunks) > 1 {
					fail("round %d: aggregate %d's arena takes %d bytes for %d values", round, i, b, items)
					ok = false
				}
				if col.mode != aggCollect {
					continue
				}
				off := 0
				for g := range tb.grp.n {
					l := *col.lists.at(g)
					if len(l) > 0 && unsafe.Pointer(&l[0]) != unsafe.Pointer(col.items.at(off)) {
						fail("round %d: group %d's list is not a slice of the arena", round, g)
						ok = false
						break
					}
					off += len(l)
				}
			}
			if !ok {
				break
			}
			if round == 0 {
				keptFirst, wantFirst = kept, want
				continue
			}
			// The values handed out in the first round are as they were.
			for g, row := range keptFirst {
				line := ""
				for _, reg := range s.Table.R {
					line += value.Format(row[reg]) + " | "
				}
				if line != wantFirst[g] {
					fail("a result of the first round changed: %.120q, was %.120q", line, wantFirst[g])
					break
				}
			}
			if tb.grp.aggs[0].items.len() > 0 {
				covered[order]++
			}
		}
	}
	for _, o := range orders {
		if covered[o] == 0 {
			t.Errorf("no case of order %q reached the second round with values", o)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d cases failed", failed, cases)
	}
}

// firstDiff returns the first line of a that b does not have at its index.
func firstDiff(a, b []string) string {
	for i, l := range a {
		if i >= len(b) || b[i] != l {
			return l
		}
	}
	return ""
}
