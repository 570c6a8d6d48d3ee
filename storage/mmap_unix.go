//go:build unix

package storage

import "syscall"

// mmapFile maps size bytes of the file read-only. The mapping is never
// unmapped: slices of it may be held by pages of any version (see image.go),
// so it lives until the process exits.
func mmapFile(fd uintptr, size int) ([]byte, error) {
	return syscall.Mmap(int(fd), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
}

// releaseMapping drops the pages of a mapping made by mmapFile from the
// process's resident set (MADV_DONTNEED: for a shared file mapping the
// contents stay those of the file, faulted in again when read).
func releaseMapping(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }
