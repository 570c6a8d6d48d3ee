package vm

import (
	"math/rand"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// addSet collects what addNode collects node by node in id order: the
// same R, the same truncation, whatever R held and whatever the limit.
func TestAddSetMatchesAddNode(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 500; trial++ {
		r0 := roaring.New()
		for i := rng.Intn(20); i > 0; i-- {
			r0.Add(uint32(rng.Intn(60)))
		}
		s := roaring.New()
		for i := rng.Intn(40); i > 0; i-- {
			s.Add(uint32(rng.Intn(60)))
		}
		limit := 0
		if rng.Intn(4) > 0 {
			limit = int(r0.GetCardinality()) + rng.Intn(30)
		}
		a := &WorkingRun{R: &Working{NodeSet: r0.Clone()}, Limit: limit}
		b := &WorkingRun{R: &Working{NodeSet: r0.Clone()}, Limit: limit}
		a.addSet(s)
		it := s.Iterator()
		for it.HasNext() && !b.Truncated {
			b.addNode(it.Next())
		}
		if !a.R.NodeSet.Equals(b.R.NodeSet) || a.Truncated != b.Truncated {
			t.Fatalf("R %v, set %v, limit %d: addSet gives %v (truncated %v), addNode %v (%v)",
				r0.ToArray(), s.ToArray(), limit, a.R.NodeSet.ToArray(), a.Truncated, b.R.NodeSet.ToArray(), b.Truncated)
		}
	}
}
