package storage

import (
	"math/rand/v2"
	"sync"
)

// pagePool bounds the pages a store holds decoded from its graphs' images,
// together with the working memory of the queries running on it: one
// limit, half the store's MemoryBudget, for the node and relationship
// caches of every graph and every query's tables and buffers (charged
// through Store.ChargeMemory). Pages are evicted at random whichever
// cache holds them (see evictOver), so a query that reads only adjacency (node pages)
// may use all of it, and so may the one graph being read when there are
// several; with a limit per cache, each had a quarter of the budget
// whatever the others held. A query's working memory cannot be evicted:
// while queries hold more, fewer pages stay cached (pages are decoded
// again from the image when read), so that what the store counts stays
// within its budget unless one query alone needs more (which the
// engine's per-query memory limit bounds). When the store's fixed
// structures leave less than half the budget, the pool keeps to what they
// leave (see room). A nil pool, or one without a limit, evicts nothing.
type pagePool struct {
	limit int64
	// fixed is the rest of the store's counted memory (its in-memory
	// structures), for the peak.
	fixed func() int64

	mu      sync.Mutex
	ring    []pooled // pages admitted, from head
	head    int
	held    int64 // bytes of the pages in ring[head:]
	charged int64 // bytes of queries' working memory
	peak    int64 // the highest fixed() + held + charged seen
}

// pooled is one cached page: its cache, index and estimated bytes.
type pooled struct {
	c    pageEvicter
	pi   uint64
	size int64
}

// pageEvicter is a cache whose pages a pool may evict.
type pageEvicter interface {
	// evict drops page pi (of size bytes) from the cache.
	evict(pi uint64, size int64)
}

func newPagePool(budget int64, fixed func() int64) *pagePool {
	return &pagePool{limit: budget / 2, fixed: fixed}
}

// admit records that c now caches page pi of size bytes and evicts pages
// while the pool holds more than its limit (keeping at least the page just
// admitted).
func (p *pagePool) admit(c pageEvicter, pi uint64, size int64) {
	if p == nil || p.limit <= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ring = append(p.ring, pooled{c, pi, size})
	p.held += size
	p.evictOver(1)
}

// charge adds n bytes (negative: gives them back) of a query's working
// memory and evicts pages while the pool holds more than its limit.
func (p *pagePool) charge(n int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.charged += n
	if p.limit > 0 && n > 0 {
		p.evictOver(0)
	}
	p.notePeak()
}

// evictOver evicts pages at random while pages and charges exceed the
// limit, keeping at least the keep newest pages; p.mu is held.
//
// Random, not oldest first: a query that reads more pages than fit reads
// them in the same order at every run (a scan, a frontier), and evicting
// the oldest then drops each page just before it is read again, so every
// read decoded its page anew; at random, a share of the pages about the
// pool's size over the pages read stays cached from one run to the next.
// (Under independent reads both keep the same share: neither looks at
// hits.)
func (p *pagePool) evictOver(keep int) {
	limit := p.room()
	for p.held+p.charged > limit && len(p.ring)-p.head > keep {
		if n := len(p.ring) - p.head - keep; n > 1 {
			j := p.head + rand.IntN(n)
			p.ring[p.head], p.ring[j] = p.ring[j], p.ring[p.head]
		}
		old := p.ring[p.head]
		p.ring[p.head] = pooled{} // the ring no longer keeps the cache alive
		p.head++
		old.c.evict(old.pi, old.size)
		p.held -= old.size
	}
	if p.head > len(p.ring)/2 && p.head > 1024 {
		n := copy(p.ring, p.ring[p.head:])
		clear(p.ring[n:])
		p.ring, p.head = p.ring[:n], 0
	}
	p.notePeak()
}

// room is the pool's limit now: half the budget, or what the store's fixed
// structures leave of the budget when that is less, so that what the
// store counts stays within its budget whenever the fixed part fits in it
// (at 20 M relationships under 256 MiB the fixed part is more than half).
// It never falls below a sixteenth of the budget, so that pages can still
// be read when the fixed part alone fills the budget. p.mu is held.
func (p *pagePool) room() int64 {
	if p.fixed == nil {
		return p.limit
	}
	if rest := 2*p.limit - p.fixed(); rest < p.limit {
		return max(rest, p.limit/8)
	}
	return p.limit
}

// notePeak updates the peak; p.mu is held.
func (p *pagePool) notePeak() {
	n := p.held + p.charged
	if p.fixed != nil {
		n += p.fixed()
	}
	p.peak = max(p.peak, n)
}

// bytes is the estimated memory of the pages the pool holds.
func (p *pagePool) bytes() int64 {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.held
}

// charges is the working memory charged by running queries.
func (p *pagePool) charges() int64 {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.charged
}

// peakBytes is the highest counted memory the pool saw (see peak).
func (p *pagePool) peakBytes() int64 {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.peak
}

// pages is the number of pages the pool holds.
func (p *pagePool) pages() int {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.ring) - p.head
}
