package storage

import "sync"

// pagePool bounds the pages a store holds decoded from its graphs' images:
// one limit, half the store's MemoryBudget, for the node and
// relationship caches of every graph together. Pages are evicted oldest
// first whichever cache holds them, so a query that reads only adjacency
// (node pages) may use all of it, and so may the one graph being read
// when there are several; with a limit per cache, each had a quarter of
// the budget whatever the others held. A nil pool, or one without a
// limit, evicts nothing.
type pagePool struct {
	limit int64

	mu   sync.Mutex
	ring []pooled // pages admitted, oldest first from head
	head int
	held int64 // bytes of the pages in ring[head:]
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

func newPagePool(budget int64) *pagePool { return &pagePool{limit: budget / 2} }

// admit records that c now caches page pi of size bytes and evicts the
// oldest pages while the pool holds more than its limit (keeping at least
// the page just admitted).
func (p *pagePool) admit(c pageEvicter, pi uint64, size int64) {
	if p == nil || p.limit <= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ring = append(p.ring, pooled{c, pi, size})
	p.held += size
	for p.held > p.limit && len(p.ring)-p.head > 1 {
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

// pages is the number of pages the pool holds.
func (p *pagePool) pages() int {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.ring) - p.head
}
