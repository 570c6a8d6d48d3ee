package storage

import (
	"math"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// Reader is the read interface of a graph, implemented by *Snapshot (a
// consistent committed point in time) and by *Tx (the transaction's view,
// including its own uncommitted writes).
//
// Bitmaps returned by a Reader are read-only views that may be shared with
// the store: callers must not mutate them (Clone first). A bitmap returned
// by a Snapshot stays valid and unchanged for as long as it is referenced.
// A bitmap returned by a Tx also never changes afterwards: the Tx copies it
// before its next write to the same structure.
//
// Ids that do not exist (or were deleted) read as absent: false, nil, zero
// or an empty bitmap; no method panics on an unknown id. No method of a
// Snapshot blocks on a writer. A Reader must not be used after its Close
// (Snapshot) or after Commit/Rollback (Tx).
type Reader interface {
	// LabelID returns the id of a label name.
	LabelID(name string) (uint32, bool)
	// LabelName returns the name of a label id, "" if unknown.
	LabelName(id uint32) string
	// TypeID returns the id of a relationship type name.
	TypeID(name string) (uint32, bool)
	// TypeName returns the name of a relationship type id, "" if unknown.
	TypeName(id uint32) string
	// PropKeyID returns the id of a property key name.
	PropKeyID(name string) (uint32, bool)
	// PropKeyName returns the name of a property key id, "" if unknown.
	PropKeyName(id uint32) string
	// Labels lists every label name ever used in the graph, by id.
	Labels() []string
	// Types lists every relationship type name, by id.
	Types() []string
	// PropKeys lists every property key name, by id.
	PropKeys() []string

	// NodeCount is the number of nodes.
	NodeCount() uint64
	// RelCount is the number of relationships.
	RelCount() uint64
	// AllNodes is the set of node ids (read-only).
	AllNodes() *roaring.Bitmap
	// NodesWithLabel is the set of nodes carrying label (read-only, empty if none).
	NodesWithLabel(label uint32) *roaring.Bitmap
	// NodeExists reports whether the node exists.
	NodeExists(id uint32) bool
	// NodeLabels returns the node's label ids in ascending order (read-only).
	NodeLabels(id uint32) []uint32
	// NodeHasLabel reports whether the node carries label.
	NodeHasLabel(id, label uint32) bool
	// NodeProp returns one property of a node.
	NodeProp(id, key uint32) (value.Value, bool)
	// NodeProps returns a new map of the node's properties (nil if none).
	NodeProps(id uint32) map[uint32]value.Value
	// ForEachNodeProp calls fn for each property in key order until it returns false.
	ForEachNodeProp(id uint32, fn func(key uint32, v value.Value) bool)

	// Neighbors is the set of nodes adjacent to node through relationships
	// of typ (or AnyType) in direction dir (read-only).
	Neighbors(node uint32, dir Direction, typ uint32) *roaring.Bitmap
	// Expand calls fn with each (relationship, neighbour, type) of node in
	// direction dir, of typ (or AnyType), until fn returns false. Parallel
	// relationships appear once each; with Both a self-loop appears once.
	// Within one type, relationships come in ascending id order.
	Expand(node uint32, dir Direction, typ uint32, fn func(rel uint64, nbr uint32, typ uint32) bool)
	// Degree is the number of relationships Expand would report.
	Degree(node uint32, dir Direction, typ uint32) int
	// Linked reports whether Neighbors(node, dir, typ) holds nbr, without
	// building that set.
	Linked(node uint32, dir Direction, typ uint32, nbr uint32) bool
	// RelsBetween calls fn with each relationship between a and b in
	// direction dir from a (its id, start, end and type; with Both a
	// self-loop once) until fn returns false.
	RelsBetween(a, b uint32, dir Direction, fn func(rel uint64, start, end, typ uint32) bool)
	// ExpandSet returns the union of Neighbors(n, dir, typ) over every n in
	// nodes (one frontier step of a breadth-first expansion). The result is
	// new and owned by the caller.
	ExpandSet(nodes *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap
	// ExpandSetExcept returns ExpandSet(nodes, dir, typ) without the nodes
	// of except (a breadth-first search's visited set). When the nodes
	// outside except are few next to the frontier, it reads their
	// adjacency in the other direction instead (bottom-up), each node
	// stopping at its first neighbour in nodes.
	ExpandSetExcept(nodes, except *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap
	// NodeRelTypes returns the relationship types the node has in dir (Out or In; Both merges).
	NodeRelTypes(node uint32, dir Direction) []uint32

	// Rel returns the endpoints and type of a relationship.
	Rel(id uint64) (start, end, typ uint32, ok bool)
	// RelProp returns one property of a relationship.
	RelProp(id uint64, key uint32) (value.Value, bool)
	// RelProps returns a new map of the relationship's properties (nil if none).
	RelProps(id uint64) map[uint32]value.Value
	// ForEachRelProp calls fn for each property in key order until it returns false.
	ForEachRelProp(id uint64, fn func(key uint32, v value.Value) bool)
	// ForEachRel calls fn for every relationship in ascending id order until it returns false.
	ForEachRel(fn func(id uint64, start, end, typ uint32) bool)
	// RelsOfType calls fn for every relationship of typ, grouped by start node, until it returns false.
	RelsOfType(typ uint32, fn func(id uint64, start, end uint32) bool)

	// Indexes lists the property indexes (including those backing constraints).
	Indexes() []IndexInfo
	// Index returns the index on (label, key), if any.
	Index(label, key uint32) (IndexInfo, bool)
	// IndexSeek returns the nodes with label whose property key equals v
	// (openCypher equality: Int 1 equals Float 1.0; null and NaN match
	// nothing). It uses the index on (label, key) when there is one and
	// otherwise scans the label (correct, slower). Read-only result.
	IndexSeek(label, key uint32, v value.Value) *roaring.Bitmap
	// IndexRange returns the nodes with label whose property key lies
	// between lo and hi (nil = unbounded; inclusive per loIncl/hiIncl).
	// Only values comparable with the bounds match: numbers with numbers,
	// strings with strings, and so on; with both bounds nil, every value of
	// the bound-less kinds matches (all nodes having the property).
	IndexRange(label, key uint32, lo, hi value.Value, loIncl, hiIncl bool) *roaring.Bitmap
	// IndexNaN returns the nodes with label whose property key is the
	// float NaN (which no range holds and no equality finds), from the
	// index on (label, key) or by a scan of the label.
	IndexNaN(label, key uint32) *roaring.Bitmap

	// Stats returns statistics for the cost model.
	Stats() Stats
	// LabelCount is the number of nodes with label (O(1)-ish, no Stats call).
	LabelCount(label uint32) uint64
	// RelTypeCount is the number of relationships of typ (O(1)).
	RelTypeCount(typ uint32) uint64
	// RelPatternCount is the number of relationships of a pattern whose
	// Type is a type (not AnyType): Stats().RelsPerPattern[p] without
	// building the statistics (O(1)).
	RelPatternCount(p Pattern) uint64
	// SelfLoopCount is the number of self-loops among the relationships
	// RelPatternCount(p) counts: those whose start node is their end node
	// (O(1)).
	SelfLoopCount(p Pattern) uint64
	// PropStats returns the value statistics of property key over the
	// nodes of label (AnyLabel: every node), persisted with the graph's
	// image (valuestats.go); false when there are none or the graph
	// changed by more than a fifth since they were computed.
	PropStats(label, key uint32) (PropStats, bool)
	// TopDegree returns, as PropStats, the nodes of label (AnyLabel:
	// any) with the highest degree of type typ (AnyType: any) in
	// direction dir, at most TopDegreeNodes, highest first, with their
	// degrees when computed (nil: no such relationships).
	TopDegree(label, typ uint32, dir Direction) ([]NodeDegree, bool)
	// NodeValueKinds returns the kinds of the values property key takes
	// over the nodes of label (AnyLabel: every node), exact for the
	// Reader's view (valuestats_kinds.go); false when not known (a
	// graph opened from an image written before they were kept, until
	// its next image).
	NodeValueKinds(label, key uint32) (ValueKinds, bool)
	// RelValueKinds is NodeValueKinds over the relationships of typ
	// (AnyType: every relationship).
	RelValueKinds(typ, key uint32) (ValueKinds, bool)
	// ExpandSetCharged is ExpandSetExcept (ExpandSet when except is nil)
	// with the step's transient buffers (dense bitsets of the graph's id
	// range) charged to charge before they are allocated and given back
	// (a negative charge) when it returns. An error from charge stops
	// the step: it returns that error and an empty set.
	ExpandSetCharged(nodes, except *roaring.Bitmap, dir Direction, typ uint32, charge func(int64) error) (*roaring.Bitmap, error)
}

var (
	_ Reader = (*Snapshot)(nil)
	_ Reader = (*Tx)(nil)
)

// Snapshot is a consistent, immutable view of a graph as of the last commit
// before Graph.Snapshot was called. It is cheap (one atomic pointer load),
// safe for concurrent use, and never blocks nor is blocked by writers.
type Snapshot struct {
	*version
}

// Close releases the snapshot. It is currently a no-op (a snapshot holds
// only garbage-collected memory) but callers should call it: a future
// version may pin Pebble state.
func (s *Snapshot) Close() {}

// Generation identifies the statistics a snapshot reads: two snapshots of
// one open graph with equal generations have the same counts (nodes,
// labels, relationships, patterns, degrees, index entries) and the same
// value statistics, so what was checked against one holds for the other.
// It moves with every commit that writes a node or relationship and with
// every image write that refreshes the value statistics; schema changes
// are not covered. A Tx has none: its counts move as it writes.
type Generation struct {
	cell    *statsCell
	state   *cellState
	changes int64
}

// Generation returns the snapshot's Generation.
func (s *Snapshot) Generation() Generation {
	return Generation{cell: s.vcell, state: s.cellState(), changes: s.vchanges}
}

// IndexInfo describes a property index.
type IndexInfo struct {
	// Label and Key are the indexed label and property-key ids.
	Label, Key uint32
	// Unique reports whether a uniqueness constraint is backed by the index.
	Unique bool
	// Explicit reports whether the index was created with CreateIndex (an
	// index created only for a constraint is dropped with it).
	Explicit bool
	// Distinct is the number of distinct values (Int 1 and Float 1.0 count once).
	Distinct uint64
	// Entries is the number of indexed nodes.
	Entries uint64
}

func dictID(d *dict, name string) (uint32, bool) {
	id, ok := d.ids[name]
	return id, ok
}

func dictName(d *dict, id uint32) string {
	if int64(id) < int64(len(d.names)) {
		return d.names[id]
	}
	return ""
}

// LabelID implements Reader.
func (v *version) LabelID(name string) (uint32, bool) { return dictID(v.dicts[dictLabel], name) }

// LabelName implements Reader.
func (v *version) LabelName(id uint32) string { return dictName(v.dicts[dictLabel], id) }

// TypeID implements Reader.
func (v *version) TypeID(name string) (uint32, bool) { return dictID(v.dicts[dictType], name) }

// TypeName implements Reader.
func (v *version) TypeName(id uint32) string { return dictName(v.dicts[dictType], id) }

// PropKeyID implements Reader.
func (v *version) PropKeyID(name string) (uint32, bool) { return dictID(v.dicts[dictKey], name) }

// PropKeyName implements Reader.
func (v *version) PropKeyName(id uint32) string { return dictName(v.dicts[dictKey], id) }

// Labels implements Reader.
func (v *version) Labels() []string { return append([]string(nil), v.dicts[dictLabel].names...) }

// Types implements Reader.
func (v *version) Types() []string { return append([]string(nil), v.dicts[dictType].names...) }

// PropKeys implements Reader.
func (v *version) PropKeys() []string { return append([]string(nil), v.dicts[dictKey].names...) }

// NodeCount implements Reader.
func (v *version) NodeCount() uint64 { return v.all.GetCardinality() }

// RelCount implements Reader.
func (v *version) RelCount() uint64 { return v.relCount }

// AllNodes implements Reader.
func (v *version) AllNodes() *roaring.Bitmap { return v.all }

// NodesWithLabel implements Reader.
func (v *version) NodesWithLabel(label uint32) *roaring.Bitmap {
	if b := v.labels[label]; b != nil {
		return b
	}
	return roaring.New()
}

// LabelCount implements Reader.
func (v *version) LabelCount(label uint32) uint64 {
	if b := v.labels[label]; b != nil {
		return b.GetCardinality()
	}
	return 0
}

// RelPatternCount implements Reader.
func (v *version) RelPatternCount(p Pattern) uint64 {
	if n := v.stats.triples.get(tripleKey{p.Start, p.Type, p.End}); n > 0 {
		return uint64(n)
	}
	return 0
}

// SelfLoopCount implements Reader.
func (v *version) SelfLoopCount(p Pattern) uint64 {
	if n := v.stats.loops.get(tripleKey{p.Start, p.Type, p.End}); n > 0 {
		return uint64(n)
	}
	return 0
}

// RelTypeCount implements Reader.
func (v *version) RelTypeCount(typ uint32) uint64 {
	if typ == AnyType {
		return v.relCount
	}
	if n := v.stats.relsPerType.get(typ); n > 0 {
		return uint64(n)
	}
	return 0
}

// NodeExists implements Reader.
func (v *version) NodeExists(id uint32) bool {
	p, _ := v.node(id)
	return p != nil
}

// NodeLabels implements Reader.
func (v *version) NodeLabels(id uint32) []uint32 {
	if p, i := v.node(id); p != nil {
		return p.labels[i]
	}
	return nil
}

// NodeHasLabel implements Reader.
func (v *version) NodeHasLabel(id, label uint32) bool {
	for _, l := range v.NodeLabels(id) {
		if l == label {
			return true
		}
	}
	return false
}

// NodeProp implements Reader.
func (v *version) NodeProp(id, key uint32) (value.Value, bool) {
	if p, i := v.node(id); p != nil {
		return p.props[i].get(key)
	}
	return nil, false
}

func propsMap(ps props) map[uint32]value.Value {
	if len(ps) == 0 {
		return nil
	}
	m := make(map[uint32]value.Value, len(ps))
	for _, p := range ps {
		m[p.key] = p.val
	}
	return m
}

// NodeProps implements Reader.
func (v *version) NodeProps(id uint32) map[uint32]value.Value {
	if p, i := v.node(id); p != nil {
		return propsMap(p.props[i])
	}
	return nil
}

// ForEachNodeProp implements Reader.
func (v *version) ForEachNodeProp(id uint32, fn func(key uint32, v value.Value) bool) {
	if p, i := v.node(id); p != nil {
		for _, pr := range p.props[i] {
			if !fn(pr.key, pr.val) {
				return
			}
		}
	}
}

// Neighbors implements Reader.
func (v *version) Neighbors(node uint32, dir Direction, typ uint32) *roaring.Bitmap {
	if dir == Both {
		out, in := v.Neighbors(node, Out, typ), v.Neighbors(node, In, typ)
		if in.IsEmpty() {
			return out
		}
		if out.IsEmpty() {
			return in
		}
		return roaring.Or(out, in)
	}
	if dir > Both {
		return roaring.New()
	}
	ls := v.lists(node, dir)
	if typ != AnyType {
		if l, ok := ls.find(typ); ok {
			return v.listBitmap(l)
		}
		return roaring.New()
	}
	switch ls.len() {
	case 0:
		return roaring.New()
	case 1:
		return v.listBitmap(ls.at(0))
	}
	bs := make([]*roaring.Bitmap, ls.len())
	for i, l := range ls.all() {
		bs[i] = v.listBitmap(l)
	}
	return roaring.FastOr(bs...)
}

// Expand implements Reader.
func (v *version) Expand(node uint32, dir Direction, typ uint32, fn func(rel uint64, nbr uint32, typ uint32) bool) {
	p, i := v.node(node)
	if p == nil || dir > Both {
		return
	}
	for d := Out; d <= In; d++ {
		if dir != Both && dir != d {
			continue
		}
		skipSelf := dir == Both && d == In
		ls := p.lists(i, d)
		// The records and the direction's arrays directly, not through
		// adjList: the ids of the direction are fetched (decoded, when
		// kept compressed and not read yet) once, at the first list read.
		var ids relIDs
		idsRead := false
		for _, r := range ls.d.recs(ls) {
			if typ != AnyType && r.typ != typ {
				continue
			}
			if !idsRead {
				ids, idsRead = ls.d.ids(), true
			}
			e := r.off + r.n
			nbrs := ls.d.all()[r.off:e]
			if ids.wide == nil {
				rels := ids.narrow[r.off:e]
				for k, n := range nbrs {
					if skipSelf && n == node {
						continue
					}
					if !fn(uint64(rels[k]), n, r.typ) {
						return
					}
				}
				continue
			}
			rels := ids.wide[r.off:e]
			for k, n := range nbrs {
				if skipSelf && n == node {
					continue
				}
				if !fn(rels[k], n, r.typ) {
					return
				}
			}
		}
	}
}

// Degree implements Reader.
func (v *version) Degree(node uint32, dir Direction, typ uint32) int {
	switch dir {
	case Out, In:
		return v.degreeOf(node, dir, typ)
	case Both:
		n := v.degreeOf(node, Out, typ) + v.degreeOf(node, In, typ)
		ls := v.lists(node, In)
		for j := range ls.len() {
			if typ != AnyType && ls.typ(j) != typ {
				continue
			}
			for _, nb := range ls.at(j).nbrs {
				if nb == node {
					n--
				}
			}
		}
		return n
	}
	return 0
}

// NodeRelTypes implements Reader.
func (v *version) NodeRelTypes(node uint32, dir Direction) []uint32 {
	var ts []uint32
	for d := Out; d <= In; d++ {
		if dir != Both && dir != d {
			continue
		}
		for _, l := range v.lists(node, d).all() {
			ts = append(ts, l.typ)
		}
	}
	if dir == Both {
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		k := 0
		for i, t := range ts {
			if i == 0 || t != ts[k-1] {
				ts[k] = t
				k++
			}
		}
		ts = ts[:k]
	}
	return ts
}

// Rel implements Reader.
func (v *version) Rel(id uint64) (start, end, typ uint32, ok bool) {
	p, i := v.rel(id)
	if p == nil {
		return 0, 0, 0, false
	}
	return p.start[i], p.end[i], p.typ[i], true
}

// RelProp implements Reader.
func (v *version) RelProp(id uint64, key uint32) (value.Value, bool) {
	if p, i := v.rel(id); p != nil {
		return p.props[i].get(key)
	}
	return nil, false
}

// RelProps implements Reader.
func (v *version) RelProps(id uint64) map[uint32]value.Value {
	if p, i := v.rel(id); p != nil {
		return propsMap(p.props[i])
	}
	return nil
}

// ForEachRelProp implements Reader.
func (v *version) ForEachRelProp(id uint64, fn func(key uint32, v value.Value) bool) {
	if p, i := v.rel(id); p != nil {
		for _, pr := range p.props[i] {
			if !fn(pr.key, pr.val) {
				return
			}
		}
	}
}

// ForEachRel implements Reader.
func (v *version) ForEachRel(fn func(id uint64, start, end, typ uint32) bool) {
	for pi, p := range v.rels.all() {
		if p == nil {
			continue
		}
		for w, word := range p.alive {
			for word != 0 {
				b := uint32(w*64) + uint32(trailingZeros(word))
				word &= word - 1
				if !fn(uint64(pi)<<relPageBits|uint64(b), p.start[b], p.end[b], p.typ[b]) {
					return
				}
			}
		}
	}
}

// RelsOfType implements Reader.
func (v *version) RelsOfType(typ uint32, fn func(id uint64, start, end uint32) bool) {
	if v.stats.relsPerType.get(typ) == 0 {
		return
	}
	it := v.all.Iterator()
	for it.HasNext() {
		node := it.Next()
		if l, ok := v.lists(node, Out).find(typ); ok {
			rels := l.rels()
			for j, n := range l.nbrs {
				if !fn(rels.at(j), node, n) {
					return
				}
			}
		}
	}
}

func (ix *propIndex) info() IndexInfo {
	return IndexInfo{Label: ix.label, Key: ix.key, Unique: ix.unique, Explicit: ix.explicit,
		Distinct: uint64(ix.distinct()), Entries: uint64(ix.entries)}
}

// Indexes implements Reader.
func (v *version) Indexes() []IndexInfo {
	out := make([]IndexInfo, 0, len(v.indexes))
	for _, ix := range v.indexes {
		out = append(out, ix.info())
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Label != out[j].Label {
			return out[i].Label < out[j].Label
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// Index implements Reader.
func (v *version) Index(label, key uint32) (IndexInfo, bool) {
	if ix := v.indexes[indexKey{label, key}]; ix != nil {
		return ix.info(), true
	}
	return IndexInfo{}, false
}

// seekable reports whether v can equal a stored value at all.
func seekable(v value.Value) bool {
	switch x := v.(type) {
	case nil, value.Null:
		return false
	case value.Float:
		return x == x // not NaN
	case value.List:
		for _, e := range x {
			if !seekable(e) {
				return false
			}
		}
	}
	return true
}

// seekIndex is the index on (label, key) for a read: nil when there is
// none, or when its tree is not built and does not fit
// (propIndex.seekTree). An index read through a run (indexrun.go) needs
// no tree: its blocks go through the page cache.
func (v *version) seekIndex(label, key uint32) *propIndex {
	if ix := v.indexes[indexKey{label, key}]; ix != nil && (ix.run != nil || ix.seekTree() != nil) {
		return ix
	}
	return nil
}

// IndexSeek implements Reader.
func (v *version) IndexSeek(label, key uint32, val value.Value) *roaring.Bitmap {
	if !seekable(val) {
		return roaring.New()
	}
	if ix := v.seekIndex(label, key); ix != nil {
		return ix.eqNodes(val)
	}
	return v.scanProp(label, key, func(pv value.Value) bool { return value.Equal(pv, val) == value.True })
}

// scanProp is the nodes of label whose value of key passes keep: what
// a seek answers when there is no index tree to read.
func (v *version) scanProp(label, key uint32, keep func(value.Value) bool) *roaring.Bitmap {
	out := roaring.New()
	lb := v.labels[label]
	if lb == nil {
		return out
	}
	it := lb.Iterator()
	for it.HasNext() {
		n := it.Next()
		if pv, ok := v.NodeProp(n, key); ok && keep(pv) {
			out.Add(n)
		}
	}
	return out
}

// inRange reports whether x lies within the bounds (openCypher comparability).
func inRange(x, lo, hi value.Value, loIncl, hiIncl bool) bool {
	if lo != nil {
		c, ok := value.Compare(x, lo)
		if !ok || c < 0 || (c == 0 && !loIncl) {
			return false
		}
	}
	if hi != nil {
		c, ok := value.Compare(x, hi)
		if !ok || c > 0 || (c == 0 && !hiIncl) {
			return false
		}
	}
	return true
}

// IndexRange implements Reader.
func (v *version) IndexRange(label, key uint32, lo, hi value.Value, loIncl, hiIncl bool) *roaring.Bitmap {
	if value.IsNull(lo) {
		lo = nil
	}
	if value.IsNull(hi) {
		hi = nil
	}
	if ix := v.seekIndex(label, key); ix != nil {
		return ix.rangeNodes(lo, hi, func(k value.Value) bool { return inRange(k, lo, hi, loIncl, hiIncl) })
	}
	return v.scanProp(label, key, func(pv value.Value) bool { return inRange(pv, lo, hi, loIncl, hiIncl) })
}

// IndexNaN implements Reader. NaN sorts after every other number in the
// index's order (value.Order), so its nodes are one entry of the tree.
func (v *version) IndexNaN(label, key uint32) *roaring.Bitmap {
	isNaN := func(x value.Value) bool {
		f, ok := x.(value.Float)
		return ok && f != f
	}
	nan := value.Float(math.NaN())
	if ix := v.seekIndex(label, key); ix != nil {
		return ix.rangeNodes(nan, nan, isNaN)
	}
	return v.scanProp(label, key, isNaN)
}
