package storage

import (
	"iter"
	"math"
	"math/bits"
	"strings"

	"github.com/RaduBerinde/btreemap"
	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// This file holds the in-memory, read-optimised image of one graph: an
// immutable version published per commit. A Tx works on a private copy
// (copy-on-write of the pages, bitmaps and maps it touches) and publishes it
// with an atomic pointer swap, so Graph.Snapshot is one pointer load and
// readers never block the writer nor see a partial transaction.

const (
	nodePageBits = 6
	nodePageSize = 1 << nodePageBits
	relPageBits  = 10
	relPageSize  = 1 << relPageBits
	// chunkBits: adjacency entries of one (node, direction, type) are stored
	// in Pebble in chunks keyed by relID>>chunkBits, so no value holds more
	// than 1<<chunkBits entries however large the degree.
	chunkBits = 12
	// bitmapCacheMin: adjacency lists at least this long keep their
	// neighbour bitmap once built.
	bitmapCacheMin = 32
)

// Direction selects which relationships of a node to follow.
type Direction uint8

// Directions.
const (
	// Out follows relationships that start at the node.
	Out Direction = iota
	// In follows relationships that end at the node.
	In
	// Both follows both; a self-loop is reported once.
	Both
)

// String returns "out", "in" or "both".
func (d Direction) String() string {
	switch d {
	case Out:
		return "out"
	case In:
		return "in"
	case Both:
		return "both"
	}
	return "invalid"
}

// AnyType, passed as a relationship type, matches every type.
const AnyType = math.MaxUint32

// AnyLabel stands for "any or no label" in pattern statistics.
const AnyLabel = math.MaxUint32

// nodePage holds nodePageSize consecutive node ids.
type nodePage struct {
	alive  [nodePageSize / 64]uint64
	labels [nodePageSize][]uint32 // sorted
	props  [nodePageSize]props
	adj    [2]adjDir // [Out, In]
}

// lists returns node i's lists in direction d (Out or In).
func (p *nodePage) lists(i uint32, d Direction) adjLists { return p.adj[d].node(i) }

// nodeAdj returns node i's lists in both directions.
func (p *nodePage) nodeAdj(i uint32) [2]adjLists { return [2]adjLists{p.lists(i, Out), p.lists(i, In)} }

func (p *nodePage) isAlive(i uint32) bool { return p.alive[i>>6]&(1<<(i&63)) != 0 }

// relPage holds relPageSize consecutive relationship ids.
type relPage struct {
	alive           [relPageSize / 64]uint64
	start, end, typ [relPageSize]uint32
	props           map[uint32]props // by index in page; only rels with properties
}

func (p *relPage) isAlive(i uint32) bool { return p.alive[i>>6]&(1<<(i&63)) != 0 }

// dict maps names to dense ids and back.
type dict struct {
	names []string
	ids   map[string]uint32
}

func newDict() *dict { return &dict{ids: map[string]uint32{}} }

func (d *dict) clone() *dict {
	n := &dict{names: append([]string(nil), d.names...), ids: make(map[string]uint32, len(d.ids)+1)}
	for k, v := range d.ids {
		n.ids[k] = v
	}
	return n
}

const (
	dictLabel = iota
	dictType
	dictKey
)

type indexKey struct{ label, key uint32 }

// propIndex is a property index on (label, key): value -> nodes, ordered by
// value.Order, so Int 1 and Float 1.0 share an entry.
type propIndex struct {
	label, key uint32
	explicit   bool  // created by CreateIndex
	unique     bool  // backs a uniqueness constraint
	entries    int64 // indexed nodes
	// tree holds the entries; nil for an index opened from an image until
	// lazy builds it (use t()), and for one read through a run.
	tree *indexTree
	lazy *lazyTree
	// run is the index's entries as stored in the image the version was
	// opened from (indexrun.go); gone and add are the changes since: the
	// nodes whose entry of the run no longer holds, and the entries added
	// (either nil when empty). ndistinct counts the distinct values.
	run       *indexRun
	gone      *roaring.Bitmap
	add       *indexTree
	ndistinct int64
	// pending holds the entries of an index a bulk load sorted, for the
	// image it writes.
	pending []indexEntry
}

// indexOrder is value.Order with fast paths for the common same-kind cases.
func indexOrder(a, b value.Value) int {
	switch x := a.(type) {
	case value.Int:
		if y, ok := b.(value.Int); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	case value.String:
		if y, ok := b.(value.String); ok {
			return strings.Compare(string(x), string(y))
		}
	}
	return value.Order(a, b)
}

type tripleKey struct{ start, typ, end uint32 }
type degKey struct {
	typ uint32
	dir Direction
}

// statsData are the counters kept current on every write.
type statsData struct {
	relsPerType *counters[uint32]
	triples     *counters[tripleKey]
	// loops counts self-loops like triples: per (label, type, label) of
	// the one node at both ends, every pair of its labels (and AnyLabel)
	// on the two sides, (AnyLabel, type, AnyLabel) included.
	loops *counters[tripleKey]
	// degree histograms: (type or AnyType, Out/In) -> degree -> node count (degree >= 1).
	degree map[degKey]*counters[int]
}

func newStatsData() *statsData {
	return &statsData{relsPerType: newCounters[uint32](), triples: newCounters[tripleKey](), loops: newCounters[tripleKey](),
		degree: map[degKey]*counters[int]{}}
}

// counters is a copy-on-write map of counters: an immutable base shared
// between versions plus a small delta owned by one version, so that a
// transaction copies O(delta), not the whole map. fork compacts the delta
// into a new base once it grows past an eighth of the base (amortised O(1)
// per update).
type counters[K comparable] struct {
	base, delta map[K]int64
}

func newCounters[K comparable]() *counters[K] { return &counters[K]{base: map[K]int64{}} }

func (c *counters[K]) get(k K) int64 { return c.base[k] + c.delta[k] }

// add changes a counter; only on a fork owned by the caller.
func (c *counters[K]) add(k K, n int64) {
	if c.delta == nil {
		c.delta = map[K]int64{}
	}
	c.delta[k] += n
}

func (c *counters[K]) fork() *counters[K] {
	if len(c.delta) > 32+len(c.base)/8 {
		return &counters[K]{base: c.merged()}
	}
	return &counters[K]{base: c.base, delta: cloneMap(c.delta)}
}

func (c *counters[K]) merged() map[K]int64 {
	m := make(map[K]int64, len(c.base)+len(c.delta))
	c.each(func(k K, n int64) { m[k] = n })
	return m
}

// each calls fn for every non-zero counter.
func (c *counters[K]) each(fn func(K, int64)) {
	for k, n := range c.base {
		if n += c.delta[k]; n != 0 {
			fn(k, n)
		}
	}
	for k, n := range c.delta {
		if _, ok := c.base[k]; !ok && n != 0 {
			fn(k, n)
		}
	}
}

// dirBits: a page table holds pages in directory blocks of 1<<dirBits
// pointers, so copying a table for a transaction copies one pointer per
// block (per 32,768 nodes or 524,288 relationships), not per page.
const (
	dirBits = 9
	dirSize = 1 << dirBits
)

// pageTable is a two-level, copy-on-write table of pages. A table opened
// from an image has a base: pages not in the table itself are read from
// the image through a cache shared by every version (image.go).
type pageTable[P any] struct {
	dirs []*[dirSize]*P
	base *pageCache[P]
	img  *image
}

func (t *pageTable[P]) get(pi uint64) *P {
	if p := t.own(pi); p != nil {
		return p
	}
	if t.base != nil {
		return t.base.get(pi)
	}
	return nil
}

// peek returns page pi as get does, but a page read from the image for it
// is not cached: a reader that visits every page once (an index built on
// first use, fillIndex) leaves the cache, and the resident set, as it
// found them, instead of holding the whole graph decoded.
func (t *pageTable[P]) peek(pi uint64) *P {
	if p := t.own(pi); p != nil {
		return p
	}
	if t.base != nil {
		return t.base.peek(pi)
	}
	return nil
}

// own returns the page held by the table itself (not its base), or nil.
func (t *pageTable[P]) own(pi uint64) *P {
	d := pi >> dirBits
	if d >= uint64(len(t.dirs)) || t.dirs[d] == nil {
		return nil
	}
	return t.dirs[d][pi&(dirSize-1)]
}

// baseImage returns the image the table's base pages come from, or nil.
func (t *pageTable[P]) baseImage() *image { return t.img }

// clone copies the directory (not the blocks or pages).
func (t *pageTable[P]) clone() pageTable[P] {
	return pageTable[P]{dirs: append([]*[dirSize]*P(nil), t.dirs...), base: t.base, img: t.img}
}

// set stores p at page index pi. owned records which directory blocks the
// caller has already copied; blocks not in it are copied first. A nil owned
// means the caller owns the whole table (building a fresh version).
func (t *pageTable[P]) set(pi uint64, p *P, owned map[uint64]bool) {
	d := pi >> dirBits
	for uint64(len(t.dirs)) <= d {
		t.dirs = append(t.dirs, nil)
	}
	blk := t.dirs[d]
	switch {
	case blk == nil:
		blk = new([dirSize]*P)
		t.dirs[d] = blk
		if owned != nil {
			owned[d] = true
		}
	case owned != nil && !owned[d]:
		c := *blk
		blk = &c
		t.dirs[d] = blk
		owned[d] = true
	}
	blk[pi&(dirSize-1)] = p
}

// all yields every (page index, page) in index order.
func (t *pageTable[P]) all() iter.Seq2[uint64, *P] {
	if t.base != nil {
		return func(yield func(uint64, *P) bool) {
			n := max(uint64(len(t.dirs))<<dirBits, t.base.pages())
			for pi := uint64(0); pi < n; pi++ {
				if p := t.get(pi); p != nil && !yield(pi, p) {
					return
				}
			}
		}
	}
	return func(yield func(uint64, *P) bool) {
		for d, blk := range t.dirs {
			if blk == nil {
				continue
			}
			for i, p := range blk {
				if p != nil && !yield(uint64(d)<<dirBits|uint64(i), p) {
					return
				}
			}
		}
	}
}

// version is one immutable image of a graph.
type version struct {
	dicts    [3]*dict
	nodes    pageTable[nodePage]
	rels     pageTable[relPage]
	nextNode uint32
	nextRel  uint64
	relCount uint64
	all      *roaring.Bitmap
	labels   map[uint32]*roaring.Bitmap
	indexes  map[indexKey]*propIndex
	search   map[string]*searchIdx // full-text and vector indexes (searchindex.go)
	schema   map[string]*SchemaDef // named indexes and constraints (schema.go)
	stats    *statsData
	mem      int64 // estimated bytes
	// vcell holds the graph's value statistics (valuestats.go), shared
	// by its versions; vchanges counts the node and relationship changes
	// of the commits that made this version (since the graph was opened,
	// less those an image carried over).
	vcell    *statsCell
	vchanges int64
	// vrows counts, per (label or AnyLabel, key) (pair), the change in
	// nodes holding a non-null value of key made by the commits that made
	// this version since the graph was opened (nil: none): value
	// statistics add the change since they were computed (valuestats.go).
	vrows *counters[uint64]
	// vregs are the distinct-count registers v's commits raised and
	// vremoved the (label, key) values they took away, since the graph
	// was opened (valuestats_hll.go).
	vregs    *regSet
	vremoved int64
	// vtally summarises, per (label, key) (pair), the values v's
	// commits added and took away (valuestats_tally.go); never changed
	// once shared.
	vtally map[uint64]*mcvTally
	// vkinds counts, per kindKey, the change in entities holding a
	// value of a kind made by the commits and bulk loads that made this
	// version since the graph was opened (nil: none); vkcell holds the
	// absolute counts the graph's versions share (valuestats_kinds.go).
	vkinds *counters[kindKey]
	vkcell *kindsCell
}

func newVersion() *version {
	return &version{
		dicts:   [3]*dict{newDict(), newDict(), newDict()},
		all:     roaring.New(),
		labels:  map[uint32]*roaring.Bitmap{},
		indexes: map[indexKey]*propIndex{},
		stats:   newStatsData(),
		vcell:   &statsCell{},
		vkcell:  knownEmpty(),
	}
}

// Memory estimates.
const (
	memNode    = 96
	memRel     = 40
	memAdjList = 16 // a listRec
	memLabel   = 8
	memIndex   = 64
)

// cachedBytes estimates the memory of the pages cached from v's image.
func (v *version) cachedBytes() int64 { return v.nodes.base.bytes() + v.rels.base.bytes() }

func (v *version) node(id uint32) (*nodePage, uint32) {
	p, i := v.nodes.get(uint64(id>>nodePageBits)), id&(nodePageSize-1)
	if p == nil || !p.isAlive(i) {
		return nil, 0
	}
	return p, i
}

func (v *version) rel(id uint64) (*relPage, uint32) {
	p, i := v.rels.get(id>>relPageBits), uint32(id&(relPageSize-1))
	if p == nil || !p.isAlive(i) {
		return nil, 0
	}
	return p, i
}

// lists returns the lists of (node, dir), dir Out or In (none for a
// missing node).
func (v *version) lists(node uint32, dir Direction) adjLists {
	p, i := v.node(node)
	if p == nil {
		return adjLists{}
	}
	return p.lists(i, dir)
}

// degreeOf is the number of entries of (node, dir, typ), dir Out or In.
func (v *version) degreeOf(node uint32, dir Direction, typ uint32) int {
	ls := v.lists(node, dir)
	if typ == AnyType {
		return ls.entries()
	}
	if ls.d == nil {
		return 0
	}
	if j := ls.search(typ); j < ls.len() && ls.typ(j) == typ {
		return ls.count(j)
	}
	return 0
}

func popcount(words []uint64) int {
	n := 0
	for _, w := range words {
		n += bits.OnesCount64(w)
	}
	return n
}

func trailingZeros(w uint64) int { return bits.TrailingZeros64(w) }

var (
	minBound = btreemap.Min[value.Value]()
	maxBound = btreemap.Max[value.Value]()
)
