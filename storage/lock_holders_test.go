//go:build unix

package storage

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// A refused open names the process that holds the store.
func TestLockNamesHolder(t *testing.T) {
	dir := t.TempDir()
	w, err := Open(dir, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := LockHolders(dir)
	if len(hs) != 1 || hs[0].PID != os.Getpid() || hs[0].ReadOnly {
		t.Fatalf("holders %+v", hs)
	}
	_, err = Open(dir, &Options{ReadOnly: true})
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "pid "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("second open: %v", err)
	}
	w.Close()
	if hs := LockHolders(dir); len(hs) != 0 {
		t.Errorf("holders after close %+v", hs)
	}
	r, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = Open(dir, &Options{})
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("writer beside a reader: %v", err)
	}
}
