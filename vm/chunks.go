package vm

import "unsafe"

// chunkShift sets the length of a grown table's chunks (8,192 entries).
const chunkShift = 13

// chunkLen is the number of entries a full chunk holds.
const chunkLen = 1 << chunkShift

// firstChunkMin is the capacity of a new table's first chunk.
const firstChunkMin = 4

// presizeAt is the length at which a first chunk grows straight to the
// size hint (the planner's estimate) instead of doubling: small tables
// never pay for a wrong estimate.
const presizeAt = 1024

// chunked is a growable array kept in chunks of chunkLen entries: growing
// adds a chunk and never copies what is stored, and an entry's address
// stays put. Only the first chunk grows in place, by doubling from
// firstChunkMin (or straight to a size hint) up to chunkLen, so a table of
// a few entries pays for a few and an entry is copied at most while the
// table is smaller than one chunk.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

// len returns the number of entries.
func (c *chunked[T]) len() int { return c.n }

// at returns the address of entry i (0 <= i < len).
func (c *chunked[T]) at(i int) *T { return &c.chunks[i>>chunkShift][i&(chunkLen-1)] }

// push appends v and returns the bytes it allocated for it (0 when the
// last chunk had room). hint, the expected number of entries, sets the
// capacity the first chunk grows to once it holds presizeAt entries (capped
// at chunkLen: an over-estimate costs at most one chunk).
func (c *chunked[T]) push(v T, hint int) int64 {
	var alloc int
	ci := c.n >> chunkShift
	switch {
	case ci == len(c.chunks):
		size := chunkLen
		if ci == 0 {
			size = firstChunkMin
		}
		c.chunks = append(c.chunks, make([]T, 0, size))
		alloc = size
	case len(c.chunks[ci]) == cap(c.chunks[ci]):
		// Only the first chunk is ever below chunkLen.
		old := c.chunks[ci]
		size := 2 * cap(old)
		if len(old) >= presizeAt && hint > size {
			size = hint
		}
		size = min(size, chunkLen)
		grown := make([]T, len(old), size)
		copy(grown, old)
		c.chunks[ci] = grown
		alloc = size - cap(old)
	}
	c.chunks[ci] = append(c.chunks[ci], v)
	c.n++
	var zero T
	return int64(alloc) * int64(unsafe.Sizeof(zero))
}

// bytes returns the bytes the chunks' entries take.
func (c *chunked[T]) bytes() int64 {
	var n int
	for _, ch := range c.chunks {
		n += cap(ch)
	}
	var zero T
	return int64(n) * int64(unsafe.Sizeof(zero))
}

// pagedShift sets the length of a paged array's pages (1,024 entries).
const pagedShift = 10

// pagedLen is the number of entries of one page.
const pagedLen = 1 << pagedShift

// paged is a sparse array of int32 indexed by a non-negative integer, kept
// in pages of pagedLen entries allocated when an index in them is first
// set: growing never copies entries (only the page directory, a pointer
// per page), and ranges no index falls in take no page.
type paged struct {
	pages [][]int32
}

// get returns entry k, 0 when it was never set.
func (p *paged) get(k int64) int32 {
	if i := k >> pagedShift; uint64(i) < uint64(len(p.pages)) {
		if pg := p.pages[i]; pg != nil {
			return pg[k&(pagedLen-1)]
		}
	}
	return 0
}

// set stores d at k (k >= 0) and returns the bytes it allocated: a new
// page, and the directory when it grows.
func (p *paged) set(k int64, d int32) int64 {
	var alloc int64
	i := int(k >> pagedShift)
	if i >= len(p.pages) {
		n := max(i+1, 2*len(p.pages), 4)
		dir := make([][]int32, n)
		copy(dir, p.pages)
		alloc += int64(24 * (n - len(p.pages)))
		p.pages = dir
	}
	if p.pages[i] == nil {
		p.pages[i] = make([]int32, pagedLen)
		alloc += 4 * pagedLen
	}
	p.pages[i][k&(pagedLen-1)] = d
	return alloc
}
