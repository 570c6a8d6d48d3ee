package storage

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2"
)

// loadVersion reads one graph from Pebble into a fresh in-memory version,
// validating every record (ErrCorrupt on anything malformed or dangling).
func loadVersion(db *pebble.DB, gid uint32) (*version, error) {
	v := newVersion()
	prefix := graphPrefix(gid)
	it, err := db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: graphEnd(gid)})
	if err != nil {
		return nil, errorf(ErrCorrupt, "%v", err)
	}
	defer it.Close()
	var cat catalog // dictionaries, index and search-index definitions
	if v.nextNode, v.nextRel, err = readMeta(db, gid); err != nil {
		return nil, err
	}
	for ok := it.First(); ok; ok = it.Next() {
		k, val := it.Key()[len(prefix):], it.Value()
		if len(k) == 0 {
			return nil, errorf(ErrCorrupt, "empty key")
		}
		tag, k := k[0], k[1:]
		switch tag {
		case tagAdj:
			if len(k) != 17 || Direction(k[4]) != Out {
				return nil, errorf(ErrCorrupt, "bad adjacency key")
			}
			node, typ, chunk := binary.BigEndian.Uint32(k), binary.BigEndian.Uint32(k[5:]), binary.BigEndian.Uint64(k[9:])
			if err := v.loadChunk(node, typ, chunk, val); err != nil {
				return nil, err
			}
		case tagDict, tagIndex, tagSearch, tagSchema:
			if err := v.catalogRecord(tag, k, val, &cat); err != nil {
				return nil, err
			}
		case tagMeta:
			// Read before the loop.
		case tagNode:
			if len(k) != 4 {
				return nil, errorf(ErrCorrupt, "bad node key")
			}
			if err := v.loadNode(binary.BigEndian.Uint32(k), val); err != nil {
				return nil, err
			}
		case tagRel:
			if len(k) != 8 {
				return nil, errorf(ErrCorrupt, "bad relationship key")
			}
			id := binary.BigEndian.Uint64(k)
			p, i := v.rel(id)
			if p == nil {
				return nil, errorf(ErrCorrupt, "properties of missing relationship %d", id)
			}
			ps, n, err := decodeProps(val)
			if err != nil {
				return nil, err
			}
			if n != len(val) || len(ps) == 0 {
				return nil, errorf(ErrCorrupt, "bad relationship record %d", id)
			}
			if p.props == nil {
				p.props = map[uint32]props{}
			}
			p.props[i] = ps
			for _, pr := range ps {
				v.mem += propSize(pr.val)
			}
		default:
			return nil, errorf(ErrCorrupt, "unknown record tag %q", tag)
		}
	}
	if err := it.Error(); err != nil {
		return nil, errorf(ErrCorrupt, "%v", err)
	}
	if err := v.finishLoad(); err != nil {
		return nil, err
	}
	for _, d := range cat.idxDefs {
		if err := v.checkIDs(d.k.label, dictLabel); err != nil {
			return nil, err
		}
		if err := v.checkIDs(d.k.key, dictKey); err != nil {
			return nil, err
		}
		ix, err := v.buildIndex(d.k.label, d.k.key, d.flags&indexFlagUnique != 0)
		if err != nil {
			return nil, errorf(ErrCorrupt, "index: %v", err)
		}
		ix.explicit = d.flags&indexFlagExplicit != 0
		v.indexes[d.k] = ix
	}
	v.rebuildSearch(cat.searchDefs)
	v.scanKinds()
	return v, nil
}

func (v *version) checkIDs(id uint32, kind int) error {
	if int64(id) >= int64(len(v.dicts[kind].names)) {
		return errorf(ErrCorrupt, "dangling dictionary id %d (kind %d)", id, kind)
	}
	return nil
}

func (v *version) ensureRelPage(id uint64) (*relPage, uint32) {
	pi := id >> relPageBits
	p := v.rels.get(pi)
	if p == nil {
		p = &relPage{}
		v.rels.set(pi, p, nil)
	}
	return p, uint32(id & (relPageSize - 1))
}

func (v *version) ensureNodePage(id uint32) (*nodePage, uint32) {
	pi := uint64(id >> nodePageBits)
	p := v.nodes.get(pi)
	if p == nil {
		p = &nodePage{}
		v.nodes.set(pi, p, nil)
	}
	return p, id & (nodePageSize - 1)
}

func (v *version) loadChunk(node, typ uint32, chunk uint64, b []byte) error {
	cnt, n := binary.Uvarint(b)
	if n <= 0 || cnt == 0 || cnt > uint64(len(b)) || cnt > 1<<chunkBits {
		return errorf(ErrCorrupt, "bad adjacency chunk count")
	}
	off := n
	prev := chunk << chunkBits
	for i := uint64(0); i < cnt; i++ {
		d, m := binary.Uvarint(b[off:])
		if m <= 0 {
			return errorf(ErrCorrupt, "bad adjacency entry")
		}
		off += m
		nb, m2 := binary.Uvarint(b[off:])
		if m2 <= 0 || nb > math.MaxUint32 {
			return errorf(ErrCorrupt, "bad adjacency entry")
		}
		off += m2
		if i > 0 && d == 0 {
			return errorf(ErrCorrupt, "duplicate relationship in adjacency chunk")
		}
		rel := prev + d
		prev = rel
		if rel>>chunkBits != chunk || rel >= v.nextRel {
			return errorf(ErrCorrupt, "relationship %d outside its chunk", rel)
		}
		p, j := v.ensureRelPage(rel)
		if p.isAlive(j) {
			return errorf(ErrCorrupt, "relationship %d stored twice", rel)
		}
		p.alive[j>>6] |= 1 << (j & 63)
		p.start[j], p.end[j], p.typ[j] = node, uint32(nb), typ
		v.relCount++
	}
	if off != len(b) {
		return errorf(ErrCorrupt, "trailing bytes in adjacency chunk")
	}
	return nil
}

func (v *version) loadNode(id uint32, b []byte) error {
	if id >= v.nextNode {
		return errorf(ErrCorrupt, "node %d beyond the id counter", id)
	}
	cnt, n := binary.Uvarint(b)
	if n <= 0 || cnt > uint64(len(b)) {
		return errorf(ErrCorrupt, "bad node record %d", id)
	}
	off := n
	var labels []uint32
	if cnt > 0 {
		labels = make([]uint32, cnt)
	}
	for i := range labels {
		l, m := binary.Uvarint(b[off:])
		if m <= 0 || l > math.MaxUint32 || (i > 0 && uint32(l) <= labels[i-1]) {
			return errorf(ErrCorrupt, "bad labels in node record %d", id)
		}
		labels[i] = uint32(l)
		off += m
	}
	ps, m, err := decodeProps(b[off:])
	if err != nil {
		return err
	}
	if off+m != len(b) {
		return errorf(ErrCorrupt, "trailing bytes in node record %d", id)
	}
	p, i := v.ensureNodePage(id)
	p.alive[i>>6] |= 1 << (i & 63)
	p.labels[i], p.props[i] = labels, ps
	v.mem += memNode + memLabel*int64(len(labels))
	for _, pr := range ps {
		v.mem += propSize(pr.val)
	}
	return nil
}

// finishLoad validates references and builds the derived structures:
// node bitmaps, adjacency in both directions, statistics.
func (v *version) finishLoad() error {
	nl, nk := uint32(len(v.dicts[dictLabel].names)), uint32(len(v.dicts[dictKey].names))
	nt := uint32(len(v.dicts[dictType].names))
	v.all = roaring.New()
	for pi, p := range v.nodes.all() {
		if p == nil {
			continue
		}
		for i := uint32(0); i < nodePageSize; i++ {
			if !p.isAlive(i) {
				continue
			}
			id := uint32(pi)<<nodePageBits | i
			v.all.Add(id)
			for _, l := range p.labels[i] {
				if l >= nl {
					return errorf(ErrCorrupt, "node %d has unknown label id %d", id, l)
				}
				b := v.labels[l]
				if b == nil {
					b = roaring.New()
					v.labels[l] = b
				}
				b.Add(id)
			}
			for _, pr := range p.props[i] {
				if pr.key >= nk {
					return errorf(ErrCorrupt, "node %d has unknown property key %d", id, pr.key)
				}
			}
		}
	}
	var bad error
	v.ForEachRel(func(id uint64, s, e, t uint32) bool {
		switch {
		case !v.NodeExists(s) || !v.NodeExists(e):
			bad = errorf(ErrCorrupt, "relationship %d connects a missing node", id)
		case t >= nt:
			bad = errorf(ErrCorrupt, "relationship %d has unknown type id %d", id, t)
		}
		p, i := v.rel(id)
		for _, pr := range p.props[i] {
			if pr.key >= nk {
				bad = errorf(ErrCorrupt, "relationship %d has unknown property key %d", id, pr.key)
			}
		}
		return bad == nil
	})
	if bad != nil {
		return bad
	}
	v.buildAdjacency()
	v.recomputeStats()
	v.mem += int64(v.relCount) * memRel
	return nil
}

// buildAdjacency rebuilds every node's adjacency lists from the relationship
// table. The node pages must be owned by the caller.
func (v *version) buildAdjacency() {
	n := uint64(v.nextNode)
	nrel := v.relCount
	for d := Out; d <= In; d++ {
		// Counting sort by node; iterating relationships in id order keeps
		// each node's entries sorted by id.
		off := make([]uint32, n+1)
		v.ForEachRel(func(_ uint64, s, e, _ uint32) bool {
			if d == Out {
				off[s+1]++
			} else {
				off[e+1]++
			}
			return true
		})
		for i := uint64(1); i <= n; i++ {
			off[i] += off[i-1]
		}
		rels := make([]uint64, nrel)
		nbrs := make([]uint32, nrel)
		typs := make([]uint32, nrel)
		pos := slices.Clone(off[:n])
		v.ForEachRel(func(id uint64, s, e, t uint32) bool {
			a, b := s, e
			if d == In {
				a, b = e, s
			}
			k := pos[a]
			pos[a]++
			rels[k], nbrs[k], typs[k] = id, b, t
			return true
		})
		// Each page gets its direction's arrays in one piece.
		var (
			cur *nodePage
			bl  adjBuilder
		)
		for node := uint64(0); node < n; node++ {
			p, i := v.node(uint32(node))
			if p == nil {
				continue
			}
			if p != cur {
				if cur != nil {
					bl.finish()
				}
				pageEnd := min(n, (node|(nodePageSize-1))+1)
				lists := 0
				for x := node; x < pageEnd; x++ {
					lists += int(min(off[x+1]-off[x], 1)) // a guess: one type
				}
				bl = newAdjBuilder(&p.adj[d], lists, int(off[pageEnd]-off[node]))
				cur = p
			}
			bl.node(i)
			lo, hi := off[node], off[node+1]
			if lo == hi {
				continue
			}
			before := len(p.adj[d].lists)
			splitByType(&bl, rels[lo:hi:hi], nbrs[lo:hi:hi], typs[lo:hi:hi])
			v.mem += int64(len(p.adj[d].lists)-before) * memAdjList
		}
		if cur != nil {
			bl.finish()
		}
		v.mem += int64(nrel) * 12
	}
}

// splitByType adds one node's entries (sorted by relationship id) to b as
// per-type lists sorted by type, each sorted by id. The slices may be
// reordered in place.
func splitByType(b *adjBuilder, rels []uint64, nbrs []uint32, typs []uint32) {
	single := true
	for _, t := range typs[1:] {
		if t != typs[0] {
			single = false
			break
		}
	}
	if single {
		b.list64(typs[0], rels, nbrs)
		return
	}
	ts := slices.Clone(typs)
	slices.Sort(ts)
	ts = slices.Compact(ts)
	r2 := make([]uint64, 0, len(rels))
	n2 := make([]uint32, 0, len(rels))
	for _, t := range ts {
		lo := len(r2)
		for j := range rels {
			if typs[j] == t {
				r2 = append(r2, rels[j])
				n2 = append(n2, nbrs[j])
			}
		}
		b.list64(t, r2[lo:], n2[lo:])
	}
}

// buildIndex builds an index outside a transaction (at open, after bulk loads).
func (v *version) buildIndex(label, key uint32, unique bool) (*propIndex, error) {
	ix := &propIndex{label: label, key: key, unique: unique, tree: newIndexTree()}
	size, a, b, dup := v.fillIndex(ix, unique)
	if dup {
		return nil, errorf(ErrConstraintViolation, "nodes %d and %d violate the uniqueness constraint on (%d, %d)", a, b, label, key)
	}
	v.mem += size
	return ix, nil
}
