package storage

import (
	"math/rand"
	"slices"
	"testing"
	"unsafe"
)

// randomNodePage makes a page of random live nodes with labels and
// adjacency lists of random types and lengths in both directions.
func randomNodePage(r *rand.Rand) *nodePage {
	p := &nodePage{}
	for i := uint32(0); i < nodePageSize; i++ {
		if r.Intn(5) == 0 {
			continue
		}
		p.alive[0] |= 1 << i
		for l := 0; l < r.Intn(3); l++ {
			p.labels[i] = append(p.labels[i], uint32(l*3+r.Intn(3)))
		}
	}
	for d := range p.adj {
		b := newAdjBuilder(&p.adj[d], 0, 0)
		for i := uint32(0); i < nodePageSize; i++ {
			b.node(i)
			if !p.isAlive(i) {
				continue
			}
			typ := uint32(0)
			for k := r.Intn(4); k > 0; k-- {
				typ += uint32(1 + r.Intn(3))
				var rels []uint64
				var nbrs []uint32
				rel := uint64(r.Intn(10))
				if r.Intn(8) == 0 {
					rel += 1 << 32 // the page's ids widen to 64 bits
				}
				for e := r.Intn(40) + 1; e > 0; e-- {
					rel += uint64(1 + r.Intn(1000))
					rels = append(rels, rel)
					nbrs = append(nbrs, uint32(r.Intn(1<<20)))
				}
				b.list64(typ, rels, nbrs)
			}
		}
		b.finish()
	}
	return p
}

// TestNodePageDecode: a node block decodes to the page it was encoded
// from; each direction's neighbours lie in one run of the page's array
// (outgoing before incoming), and damaged blocks give errors, never a
// panic.
func TestNodePageDecode(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		want := randomNodePage(r)
		if want.alive[0] == 0 {
			continue
		}
		b := appendNodeBlock(nil, want)
		got, err := decodeNodePage(b)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		var lastOut, firstIn uintptr = 0, ^uintptr(0)
		for i := 0; i < nodePageSize; i++ {
			if got.isAlive(uint32(i)) != want.isAlive(uint32(i)) || !slices.Equal(got.labels[i], want.labels[i]) {
				t.Fatalf("round %d: node %d liveness or labels differ", round, i)
			}
			for d := Out; d <= In; d++ {
				gls, wls := got.lists(uint32(i), d), want.lists(uint32(i), d)
				if gls.len() != wls.len() {
					t.Fatalf("round %d: node %d dir %d: %d lists, want %d", round, i, d, gls.len(), wls.len())
				}
				gl, wl := make([]adjList, gls.len()), make([]adjList, wls.len())
				for k := range gl {
					gl[k], wl[k] = gls.at(k), wls.at(k)
				}
				for k := range gl {
					gr, wr := gl[k].rels(), wl[k].rels()
					if gl[k].typ != wl[k].typ || !slices.Equal(gr.uint64s(0, gr.len()), wr.uint64s(0, wr.len())) || !slices.Equal(gl[k].nbrs, wl[k].nbrs) ||
						gr.cap() != gr.len() || cap(gl[k].nbrs) != len(gl[k].nbrs) {
						t.Fatalf("round %d: node %d dir %d list %d differs", round, i, d, k)
					}
					lo := uintptr(unsafe.Pointer(&gl[k].nbrs[0]))
					hi := lo + 4*uintptr(len(gl[k].nbrs))
					if d == Out {
						lastOut = max(lastOut, hi)
					} else {
						firstIn = min(firstIn, lo)
					}
				}
			}
		}
		if lastOut > firstIn {
			t.Fatalf("round %d: outgoing neighbours run into the incoming ones", round)
		}
		// Damaged blocks: truncated, or one byte changed.
		for k := 0; k < 20; k++ {
			_, _ = decodeNodePage(b[:r.Intn(len(b))])
			c := slices.Clone(b)
			c[r.Intn(len(c))] ^= byte(1 + r.Intn(255))
			_, _ = decodeNodePage(c)
		}
	}
}
