package storage

import (
	"bytes"
	"errors"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManifestTailDamage cuts the tail of Pebble's MANIFEST at every
// seventh length (a torn or damaged last record loses the newest version
// edits: flushed sstables, deleted logs): each open either finds every
// acknowledged commit or fails with ErrCorrupt, never opening silently
// without some of them.
func TestManifestTailDamage(t *testing.T) {
	src := t.TempDir()
	s, err := Open(src, &Options{MemTableSize: 64 << 10, Logger: quietLogger{}})
	check(t, err)
	for range 3 {
		fillSmall(t, s)
		check(t, s.db.Flush())
	}
	want := mustGraph(t, s, DefaultGraph).Snapshot().NodeCount()
	check(t, s.Close())
	manifest := ""
	names, _ := os.ReadDir(src)
	for _, n := range names {
		if strings.HasPrefix(n.Name(), "MANIFEST-") {
			manifest = n.Name()
		}
	}
	whole, err := os.ReadFile(filepath.Join(src, manifest))
	check(t, err)
	opened, corrupt := 0, 0
	for cut := 1; cut < len(whole); cut += 7 {
		dir := t.TempDir()
		copyDir(t, src, dir)
		check(t, os.WriteFile(filepath.Join(dir, manifest), whole[:len(whole)-cut], 0o644))
		s, err := Open(dir, &Options{Logger: quietLogger{}})
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("cut %d of %d bytes: %v, not ErrCorrupt", cut, len(whole), err)
			}
			corrupt++
			continue
		}
		if got := mustGraph(t, s, DefaultGraph).Snapshot().NodeCount(); got != want {
			t.Fatalf("cut %d of %d bytes: opened with %d nodes of %d", cut, len(whole), got, want)
		}
		check(t, s.Close())
		opened++
	}
	if corrupt == 0 {
		t.Fatalf("no cut was reported as corruption (%d opened whole)", opened)
	}
}

// TestPebbleLogsToLogger: what Pebble logs (here, replaying a log with a
// damaged tail at Open) goes to Options.Logger, one line a message, and
// nothing to the standard log package; the default Logger drops Pebble's
// informational lines.
func TestPebbleLogsToLogger(t *testing.T) {
	var std bytes.Buffer
	log.SetOutput(&std)
	defer log.SetOutput(os.Stderr)
	for _, own := range []bool{true, false} {
		dir := t.TempDir()
		s, err := Open(dir, &Options{Logger: quietLogger{}})
		check(t, err)
		fillSmall(t, s)
		check(t, s.Close())
		names, _ := os.ReadDir(dir)
		for _, n := range names {
			if strings.HasSuffix(n.Name(), ".log") {
				f, err := os.OpenFile(filepath.Join(dir, n.Name()), os.O_APPEND|os.O_WRONLY, 0)
				check(t, err)
				_, err = f.Write([]byte("a torn record at the end of the log"))
				check(t, err)
				check(t, f.Close())
			}
		}
		var lines []string
		o := &Options{}
		if own {
			o.Logger = lineLogger{&lines}
		}
		s, err = Open(dir, o)
		check(t, err)
		check(t, s.Close())
		replayed := false
		for _, l := range lines {
			replayed = replayed || strings.Contains(l, "WAL") && strings.Contains(l, "replayed")
			if strings.Contains(l, "\n") {
				t.Fatalf("a multi-line log message:\n%s", l)
			}
		}
		if own && !replayed {
			t.Fatalf("Pebble's replay of the log did not reach the Logger: %q", lines)
		}
	}
	if std.Len() > 0 {
		t.Fatalf("written to the standard log package:\n%s", std.String())
	}
}
