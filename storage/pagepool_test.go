package storage

import "testing"

// TestPagePoolShared: caches sharing a pool are bounded together, evicted
// across caches, and one cache may use the whole limit.
func TestPagePoolShared(t *testing.T) {
	pool := newPagePool(2*1000, nil) // limit 1000 bytes
	loads := map[string]int{}
	mk := func(name string, size int64) *pageCache[int] {
		return newPageCache(100, func(pi uint64) *int {
			loads[name]++
			v := int(pi)
			return &v
		}, func(*int) int64 { return size }, pool)
	}
	a, b := mk("a", 100), mk("b", 300)
	for pi := uint64(0); pi < 10; pi++ {
		if p := a.get(pi); p == nil || *p != int(pi) {
			t.Fatalf("a page %d = %v", pi, p)
		}
	}
	// a alone uses the whole limit: its ten pages stay.
	if a.held.Load() != 1000 || pool.bytes() != 1000 || loads["a"] != 10 {
		t.Fatalf("a holds %d, pool %d, loads %d", a.held.Load(), pool.bytes(), loads["a"])
	}
	a.get(0)
	if loads["a"] != 10 {
		t.Fatal("a hit reloaded a page")
	}
	// b's page evicts three of a's.
	b.get(5)
	if a.held.Load() != 700 || b.held.Load() != 300 || pool.bytes() != 1000 || cachedPages(a) != 7 {
		t.Fatalf("after b: a %d (%d pages), b %d, pool %d", a.held.Load(), cachedPages(a), b.held.Load(), pool.bytes())
	}
	// Pages of the other cache go too, and a page larger
	// than the limit is still kept (alone).
	big := mk("big", 5000)
	big.get(1)
	if pool.pages() != 1 || pool.bytes() != 5000 || a.held.Load() != 0 || b.held.Load() != 0 {
		t.Fatalf("after a big page: %d pages, %d bytes, a %d, b %d", pool.pages(), pool.bytes(), a.held.Load(), b.held.Load())
	}
	if p := a.get(3); p == nil || *p != 3 || loads["a"] != 11 {
		t.Fatalf("evicted page reloaded: %v, %d loads", p, loads["a"])
	}
	// Without a limit nothing is evicted.
	free := newPageCache(100, func(pi uint64) *int { v := int(pi); return &v }, func(*int) int64 { return 1 << 30 }, newPagePool(0, nil))
	for pi := uint64(0); pi < 100; pi++ {
		free.get(pi)
	}
	if free.held.Load() != 100<<30 {
		t.Fatalf("unbounded cache holds %d", free.held.Load())
	}
}

// TestPagePoolCharges: queries' working memory shares the limit with the
// pages: a charge evicts pages to make room (all of them if
// need be, never the charge), pages admitted while it is held are
// bounded by what is left, and the peak counts both.
func TestPagePoolCharges(t *testing.T) {
	fixed := int64(50)
	pool := newPagePool(2*1000, func() int64 { return fixed })
	c := newPageCache(100, func(pi uint64) *int { v := int(pi); return &v }, func(*int) int64 { return 100 }, pool)
	for pi := uint64(0); pi < 10; pi++ {
		c.get(pi)
	}
	if pool.bytes() != 1000 || pool.peakBytes() != 1050 {
		t.Fatalf("pages %d, peak %d", pool.bytes(), pool.peakBytes())
	}
	pool.charge(250)
	if pool.bytes() != 700 || c.held.Load() != 700 || pool.charges() != 250 {
		t.Fatalf("after a charge of 250: pages %d, cache %d, charged %d", pool.bytes(), c.held.Load(), pool.charges())
	}
	if n := cachedPages(c); n != 7 {
		t.Fatalf("%d pages cached, want 7", n)
	}
	// Pages read meanwhile stay within what the charge leaves.
	for pi := uint64(20); pi < 30; pi++ {
		c.get(pi)
	}
	if pool.bytes() != 700 || pool.peakBytes() != 1050 {
		t.Fatalf("pages %d, peak %d while charged", pool.bytes(), pool.peakBytes())
	}
	// A charge over the limit evicts every page but is kept.
	pool.charge(2000)
	if pool.pages() != 0 || pool.bytes() != 0 || c.held.Load() != 0 || pool.charges() != 2250 || pool.peakBytes() != 2300 {
		t.Fatalf("over the limit: %d pages, %d bytes, charged %d, peak %d", pool.pages(), pool.bytes(), pool.charges(), pool.peakBytes())
	}
	pool.charge(-2250)
	for pi := uint64(0); pi < 10; pi++ {
		c.get(pi)
	}
	if pool.bytes() != 1000 || pool.charges() != 0 {
		t.Fatalf("after the charges ended: pages %d, charged %d", pool.bytes(), pool.charges())
	}
	// Without a limit charges are counted and evict nothing.
	free := newPagePool(0, nil)
	free.charge(10)
	if free.charges() != 10 {
		t.Fatal("charge without a limit not counted")
	}
}

// TestPagePoolFixedRoom: when the store's fixed structures leave less than
// half the budget, pages and charges keep to what they leave, so the
// counted total stays within the budget; when the fixed part alone fills
// the budget, a sixteenth of it is still left for pages.
func TestPagePoolFixedRoom(t *testing.T) {
	fixed := int64(0)
	pool := newPagePool(2*1000, func() int64 { return fixed }) // budget 2000
	c := newPageCache(100, func(pi uint64) *int { v := int(pi); return &v }, func(*int) int64 { return 100 }, pool)
	read := func() {
		for pi := uint64(0); pi < 20; pi++ {
			c.get(pi)
		}
	}
	for _, tc := range []struct{ fixed, pages int64 }{
		{0, 1000},    // half the budget
		{1000, 1000}, // exactly half left
		{1600, 400},  // what the fixed part leaves
		{1950, 100},  // a sixteenth of the budget (125), in whole pages
		{5000, 100},
		{200, 1000},
	} {
		fixed = tc.fixed
		read()
		if pool.bytes() != tc.pages {
			t.Fatalf("fixed %d: pages hold %d bytes, want %d", tc.fixed, pool.bytes(), tc.pages)
		}
		if tc.fixed+pool.bytes() > 2000 && tc.fixed <= 2000-125 {
			t.Fatalf("fixed %d: counted %d over the budget", tc.fixed, tc.fixed+pool.bytes())
		}
	}
	fixed = 1700
	pool.charge(250)
	if pool.bytes() != 0 || pool.charges() != 250 {
		t.Fatalf("a charge over what the fixed part leaves: pages %d, charged %d", pool.bytes(), pool.charges())
	}
}

// cachedPages counts the pages c holds.
func cachedPages[P any](c *pageCache[P]) int {
	n := 0
	for k := range c.slots {
		if c.slots[k].Load() != nil {
			n++
		}
	}
	return n
}

// TestPagePoolLoop: reading the same pages in the same order again and
// again, more of them than the pool holds (a scan or a frontier run over
// and over), keeps most reads cached: evicting the oldest page dropped each
// page just before it was read again, so every read decoded its page.
func TestPagePoolLoop(t *testing.T) {
	pool := newPagePool(2*1000, nil) // ten pages of 100 bytes
	loads := 0
	c := newPageCache(100, func(pi uint64) *int { loads++; v := int(pi); return &v }, func(*int) int64 { return 100 }, pool)
	const pages, runs = 12, 200
	for r := 0; r < runs; r++ {
		for pi := uint64(0); pi < pages; pi++ {
			if p := c.get(pi); p == nil || *p != int(pi) {
				t.Fatalf("page %d = %v", pi, p)
			}
		}
	}
	if pool.bytes() != 1000 {
		t.Fatalf("pool holds %d bytes", pool.bytes())
	}
	// Oldest first: 2,400 loads. At random about half the reads hit.
	if reads := pages * runs; loads > reads*2/3 {
		t.Fatalf("%d of %d reads decoded their page", loads, reads)
	}
	t.Logf("%d of %d reads decoded their page", loads, pages*runs)
}
