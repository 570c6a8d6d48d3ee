package engine

import (
	"math/rand/v2"

	"github.com/RoaringBitmap/roaring/v2"
)

// sampleNodes returns the nodes a property's statistics read (see
// propSketch): all of nodes when there are at most distinctSample, else
// distinctSample of them at ranks drawn uniformly, in node order. The
// seed is fixed, so the same data gives the same plans. The first nodes
// alone are no sample of a property that follows creation order (ids,
// timestamps): a range on the far end of its values would be estimated
// empty, and a plan built on that estimate starts from the wrong end.
func sampleNodes(nodes *roaring.Bitmap) *roaring.Bitmap {
	n := nodes.GetCardinality()
	if n <= distinctSample {
		return nodes
	}
	rng := rand.New(rand.NewPCG(1, 2))
	picked := roaring.New()
	for picked.GetCardinality() < distinctSample {
		if id, err := nodes.Select(uint32(rng.Uint64N(n))); err == nil {
			picked.Add(id)
		}
	}
	return picked
}
