package search

import (
	"container/heap"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/viterin/vek/vek32"
)

// Similarity is a vector similarity function.
type Similarity uint8

// Similarity functions, scored as Neo4j does: cosine (1+cos)/2 and
// euclidean 1/(1+d²), both in [0, 1], higher is closer.
const (
	Cosine Similarity = iota
	Euclidean
)

// String returns "cosine" or "euclidean".
func (s Similarity) String() string {
	if s == Euclidean {
		return "euclidean"
	}
	return "cosine"
}

// ParseSimilarity parses a similarity function name.
func ParseSimilarity(s string) (Similarity, error) {
	switch s {
	case "cosine", "COSINE", "Cosine":
		return Cosine, nil
	case "euclidean", "EUCLIDEAN", "Euclidean":
		return Euclidean, nil
	}
	return 0, fmt.Errorf("unknown similarity function %q (want 'cosine' or 'euclidean')", s)
}

// Vectors stores the vectors of one index in one contiguous float32 array
// (slot-major) so a query is a single sequential SIMD scan. Cosine vectors
// are stored L2-normalised. Replaced and removed vectors leave a dead slot
// (a tombstone) until the store is compacted. A published Vectors is
// immutable; Edit returns a private copy that appends past the shared
// arrays' length (older versions never read beyond their own).
type Vectors struct {
	Dim int
	Sim Similarity
	// frozen holds the vectors of the first nf slots when the store was
	// opened from a persisted section (VectorsFrom): a read-only view,
	// typically of a mapped file, never written or appended to; data holds
	// the slots after them.
	frozen []float32
	nf     int
	data   []float32
	norm2  []float32 // squared norms (euclidean)
	ids    []uint32  // node of each slot
	slot   *cowMap[uint32, int32]
	dead   *roaring.Bitmap // dead slots
	// claim is shared by the versions that share the backing arrays: the
	// length of the longest published prefix, or -1 while an editor owns
	// the space past it. Only an editor that claims the tail appends in
	// place; any other copies on its first append (the slices it got are
	// capped), so two editors of one version never write the same slots.
	claim *atomic.Int64
}

// NewVectors returns an empty store.
func NewVectors(dim int, sim Similarity) *Vectors {
	return &Vectors{Dim: dim, Sim: sim, slot: newCowMap[uint32, int32](), dead: roaring.New(), claim: new(atomic.Int64)}
}

// Edit returns a copy that may be changed without affecting v.
func (v *Vectors) Edit() *Vectors {
	c := *v
	c.slot = v.slot.fork()
	c.dead = v.dead.Clone()
	if v.claim.CompareAndSwap(int64(len(v.ids)), -1) {
		return &c // appends in place, past every reader's length
	}
	c.data = v.data[:len(v.data):len(v.data)]
	c.norm2 = v.norm2[:len(v.norm2):len(v.norm2)]
	c.ids = v.ids[:len(v.ids):len(v.ids)]
	c.claim = new(atomic.Int64)
	c.claim.Store(-1)
	return &c
}

// Publish ends editing: it releases the tail of the shared arrays to the
// next editor. The store must not be changed afterwards.
func (v *Vectors) Publish() *Vectors {
	v.claim.Store(int64(len(v.ids)))
	return v
}

// Bytes estimates the heap memory of the store: the vectors held on the
// heap (not those of a persisted section, which stay in its mapping),
// norms, node ids and the slot map. Versions sharing arrays each count
// them in full.
func (v *Vectors) Bytes() int64 {
	return 4*int64(len(v.data)+len(v.norm2)) + 4*int64(len(v.ids)) + 16*int64(v.slot.len()) + int64(v.dead.GetSizeInBytes())
}

// Len is the number of live vectors.
func (v *Vectors) Len() int { return v.slot.len() }

// Check validates a vector for this store: dimension, finiteness and (for
// cosine) a non-zero norm.
func (v *Vectors) Check(x []float32) error {
	if len(x) != v.Dim {
		return fmt.Errorf("vector has %d dimensions, the index expects %d", len(x), v.Dim)
	}
	var n2 float64
	for i, f := range x {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return fmt.Errorf("vector element %d is %v; vectors must be finite", i, f)
		}
		n2 += float64(f) * float64(f)
	}
	if v.Sim == Cosine && n2 == 0 {
		return fmt.Errorf("a zero vector has no cosine similarity")
	}
	return nil
}

// Put stores (or replaces) the vector of a node; x must pass Check.
func (v *Vectors) Put(node uint32, x []float32) {
	v.Remove(node)
	s := int32(len(v.ids))
	n2 := vek32.Dot(x, x)
	if v.Sim == Cosine {
		inv := float32(1 / math.Sqrt(float64(n2)))
		start := len(v.data)
		v.data = append(v.data, x...)
		vek32.MulNumber_Inplace(v.data[start:], inv)
		n2 = 1
	} else {
		v.data = append(v.data, x...)
	}
	v.norm2 = append(v.norm2, n2)
	v.ids = append(v.ids, node)
	v.slot.set(node, s)
}

// Remove deletes the vector of a node (no-op if absent).
func (v *Vectors) Remove(node uint32) {
	s, ok := v.slot.get(node)
	if !ok {
		return
	}
	v.dead.Add(uint32(s))
	v.slot.del(node)
}

// Compact rewrites the store without dead slots when they are more than a
// quarter of it. Only on an edited copy.
func (v *Vectors) Compact() {
	dead := int(v.dead.GetCardinality())
	if dead == 0 || dead*4 < len(v.ids) {
		return
	}
	n := NewVectors(v.Dim, v.Sim)
	n.claim.Store(-1)
	n.data = make([]float32, 0, v.slot.len()*v.Dim)
	for s, id := range v.ids {
		if v.dead.Contains(uint32(s)) {
			continue
		}
		n.slot.set(id, int32(len(n.ids)))
		n.ids = append(n.ids, id)
		n.norm2 = append(n.norm2, v.norm2[s])
		n.data = append(n.data, v.at(s)...)
	}
	*v = *n
}

// at is the vector of slot s.
func (v *Vectors) at(s int) []float32 {
	d := v.Dim
	if s < v.nf {
		return v.frozen[s*d : s*d+d : s*d+d]
	}
	s -= v.nf
	return v.data[s*d : s*d+d : s*d+d]
}

// Get returns the stored vector of a node (normalised for cosine).
func (v *Vectors) Get(node uint32) ([]float32, bool) {
	s, ok := v.slot.get(node)
	if !ok {
		return nil, false
	}
	return v.at(int(s)), true
}

type hitHeap []Hit // min-heap by (score, then larger node id first out)

func (h hitHeap) Len() int { return len(h) }
func (h hitHeap) Less(i, j int) bool {
	if h[i].Score != h[j].Score {
		return h[i].Score < h[j].Score
	}
	return h[i].Node > h[j].Node
}
func (h hitHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *hitHeap) Push(x any)   { *h = append(*h, x.(Hit)) }
func (h *hitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// Search returns the exact top k nodes by similarity to q, best first.
// When filter is non-nil only its nodes are considered: a small filter is
// visited node by node, a large one is checked only for candidates that
// would enter the top k, so filtering adds no pass over the data.
func (v *Vectors) Search(q []float32, k int, filter *roaring.Bitmap) ([]Hit, error) {
	if err := v.Check(q); err != nil {
		return nil, err
	}
	if k <= 0 || v.slot.len() == 0 {
		return nil, nil
	}
	qq := q
	var qn2 float32
	if v.Sim == Cosine {
		qq = make([]float32, len(q))
		copy(qq, q)
		vek32.MulNumber_Inplace(qq, float32(1/math.Sqrt(float64(vek32.Dot(q, q)))))
	} else {
		qn2 = vek32.Dot(q, q)
	}
	// raw: a monotone stand-in for the score (dot for cosine, -d² for euclidean).
	raw := func(s int, dot float32) float32 {
		if v.Sim == Cosine {
			return dot
		}
		return 2*dot - v.norm2[s] - qn2
	}
	h := make(hitHeap, 0, k+1)
	thr := float32(math.Inf(-1))
	dead := !v.dead.IsEmpty()
	consider := func(s int, r float32) {
		if len(h) == k && r < thr {
			return
		}
		id := v.ids[s]
		if dead && v.dead.Contains(uint32(s)) {
			return
		}
		if filter != nil && !filter.Contains(id) {
			return
		}
		heap.Push(&h, Hit{id, float64(r)})
		if len(h) > k {
			heap.Pop(&h)
		}
		if len(h) == k {
			thr = float32(h[0].Score)
		}
	}
	d := v.Dim
	if filter != nil && filter.GetCardinality()*8 < uint64(v.slot.len()) {
		it := filter.Iterator()
		for it.HasNext() {
			s, ok := v.slot.get(it.Next())
			if !ok {
				continue
			}
			consider(int(s), raw(int(s), vek32.Dot(qq, v.at(int(s)))))
		}
	} else {
		// The frozen slots, then the others: each one sequential scan.
		for _, part := range [2]struct {
			data  []float32
			first int
		}{{v.frozen, 0}, {v.data, v.nf}} {
			data, first := part.data, part.first
			n := len(data) / d
			if v.Sim == Cosine {
				for i := 0; i < n; i++ {
					if r := vek32.Dot(qq, data[i*d:i*d+d]); r >= thr {
						consider(first+i, r)
					}
				}
			} else {
				for i := 0; i < n; i++ {
					consider(first+i, raw(first+i, vek32.Dot(qq, data[i*d:i*d+d])))
				}
			}
		}
	}
	out := make([]Hit, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		x := heap.Pop(&h).(Hit)
		if v.Sim == Cosine {
			x.Score = min(1, max(0, (1+x.Score)/2)) // float32 rounding can pass 1
		} else {
			x.Score = 1 / (1 - x.Score)
		}
		out[i] = x
	}
	return out, nil
}

// Score is the index's similarity score of two raw vectors (as Search
// reports it), for reference checks.
func Score(sim Similarity, a, b []float32) float64 {
	if sim == Cosine {
		return (1 + float64(vek32.CosineSimilarity(a, b))) / 2
	}
	var d2 float64
	for i := range a {
		x := float64(a[i]) - float64(b[i])
		d2 += x * x
	}
	return 1 / (1 + d2)
}
