package storage

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// Tx is the single write transaction of a graph. It implements Reader over
// its private working version, so it sees its own uncommitted writes; other
// readers see none of them until Commit publishes the version atomically.
//
// A Tx is not safe for concurrent use. Every write method either applies
// completely or returns an error and changes nothing (the transaction stays
// usable). Uniqueness constraints are checked at the write call, so a
// violating write fails with ErrConstraintViolation immediately and Commit
// never fails for that reason. After Commit or Rollback every method of the
// Tx returns ErrTxDone (writes) or must not be called (reads).
type Tx struct {
	*version // working copy, published by Commit

	g    *Graph
	ctx  context.Context
	base *version
	done bool

	ownNodePage map[uint32]bool
	ownRelPage  map[uint64]bool
	ownNodeDir  map[uint64]bool
	ownRelDir   map[uint64]bool
	ownDict     [3]bool
	ownLabelMap bool
	ownIndexMap bool
	ownIndex    map[indexKey]bool
	ownBitmap   map[*roaring.Bitmap]bool
	ownStats    bool
	ownHist     map[degKey]bool

	dirtyNodes   map[uint32]bool
	dirtyRels    map[uint64]bool
	dirtyChunks  map[chunkRef]bool
	dirtyIndexes map[indexKey]bool
	newDict      [3][]uint32
	dirtyMeta    bool

	// search indexes (searchindex.go)
	ownSearchMap bool
	dirtySearch  map[string]bool

	// schema catalog (schema.go)
	ownSchema   bool
	dirtySchema map[string]bool
}

type chunkRef struct {
	node, typ uint32
	chunk     uint64
}

func newTx(g *Graph, ctx context.Context, base *version) *Tx {
	w := *base
	w.nodes = base.nodes.clone()
	w.rels = base.rels.clone()
	return &Tx{
		version:      &w,
		g:            g,
		ctx:          ctx,
		base:         base,
		ownNodePage:  map[uint32]bool{},
		ownRelPage:   map[uint64]bool{},
		ownNodeDir:   map[uint64]bool{},
		ownRelDir:    map[uint64]bool{},
		ownIndex:     map[indexKey]bool{},
		ownBitmap:    map[*roaring.Bitmap]bool{},
		ownHist:      map[degKey]bool{},
		dirtyNodes:   map[uint32]bool{},
		dirtyRels:    map[uint64]bool{},
		dirtyChunks:  map[chunkRef]bool{},
		dirtyIndexes: map[indexKey]bool{},
	}
}

// ---- copy-on-write helpers ----

func (tx *Tx) bitmapMut(b *roaring.Bitmap) *roaring.Bitmap {
	if b == nil {
		b = roaring.New()
		tx.ownBitmap[b] = true
		return b
	}
	if tx.ownBitmap[b] {
		return b
	}
	c := b.Clone()
	tx.ownBitmap[c] = true
	return c
}

func (tx *Tx) expose(b *roaring.Bitmap) *roaring.Bitmap {
	delete(tx.ownBitmap, b)
	return b
}

func (tx *Tx) allMut() *roaring.Bitmap {
	tx.all = tx.bitmapMut(tx.all)
	return tx.all
}

func (tx *Tx) labelMut(l uint32) *roaring.Bitmap {
	if !tx.ownLabelMap {
		tx.labels = cloneMap(tx.labels)
		tx.ownLabelMap = true
	}
	b := tx.bitmapMut(tx.labels[l])
	tx.labels[l] = b
	return b
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	n := make(map[K]V, len(m)+1)
	for k, v := range m {
		n[k] = v
	}
	return n
}

func (tx *Tx) nodePageMut(id uint32) (*nodePage, uint32) {
	pi := id >> nodePageBits
	p := tx.nodes.get(uint64(pi))
	if !tx.ownNodePage[pi] {
		if p == nil {
			p = &nodePage{}
		} else {
			c := *p
			p = &c
			p.adj[Out].own()
			p.adj[In].own()
		}
		tx.nodes.set(uint64(pi), p, tx.ownNodeDir)
		tx.ownNodePage[pi] = true
	}
	return p, id & (nodePageSize - 1)
}

func (tx *Tx) relPageMut(id uint64) (*relPage, uint32) {
	pi := id >> relPageBits
	p := tx.rels.get(pi)
	if !tx.ownRelPage[pi] {
		if p == nil {
			p = &relPage{}
		} else {
			c := *p
			c.props = cloneMap(p.props)
			p = &c
		}
		tx.rels.set(pi, p, tx.ownRelDir)
		tx.ownRelPage[pi] = true
	}
	return p, uint32(id & (relPageSize - 1))
}

func (tx *Tx) statsMut() *statsData {
	if !tx.ownStats {
		tx.stats = &statsData{
			relsPerType: tx.stats.relsPerType.fork(),
			triples:     tx.stats.triples.fork(),
			loops:       tx.stats.loops.fork(),
			degree:      cloneMap(tx.stats.degree),
		}
		tx.ownStats = true
	}
	return tx.stats
}

func (tx *Tx) histMove(k degKey, from, to int) {
	st := tx.statsMut()
	h := st.degree[k]
	if !tx.ownHist[k] {
		if h == nil {
			h = newCounters[int]()
		} else {
			h = h.fork()
		}
		st.degree[k] = h
		tx.ownHist[k] = true
	}
	if from > 0 {
		h.add(from, -1)
	}
	if to > 0 {
		h.add(to, 1)
	}
}

func (tx *Tx) indexMut(k indexKey) *propIndex {
	if !tx.ownIndexMap {
		tx.indexes = cloneMap(tx.indexes)
		tx.ownIndexMap = true
	}
	ix := tx.indexes[k]
	if ix != nil && !tx.ownIndex[k] {
		c := *ix
		if ix.run != nil {
			// Read through a run: only the changes are copied.
			if ix.add != nil {
				c.add = ix.add.Clone()
			}
			if ix.gone != nil {
				c.gone = ix.gone.Clone()
			}
		} else {
			c.tree, c.lazy = ix.t().Clone(), nil
		}
		ix = &c
		tx.indexes[k] = ix
		tx.ownIndex[k] = true
	}
	return ix
}

func (tx *Tx) indexAdd(k indexKey, v value.Value, node uint32) {
	ix := tx.indexMut(k)
	if ix.run == nil {
		if n := treeAdd(ix.t(), v, node, tx); n > 0 {
			ix.entries++
			tx.mem += n
		}
		return
	}
	had := !ix.eqNodes(v).IsEmpty()
	if ix.runHas(v, node) {
		if ix.gone == nil || !ix.gone.Contains(node) {
			return // there already
		}
		ix.gone.Remove(node)
	} else {
		if ix.add == nil {
			ix.add = newIndexTree()
		}
		n := treeAdd(ix.add, v, node, tx)
		if n == 0 {
			return
		}
		tx.mem += n
	}
	ix.entries++
	if !had {
		ix.ndistinct++
	}
}

func (tx *Tx) indexRemove(k indexKey, v value.Value, node uint32) {
	ix := tx.indexMut(k)
	if ix.run == nil {
		if n := treeRemove(ix.t(), v, node, tx); n > 0 {
			ix.entries--
			tx.mem -= n
		}
		return
	}
	removed := false
	if ix.add != nil {
		if n := treeRemove(ix.add, v, node, tx); n > 0 {
			tx.mem -= n
			removed = true
		}
	}
	if !removed {
		if (ix.gone != nil && ix.gone.Contains(node)) || !ix.runHas(v, node) {
			return // not there
		}
		if ix.gone == nil {
			ix.gone = roaring.New()
		}
		ix.gone.Add(node)
		tx.mem += 4
	}
	ix.entries--
	if ix.eqNodes(v).IsEmpty() {
		ix.ndistinct--
	}
}

// ---- Reader overrides: hand out bitmaps the Tx will not mutate later ----

// AllNodes implements Reader.
func (tx *Tx) AllNodes() *roaring.Bitmap { return tx.expose(tx.version.AllNodes()) }

// NodesWithLabel implements Reader.
func (tx *Tx) NodesWithLabel(label uint32) *roaring.Bitmap {
	return tx.expose(tx.version.NodesWithLabel(label))
}

// IndexSeek implements Reader.
func (tx *Tx) IndexSeek(label, key uint32, v value.Value) *roaring.Bitmap {
	return tx.expose(tx.version.IndexSeek(label, key, v))
}

// ---- checks ----

func (tx *Tx) check() error {
	if tx.done {
		return ErrTxDone
	}
	return nil
}

func (tx *Tx) checkBudget(extra int64) error {
	budget := tx.g.s.opts.MemoryBudget
	if budget <= 0 {
		return nil
	}
	total := tx.g.s.mem.Load() - tx.base.mem + tx.mem + extra
	if total > budget {
		return errorf(ErrMemoryBudget, "in-memory graph structures would use about %d bytes, over the budget of %d", total, budget)
	}
	return nil
}

func (tx *Tx) checkDictID(kind int, id uint32) error {
	if int64(id) >= int64(len(tx.dicts[kind].names)) {
		what := [...]string{"label", "relationship type", "property key"}[kind]
		return errorf(ErrNotFound, "%s id %d", what, id)
	}
	return nil
}

func (tx *Tx) checkUnique(node, label, key uint32, v value.Value) error {
	ix := tx.indexes[indexKey{label, key}]
	if ix == nil || !ix.unique {
		return nil
	}
	b := ix.eqNodes(v)
	if c := b.GetCardinality(); c > 1 || (c == 1 && !b.Contains(node)) {
		return errorf(ErrConstraintViolation, "Node(%d) already exists with label `%s` and property `%s` = %s",
			b.Minimum(), tx.LabelName(label), tx.PropKeyName(key), value.Format(v))
	}
	return nil
}

// ---- dictionaries ----

func (tx *Tx) dictIDOrCreate(kind int, name string) (uint32, error) {
	if err := tx.check(); err != nil {
		return 0, err
	}
	if id, ok := tx.dicts[kind].ids[name]; ok {
		return id, nil
	}
	if len(tx.dicts[kind].names) >= math.MaxUint32-1 {
		return 0, fmt.Errorf("storage: dictionary full")
	}
	if !tx.ownDict[kind] {
		tx.dicts[kind] = tx.dicts[kind].clone()
		tx.ownDict[kind] = true
	}
	d := tx.dicts[kind]
	id := uint32(len(d.names))
	d.names = append(d.names, name)
	d.ids[name] = id
	tx.newDict[kind] = append(tx.newDict[kind], id)
	tx.mem += 48 + 2*int64(len(name))
	return id, nil
}

// LabelIDOrCreate returns the id of a label name, creating it if needed.
func (tx *Tx) LabelIDOrCreate(name string) (uint32, error) { return tx.dictIDOrCreate(dictLabel, name) }

// TypeIDOrCreate returns the id of a relationship type name, creating it if needed.
func (tx *Tx) TypeIDOrCreate(name string) (uint32, error) { return tx.dictIDOrCreate(dictType, name) }

// PropKeyIDOrCreate returns the id of a property key name, creating it if needed.
func (tx *Tx) PropKeyIDOrCreate(name string) (uint32, error) { return tx.dictIDOrCreate(dictKey, name) }

// ---- nodes ----

// CreateNode creates a node with the given labels (ids from
// LabelIDOrCreate) and properties (null values are skipped) and returns its
// id. Ids are dense and never reused within a graph.
func (tx *Tx) CreateNode(labels []uint32, ps map[uint32]value.Value) (uint32, error) {
	if err := tx.check(); err != nil {
		return 0, err
	}
	pr, err := makeProps(ps)
	if err != nil {
		return 0, err
	}
	ls := slices.Clone(labels)
	slices.Sort(ls)
	ls = slices.Compact(ls)
	for _, l := range ls {
		if err := tx.checkDictID(dictLabel, l); err != nil {
			return 0, err
		}
	}
	for _, p := range pr {
		if err := tx.checkDictID(dictKey, p.key); err != nil {
			return 0, err
		}
	}
	if tx.nextNode == math.MaxUint32 {
		return 0, fmt.Errorf("storage: node id space exhausted")
	}
	id := tx.nextNode
	for _, l := range ls {
		for _, p := range pr {
			if err := tx.checkUnique(id, l, p.key, p.val); err != nil {
				return 0, err
			}
		}
	}
	if err := tx.checkSearchNode(ls, pr); err != nil { // search index hook
		return 0, err
	}
	var size int64 = memNode + memLabel*int64(len(ls))
	for _, p := range pr {
		size += propSize(p.val)
	}
	if err := tx.checkBudget(size); err != nil {
		return 0, err
	}
	tx.nextNode++
	tx.dirtyMeta = true
	p, i := tx.nodePageMut(id)
	p.alive[i>>6] |= 1 << (i & 63)
	if len(ls) == 0 {
		ls = nil
	}
	p.labels[i] = ls
	p.props[i] = pr
	p.adj[Out].clearNode(i)
	p.adj[In].clearNode(i)
	tx.allMut().Add(id)
	for _, l := range ls {
		tx.labelMut(l).Add(id)
		for _, pp := range pr {
			if tx.indexes[indexKey{l, pp.key}] != nil {
				tx.indexAdd(indexKey{l, pp.key}, pp.val, id)
			}
		}
	}
	tx.mem += size
	tx.dirtyNodes[id] = true
	return id, nil
}

func (tx *Tx) liveNode(id uint32) error {
	if !tx.NodeExists(id) {
		return errorf(ErrNotFound, "node(%d)", id)
	}
	return nil
}

// SetNodeProp sets a node property; a null value removes it.
func (tx *Tx) SetNodeProp(id, key uint32, v value.Value) error {
	if err := tx.check(); err != nil {
		return err
	}
	if value.IsNull(v) {
		return tx.RemoveNodeProp(id, key)
	}
	if err := CheckProperty(v); err != nil {
		return err
	}
	if err := tx.liveNode(id); err != nil {
		return err
	}
	if err := tx.checkDictID(dictKey, key); err != nil {
		return err
	}
	labels := tx.NodeLabels(id)
	for _, l := range labels {
		if err := tx.checkUnique(id, l, key, v); err != nil {
			return err
		}
	}
	if err := tx.checkSearchWrite(labels, key, v); err != nil { // search index hook
		return err
	}
	if err := tx.checkBudget(propSize(v)); err != nil {
		return err
	}
	if err := tx.clearStaleEmbeddings(id, labels, key, v); err != nil { // search index hook
		return err
	}
	old, had := tx.NodeProp(id, key)
	for _, l := range labels {
		k := indexKey{l, key}
		if tx.indexes[k] != nil {
			if had {
				tx.indexRemove(k, old, id)
			}
			tx.indexAdd(k, v, id)
		}
	}
	p, i := tx.nodePageMut(id)
	p.props[i] = p.props[i].with(key, v)
	if had {
		tx.mem -= propSize(old)
	}
	tx.mem += propSize(v)
	tx.dirtyNodes[id] = true
	return nil
}

// RemoveNodeProp removes a node property; removing an absent one is a no-op.
func (tx *Tx) RemoveNodeProp(id, key uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	if err := tx.liveNode(id); err != nil {
		return err
	}
	old, had := tx.NodeProp(id, key)
	if !had {
		return nil
	}
	if err := tx.clearStaleEmbeddings(id, tx.NodeLabels(id), key, nil); err != nil { // search index hook
		return err
	}
	for _, l := range tx.NodeLabels(id) {
		if k := (indexKey{l, key}); tx.indexes[k] != nil {
			tx.indexRemove(k, old, id)
		}
	}
	p, i := tx.nodePageMut(id)
	p.props[i] = p.props[i].without(key)
	tx.mem -= propSize(old)
	tx.dirtyNodes[id] = true
	return nil
}

// relabel changes a node's labels, keeping the pattern statistics current.
func (tx *Tx) relabel(id uint32, labels []uint32) {
	type inc struct {
		rel uint64
		typ uint32
	}
	var rels []inc
	tx.Expand(id, Both, AnyType, func(r uint64, _ uint32, t uint32) bool {
		rels = append(rels, inc{r, t})
		return true
	})
	st := tx.statsMut()
	for _, r := range rels {
		s, e, _, _ := tx.Rel(r.rel)
		addTriples(st.triples, tx.NodeLabels(s), tx.NodeLabels(e), r.typ, -1, true)
		if s == e {
			addTriples(st.loops, tx.NodeLabels(s), tx.NodeLabels(s), r.typ, -1, true)
		}
	}
	p, i := tx.nodePageMut(id)
	p.labels[i] = labels
	for _, r := range rels {
		s, e, _, _ := tx.Rel(r.rel)
		addTriples(st.triples, tx.NodeLabels(s), tx.NodeLabels(e), r.typ, 1, true)
		if s == e {
			addTriples(st.loops, tx.NodeLabels(s), tx.NodeLabels(s), r.typ, 1, true)
		}
	}
	tx.dirtyNodes[id] = true
}

// AddLabel adds a label to a node; adding a label it has is a no-op.
func (tx *Tx) AddLabel(id, label uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	if err := tx.liveNode(id); err != nil {
		return err
	}
	if err := tx.checkDictID(dictLabel, label); err != nil {
		return err
	}
	old := tx.NodeLabels(id)
	if slices.Contains(old, label) {
		return nil
	}
	ps := tx.props(id)
	for _, p := range ps {
		if err := tx.checkUnique(id, label, p.key, p.val); err != nil {
			return err
		}
	}
	if err := tx.checkSearchNode([]uint32{label}, ps); err != nil { // search index hook
		return err
	}
	if err := tx.checkBudget(memLabel); err != nil {
		return err
	}
	nl := make([]uint32, 0, len(old)+1)
	nl = append(nl, old...)
	nl = append(nl, label)
	slices.Sort(nl)
	tx.relabel(id, nl)
	tx.labelMut(label).Add(id)
	for _, p := range ps {
		if k := (indexKey{label, p.key}); tx.indexes[k] != nil {
			tx.indexAdd(k, p.val, id)
		}
	}
	tx.mem += memLabel
	return nil
}

// RemoveLabel removes a label from a node; removing an absent one is a no-op.
func (tx *Tx) RemoveLabel(id, label uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	if err := tx.liveNode(id); err != nil {
		return err
	}
	old := tx.NodeLabels(id)
	j := slices.Index(old, label)
	if j < 0 {
		return nil
	}
	nl := slices.Delete(slices.Clone(old), j, j+1)
	if len(nl) == 0 {
		nl = nil
	}
	tx.relabel(id, nl)
	tx.labelMut(label).Remove(id)
	for _, p := range tx.props(id) {
		if k := (indexKey{label, p.key}); tx.indexes[k] != nil {
			tx.indexRemove(k, p.val, id)
		}
	}
	tx.mem -= memLabel
	return nil
}

func (tx *Tx) props(id uint32) props {
	if p, i := tx.node(id); p != nil {
		return p.props[i]
	}
	return nil
}

// DeleteNode deletes a node. If it still has relationships the call fails
// with ErrNodeHasRelationships unless detach is true, in which case they are
// deleted first.
func (tx *Tx) DeleteNode(id uint32, detach bool) error {
	if err := tx.check(); err != nil {
		return err
	}
	if err := tx.liveNode(id); err != nil {
		return err
	}
	var rels []uint64
	tx.Expand(id, Both, AnyType, func(r uint64, _, _ uint32) bool {
		rels = append(rels, r)
		return detach
	})
	if len(rels) > 0 && !detach {
		return errorf(ErrNodeHasRelationships, "node(%d) still has relationships; delete them first or use DETACH DELETE", id)
	}
	// The node's own lists go wholesale (no per-relationship copying of a
	// large adjacency); only the other endpoints' lists are edited.
	type listRef struct {
		node uint32
		dir  Direction
		typ  uint32
	}
	others := map[listRef][]uint64{}
	for _, r := range rels {
		s, e, t, _ := tx.Rel(r)
		if s != id {
			others[listRef{s, Out, t}] = append(others[listRef{s, Out, t}], r)
		}
		if e != id {
			others[listRef{e, In, t}] = append(others[listRef{e, In, t}], r)
		}
		tx.deleteRel(r, false)
	}
	for ref, rs := range others {
		slices.Sort(rs)
		tx.adjRemove(ref.node, ref.dir, ref.typ, rs...)
	}
	if len(rels) > 0 {
		p, i := tx.nodePageMut(id)
		for d := Out; d <= In; d++ {
			total := 0
			for _, l := range p.lists(i, d).all() {
				tx.histMove(degKey{l.typ, d}, len(l.nbrs), 0)
				total += len(l.nbrs)
				tx.mem -= memAdjList
				if d == Out {
					rels := l.rels()
					for k := range rels.len() {
						r := rels.at(k)
						tx.dirtyChunks[chunkRef{id, l.typ, r >> chunkBits}] = true
					}
				}
			}
			tx.histMove(degKey{AnyType, d}, total, 0)
			p.adj[d].clearNode(i)
		}
	}
	labels, ps := tx.NodeLabels(id), tx.props(id)
	for _, l := range labels {
		tx.labelMut(l).Remove(id)
		for _, p := range ps {
			if k := (indexKey{l, p.key}); tx.indexes[k] != nil {
				tx.indexRemove(k, p.val, id)
			}
		}
	}
	tx.allMut().Remove(id)
	p, i := tx.nodePageMut(id)
	p.alive[i>>6] &^= 1 << (i & 63)
	p.labels[i], p.props[i] = nil, nil
	p.adj[Out].clearNode(i)
	p.adj[In].clearNode(i)
	size := int64(memNode + memLabel*len(labels))
	for _, pr := range ps {
		size += propSize(pr.val)
	}
	tx.mem -= size
	tx.dirtyNodes[id] = true
	return nil
}

// ---- relationships ----

func (tx *Tx) adjAppend(node uint32, dir Direction, typ uint32, rel uint64, nbr uint32) {
	p, i := tx.nodePageMut(node)
	total := p.lists(i, dir).entries()
	deg := p.adj[dir].appendEntry(i, typ, rel, nbr)
	if deg == 0 {
		tx.mem += memAdjList
	}
	tx.histMove(degKey{typ, dir}, deg, deg+1)
	tx.histMove(degKey{AnyType, dir}, total, total+1)
}

// adjRemove removes relationships (ascending ids) from the list of
// (node, dir, typ) with one copy of the list.
func (tx *Tx) adjRemove(node uint32, dir Direction, typ uint32, rels ...uint64) {
	p, i := tx.nodePageMut(node)
	ls := p.lists(i, dir)
	total := ls.entries()
	old, ok := ls.find(typ)
	if !ok {
		return
	}
	deg := len(old.nbrs)
	nr, nn := make([]uint64, 0, deg), make([]uint32, 0, deg)
	k := 0
	oldRels := old.rels()
	for x := range oldRels.len() {
		r := oldRels.at(x)
		for k < len(rels) && rels[k] < r {
			k++
		}
		if k < len(rels) && rels[k] == r {
			continue
		}
		nr, nn = append(nr, r), append(nn, old.nbrs[x])
	}
	removed := deg - len(nr)
	if removed == 0 {
		return
	}
	if len(nr) == 0 {
		tx.mem -= memAdjList
	}
	p.adj[dir].setList(i, typ, nr, nn)
	tx.histMove(degKey{typ, dir}, deg, deg-removed)
	tx.histMove(degKey{AnyType, dir}, total, total-removed)
}

// CreateRel creates a relationship of type typ from start to end and returns
// its id. Parallel relationships and self-loops are allowed. Ids are dense
// and never reused within a graph.
func (tx *Tx) CreateRel(start, end, typ uint32, ps map[uint32]value.Value) (uint64, error) {
	if err := tx.check(); err != nil {
		return 0, err
	}
	pr, err := makeProps(ps)
	if err != nil {
		return 0, err
	}
	if err := tx.liveNode(start); err != nil {
		return 0, err
	}
	if err := tx.liveNode(end); err != nil {
		return 0, err
	}
	if err := tx.checkDictID(dictType, typ); err != nil {
		return 0, err
	}
	for _, p := range pr {
		if err := tx.checkDictID(dictKey, p.key); err != nil {
			return 0, err
		}
	}
	var size int64 = memRel
	for _, p := range pr {
		size += propSize(p.val)
	}
	if err := tx.checkBudget(size); err != nil {
		return 0, err
	}
	id := tx.nextRel
	tx.nextRel++
	tx.dirtyMeta = true
	p, i := tx.relPageMut(id)
	p.alive[i>>6] |= 1 << (i & 63)
	p.start[i], p.end[i], p.typ[i] = start, end, typ
	if len(pr) > 0 {
		if p.props == nil {
			p.props = map[uint32]props{}
		}
		p.props[i] = pr
		tx.dirtyRels[id] = true
	}
	tx.adjAppend(start, Out, typ, id, end)
	tx.adjAppend(end, In, typ, id, start)
	st := tx.statsMut()
	st.relsPerType.add(typ, 1)
	addTriples(st.triples, tx.NodeLabels(start), tx.NodeLabels(end), typ, 1, false)
	if start == end {
		addTriples(st.loops, tx.NodeLabels(start), tx.NodeLabels(start), typ, 1, false)
	}
	tx.relCount++
	tx.mem += size
	tx.dirtyChunks[chunkRef{start, typ, id >> chunkBits}] = true
	return id, nil
}

// DeleteRel deletes a relationship.
func (tx *Tx) DeleteRel(id uint64) error {
	if err := tx.check(); err != nil {
		return err
	}
	if _, _, _, ok := tx.Rel(id); !ok {
		return errorf(ErrNotFound, "relationship %d", id)
	}
	tx.deleteRel(id, true)
	return nil
}

// deleteRel deletes an existing relationship; with adj it also removes it
// from the adjacency lists (DeleteNode does that itself, in batches).
func (tx *Tx) deleteRel(id uint64, adj bool) {
	start, end, typ, _ := tx.Rel(id)
	st := tx.statsMut()
	st.relsPerType.add(typ, -1)
	addTriples(st.triples, tx.NodeLabels(start), tx.NodeLabels(end), typ, -1, false)
	if start == end {
		addTriples(st.loops, tx.NodeLabels(start), tx.NodeLabels(start), typ, -1, false)
	}
	if adj {
		tx.adjRemove(start, Out, typ, id)
		tx.adjRemove(end, In, typ, id)
	}
	p, i := tx.relPageMut(id)
	size := int64(memRel)
	for _, pr := range p.props[i] {
		size += propSize(pr.val)
	}
	p.alive[i>>6] &^= 1 << (i & 63)
	delete(p.props, i)
	tx.relCount--
	tx.mem -= size
	tx.dirtyRels[id] = true
	tx.dirtyChunks[chunkRef{start, typ, id >> chunkBits}] = true
}

// SetRelProp sets a relationship property; a null value removes it.
func (tx *Tx) SetRelProp(id uint64, key uint32, v value.Value) error {
	if err := tx.check(); err != nil {
		return err
	}
	if value.IsNull(v) {
		return tx.RemoveRelProp(id, key)
	}
	if err := CheckProperty(v); err != nil {
		return err
	}
	if _, _, _, ok := tx.Rel(id); !ok {
		return errorf(ErrNotFound, "relationship %d", id)
	}
	if err := tx.checkDictID(dictKey, key); err != nil {
		return err
	}
	if err := tx.checkBudget(propSize(v)); err != nil {
		return err
	}
	p, i := tx.relPageMut(id)
	if old, had := p.props[i].get(key); had {
		tx.mem -= propSize(old)
	}
	if p.props == nil {
		p.props = map[uint32]props{}
	}
	p.props[i] = p.props[i].with(key, v)
	tx.mem += propSize(v)
	tx.dirtyRels[id] = true
	return nil
}

// RemoveRelProp removes a relationship property; removing an absent one is a no-op.
func (tx *Tx) RemoveRelProp(id uint64, key uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	if _, _, _, ok := tx.Rel(id); !ok {
		return errorf(ErrNotFound, "relationship %d", id)
	}
	old, had := tx.RelProp(id, key)
	if !had {
		return nil
	}
	p, i := tx.relPageMut(id)
	if np := p.props[i].without(key); np == nil {
		delete(p.props, i)
	} else {
		p.props[i] = np
	}
	tx.mem -= propSize(old)
	tx.dirtyRels[id] = true
	return nil
}
