package storage

import (
	"fmt"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cockroachdb/pebble/v2"
	"github.com/cyqdb/cyq/value"
)

// ---- index and constraint DDL ----

func (tx *Tx) buildIndex(label, key uint32, unique bool) (*propIndex, error) {
	ix := &propIndex{label: label, key: key, unique: unique, tree: newIndexTree()}
	lb := tx.labels[label]
	if lb == nil {
		return ix, nil
	}
	var size int64
	it := lb.Iterator()
	for it.HasNext() {
		n := it.Next()
		v, ok := tx.NodeProp(n, key)
		if !ok {
			continue
		}
		add, dupOf, dup := addTo(ix.tree, v, n, unique)
		if dup {
			return nil, errorf(ErrConstraintViolation, "nodes %d and %d both have label %q and property %q = %s",
				dupOf, n, tx.LabelName(label), tx.PropKeyName(key), value.Format(v))
		}
		if add > 0 {
			ix.entries++
			size += add
		}
	}
	if err := tx.checkBudget(size); err != nil {
		return nil, err
	}
	tx.mem += size
	return ix, nil
}

func (tx *Tx) ddlCheck(label, key uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	if err := tx.checkDictID(dictLabel, label); err != nil {
		return err
	}
	return tx.checkDictID(dictKey, key)
}

func (tx *Tx) putIndex(k indexKey, ix *propIndex) {
	if !tx.ownIndexMap {
		tx.indexes = cloneMap(tx.indexes)
		tx.ownIndexMap = true
	}
	if ix == nil {
		delete(tx.indexes, k)
	} else {
		tx.indexes[k] = ix
		tx.ownIndex[k] = true
	}
	tx.dirtyIndexes[k] = true
}

func (tx *Tx) dropIndexMem(ix *propIndex) {
	inf := ix.info()
	tx.mem -= int64(inf.Distinct)*memIndex + int64(inf.Entries)*4
}

// CreateIndex creates a property index on (label, key), built from the
// current data. It fails with ErrExists if the index already exists (an
// index that only backs a uniqueness constraint becomes explicit instead).
func (tx *Tx) CreateIndex(label, key uint32) error {
	if err := tx.ddlCheck(label, key); err != nil {
		return err
	}
	k := indexKey{label, key}
	if ix := tx.indexes[k]; ix != nil {
		if ix.explicit {
			return errorf(ErrExists, "index on :%s(%s)", tx.LabelName(label), tx.PropKeyName(key))
		}
		ix = tx.indexMut(k)
		ix.explicit = true
		tx.dirtyIndexes[k] = true
		return nil
	}
	ix, err := tx.buildIndex(label, key, false)
	if err != nil {
		return err
	}
	ix.explicit = true
	tx.putIndex(k, ix)
	return nil
}

// DropIndex drops the index on (label, key) created by CreateIndex
// (ErrNotFound if there is none). An index that also backs a uniqueness
// constraint stays, for the constraint.
func (tx *Tx) DropIndex(label, key uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	k := indexKey{label, key}
	ix := tx.indexes[k]
	if ix == nil || !ix.explicit {
		return errorf(ErrNotFound, "index on :%s(%s)", tx.LabelName(label), tx.PropKeyName(key))
	}
	if ix.unique {
		tx.indexMut(k).explicit = false
		tx.dirtyIndexes[k] = true
		return nil
	}
	tx.dropIndexMem(ix)
	tx.putIndex(k, nil)
	return nil
}

// CreateUniqueConstraint requires that no two nodes with label share a
// value (openCypher equality) of property key. Existing data is validated
// first (ErrConstraintViolation when it already has duplicates); later
// violating writes fail at the write call. The constraint is backed by an
// index on (label, key). ErrExists if the constraint exists.
func (tx *Tx) CreateUniqueConstraint(label, key uint32) error {
	if err := tx.ddlCheck(label, key); err != nil {
		return err
	}
	k := indexKey{label, key}
	if ix := tx.indexes[k]; ix != nil {
		if ix.unique {
			return errorf(ErrExists, "uniqueness constraint on :%s(%s)", tx.LabelName(label), tx.PropKeyName(key))
		}
		var dupErr error
		ix.groups(func(v value.Value, b *roaring.Bitmap) bool {
			if c := b.GetCardinality(); c > 1 {
				dupErr = errorf(ErrConstraintViolation, "%d nodes have label %q and property %q = %s",
					c, tx.LabelName(label), tx.PropKeyName(key), value.Format(v))
				return false
			}
			return true
		})
		if dupErr != nil {
			return dupErr
		}
		tx.indexMut(k).unique = true
		tx.dirtyIndexes[k] = true
		return nil
	}
	ix, err := tx.buildIndex(label, key, true)
	if err != nil {
		return err
	}
	tx.putIndex(k, ix)
	return nil
}

// DropConstraint drops the uniqueness constraint on (label, key)
// (ErrNotFound if there is none), and its index unless CreateIndex also
// created it.
func (tx *Tx) DropConstraint(label, key uint32) error {
	if err := tx.check(); err != nil {
		return err
	}
	k := indexKey{label, key}
	ix := tx.indexes[k]
	if ix == nil || !ix.unique {
		return errorf(ErrNotFound, "uniqueness constraint on :%s(%s)", tx.LabelName(label), tx.PropKeyName(key))
	}
	if ix.explicit {
		tx.indexMut(k).unique = false
		tx.dirtyIndexes[k] = true
		return nil
	}
	tx.dropIndexMem(ix)
	tx.putIndex(k, nil)
	return nil
}

// ---- commit ----

func (tx *Tx) finish() {
	tx.done = true
	tx.g.releaseWriter()
}

// Rollback abandons the transaction. It is safe to call after Commit (a
// no-op), so `defer tx.Rollback()` is the usual pattern.
func (tx *Tx) Rollback() {
	if !tx.done {
		tx.finish()
	}
}

// Commit writes the transaction atomically to Pebble with a synced WAL and
// then publishes it to readers; when Commit returns nil the transaction is
// durable. If the Begin context is done, Commit rolls back and returns its
// error. On any error nothing of the transaction is visible or durable.
func (tx *Tx) Commit() error {
	if tx.done {
		return ErrTxDone
	}
	defer tx.finish()
	return tx.publish()
}

// publish makes the writes of tx durable (one Pebble batch with the
// commit sequence and the journal record) and visible (the new version),
// after checking the constraints; on an error nothing is durable or
// visible. Commit and CommitBatch call it.
func (tx *Tx) publish() error {
	if err := tx.ctx.Err(); err != nil {
		return fmt.Errorf("storage: commit abandoned: %w", err)
	}
	if tx.g.dropped.Load() {
		return errorf(ErrNotFound, "graph %q was dropped", tx.g.name)
	}
	if err := tx.g.s.beginWrite(); err != nil {
		return err
	}
	defer tx.g.s.endWrite()
	if err := tx.CheckSchema(); err != nil { // constraints (schema.go)
		return err
	}
	b := tx.g.s.db.NewBatch()
	defer b.Close()
	tx.applySearch() // search indexes (searchindex.go)
	if err := tx.encode(b); err != nil {
		return err
	}
	vd, kd := tx.valueDelta(), tx.kindsDelta()
	if !b.Empty() {
		if err := tx.g.s.commitBatch(b, tx.g, tx.journal(vd, kd)); err != nil {
			return fmt.Errorf("storage: commit: %w", err)
		}
	}
	if invariants {
		if err := tx.version.checkConsistency(); err != nil {
			panic("storage: invariant violated after commit: " + err.Error())
		}
	}
	// Value statistics go stale with the nodes and relationships changed
	// (a relationship created without properties dirties no record).
	tx.version.applyValueDelta(vd, tx.writtenNodes)
	tx.version.applyKinds(kd)
	tx.version.vchanges += int64(len(tx.dirtyNodes)) + max(int64(len(tx.dirtyRels)), absDiff(tx.version.relCount, tx.base.relCount))
	tx.g.s.mem.Add(tx.mem - tx.base.mem)
	tx.g.cur.Store(tx.version)
	return nil
}

func (tx *Tx) encode(b *pebble.Batch) error {
	gid := tx.g.id
	set := func(k, v []byte) error { return b.Set(k, v, nil) }
	for kind, ids := range tx.newDict {
		for _, id := range ids {
			if err := set(dictKeyOf(gid, byte(kind), id), []byte(tx.dicts[kind].names[id])); err != nil {
				return err
			}
		}
	}
	var buf []byte
	for _, id := range sortedKeys(tx.dirtyNodes) {
		if p, i := tx.node(id); p != nil {
			buf = appendNodeRecord(buf[:0], p.labels[i], p.props[i])
			if err := set(nodeKey(gid, id), buf); err != nil {
				return err
			}
		} else if err := b.Delete(nodeKey(gid, id), nil); err != nil {
			return err
		}
	}
	for _, id := range sortedKeys(tx.dirtyRels) {
		if p, i := tx.rel(id); p != nil && len(p.props[i]) > 0 {
			buf = appendProps(buf[:0], p.props[i])
			if err := set(relKey(gid, id), buf); err != nil {
				return err
			}
		} else if err := b.Delete(relKey(gid, id), nil); err != nil {
			return err
		}
	}
	for c := range tx.dirtyChunks {
		k := adjKey(gid, c.node, c.typ, c.chunk)
		var rels []uint64
		var nbrs []uint32
		if l, ok := tx.lists(c.node, Out).find(c.typ); ok {
			ids := l.rels()
			lo, hi := ids.search(c.chunk<<chunkBits), ids.search((c.chunk+1)<<chunkBits)
			rels, nbrs = ids.uint64s(lo, hi), l.nbrs[lo:hi]
		}
		if len(rels) == 0 {
			if err := b.Delete(k, nil); err != nil {
				return err
			}
			continue
		}
		buf = appendChunk(buf[:0], c.chunk, rels, nbrs)
		if err := set(k, buf); err != nil {
			return err
		}
	}
	for k := range tx.dirtyIndexes {
		key := indexDefKey(gid, k.label, k.key)
		if ix := tx.indexes[k]; ix != nil {
			if err := set(key, []byte{indexFlags(ix)}); err != nil {
				return err
			}
		} else if err := b.Delete(key, nil); err != nil {
			return err
		}
	}
	if err := tx.encodeSearch(set, func(k []byte) error { return b.Delete(k, nil) }); err != nil {
		return err
	}
	if err := tx.encodeSchema(set, func(k []byte) error { return b.Delete(k, nil) }); err != nil {
		return err
	}
	if tx.dirtyMeta {
		if err := set(metaKey(gid), encodeMeta(tx.nextNode, tx.nextRel)); err != nil {
			return err
		}
	}
	return nil
}

const (
	indexFlagExplicit = 1
	indexFlagUnique   = 2
)

func indexFlags(ix *propIndex) byte {
	var f byte
	if ix.explicit {
		f |= indexFlagExplicit
	}
	if ix.unique {
		f |= indexFlagUnique
	}
	return f
}

func sortedKeys[K uint32 | uint64](m map[K]bool) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i] < ks[j] })
	return ks
}

func absDiff(a, b uint64) int64 {
	if a > b {
		return int64(a - b)
	}
	return int64(b - a)
}
