package storage

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"
)

// Set expansion: one breadth-first step over a whole node set, top-down
// (ExpandSet: read the frontier's adjacency) or bottom-up
// (ExpandSetExcept: read the adjacency of the nodes not yet visited, in the
// other direction, each stopping at its first neighbour in the frontier;
// Beamer, Asanović and Patterson, "Direction-optimizing breadth-first
// search", SC 2012).

// pageWalk visits the live nodes of a sorted node set page by page: it
// resolves a node page once for the run of ids that fall in it, instead of
// going through the page table (and the image's page cache) per node. It
// holds one page at a time, so that under a MemoryBudget the pool may evict
// the pages it has left behind.
type pageWalk struct {
	v   *version
	it  roaring.IntPeekable
	end uint64 // the walk stops before this id
	pi  uint64
	p   *nodePage
}

func (w *pageWalk) init(v *version, nodes *roaring.Bitmap) {
	w.v, w.it, w.end, w.pi, w.p = v, nodes.Iterator(), 1<<32, ^uint64(0), nil
}

// initRange is init for the nodes of the set in [lo, hi).
func (w *pageWalk) initRange(v *version, nodes *roaring.Bitmap, lo, hi uint64) {
	w.init(v, nodes)
	w.it.AdvanceIfNeeded(uint32(lo))
	w.end = hi
}

// next returns the next live node of the set, its page and its index in
// the page; ok is false at the end.
func (w *pageWalk) next() (id uint32, p *nodePage, i uint32, ok bool) {
	for w.it.HasNext() {
		if uint64(w.it.PeekNext()) >= w.end {
			break
		}
		id = w.it.Next()
		if pi := uint64(id >> nodePageBits); pi != w.pi {
			w.pi, w.p = pi, w.v.nodes.get(pi)
		}
		if i = id & (nodePageSize - 1); w.p != nil && w.p.isAlive(i) {
			return id, w.p, i, true
		}
	}
	return 0, nil, 0, false
}

// setDense sets the bits of nbrs (those up to maxID) in words: with many
// neighbours for the id range, one store per neighbour into a dense word
// array, converted once, beats merging sorted containers. A plain function
// rather than a closure, so the loop keeps words in registers instead of
// reloading a captured slice at every neighbour.
func setDense(words []uint64, nbrs []uint32, maxID uint32) {
	for _, n := range nbrs {
		if n <= maxID {
			words[n>>6] |= 1 << (n & 63)
		}
	}
}

// anyDense reports whether one of nbrs (those up to maxID) is set in words.
func anyDense(words []uint64, nbrs []uint32, maxID uint32) (bool, int) {
	for k, n := range nbrs {
		if n <= maxID && words[n>>6]&(1<<(n&63)) != 0 {
			return true, k + 1
		}
	}
	return false, len(nbrs)
}

// ExpandSet implements Reader.
//
// A first pass counts the frontier's relationships, stopping as soon as
// they number maxID/32 or more; the second gathers the neighbours either
// into a dense bit array (that many) or, below, as a roaring bitmap, so
// that neither form is converted into the other half-way. The counting
// pass reads only list records, which the second pass then finds cached.
//
// It keeps no list once it has read it: holding the lists until a later
// pass kept every page the frontier touched alive, so that under a
// MemoryBudget a frontier over most of the graph held all its decoded
// adjacency however many pages the pool evicted meanwhile.
func (v *version) ExpandSet(nodes *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap {
	out, _ := v.expandSet(nodes, dir, typ, nil)
	return out
}

// ExpandSetCharged implements Reader.
func (v *version) ExpandSetCharged(nodes, except *roaring.Bitmap, dir Direction, typ uint32, charge func(int64) error) (*roaring.Bitmap, error) {
	mem := &stepMemory{charge: charge}
	defer mem.release()
	if except == nil {
		return v.expandSet(nodes, dir, typ, mem)
	}
	return v.expandSetExcept(nodes, except, dir, typ, mem)
}

// stepMemory charges the transient buffers of one set-expansion step to a
// query's memory account (nil: none) and gives them back at its end.
type stepMemory struct {
	charge func(int64) error
	held   int64
}

// take charges n bytes before they are allocated; an error means they
// must not be.
func (m *stepMemory) take(n int64) error {
	if m == nil || m.charge == nil {
		return nil
	}
	m.held += n // charged even when refused: release gives them back
	return m.charge(n)
}

func (m *stepMemory) release() {
	if m != nil && m.charge != nil && m.held != 0 {
		_ = m.charge(-m.held)
		m.held = 0
	}
}

// listBitmap is l's neighbour bitmap; one it caches on a page of the
// image's page cache counts in the store's page pool beside the page, and
// is dropped when the pool evicts it (under a MemoryBudget).
func (v *version) listBitmap(l adjList) *roaring.Bitmap {
	b, fresh := l.cachedBitmap()
	if fresh && v.nodes.base != nil && v.nodes.base.pool != nil {
		v.nodes.base.pool.admit(bitmapSlot{l.bm}, 0, int64(b.GetSizeInBytes()))
	}
	return b
}

// denseBytes is the size of a dense bitset over ids up to maxID.
func denseBytes(maxID uint32) int64 { return 8 * (int64(maxID)/64 + 1) }

// expandSet is ExpandSet with its dense buffer charged to mem; after an
// error from mem the result is empty.
//
// The counting pass picks one of three forms for the neighbours: a
// roaring bitmap (few), a dense bit array (at least maxID/32), or one
// byte per node (at least maxID/markFactor). Setting a bit is a load, an
// OR and a store into a word that the next neighbour often shares (lists
// loaded in order are sorted by neighbour), so each waits for the one
// before; marking a byte is a
// store alone. The bytes cost a pass over the id range to pack them
// into words (clearing them for the next use), which the stores saved
// pay for once the neighbours number about half the range.
func (v *version) expandSet(nodes *roaring.Bitmap, dir Direction, typ uint32, mem *stepMemory) (*roaring.Bitmap, error) {
	if dir > Both || nodes == nil {
		return roaring.New(), nil
	}
	maxID := v.all.Maximum()
	bound := uint64(maxID) / 32
	if nodes.GetCardinality()*v.averageDegree(dir, typ)*countFirstFactor >= bound {
		markBound := uint64(maxID) / markFactor
		switch n := v.entriesUpTo(nodes, dir, typ, max(markBound, topDownParallelMin)); {
		case n >= markBound:
			words, err := v.gatherMarks(nodes, dir, typ, maxID, n, mem)
			if err != nil {
				return roaring.New(), err
			}
			return roaring.FromDense(words, false), nil
		case n >= bound:
			if err := mem.take(denseBytes(maxID)); err != nil {
				return roaring.New(), err
			}
			words := make([]uint64, maxID/64+1)
			v.eachList(nodes, dir, typ, func(ls adjLists, j int) bool {
				setDense(words, ls.nbrs(j), maxID)
				return true
			})
			return roaring.FromDense(words, false), nil
		}
	}
	out := roaring.New()
	var big []*roaring.Bitmap // lists of at least bitmapCacheMin entries
	v.eachList(nodes, dir, typ, func(ls adjLists, j int) bool {
		if ls.count(j) >= bitmapCacheMin {
			big = append(big, v.listBitmap(ls.at(j)))
		} else {
			out.AddMany(ls.nbrs(j))
		}
		return true
	})
	if len(big) > 0 {
		return roaring.FastOr(append(big, out)...), nil
	}
	return out, nil
}

// markFactor: a step whose relationships number at least maxID/markFactor
// gathers its neighbours as bytes (see expandSet). Measured in CPU time
// per query with bytes for every dense step: *1..3 from ego-Facebook's
// hub, whose second step reads 57,460 relationships over 4,039 ids, took
// 0.7 of the time with bits; two hops from Slashdot's node 0, 21,532
// relationships over 82,168 ids, took 1.4 times as long.
const markFactor = 2

// markBufs holds byte-per-node buffers for gatherMarks, each all zero.
var markBufs sync.Pool

// gatherMarks returns the dense bit array of the neighbours of nodes (n
// relationships or more), gathered one byte per node into pooled buffers
// (charged to mem while they are held) and packed into words.
//
// With topDownParallelMin relationships or more, a helper goroutine per
// processor shares the work: ranges of node ids go to whoever asks next,
// this goroutine included, each gathering into a buffer of its own, and
// the buffers are packed and ORed at the end.
func (v *version) gatherMarks(nodes *roaring.Bitmap, dir Direction, typ uint32, maxID uint32, n uint64, mem *stepMemory) ([]uint64, error) {
	size := uint64(maxID/64+1) * 64
	chunks := (size + topDownChunk - 1) / topDownChunk
	workers := uint64(1)
	if n >= topDownParallelMin {
		workers = max(1, min(uint64(runtime.GOMAXPROCS(0)), chunks))
	}
	if err := mem.take(int64(workers*size) + denseBytes(maxID)); err != nil {
		return nil, err
	}
	bufs := make([][]byte, workers)
	for i := range bufs {
		if b, ok := markBufs.Get().(*[]byte); ok && uint64(len(*b)) >= size {
			bufs[i] = (*b)[:size]
		} else {
			bufs[i] = make([]byte, size)
		}
	}
	if workers == 1 {
		v.eachList(nodes, dir, typ, func(ls adjLists, j int) bool {
			setMarks(bufs[0], ls.nbrs(j), maxID)
			return true
		})
	} else {
		var next atomic.Uint64
		work := func(marks []byte) {
			for {
				lo := (next.Add(1) - 1) * topDownChunk
				if lo >= size {
					return
				}
				v.eachListIn(nodes, lo, lo+topDownChunk, dir, typ, func(ls adjLists, j int) bool {
					setMarks(marks, ls.nbrs(j), maxID)
					return true
				})
			}
		}
		var wg sync.WaitGroup
		for _, marks := range bufs[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work(marks)
			}()
		}
		work(bufs[0])
		wg.Wait()
	}
	words := make([]uint64, size/64)
	for _, marks := range bufs {
		packMarks(words, marks)
		markBufs.Put(&marks)
	}
	return words, nil
}

// topDownParallelMin: a top-down step gathered as bytes shares its work
// between goroutines from this many relationships on.
const topDownParallelMin = 32768

// topDownChunk is the number of node ids whose lists a top-down helper
// takes at a time.
const topDownChunk = 4096

// setMarks sets the byte of each of nbrs (those up to maxID) to 1. Lists
// name live nodes only, so the bound drops none; it keeps a stale id from
// indexing past the buffer.
func setMarks(marks []byte, nbrs []uint32, maxID uint32) {
	for _, n := range nbrs {
		if n <= maxID {
			marks[n] = 1
		}
	}
}

// packMarks packs marks (bytes 0 or 1, 64 per word of words), ORing them
// into words, and clears them. Multiplying eight such bytes, read as one little-endian
// word, by 0x0102040810204080 puts byte k's bit at position 56+k: byte k
// is bit 8k, and the multiplier's bits are 7(j+1) for j = 0..7, so the
// products land at 8k+7(j+1), distinct for distinct (j, k) (no carries),
// and exactly one of them, j = 7-k, in the top byte.
func packMarks(words []uint64, marks []byte) {
	for i := range words {
		m := marks[i*64 : i*64+64 : i*64+64]
		var w uint64
		for k := 0; k < 64; k += 8 {
			x := binary.LittleEndian.Uint64(m[k:])
			w |= (x * 0x0102040810204080 >> 56) << k
		}
		words[i] |= w
		clear(m)
	}
}

// countFirstFactor: a frontier whose relationships at the mean degree
// fall below 1/countFirstFactor of the dense bound is gathered as a
// roaring bitmap without the counting pass, which on small frontiers
// (most steps of a *1..3 from an ordinary node) would read every list
// record twice. A hub in such a frontier still gathers correctly, as
// the OR of its cached neighbour bitmap.
const countFirstFactor = 16

// eachList calls f with every list of type typ (or AnyType) in dir of the
// live nodes of nodes, as list j of a node's lists, until f returns
// false; it reports whether it went through them all.
func (v *version) eachList(nodes *roaring.Bitmap, dir Direction, typ uint32, f func(ls adjLists, j int) bool) bool {
	var w pageWalk
	w.init(v, nodes)
	return v.walkLists(&w, dir, typ, f)
}

// eachListIn is eachList over the nodes of nodes in [lo, hi).
func (v *version) eachListIn(nodes *roaring.Bitmap, lo, hi uint64, dir Direction, typ uint32, f func(ls adjLists, j int) bool) bool {
	var w pageWalk
	w.initRange(v, nodes, lo, hi)
	return v.walkLists(&w, dir, typ, f)
}

func (v *version) walkLists(w *pageWalk, dir Direction, typ uint32, f func(ls adjLists, j int) bool) bool {
	for {
		_, p, i, ok := w.next()
		if !ok {
			return true
		}
		for d := Out; d <= In; d++ {
			if dir != Both && dir != d {
				continue
			}
			ls := p.lists(i, d)
			for j := range ls.len() {
				if (typ == AnyType || ls.typ(j) == typ) && !f(ls, j) {
					return false
				}
			}
		}
	}
}

// entriesUpTo counts the entries of the lists eachList visits, reading no
// further than it needs to tell whether they reach limit: the count is
// exact below limit and at least limit otherwise.
func (v *version) entriesUpTo(nodes *roaring.Bitmap, dir Direction, typ uint32, limit uint64) uint64 {
	var total uint64
	v.eachList(nodes, dir, typ, func(ls adjLists, j int) bool {
		total += uint64(ls.count(j))
		return total < limit
	})
	return total
}

// A page's nodes are whole words of a dense node set (expandBottomUp).
var _ [nodePageSize % 64]struct{} = [0]struct{}{}

// bottomUpHalves bounds the bottom-up step: it is tried only while the
// nodes outside the visited set number fewer than bottomUpHalves/2 times
// the frontier. Beamer's rule compares relationship counts (alpha 14);
// here a node's lists cost a page read and a few dependent loads whether
// or not its relationships are then scanned, so the nodes each step reads
// decide. Measured in CPU time on 39 steps (depths 2 and 3 from 20 start
// nodes of Slashdot and ego-Facebook, hubs, node 0 and typical nodes),
// bottom-up was faster in all 7 steps with a ratio up to 2.33 (0.35 to
// 0.89 of top-down) and slower in all 32 from 2.86 on.
const bottomUpHalves = 5

// ExpandSetExcept implements Reader.
//
// The bottom-up step reads a list per unvisited node and scans it only up
// to its first neighbour in the frontier, so it wins when the frontier is
// a large part of the graph and most unvisited nodes are next to it. It
// gives up, for the top-down step, once it has scanned twice the
// relationships the frontier is expected to have (its size times the
// average degree), which bounds what a wrong guess costs.
func (v *version) ExpandSetExcept(nodes, except *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap {
	out, _ := v.expandSetExcept(nodes, except, dir, typ, nil)
	return out
}

// expandSetExcept is ExpandSetExcept with its dense buffers charged to
// mem; after an error from mem the result is empty.
func (v *version) expandSetExcept(nodes, except *roaring.Bitmap, dir Direction, typ uint32, mem *stepMemory) (*roaring.Bitmap, error) {
	if dir > Both || nodes == nil || nodes.IsEmpty() {
		return roaring.New(), nil
	}
	if except == nil || except.IsEmpty() {
		return v.expandSet(nodes, dir, typ, mem)
	}
	// all - |except| bounds the nodes outside except from below without
	// intersecting the two sets, which small steps on a large graph would
	// pay for at every level.
	front, all, ex := nodes.GetCardinality(), v.all.GetCardinality(), except.GetCardinality()
	if ex >= all || 2*(all-ex) < bottomUpHalves*front {
		if rest := all - v.all.AndCardinality(except); 2*rest < bottomUpHalves*front {
			out, ok, err := v.expandBottomUp(nodes, except, dir, typ, 2*front*v.averageDegree(dir, typ)+1, mem)
			if err != nil {
				return roaring.New(), err
			}
			if ok {
				return out, nil
			}
		}
	}
	out, err := v.expandSet(nodes, dir, typ, mem)
	out.AndNot(except)
	return out, err
}

// averageDegree is the mean number of relationships of typ (or AnyType) a
// node has in dir, rounded up.
func (v *version) averageDegree(dir Direction, typ uint32) uint64 {
	rels := v.relCount
	if typ != AnyType {
		rels = uint64(max(v.stats.relsPerType.get(typ), 0))
	}
	if dir == Both {
		rels *= 2
	}
	n := max(v.all.GetCardinality(), 1)
	return (rels + n - 1) / n
}

// expandBottomUp returns the nodes outside except with a neighbour in nodes
// against dir, scanning at most budget relationships (ok false when the
// budget runs out first). Its three dense bitsets (frontier, visited,
// found) are charged to mem first.
//
// It walks the node pages in order and takes a page's candidates as one
// word, its live nodes without except's (nodePageSize is a multiple of 64,
// so a page's nodes are whole words of a dense set): no iterator over the
// set of unvisited nodes, and no page without a candidate is read.
func (v *version) expandBottomUp(nodes, except *roaring.Bitmap, dir Direction, typ uint32, budget uint64, mem *stepMemory) (*roaring.Bitmap, bool, error) {
	maxID := v.all.Maximum()
	size := uint64(maxID)/64 + 1
	fsize, ssize := max(size, nodes.DenseSize()), max(size, except.DenseSize())
	if err := mem.take(8 * int64(fsize+ssize+size)); err != nil {
		return nil, false, err
	}
	b := bottomUp{v: v, typ: typ, maxID: maxID, budget: budget}
	b.front = make([]uint64, fsize)
	nodes.WriteDenseTo(b.front)
	b.seen = make([]uint64, ssize)
	except.WriteDenseTo(b.seen)
	b.found = make([]uint64, size)
	b.rev = [2]bool{dir == In || dir == Both, dir == Out || dir == Both}
	b.first = In
	if b.rev[Out] {
		b.first = Out
	}
	pages := (size + pageWords - 1) / pageWords
	helpers := min(uint64(runtime.GOMAXPROCS(0)), pages/bottomUpChunk)
	if ex := except.GetCardinality(); helpers < 2 || ex+parallelMin > size*64 {
		b.pages(0, pages)
	} else {
		// Chunks of pages go to whoever asks next, this goroutine
		// included: a helper that starts late (on a busy machine, as
		// late as when this goroutine waits for it) takes fewer, and
		// none of the work waits for a helper beyond the chunk it holds.
		var next atomic.Uint64
		work := func() {
			for {
				c := next.Add(1) - 1
				if c*bottomUpChunk >= pages || b.over.Load() {
					return
				}
				b.pages(c*bottomUpChunk, min((c+1)*bottomUpChunk, pages))
			}
		}
		var wg sync.WaitGroup
		for range helpers - 1 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work()
			}()
		}
		work()
		wg.Wait()
	}
	if b.over.Load() {
		return nil, false, nil
	}
	return roaring.FromDense(b.found, false), true, nil
}

// parallelMin: a bottom-up step over fewer unvisited nodes than this runs
// on one goroutine, whose steps are too short to repay starting and
// waking a helper.
const parallelMin = 8192

// bottomUpChunk is the number of node pages a bottom-up helper takes at a
// time.
const bottomUpChunk = 16

// pageWords is the number of words of a dense node set a node page spans.
const pageWords = nodePageSize / 64

// bottomUp is the state of one bottom-up step (expandBottomUp), shared by
// the goroutines that run it over disjoint ranges of node pages: each
// writes only the words of found for its pages.
type bottomUp struct {
	v                  *version
	typ, maxID         uint32
	front, seen, found []uint64
	rev                [2]bool   // read Out lists, In lists
	first              Direction // the direction probed first
	budget             uint64
	scanned            atomic.Uint64
	over               atomic.Bool // scanned passed budget: the step gives up
}

// pages runs the step over node pages [lo, hi), adding what it scanned to
// b.scanned page by page and stopping once that passes the budget.
func (b *bottomUp) pages(lo, hi uint64) {
	front, seen, found, typ, maxID := b.front, b.seen, b.found, b.typ, b.maxID
	size := uint64(len(found))
	for pi := lo; pi < hi; pi++ {
		w0 := pi * pageWords
		var p *nodePage
		var scanned uint64
		for k := range uint64(pageWords) {
			if w0+k >= size {
				break
			}
			cand := ^seen[w0+k]
			if cand == 0 {
				continue
			}
			if p == nil {
				if p = b.v.nodes.get(pi); p == nil {
					break
				}
			}
			cand &= p.alive[k]
			// Most candidates next to a large frontier have a first
			// neighbour in it: probe every candidate's first entry
			// without a branch on the outcome, so that the loads of
			// several candidates' lists overlap, then scan the rest.
			a := &p.adj[b.first]
			var nbrs []uint32 // a's neighbours, fetched (decoded) at the first probe
			hit := uint64(0)
			for c := cand; c != 0; c &= c - 1 {
				bit := uint32(bits.TrailingZeros64(c))
				i := uint32(k)*64 + bit
				if lo := a.at[i]; lo < a.at[i+1] {
					if r := a.lists[lo]; typ == AnyType || r.typ == typ {
						if nbrs == nil {
							nbrs = a.all()
						}
						n := nbrs[r.off]
						if x := uint64(n >> 6); x < uint64(len(front)) {
							hit |= (front[x] >> (n & 63) & 1) << bit
						}
						scanned++
					}
				}
			}
			for cand &^= hit; cand != 0; cand &= cand - 1 {
				bit := uint32(bits.TrailingZeros64(cand))
				i := uint32(k)*64 + bit
			lists:
				for d := Out; d <= In; d++ {
					if !b.rev[d] {
						continue
					}
					ls := p.lists(i, d)
					for j := range ls.len() {
						if typ != AnyType && ls.typ(j) != typ {
							continue
						}
						ok, n := anyDense(front, ls.nbrs(j), maxID)
						scanned += uint64(n)
						if ok {
							hit |= 1 << bit
							break lists
						}
					}
				}
			}
			found[w0+k] = hit
		}
		if b.scanned.Add(scanned) > b.budget {
			b.over.Store(true)
			return
		}
	}
}
