package storage

import (
	"cmp"
	"encoding/binary"
	"maps"
	"slices"
	"sync/atomic"

	"github.com/cyqdb/cyq/value"
)

// Value kinds: per (label, key) over nodes and per (type, key) over
// relationships (AnyLabel and AnyType: all of them), the number of
// entities holding a value of each kind, and of those holding an
// INTEGER of magnitude above 2^53. They are counts, not flags, so that
// a commit that takes the last value of a kind away (a deletion, a SET,
// a REMOVE, a label removed) drops the kind exactly; the entities of a
// label lacking the key are the label's count less the holders. A
// planner reads from them which kinds a property can take (every
// `born` a DATE or missing), facts it may rest rewrites on, so they are
// exact for every version, never estimates.
//
// They follow the pattern of the value statistics' rows: every version
// carries the change in counts its commits made since the graph was
// opened (vkinds, a counter per kindKey), and the graph's versions
// share the absolute counts of one version (kindsCell: the counts and
// that version's vkinds), so a version's counts are those plus the
// difference of the two vkinds. Commits and bulk loads add their
// change (kindsDelta, countAdded); a commit logs it in its journal
// record, so that an open replaying the journal adds the same changes.
// The image persists the absolute counts in a trailing record of its
// value section (appendKindsTrailer), which images written before it
// lack: a graph opened from one, or from a journal with a record
// written before the change was logged, reads its kinds as unknown
// until the next image write computes them from every node and
// relationship page it writes (kindsBuilder), and the versions from
// then on read them again.

// kindBig is the kind a kindKey counts the INTEGER values of magnitude
// above maxExactInt under (they are counted under value.KindInt too).
const kindBig = 0xff

// maxExactInt is 2^53, the largest magnitude of an integer every FLOAT
// conversion keeps exactly.
const maxExactInt = 1 << 53

// kindKey names one count: the nodes of label owner (AnyLabel: any), or
// the relationships of type owner (AnyType: any) when rel, that hold a
// value of kind for key.
type kindKey struct {
	owner, key uint32
	kind       uint8
	rel        bool
}

// kindsCell holds a graph's absolute kind counts, shared by its
// versions (nil: unknown).
type kindsCell struct {
	p atomic.Pointer[kindsBase]
}

// kindsBase is the absolute counts of the version whose vkinds is from.
type kindsBase struct {
	counts map[kindKey]int64
	from   *counters[kindKey]
}

// knownEmpty is the counts of an empty graph.
func knownEmpty() *kindsCell {
	c := &kindsCell{}
	c.p.Store(&kindsBase{counts: map[kindKey]int64{}})
	return c
}

// ValueKinds are the kinds of the values a property key takes over the
// nodes of a label or the relationships of a type.
type ValueKinds struct {
	// Kinds has bit k set when some entity holds a value of value.Kind k.
	Kinds uint32
	// Holders is the entities holding a value; Lacking the entities of
	// the label or type holding none (they read the key as null).
	Holders, Lacking uint64
	// Big is the INTEGER values of magnitude above 2^53.
	Big uint64
}

// kindOfValue is the kind a value is counted under.
func kindOfValue(v value.Value) uint8 { return uint8(value.KindOf(v)) }

// isBig reports whether v is an INTEGER of magnitude above 2^53.
func isBig(v value.Value) bool {
	i, ok := v.(value.Int)
	return ok && (i > maxExactInt || i < -maxExactInt)
}

// addNodeKinds adds n to the counts of a node of labels ls and
// properties ps.
func addNodeKinds(m map[kindKey]int64, ls []uint32, ps props, n int64) {
	for _, pr := range ps {
		if value.IsNull(pr.val) {
			continue
		}
		k, big := kindOfValue(pr.val), isBig(pr.val)
		add := func(owner uint32) {
			m[kindKey{owner: owner, key: pr.key, kind: k}] += n
			if big {
				m[kindKey{owner: owner, key: pr.key, kind: kindBig}] += n
			}
		}
		add(AnyLabel)
		for _, l := range ls {
			add(l)
		}
	}
}

// addRelKinds adds n to the counts of a relationship of type typ and
// properties ps.
func addRelKinds(m map[kindKey]int64, typ uint32, ps props, n int64) {
	for _, pr := range ps {
		if value.IsNull(pr.val) {
			continue
		}
		k, big := kindOfValue(pr.val), isBig(pr.val)
		for _, owner := range [2]uint32{AnyType, typ} {
			m[kindKey{owner: owner, key: pr.key, kind: k, rel: true}] += n
			if big {
				m[kindKey{owner: owner, key: pr.key, kind: kindBig, rel: true}] += n
			}
		}
	}
}

// applyKinds adds the changes d to v's counts (v owned by the caller).
func (v *version) applyKinds(d map[kindKey]int64) {
	var c *counters[kindKey]
	for k, n := range d {
		if n == 0 {
			continue
		}
		if c == nil {
			if v.vkinds == nil {
				c = newCounters[kindKey]()
			} else {
				c = v.vkinds.fork()
			}
		}
		c.add(k, n)
	}
	if c != nil {
		v.vkinds = c
	}
}

// kindsBase is the graph's absolute counts v reads; ok is false when
// unknown.
func (v *version) kindsBase() (*kindsBase, bool) {
	if v.vkcell == nil {
		return nil, false
	}
	b := v.vkcell.p.Load()
	return b, b != nil
}

// kindCount is v's count k, with extra's change.
func (v *version) kindCount(b *kindsBase, k kindKey, extra map[kindKey]int64) int64 {
	n := b.counts[k] + extra[k]
	if v.vkinds != nil {
		n += v.vkinds.get(k)
	}
	if b.from != nil {
		n -= b.from.get(k)
	}
	return n
}

// valueKinds reads the kinds of key over owner's entities (extra: the
// changes of a transaction not yet committed).
func (v *version) valueKinds(owner, key uint32, rel bool, entities uint64, extra map[kindKey]int64) (ValueKinds, bool) {
	b, ok := v.kindsBase()
	if !ok {
		return ValueKinds{}, false
	}
	var vk ValueKinds
	for k := value.KindNull + 1; k <= value.KindVector; k++ {
		if n := v.kindCount(b, kindKey{owner: owner, key: key, kind: uint8(k), rel: rel}, extra); n > 0 {
			vk.Kinds |= 1 << k
			vk.Holders += uint64(n)
		}
	}
	if n := v.kindCount(b, kindKey{owner: owner, key: key, kind: kindBig, rel: rel}, extra); n > 0 {
		vk.Big = uint64(n)
	}
	if entities > vk.Holders {
		vk.Lacking = entities - vk.Holders
	}
	return vk, true
}

// NodeValueKinds implements Reader.
func (v *version) NodeValueKinds(label, key uint32) (ValueKinds, bool) {
	return v.valueKinds(label, key, false, v.labelNodes(label), nil)
}

// RelValueKinds implements Reader.
func (v *version) RelValueKinds(typ, key uint32) (ValueKinds, bool) {
	return v.valueKinds(typ, key, true, v.RelTypeCount(typ), nil)
}

// labelNodes is the nodes of label, every node for AnyLabel.
func (v *version) labelNodes(label uint32) uint64 {
	if label == AnyLabel {
		return v.NodeCount()
	}
	return v.LabelCount(label)
}

// NodeValueKinds implements Reader: the committed counts and the
// transaction's changes.
func (tx *Tx) NodeValueKinds(label, key uint32) (ValueKinds, bool) {
	return tx.version.valueKinds(label, key, false, tx.labelNodes(label), tx.kindsDelta())
}

// RelValueKinds implements Reader: the committed counts and the
// transaction's changes.
func (tx *Tx) RelValueKinds(typ, key uint32) (ValueKinds, bool) {
	return tx.version.valueKinds(typ, key, true, tx.RelTypeCount(typ), tx.kindsDelta())
}

// kindsDelta is the change in counts of tx's writes: for every node and
// relationship it wrote or created, what it holds now counted in and
// what it held before counted out. (tx.version's own counts are its
// base's until the commit adds these.)
func (tx *Tx) kindsDelta() map[kindKey]int64 {
	d := map[kindKey]int64{}
	for id := range tx.dirtyNodes {
		if p, i := tx.base.node(id); p != nil {
			addNodeKinds(d, p.labels[i], p.props[i], -1)
		}
		if p, i := tx.version.node(id); p != nil {
			addNodeKinds(d, p.labels[i], p.props[i], 1)
		}
	}
	// (A relationship created without properties, which dirties no
	// record, holds no value.)
	for id := range tx.dirtyRels {
		if p, i := tx.base.rel(id); p != nil {
			addRelKinds(d, p.typ[i], p.props[i], -1)
		}
		if p, i := tx.version.rel(id); p != nil {
			addRelKinds(d, p.typ[i], p.props[i], 1)
		}
	}
	return d
}

// kindsAbsolute is v's absolute counts (nil when unknown).
func (v *version) kindsAbsolute() map[kindKey]int64 {
	b, ok := v.kindsBase()
	if !ok {
		return nil
	}
	out := make(map[kindKey]int64, len(b.counts))
	for k, n := range b.counts {
		if n != 0 {
			out[k] = n
		}
	}
	if v.vkinds != nil {
		v.vkinds.each(func(k kindKey, n int64) { out[k] += n })
	}
	if b.from != nil {
		b.from.each(func(k kindKey, n int64) { out[k] -= n })
	}
	maps.DeleteFunc(out, func(_ kindKey, n int64) bool { return n == 0 })
	return out
}

// kindsBuilder counts the kinds of the node and relationship pages an
// image write writes, for a version whose counts are unknown.
type kindsBuilder struct {
	counts map[kindKey]int64
}

func (kb *kindsBuilder) addNodePage(p *nodePage) {
	if p == nil {
		return
	}
	for i := uint32(0); i < nodePageSize; i++ {
		if p.isAlive(i) {
			addNodeKinds(kb.counts, p.labels[i], p.props[i], 1)
		}
	}
}

func (kb *kindsBuilder) addRelPage(p *relPage) {
	if p == nil {
		return
	}
	for i, ps := range p.props {
		if p.isAlive(i) {
			addRelKinds(kb.counts, p.typ[i], ps, 1)
		}
	}
}

// scanKinds sets v's absolute counts from every node and relationship
// of v (a version read from the graph's records).
func (v *version) scanKinds() {
	kb := &kindsBuilder{counts: map[kindKey]int64{}}
	for _, p := range v.nodes.all() {
		kb.addNodePage(p)
	}
	for _, p := range v.rels.all() {
		kb.addRelPage(p)
	}
	v.vkcell = &kindsCell{}
	v.vkcell.p.Store(&kindsBase{counts: kb.counts, from: v.vkinds})
}

// ---- encoding ----

// The kinds in the image's value section (image version 5 on), after
// the registers: uvarint count, per count uvarint flags (1 for a
// relationship's, plus 2 times the kind), owner, key and the count;
// then the trailer, u32 length of what comes before it (from the
// count) and kindsMagic. The last byte of a value section written
// before the kinds were kept is a register (at most 64-hllBits+1) or a
// count of zero registers, never kindsMagic's last byte, 0xff, so the
// trailer tells both apart.

// writeKinds: images and journal records hold the kinds; off only in
// tests that write them as they were written before.
var writeKinds = true

// kindsMagic ends a value section holding kinds.
const kindsMagic = "knd\xff"

// appendKindsTrailer appends v's counts and the trailer to the value
// section out (nothing when they are unknown).
func appendKindsTrailer(out []byte, counts map[kindKey]int64) []byte {
	if counts == nil || !writeKinds {
		return out
	}
	keys := slices.Collect(maps.Keys(counts))
	slices.SortFunc(keys, compareKindKeys)
	start := len(out)
	out = binary.AppendUvarint(out, uint64(len(keys)))
	for _, k := range keys {
		out = binary.AppendUvarint(out, uint64(k.kind)<<1|uint64(b2i(k.rel)))
		out = binary.AppendUvarint(out, uint64(k.owner))
		out = binary.AppendUvarint(out, uint64(k.key))
		out = binary.AppendUvarint(out, uint64(counts[k]))
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(len(out)-start))
	return append(out, kindsMagic...)
}

// compareKindKeys orders kind keys: nodes' first, by owner, key, kind.
func compareKindKeys(a, b kindKey) int {
	return cmp.Or(cmp.Compare(b2i(a.rel), b2i(b.rel)), cmp.Compare(a.owner, b.owner), cmp.Compare(a.key, b.key), cmp.Compare(a.kind, b.kind))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// splitKindsTrailer takes the kinds from the end of value section b (of
// an image of version 5 on): the section without them, and the counts
// (nil when the section holds none).
func splitKindsTrailer(b []byte) ([]byte, map[kindKey]int64, error) {
	const tl = 4 + len(kindsMagic)
	if len(b) < tl || string(b[len(b)-len(kindsMagic):]) != kindsMagic {
		return b, nil, nil
	}
	n := uint64(binary.LittleEndian.Uint32(b[len(b)-tl:]))
	if n > uint64(len(b)-tl) {
		return nil, nil, errorf(ErrCorrupt, "image: bad value kinds")
	}
	rec := b[len(b)-tl-int(n) : len(b)-tl]
	d := &decoder{b: rec}
	counts := map[kindKey]int64{}
	for i, c := 0, d.count(); i < c && d.err == nil; i++ {
		k := decodeKindKey(d, "image: bad value kind")
		counts[k] = int64(d.uvarint())
	}
	if err := d.done(); err != nil {
		return nil, nil, err
	}
	return b[:len(b)-tl-int(n)], counts, nil
}

// The journal's kinds delta, after its value delta: uvarint count, per
// changed count uvarint flags (as in the image), owner, key and varint
// change. A record without one (written before it was logged) leaves
// the kinds unknown.

func appendKindsDelta(b []byte, d map[kindKey]int64) []byte {
	keys := make([]kindKey, 0, len(d))
	for k, n := range d {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKindKeys)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		b = binary.AppendUvarint(b, uint64(k.kind)<<1|uint64(b2i(k.rel)))
		b = binary.AppendUvarint(b, uint64(k.owner))
		b = binary.AppendUvarint(b, uint64(k.key))
		b = binary.AppendVarint(b, d[k])
	}
	return b
}

func decodeKindsDelta(d *decoder, into map[kindKey]int64) {
	for i, c := 0, d.count(); i < c && d.err == nil; i++ {
		k := decodeKindKey(d, "bad journal record: value kind")
		into[k] += d.varint()
	}
}

// decodeKindKey reads a count's key as the image and the journal write
// it (uvarint flags: kind<<1 | relationship; owner; key), a kind no
// version writes reported as damage (what).
func decodeKindKey(d *decoder, what string) kindKey {
	f := d.uvarint()
	k := kindKey{rel: f&1 != 0, owner: d.u32(), key: d.u32()}
	if kind := f >> 1; kind <= uint64(value.KindVector) || kind == kindBig {
		k.kind = uint8(kind)
	} else if d.err == nil {
		d.err = errorf(ErrCorrupt, "%s", what)
	}
	return k
}
