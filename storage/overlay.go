package storage

import (
	"bytes"
	"encoding/binary"
	"math"
	"reflect"
	"slices"
	"sort"

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
//	                    uvarint node count, node ids (uvarint deltas),
//	                    uvarint relationship count, per relationship
//	                      uvarint id delta, then 0 (deleted) or
//	                      1, uvarint start, end, type
//
// The node ids are the nodes whose records the commit wrote: their state
// now is their record (labels, properties) or its absence. Relationships
// are those the commit created, deleted or changed the properties of; their
// properties are their records. Adjacency is not logged: a relationship's
// endpoints and type never change, so the lists follow from the image's
// and the logged creations and deletions (ids are never reused, so new
// entries append in id order).
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
}

// journal encodes tx's journal record.
func (tx *Tx) journal() *journalCommit {
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
	for _, n := range nodes {
		b = binary.AppendUvarint(b, uint64(n-prev))
		prev = n
	}
	b = binary.AppendUvarint(b, uint64(len(rels)))
	prevRel := uint64(0)
	for _, r := range rels {
		b = binary.AppendUvarint(b, r-prevRel)
		prevRel = r
		if p, i := tx.rel(r); p != nil {
			b = append(b, 1)
			b = binary.AppendUvarint(b, uint64(p.start[i]))
			b = binary.AppendUvarint(b, uint64(p.end[i]))
			b = binary.AppendUvarint(b, uint64(p.typ[i]))
		} else {
			b = append(b, 0)
		}
	}
	return &journalCommit{body: b, changes: int64(len(nodes) + len(rels))}
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
	return &journalCommit{body: append(b, 0, 0)}
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

// ---- open side ----

// relState is a relationship's state as logged.
type relState struct {
	alive           bool
	start, end, typ uint32
}

// journalState is what the journal records after an image add to it.
type journalState struct {
	stats    *statsData // summed deltas
	relCount uint64
	indexes  []byte // index info of the last record
	nodes    map[uint32]bool
	rels     map[uint64]relState // last logged state
	changes  int64               // node and relationship changes logged (with repeats)
	mem      int64               // estimated bytes of the pages applyJournal made v's own
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
	js = &journalState{stats: newStatsData(), nodes: map[uint32]bool{}, rels: map[uint64]relState{}}
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
		js.nodes[uint32(prev)] = true
	}
	n, prev = d.count(), 0
	js.changes += int64(n)
	for i := 0; i < n && d.err == nil; i++ {
		prev += d.uvarint()
		var rs relState
		switch alive := d.bytes(1); {
		case d.err != nil:
		case alive[0] == 1:
			rs = relState{true, d.u32(), d.u32(), d.u32()}
		case alive[0] != 0:
			return errorf(ErrCorrupt, "bad journal record: relationship state")
		}
		js.rels[prev] = rs
	}
	return d.done()
}

// applyJournal brings v (opened from img, or empty when img is nil) up to
// date with js: changed nodes are read from their records, changed
// relationships from the journal and their property records, adjacency is
// edited with the relationships created and deleted, and label bitmaps
// follow the changed nodes. Touched pages become v's own.
func (s *Store) applyJournal(v *version, img *image, gid uint32, js *journalState) error {
	nodePages := map[uint64]*nodePage{}
	nodePage := func(id uint32) (*nodePage, uint32) {
		pi := uint64(id >> nodePageBits)
		p := nodePages[pi]
		if p == nil {
			if img != nil {
				p = img.nodePage(pi) // a fresh decode, not the cache's
			}
			if p == nil {
				p = &nodePage{}
			}
			nodePages[pi] = p
		}
		return p, id & (nodePageSize - 1)
	}
	relPages := map[uint64]*relPage{}
	relPage := func(id uint64) (*relPage, uint32) {
		pi := id >> relPageBits
		p := relPages[pi]
		if p == nil {
			if img != nil {
				p = img.relPage(pi)
			}
			if p == nil {
				p = &relPage{}
			}
			relPages[pi] = p
		}
		return p, uint32(id & (relPageSize - 1))
	}
	// Nodes: their state is their record.
	nodes := make([]uint32, 0, len(js.nodes))
	for n := range js.nodes {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	var key []byte
	for _, id := range nodes {
		if id >= v.nextNode {
			return errorf(ErrCorrupt, "journal: node %d beyond the id counter", id)
		}
		p, i := nodePage(id)
		if p.isAlive(i) {
			v.all.Remove(id)
			for _, l := range p.labels[i] {
				if b := v.labels[l]; b != nil {
					b.Remove(id)
				}
			}
		}
		key = appendNodeKey(key[:0], gid, id)
		rec, ok, err := s.get(key)
		if err != nil {
			return err
		}
		if !ok {
			p.alive[i>>6] &^= 1 << (i & 63)
			p.labels[i], p.props[i], p.adj[i] = nil, nil, [2][]*adjList{}
			continue
		}
		labels, ps, err := decodeNodeRecord(rec)
		if err != nil {
			return err
		}
		for _, l := range labels {
			if err := v.checkIDs(l, dictLabel); err != nil {
				return err
			}
		}
		if !p.isAlive(i) {
			p.adj[i] = [2][]*adjList{}
		}
		p.alive[i>>6] |= 1 << (i & 63)
		p.labels[i], p.props[i] = labels, ps
		v.all.Add(id)
		for _, l := range labels {
			b := v.labels[l]
			if b == nil {
				b = roaring.New()
				v.labels[l] = b
			}
			b.Add(id)
		}
	}
	// Relationships, and the adjacency edits they imply.
	rels := make([]uint64, 0, len(js.rels))
	for r := range js.rels {
		rels = append(rels, r)
	}
	slices.Sort(rels)
	type listRef struct {
		node uint32
		dir  Direction
		typ  uint32
	}
	type edit struct {
		del  []uint64 // ascending
		rels []uint64 // appended, ascending
		nbrs []uint32
	}
	edits := map[listRef]*edit{}
	editOf := func(r listRef) *edit {
		e := edits[r]
		if e == nil {
			e = &edit{}
			edits[r] = e
		}
		return e
	}
	for _, id := range rels {
		if id >= v.nextRel {
			return errorf(ErrCorrupt, "journal: relationship %d beyond the id counter", id)
		}
		rs := js.rels[id]
		p, i := relPage(id)
		was := p.isAlive(i)
		switch {
		case was && !rs.alive:
			editOf(listRef{p.start[i], Out, p.typ[i]}).del = append(editOf(listRef{p.start[i], Out, p.typ[i]}).del, id)
			editOf(listRef{p.end[i], In, p.typ[i]}).del = append(editOf(listRef{p.end[i], In, p.typ[i]}).del, id)
		case !was && rs.alive:
			if rs.start >= v.nextNode || rs.end >= v.nextNode {
				return errorf(ErrCorrupt, "journal: relationship %d to a node beyond the id counter", id)
			}
			if err := v.checkIDs(rs.typ, dictType); err != nil {
				return err
			}
			o := editOf(listRef{rs.start, Out, rs.typ})
			o.rels, o.nbrs = append(o.rels, id), append(o.nbrs, rs.end)
			in := editOf(listRef{rs.end, In, rs.typ})
			in.rels, in.nbrs = append(in.rels, id), append(in.nbrs, rs.start)
		case was && (p.start[i] != rs.start || p.end[i] != rs.end || p.typ[i] != rs.typ):
			return errorf(ErrCorrupt, "journal: relationship %d changed its endpoints", id)
		}
		delete(p.props, i)
		if !rs.alive {
			p.alive[i>>6] &^= 1 << (i & 63)
			p.start[i], p.end[i], p.typ[i] = 0, 0, 0
			continue
		}
		p.alive[i>>6] |= 1 << (i & 63)
		p.start[i], p.end[i], p.typ[i] = rs.start, rs.end, rs.typ
		rec, ok, err := s.get(relKey(gid, id))
		if err != nil {
			return err
		}
		if ok {
			ps, n, err := decodeProps(rec)
			if err != nil {
				return err
			}
			if n != len(rec) || len(ps) == 0 {
				return errorf(ErrCorrupt, "bad relationship record %d", id)
			}
			if p.props == nil {
				p.props = map[uint32]props{}
			}
			p.props[i] = ps
		}
	}
	for ref, e := range edits {
		p, i := nodePage(ref.node)
		if !p.isAlive(i) {
			if len(e.rels) > 0 {
				return errorf(ErrCorrupt, "journal: relationship %d at deleted node %d", e.rels[0], ref.node)
			}
			continue
		}
		slices.Sort(e.del)
		ls := p.adj[i][ref.dir]
		j := sort.Search(len(ls), func(j int) bool { return ls[j].typ >= ref.typ })
		nl := &adjList{typ: ref.typ}
		if j < len(ls) && ls[j].typ == ref.typ {
			old := ls[j]
			nl.rels = make([]uint64, 0, len(old.rels)+len(e.rels))
			nl.nbrs = make([]uint32, 0, len(old.rels)+len(e.rels))
			k := 0
			for x, r := range old.rels {
				for k < len(e.del) && e.del[k] < r {
					k++
				}
				if k < len(e.del) && e.del[k] == r {
					continue
				}
				nl.rels, nl.nbrs = append(nl.rels, r), append(nl.nbrs, old.nbrs[x])
			}
		}
		if len(nl.rels) > 0 && len(e.rels) > 0 && e.rels[0] <= nl.rels[len(nl.rels)-1] {
			return errorf(ErrCorrupt, "journal: relationship %d out of order", e.rels[0])
		}
		nl.rels, nl.nbrs = append(nl.rels, e.rels...), append(nl.nbrs, e.nbrs...)
		nls := slices.Clone(ls)
		switch {
		case j < len(ls) && ls[j].typ == ref.typ && len(nl.rels) > 0:
			nls[j] = nl
		case j < len(ls) && ls[j].typ == ref.typ:
			nls = slices.Delete(nls, j, j+1)
		case len(nl.rels) > 0:
			nls = slices.Insert(nls, j, nl)
		}
		if len(nls) == 0 {
			nls = nil
		}
		p.adj[i][ref.dir] = nls
	}
	for pi, p := range nodePages {
		v.nodes.set(pi, p, nil)
		js.mem += nodePageBytes(p)
	}
	for pi, p := range relPages {
		v.rels.set(pi, p, nil)
		js.mem += relPageBytes(p)
	}
	v.mem += js.mem
	addStats(v.stats, js.stats)
	v.relCount = js.relCount
	for l, b := range v.labels {
		if b.IsEmpty() {
			delete(v.labels, l)
		}
	}
	return nil
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
