package storage

import (
	"math"
	"runtime/debug"
	"sync"
)

// The Go heap of a process that opens a store under a MemoryBudget is
// kept near that budget with the runtime's soft memory limit
// (runtime/debug.SetMemoryLimit): without it the collector lets the heap
// grow to twice what is live (GOGC=100) before it runs, so pages decoded
// and evicted under the budget pile up as garbage and the resident set
// ends far above the budget. The limit is set only when the process has
// no limit of its own (none set through SetMemoryLimit or GOMEMLIMIT
// before the first such store opened) and is given back when the last
// one closes. While it manages the limit, each open or close sets it to
// heapLimitFor(the sum of the budgets of the stores open under one); if
// the application changes the limit meanwhile, its value is kept and the
// store stops managing it.
var memLimit struct {
	mu      sync.Mutex
	stores  int   // open stores with a budget
	budgets int64 // their budgets and allowances (heapAllowance), summed
	managed bool  // the limit is ours (set, and not changed since)
	set     int64 // the limit last set
}

// memLimitSlack is the heap allowed beside what the budgets count: the
// runtime, parsed queries and plans, and a query's working memory (which
// its own limit bounds).
const memLimitSlack = 32 << 20

// heapAllowance is what one store adds to the process's limit: its budget
// and Pebble's block cache and memtables. What the store counts stays
// within the budget (cached pages and queries' working memory share half
// of it, pagepool.go), so the budget itself leaves the collector room for
// what the estimates do not see (allocator size classes, pages evicted
// while a reader still holds them, short-lived copies); with half as much
// again on top, the heap grew to about twice what was live before the
// collector ran, as without a limit.
func heapAllowance(o *Options) int64 {
	return o.MemoryBudget + o.PebbleCacheSize + 2*int64(o.MemTableSize)
}

// heapLimitFor is the soft memory limit for budgets (the sum of
// heapAllowance over the open stores).
func heapLimitFor(budgets int64) int64 { return budgets + memLimitSlack }

// claimMemoryLimit registers an open store with a budget; the function
// it returns (to call once, at Close) unregisters it. It does nothing
// without a budget.
func claimMemoryLimit(o *Options) (release func()) {
	if o.MemoryBudget <= 0 {
		return func() {}
	}
	a := heapAllowance(o)
	memLimit.mu.Lock()
	defer memLimit.mu.Unlock()
	cur := debug.SetMemoryLimit(-1)
	switch {
	case memLimit.stores == 0:
		memLimit.managed = cur == math.MaxInt64
	case memLimit.managed && cur != memLimit.set:
		memLimit.managed = false // the application has set its own
	}
	memLimit.stores++
	memLimit.budgets += a
	if memLimit.managed {
		memLimit.set = heapLimitFor(memLimit.budgets)
		debug.SetMemoryLimit(memLimit.set)
	}
	var once sync.Once
	return func() { once.Do(func() { releaseMemoryLimit(a) }) }
}

func releaseMemoryLimit(a int64) {
	memLimit.mu.Lock()
	defer memLimit.mu.Unlock()
	memLimit.stores--
	memLimit.budgets -= a
	if !memLimit.managed {
		return
	}
	if debug.SetMemoryLimit(-1) != memLimit.set {
		memLimit.managed = false
		return
	}
	if memLimit.stores == 0 {
		debug.SetMemoryLimit(math.MaxInt64)
		memLimit.managed = false
		return
	}
	memLimit.set = heapLimitFor(memLimit.budgets)
	debug.SetMemoryLimit(memLimit.set)
}
