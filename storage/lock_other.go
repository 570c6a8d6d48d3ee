//go:build !unix

package storage

import (
	"io"

	"github.com/cockroachdb/pebble/v2/vfs"
)

type vfsLock struct{ c io.Closer }

func (l *vfsLock) release() { _ = l.c.Close() }

// lockFile without flock(2): writers take an exclusive lock; read-only
// opens take none, so on these platforms a read-only open does not detect
// a writer in another process.
func lockFile(path string, readOnly bool, dir string) (dirLock, error) {
	if readOnly {
		return &vfsLock{nopCloser{}}, nil
	}
	c, err := vfs.Default.Lock(path)
	if err != nil {
		return nil, errorf(ErrLocked, "%s is open by another process: %v", dir, err)
	}
	return &vfsLock{c}, nil
}

// processAlive is not needed here: without flock(2) no holder is recorded.
func processAlive(int) bool { return false }
