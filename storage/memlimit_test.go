package storage

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
)

func currentLimit() int64 { return debug.SetMemoryLimit(-1) }

func openBudget(t *testing.T, fs vfs.FS, budget int64) (*Store, int64) {
	t.Helper()
	o := &Options{FS: fs, MemoryBudget: budget}
	s, err := Open("db", o)
	if err != nil {
		t.Fatal(err)
	}
	return s, heapAllowance(o.EnsureDefaults())
}

// TestMemoryLimit: a store opened under a budget sets the Go memory limit
// from the budgets of the open stores and gives it back at Close.
func TestMemoryLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(prev)

	a, aa := openBudget(t, vfs.NewMem(), 16<<20)
	if got, want := currentLimit(), heapLimitFor(aa); got != want {
		t.Fatalf("limit with one store = %d, want %d", got, want)
	}
	b, ba := openBudget(t, vfs.NewMem(), 64<<20)
	if got, want := currentLimit(), heapLimitFor(aa+ba); got != want {
		t.Fatalf("limit with two stores = %d, want %d", got, want)
	}
	// A store without a budget changes nothing.
	c, err := Open("db", &Options{FS: vfs.NewMem()})
	if err != nil {
		t.Fatal(err)
	}
	_ = c.Close()
	if got, want := currentLimit(), heapLimitFor(aa+ba); got != want {
		t.Fatalf("limit after a store without budget = %d, want %d", got, want)
	}
	_ = a.Close()
	_ = a.Close() // idempotent: gives back once
	if got, want := currentLimit(), heapLimitFor(ba); got != want {
		t.Fatalf("limit after one close = %d, want %d", got, want)
	}
	_ = b.Close()
	if got := currentLimit(); got != math.MaxInt64 {
		t.Fatalf("limit after the last close = %d, want none", got)
	}
}

// TestMemoryLimitApplication: a limit the application set, before the
// store opened or while it is open, is left alone.
func TestMemoryLimitApplication(t *testing.T) {
	prev := debug.SetMemoryLimit(1 << 40)
	defer debug.SetMemoryLimit(prev)
	a, _ := openBudget(t, vfs.NewMem(), 16<<20)
	if got := currentLimit(); got != 1<<40 {
		t.Fatalf("application's limit replaced: %d", got)
	}
	_ = a.Close()
	if got := currentLimit(); got != 1<<40 {
		t.Fatalf("application's limit changed at close: %d", got)
	}

	debug.SetMemoryLimit(math.MaxInt64)
	b, _ := openBudget(t, vfs.NewMem(), 16<<20)
	debug.SetMemoryLimit(1 << 41) // the application takes over
	c, _ := openBudget(t, vfs.NewMem(), 16<<20)
	_ = b.Close()
	_ = c.Close()
	if got := currentLimit(); got != 1<<41 {
		t.Fatalf("limit the application set while open = %d, want %d", got, int64(1<<41))
	}
}
