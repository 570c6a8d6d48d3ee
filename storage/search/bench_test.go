package search

import (
	"math/rand"
	"testing"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/viterin/vek/vek32"
)

const (
	benchN   = 100_000
	benchDim = 384
)

var sink float32

func benchStore(b *testing.B) *Vectors {
	b.Helper()
	r := rand.New(rand.NewSource(1))
	vs := NewVectors(benchDim, Cosine).Edit()
	vs.data = make([]float32, 0, benchN*benchDim)
	for i := uint32(0); i < benchN; i++ {
		vs.Put(i, randVec(r, benchDim))
	}
	return vs
}

// BenchmarkVectorScan is exact top-10 cosine over 100,000 × 384 float32
// vectors (153.6 MB); MB/s is the streaming rate.
func BenchmarkVectorScan(b *testing.B) {
	vs := benchStore(b)
	q := randVec(rand.New(rand.NewSource(2)), benchDim)
	b.SetBytes(int64(benchN * benchDim * 4))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := vs.Search(q, 10, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVectorScanFiltered scans with a pre-filter holding 1% of the nodes.
func BenchmarkVectorScanFiltered(b *testing.B) {
	vs := benchStore(b)
	f := roaring.New()
	for i := uint32(0); i < benchN; i += 100 {
		f.Add(i)
	}
	q := randVec(rand.New(rand.NewSource(2)), benchDim)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := vs.Search(q, 10, f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMemBandwidthSum sums a float32 array of the same size with the
// SIMD kernel: the machine's one-core streaming read bandwidth.
func BenchmarkMemBandwidthSum(b *testing.B) {
	a := make([]float32, benchN*benchDim)
	for i := range a {
		a[i] = float32(i & 7)
	}
	b.SetBytes(int64(len(a) * 4))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink += vek32.Sum(a)
	}
}

// BenchmarkMemBandwidthCopy copies a float32 array of the same size (MB/s
// counts the bytes read).
func BenchmarkMemBandwidthCopy(b *testing.B) {
	a := make([]float32, benchN*benchDim)
	d := make([]float32, len(a))
	for i := range a {
		a[i] = float32(i & 7)
	}
	b.SetBytes(int64(len(a) * 4))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(d, a)
	}
}

// BenchmarkVectorScanVsBandwidth measures the sum and the scan alternately
// in the same run and reports scan/sum as "ratio" (1.0 = the scan streams
// at the full one-core read bandwidth).
func BenchmarkVectorScanVsBandwidth(b *testing.B) {
	vs := benchStore(b)
	a := make([]float32, benchN*benchDim)
	for i := range a {
		a[i] = float32(i & 7)
	}
	q := randVec(rand.New(rand.NewSource(2)), benchDim)
	var tSum, tScan time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		sink += vek32.Sum(a)
		t1 := time.Now()
		if _, err := vs.Search(q, 10, nil); err != nil {
			b.Fatal(err)
		}
		tScan += time.Since(t1)
		tSum += t1.Sub(t0)
	}
	bytes := float64(benchN * benchDim * 4 * b.N)
	b.ReportMetric(bytes/tSum.Seconds()/1e9, "sumGB/s")
	b.ReportMetric(bytes/tScan.Seconds()/1e9, "scanGB/s")
	b.ReportMetric(tSum.Seconds()/tScan.Seconds(), "ratio")
}
