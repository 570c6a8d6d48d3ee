//go:build unix

package storage

import (
	"errors"
	"os"
	"syscall"
)

type flockLock struct {
	f      *os.File
	writer bool
}

func (l *flockLock) release() {
	if l.writer {
		_ = l.f.Truncate(0) // no holder any more
	}
	_ = syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	_ = l.f.Close()
}

// lockFile takes flock(2) on path: shared for read-only opens, exclusive
// for writers, never waiting. The holder records itself in the file (see
// LockHolders) so that a refused open can say who holds the store.
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
				return nil, errorf(ErrLocked, "%s is open for writing by another process%s", dir, describeHolders(path))
			}
			return nil, errorf(ErrLocked, "%s is open by another process%s", dir, describeHolders(path))
		}
		return nil, errorf(ErrLocked, "flock %s: %v", path, err)
	}
	recordHolder(f, path, readOnly)
	return &flockLock{f: f, writer: !readOnly}, nil
}

// processAlive reports whether a process with this pid exists.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
