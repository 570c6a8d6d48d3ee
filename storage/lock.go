package storage

import (
	"io"
	"path/filepath"
	"sync"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// lockName is the file a Store locks in its directory: exclusively for a
// writer, shared for read-only opens (flock(2)). Pebble's own LOCK file is
// taken only by writers.
const lockName = "cyq.lock"

// dirLock is a held directory lock.
type dirLock interface{ release() }

// memLocks emulates the lock protocol for non-disk filesystems (vfs.NewMem)
// within one process.
var memLocks = struct {
	sync.Mutex
	m map[memLockKey]int // -1: writer, n > 0: n readers
}{m: map[memLockKey]int{}}

type memLockKey struct {
	fs  vfs.FS
	dir string
}

type memLock struct{ k memLockKey }

func (l *memLock) release() {
	memLocks.Lock()
	defer memLocks.Unlock()
	if n := memLocks.m[l.k]; n > 1 {
		memLocks.m[l.k] = n - 1
	} else {
		delete(memLocks.m, l.k)
	}
}

func acquireLock(fs vfs.FS, dir string, readOnly bool) (dirLock, error) {
	if fs != vfs.Default {
		k := memLockKey{fs, filepath.Clean(dir)}
		memLocks.Lock()
		defer memLocks.Unlock()
		n := memLocks.m[k]
		if n < 0 || (n > 0 && !readOnly) {
			return nil, errorf(ErrLocked, "%s is in use", dir)
		}
		if readOnly {
			memLocks.m[k] = n + 1
		} else {
			memLocks.m[k] = -1
		}
		return &memLock{k}, nil
	}
	return lockFile(filepath.Join(dir, lockName), readOnly, dir)
}

// noLockFS lets several read-only Pebble instances share a directory: the
// shared flock taken by acquireLock already excludes writers.
type noLockFS struct{ vfs.FS }

type nopCloser struct{}

// Close does nothing.
func (nopCloser) Close() error { return nil }

// Lock pretends to lock: the caller holds a shared flock instead.
func (noLockFS) Lock(string) (io.Closer, error) { return nopCloser{}, nil }
