package storage

import (
	"iter"
	"sort"
	"sync/atomic"
	"unsafe"

	"github.com/RoaringBitmap/roaring/v2"
)

// This file holds the decoded adjacency of a node page. Each page keeps, per
// direction, one adjDir: a flat array of list records (type, offset,
// length) and one array each of relationship ids and neighbours, with no
// per-list slice headers and no per-list pointers. A node's lists are a
// range of records, sorted by type. Reading a list is two slice
// expressions; the GC sees a handful of pointers per page instead of one
// per list.

// listRec is one (node, direction, type) list of an adjDir: entries
// rels/nbrs[off:off+n], sorted by relationship id. Positions
// [off+n, off+cap) are reserved for the list's appends.
type listRec struct {
	typ, off, n, cap uint32
}

// adjDir is a node page's adjacency in one direction. The lists of node i
// are lists[at[i]:at[i+1]].
//
// Versions share the entry arrays: a writer owns the records (own copies
// them once per transaction) but writes entries only past every record's
// length, in a list's reserved capacity or at the arrays' end, which no
// older version reads (appends in Go's sense). A list that cannot grow in
// place moves to the end with room to double.
type adjDir struct {
	at    [nodePageSize + 1]uint32
	lists []listRec
	rels  relIDs
	nbrs  []uint32
	// packed, when not nil, holds the relationship ids compressed
	// (relids_packed.go) and rels is empty: readers decode them on first
	// use (ids), writers first (unpack).
	packed *packedIDs
	// pn, when not nil, holds the neighbours compressed
	// (nodeblock_packed.go) and nbrs is empty: readers decode them on
	// first use (all), writers first (unpack).
	pn *packedNbrs
	// bms caches the neighbour bitmap of lists of at least bitmapCacheMin
	// entries, by record index; nil when the page has none.
	bms []atomic.Pointer[roaring.Bitmap]
}

// adjList is one list as read: a view into its page, valid as long as the
// page.
type adjList struct {
	typ  uint32
	nbrs []uint32
	bm   *atomic.Pointer[roaring.Bitmap] // nil: not cached
	// ids are the relationship ids, or, when pk is not nil, the list's
	// ids are pk's from off (decoded when read: rels).
	ids relIDs
	pk  *packedIDs
	off uint32
}

// rels returns the list's relationship ids, decoding its direction's ids
// when they are kept compressed and not read yet.
func (a adjList) rels() relIDs {
	if a.pk != nil {
		return a.pk.ids().slice(int(a.off), int(a.off)+len(a.nbrs))
	}
	return a.ids
}

// bitmap returns the list's neighbours as a bitmap, cached on the page for
// long lists. The caller must not modify it.
func (a adjList) bitmap() *roaring.Bitmap {
	b, _ := a.cachedBitmap()
	return b
}

// cachedBitmap is bitmap; fresh reports that this call cached it.
func (a adjList) cachedBitmap() (b *roaring.Bitmap, fresh bool) {
	if a.bm != nil {
		if b := a.bm.Load(); b != nil {
			return b, false
		}
	}
	b = roaring.New()
	b.AddMany(a.nbrs)
	if a.bm != nil {
		if !a.bm.CompareAndSwap(nil, b) {
			if c := a.bm.Load(); c != nil {
				return c, false
			}
			return b, false
		}
		return b, true
	}
	return b, false
}

// bitmapSlot is a list's cached neighbour bitmap as a page pool entry
// (pagepool.go): evicting it drops the bitmap from the page, which builds
// it again when next asked.
type bitmapSlot struct {
	p *atomic.Pointer[roaring.Bitmap]
}

func (s bitmapSlot) evict(uint64, int64) { s.p.Store(nil) }

// adjLists is the lists of one node in one direction, sorted by type.
type adjLists struct {
	d      *adjDir
	lo, hi uint32
}

func (ls adjLists) len() int { return int(ls.hi - ls.lo) }

// at returns list j (0 <= j < len).
func (ls adjLists) at(j int) adjList {
	k := ls.lo + uint32(j)
	r := ls.d.lists[k]
	e := r.off + r.n
	l := adjList{typ: r.typ, nbrs: ls.d.all()[r.off:e:e]}
	if ls.d.packed != nil {
		l.pk, l.off = ls.d.packed, r.off
	} else {
		l.ids = ls.d.rels.slice(int(r.off), int(e))
	}
	if ls.d.bms != nil && r.n >= bitmapCacheMin {
		l.bm = &ls.d.bms[k]
	}
	return l
}

// typ returns list j's relationship type without building the list.
func (ls adjLists) typ(j int) uint32 { return ls.d.lists[ls.lo+uint32(j)].typ }

// count returns list j's number of entries without building the list.
func (ls adjLists) count(j int) int { return int(ls.d.lists[ls.lo+uint32(j)].n) }

// nbrs returns list j's neighbours without building the list.
func (ls adjLists) nbrs(j int) []uint32 {
	r := ls.d.lists[ls.lo+uint32(j)]
	e := r.off + r.n
	return ls.d.all()[r.off:e:e]
}

// all yields the lists in type order.
func (ls adjLists) all() iter.Seq2[int, adjList] {
	return func(yield func(int, adjList) bool) {
		for j := range ls.len() {
			if !yield(j, ls.at(j)) {
				return
			}
		}
	}
}

// find returns the list of type typ.
func (ls adjLists) find(typ uint32) (adjList, bool) {
	if ls.d == nil {
		return adjList{}, false
	}
	j := ls.search(typ)
	if j < ls.len() && ls.d.lists[ls.lo+uint32(j)].typ == typ {
		return ls.at(j), true
	}
	return adjList{}, false
}

// search returns the index of the first list of type >= typ: a linear
// scan over the few lists most nodes have, a binary search over more.
func (ls adjLists) search(typ uint32) int {
	recs := ls.d.lists[ls.lo:ls.hi]
	if len(recs) <= 8 {
		for j := range recs {
			if recs[j].typ >= typ {
				return j
			}
		}
		return len(recs)
	}
	return sort.Search(len(recs), func(j int) bool { return recs[j].typ >= typ })
}

// entries is the number of entries of all the lists.
func (ls adjLists) entries() int {
	n := 0
	if ls.d != nil {
		for _, r := range ls.d.lists[ls.lo:ls.hi] {
			n += int(r.n)
		}
	}
	return n
}

// recs returns the records of ls, lists of d.
func (d *adjDir) recs(ls adjLists) []listRec {
	if d == nil {
		return nil
	}
	return d.lists[ls.lo:ls.hi]
}

// node returns node i's lists.
func (d *adjDir) node(i uint32) adjLists {
	return adjLists{d: d, lo: d.at[i], hi: d.at[i+1]}
}

// empty reports whether node i has no list.
func (d *adjDir) empty(i uint32) bool { return d.at[i] == d.at[i+1] }

// bytes is the memory the direction holds beyond its header.
func (d *adjDir) bytes() int64 {
	ids := d.rels.bytes()
	if d.packed != nil {
		ids = d.packed.bytes()
	}
	nbrs := int64(cap(d.nbrs)) * 4
	if d.pn != nil {
		nbrs = d.pn.bytes()
	}
	return int64(cap(d.lists))*int64(unsafe.Sizeof(listRec{})) + ids + nbrs + int64(cap(d.bms))*int64(unsafe.Sizeof(atomic.Pointer[roaring.Bitmap]{}))
}

// cacheBitmaps gives the direction its bitmap slots when a list is long
// enough to keep one.
func (d *adjDir) cacheBitmaps() {
	d.bms = nil
	for _, r := range d.lists {
		if r.n >= bitmapCacheMin {
			d.bms = make([]atomic.Pointer[roaring.Bitmap], len(d.lists))
			return
		}
	}
}

// ---- building ----

// adjBuilder fills an adjDir node by node, in ascending node order and,
// per node, ascending type.
type adjBuilder struct {
	d       *adjDir
	next    uint32 // at[next...] not yet set
	scratch bool   // a page only written out: no bitmap slots
}

// newAdjBuilder starts d afresh with room for lists records and entries
// entries.
func newAdjBuilder(d *adjDir, lists, entries int) adjBuilder {
	*d = adjDir{}
	if lists > 0 {
		d.lists = make([]listRec, 0, lists)
		d.rels, d.nbrs = relIDs{narrow: make([]uint32, 0, entries)}, make([]uint32, 0, entries)
	}
	return adjBuilder{d: d}
}

// node starts node i's lists.
func (b *adjBuilder) node(i uint32) {
	for ; b.next <= i; b.next++ {
		b.d.at[b.next] = uint32(len(b.d.lists))
	}
}

// grow adds a list of type typ with n entries to the current node and
// returns the offset of its entries, to fill with setEntry.
func (b *adjBuilder) grow(typ uint32, n int) int {
	d := b.d
	off := len(d.nbrs)
	d.lists = append(d.lists, listRec{typ: typ, off: uint32(off), n: uint32(n), cap: uint32(n)})
	d.rels.grow(n)
	d.nbrs = append(d.nbrs, make([]uint32, n)...)
	return off
}

// setEntry sets entry k of the direction.
func (b *adjBuilder) setEntry(k int, rel uint64, nbr uint32) {
	b.d.rels.set(k, rel)
	b.d.nbrs[k] = nbr
}

// list adds a copy of a list to the current node (nothing when empty).
func (b *adjBuilder) list(typ uint32, rels relIDs, nbrs []uint32) {
	n := rels.len()
	if n == 0 {
		return
	}
	d := b.d
	d.lists = append(d.lists, listRec{typ: typ, off: uint32(len(d.nbrs)), n: uint32(n), cap: uint32(n)})
	d.rels.addFrom(rels, 0, n)
	d.nbrs = append(d.nbrs, nbrs...)
}

// list64 is list for 64-bit ids.
func (b *adjBuilder) list64(typ uint32, rels []uint64, nbrs []uint32) {
	if len(rels) == 0 {
		return
	}
	d := b.d
	d.lists = append(d.lists, listRec{typ: typ, off: uint32(len(d.nbrs)), n: uint32(len(rels)), cap: uint32(len(rels))})
	d.rels.add(rels...)
	d.nbrs = append(d.nbrs, nbrs...)
}

// finish closes the direction: full-length slices, capacity = length (so
// that a writer's appends copy), bitmap slots where needed.
func (b *adjBuilder) finish() {
	b.node(nodePageSize)
	d := b.d
	if len(d.lists) == 0 {
		*d = adjDir{}
		return
	}
	d.lists = d.lists[:len(d.lists):len(d.lists)]
	d.rels = d.rels.full()
	d.nbrs = d.nbrs[:len(d.nbrs):len(d.nbrs)]
	if !b.scratch {
		d.cacheBitmaps()
	}
}

// ---- writing (the caller owns the records: see own) ----

// own makes d's records and bitmap slots private to the caller, who may
// then change them; the entry arrays stay shared. (Compressed ids stay
// so: they are read by the offsets of the records they were written
// with, which a record removed or its list moved leaves as they were;
// the writers that add entries unpack them first.)
func (d *adjDir) own() {
	if d.lists != nil {
		d.lists = append([]listRec(nil), d.lists...)
	}
	if d.bms != nil {
		bms := make([]atomic.Pointer[roaring.Bitmap], len(d.bms))
		for k := range d.bms {
			bms[k].Store(d.bms[k].Load())
		}
		d.bms = bms
	}
}

// unpack makes rels and nbrs the direction's ids and neighbours when they
// are kept compressed: the arrays decoded once for the page, which a
// writer appends to past their length (a copy: their capacity is their
// length) like any shared array.
func (d *adjDir) unpack() {
	if d.packed != nil {
		d.rels, d.packed = d.packed.ids(), nil
	}
	if d.pn != nil {
		d.nbrs, d.pn = d.pn.nbrs(), nil
	}
}

// all returns the direction's neighbours, decoded when kept compressed.
func (d *adjDir) all() []uint32 {
	if d.pn != nil {
		return d.pn.nbrs()
	}
	return d.nbrs
}

// ids returns the direction's relationship ids, decoded when kept
// compressed.
func (d *adjDir) ids() relIDs {
	if d.packed != nil {
		return d.packed.ids()
	}
	return d.rels
}

// appendEntry appends (rel, nbr) to node i's list of type typ, making the
// list when there is none, and returns the list's length before.
func (d *adjDir) appendEntry(i, typ uint32, rel uint64, nbr uint32) int {
	d.unpack()
	ls := d.node(i)
	j := ls.search(typ)
	k := ls.lo + uint32(j)
	if j == ls.len() || d.lists[k].typ != typ {
		d.insertRec(i, k, listRec{typ: typ, off: uint32(len(d.nbrs)), n: 1, cap: 1})
		d.rels.add(rel)
		d.nbrs = append(d.nbrs, nbr)
		return 0
	}
	r := &d.lists[k]
	deg := int(r.n)
	switch {
	case r.n < r.cap:
		d.rels.set(int(r.off+r.n), rel)
		d.nbrs[r.off+r.n] = nbr
		r.n++
	case int(r.off+r.n) == len(d.nbrs):
		d.rels.add(rel)
		d.nbrs = append(d.nbrs, nbr)
		r.n++
		r.cap++
	default:
		// Move the list to the end with room to double.
		c := max(2*r.n, 4)
		off := uint32(len(d.nbrs))
		d.rels.addFrom(d.rels, int(r.off), int(r.off+r.n))
		d.nbrs = append(d.nbrs, d.nbrs[r.off:r.off+r.n]...)
		d.rels.add(rel)
		d.nbrs = append(d.nbrs, nbr)
		d.rels.grow(int(c - r.n - 1))
		d.nbrs = append(d.nbrs, make([]uint32, c-r.n-1)...)
		r.off, r.n, r.cap = off, r.n+1, c
		d.compactIfSparse()
	}
	d.forget(k)
	if d.bms == nil && d.lists[k].n >= bitmapCacheMin {
		d.bms = make([]atomic.Pointer[roaring.Bitmap], len(d.lists))
	}
	return deg
}

// setList makes node i's list of type typ a copy of rels/nbrs (none when
// empty).
func (d *adjDir) setList(i, typ uint32, rels []uint64, nbrs []uint32) {
	d.unpack()
	ls := d.node(i)
	j := ls.search(typ)
	k := ls.lo + uint32(j)
	found := j < ls.len() && d.lists[k].typ == typ
	switch {
	case len(rels) == 0 && found:
		d.lists = append(d.lists[:k], d.lists[k+1:]...)
		if d.bms != nil {
			d.bms = append(d.bms[:k], d.bms[k+1:]...)
		}
		for x := i + 1; x <= nodePageSize; x++ {
			d.at[x]--
		}
	case len(rels) == 0:
	default:
		r := listRec{typ: typ, off: uint32(len(d.nbrs)), n: uint32(len(rels)), cap: uint32(len(rels))}
		d.rels.add(rels...)
		d.nbrs = append(d.nbrs, nbrs...)
		if found {
			d.lists[k] = r
			d.forget(k)
		} else {
			d.insertRec(i, k, r)
		}
		if d.bms == nil && r.n >= bitmapCacheMin {
			d.bms = make([]atomic.Pointer[roaring.Bitmap], len(d.lists))
		}
		d.compactIfSparse()
	}
	if len(d.lists) == 0 {
		*d = adjDir{}
	}
}

// clearNode removes node i's lists.
func (d *adjDir) clearNode(i uint32) {
	lo, hi := d.at[i], d.at[i+1]
	if lo == hi {
		return
	}
	d.lists = append(d.lists[:lo], d.lists[hi:]...)
	if d.bms != nil {
		d.bms = append(d.bms[:lo], d.bms[hi:]...)
	}
	for x := i + 1; x <= nodePageSize; x++ {
		d.at[x] -= hi - lo
	}
	if len(d.lists) == 0 {
		*d = adjDir{}
	}
}

// insertRec inserts record r at index k as a list of node i.
func (d *adjDir) insertRec(i, k uint32, r listRec) {
	d.lists = append(d.lists, listRec{})
	copy(d.lists[k+1:], d.lists[k:])
	d.lists[k] = r
	if d.bms != nil {
		d.bms = append(d.bms, atomic.Pointer[roaring.Bitmap]{})
		for x := len(d.bms) - 1; x > int(k); x-- {
			d.bms[x].Store(d.bms[x-1].Load())
		}
		d.bms[k].Store(nil)
	}
	for x := i + 1; x <= nodePageSize; x++ {
		d.at[x]++
	}
}

// forget drops the cached bitmap of record k.
func (d *adjDir) forget(k uint32) {
	if d.bms != nil {
		d.bms[k].Store(nil)
	}
}

// compactIfSparse copies the lists into fresh arrays once moved lists have
// left more unused entries than used ones.
func (d *adjDir) compactIfSparse() {
	used := 0
	for _, r := range d.lists {
		used += int(r.cap)
	}
	if len(d.nbrs) <= 2*used+64 {
		return
	}
	total := 0
	for _, r := range d.lists {
		total += int(r.n)
	}
	var rels relIDs
	if d.rels.wide != nil {
		rels.wide = make([]uint64, 0, total)
	} else {
		rels.narrow = make([]uint32, 0, total)
	}
	nbrs := make([]uint32, 0, total)
	for k := range d.lists {
		r := &d.lists[k]
		off := uint32(len(nbrs))
		rels.addFrom(d.rels, int(r.off), int(r.off+r.n))
		nbrs = append(nbrs, d.nbrs[r.off:r.off+r.n]...)
		r.off, r.cap = off, r.n
	}
	d.rels, d.nbrs = rels, nbrs
}
