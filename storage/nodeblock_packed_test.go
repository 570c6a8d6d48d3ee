package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"math/rand"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// randomNbrLists makes a direction's lists of neighbours in the shapes a
// graph gives them: ascending (a bulk load's incoming lists, and outgoing
// ones of a sorted source), ascending with repeats (parallel
// relationships), descending, random, one neighbour repeated (a node's
// self-loops), ascending with one descent; of no entries (a record a
// writer left empty), one entry, a few, exactly one or two runs
// (nbrBlockLen and one past it) and hubs of thousands; with ids near 0,
// at the top of the 32-bit range and anywhere.
func randomNbrLists(r *rand.Rand) ([]listRec, []uint32) {
	var recs []listRec
	var nbrs []uint32
	for range 1 + r.Intn(30) {
		var n int
		switch r.Intn(8) {
		case 0:
			n = 0
		case 1:
			n = 1
		case 2:
			n = nbrBlockLen + r.Intn(2)
		case 3:
			n = 1000 + r.Intn(5000)
		default:
			n = 2 + r.Intn(40)
		}
		var lo, span uint32
		switch r.Intn(4) {
		case 0:
			lo, span = 0, uint32(1+r.Intn(1000))
		case 1:
			span = uint32(1 + r.Intn(1<<20))
			lo = math.MaxUint32 - span
		case 2:
			lo, span = 0, math.MaxUint32
		default:
			lo, span = uint32(r.Int63n(1<<31)), uint32(1+r.Intn(1<<24))
		}
		pick := func() uint32 { return lo + uint32(r.Int63n(int64(span)+1)) }
		l := make([]uint32, n)
		for k := range l {
			l[k] = pick()
		}
		switch r.Intn(6) {
		case 0, 1:
			slices.Sort(l)
		case 2: // repeats: parallel relationships
			for k := 1; k < n; k++ {
				if r.Intn(3) == 0 {
					l[k] = l[k-1]
				}
			}
			slices.Sort(l)
		case 3:
			slices.Sort(l)
			slices.Reverse(l)
		case 4: // one neighbour (self-loops), maybe the top id
			v := pick()
			if r.Intn(2) == 0 {
				v = math.MaxUint32
			}
			for k := range l {
				l[k] = v
			}
		default: // ascending with one descent somewhere
			slices.Sort(l)
			if n > 2 {
				k := 1 + r.Intn(n-1)
				l[k], l[k-1] = l[k-1], l[k]
			}
		}
		recs = append(recs, listRec{typ: uint32(len(recs)), off: uint32(len(nbrs)), n: uint32(n), cap: uint32(n)})
		nbrs = append(nbrs, l...)
	}
	return recs, nbrs
}

// encodeNbrLists is the stream appendNbrStream writes for recs/nbrs.
func encodeNbrLists(recs []listRec, nbrs []uint32) []byte {
	return appendNbrStream(nil, func(yield func([]uint32)) {
		for _, rc := range recs {
			yield(nbrs[rc.off : rc.off+rc.n])
		}
	})
}

// TestNbrStream: a direction's neighbour stream decodes to the neighbours
// encoded (every shape of randomNbrLists: runs coded as deltas and as
// offsets, widths 0 to 32, the top id); the decoded array has capacity
// equal to its length and is decoded once; every truncated stream and
// every stream with a byte changed either decodes to other neighbours or
// fails with ErrCorrupt, never a panic; a stream with bytes past its
// lists fails; a damaged stream read through a page is reported once and
// reads as an array of the direction's length.
func TestNbrStream(t *testing.T) {
	r := rand.New(rand.NewSource(19))
	var entries, deltaRuns, forRuns, failed, changed int
	widths := map[int]bool{}
	for round := 0; round < 500; round++ {
		recs, nbrs := randomNbrLists(r)
		b := encodeNbrLists(recs, nbrs)
		// Which codings the stream used, read from its run headers.
		for _, rc := range recs {
			for k := 0; k < int(rc.n); k += nbrBlockLen {
				if min(int(rc.n)-k, nbrBlockLen) == 1 {
					continue
				}
				run := nbrs[int(rc.off)+k : int(rc.off)+min(int(rc.n), k+nbrBlockLen)]
				h := appendNbrRun(nil, run)[0]
				widths[int(h&0x3f)] = true
				if h&0x80 != 0 {
					deltaRuns++
				} else {
					forRuns++
				}
			}
		}
		pn := &packedNbrs{b: b, recs: recs, n: len(nbrs), damage: func(err error) { t.Fatalf("round %d: %v", round, err) }}
		got := pn.nbrs()
		if len(got) != len(nbrs) || cap(got) != len(got) || !slices.Equal(got, nbrs) {
			t.Fatalf("round %d: decoded %v, want %v", round, got, nbrs)
		}
		if again := pn.nbrs(); len(nbrs) > 0 && &again[0] != &got[0] {
			t.Fatalf("round %d: neighbours decoded twice", round)
		}
		entries += len(nbrs)
		if err := decodeNbrStream(append(slices.Clone(b), 0), recs, make([]uint32, len(nbrs))); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("round %d: a stream longer than its lists: %v", round, err)
		}
		if len(nbrs) > 0 {
			if err := decodeNbrStream(b, recs, make([]uint32, len(nbrs)-1)); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("round %d: lists past the entries: %v", round, err)
			}
		}
		f, ch, damaged := damageStream(t, r, round, b, nbrs, func(c []byte, out []uint32) error {
			return decodeNbrStream(c, recs, out)
		})
		failed, changed = failed+f, changed+ch
		if damaged {
			var reported error
			pn := &packedNbrs{b: b[:len(b)-1], recs: recs, n: len(nbrs), damage: func(err error) { reported = err }}
			if got := pn.nbrs(); len(got) != len(nbrs) || !errors.Is(reported, ErrCorrupt) {
				t.Fatalf("round %d: a damaged stream read as %d neighbours, reported %v", round, len(got), reported)
			}
		}
	}
	if entries < 500000 || deltaRuns < 5000 || forRuns < 1000 || len(widths) < 30 || failed < 1000 || changed < 100 {
		t.Fatalf("generator: %d entries, %d delta and %d offset runs, %d widths; damage: %d failed, %d decoded to other neighbours", entries, deltaRuns, forRuns, len(widths), failed, changed)
	}
	t.Logf("%d entries, %d delta and %d offset runs, %d widths; damaged streams: %d failed, %d decoded to other neighbours", entries, deltaRuns, forRuns, len(widths), failed, changed)
}

// TestNbrStreamBadRuns: runs whose header or values cannot have been
// written fail with ErrCorrupt: a neighbour past 32 bits (a single one,
// a base, an offset or a sum of deltas past the top), a width past 32, a
// reserved header bit, packed values cut short; the top id itself reads.
func TestNbrStreamBadRuns(t *testing.T) {
	uv := func(x uint64) []byte { return binary.AppendUvarint(nil, x) }
	cat := func(bs ...[]byte) []byte { return slices.Concat(bs...) }
	two := []listRec{{n: 2, cap: 2}}
	one := []listRec{{n: 1, cap: 1}}
	for _, c := range []struct {
		name string
		recs []listRec
		b    []byte
		ok   bool
	}{
		{"the top id", one, uv(math.MaxUint32), true},
		{"one past the top", one, uv(math.MaxUint32 + 1), false},
		{"offsets up to the top", two, cat([]byte{1}, uv(math.MaxUint32-1), []byte{0b10}), true},
		{"an offset past the top", two, cat([]byte{1}, uv(math.MaxUint32), []byte{0b10}), false},
		{"a base past the top", two, cat([]byte{0}, uv(math.MaxUint32+1)), false},
		{"deltas up to the top", two, cat([]byte{0x80 | 1}, uv(math.MaxUint32-1), []byte{1}), true},
		{"deltas past the top", two, cat([]byte{0x80 | 1}, uv(math.MaxUint32), []byte{1}), false},
		{"a width of 33", two, cat([]byte{33}, uv(0), make([]byte, 9)), false},
		{"a reserved bit", two, cat([]byte{0x40 | 1}, uv(0), []byte{0}), false},
		{"values cut short", two, cat([]byte{9}, uv(0), []byte{0, 0}), false},
		{"values longer than the run", two, cat([]byte{1}, uv(0), []byte{0, 0}), false},
	} {
		out := make([]uint32, 2)
		err := decodeNbrStream(c.b, c.recs, out[:c.recs[0].n])
		if c.ok != (err == nil) || err != nil && !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestNbrStreamCompact: ascending neighbours close together take about
// the bits of their gaps, and a run of one neighbour repeated (self-loops,
// parallel relationships) a few bytes whatever its length.
func TestNbrStreamCompact(t *testing.T) {
	nbrs := make([]uint32, 12800)
	for k := range nbrs {
		nbrs[k] = 3_000_000 + 7*uint32(k) // gaps of 7: 3 bits each
	}
	recs := []listRec{{n: uint32(len(nbrs)), cap: uint32(len(nbrs))}}
	if b := encodeNbrLists(recs, nbrs); len(b) > len(nbrs)*3/8+100*6 {
		t.Fatalf("12,800 neighbours 7 apart took %d bytes", len(b))
	}
	for k := range nbrs {
		nbrs[k] = math.MaxUint32
	}
	if b := encodeNbrLists(recs, nbrs); len(b) > 100*6 {
		t.Fatalf("12,800 repeats took %d bytes", len(b))
	}
}

// TestNbrStreamConcurrentFirstRead: readers that read a page's compressed
// neighbours for the first time at once (and a writer that unpacks them
// to append) all see the neighbours encoded. Run under -race it also
// shows the decode publishes its array safely.
func TestNbrStreamConcurrentFirstRead(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for round := 0; round < 50; round++ {
		recs, nbrs := randomNbrLists(r)
		d := &adjDir{lists: recs, rels: relIDs{narrow: make([]uint32, len(nbrs))}}
		d.pn = &packedNbrs{b: encodeNbrLists(recs, nbrs), recs: recs, n: len(nbrs)}
		var wg sync.WaitGroup
		errs := make(chan string, 9)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if !slices.Equal(d.all(), nbrs) {
					errs <- "a reader saw other neighbours"
				}
			}()
		}
		w := *d // a writer's copy of the direction, as a transaction takes it
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.unpack()
			if w.pn != nil || !slices.Equal(w.nbrs, nbrs) {
				errs <- "the writer unpacked other neighbours"
			}
		}()
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("round %d: %s", round, e)
		}
	}
}

// BenchmarkNbrStreamDecode: decoding every direction's neighbours of the
// Slashdot graph's node pages (as a first read after a page is loaded
// does), per entry (ns/op is per entry decoded).
func BenchmarkNbrStreamDecode(b *testing.B) {
	v := slashdotGraph(b).Snapshot().version
	var dirs []*packedNbrs
	entries := 0
	for pi := range nodePages(v.nextNode) {
		if p := v.nodes.get(pi); p != nil {
			for d := Out; d <= In; d++ {
				if pn := p.adj[d].pn; pn != nil {
					dirs = append(dirs, pn)
					entries += pn.n
				}
			}
		}
	}
	if len(dirs) == 0 {
		b.Skip("the graph's pages do not keep their neighbours compressed")
	}
	out := make([]uint32, entries)
	b.ResetTimer()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; {
		at := 0
		for _, pn := range dirs {
			if err := decodeNbrStream(pn.b, pn.recs, out[at:at+pn.n]); err != nil {
				b.Fatal(err)
			}
			at += pn.n
			i += pn.n
			if i >= b.N {
				break
			}
		}
	}
}

// TestNbrStreamSlashdot: the Slashdot graph bulk-loaded into an image of
// version 9 keeps every direction's neighbours compressed until read,
// reads the same neighbours as from an image of version 8, and its node
// blocks take at most 70% of version 8's (the neighbours were 4 bytes an
// entry, about 7.6 of 11.3 MB).
func TestNbrStreamSlashdot(t *testing.T) {
	path := slashdotPath(t)
	var sizes [2]int
	var want [][]uint32
	for k, ver := range []uint32{8, 9} {
		imageWriteVersion = ver
		s, err := Open("x", &Options{FS: vfs.NewMem()})
		check(t, err)
		g := mustGraph(t, s, DefaultGraph)
		check(t, g.BulkLoad(context.Background(), slashdotSource{path: path, labeled: true}, nil))
		imageWriteVersion = imageVersion
		v := g.Snapshot().version
		img := v.nodes.img
		if img == nil || img.version != ver {
			t.Fatalf("not read from an image of version %d", ver)
		}
		sizes[k] = len(img.nodeBlocks)
		packed, i := 0, 0
		for pi := range nodePages(v.nextNode) {
			p := v.nodes.get(pi)
			if p == nil {
				continue
			}
			for d := Out; d <= In; d++ {
				if len(p.adj[d].lists) == 0 {
					continue
				}
				if p.adj[d].pn != nil {
					packed++
				} else if ver >= imageVersionPackedNbrs {
					t.Fatalf("page %d %v: neighbours not kept compressed", pi, d)
				}
				if k == 0 {
					want = append(want, slices.Clone(p.adj[d].all()))
				} else if !slices.Equal(p.adj[d].all(), want[i]) {
					t.Fatalf("page %d %v: neighbours differ from version 8's", pi, d)
				}
				i++
			}
		}
		t.Logf("version %d: node blocks %d bytes, %d directions kept compressed", ver, sizes[k], packed)
		check(t, s.Close())
	}
	if sizes[1] > sizes[0]*7/10 {
		t.Fatalf("node blocks of %d bytes in version 9, %d in version 8", sizes[1], sizes[0])
	}
}

// TestNbrStreamsOfEmptyDirection: a block of version 9 whose direction
// without lists has a neighbour stream of some bytes (a damaged length)
// is damaged, though its lists read as they were written.
func TestNbrStreamsOfEmptyDirection(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	tried := 0
	for round := 0; round < 200 && tried < 20; round++ {
		p := randomShapedPage(r, uint64(round))
		if p.alive[0] == 0 {
			continue
		}
		p.adj[In] = adjDir{} // outgoing lists only
		if len(p.adj[Out].lists) == 0 {
			continue
		}
		b := appendNodeBlockInPlace(nil, p, 3)
		at := streamsAt(b, 3) - 8 // the two stream lengths
		outLen := int(binary.LittleEndian.Uint32(b[at:]))
		if binary.LittleEndian.Uint32(b[at+4:]) != 0 {
			t.Fatal("an incoming stream for a page without incoming lists")
		}
		ids := align8(at + 8 + outLen) // the id streams, to the end
		d := slices.Clone(b[:at+8+outLen])
		binary.LittleEndian.PutUint32(d[at+4:], 1)
		d = append(d, 0x55)
		for len(d)%8 != 0 {
			d = append(d, 0)
		}
		d = append(d, b[ids:]...)
		buf := make([]uint64, len(d)/8)
		blk := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), len(d))
		copy(blk, d)
		if _, err := decodeNodePagePackedNbrs(blk, nil); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("round %d: a stream for a direction without lists: %v", round, err)
		}
		tried++
	}
	if tried < 20 {
		t.Fatalf("%d pages tried", tried)
	}
}
