package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// sameGraph checks that two readers hold the same graph, through every
// read method that exposes stored data.
func sameGraph(t testing.TB, a, b Reader) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf(format, args...)
	}
	if a.NodeCount() != b.NodeCount() || a.RelCount() != b.RelCount() || !a.AllNodes().Equals(b.AllNodes()) {
		fail("counts %d/%d vs %d/%d", a.NodeCount(), a.RelCount(), b.NodeCount(), b.RelCount())
	}
	if !slices.Equal(a.Labels(), b.Labels()) || !slices.Equal(a.Types(), b.Types()) || !slices.Equal(a.PropKeys(), b.PropKeys()) {
		fail("dictionaries differ")
	}
	for l := range a.Labels() {
		if !a.NodesWithLabel(uint32(l)).Equals(b.NodesWithLabel(uint32(l))) {
			fail("label %d bitmaps differ", l)
		}
	}
	types := []uint32{AnyType}
	for ty := range a.Types() {
		types = append(types, uint32(ty))
	}
	type entry struct {
		rel      uint64
		nbr, typ uint32
	}
	expand := func(r Reader, n uint32, d Direction, ty uint32) []entry {
		var out []entry
		r.Expand(n, d, ty, func(rel uint64, nbr, typ uint32) bool {
			out = append(out, entry{rel, nbr, typ})
			return true
		})
		return out
	}
	it := a.AllNodes().Iterator()
	for it.HasNext() {
		n := it.Next()
		if !slices.Equal(a.NodeLabels(n), b.NodeLabels(n)) {
			fail("node %d labels %v vs %v", n, a.NodeLabels(n), b.NodeLabels(n))
		}
		if fmt.Sprint(a.NodeProps(n)) != fmt.Sprint(b.NodeProps(n)) {
			fail("node %d properties %v vs %v", n, a.NodeProps(n), b.NodeProps(n))
		}
		for d := Out; d <= Both; d++ {
			if !slices.Equal(a.NodeRelTypes(n, d), b.NodeRelTypes(n, d)) {
				fail("node %d %v types differ", n, d)
			}
			for _, ty := range types {
				if a.Degree(n, d, ty) != b.Degree(n, d, ty) || !a.Neighbors(n, d, ty).Equals(b.Neighbors(n, d, ty)) {
					fail("node %d %v type %d: degree %d vs %d", n, d, ty, a.Degree(n, d, ty), b.Degree(n, d, ty))
				}
				if !slices.Equal(expand(a, n, d, ty), expand(b, n, d, ty)) {
					fail("node %d %v type %d: expansions differ", n, d, ty)
				}
			}
		}
	}
	var ra, rb []entry
	a.ForEachRel(func(id uint64, s, e, ty uint32) bool { ra = append(ra, entry{id, s ^ e<<16, ty}); return true })
	b.ForEachRel(func(id uint64, s, e, ty uint32) bool { rb = append(rb, entry{id, s ^ e<<16, ty}); return true })
	if !slices.Equal(ra, rb) {
		fail("relationship tables differ")
	}
	for _, r := range ra {
		s1, e1, t1, ok1 := a.Rel(r.rel)
		s2, e2, t2, ok2 := b.Rel(r.rel)
		if s1 != s2 || e1 != e2 || t1 != t2 || ok1 != ok2 || fmt.Sprint(a.RelProps(r.rel)) != fmt.Sprint(b.RelProps(r.rel)) {
			fail("relationship %d differs", r.rel)
		}
	}
	statsEqual(t, a.Stats(), b.Stats())
	if fmt.Sprint(a.Indexes()) != fmt.Sprint(b.Indexes()) {
		fail("indexes %v vs %v", a.Indexes(), b.Indexes())
	}
	for _, ix := range a.Indexes() {
		for i := int64(0); i < 50; i++ {
			v := value.Int(i)
			if !a.IndexSeek(ix.Label, ix.Key, v).Equals(b.IndexSeek(ix.Label, ix.Key, v)) {
				fail("index seek %v differs", v)
			}
		}
		if !a.IndexRange(ix.Label, ix.Key, value.Int(10), nil, true, false).Equals(b.IndexRange(ix.Label, ix.Key, value.Int(10), nil, true, false)) {
			fail("index range differs")
		}
	}
}

// imageTestGraph bulk-loads a power-law graph, then commits deletions,
// relationship properties, label changes and an index on top.
func imageTestGraph(t *testing.T, s *Store) *Graph {
	g := mustGraph(t, s, DefaultGraph)
	check(t, g.BulkLoad(context.Background(), skewedSource{rels: 100000}, nil))
	tx := begin(t, g)
	person, _ := tx.LabelID("Person")
	id, _ := tx.PropKeyID("id")
	w := must(tx.PropKeyIDOrCreate("w"))(t)
	extra := must(tx.LabelIDOrCreate("Extra"))(t)
	check(t, tx.CreateIndex(person, id))
	for r := uint64(0); r < 300; r += 3 {
		check(t, tx.SetRelProp(r, w, value.Float(float64(r)/2)))
	}
	for r := uint64(1); r < 300; r += 7 {
		check(t, tx.DeleteRel(r))
	}
	for n := uint32(0); n < 2000; n += 13 {
		check(t, tx.AddLabel(n, extra))
	}
	check(t, tx.DeleteNode(5, true))
	check(t, tx.Commit())
	return g
}

// TestImageRoundTrip: a graph reopened from its image reads the same as
// before, under a budget small enough to evict pages; writes on top of an
// image-backed graph, the image rewritten from them, and a rebuild from
// the records all agree.
func TestImageRoundTrip(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	before := imageTestGraph(t, s).Snapshot()
	check(t, s.Close())

	opts := &Options{FS: fs, MemoryBudget: 2 << 20}
	s, err = Open("db", opts)
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	snap := g.Snapshot()
	if snap.nodes.base == nil {
		t.Fatal("not opened from the image")
	}
	sameGraph(t, before, snap)
	c, pool := snap.nodes.base, s.pages
	if held := pool.bytes(); held > pool.limit || held < c.held.Load() || pool.pages() >= int(c.pages()) {
		t.Fatalf("%d bytes in %d pages held (%d of them node pages, of %d), limit %d", held, pool.pages(), c.held.Load(), c.pages(), pool.limit)
	}
	if used, _ := s.MemoryUsage(); used > opts.MemoryBudget {
		t.Fatalf("memory use %d over the budget %d", used, opts.MemoryBudget)
	}

	// Writes on top of the image: the old snapshot is unaffected.
	tx := begin(t, g)
	knows, _ := tx.TypeID("KNOWS")
	check(t, tx.DeleteNode(100, true))
	n := must(tx.CreateNode(nil, nil))(t)
	for i := uint32(0); i < 50; i++ {
		must(tx.CreateRel(n, i*7, knows, nil))(t)
		must(tx.CreateRel(i*3, n, knows, nil))(t)
	}
	check(t, tx.Commit())
	sameGraph(t, before, snap)
	after := g.Snapshot()
	check(t, after.checkConsistency())
	check(t, s.Close())

	// Rewritten image, then a rebuild from the records.
	for _, rebuild := range []bool{false, true} {
		if rebuild {
			check(t, fs.Remove(fs.PathJoin("db", imageName(0))))
		}
		s, err = Open("db", opts)
		check(t, err)
		sameGraph(t, after, mustGraph(t, s, DefaultGraph).Snapshot())
		check(t, s.Close())
	}
}

// TestImageStaleOrDamaged: an image from an older commit, or a damaged
// one, is not used; the graph is read from its records.
func TestImageStaleOrDamaged(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := imageTestGraph(t, s)
	check(t, s.Close())
	path := fs.PathJoin("db", imageName(0))
	old := readAll(t, fs, path)

	s, err = Open("db", &Options{FS: fs})
	check(t, err)
	g = mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	check(t, tx.DeleteNode(7, true))
	check(t, tx.Commit())
	want := g.Snapshot()
	check(t, s.Close())

	damages := map[string]func([]byte) []byte{
		"stale":    func([]byte) []byte { return old },
		"truncate": func(b []byte) []byte { return b[:len(b)/2] },
		"footer": func(b []byte) []byte {
			c := slices.Clone(b)
			c[len(c)-40] ^= 0xff
			return c
		},
	}
	cur := readAll(t, fs, path)
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			writeAll(t, fs, path, damage(cur))
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			snap := mustGraph(t, s, DefaultGraph).Snapshot()
			if snap.nodes.base == nil {
				t.Fatal("the rebuilt graph should be reopened from a fresh image")
			}
			sameGraph(t, want, snap)
			check(t, s.Close())
		})
	}
	// Scribbles over the arrays are not detected at open; reads must not
	// panic, and a page failing its checks removes the image.
	for off := 0; off < len(cur)-200; off += len(cur) / 7 {
		c := slices.Clone(cur)
		for i := off; i < off+64 && i < len(c)-200; i++ {
			c[i] ^= 0xa5
		}
		writeAll(t, fs, path, c)
		s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}, ReadOnly: true})
		if err != nil {
			continue
		}
		snap := mustGraph(t, s, DefaultGraph).Snapshot()
		for id := uint32(0); id < snap.nextNode+5; id++ {
			snap.NodeProps(id)
			snap.Expand(id, Both, AnyType, func(uint64, uint32, uint32) bool { return true })
			snap.Rel(uint64(id))
		}
		snap.Stats()
		check(t, s.Close())
	}
}

func readAll(t *testing.T, fs vfs.FS, path string) []byte {
	t.Helper()
	f, err := fs.Open(path)
	check(t, err)
	defer f.Close()
	st, err := f.Stat()
	check(t, err)
	b := make([]byte, st.Size())
	_, err = f.ReadAt(b, 0)
	check(t, err)
	return b
}

func writeAll(t *testing.T, fs vfs.FS, path string, b []byte) {
	t.Helper()
	f, err := fs.Create(path, "")
	check(t, err)
	_, err = f.Write(b)
	check(t, err)
	check(t, f.Close())
}

// TestLostCommitDetected: a store whose Pebble files were replaced by an
// older copy (as damage to the MANIFEST's tail may do: Pebble then opens
// an older state) is missing acknowledged commits; Open reports it.
func TestLostCommitDetected(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, nil)
	check(t, err)
	fillSmall(t, s)
	check(t, s.Close())
	backup := t.TempDir()
	copyDir(t, dir, backup)
	s, err = Open(dir, nil)
	check(t, err)
	fillSmall(t, s)
	check(t, s.Close())
	// Put back the older Pebble files and image; keep COMMITSEQ.
	names, _ := os.ReadDir(dir)
	for _, n := range names {
		if n.Name() != commitSeqName && n.Name() != lockName {
			check(t, os.RemoveAll(filepath.Join(dir, n.Name())))
		}
	}
	copyDir(t, backup, dir, commitSeqName)
	if _, err := Open(dir, &Options{Logger: quietLogger{}}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("open after losing a commit: %v", err)
	}
	if _, err := Open(dir, &Options{Logger: quietLogger{}, ReadOnly: true}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("read-only open after losing a commit: %v", err)
	}
}

// copyDir copies the files of src into dst, except those named in skip.
func copyDir(t *testing.T, src, dst string, skip ...string) {
	t.Helper()
	names, err := os.ReadDir(src)
	check(t, err)
	for _, n := range names {
		if n.IsDir() || slices.Contains(skip, n.Name()) || n.Name() == lockName {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, n.Name()))
		check(t, err)
		check(t, os.WriteFile(filepath.Join(dst, n.Name()), b, 0o644))
	}
}

// skewedSource bulk-loads rels relationships over rels/10 nodes labelled
// Person (every tenth also Admin) with an integer property id; start nodes
// are skewed towards low ids (node i*i/n), so degrees vary from 0 to
// hundreds; types KNOWS and LIKES.
type skewedSource struct{ rels int }

func (s skewedSource) Load(b *BulkBuilder) error {
	n := s.rels / 10
	person, admin, id := b.LabelID("Person"), b.LabelID("Admin"), b.PropKeyID("id")
	types := []uint32{b.TypeID("KNOWS"), b.TypeID("LIKES")}
	for i := 0; i < n; i++ {
		ls := []uint32{person}
		if i%10 == 0 {
			ls = append(ls, admin)
		}
		if _, err := b.AddNode(ls, map[uint32]value.Value{id: value.Int(int64(i))}); err != nil {
			return err
		}
	}
	for i := 0; i < s.rels; i++ {
		x := i % n
		if _, err := b.AddRel(uint32(x*x/n), uint32((i*7919)%n), types[(i/3)%2], nil); err != nil {
			return err
		}
	}
	return nil
}
