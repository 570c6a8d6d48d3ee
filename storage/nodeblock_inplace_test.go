package storage

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"unsafe"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/value"
)

// randomShapedPage is randomNodePage with the shapes adjacency takes in
// graphs: empty pages and nodes without lists, lists of one entry, a hub
// whose lists have thousands of entries, self-loops (the page's own
// nodes as neighbours), parallel relationships (one neighbour repeated),
// and ids wider than 32 bits on some pages.
func randomShapedPage(r *rand.Rand, pi uint64) *nodePage {
	p := &nodePage{}
	live := r.Intn(4) // 0: no node, 1: a few, else most
	for i := uint32(0); i < nodePageSize; i++ {
		if live == 0 || live == 1 && r.Intn(8) != 0 || live > 1 && r.Intn(5) == 0 {
			continue
		}
		p.alive[0] |= 1 << i
		for l := 0; l < r.Intn(3); l++ {
			p.labels[i] = append(p.labels[i], uint32(l*3+r.Intn(3)))
		}
	}
	wide := r.Intn(6) == 0
	hub := uint32(r.Intn(nodePageSize))
	for d := range p.adj {
		b := newAdjBuilder(&p.adj[d], 0, 0)
		for i := uint32(0); i < nodePageSize; i++ {
			b.node(i)
			if !p.isAlive(i) || r.Intn(4) == 0 {
				continue
			}
			typ := uint32(0)
			for k := 1 + r.Intn(3); k > 0; k-- {
				typ += uint32(r.Intn(3))
				if typ == 0 && k < 3 {
					typ = 1
				}
				var rels []uint64
				var nbrs []uint32
				rel := uint64(r.Intn(10))
				if wide {
					rel += 1 << 32
				}
				n := 1
				switch {
				case i == hub:
					n = 1000 + r.Intn(5000)
				case r.Intn(3) > 0:
					n = 1 + r.Intn(40)
				}
				// Gaps of one id (runs, as a bulk load numbers a node's
				// outgoing relationships), random gaps, or both mixed.
				mode := r.Intn(3)
				for e := 0; e < n; e++ {
					if mode == 0 || mode == 2 && r.Intn(3) > 0 {
						rel++
					} else {
						rel += uint64(1 + r.Intn(1000))
					}
					rels = append(rels, rel)
					switch r.Intn(6) {
					case 0: // a self-loop
						nbrs = append(nbrs, uint32(pi*nodePageSize)+i)
					case 1: // parallel to the previous entry
						if len(nbrs) > 0 {
							nbrs = append(nbrs, nbrs[len(nbrs)-1])
							break
						}
						fallthrough
					default:
						nbrs = append(nbrs, uint32(r.Intn(1<<20)))
					}
				}
				b.list64(typ, rels, nbrs)
			}
		}
		b.finish()
	}
	return p
}

// samePage fails unless got and want hold the same nodes, labels and
// lists; got's lists must have capacity equal to their length.
func samePage(t *testing.T, what string, got, want *nodePage) {
	t.Helper()
	for i := uint32(0); i < nodePageSize; i++ {
		if got.isAlive(i) != want.isAlive(i) || !slices.Equal(got.labels[i], want.labels[i]) || len(got.props[i]) != len(want.props[i]) {
			t.Fatalf("%s: node %d liveness, labels or properties differ", what, i)
		}
		for d := Out; d <= In; d++ {
			gls, wls := got.lists(i, d), want.lists(i, d)
			if gls.len() != wls.len() {
				t.Fatalf("%s: node %d %v: %d lists, want %d", what, i, d, gls.len(), wls.len())
			}
			for j := range gls.len() {
				gl, wl := gls.at(j), wls.at(j)
				gr, wr := gl.rels(), wl.rels()
				if gl.typ != wl.typ || !slices.Equal(gr.uint64s(0, gr.len()), wr.uint64s(0, wr.len())) || !slices.Equal(gl.nbrs, wl.nbrs) {
					t.Fatalf("%s: node %d %v list %d differs", what, i, d, j)
				}
				if gr.cap() != gr.len() || cap(gl.nbrs) != len(gl.nbrs) {
					t.Fatalf("%s: node %d %v list %d: capacity past its length (a writer would write into the image)", what, i, d, j)
				}
				if (gl.bm != nil) != (wl.bm != nil) {
					t.Fatalf("%s: node %d %v list %d: bitmap slot %v, want %v", what, i, d, j, gl.bm != nil, wl.bm != nil)
				}
			}
		}
	}
}

// TestNodeBlockInPlace: a node block of version 7 (and 8: packed) decodes
// to the same page as the older format's block of the same page, for
// pages of every shape (randomShapedPage); its neighbours (and, in version
// 7, relationship ids) are views of the block, each direction's arrays
// ending at their length (so that appends copy), outgoing before
// incoming; its length is a multiple of 8; damaged blocks (truncated, a
// byte changed) give errors or wrong pages, never a panic; a misaligned
// block gives an error. In version 8 a damaged id stream may be noticed
// only when the ids are read: then it is reported as damage, never a
// panic.
func TestNodeBlockInPlace(t *testing.T) {
	for format := 1; format <= 3; format++ {
		t.Run(fmt.Sprint("format=", format), func(t *testing.T) { testNodeBlockInPlace(t, format) })
	}
}

// readAllIDs reads every list's relationship ids and neighbours of p
// (decoding packed ones) and returns how many entries it read.
func readAllIDs(p *nodePage) int {
	n := 0
	for i := uint32(0); i < nodePageSize; i++ {
		for d := Out; d <= In; d++ {
			for _, l := range p.lists(i, d).all() {
				rels := l.rels()
				for k := range rels.len() {
					_ = rels.at(k)
					_ = l.nbrs[k]
					n++
				}
			}
		}
	}
	return n
}

func testNodeBlockInPlace(t *testing.T, format int) {
	packed := format >= 2
	r := rand.New(rand.NewSource(7))
	var pages, entries, wide, noticed, damagedIDs int
	var damage error
	decode := func(b []byte) (*nodePage, error) {
		if packed {
			return decodeNodeBlockInPlace(b, format, func(err error) { damage = err })
		}
		return decodeNodePageInPlace(b)
	}
	for round := 0; round < 300; round++ {
		pi := uint64(r.Intn(1000))
		want := randomShapedPage(r, pi)
		b := appendNodeBlockInPlace(nil, want, format)
		if want.alive[0] == 0 {
			if got, err := decode(b); got != nil || err != nil {
				t.Fatalf("round %d: empty page decoded to %v, %v", round, got, err)
			}
			continue
		}
		if len(b)%8 != 0 {
			t.Fatalf("round %d: block of %d bytes", round, len(b))
		}
		// An 8-aligned copy, as blocks are in an image.
		buf := make([]uint64, len(b)/8)
		blk := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), len(b))
		copy(blk, b)
		got, err := decode(blk)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		damage = nil
		readAllIDs(got)
		if damage != nil {
			t.Fatalf("round %d: ids of an undamaged block: %v", round, damage)
		}
		ref, err := decodeNodePage(appendNodeBlock(nil, want))
		if err != nil {
			t.Fatal(err)
		}
		samePage(t, fmt.Sprintf("round %d", round), got, ref)
		samePage(t, fmt.Sprintf("round %d (the page encoded)", round), got, want)
		lo, hi := uintptr(unsafe.Pointer(&blk[0])), uintptr(unsafe.Pointer(&blk[0]))+uintptr(len(blk))
		inBlock := func(s []uint32) bool {
			if len(s) == 0 {
				return true
			}
			p := uintptr(unsafe.Pointer(&s[0]))
			return p >= lo && p+4*uintptr(len(s)) <= hi
		}
		for d := Out; d <= In; d++ {
			a := &got.adj[d]
			ids := a.ids()
			if format < 3 && !inBlock(a.nbrs) || !packed && ids.wide == nil && !inBlock(ids.narrow) {
				t.Fatalf("round %d: %v entries not views of the block", round, d)
			}
			if format >= 3 && len(a.lists) > 0 && (a.pn == nil || len(a.nbrs) != 0) {
				t.Fatalf("round %d: %v neighbours not kept packed", round, d)
			}
			nbrs := a.all()
			if packed && len(nbrs) > 0 && (a.packed == nil || a.rels.len() != 0) {
				t.Fatalf("round %d: %v ids not kept packed", round, d)
			}
			if a.bytes() < int64((4+ids.bytes()/int64(max(ids.len(), 1)))*int64(len(nbrs))) {
				// The page pool charges a page by bytes: its ids (and
				// in format 3 its neighbours) count as decoded whether
				// they are yet or not.
				t.Fatalf("round %d: %v counted as %d bytes, below its arrays", round, d, a.bytes())
			}
			if cap(nbrs) != len(nbrs) || ids.cap() != ids.len() || ids.len() != len(nbrs) {
				t.Fatalf("round %d: %v arrays with capacity past their length", round, d)
			}
			for _, rec := range a.lists {
				if rec.cap != rec.n {
					t.Fatalf("round %d: %v list with room reserved in the block (a writer would append into it)", round, d)
				}
			}
			entries += len(nbrs)
			if ids.wide != nil {
				wide++
			}
		}
		if o, in := got.adj[Out].nbrs, got.adj[In].nbrs; format < 3 && len(o) > 0 && len(in) > 0 && &o[len(o)-1] != &in[0] && uintptr(unsafe.Pointer(&o[len(o)-1]))+4 != uintptr(unsafe.Pointer(&in[0])) {
			t.Fatalf("round %d: incoming neighbours do not follow the outgoing ones", round)
		}
		pages++
		for k := 0; k < 20; k++ {
			if p, err := decode(blk[:r.Intn(len(blk))]); err == nil && p != nil {
				t.Fatalf("round %d: a truncated block decoded", round)
			}
			c := make([]uint64, len(buf))
			cb := unsafe.Slice((*byte)(unsafe.Pointer(&c[0])), len(blk))
			copy(cb, blk)
			at := r.Intn(len(cb))
			if packed && k%2 == 0 {
				// Within the streams, which the decoder does not read.
				if from := streamsAt(blk, format); from < len(blk) {
					at = from + r.Intn(len(blk)-from)
				}
			}
			cb[at] ^= byte(1 + r.Intn(255))
			damage = nil
			if p, err := decode(cb); err == nil && p != nil {
				readAllIDs(p)
				if damage != nil {
					damagedIDs++
				}
			} else {
				noticed++
			}
		}
		// The same block at an address that is not 4-aligned.
		c := make([]uint64, len(buf)+1)
		cb := unsafe.Slice((*byte)(unsafe.Pointer(&c[0])), len(blk)+8)[2 : 2+len(blk)]
		copy(cb, blk)
		if _, err := decode(cb); err == nil {
			t.Fatalf("round %d: a misaligned block decoded", round)
		}
	}
	if pages < 150 || wide == 0 || entries < 100000 {
		t.Fatalf("the generator made %d pages, %d entries, %d wide directions", pages, entries, wide)
	}
	t.Logf("%d pages, %d entries; of the damaged blocks, %d failed to decode and %d reported their ids damaged when read", pages, entries, noticed, damagedIDs)
	if packed && damagedIDs < 100 {
		t.Fatalf("only %d damaged id streams were noticed when read", damagedIDs)
	}
}

// streamsAt returns where a packed block's streams start (its
// neighbours' in format 3, else its ids' past its neighbours), or len(b)
// when the block has none.
func streamsAt(b []byte, format int) int {
	p, err := decodeNodeBlockInPlace(b, format, nil)
	if err != nil || p == nil {
		return len(b)
	}
	for d := Out; d <= In; d++ {
		if pn := p.adj[d].pn; pn != nil && len(pn.b) > 0 {
			return int(uintptr(unsafe.Pointer(&pn.b[0])) - uintptr(unsafe.Pointer(&b[0])))
		}
	}
	for d := Out; d <= In; d++ {
		if pk := p.adj[d].packed; pk != nil && len(pk.b) > 0 {
			return int(uintptr(unsafe.Pointer(&pk.b[0])) - uintptr(unsafe.Pointer(&b[0])))
		}
	}
	return len(b)
}

// TestInPlaceImageAgainstModel: a graph read from an image of version 7
// or 8 (relationship ids compressed, decoded when read)
// answers as the model of its writes (TestRandomAgainstModel's random
// commits, plus a hub of thousands of relationships with parallel ones
// and self-loops), before and after commits on top of it, reopened from
// the journal on top of the image and from the image rewritten; the
// commits never write into the image's bytes (the pages' entries are
// views of them: a writer copies them first). Images of version 6 open,
// and a rewrite turns them into the current version (and back, for a writer of
// version 6 or 7: the blocks are decoded and encoded, not copied, when the
// formats differ).
func TestInPlaceImageAgainstModel(t *testing.T) {
	for _, from := range []uint32{6, 7, 8, 9} {
		t.Run(fmt.Sprint("from=", from), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(from)))
			fs := vfs.NewMem()
			imageWriteVersion = from
			defer func() { imageWriteVersion = imageVersion }()
			open := func() *Store {
				t.Helper()
				s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
				check(t, err)
				s.journalFloor = 1 << 30 // folds only where the test asks
				return s
			}
			s := open()
			g := mustGraph(t, s, DefaultGraph)
			m := newModel()
			tx := begin(t, g)
			var labels, types, keys []uint32
			for i := 0; i < 3; i++ {
				labels = append(labels, must(tx.LabelIDOrCreate(fmt.Sprint("L", i)))(t))
				types = append(types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
				keys = append(keys, must(tx.PropKeyIDOrCreate(fmt.Sprint("k", i)))(t))
			}
			check(t, tx.Commit())
			tx = begin(t, g)
			randomOps(t, rng, tx, m, 400, labels, types, keys)
			check(t, tx.Commit())
			// Pages enough that most stay as read from the image while
			// the journal patches some.
			tx = begin(t, g)
			var many []uint32
			for range 3000 {
				id, err := tx.CreateNode([]uint32{labels[1]}, nil)
				check(t, err)
				m.nodes[id] = &mnode{labels: map[uint32]bool{labels[1]: true}, props: map[uint32]value.Value{}}
				many = append(many, id)
			}
			for range 9000 {
				a, b, ty := many[rng.Intn(len(many))], many[rng.Intn(len(many))], types[rng.Intn(3)]
				id, err := tx.CreateRel(a, b, ty, nil)
				check(t, err)
				m.rels[id] = &mrel{s: a, e: b, t: ty, props: map[uint32]value.Value{}}
			}
			check(t, tx.Commit())
			// The hub: relationships in both directions to random nodes,
			// parallel ones and self-loops.
			tx = begin(t, g)
			ids := make([]uint32, 0, len(m.nodes))
			for id := range m.nodes {
				ids = append(ids, id)
			}
			slices.Sort(ids)
			hub := ids[0]
			for k := 0; k < 3000; k++ {
				a, b := hub, ids[rng.Intn(len(ids))]
				switch k % 5 {
				case 0:
					a, b = b, a
				case 1:
					b = hub
				}
				ty := types[rng.Intn(2)]
				for range 1 + rng.Intn(2) {
					id, err := tx.CreateRel(a, b, ty, nil)
					check(t, err)
					m.rels[id] = &mrel{s: a, e: b, t: ty, props: map[uint32]value.Value{}}
				}
			}
			check(t, tx.Commit())
			m.verify(t, g.Snapshot())
			s.journalFloor = 0 // the image written at Close
			check(t, s.Close())
			imageWriteVersion = imageVersion
			if _, ver := runIndexes(t, fs, 0); ver != from {
				t.Fatalf("image of version %d, want %d", ver, from)
			}
			inPlaceRounds := 0         // rounds that found pages read in place
			opened := map[uint32]int{} // rounds per image version opened
			for round := 0; round < 12; round++ {
				s = open()
				g = mustGraph(t, s, DefaultGraph)
				s.stopImageWriter()
				snap := g.Snapshot()
				img := snap.version.nodes.img
				if img == nil {
					t.Fatal("not opened from an image")
				}
				m.verify(t, snap)
				opened[img.version]++
				if inPlaceNodeBlocks(img.version) {
					viewed := 0
					for pi := range nodePages(snap.version.nextNode) {
						p := snap.version.nodes.get(pi)
						if p == nil || len(p.adj[Out].lists) == 0 || snap.version.nodes.own(pi) != nil || snap.version.nodes.base.patched[pi] {
							continue
						}
						if img.version >= imageVersionPackedNbrs {
							// Neighbours kept compressed (the
							// stream a view of the image) until read.
							pn := p.adj[Out].pn
							if pn == nil || len(p.adj[Out].nbrs) != 0 || len(pn.b) == 0 {
								t.Fatalf("round %d: page %d's neighbours are not kept packed", round, pi)
							}
							b, nb := uintptr(unsafe.Pointer(&img.nodeBlocks[0])), uintptr(unsafe.Pointer(&pn.b[0]))
							if nb < b || nb >= b+uintptr(len(img.nodeBlocks)) {
								t.Fatalf("round %d: page %d's neighbour stream is not in the image", round, pi)
							}
							viewed++
							continue
						}
						b, nb := uintptr(unsafe.Pointer(&img.nodeBlocks[0])), uintptr(unsafe.Pointer(&p.adj[Out].nbrs[0]))
						if nb < b || nb >= b+uintptr(len(img.nodeBlocks)) {
							t.Fatalf("round %d: page %d's neighbours are not in the image", round, pi)
						}
						viewed++
					}
					if viewed > 0 {
						inPlaceRounds++
					}
				}
				blocks := bytes.Clone(img.nodeBlocks)
				for range 1 + rng.Intn(4) {
					before, snapBefore := m.clone(), g.Snapshot()
					tx := begin(t, g)
					randomOps(t, rng, tx, m, 1+rng.Intn(60), labels, types, keys)
					// Appends to the hub's lists, read from the image.
					for range rng.Intn(20) {
						if _, ok := m.nodes[hub]; !ok {
							break
						}
						b := ids[rng.Intn(len(ids))]
						if _, ok := m.nodes[b]; !ok {
							continue
						}
						id, err := tx.CreateRel(hub, b, types[0], nil)
						check(t, err)
						m.rels[id] = &mrel{s: hub, e: b, t: types[0], props: map[uint32]value.Value{}}
					}
					check(t, tx.Commit())
					m.verify(t, g.Snapshot())
					before.verify(t, snapBefore)
				}
				if !bytes.Equal(blocks, img.nodeBlocks) {
					t.Fatalf("round %d: a commit wrote into the image's node blocks", round)
				}
				switch rng.Intn(3) {
				case 0: // reopened from the journal on top of the image
				case 1: // the image rewritten
					s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
				case 2: // rewritten by a writer of version 6, 7 or 8
					imageWriteVersion = uint32(6 + rng.Intn(3))
					s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
					imageWriteVersion = imageVersion
				}
				check(t, s.Close())
			}
			if inPlaceRounds < 3 {
				t.Fatalf("pages read in place in %d rounds", inPlaceRounds)
			}
			// The image of an older version was converted by a rewrite,
			// and read as such.
			if opened[from] == 0 || opened[imageVersion] == 0 {
				t.Fatalf("rounds per image version opened: %v", opened)
			}
			t.Logf("rounds per image version opened: %v", opened)
			s = open()
			m.verify(t, mustGraph(t, s, DefaultGraph).Snapshot())
			check(t, mustGraph(t, s, DefaultGraph).Snapshot().checkConsistency())
			check(t, s.Close())
		})
	}
}

// TestInPlaceBulkLoad: a streamed bulk load writes current blocks (and
// copies the blocks of the pages it leaves unchanged only when the old
// image has the same format).
func TestInPlaceBulkLoad(t *testing.T) {
	for _, from := range []uint32{6, 7, 8, 9} {
		t.Run(fmt.Sprint("from=", from), func(t *testing.T) {
			fs := vfs.NewMem()
			imageWriteVersion = from
			defer func() { imageWriteVersion = imageVersion }()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			load := func(n int) {
				check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
					l, ty := b.LabelID("L"), b.TypeID("T")
					var ids []uint32
					for i := range n {
						id, err := b.AddNode([]uint32{l}, nil)
						if err != nil {
							return err
						}
						ids = append(ids, id)
						if i > 0 {
							if _, err := b.AddRel(ids[i/2], id, ty, nil); err != nil {
								return err
							}
						}
					}
					return nil
				}), nil))
			}
			load(3000)
			check(t, s.Close())
			imageWriteVersion = imageVersion
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			g = mustGraph(t, s, DefaultGraph)
			want := g.Snapshot()
			load(500) // into a graph read from the image: new pages only
			check(t, s.Close())
			if _, ver := runIndexes(t, fs, 0); ver != imageVersion {
				t.Fatalf("image of version %d after the load, want %d", ver, imageVersion)
			}
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, ReadOnly: true})
			check(t, err)
			got := mustGraph(t, s, DefaultGraph).Snapshot()
			if got.NodeCount() != 3500 || got.RelCount() != 3498 {
				t.Fatalf("%d nodes, %d relationships", got.NodeCount(), got.RelCount())
			}
			for n := uint32(0); n < 3000; n++ {
				for d := Out; d <= In; d++ {
					var a, b []uint32
					want.Expand(n, d, AnyType, func(_ uint64, nb, _ uint32) bool { a = append(a, nb); return true })
					got.Expand(n, d, AnyType, func(_ uint64, nb, _ uint32) bool { b = append(b, nb); return true })
					if !slices.Equal(a, b) {
						t.Fatalf("node %d %v: %v, want %v", n, d, b, a)
					}
				}
			}
			check(t, got.checkConsistency())
			check(t, s.Close())
		})
	}
}
