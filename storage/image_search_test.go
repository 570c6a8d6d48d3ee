package storage

import (
	"context"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
)

var searchWords = []string{"alpha", "beta", "gamma", "delta", "graph", "graphs", "node", "nodes", "query", "vector"}

var searchQueries = []string{"alpha", "beta gamma", `"graph node"`, "gra*", "no*", "query vector delta", `"alpha beta"`}

func randWords(r *rand.Rand) value.Value {
	var w []string
	for i, n := 0, r.Intn(6); i < n; i++ {
		w = append(w, searchWords[r.Intn(len(searchWords))])
	}
	if r.Intn(8) == 0 {
		return value.List{value.String(strings.Join(w, " ")), value.String("alpha")}
	}
	return value.String(strings.Join(w, " "))
}

func randVector(r *rand.Rand) value.Value {
	x := make(value.Vector, 4)
	for i := range x {
		x[i] = float32(r.Intn(7) - 3)
	}
	if x[0] == 0 && x[1] == 0 && x[2] == 0 && x[3] == 0 {
		x[0] = 1
	}
	return x
}

// searchSchema creates the labels, keys and search indexes the random
// search workload uses.
type searchSchema struct {
	doc, img, text, title, emb, typ uint32
}

func newSearchSchema(t testing.TB, g *Graph) searchSchema {
	tx := begin(t, g)
	var sc searchSchema
	sc.doc = must(tx.LabelIDOrCreate("Doc"))(t)
	sc.img = must(tx.LabelIDOrCreate("Img"))(t)
	sc.text = must(tx.PropKeyIDOrCreate("text"))(t)
	sc.title = must(tx.PropKeyIDOrCreate("title"))(t)
	sc.emb = must(tx.PropKeyIDOrCreate("emb"))(t)
	sc.typ = must(tx.TypeIDOrCreate("R"))(t)
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "ft", Kind: SearchFulltext, Labels: []string{"Doc"}, Props: []string{"text", "title"}}))
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "rft", Kind: SearchFulltext, Rel: true, Labels: []string{"R"}, Props: []string{"text"}}))
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "vec", Kind: SearchVector, Labels: []string{"Img", "Doc"}, Props: []string{"emb"}, Dim: 4}))
	check(t, tx.CreateSearchIndex(SearchIndexDef{Name: "vecE", Kind: SearchVector, Labels: []string{"Img"}, Props: []string{"emb"}, Dim: 4, Similarity: "euclidean"}))
	check(t, tx.Commit())
	return sc
}

// randomSearchOps runs n random writes touching what the indexes cover.
func randomSearchOps(t testing.TB, r *rand.Rand, tx *Tx, sc searchSchema, n int) {
	for i := 0; i < n; i++ {
		nodes := tx.version.all.ToArray()
		pick := func() (uint32, bool) {
			if len(nodes) == 0 {
				return 0, false
			}
			return nodes[r.Intn(len(nodes))], true
		}
		switch op := r.Intn(10); {
		case op < 3 || len(nodes) == 0:
			var ls []uint32
			if r.Intn(3) > 0 {
				ls = append(ls, sc.doc)
			}
			if r.Intn(2) == 0 {
				ls = append(ls, sc.img)
			}
			ps := map[uint32]value.Value{sc.text: randWords(r)}
			if r.Intn(2) == 0 {
				ps[sc.title] = randWords(r)
			}
			if r.Intn(2) == 0 {
				ps[sc.emb] = randVector(r)
			}
			must(tx.CreateNode(ls, ps))(t)
		case op == 3:
			n, _ := pick()
			check(t, tx.SetNodeProp(n, []uint32{sc.text, sc.title}[r.Intn(2)], randWords(r)))
		case op == 4:
			n, _ := pick()
			check(t, tx.SetNodeProp(n, sc.emb, randVector(r)))
		case op == 5:
			n, _ := pick()
			l := []uint32{sc.doc, sc.img}[r.Intn(2)]
			if r.Intn(2) == 0 {
				check(t, tx.AddLabel(n, l))
			} else {
				check(t, tx.RemoveLabel(n, l))
			}
		case op == 6:
			n, _ := pick()
			check(t, tx.DeleteNode(n, true))
		case op == 7, op == 8:
			a, _ := pick()
			b, _ := pick()
			must(tx.CreateRel(a, b, sc.typ, map[uint32]value.Value{sc.text: randWords(r)}))(t)
		default:
			var rels []uint64
			tx.RelsOfType(sc.typ, func(id uint64, _, _ uint32) bool { rels = append(rels, id); return true })
			if len(rels) > 0 {
				id := rels[r.Intn(len(rels))]
				if r.Intn(2) == 0 {
					check(t, tx.DeleteRel(id))
				} else {
					check(t, tx.SetRelProp(id, sc.text, randWords(r)))
				}
			}
		}
	}
}

var searchVecQueries = [][]float32{{1, 0, 0, 0}, {1, 2, -1, 0.5}, {-3, 1, 1, 2}, {0, 0, 0, 1}}

// searchAnswers runs the test queries on every search index of r.
func searchAnswers(t testing.TB, r Reader) map[string][]search.Hit {
	out := map[string][]search.Hit{}
	for _, info := range SearchIndexes(r) {
		if info.Kind == SearchFulltext {
			for _, q := range searchQueries {
				h, err := QueryFulltext(r, info.Name, q)
				check(t, err)
				out[info.Name+" "+q] = h
			}
			continue
		}
		for i, q := range searchVecQueries {
			h, err := QueryVector(r, info.Name, q, 1000, nil)
			check(t, err)
			out[fmt.Sprint(info.Name, " ", i)] = h
		}
	}
	return out
}

// builtAnswers is searchAnswers on indexes built from r's nodes.
func builtAnswers(t testing.TB, r Reader) map[string][]search.Hit {
	v, err := versionOf(r)
	check(t, err)
	built := *v
	built.search = map[string]*searchIdx{}
	for name, ix := range v.search {
		built.search[name] = v.buildSearchIdx(ix.def)
	}
	return searchAnswers(t, &Snapshot{&built})
}

func sameAnswers(t testing.TB, what string, got, want map[string][]search.Hit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d answers, want %d", what, len(got), len(want))
	}
	for k, w := range want {
		if g := got[k]; !reflect.DeepEqual(g, w) && !(len(g) == 0 && len(w) == 0) {
			t.Fatalf("%s: %s:\n got %v\nwant %v", what, k, g, w)
		}
	}
}

// storedIndexes counts the indexes of r that come from the search image.
func storedIndexes(r Reader) int {
	v, _ := versionOf(r)
	n := 0
	for _, ix := range v.search {
		if ix.lazy != nil && ix.lazy.stored != nil {
			n++
		}
	}
	return n
}

// TestSearchImageCrashAgainstRebuild runs random transactions on a graph
// with full-text (node and relationship) and vector (cosine, euclidean)
// indexes, closing, reopening and opening crash images of the filesystem
// in between (the journal floor is drawn per store, so images and search
// images are written at all ages, in the background too): every opened
// graph answers every test query exactly as indexes built from its nodes
// do, and as the live store does.
func TestSearchImageCrashAgainstRebuild(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			fs := vfs.NewCrashableMem()
			open := func(fs vfs.FS) *Store {
				t.Helper()
				s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
				check(t, err)
				if rng.Intn(2) == 0 {
					// (The image writer reads the floor: it is stopped
					// meanwhile.)
					s.stopImageWriter()
					s.journalFloor = int64(rng.Intn(200))
					s.startImageWriter()
				}
				return s
			}
			s := open(fs)
			g := mustGraph(t, s, DefaultGraph)
			sc := newSearchSchema(t, g)
			stored, crashes := 0, 0
			opened := func(what string, cg *Graph, live Reader) {
				t.Helper()
				snap := cg.Snapshot()
				stored += storedIndexes(snap)
				got := searchAnswers(t, snap)
				sameAnswers(t, what+" vs built", got, builtAnswers(t, snap))
				if live != nil {
					sameAnswers(t, what+" vs live", got, searchAnswers(t, live))
				}
			}
			for round := 0; round < 80; round++ {
				tx := begin(t, g)
				randomSearchOps(t, rng, tx, sc, 1+rng.Intn(30))
				if rng.Intn(5) == 0 {
					tx.Rollback()
				} else {
					check(t, tx.Commit())
				}
				if rng.Intn(3) == 0 {
					searchAnswers(t, g.Snapshot()) // build (or load) the indexes
				}
				switch rng.Intn(6) {
				case 0:
					live := searchAnswers(t, g.Snapshot())
					check(t, s.Close())
					s = open(fs)
					g = mustGraph(t, s, DefaultGraph)
					snap := g.Snapshot()
					stored += storedIndexes(snap)
					got := searchAnswers(t, snap)
					sameAnswers(t, fmt.Sprint("round ", round, " reopen vs live"), got, live)
					sameAnswers(t, fmt.Sprint("round ", round, " reopen vs built"), got, builtAnswers(t, snap))
				case 1, 2:
					crashes++
					clone := fs.CrashClone(vfs.CrashCloneCfg{UnsyncedDataPercent: rng.Intn(101), RNG: randv2.New(randv2.NewPCG(uint64(seed), uint64(round)))})
					cs := open(clone)
					cg := mustGraph(t, cs, DefaultGraph)
					opened(fmt.Sprint("round ", round, " crash"), cg, g.Snapshot())
					// A write on top of the recovered graph, then a clean
					// reopen of the clone.
					ctx := begin(t, cg)
					randomSearchOps(t, rng, ctx, sc, 5)
					check(t, ctx.Commit())
					after := searchAnswers(t, cg.Snapshot())
					check(t, cs.Close())
					cs = open(clone)
					cg = mustGraph(t, cs, DefaultGraph)
					opened(fmt.Sprint("round ", round, " crash reopen"), cg, nil)
					sameAnswers(t, fmt.Sprint("round ", round, " crash reopen vs before close"), searchAnswers(t, cg.Snapshot()), after)
					check(t, cs.Close())
				}
			}
			check(t, s.Close())
			if crashes == 0 || stored == 0 {
				t.Fatalf("%d crash images, %d indexes from the search image", crashes, stored)
			}
		})
	}
}

// logged records what a store logs.
type logged struct {
	mu   sync.Mutex
	errs []string
}

func (l *logged) Infof(string, ...any) {}
func (l *logged) Errorf(f string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.errs = append(l.errs, fmt.Sprintf(f, a...))
}

// TestSearchImageDamage: a byte changed anywhere in a search image's data
// is caught by its checksum: the index is rebuilt with the reason logged,
// answers as before, and the next close writes a good search image again.
func TestSearchImageDamage(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	sc := newSearchSchema(t, g)
	r := rand.New(rand.NewSource(1))
	tx := begin(t, g)
	randomSearchOps(t, r, tx, sc, 300)
	check(t, tx.Commit())
	want := searchAnswers(t, g.Snapshot())
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	check(t, s.Close())
	path := fs.PathJoin("db", searchImageName(g.id))
	sf, err := readSearchFile(fs, "db", g.id)
	if err != nil || sf == nil || len(sf.entries) != 4 {
		t.Fatalf("search image: %v %v", sf, err)
	}
	orig := readAll(t, fs, path)
	for name, e := range sf.entries {
		for i := 0; i < 3; i++ {
			b := append([]byte(nil), orig...)
			at := int(e.off) + r.Intn(len(e.data))
			b[at] ^= byte(1 + r.Intn(255))
			writeAll(t, fs, path, b)
			log := &logged{}
			s, err := Open("db", &Options{FS: fs, Logger: log})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			if storedIndexes(g.Snapshot()) != 4 {
				t.Fatalf("%s: the damage was seen before first use", name)
			}
			sameAnswers(t, "damaged "+name, searchAnswers(t, g.Snapshot()), want)
			if len(log.errs) != 1 || !strings.Contains(log.errs[0], "checksum mismatch") || !strings.Contains(log.errs[0], name) {
				t.Fatalf("%s: logged %q", name, log.errs)
			}
			check(t, s.Close())
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			g = mustGraph(t, s, DefaultGraph)
			if storedIndexes(g.Snapshot()) != 4 {
				t.Fatal("the search image was not rewritten at close")
			}
			sameAnswers(t, "rewritten "+name, searchAnswers(t, g.Snapshot()), want)
			check(t, s.Close())
			orig = readAll(t, fs, path)
			sf, err = readSearchFile(fs, "db", g.id)
			check(t, err)
			e = sf.entries[name]
		}
	}
	// A damaged footer or meta block: the whole search image is ignored.
	for i := 0; i < 20; i++ {
		b := append([]byte(nil), orig...)
		b[len(b)-1-r.Intn(400)] ^= 0x5a
		writeAll(t, fs, path, b)
		s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
		check(t, err)
		g := mustGraph(t, s, DefaultGraph)
		sameAnswers(t, "damaged footer", searchAnswers(t, g.Snapshot()), want)
		check(t, s.Close())
		orig = readAll(t, fs, path)
	}
}

// TestSearchImageSnapshotAcrossFold: on a store on disk (the search image
// mapped), a snapshot taken before commits and a fold keeps answering as
// of its commit, whether its indexes are first used before or after the
// fold, while the graph moves on; edits on top of mapped vectors never
// write the mapping.
func TestSearchImageSnapshotAcrossFold(t *testing.T) {
	dir := t.TempDir()
	opts := func() *Options { return &Options{FS: vfs.Default, Logger: quietLogger{}} }
	s, err := Open(dir, opts())
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	sc := newSearchSchema(t, g)
	r := rand.New(rand.NewSource(5))
	tx := begin(t, g)
	randomSearchOps(t, r, tx, sc, 400)
	check(t, tx.Commit())
	s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
	check(t, s.Close())
	for _, useFirst := range []bool{false, true} {
		s, err = Open(dir, opts())
		check(t, err)
		g = mustGraph(t, s, DefaultGraph)
		old := g.Snapshot()
		if storedIndexes(old) != 4 {
			t.Fatal("not opened from the search image")
		}
		var want map[string][]search.Hit
		if useFirst {
			want = searchAnswers(t, old)
		}
		for i := 0; i < 3; i++ {
			tx := begin(t, g)
			randomSearchOps(t, r, tx, sc, 60)
			check(t, tx.Commit())
		}
		s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
		tx := begin(t, g)
		randomSearchOps(t, r, tx, sc, 20)
		check(t, tx.Commit())
		if !useFirst {
			want = builtAnswers(t, old)
		}
		sameAnswers(t, "old snapshot", searchAnswers(t, old), want)
		sameAnswers(t, "old snapshot vs built", searchAnswers(t, old), builtAnswers(t, old))
		now := searchAnswers(t, g.Snapshot())
		sameAnswers(t, "current", now, builtAnswers(t, g.Snapshot()))
		if reflect.DeepEqual(now, want) {
			t.Fatal("the commits changed no answer")
		}
		check(t, s.Close())
		s, err = Open(dir, opts())
		check(t, err)
		g = mustGraph(t, s, DefaultGraph)
		sameAnswers(t, "reopened", searchAnswers(t, g.Snapshot()), now)
		check(t, s.Close())
	}
}

// TestSearchImageBulkLoad: a bulk load (into an empty graph, streamed, and
// into one with nodes) writes no journal, so the search image before it
// must not serve the graph after it; the indexes are built, and the image
// writer persists them for the next open.
func TestSearchImageBulkLoad(t *testing.T) {
	fs := vfs.NewCrashableMem()
	s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	sc := newSearchSchema(t, g)
	r := rand.New(rand.NewSource(9))
	load := func() {
		t.Helper()
		check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
			doc, img := b.LabelID("Doc"), b.LabelID("Img")
			for i := 0; i < 300; i++ {
				ps := map[uint32]value.Value{b.PropKeyID("text"): randWords(r), b.PropKeyID("emb"): randVector(r)}
				if _, err := b.AddNode([]uint32{doc, img}[:1+i%2], ps); err != nil {
					return err
				}
			}
			return nil
		}), nil))
	}
	for round := 0; round < 3; round++ {
		// (The image writer is stopped while the test writes the images
		// itself.)
		s.stopImageWriter()
		if round > 0 {
			tx := begin(t, g)
			randomSearchOps(t, r, tx, sc, 50)
			check(t, tx.Commit())
			s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
		}
		// The search image as of before the load.
		s.writeSearchImage(g.id, g.seq.Load(), g.cur.Load(), false)
		path := fs.PathJoin("db", searchImageName(g.id))
		before := readAll(t, fs, path)
		s.startImageWriter()
		load()
		want := builtAnswers(t, g.Snapshot())
		// A crash right after the load, with the search image of before
		// it (the image writer may have replaced it already).
		clone := fs.CrashClone(vfs.CrashCloneCfg{UnsyncedDataPercent: 0})
		writeAll(t, clone, path, before)
		cs, err := Open("db", &Options{FS: clone, Logger: quietLogger{}})
		check(t, err)
		cg := mustGraph(t, cs, DefaultGraph)
		sameAnswers(t, "crash after bulk load", searchAnswers(t, cg.Snapshot()), want)
		check(t, cs.Close())
		sameAnswers(t, "after bulk load", searchAnswers(t, g.Snapshot()), want)
		check(t, s.Close())
		s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
		check(t, err)
		g = mustGraph(t, s, DefaultGraph)
		if n := storedIndexes(g.Snapshot()); n != 4 {
			t.Fatalf("round %d: %d indexes from the search image after close", round, n)
		}
		sameAnswers(t, "reopened", searchAnswers(t, g.Snapshot()), want)
	}
	check(t, s.Close())
}
