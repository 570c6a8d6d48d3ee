package engine

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// TestMemoryBudgetCoversValues checks that values a query builds —
// collected lists, reduce accumulators, comprehensions, concatenated
// strings, ranges, sort buffers of large strings — count against the
// memory budget, and that the same queries run under a larger budget.
func TestMemoryBudgetCoversValues(t *testing.T) {
	// Collected lists are read whole (size(collect(x)) is planned as a
	// count and builds no list).
	queries := map[string]string{
		"collect":           "UNWIND range(1, 1000) AS a UNWIND range(1, 1000) AS b RETURN collect(a)[-1] AS n",
		"collect strings":   "UNWIND range(1, 20000) AS a RETURN collect(toString(a) + '-padding-padding-padding')[-1] AS n",
		"collect distinct":  "UNWIND range(1, 1000) AS a UNWIND range(1, 100) AS b RETURN count(DISTINCT toString(a * 1000 + b) + '-padding') AS n",
		"reduce string":     "RETURN size(reduce(s = '', x IN range(1, 1000) | s + $chunk)) AS n",
		"reduce list":       "RETURN size(reduce(l = [], x IN range(1, 500) | l + $items)) AS n",
		"comprehension":     "RETURN size([a IN range(1, 200) | [b IN range(1, 200) | toString(b)]]) AS n",
		"range":             "RETURN size(range(1, 1000000)) AS n",
		"sort large values": "UNWIND range(1, 20000) AS a WITH a, toString(a) + '-0123456789012345678901234567890123456789' AS s ORDER BY s RETURN count(*) AS n",
	}
	small, err := Open("", &Options{Run: RunOptions{Limits: vm.Limits{MaxMemory: 512 << 10}}})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close()
	large, err := Open("", &Options{Run: RunOptions{Limits: vm.Limits{MaxMemory: 1 << 30}}})
	if err != nil {
		t.Fatal(err)
	}
	defer large.Close()
	ctx := context.Background()
	items := make([]any, 100)
	for i := range items {
		items[i] = i
	}
	params := map[string]any{"chunk": strings.Repeat("0123456789", 100), "items": items}
	for name, q := range queries {
		t.Run(name, func(t *testing.T) {
			rows, err := small.Query(ctx, q, params)
			if err == nil {
				_, err = rows.All()
			}
			if e := cyqerr.As(err); e == nil || e.Detail != "MemoryBudget" {
				t.Fatalf("under a 512 KiB budget: want MemoryBudget, got %v", err)
			}
			rows, err = large.Query(ctx, q, params)
			if err == nil {
				_, err = rows.All()
			}
			if err != nil {
				t.Fatalf("under a 1 GiB budget: %v", err)
			}
		})
	}
}

// TestListBuildingLinear: a comprehension, a pattern-free COLLECT subquery
// and a list comprehension over a long list allocate in proportion to the
// list they build (appending copied the list at each element: 200,000
// elements allocated hundreds of gigabytes and took minutes).
func TestListBuildingLinear(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		"RETURN size([x IN range(1, 50000) | x]) AS n",
		"RETURN size([x IN range(1, 50000) WHERE x % 2 = 0 | x]) * 2 AS n",
		"RETURN size(collect { UNWIND range(1, 50000) AS x RETURN x }) AS n",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rows, err := db.Query(context.Background(), q, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := rows.All()
		if err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if len(got) != 1 || got[0][0] != value.Int(50000) {
			t.Fatalf("%s: %v", q, got)
		}
		// 50,000 values of 16 bytes, the range and the list doubling:
		// a few MB; copying at each append would be 20 GB.
		if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
			t.Errorf("%s allocated %d MB", q, n>>20)
		}
	}
}
