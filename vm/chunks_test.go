package vm

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestChunkedKeepsEntries pushes entries under size hints from none to
// far too many and checks every entry reads back, that entries past the
// first chunk never move, and that the bytes reported add up to the
// capacity held, which stays within one chunk of the entries pushed.
func TestChunkedKeepsEntries(t *testing.T) {
	for _, hint := range []int{0, 1, 1500, chunkLen - 1, chunkLen, 5 * chunkLen, 1 << 30} {
		for _, n := range []int{0, 1, 3, presizeAt, presizeAt + 1, chunkLen, chunkLen + 1, 3*chunkLen + 17} {
			var c chunked[[2]int]
			var charged int64
			var addr []*[2]int
			for i := range n {
				charged += c.push([2]int{i, -i}, hint)
				if i == chunkLen {
					addr = append(addr, c.at(chunkLen))
				}
			}
			if c.len() != n {
				t.Fatalf("hint %d: len %d, want %d", hint, c.len(), n)
			}
			for i := range n {
				if e := *c.at(i); e != [2]int{i, -i} {
					t.Fatalf("hint %d, n %d: entry %d is %v", hint, n, i, e)
				}
			}
			if len(addr) > 0 && addr[0] != c.at(chunkLen) {
				t.Fatalf("hint %d, n %d: an entry past the first chunk moved", hint, n)
			}
			if charged != c.bytes() {
				t.Fatalf("hint %d, n %d: reported %d bytes, holds %d", hint, n, charged, c.bytes())
			}
			size := int64(unsafe.Sizeof([2]int{}))
			if limit := int64(max(n, firstChunkMin)+chunkLen) * size; charged > limit {
				t.Fatalf("hint %d, n %d: holds %d bytes, more than a chunk beyond the entries", hint, n, charged)
			}
		}
	}
}

// TestPagedMatchesMap sets random keys, clustered and sparse, and checks
// every read against a map, and that pages are allocated only where keys
// fall.
func TestPagedMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var p paged
	want := map[int64]int32{}
	var bytes int64
	for i := range 20000 {
		var k int64
		if i%4 == 0 {
			k = r.Int64N(1 << 24)
		} else {
			k = r.Int64N(5000)
		}
		want[k] = int32(i + 1)
		bytes += p.set(k, int32(i+1))
	}
	for k := int64(0); k < 6000; k++ {
		if p.get(k) != want[k] {
			t.Fatalf("key %d: %d, want %d", k, p.get(k), want[k])
		}
	}
	for k, v := range want {
		if p.get(k) != v {
			t.Fatalf("key %d: %d, want %d", k, p.get(k), v)
		}
	}
	if p.get(1<<40) != 0 || p.get(-1) != 0 {
		t.Fatal("a key never set reads non-zero")
	}
	pages := map[int64]bool{}
	for k := range want {
		pages[k>>pagedShift] = true
	}
	if held := bytes - int64(24*len(p.pages)); held != int64(len(pages))*4*pagedLen {
		t.Fatalf("%d bytes of pages for %d pages touched", held, len(pages))
	}
}
