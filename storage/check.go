package storage

import (
	"fmt"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// checkConsistency verifies that the derived structures of v agree with its
// node and relationship tables: node bitmaps, label bitmaps, adjacency in
// both directions, counts, statistics and index entries. It is costly
// (O(graph)); Commit and BulkLoad run it when built with -tags invariants,
// and tests call it directly.
func (v *version) checkConsistency() error {
	all := roaring.New()
	labels := map[uint32]*roaring.Bitmap{}
	for pi, p := range v.nodes.all() {
		if p == nil {
			continue
		}
		for i := uint32(0); i < nodePageSize; i++ {
			if !p.isAlive(i) {
				if p.labels[i] != nil || p.props[i] != nil || !p.adj[Out].empty(i) || !p.adj[In].empty(i) {
					return fmt.Errorf("dead node %d has data", uint32(pi)<<nodePageBits|i)
				}
				continue
			}
			id := uint32(pi)<<nodePageBits | i
			all.Add(id)
			for _, l := range p.labels[i] {
				if labels[l] == nil {
					labels[l] = roaring.New()
				}
				labels[l].Add(id)
			}
			for d := Out; d <= In; d++ {
				ls := p.lists(i, d)
				for j, l := range ls.all() {
					rels := l.rels()
					if rels.len() == 0 || rels.len() != len(l.nbrs) || (j > 0 && ls.at(j-1).typ >= l.typ) {
						return fmt.Errorf("node %d %v: malformed adjacency", id, d)
					}
					for k := range rels.len() {
						r := rels.at(k)
						if k > 0 && rels.at(k-1) >= r {
							return fmt.Errorf("node %d %v: adjacency not sorted", id, d)
						}
						s, e, t, ok := v.Rel(r)
						want := e
						if d == In {
							want = s
							s = e
						}
						if !ok || s != id || t != l.typ || l.nbrs[k] != want {
							return fmt.Errorf("node %d %v: adjacency entry %d disagrees with relationship table", id, d, r)
						}
					}
				}
			}
		}
	}
	if !all.Equals(v.all) {
		return fmt.Errorf("node bitmap disagrees with node table")
	}
	for l, b := range v.labels {
		want := labels[l]
		if want == nil {
			want = roaring.New()
		}
		if !b.Equals(want) {
			return fmt.Errorf("label %d bitmap disagrees with node table", l)
		}
	}
	var rels uint64
	var bad error
	v.ForEachRel(func(id uint64, s, e, t uint32) bool {
		rels++
		found := false
		v.Expand(s, Out, t, func(r uint64, _, _ uint32) bool {
			found = r == id
			return !found
		})
		if !found {
			bad = fmt.Errorf("relationship %d missing from out-adjacency", id)
		}
		return bad == nil
	})
	if bad != nil {
		return bad
	}
	if rels != v.relCount {
		return fmt.Errorf("relationship count %d, table has %d", v.relCount, rels)
	}
	fresh := *v
	fresh.recomputeStats()
	a, b := v.Stats(), fresh.Stats()
	a.MemoryBytes, b.MemoryBytes = 0, 0
	if fmt.Sprint(a) != fmt.Sprint(b) {
		return fmt.Errorf("statistics drifted:\n%+v\n%+v", a, b)
	}
	for k, ix0 := range v.indexes {
		ix := &propIndex{tree: ix0.view(), entries: ix0.entries}
		if ix0.run != nil && int64(ix.tree.Len()) != ix0.ndistinct {
			return fmt.Errorf("index (%d,%d) counts %d values, holds %d", k.label, k.key, ix0.ndistinct, ix.tree.Len())
		}
		rebuilt, err := v.buildIndex(k.label, k.key, false)
		if err != nil {
			return err
		}
		if ix.t().Len() != rebuilt.tree.Len() || ix.entries != rebuilt.entries {
			return fmt.Errorf("index (%d,%d) has %d values, data has %d", k.label, k.key, ix.t().Len(), rebuilt.tree.Len())
		}
		var ierr error
		rebuilt.tree.AscendFunc(minBound, maxBound, func(val value.Value, bm posting) bool {
			if _, got, ok := ix.t().Get(val); !ok || !got.equals(bm) {
				ierr = fmt.Errorf("index (%d,%d) entry %v disagrees with data", k.label, k.key, val)
			} else if got.bm != nil && got.bm.GetCardinality() < 2 {
				ierr = fmt.Errorf("index (%d,%d) entry %v holds a bitmap of %d nodes", k.label, k.key, val, got.bm.GetCardinality())
			}
			return ierr == nil
		})
		if ierr != nil {
			return ierr
		}
	}
	return nil
}
