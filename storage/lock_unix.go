//go:build unix

package storage

import (
	"errors"
	"os"
	"syscall"
)

type flockLock struct{ f *os.File }

func (l *flockLock) release() {
	_ = syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	_ = l.f.Close()
}

// lockFile takes flock(2) on path: shared for read-only opens, exclusive
// for writers, never waiting.
func lockFile(path string, readOnly bool, dir string) (dirLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil && readOnly {
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, errorf(ErrLocked, "cannot open lock file: %v", err)
	}
	how := syscall.LOCK_EX
	if readOnly {
		how = syscall.LOCK_SH
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			if readOnly {
				return nil, errorf(ErrLocked, "%s is open for writing by another process", dir)
			}
			return nil, errorf(ErrLocked, "%s is open by another process", dir)
		}
		return nil, errorf(ErrLocked, "flock %s: %v", path, err)
	}
	return &flockLock{f}, nil
}
