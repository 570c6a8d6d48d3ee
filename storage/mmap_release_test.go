package storage

import (
	"context"
	mrand "math/rand"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// residentBytes returns the resident bytes of the mapping that holds b,
// from /proc/self/smaps; false where that cannot be read.
func residentBytes(b []byte) (int64, bool) {
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil || len(b) == 0 {
		return 0, false
	}
	addr := uint64(uintptr(unsafe.Pointer(&b[0])))
	in := false
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(f[0], "-"); ok && !strings.HasSuffix(f[0], ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			z, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				in = a <= addr && addr < z
				continue
			}
		}
		if in && f[0] == "Rss:" && len(f) >= 2 {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// TestSearchImageMappingReleased: under a MemoryBudget a vector index
// read from the mapped search image is scanned in place and its pages are
// then released, so queries leave little of the mapping resident, and
// answer as without a budget, where the whole array stays resident.
func TestSearchImageMappingReleased(t *testing.T) {
	const n, dim = 20000, 128 // 10 MB of vectors
	dir := t.TempDir()
	s, err := Open(dir, nil)
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "v", Kind: SearchVector, Labels: []string{"V"}, Props: []string{"emb"}, Dim: dim}))
	l := must(tx.LabelIDOrCreate("V"))(t)
	k := must(tx.PropKeyIDOrCreate("emb"))(t)
	check(t, tx.Commit())
	r := rand.New(rand.NewPCG(3, 3))
	check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		for range n {
			vec := make(value.Vector, dim)
			for i := range vec {
				vec[i] = r.Float32()
			}
			if _, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: vec}); err != nil {
				return err
			}
		}
		return nil
	}), nil))
	q := make([]float32, dim)
	for i := range q {
		q[i] = r.Float32()
	}
	_, err = QueryVector(g.Snapshot(), "v", q, 5, nil) // built, so Close writes it
	check(t, err)
	check(t, s.Close())
	query := func(budget int64) ([]uint32, int64) {
		s, err := Open(dir, &Options{ReadOnly: true, MemoryBudget: budget})
		check(t, err)
		defer s.Close()
		snap := mustGraph(t, s, DefaultGraph).Snapshot()
		ix := snap.version.search["v"]
		if ix.lazy == nil || ix.lazy.stored == nil {
			t.Fatal("the index is not read from the search image")
		}
		var ids []uint32
		for range 3 {
			hits, err := QueryVector(snap, "v", q, 5, nil)
			check(t, err)
			ids = ids[:0]
			for _, h := range hits {
				ids = append(ids, h.Node)
			}
		}
		rss, ok := residentBytes(ix.lazy.stored.data)
		if !ok {
			t.Skip("no /proc/self/smaps, or the search image is not mapped")
		}
		return ids, rss
	}
	want, full := query(0)
	got, budgeted := query(16 << 20)
	if !slices.Equal(got, want) {
		t.Fatalf("under a budget the top 5 are %v, without one %v", got, want)
	}
	if full < n*dim*4*9/10 {
		t.Fatalf("without a budget %d bytes of the mapping are resident: the measure does not see the scan", full)
	}
	if budgeted > 1<<20 {
		t.Fatalf("under a budget %d bytes of the mapping stay resident after the queries", budgeted)
	}
}

// TestSearchIndexesCounted: a full-text index counts in MemoryUsage once
// it is read (on first use after a reopen, from the search image), by its
// estimate: the postings it decoded.
func TestSearchIndexesCounted(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text"}}))
	l := must(tx.LabelIDOrCreate("Doc"))(t)
	k := must(tx.PropKeyIDOrCreate("text"))(t)
	r := mrand.New(mrand.NewSource(4))
	for range 2000 {
		_, err := tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: randWords(r)})
		check(t, err)
	}
	check(t, tx.Commit())
	check(t, s.Close())
	s, err = Open("db", &Options{FS: fs})
	check(t, err)
	defer s.Close()
	before, _ := s.MemoryUsage()
	snap := mustGraph(t, s, DefaultGraph).Snapshot()
	_, err = QueryFulltext(snap, "ft", "a*")
	check(t, err)
	after, _ := s.MemoryUsage()
	ix := snap.version.search["ft"]
	if ix.data().postings == nil {
		t.Fatal("the index is not read from the search image")
	}
	// (What it holds: the postings the query decoded.)
	if n := ix.bytes(); n <= 0 || after-before < n {
		t.Fatalf("MemoryUsage %d before the index was read, %d after; the index estimates %d", before, after, n)
	}
}
