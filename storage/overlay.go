package storage

import (
	"bytes"
	"encoding/binary"
	"math"
	"reflect"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2"
)

// The journal (see doc.go, "Commits after the image") lets an open after a
// crash map a graph's image and apply what changed since, at a cost in
// proportion to the changes. Every commit adds, in its own Pebble batch,
// one record:
//
//	\x00 'J' gid seq -> prev u64 (little-endian),
//	                    uvarint relCount,
//	                    uvarint length, statistics delta (encodeStats of
//	                      the counter changes),
//	                    uvarint length, index info (encodeIndexInfo),
//	                    uvarint node count, per node uvarint id delta,
//	                      then uvarint 0 (deleted) or 1 + the length of
//	                      its record, and the record (appendNodeRecord)
//	                    uvarint relationship count, per relationship
//	                      uvarint id delta, then 0 (created and deleted
//	                      by the commit), or 1 (alive) or 2 (deleted),
//	                      uvarint start, end, type, uvarint properties
//	                      length, properties (appendProps)
//	                    the value delta (appendValueDelta: the change in
//	                      nodes holding each (label, key), the values
//	                      taken away); absent in records written before
//	                      it was logged (the rows are then unknown)
//	                    the kinds delta (appendKindsDelta: the change in
//	                      entities holding a value of each kind); absent
//	                      in records written before it was logged (the
//	                      kinds are then unknown)
//
// The nodes are those whose records the commit wrote, logged with a copy
// of the record (labels, properties), so that an open reads the journal
// only, in key order, and no record scattered through the store.
// Relationships are those the commit created, deleted or changed the
// properties of. Adjacency is not logged: a relationship's endpoints and
// type never change, so the lists follow from the image's and the logged
// creations and deletions (ids are never reused, so new entries append in
// id order).
//
// prev is the graph's sequence before the commit, so the records chain. An
// image of sequence I is brought up to the graph's sequence S by the
// records after I when they chain from I to S; otherwise (a bulk load
// writes no record; records dropped with a removed image) the graph is read
// from its records. Records up to I are garbage, dropped when convenient.
var prefixJournal = []byte("\x00J")

func journalPrefix(gid uint32) []byte {
	return binary.BigEndian.AppendUint32(append([]byte(nil), prefixJournal...), gid)
}

func journalKey(gid uint32, seq uint64) []byte {
	return binary.BigEndian.AppendUint64(journalPrefix(gid), seq)
}

// prefixEnd is the exclusive upper bound of the keys starting with p.
func prefixEnd(p []byte) []byte {
	e := bytes.Clone(p)
	for i := len(e) - 1; i >= 0; i-- {
		if e[i] < 0xff {
			e[i]++
			return e[:i+1]
		}
	}
	return nil
}

// ---- commit side ----

// journalCommit is a commit's journal record without its prev (known only
// under the commit lock) and the number of changes it logs.
type journalCommit struct {
	body    []byte
	changes int64
	// indexDDL: the commit creates or drops a property index (or
	// changes its flags), so the image's index runs are out of date
	// (needsImage).
	indexDDL bool
}

// journal encodes tx's journal record.
func (tx *Tx) journal(vd valueDelta, kd map[kindKey]int64) *journalCommit {
	nodes := sortedKeys(tx.dirtyNodes)
	rels := sortedKeys(tx.dirtyRels)
	for id := tx.base.nextRel; id < tx.nextRel; id++ {
		if !tx.dirtyRels[id] {
			rels = append(rels, id)
		}
	}
	slices.Sort(rels)
	b := journalBody(tx.relCount, statsDelta(tx.base.stats, tx.stats), tx.version)
	b = binary.AppendUvarint(b, uint64(len(nodes)))
	prev := uint32(0)
	var rec []byte
	for _, n := range nodes {
		b = binary.AppendUvarint(b, uint64(n-prev))
		prev = n
		if p, i := tx.node(n); p != nil {
			rec = appendNodeRecord(rec[:0], p.labels[i], p.props[i])
			b = binary.AppendUvarint(b, uint64(len(rec))+1)
			b = append(b, rec...)
		} else {
			b = append(b, 0)
		}
	}
	b = binary.AppendUvarint(b, uint64(len(rels)))
	prevRel := uint64(0)
	for _, r := range rels {
		b = binary.AppendUvarint(b, r-prevRel)
		prevRel = r
		p, i := tx.rel(r)
		switch {
		case p != nil:
			b = append(b, relAlive)
		case r < tx.base.nextRel:
			// Deleted; it existed before the transaction.
			p, i = tx.base.rel(r)
			b = append(b, relDeleted)
		default:
			// Created and deleted by the transaction.
			b = append(b, relNever)
			continue
		}
		b = binary.AppendUvarint(b, uint64(p.start[i]))
		b = binary.AppendUvarint(b, uint64(p.end[i]))
		b = binary.AppendUvarint(b, uint64(p.typ[i]))
		rec = rec[:0]
		if ps := p.props[i]; len(ps) > 0 {
			rec = appendProps(rec, ps)
		}
		b = binary.AppendUvarint(b, uint64(len(rec)))
		b = append(b, rec...)
	}
	if imageWriteVersion >= 5 {
		b = appendValueDelta(b, vd)
		if writeKinds {
			b = appendKindsDelta(b, kd)
		}
	}
	return &journalCommit{body: b, changes: int64(len(nodes) + len(rels)), indexDDL: len(tx.dirtyIndexes) > 0}
}

// journalBody encodes the head of a journal record (after prev).
func journalBody(relCount uint64, delta *statsData, v *version) []byte {
	st, ix := encodeStats(delta), encodeIndexInfo(v)
	j := binary.AppendUvarint(nil, relCount)
	j = binary.AppendUvarint(j, uint64(len(st)))
	j = append(j, st...)
	j = binary.AppendUvarint(j, uint64(len(ix)))
	return append(j, ix...)
}

// emptyJournal is the journal record of a new, empty graph.
func emptyJournal() *journalCommit {
	b := journalBody(0, newStatsData(), newVersion())
	b = append(b, 0, 0)
	if imageWriteVersion >= 5 {
		b = appendValueDelta(b, valueDelta{})
		b = appendKindsDelta(b, nil)
	}
	return &journalCommit{body: b}
}

// value is the journal record of a commit whose graph was at prev.
func (jc *journalCommit) value(prev uint64) []byte {
	return append(binary.LittleEndian.AppendUint64(nil, prev), jc.body...)
}

func sameMap[K comparable, V any](a, b map[K]V) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// counterDelta returns nw - old over the counters that differ.
func counterDelta[K comparable](old, nw *counters[K]) map[K]int64 {
	out := map[K]int64{}
	if old == nw {
		return out
	}
	if old == nil {
		old = newCounters[K]()
	}
	diff := func(k K) {
		if d := nw.get(k) - old.get(k); d != 0 {
			out[k] = d
		}
	}
	if sameMap(old.base, nw.base) {
		for k := range nw.delta {
			diff(k)
		}
		for k := range old.delta {
			diff(k)
		}
		return out
	}
	old.each(func(k K, _ int64) { diff(k) })
	nw.each(func(k K, _ int64) { diff(k) })
	return out
}

// statsDelta returns the counter changes from old to nw, as a statsData
// whose counters hold differences. Its cost is that of the changes (plus,
// after a counter map was compacted, its size).
func statsDelta(old, nw *statsData) *statsData {
	d := newStatsData()
	if old == nw {
		return d
	}
	d.relsPerType.base = counterDelta(old.relsPerType, nw.relsPerType)
	d.triples.base = counterDelta(old.triples, nw.triples)
	d.loops.base = counterDelta(old.loops, nw.loops)
	for k, h := range nw.degree {
		if o := old.degree[k]; o != h {
			if m := counterDelta(o, h); len(m) > 0 {
				d.degree[k] = &counters[int]{base: m}
			}
		}
	}
	return d
}

// addStats adds the counters of delta to st's bases (st is owned by the
// caller, at open).
func addStats(st, delta *statsData) {
	addCounts(st.relsPerType.base, delta.relsPerType.base)
	addCounts(st.triples.base, delta.triples.base)
	addCounts(st.loops.base, delta.loops.base)
	for k, h := range delta.degree {
		c := st.degree[k]
		if c == nil {
			c = newCounters[int]()
			st.degree[k] = c
		}
		addCounts(c.base, h.base)
	}
}

func addCounts[K comparable](dst, src map[K]int64) {
	for k, n := range src {
		if dst[k] += n; dst[k] == 0 {
			delete(dst, k)
		}
	}
}

// Relationship states in a journal record.
const (
	relNever   = 0
	relAlive   = 1
	relDeleted = 2
)

// ---- open side ----

// relState is a relationship's state as logged.
type relState struct {
	alive           bool
	start, end, typ uint32
	props           props
}

// journalState is what the journal records after an image add to it.
type journalState struct {
	stats    *statsData // summed deltas
	relCount uint64
	indexes  []byte                // index info of the last record
	nodes    map[uint32]*nodeState // last logged state
	rels     map[uint64]relState   // last logged state
	changes  int64                 // node and relationship changes logged (with repeats)
	// values is the sum of the records' value deltas; valuesKnown is
	// false when a record logged none.
	values      valueDelta
	valuesKnown bool
	// kinds is the sum of the records' kinds deltas; kindsKnown is
	// false when a record logged none.
	kinds      map[kindKey]int64
	kindsKnown bool
	// steps are the node states the records log, in order, from which
	// an open makes the value summaries' moves again (replayTally).
	steps []nodeStep

	mem int64 // estimated bytes of the page patches
	// replaced is the estimated bytes of the node states a later record
	// replaced, and of the steps: what an open holds while it replays the
	// journal (replayTally) beside the patches, paid again by every open
	// until the journal is folded into an image.
	replaced int64

	nodePatched, relPatched map[uint64]bool // pages patchJournal patches

	seq uint64 // the sequence of the last record
}

// readJournal reads the journal records of graph gid after sequence base
// and checks that they chain from base to seq. ok is false when they do
// not (the graph must then be read from its records).
func (s *Store) readJournal(gid uint32, base, seq uint64) (js *journalState, ok bool, err error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: journalKey(gid, base+1), UpperBound: prefixEnd(journalPrefix(gid))})
	if err != nil {
		return nil, false, errorf(ErrCorrupt, "%v", err)
	}
	defer it.Close()
	js = &journalState{stats: newStatsData(), nodes: map[uint32]*nodeState{}, rels: map[uint64]relState{},
		values: valueDelta{rows: map[uint64]int64{}}, valuesKnown: true, kinds: map[kindKey]int64{}, kindsKnown: true}
	at := base
	for valid := it.First(); valid; valid = it.Next() {
		k, val := it.Key(), it.Value()
		if len(k) != len(prefixJournal)+12 || len(val) < 8 {
			return nil, false, errorf(ErrCorrupt, "bad journal record %q", k)
		}
		if binary.LittleEndian.Uint64(val) != at {
			return nil, false, nil
		}
		at = binary.BigEndian.Uint64(k[len(k)-8:])
		if err := js.add(val[8:]); err != nil {
			return nil, false, err
		}
	}
	if err := it.Error(); err != nil {
		return nil, false, errorf(ErrCorrupt, "%v", err)
	}
	if at != seq || js.indexes == nil {
		return nil, false, nil
	}
	js.seq = at
	return js, true, nil
}

// add folds one journal record (after prev) into js.
func (js *journalState) add(b []byte) error {
	d := &decoder{b: b}
	js.relCount = d.uvarint()
	sb := d.bytes(d.uvarint())
	ix := d.bytes(d.uvarint())
	if d.err != nil {
		return d.err
	}
	st, err := decodeStats(sb)
	if err != nil {
		return err
	}
	addStats(js.stats, st)
	js.indexes = bytes.Clone(ix)
	n, prev := d.count(), uint64(0)
	js.changes += int64(n)
	for i := 0; i < n && d.err == nil; i++ {
		prev += d.uvarint()
		if prev > math.MaxUint32 {
			return errorf(ErrCorrupt, "bad journal record: node id")
		}
		st := &nodeState{}
		if n := d.uvarint(); n > 0 && d.err == nil {
			rec := d.bytes(n - 1)
			if d.err != nil {
				break
			}
			st.alive = true
			var err error
			if st.labels, st.props, err = decodeNodeRecord(rec); err != nil {
				return err
			}
		}
		before := js.nodes[uint32(prev)]
		js.steps = append(js.steps, nodeStep{id: uint32(prev), before: before, after: st})
		js.replaced += memStep + before.size()
		js.nodes[uint32(prev)] = st
	}
	n, prev = d.count(), 0
	js.changes += int64(n)
	for i := 0; i < n && d.err == nil; i++ {
		prev += d.uvarint()
		st := d.bytes(1)
		if d.err != nil {
			break
		}
		switch st[0] {
		case relNever:
			delete(js.rels, prev)
		case relAlive, relDeleted:
			rs := relState{alive: st[0] == relAlive, start: d.u32(), end: d.u32(), typ: d.u32()}
			if pb := d.bytes(d.uvarint()); len(pb) > 0 {
				ps, n, err := decodeProps(pb)
				if err == nil && n != len(pb) {
					err = errorf(ErrCorrupt, "bad journal record: properties")
				}
				if err != nil {
					return err
				}
				rs.props = ps
			}
			js.rels[prev] = rs
		default:
			return errorf(ErrCorrupt, "bad journal record: relationship state")
		}
	}
	if d.err == nil && len(d.b) == 0 {
		js.valuesKnown, js.kindsKnown = false, false
		return nil
	}
	vd := decodeValueDelta(d)
	for k, n := range vd.rows {
		js.values.rows[k] += n
	}
	js.values.removed += vd.removed
	if d.err == nil && len(d.b) == 0 {
		js.kindsKnown = false
		return nil
	}
	decodeKindsDelta(d, js.kinds)
	return d.done()
}

// writtenNodes yields the labels and properties of the nodes the journal
// logs alive, in their last logged state.
func (js *journalState) writtenNodes(yield func([]uint32, props) bool) {
	for _, st := range js.nodes {
		if st.alive && !yield(st.labels, st.props) {
			return
		}
	}
}

// nodeState is a node's state as the journal logs it.
type nodeState struct {
	alive  bool
	labels []uint32
	props  props
}

// memStep is the estimated bytes of one nodeStep and its state's
// struct; size adds what a state holds.
const memStep = 80

// size returns the estimated bytes of state st (0 for nil): a deleted
// node's state is its struct and map entry, a live one's a node's.
func (st *nodeState) size() int64 {
	if st == nil {
		return 0
	}
	if !st.alive {
		return memStep
	}
	n := memNode + memLabel*int64(len(st.labels))
	for _, pr := range st.props {
		n += propSize(pr.val)
	}
	return n
}

// listRef names an adjacency list.
type listRef struct {
	node uint32
	dir  Direction
	typ  uint32
}

// listEdit is what the journal changes in one adjacency list.
type listEdit struct {
	del  []uint64 // ascending
	rels []uint64 // appended, ascending
	nbrs []uint32
}

// nodePatch and relPatch are the journal's changes to one page, applied
// each time the page is decoded from the image (so that patched pages stay
// evictable and opening decodes no page).
type nodePatch struct {
	nodes map[uint32]*nodeState // by index in page
	lists map[listRef]*listEdit
}

type relPatch struct {
	rels  map[uint32]relState // by index in page
	props map[uint32]props
}

// patchJournal makes the journal js part of v: label bitmaps move the
// changed nodes to their logged labels, and the pages the journal touches
// get patches that the loads returned (wrapping the image's page decoders)
// apply. Nothing is decoded from the image and no record is read: the cost
// is the journal's.
func (s *Store) patchJournal(v *version, img *image, gid uint32, js *journalState) (
	nodeLoad func(uint64) *nodePage, relLoad func(uint64) *relPage, err error) {
	var imgNextRel uint64
	if img != nil {
		imgNextRel = img.nextRel
	}
	nps := map[uint64]*nodePatch{}
	npatch := func(node uint32) *nodePatch {
		pi := uint64(node >> nodePageBits)
		p := nps[pi]
		if p == nil {
			p = &nodePatch{nodes: map[uint32]*nodeState{}, lists: map[listRef]*listEdit{}}
			nps[pi] = p
			js.mem += 64
		}
		return p
	}
	nodes := make([]uint32, 0, len(js.nodes))
	for n := range js.nodes {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	changed := roaring.New()
	changed.AddMany(nodes)
	for l, b := range v.labels {
		if b.Intersects(changed) {
			b = b.Clone()
			b.AndNot(changed)
			v.labels[l] = b
		}
	}
	v.all.AndNot(changed)
	for _, id := range nodes {
		if id >= v.nextNode {
			return nil, nil, errorf(ErrCorrupt, "journal: node %d beyond the id counter", id)
		}
		st := js.nodes[id]
		if st.alive {
			v.all.Add(id)
			for _, l := range st.labels {
				if err := v.checkIDs(l, dictLabel); err != nil {
					return nil, nil, err
				}
				b := v.labels[l]
				if b == nil {
					b = roaring.New()
					v.labels[l] = b
				}
				b.Add(id)
			}
		}
		js.mem += st.size()
		npatch(id).nodes[id&(nodePageSize-1)] = st
	}
	for l, b := range v.labels {
		if b.IsEmpty() {
			delete(v.labels, l)
		}
	}
	rps := map[uint64]*relPatch{}
	rels := make([]uint64, 0, len(js.rels))
	for r := range js.rels {
		rels = append(rels, r)
	}
	slices.Sort(rels)
	edit := func(r listRef) *listEdit {
		p := npatch(r.node)
		e := p.lists[r]
		if e == nil {
			e = &listEdit{}
			p.lists[r] = e
			js.mem += 64
		}
		return e
	}
	for _, id := range rels {
		rs := js.rels[id]
		if id >= v.nextRel || rs.start >= v.nextNode || rs.end >= v.nextNode {
			return nil, nil, errorf(ErrCorrupt, "journal: relationship %d beyond the id counters", id)
		}
		if err := v.checkIDs(rs.typ, dictType); err != nil {
			return nil, nil, err
		}
		// A relationship below the image's counter that the journal
		// logs was alive in the image (a deletion before the image
		// would precede the journal).
		was := id < imgNextRel
		switch {
		case was && !rs.alive:
			o, in := edit(listRef{rs.start, Out, rs.typ}), edit(listRef{rs.end, In, rs.typ})
			o.del, in.del = append(o.del, id), append(in.del, id)
		case !was && rs.alive:
			o, in := edit(listRef{rs.start, Out, rs.typ}), edit(listRef{rs.end, In, rs.typ})
			o.rels, o.nbrs = append(o.rels, id), append(o.nbrs, rs.end)
			in.rels, in.nbrs = append(in.rels, id), append(in.nbrs, rs.start)
		}
		pi, i := id>>relPageBits, uint32(id&(relPageSize-1))
		p := rps[pi]
		if p == nil {
			p = &relPatch{rels: map[uint32]relState{}}
			rps[pi] = p
			js.mem += 64
		}
		p.rels[i] = rs
		js.mem += 24
		if !rs.alive {
			continue
		}
		if len(rs.props) > 0 {
			if p.props == nil {
				p.props = map[uint32]props{}
			}
			p.props[i] = rs.props
			for _, pr := range rs.props {
				js.mem += propSize(pr.val)
			}
		}
	}
	addStats(v.stats, js.stats)
	v.relCount = js.relCount
	v.mem += js.mem
	nodeLoad = func(pi uint64) *nodePage {
		var p *nodePage
		if img != nil {
			p = img.nodePage(pi) // a fresh decode, not the cache's
		}
		if patch := nps[pi]; patch != nil {
			p = patch.apply(p)
		}
		return p
	}
	relLoad = func(pi uint64) *relPage {
		var p *relPage
		if img != nil {
			p = img.relPage(pi)
		}
		if patch := rps[pi]; patch != nil {
			p = patch.apply(p)
		}
		return p
	}
	js.nodePatched, js.relPatched = map[uint64]bool{}, map[uint64]bool{}
	for pi := range nps {
		js.nodePatched[pi] = true
	}
	for pi := range rps {
		js.relPatched[pi] = true
	}
	return nodeLoad, relLoad, nil
}

// apply patches p, a fresh decode of the page from the image (nil: none).
func (patch *nodePatch) apply(p *nodePage) *nodePage {
	if p == nil {
		p = &nodePage{}
	}
	p.adj[Out].own()
	p.adj[In].own()
	for i, st := range patch.nodes {
		if !st.alive {
			p.alive[i>>6] &^= 1 << (i & 63)
			p.labels[i], p.props[i] = nil, nil
			p.adj[Out].clearNode(i)
			p.adj[In].clearNode(i)
			continue
		}
		if !p.isAlive(i) {
			p.adj[Out].clearNode(i)
			p.adj[In].clearNode(i)
		}
		p.alive[i>>6] |= 1 << (i & 63)
		p.labels[i], p.props[i] = st.labels, st.props
	}
	for ref, e := range patch.lists {
		i := ref.node & (nodePageSize - 1)
		if !p.isAlive(i) {
			continue
		}
		slices.Sort(e.del)
		var rels []uint64
		var nbrs []uint32
		if old, ok := p.lists(i, ref.dir).find(ref.typ); ok {
			rels = make([]uint64, 0, len(old.nbrs)+len(e.rels))
			nbrs = make([]uint32, 0, len(old.nbrs)+len(e.rels))
			k := 0
			oldRels := old.rels()
			for x := range oldRels.len() {
				r := oldRels.at(x)
				for k < len(e.del) && e.del[k] < r {
					k++
				}
				if k < len(e.del) && e.del[k] == r {
					continue
				}
				rels, nbrs = append(rels, r), append(nbrs, old.nbrs[x])
			}
		}
		rels = append(rels, e.rels...)
		nbrs = append(nbrs, e.nbrs...)
		p.adj[ref.dir].setList(i, ref.typ, rels, nbrs)
	}
	if p.alive[0] == 0 {
		return nil
	}
	return p
}

// apply patches p, a fresh decode of the page from the image (nil: none).
func (patch *relPatch) apply(p *relPage) *relPage {
	if p == nil {
		p = &relPage{}
	}
	for i, rs := range patch.rels {
		delete(p.props, i)
		if !rs.alive {
			p.alive[i>>6] &^= 1 << (i & 63)
			p.start[i], p.end[i], p.typ[i] = 0, 0, 0
			continue
		}
		p.alive[i>>6] |= 1 << (i & 63)
		p.start[i], p.end[i], p.typ[i] = rs.start, rs.end, rs.typ
		if ps := patch.props[i]; ps != nil {
			if p.props == nil {
				p.props = map[uint32]props{}
			}
			p.props[i] = ps
		}
	}
	if popcount(p.alive[:]) == 0 {
		return nil
	}
	return p
}

// decodeNodeRecord decodes a node record (appendNodeRecord).
func decodeNodeRecord(b []byte) ([]uint32, props, error) {
	d := &decoder{b: b}
	var labels []uint32
	if n := d.count(); n > 0 {
		labels = make([]uint32, n)
		for i := range labels {
			labels[i] = d.u32()
			if i > 0 && labels[i] <= labels[i-1] && d.err == nil {
				d.err = errorf(ErrCorrupt, "bad labels in a node record")
			}
		}
	}
	if d.err != nil {
		return nil, nil, d.err
	}
	ps, n, err := decodeProps(d.b)
	if err != nil {
		return nil, nil, err
	}
	if n != len(d.b) {
		return nil, nil, errorf(ErrCorrupt, "trailing bytes in a node record")
	}
	return labels, ps, nil
}

// dropJournal removes graph gid's journal records up to sequence seq (an
// image of sequence seq holds them). Not synced: records that survive a
// crash are ignored, being older than the image.
func (s *Store) dropJournal(gid uint32, seq uint64) {
	b := s.db.NewBatch()
	defer b.Close()
	_ = b.DeleteRange(journalPrefix(gid), journalKey(gid, seq+1), nil)
	if err := b.Commit(pebble.NoSync); err != nil {
		s.opts.Logger.Errorf("graph %d: dropping the journal folded into its image: %v", gid, err)
	}
}
