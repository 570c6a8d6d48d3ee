package storage

import (
	"bytes"
	"encoding/binary"
	"reflect"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cockroachdb/pebble/v2"
)

// The overlay (see doc.go, "Commits after the image") carries every commit
// since a graph's image into Pebble, in the commit's own batch, so that an
// open after a crash maps the image and applies what changed since, at a
// cost in proportion to the changes:
//
//	\x00 'P' gid kind pi -> prev u64, page block (kind 'n': node page, 'r':
//	                        relationship page; the block format of image.go,
//	                        empty when the page holds nothing live)
//	\x00 'J' gid seq     -> prev u64, uvarint relCount, uvarint stats length,
//	                        stats delta (encodeStats of the counter changes),
//	                        index info (encodeIndexInfo, absolute)
//
// A commit writes the current state of every page it copied (pages are the
// unit of copy-on-write in memory too) and one journal record. prev is the
// graph's sequence before the commit, so the records chain: the journal
// record of commit seq names the commit before it. An image of sequence I
// is brought up to the graph's sequence S by the journal records after I
// when they chain from I to S; otherwise (a bulk load, which writes no
// overlay, or records lost to a removed image) the graph is read from its
// records. A page record with prev < I was written by a commit the image
// already holds and is ignored, so stale records never need a synced
// removal.
var (
	prefixOverlayPage = []byte("\x00P")
	prefixJournal     = []byte("\x00J")
)

const (
	overlayNode = 'n'
	overlayRel  = 'r'
)

func overlayPagePrefix(gid uint32) []byte {
	return binary.BigEndian.AppendUint32(append([]byte(nil), prefixOverlayPage...), gid)
}

func overlayPageKey(gid uint32, kind byte, pi uint64) []byte {
	return binary.BigEndian.AppendUint64(append(overlayPagePrefix(gid), kind), pi)
}

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

// overlayCommit is what a commit adds to its batch for the overlay: the
// encoded pages (set before the sequence is known) and the journal record
// body (keyed by the sequence, set by commitBatch).
type overlayCommit struct {
	journal []byte // without prev
	bytes   int64  // page bytes written
}

// encodeOverlay adds the pages tx copied to b and returns the journal
// record body. prev is the graph's sequence before this commit.
func (tx *Tx) encodeOverlay(b *pebble.Batch, prev uint64) (*overlayCommit, error) {
	gid := tx.g.id
	oc := &overlayCommit{}
	val := make([]byte, 8, 4096)
	binary.LittleEndian.PutUint64(val, prev)
	for _, pi := range sortedKeys(tx.ownNodePage) {
		val = val[:8]
		if p := tx.nodes.own(uint64(pi)); p != nil && p.alive[0] != 0 {
			val = appendNodeBlock(val, p)
		}
		if err := b.Set(overlayPageKey(gid, overlayNode, uint64(pi)), val, nil); err != nil {
			return nil, err
		}
		oc.bytes += int64(len(val))
	}
	for _, pi := range sortedKeys(tx.ownRelPage) {
		val = val[:8]
		if p := tx.rels.own(pi); p != nil && popcount(p.alive[:]) != 0 {
			val = appendRelBlock(val, p)
		}
		if err := b.Set(overlayPageKey(gid, overlayRel, pi), val, nil); err != nil {
			return nil, err
		}
		oc.bytes += int64(len(val))
	}
	oc.journal = journalBody(tx.relCount, statsDelta(tx.base.stats, tx.stats), tx.version)
	return oc, nil
}

// journalBody encodes a journal record without its prev.
func journalBody(relCount uint64, delta *statsData, v *version) []byte {
	st := encodeStats(delta)
	j := binary.AppendUvarint(nil, relCount)
	j = binary.AppendUvarint(j, uint64(len(st)))
	j = append(j, st...)
	return append(j, encodeIndexInfo(v)...)
}

// emptyJournal is the journal record of a new, empty graph.
func emptyJournal() []byte { return journalBody(0, newStatsData(), newVersion()) }

// journalValue is the journal record of a commit.
func (oc *overlayCommit) journalValue(prev uint64) []byte {
	return append(binary.LittleEndian.AppendUint64(nil, prev), oc.journal...)
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

// journalEntry is one decoded journal record.
type journalEntry struct {
	seq, prev uint64
	relCount  uint64
	stats     *statsData
	indexes   []byte // encodeIndexInfo
}

// overlayState is what the overlay adds to an image of sequence base to
// bring it to the graph's sequence.
type overlayState struct {
	entries []journalEntry
	last    *journalEntry
	read    int64 // bytes of page records applied
}

// readJournal reads the journal records of graph gid after sequence base
// and checks that they chain from base to seq. ok is false when they do
// not (the graph must then be read from its records).
func (s *Store) readJournal(gid uint32, base, seq uint64) (ov *overlayState, ok bool, err error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: journalKey(gid, base+1), UpperBound: prefixEnd(journalPrefix(gid))})
	if err != nil {
		return nil, false, errorf(ErrCorrupt, "%v", err)
	}
	defer it.Close()
	ov = &overlayState{}
	at := base
	for valid := it.First(); valid; valid = it.Next() {
		k, val := it.Key(), it.Value()
		if len(k) != len(prefixJournal)+12 || len(val) < 8 {
			return nil, false, errorf(ErrCorrupt, "bad journal record %q", k)
		}
		e := journalEntry{seq: binary.BigEndian.Uint64(k[len(k)-8:]), prev: binary.LittleEndian.Uint64(val)}
		if e.prev != at {
			return nil, false, nil
		}
		d := &decoder{b: val[8:]}
		e.relCount = d.uvarint()
		sb := d.bytes(d.uvarint())
		if d.err != nil {
			return nil, false, d.err
		}
		if e.stats, err = decodeStats(sb); err != nil {
			return nil, false, err
		}
		e.indexes = bytes.Clone(d.b)
		ov.entries = append(ov.entries, e)
		at = e.seq
	}
	if err := it.Error(); err != nil {
		return nil, false, errorf(ErrCorrupt, "%v", err)
	}
	if at != seq || len(ov.entries) == 0 {
		return nil, false, nil
	}
	ov.last = &ov.entries[len(ov.entries)-1]
	return ov, true, nil
}

// applyOverlay puts the overlay pages written after sequence base into v's
// own page tables and brings v's label bitmaps and statistics up to date.
// img is v's image (nil: v started empty).
func (s *Store) applyOverlay(v *version, img *image, gid uint32, base uint64, ov *overlayState) error {
	var read int64
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: overlayPagePrefix(gid), UpperBound: prefixEnd(overlayPagePrefix(gid))})
	if err != nil {
		return errorf(ErrCorrupt, "%v", err)
	}
	defer it.Close()
	for valid := it.First(); valid; valid = it.Next() {
		k, val := it.Key(), it.Value()
		if len(k) != len(prefixOverlayPage)+13 || len(val) < 8 {
			return errorf(ErrCorrupt, "bad overlay record %q", k)
		}
		if binary.LittleEndian.Uint64(val) < base {
			continue // held by the image already
		}
		read += int64(len(val))
		kind, pi := k[len(k)-9], binary.BigEndian.Uint64(k[len(k)-8:])
		block := bytes.Clone(val[8:])
		switch kind {
		case overlayNode:
			if pi >= nodePages(v.nextNode) {
				return errorf(ErrCorrupt, "overlay node page %d past the node counter", pi)
			}
			p := &nodePage{}
			if len(block) > 0 {
				if p, err = decodeNodePage(block); err != nil {
					return err
				}
			}
			var old *nodePage
			if img != nil {
				old = img.nodePage(pi)
			}
			v.relabelPage(pi, old, p)
			v.nodes.set(pi, p, nil)
			v.mem += nodePageBytes(p)
		case overlayRel:
			if pi >= relPages(v.nextRel) {
				return errorf(ErrCorrupt, "overlay relationship page %d past the relationship counter", pi)
			}
			p := &relPage{}
			if len(block) > 0 {
				if p, err = decodeRelPage(block); err != nil {
					return err
				}
			}
			v.rels.set(pi, p, nil)
			v.mem += relPageBytes(p)
		default:
			return errorf(ErrCorrupt, "bad overlay record %q", k)
		}
	}
	if err := it.Error(); err != nil {
		return errorf(ErrCorrupt, "%v", err)
	}
	for i := range ov.entries {
		addStats(v.stats, ov.entries[i].stats)
	}
	v.relCount = ov.last.relCount
	for l, b := range v.labels {
		if b.IsEmpty() {
			delete(v.labels, l)
		}
	}
	ov.read = read
	return nil
}

// relabelPage moves the label bitmaps of page pi's nodes from old to nw.
func (v *version) relabelPage(pi uint64, old, nw *nodePage) {
	for i := uint32(0); i < nodePageSize; i++ {
		id := uint32(pi)<<nodePageBits | i
		if old != nil && old.isAlive(i) {
			v.all.Remove(id)
			for _, l := range old.labels[i] {
				if b := v.labels[l]; b != nil {
					b.Remove(id)
				}
			}
		}
		if nw != nil && nw.isAlive(i) {
			v.all.Add(id)
			for _, l := range nw.labels[i] {
				b := v.labels[l]
				if b == nil {
					b = roaring.New()
					v.labels[l] = b
				}
				b.Add(id)
			}
		}
	}
}

// dropOverlay removes graph gid's overlay records once an image of
// sequence seq, the graph's, holds them; no commit of the graph may run.
// Not synced: records that survive a crash are ignored by sequence.
func (s *Store) dropOverlay(gid uint32, seq uint64) {
	b := s.db.NewBatch()
	defer b.Close()
	_ = b.DeleteRange(overlayPagePrefix(gid), prefixEnd(overlayPagePrefix(gid)), nil)
	_ = b.DeleteRange(journalPrefix(gid), journalKey(gid, seq+1), nil)
	if err := b.Commit(pebble.NoSync); err != nil {
		s.opts.Logger.Errorf("graph %d: dropping the commits folded into its image: %v", gid, err)
	}
}
