package storage

import (
	"github.com/RaduBerinde/btreemap"
	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// posting is the set of nodes that hold one value in a property index:
// a single node inline (bm nil), or a bitmap of two or more. Most
// indexed values (keys, identifiers) belong to one node, and a roaring
// bitmap of one element costs some 150 bytes in three allocations, so an
// index of n keys took several times the memory its estimate counted;
// inline it takes none beyond the tree's item.
type posting struct {
	bm  *roaring.Bitmap // nil: the single node one
	one uint32
}

// indexTree maps the values of a property index to their nodes.
type indexTree = btreemap.BTreeMap[value.Value, posting]

func newIndexTree() *indexTree {
	return btreemap.New[value.Value, posting](16, indexOrder)
}

// bitmap returns the nodes as a bitmap: the posting's own (not to be
// changed) or a new one.
func (p posting) bitmap() *roaring.Bitmap {
	if p.bm != nil {
		return p.bm
	}
	return roaring.BitmapOf(p.one)
}

func (p posting) card() uint64 {
	if p.bm != nil {
		return p.bm.GetCardinality()
	}
	return 1
}

func (p posting) contains(n uint32) bool {
	if p.bm != nil {
		return p.bm.Contains(n)
	}
	return p.one == n
}

func (p posting) min() uint32 {
	if p.bm != nil {
		return p.bm.Minimum()
	}
	return p.one
}

func (p posting) equals(q posting) bool {
	if p.bm == nil && q.bm == nil {
		return p.one == q.one
	}
	return p.card() == q.card() && p.bitmap().Equals(q.bitmap())
}

// unionPostings is the union of ps as a new bitmap.
func unionPostings(ps []posting) *roaring.Bitmap {
	var bs []*roaring.Bitmap
	var ones []uint32
	for _, p := range ps {
		if p.bm != nil {
			bs = append(bs, p.bm)
		} else {
			ones = append(ones, p.one)
		}
	}
	out := roaring.New()
	if len(bs) > 0 {
		out = roaring.FastOr(bs...)
	}
	out.AddMany(ones)
	return out
}

// addTo adds node n under val to a tree being built (owned by the
// caller, with bitmaps nobody else holds). It returns the bytes added to
// the estimate, and with unique, whether val is already taken (dupOf: by
// which node), adding nothing then.
func addTo(t *indexTree, val value.Value, n uint32, unique bool) (size int64, dupOf uint32, dup bool) {
	_, p, found := t.Get(val)
	switch {
	case !found:
		t.ReplaceOrInsert(val, posting{one: n})
		return memIndex + 4, 0, false
	case unique:
		return 0, p.min(), true
	case p.bm == nil:
		if p.one == n {
			return 0, 0, false
		}
		t.ReplaceOrInsert(val, posting{bm: roaring.BitmapOf(p.one, n)})
	default:
		if !p.bm.CheckedAdd(n) {
			return 0, 0, false
		}
	}
	return 4, 0, false
}
