package storage

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// adjModel is a page direction as plain maps: node -> type -> entries.
type adjModel map[uint32]map[uint32][]adjEntry

type adjEntry struct {
	rel uint64
	nbr uint32
}

func (m adjModel) clone() adjModel {
	c := adjModel{}
	for i, ts := range m {
		c[i] = map[uint32][]adjEntry{}
		for t, es := range ts {
			c[i][t] = slices.Clone(es)
		}
	}
	return c
}

// verifyAdj checks that d reads exactly as m, lists in type order, and
// that each cached bitmap holds its list's neighbours.
func verifyAdj(t *testing.T, what string, d *adjDir, m adjModel) {
	t.Helper()
	for i := uint32(0); i < nodePageSize; i++ {
		ls := d.node(i)
		if ls.len() != len(m[i]) {
			t.Fatalf("%s: node %d has %d lists, want %d", what, i, ls.len(), len(m[i]))
		}
		prev := -1
		for _, l := range ls.all() {
			if int(l.typ) <= prev {
				t.Fatalf("%s: node %d lists out of type order", what, i)
			}
			prev = int(l.typ)
			want := m[i][l.typ]
			if l.rels().len() != len(want) || len(l.nbrs) != len(want) || l.rels().cap() != l.rels().len() {
				t.Fatalf("%s: node %d type %d: %d entries (cap %d), want %d", what, i, l.typ, l.rels().len(), l.rels().cap(), len(want))
			}
			for k, e := range want {
				if l.rels().at(k) != e.rel || l.nbrs[k] != e.nbr {
					t.Fatalf("%s: node %d type %d entry %d: (%d,%d), want (%d,%d)", what, i, l.typ, k, l.rels().at(k), l.nbrs[k], e.rel, e.nbr)
				}
			}
			b := l.bitmap()
			if b.GetCardinality() > uint64(len(want)) {
				t.Fatalf("%s: node %d type %d: bitmap of %d for %d entries", what, i, l.typ, b.GetCardinality(), len(want))
			}
			for _, e := range want {
				if !b.Contains(e.nbr) {
					t.Fatalf("%s: node %d type %d: bitmap misses %d", what, i, l.typ, e.nbr)
				}
			}
		}
	}
}

// TestAdjDirVersions drives one page direction through random versions as
// a writer does (own, then appends, replacements and cleared nodes, with
// hubs so that lists move and the arrays compact, and relationship ids
// that outgrow 32 bits), keeping every older
// version: each must still read exactly as its model, since versions
// share the entry arrays, and each must survive an encode and decode.
func TestAdjDirVersions(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewSource(seed))
		type kept struct {
			d *adjDir
			m adjModel
		}
		var vs []kept
		cur, m := &adjDir{}, adjModel{}
		rel := uint64(0)
		if seed%4 == 0 {
			// Ids cross 2^32 on the way: the arrays widen, in place
			// appends included, and older versions keep their narrow
			// arrays.
			rel = 1<<32 - 300
		}
		for round := 0; round < 40; round++ {
			next := *cur
			next.own()
			nm := m.clone()
			for op := r.Intn(200); op > 0; op-- {
				i := uint32(r.Intn(nodePageSize))
				if r.Intn(3) == 0 {
					i = uint32(r.Intn(3)) // hubs
				}
				typ := uint32(r.Intn(4))
				switch x := r.Intn(20); {
				case x < 15:
					rel++
					nbr := uint32(r.Intn(1000))
					deg := next.appendEntry(i, typ, rel, nbr)
					if deg != len(nm[i][typ]) {
						t.Fatalf("seed %d: appendEntry returned %d, want %d", seed, deg, len(nm[i][typ]))
					}
					if nm[i] == nil {
						nm[i] = map[uint32][]adjEntry{}
					}
					nm[i][typ] = append(nm[i][typ], adjEntry{rel, nbr})
				case x < 18:
					// Drop every other entry (or all).
					var rels []uint64
					var nbrs []uint32
					var es []adjEntry
					if x < 17 {
						for k, e := range nm[i][typ] {
							if k%2 == 0 {
								rels, nbrs, es = append(rels, e.rel), append(nbrs, e.nbr), append(es, e)
							}
						}
					}
					next.setList(i, typ, rels, nbrs)
					if len(es) == 0 {
						delete(nm[i], typ)
						if len(nm[i]) == 0 {
							delete(nm, i)
						}
					} else {
						nm[i][typ] = es
					}
				default:
					next.clearNode(i)
					delete(nm, i)
				}
			}
			verifyAdj(t, fmt.Sprintf("seed %d round %d", seed, round), &next, nm)
			if r.Intn(4) == 0 {
				continue // rolled back: the next round starts from cur again
			}
			vs = append(vs, kept{cur, m})
			cur, m = &next, nm
			for k, v := range vs {
				verifyAdj(t, fmt.Sprintf("seed %d round %d: version %d", seed, round, k), v.d, v.m)
			}
		}
		// Round trip through the page encoding.
		p := &nodePage{}
		for i := range m {
			p.alive[0] |= 1 << i
		}
		p.adj[Out] = *cur
		if p.alive[0] == 0 {
			continue
		}
		got, err := decodeNodePage(appendNodeBlock(nil, p))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		verifyAdj(t, fmt.Sprintf("seed %d decoded", seed), &got.adj[Out], m)
		verifyAdj(t, fmt.Sprintf("seed %d decoded in", seed), &got.adj[In], adjModel{})
		if nodePageBytes(got) < got.adj[Out].bytes() || got.adj[Out].bytes() < int64(8*len(got.adj[Out].nbrs)) {
			t.Fatalf("seed %d: page size %d below its arrays", seed, nodePageBytes(got))
		}
	}
}

// TestHubWritesReopen: transactions that grow and shrink hub nodes' lists
// of several types (so lists move within their pages), with snapshots held
// across commits, read back as the model in every snapshot, after a clean
// reopen that keeps the journal over the image and one that folds it.
func TestHubWritesReopen(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	rng := rand.New(rand.NewSource(7))
	m := newModel()
	tx := begin(t, g)
	var types []uint32
	for i := 0; i < 3; i++ {
		types = append(types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
	}
	for i := 0; i < 200; i++ {
		id := must(tx.CreateNode(nil, nil))(t)
		m.nodes[id] = &mnode{labels: map[uint32]bool{}, props: map[uint32]value.Value{}}
	}
	check(t, tx.Commit())
	type held struct {
		snap *Snapshot
		m    *model
	}
	var snaps []held
	for round := 0; round < 30; round++ {
		tx := begin(t, g)
		for op := 0; op < 100; op++ {
			s, e := uint32(rng.Intn(4)), uint32(rng.Intn(200)) // hubs at 0..3
			if rng.Intn(2) == 0 {
				s, e = e, s
			}
			typ := types[rng.Intn(len(types))]
			if rng.Intn(5) == 0 && len(m.rels) > 0 {
				ids := make([]uint64, 0, len(m.rels))
				for id := range m.rels {
					ids = append(ids, id)
				}
				slices.Sort(ids)
				id := ids[rng.Intn(len(ids))]
				check(t, tx.DeleteRel(id))
				delete(m.rels, id)
				continue
			}
			id := must(tx.CreateRel(s, e, typ, nil))(t)
			m.rels[id] = &mrel{s: s, e: e, t: typ, props: map[uint32]value.Value{}}
		}
		check(t, tx.Commit())
		snap := g.Snapshot()
		check(t, snap.checkConsistency())
		snaps = append(snaps, held{snap, m.clone()})
		for _, h := range snaps {
			h.m.verify(t, h.snap)
		}
		if round%10 == 4 || round%10 == 9 {
			check(t, s.Close())
			snaps = nil
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			if round%10 == 4 {
				s.journalFloor = 1 << 30 // the next close keeps the journal
			}
			g = mustGraph(t, s, DefaultGraph)
			m.verify(t, g.Snapshot())
			check(t, g.Snapshot().checkConsistency())
		}
	}
	check(t, s.Close())
}
