package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// fillSmall writes a small graph with every kind of record.
func fillSmall(t testing.TB, s *Store) {
	t.Helper()
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	l := must(tx.LabelIDOrCreate("L"))(t)
	r := must(tx.TypeIDOrCreate("R"))(t)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	var prev uint32
	for i := 0; i < 50; i++ {
		n := must(tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: value.Int(int64(i))}))(t)
		if i > 0 {
			must(tx.CreateRel(prev, n, r, map[uint32]value.Value{k: value.String("x")}))(t)
		}
		prev = n
	}
	if _, ok := tx.Index(l, k); !ok {
		check(t, tx.CreateIndex(l, k))
	}
	check(t, tx.Commit())
}

// rawSet writes raw key/values into a closed store's Pebble database. The
// writes bypass the commit sequence, so the graphs' images and journals
// (which would hide them) are removed: the next open reads every record.
func rawSet(t testing.TB, fs vfs.FS, dir string, kvs ...[]byte) {
	t.Helper()
	names, err := fs.List(dir)
	check(t, err)
	for _, n := range names {
		if strings.HasSuffix(n, imageSuffix) {
			check(t, fs.Remove(fs.PathJoin(dir, n)))
		}
	}
	db, err := pebble.Open(dir, &pebble.Options{FS: fs, Logger: pebbleLogger{stdLogger{}}})
	check(t, err)
	check(t, db.DeleteRange(prefixJournal, prefixEnd(prefixJournal), pebble.Sync))
	for i := 0; i+1 < len(kvs); i += 2 {
		if kvs[i+1] == nil {
			check(t, db.Delete(kvs[i], pebble.Sync))
		} else {
			check(t, db.Set(kvs[i], kvs[i+1], pebble.Sync))
		}
	}
	check(t, db.Close())
}

func TestFormatVersionAndCorruptRecords(t *testing.T) {
	cases := []struct {
		name string
		kvs  [][]byte
		want error
	}{
		{"newer version", [][]byte{keyFormat, binary.BigEndian.AppendUint32([]byte(formatMagic), formatVersion+1)}, ErrIncompatibleVersion},
		{"bad magic", [][]byte{keyFormat, []byte("something else")}, ErrCorrupt},
		{"no format record", [][]byte{keyFormat, nil}, ErrCorrupt},
		{"garbage node record", [][]byte{nodeKey(0, 3), []byte{0xff, 0xff, 0xff}}, ErrCorrupt},
		{"node beyond counter", [][]byte{nodeKey(0, 1000), []byte{0, 0}}, ErrCorrupt},
		{"bad property value", [][]byte{nodeKey(0, 3), []byte{0, 1, 0, 0x7f}}, ErrCorrupt},
		{"dangling label", [][]byte{nodeKey(0, 3), []byte{1, 9, 0}}, ErrCorrupt},
		{"adjacency to missing node", [][]byte{adjKey(0, 3, 0, 0), []byte{1, 60, 200}}, ErrCorrupt},
		{"truncated chunk", [][]byte{adjKey(0, 3, 0, 0), []byte{5, 1}}, ErrCorrupt},
		{"deleted node with relationships", [][]byte{nodeKey(0, 3), nil}, ErrCorrupt},
		{"rel props without rel", [][]byte{relKey(0, 999), []byte{1, 0, 0}}, ErrCorrupt},
		{"unknown tag", [][]byte{append(graphPrefix(0), 'z'), []byte{}}, ErrCorrupt},
		{"bad meta", [][]byte{metaKey(0), []byte{1}}, ErrCorrupt},
		{"bad catalog", [][]byte{graphCatalogKey("x"), []byte{1}}, ErrCorrupt},
		{"dictionary gap", [][]byte{dictKeyOf(0, dictLabel, 5), []byte("Z")}, ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := vfs.NewMem()
			s, err := Open("db", &Options{FS: fs})
			check(t, err)
			fillSmall(t, s)
			check(t, s.Close())
			rawSet(t, fs, "db", c.kvs...)
			_, err = Open("db", &Options{FS: fs})
			if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "storage: ") {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			// A failed open releases the lock: a fix-up and reopen works.
			if _, err := Open("db", &Options{FS: fs}); errors.Is(err, ErrLocked) {
				t.Fatal("failed open kept the lock")
			}
		})
	}
}

// TestDamagedFiles truncates or scribbles over each file of an on-disk
// store in turn: opening must give an error or a consistent store, never a
// panic.
func TestDamagedFiles(t *testing.T) {
	src := t.TempDir()
	s, err := Open(src, &Options{MemTableSize: 64 << 10})
	check(t, err)
	fillSmall(t, s)
	check(t, s.db.Flush()) // get an sstable as well as a WAL
	fillSmall(t, s)
	check(t, s.Close())
	files, err := os.ReadDir(src)
	check(t, err)
	damages := map[string]func([]byte) []byte{
		"truncate-half": func(b []byte) []byte { return b[:len(b)/2] },
		"truncate-all":  func(b []byte) []byte { return nil },
		"flip-middle": func(b []byte) []byte {
			c := append([]byte(nil), b...)
			for i := len(c) / 3; i < len(c)/3+16 && i < len(c); i++ {
				c[i] ^= 0x5a
			}
			return c
		},
	}
	for _, f := range files {
		if f.IsDir() || f.Name() == lockName {
			continue
		}
		for dn, damage := range damages {
			t.Run(f.Name()+"/"+dn, func(t *testing.T) {
				dir := t.TempDir()
				for _, g := range files {
					b, err := os.ReadFile(filepath.Join(src, g.Name()))
					check(t, err)
					if g.Name() == f.Name() {
						b = damage(b)
					}
					check(t, os.WriteFile(filepath.Join(dir, g.Name()), b, 0o644))
				}
				s, err := func() (s *Store, err error) {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panic opening damaged store: %v", r)
						}
					}()
					return Open(dir, &Options{Logger: quietLogger{}})
				}()
				if err != nil {
					if !strings.HasPrefix(err.Error(), "storage: ") {
						t.Fatalf("unclear error: %v", err)
					}
					return
				}
				// Opened (e.g. a damaged WAL tail is dropped): the store must be usable.
				snap := mustGraph(t, s, DefaultGraph).Snapshot()
				snap.Stats()
				check(t, s.Close())
			})
		}
	}
}

func TestReadOnlyAndLocks(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing"), &Options{ReadOnly: true}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("read-only open of nothing: %v", err)
	}
	w, err := Open(dir, nil)
	check(t, err)
	fillSmall(t, w)
	if _, err := Open(dir, &Options{ReadOnly: true}); !errors.Is(err, ErrLocked) {
		t.Fatalf("read-only open while a writer holds the store: %v", err)
	}
	if _, err := Open(dir, nil); !errors.Is(err, ErrLocked) {
		t.Fatalf("second writer: %v", err)
	}
	check(t, w.Close())

	r1, err := Open(dir, &Options{ReadOnly: true})
	check(t, err)
	r2, err := Open(dir, &Options{ReadOnly: true})
	check(t, err)
	// Another process can share the read-only lock...
	if out, err := runChild(t, "readonly", dir); err != nil || !strings.Contains(out, "nodes=50") {
		t.Fatalf("read-only child: %v\n%s", err, out)
	}
	if _, err := Open(dir, nil); !errors.Is(err, ErrLocked) {
		t.Fatalf("writer while readers hold the store: %v", err)
	}
	g := mustGraph(t, r1, DefaultGraph)
	if g.Snapshot().NodeCount() != 50 || mustGraph(t, r2, DefaultGraph).Snapshot().RelCount() != 49 {
		t.Fatal("read-only contents")
	}
	if _, err := g.Begin(context.Background()); !errors.Is(err, ErrReadOnly) {
		t.Fatal(err)
	}
	if _, err := r1.CreateGraph("x"); !errors.Is(err, ErrReadOnly) {
		t.Fatal(err)
	}
	if _, err := g.NewBulkBuilder(context.Background(), nil); !errors.Is(err, ErrReadOnly) {
		t.Fatal(err)
	}
	check(t, r1.Close())
	check(t, r2.Close())
	w, err = Open(dir, nil)
	check(t, err)
	// ...but not while a writer holds it.
	if out, err := runChild(t, "readonly", dir); err != nil || !strings.Contains(out, "ErrLocked") {
		t.Fatalf("read-only child while writing: %v\n%s", err, out)
	}
	check(t, w.Close())
}

// runChild re-executes the test binary as a helper process (see TestHelperProcess).
func runChild(t testing.TB, mode, dir string) (string, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), "CYQ_STORAGE_HELPER="+mode, "CYQ_STORAGE_DIR="+dir)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestHelperProcess is not a test: it is the body of child processes.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv("CYQ_STORAGE_DIR")
	switch os.Getenv("CYQ_STORAGE_HELPER") {
	case "":
		t.Skip("helper process only")
	case "readonly":
		s, err := Open(dir, &Options{ReadOnly: true})
		if errors.Is(err, ErrLocked) {
			fmt.Println("ErrLocked")
			return
		}
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		g, _ := s.Graph(DefaultGraph)
		fmt.Printf("nodes=%d\n", g.Snapshot().NodeCount())
		s.Close()
	case "crash":
		crashChild(dir)
	}
}

// lineLogger records what the store logs.
type lineLogger struct{ lines *[]string }

func (l lineLogger) Infof(format string, args ...any) {
	*l.lines = append(*l.lines, fmt.Sprintf(format, args...))
}

func (l lineLogger) Errorf(format string, args ...any) {
	*l.lines = append(*l.lines, fmt.Sprintf(format, args...))
}

// TestCorruptionLoggedInOneLine: Pebble's report of a damaged sstable goes
// to the store's Logger as single lines, not as a stack trace.
func TestCorruptionLoggedInOneLine(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, &Options{MemTableSize: 64 << 10})
	check(t, err)
	fillSmall(t, s)
	check(t, s.db.Flush())
	check(t, s.Close())
	names, err := os.ReadDir(dir)
	check(t, err)
	for _, n := range names {
		if filepath.Ext(n.Name()) == ".sst" {
			p := filepath.Join(dir, n.Name())
			b, err := os.ReadFile(p)
			check(t, err)
			for i := len(b) / 3; i < len(b)/3+16; i++ {
				b[i] ^= 0x5a
			}
			check(t, os.WriteFile(p, b, 0o644))
		}
	}
	if err := os.Remove(filepath.Join(dir, imageName(0))); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var lines []string
	if _, err := Open(dir, &Options{Logger: lineLogger{&lines}}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("open of a damaged sstable: %v", err)
	}
	if len(lines) == 0 {
		t.Fatal("nothing logged")
	}
	for _, l := range lines {
		if strings.Contains(l, "\n") {
			t.Fatalf("multi-line log message:\n%s", l)
		}
	}
}
