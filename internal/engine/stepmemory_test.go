package engine

import (
	"context"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// TestSetStepBuffersCharged: a breadth-first reach over a large graph
// builds dense bitsets of the graph's id range in each wide step (the
// top-down step's dense form, the bottom-up step's two); they count
// against the query's memory budget, so that under a budget smaller than
// one of them the query fails with MemoryBudget instead of exceeding it,
// and under a larger one it runs.
func TestSetStepBuffersCharged(t *testing.T) {
	const n = 1 << 20 // dense bitsets of 128 KiB
	load := storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		l := b.TypeID("L")
		if _, err := b.AddNodes(n, nil); err != nil {
			return err
		}
		for i := uint32(0); i < n; i++ {
			for _, j := range []uint32{(i*7 + 1) % n, (i*13 + 5) % n, (i*31 + 11) % n} {
				if _, err := b.AddRel(i, j, l, nil); err != nil {
					return err
				}
			}
		}
		return nil
	})
	const q = "MATCH (a)-[:L*1..30]->(b) WHERE id(a) = 0 RETURN count(DISTINCT b) AS n"
	for _, c := range []struct {
		budget int64
		fail   bool
	}{{96 << 10, true}, {64 << 20, false}} {
		eng, err := Open(t.TempDir(), &Options{Run: RunOptions{Limits: vm.Limits{MaxMemory: c.budget}}})
		if err != nil {
			t.Fatal(err)
		}
		g := engineGraph(t, eng)
		if err := g.BulkLoad(context.Background(), load, nil); err != nil {
			t.Fatal(err)
		}
		rows, err := eng.Query(context.Background(), q, nil)
		var res [][]value.Value
		if err == nil {
			res, err = rows.All()
		}
		e := cyqerr.As(err)
		switch {
		case c.fail && (e == nil || e.Detail != "MemoryBudget"):
			t.Errorf("budget %d: want MemoryBudget, got %v %v", c.budget, res, err)
		case !c.fail && err != nil:
			t.Errorf("budget %d: %v", c.budget, err)
		case !c.fail:
			t.Logf("budget %d: %v", c.budget, res)
		}
		eng.Close()
	}
}
