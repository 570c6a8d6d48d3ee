package engine

import (
	"context"
	"runtime"
	"slices"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// withEstimate returns a copy of p whose aggregations carry est as the
// planner's estimate of their groups.
func withEstimate(p *vm.Program, est int) *vm.Program {
	q := *p
	q.Aux = slices.Clone(p.Aux)
	for i, a := range q.Aux {
		if s, ok := a.(*vm.AggSpec); ok {
			c := *s
			c.EstGroups = est
			q.Aux[i] = &c
		}
	}
	return &q
}

// tableRun is one run of a program: its rows (formatted and sorted), the
// memory it charged, the bytes it allocated, and its error.
type tableRun struct {
	rows   []string
	memory int64
	alloc  uint64
	err    error
}

func runProgram(t *testing.T, eng *Engine, p *vm.Program, limits vm.Limits) tableRun {
	t.Helper()
	g, err := eng.Graph()
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	m := vm.NewMachine(context.Background(), p, graphView{snap}, nil, nil, limits)
	var run tableRun
	for {
		ok, err := m.Step()
		if err != nil {
			run.err = err
			break
		}
		if !ok {
			break
		}
		run.rows = append(run.rows, value.Format(value.List(slices.Clone(m.Row()))))
	}
	runtime.ReadMemStats(&ms)
	run.alloc = ms.TotalAlloc - before
	run.memory = m.Stats().Memory
	slices.Sort(run.rows)
	return run
}

// TestGroupTablesUnderWrongEstimates runs groupings with up to 22,350
// groups (several chunks) keyed by small integers (the dense array),
// sparse integers (the map), strings, nodes and several values, with the
// planner's estimate replaced by a tiny and a huge one: the rows are the
// same, a huge estimate allocates no more than about a chunk beyond the
// right one, and under a budget the right estimate fits in, the wrong ones
// fit too (a budget below that stops each with the budget error).
func TestGroupTablesUnderWrongEstimates(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx := context.Background()
	rows, err := eng.Query(ctx, "UNWIND range(0, 19999) AS i CREATE (:N {id: i, s: toString(i % 18000)})", nil)
	if err == nil {
		_, err = rows.All()
	}
	if err != nil {
		t.Fatal(err)
	}
	queries := map[string]string{
		"dense ints":   "UNWIND range(0, 39999) AS i RETURN i % 20000 AS k, count(*) AS n, sum(i) AS s",
		"sparse ints":  "UNWIND range(0, 39999) AS i RETURN (i % 20000) * 1000003 AS k, count(*) AS n, max(i) AS m",
		"strings":      "MATCH (a:N) RETURN a.s AS k, count(*) AS n, collect(a.id)[0] AS first",
		"nodes":        "MATCH (a:N) UNWIND [1, 2] AS x RETURN a, count(*) AS n, count(DISTINCT x) AS d",
		"two keys":     "UNWIND range(0, 29999) AS i RETURN i % 150 AS a, i % 149 AS b, count(*) AS n",
		"global":       "MATCH (a:N) RETURN count(*) AS n, sum(a.id) AS s",
		"empty global": "MATCH (a:Nothing) RETURN count(*) AS n",
		"few groups":   "UNWIND range(0, 999) AS i RETURN i % 3 AS k, avg(i) AS v",
	}
	const chunkBytes = 1 << 20 // a chunk of group slots with its index, rounded up
	for name, q := range queries {
		t.Run(name, func(t *testing.T) {
			c, err := eng.Compile(q)
			if err != nil {
				t.Fatal(err)
			}
			right := runProgram(t, eng, c.Program, vm.Limits{})
			if right.err != nil {
				t.Fatal(right.err)
			}
			if len(right.rows) == 0 {
				t.Fatal("no rows")
			}
			groups := len(right.rows)
			right = runProgram(t, eng, withEstimate(c.Program, groups), vm.Limits{})
			budget := right.memory + right.memory/4 + chunkBytes
			t.Logf("%d groups: %d bytes charged, %d allocated", groups, right.memory, right.alloc)
			for _, est := range []int{0, 1 << 20, 1 << 30} {
				p := withEstimate(c.Program, est)
				got := runProgram(t, eng, p, vm.Limits{})
				if got.err != nil {
					t.Fatalf("estimate %d: %v", est, got.err)
				}
				if !slices.Equal(got.rows, right.rows) {
					t.Fatalf("estimate %d: %d rows differ from the %d with the right estimate", est, len(got.rows), len(right.rows))
				}
				if got.alloc > right.alloc+chunkBytes+right.alloc/4 {
					t.Errorf("estimate %d: allocated %d bytes, %d with the right estimate (%d groups)", est, got.alloc, right.alloc, groups)
				}
				if got.memory > right.memory+chunkBytes {
					t.Errorf("estimate %d: charged %d bytes, %d with the right estimate", est, got.memory, right.memory)
				}
				if under := runProgram(t, eng, p, vm.Limits{MaxMemory: budget}); under.err != nil {
					t.Errorf("estimate %d under a budget of %d bytes: %v", est, budget, under.err)
				}
				if right.memory > 4*chunkBytes {
					over := runProgram(t, eng, p, vm.Limits{MaxMemory: right.memory / 2})
					if e := cyqerr.As(over.err); e == nil || e.Detail != "MemoryBudget" {
						t.Errorf("estimate %d under half the memory it needs: want the budget error, got %v", est, over.err)
					}
				}
			}
		})
	}
}
