package vm

import (
	"encoding/binary"
	"sort"

	"github.com/cyqdb/cyq/value"
)

// table is a materialised intermediate result: a buffer, a sort, a
// grouping aggregation or a distinct set.
type table struct {
	spec     *TableSpec
	agg      *AggSpec
	distinct *DistinctSpec

	rows     []tableRow
	finished bool

	groups   map[string]int
	aggs     [][]Aggregator
	aggSeen  [][]map[string]struct{}
	seenKeys map[string]struct{}
	keyBuf   []byte
	argBuf   []value.Value
}

type tableRow struct {
	r []value.Value
	n []uint64
}

func (m *Machine) table(aux int32) *table {
	if t, ok := m.tables[aux]; ok {
		return t
	}
	t := &table{}
	switch s := m.prog.Aux[aux].(type) {
	case *TableSpec:
		t.spec = s
	case *AggSpec:
		t.agg = s
		t.spec = &s.Table
		t.groups = map[string]int{}
	case *DistinctSpec:
		t.distinct = s
		t.seenKeys = map[string]struct{}{}
	}
	m.tables[aux] = t
	return t
}

func (t *table) reset() {
	t.rows = t.rows[:0]
	t.finished = false
	if t.groups != nil {
		t.groups = map[string]int{}
		t.aggs = nil
		t.aggSeen = nil
	}
	if t.seenKeys != nil {
		t.seenKeys = map[string]struct{}{}
	}
}

func (m *Machine) account(n int64) error {
	m.memory += n
	if m.limits.MaxMemory > 0 && m.memory > m.limits.MaxMemory {
		return memoryErr(m.limits.MaxMemory)
	}
	return nil
}

func (t *table) add(m *Machine) error {
	row := tableRow{r: make([]value.Value, len(t.spec.R)), n: make([]uint64, len(t.spec.N))}
	for i, r := range t.spec.R {
		row.r[i] = m.R[r]
	}
	for i, n := range t.spec.N {
		row.n[i] = m.N[n]
	}
	t.rows = append(t.rows, row)
	t.finished = false
	return m.account(int64(16*len(row.r) + 8*len(row.n) + 48))
}

func (t *table) restore(m *Machine, i int) {
	row := &t.rows[i]
	for j, r := range t.spec.R {
		m.R[r] = row.r[j]
	}
	for j, n := range t.spec.N {
		m.N[n] = row.n[j]
	}
}

func (t *table) key(m *Machine, rs []int32, ns []int32) []byte {
	b := t.keyBuf[:0]
	for _, r := range rs {
		b = value.AppendKey(b, m.R[r])
	}
	for _, n := range ns {
		b = binary.BigEndian.AppendUint64(b, m.N[n])
	}
	t.keyBuf = b
	return b
}

func (t *table) seen(m *Machine) bool {
	k := t.key(m, t.distinct.R, t.distinct.N)
	if _, ok := t.seenKeys[string(k)]; ok {
		return true
	}
	t.seenKeys[string(k)] = struct{}{}
	return false
}

func (t *table) aggStep(m *Machine) error {
	s := t.agg
	k := t.key(m, s.Table.R[:s.NumKeyR], s.Table.N)
	g, ok := t.groups[string(k)]
	if !ok {
		g = len(t.rows)
		t.groups[string(k)] = g
		row := tableRow{r: make([]value.Value, len(s.Table.R)), n: make([]uint64, len(s.Table.N))}
		for i := 0; i < s.NumKeyR; i++ {
			row.r[i] = m.R[s.Table.R[i]]
		}
		for i, n := range s.Table.N {
			row.n[i] = m.N[n]
		}
		t.rows = append(t.rows, row)
		aggs := make([]Aggregator, len(s.Aggs))
		seen := make([]map[string]struct{}, len(s.Aggs))
		for i, a := range s.Aggs {
			aggs[i] = a.New()
			if a.Distinct {
				seen[i] = map[string]struct{}{}
			}
		}
		t.aggs = append(t.aggs, aggs)
		t.aggSeen = append(t.aggSeen, seen)
		if err := m.account(int64(16*len(row.r) + 64*len(aggs) + 96)); err != nil {
			return err
		}
	}
	for i, a := range s.Aggs {
		args := t.argBuf[:0]
		for _, r := range a.Args {
			args = append(args, m.R[r])
		}
		t.argBuf = args
		if a.Distinct {
			if len(args) > 0 && value.IsNull(args[0]) {
				continue
			}
			var kb []byte
			for _, v := range args {
				kb = value.AppendKey(kb, v)
			}
			if _, dup := t.aggSeen[g][i][string(kb)]; dup {
				continue
			}
			t.aggSeen[g][i][string(kb)] = struct{}{}
		}
		if err := t.aggs[g][i].Add(args); err != nil {
			return err
		}
	}
	return nil
}

// finish completes the table before it is read: aggregates are computed
// and sorts are ordered. It runs once per fill.
func (t *table) finish(m *Machine) error {
	if t.finished {
		return nil
	}
	t.finished = true
	if s := t.agg; s != nil {
		if len(t.rows) == 0 && s.NumKeyR == 0 && len(s.Table.N) == 0 {
			// A global aggregation over no rows still yields one row.
			row := tableRow{r: make([]value.Value, len(s.Table.R))}
			aggs := make([]Aggregator, len(s.Aggs))
			for i, a := range s.Aggs {
				aggs[i] = a.New()
			}
			t.rows = append(t.rows, row)
			t.aggs = append(t.aggs, aggs)
		}
		for g := range t.rows {
			for i := range s.Aggs {
				v, err := t.aggs[g][i].Result()
				if err != nil {
					return err
				}
				t.rows[g].r[s.NumKeyR+i] = v
			}
		}
	}
	if len(t.spec.SortKeys) > 0 {
		keys, desc := t.spec.SortKeys, t.spec.Desc
		sort.SliceStable(t.rows, func(i, j int) bool {
			a, b := t.rows[i].r, t.rows[j].r
			for k, pos := range keys {
				c := value.Order(a[pos], b[pos])
				if c != 0 {
					if desc[k] {
						return c > 0
					}
					return c < 0
				}
			}
			return false
		})
	}
	return nil
}
