package storage

import (
	"context"
	"fmt"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/value"
)

// runIndexes returns the indexes of graph gid's image that have a run,
// and the image's version.
func runIndexes(t *testing.T, fs vfs.FS, gid uint32) (map[indexKey]runLoc, uint32) {
	t.Helper()
	img, err := readImage(fs, "db", gid)
	check(t, err)
	if img == nil {
		t.Fatal("no image")
	}
	runs, err := decodeRunDir(img.runDir)
	check(t, err)
	return runs, img.version
}

// TestIndexDDLWritesRun: an index created on a graph read from its image
// has no run until the image is rewritten; the commit that creates it
// makes the image due (needsImage), so that Close writes it although the
// journal is far below its limit, and the next open reads the index
// through its run. Dropping it drops the run the same way.
func TestIndexDDLWritesRun(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	var l, k uint32
	check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		l, k = b.LabelID("L"), b.PropKeyID("k")
		for i := range 1000 {
			if _, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(int64(i % 300))}); err != nil {
				return err
			}
		}
		return nil
	}), nil))
	check(t, s.Close())
	for _, create := range []bool{true, false} {
		s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
		check(t, err)
		s.journalFloor = 1 << 30 // the journal alone would not be folded
		g = mustGraph(t, s, DefaultGraph)
		tx := begin(t, g)
		if create {
			check(t, tx.CreateIndex(l, k))
		} else {
			check(t, tx.DropIndex(l, k))
		}
		check(t, tx.Commit())
		if !s.needsImage(g) {
			t.Fatalf("create %v: the image is not due after the index DDL", create)
		}
		check(t, s.Close())
		runs, _ := runIndexes(t, fs, 0)
		if _, ok := runs[indexKey{l, k}]; ok != create {
			t.Fatalf("create %v: the image holds a run: %v", create, ok)
		}
		s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, ReadOnly: true})
		check(t, err)
		v := mustGraph(t, s, DefaultGraph).cur.Load()
		if ix := v.indexes[indexKey{l, k}]; (ix != nil && ix.run != nil) != create {
			t.Fatalf("create %v: opened with a run: %v", create, ix != nil && ix.run != nil)
		}
		if create {
			if got := v.IndexSeek(l, k, value.Float(7)); got.GetCardinality() != 4 {
				t.Fatalf("seek 7.0: %v", got)
			}
		}
		check(t, s.Close())
	}
}

// TestOldImageMigrated: an image of version 5 (no index runs) opens; a
// read-only open reads it as it is (the index builds its tree on first
// use), a writable one rewrites it as version 6 with the index's run at
// once (and so do the journal's commits on top of it), and the answers
// stay the same.
func TestOldImageMigrated(t *testing.T) {
	for _, journal := range []bool{false, true} {
		t.Run(fmt.Sprint("journal=", journal), func(t *testing.T) {
			fs := vfs.NewMem()
			imageWriteVersion = 5
			defer func() { imageWriteVersion = imageVersion }()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			s.journalFloor = 1 << 30
			g := mustGraph(t, s, DefaultGraph)
			tx := begin(t, g)
			l := must(tx.LabelIDOrCreate("L"))(t)
			k := must(tx.PropKeyIDOrCreate("k"))(t)
			check(t, tx.CreateIndex(l, k))
			check(t, tx.Commit())
			check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
				for i := range 2000 {
					if _, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.String(fmt.Sprint(i % 700))}); err != nil {
						return err
					}
				}
				return nil
			}), nil))
			check(t, s.Close())
			if journal {
				s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
				check(t, err)
				s.journalFloor = 1 << 30
				g = mustGraph(t, s, DefaultGraph)
				tx := begin(t, g)
				check(t, tx.SetNodeProp(5, k, value.String("new")))
				check(t, tx.Commit())
				check(t, s.Close())
			}
			imageWriteVersion = imageVersion
			if _, ver := runIndexes(t, fs, 0); ver != 5 {
				t.Fatalf("image of version %d, want 5", ver)
			}
			want := map[string]uint64{"5": 3, "699": 2, "new": 0}
			if journal {
				want = map[string]uint64{"5": 2, "699": 2, "new": 1}
			}
			seek := func(v *version) {
				for x, n := range want {
					if got := v.IndexSeek(l, k, value.String(x)).GetCardinality(); got != n {
						t.Fatalf("seek %q: %d nodes, want %d", x, got, n)
					}
				}
			}
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, ReadOnly: true})
			check(t, err)
			v := mustGraph(t, s, DefaultGraph).cur.Load()
			if ix := v.indexes[indexKey{l, k}]; ix.run != nil || ix.lazy == nil {
				t.Fatal("a read-only open of a version 5 image read an index run")
			}
			seek(v)
			check(t, s.Close())
			if _, ver := runIndexes(t, fs, 0); ver != 5 {
				t.Fatalf("a read-only open rewrote the image (version %d)", ver)
			}
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			v = mustGraph(t, s, DefaultGraph).cur.Load()
			if ix := v.indexes[indexKey{l, k}]; ix.run == nil {
				t.Fatal("a writable open of a version 5 image did not read the index's run")
			}
			seek(v)
			runs, ver := runIndexes(t, fs, 0)
			if _, ok := runs[indexKey{l, k}]; ver != imageVersion || !ok {
				t.Fatalf("after a writable open: image version %d, run %v", ver, ok)
			}
			check(t, s.Close())
		})
	}
}

// TestIndexDDLAfterCrash: an index created or dropped by a commit whose
// image was not rewritten before a crash makes the image due at the next
// open (runsOutOfDate), so that the dropped index's run leaves the image
// (and the created one gets its run) at the first fold or Close, although
// the journal is far below its limit and nothing else changed.
func TestIndexDDLAfterCrash(t *testing.T) {
	for _, create := range []bool{true, false} {
		t.Run(fmt.Sprint("create=", create), func(t *testing.T) {
			fs := vfs.NewCrashableMem()
			s, err := Open("db", &Options{FS: fs, Logger: quietLogger{}})
			check(t, err)
			g := mustGraph(t, s, DefaultGraph)
			var l, k, k2 uint32
			check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
				l, k, k2 = b.LabelID("L"), b.PropKeyID("k"), b.PropKeyID("k2")
				for i := range 1000 {
					if _, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(int64(i % 300)), k2: value.Int(int64(i % 7))}); err != nil {
						return err
					}
				}
				return nil
			}), nil))
			tx := begin(t, g)
			check(t, tx.CreateIndex(l, k2)) // kept: its run must stay
			if !create {
				check(t, tx.CreateIndex(l, k))
			}
			check(t, tx.Commit())
			check(t, s.Close())
			runs, _ := runIndexes(t, fs, 0)
			if _, ok := runs[indexKey{l, k}]; ok == create {
				t.Fatalf("before: the image holds a run: %v", ok)
			}
			s, err = Open("db", &Options{FS: fs, Logger: quietLogger{}, noImageWriter: true}) // no fold before the crash
			check(t, err)
			s.journalFloor = 1 << 30
			g = mustGraph(t, s, DefaultGraph)
			tx = begin(t, g)
			if create {
				check(t, tx.CreateIndex(l, k))
			} else {
				check(t, tx.DropIndex(l, k))
			}
			check(t, tx.Commit())
			crashed := fs.CrashClone(vfs.CrashCloneCfg{UnsyncedDataPercent: 0})
			check(t, s.Close())
			cs, err := Open("db", &Options{FS: crashed, Logger: quietLogger{}, noImageWriter: true})
			check(t, err)
			cs.journalFloor = 1 << 30
			cg := mustGraph(t, cs, DefaultGraph)
			if !cs.needsImage(cg) {
				t.Fatal("the image is not due after an index DDL in the journal")
			}
			check(t, cs.Close())
			runs, _ = runIndexes(t, crashed, 0)
			if _, ok := runs[indexKey{l, k}]; ok != create {
				t.Fatalf("after: the image holds a run: %v", ok)
			}
			if _, ok := runs[indexKey{l, k2}]; !ok {
				t.Fatal("after: the kept index lost its run")
			}
			cs, err = Open("db", &Options{FS: crashed, Logger: quietLogger{}, ReadOnly: true})
			check(t, err)
			v := mustGraph(t, cs, DefaultGraph).cur.Load()
			if got := v.IndexSeek(l, k2, value.Float(3)).GetCardinality(); got != 143 {
				t.Fatalf("seek k2 = 3.0: %d nodes, want 143", got)
			}
			if create {
				if got := v.IndexSeek(l, k, value.Float(7)).GetCardinality(); got != 4 {
					t.Fatalf("seek k = 7.0: %d nodes, want 4", got)
				}
			}
			check(t, cs.Close())
		})
	}
}
