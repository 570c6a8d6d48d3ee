package engine

import (
	"math"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/value"
)

// TestSampleSpread checks that a property sample covers the whole
// range of a property that follows node order (as ids and creation times
// do): the share of sampled values above a point is near the true share,
// and periodic values are all seen (no stride aliasing); small sets are
// read whole, and the sample is the same every time.
func TestSampleSpread(t *testing.T) {
	nodes := roaring.New()
	nodes.AddRange(1000, 101000)
	nodes.AddRange(500000, 520000)
	id := func(n uint32) (value.Value, bool) { return value.Int(int64(n)), true }
	sk := sampleProperty(nodes, id)
	if sk.sampled != distinctSample {
		t.Fatalf("sample of %d nodes, want %d", sk.sampled, distinctSample)
	}
	again := sampleProperty(nodes, id)
	for i := range sk.values {
		if value.Equal(sk.values[i], again.values[i]) != value.True {
			t.Fatal("two samples of the same nodes differ")
		}
	}
	for _, c := range []struct {
		above int64
		share float64
	}{{51000, 70000.0 / 120000}, {101000, 20000.0 / 120000}, {0, 1}} {
		got := 0
		for _, v := range sk.values {
			if value.CompareOp(">=", v, value.Int(c.above)) == value.True {
				got++
			}
		}
		if f := float64(got) / float64(sk.sampled); math.Abs(f-c.share) > 0.05 {
			t.Errorf("share of ids >= %d: sampled %.3f, true %.3f", c.above, f, c.share)
		}
	}
	if sk.distinct != float64(nodes.GetCardinality()) {
		t.Errorf("a key: %v distinct, want %d", sk.distinct, nodes.GetCardinality())
	}
	mod := func(n uint32) (value.Value, bool) { return value.Int(int64(n % 10)), true }
	if d := sampleProperty(nodes, mod).distinct; d != 10 {
		t.Errorf("ten periodic values: %v distinct", d)
	}
	small := roaring.New()
	small.AddRange(0, distinctSample)
	if got := sampleProperty(small, id); got.sampled != int(small.GetCardinality()) {
		t.Error("a set no larger than the sample is not read whole")
	}
}
